import XCTest
import Foundation
@testable import FlipbookScene

/// docs/transition.schema.json and docs/TRANSITIONS.md describe the keys the decoder reads: a key
/// added to the format without its documentation fails here.
final class TransitionSchemaTests: XCTestCase {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")

    func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: Self.docs.appendingPathComponent("transition.schema.json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The property names of the object schema at `path` (`$defs` entries by name; nil = top level).
    func keys(_ schema: [String: Any], _ definition: String?) throws -> Set<String> {
        var object = schema
        if let definition {
            let definitions = try XCTUnwrap(schema["$defs"] as? [String: Any])
            object = try XCTUnwrap(definitions[definition] as? [String: Any], definition)
        }
        XCTAssertEqual(object["additionalProperties"] as? Bool, false, "\(definition ?? "top level") refuses unknown keys, as the decoder does")
        return Set(try XCTUnwrap(object["properties"] as? [String: Any]).keys)
    }

    func testTheSchemaListsEveryKeyTheDecoderReads() throws {
        let schema = try schema()
        XCTAssertEqual(try keys(schema, nil), Set(TransitionFile.topKeys))
        XCTAssertEqual(try keys(schema, "layer"), Set(TransitionDecoder.layerKeys))
        XCTAssertEqual(try keys(schema, "patch"), Set(TransitionDecoder.patchKeys))
        XCTAssertEqual(try keys(schema, "animation"), Set(TransitionDecoder.animationKeys))
    }

    func testTheReferenceMentionsEveryKey() throws {
        let text = try String(contentsOf: Self.docs.appendingPathComponent("TRANSITIONS.md"), encoding: .utf8)
        let all = TransitionFile.topKeys + TransitionDecoder.layerKeys + TransitionDecoder.patchKeys + TransitionDecoder.animationKeys
        for key in Set(all) {
            XCTAssertTrue(text.contains("`\(key)`"), "docs/TRANSITIONS.md does not mention `\(key)`")
        }
    }
}
