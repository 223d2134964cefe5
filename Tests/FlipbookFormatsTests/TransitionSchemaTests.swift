import FlipbookGeometry
import Foundation
import XCTest

@testable import FlipbookFormats
@testable import FlipbookModel
@testable import FlipbookScenes

/// docs/transition.schema.json and docs/TRANSITIONS.md describe the format the decoder reads: a
/// key added to (or dropped from) any object of the format without its documentation fails here,
/// and so does a documented example that no longer decodes.
final class TransitionSchemaTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let docs = root.appendingPathComponent("docs")

    func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: Self.docs.appendingPathComponent("transition.schema.json"))
        // Valid JSON by the format's own strict parser too (no duplicate keys, no trailing commas).
        XCTAssertNoThrow(try JSONValue.parse(data))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func reference() throws -> String {
        try String(contentsOf: Self.docs.appendingPathComponent("TRANSITIONS.md"), encoding: .utf8)
    }

    /// The schema object at a JSON-pointer-like path of keys and array indices ("$defs", "layer",
    /// "properties", "waterfallGrid"); `$ref`s along the way are followed.
    func node(_ schema: [String: Any], _ path: [Any]) throws -> [String: Any] {
        var current: Any = schema
        for step in path {
            if let object = current as? [String: Any], let reference = object["$ref"] as? String {
                current = try resolve(schema, reference)
            }
            switch (current, step) {
            case let (object as [String: Any], key as String): current = try XCTUnwrap(object[key], "\(path): no \(key)")
            case let (array as [Any], index as Int): current = array[index]
            default: XCTFail("\(path): cannot take \(step)"); return [:]
            }
        }
        if let object = current as? [String: Any], let reference = object["$ref"] as? String { current = try resolve(schema, reference) }
        return try XCTUnwrap(current as? [String: Any], "\(path)")
    }

    func resolve(_ schema: [String: Any], _ reference: String) throws -> Any {
        let prefix = "#/$defs/"
        XCTAssertTrue(reference.hasPrefix(prefix), reference)
        let definitions = try XCTUnwrap(schema["$defs"] as? [String: Any])
        return try XCTUnwrap(definitions[String(reference.dropFirst(prefix.count))], "unresolved \(reference)")
    }

    /// The property names of an object schema, which must refuse unknown keys as the decoder does.
    func keys(_ object: [String: Any], _ what: String) throws -> Set<String> {
        XCTAssertEqual(object["additionalProperties"] as? Bool, false, "\(what) refuses unknown keys, as the decoder does")
        let patterns = try XCTUnwrap(object["patternProperties"] as? [String: Any], "\(what) allows comment keys")
        XCTAssertNotNil(patterns["^//"], "\(what): keys starting with // are ignored by the decoder")
        XCTAssertNotNil(patterns["^\\$schema$"], "\(what): \"$schema\" is ignored by the decoder")
        return Set(try XCTUnwrap(object["properties"] as? [String: Any], what).keys)
    }

    /// The keys the decoder accepts in an object, read from its own error for an unknown key
    /// (`unknown key "zzz"; expected one of "a", "b"`): `json` puts `"zzz"` in that object.
    func decoderKeys(_ json: String, line: UInt = #line) -> Set<String> {
        do {
            _ = try TransitionFile(data: Data(json.utf8), path: "t.json").transition(photos: [], options: SceneOptions())
            XCTFail("\(json) decoded", line: line)
        } catch {
            let message = "\(error)"
            guard message.contains("unknown key \"zzz\""), let range = message.range(of: "expected one of ") else {
                XCTFail("unexpected error \(message)", line: line)
                return []
            }
            return Set(
                message[range.upperBound...].components(separatedBy: ", ").map {
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                })
        }
        return []
    }

    /// Each object of the format: where the schema describes it and a file that puts an unknown
    /// key `zzz` into it.
    static let objects: [(what: String, schemaPaths: [[any Sendable]], json: String)] = [
        ("top level", [[]], #"{"zzz": 1, "layers": []}"#),
        ("layer", [["$defs", "layer"]], #"{"layers": [{"name": "a", "frame": [0, 0, 1, 1], "zzz": 1}]}"#),
        ("transform", [["$defs", "transform"]], #"{"layers": [{"name": "a", "frame": [0, 0, 1, 1], "transform": {"zzz": 1}}]}"#),
        ("text", [["$defs", "text"]], #"{"layers": [{"name": "a", "frame": [0, 0, 1, 1], "text": {"string": "", "zzz": 1}}]}"#),
        ("image", [["$defs", "image", "anyOf", 1]], #"{"layers": [{"name": "a", "frame": [0, 0, 1, 1], "image": {"zzz": 1}}]}"#),
        (
            "manifest-based or relative frame",
            [
                ["$defs", "frame", "oneOf", 1], ["$defs", "frame", "oneOf", 2], ["$defs", "frame", "oneOf", 3],
                ["$defs", "frame", "oneOf", 4]
            ],
            #"{"layers": [{"name": "a", "frame": {"zzz": 1}}]}"#
        ),
        (
            "waterfallGrid", [["$defs", "layer", "properties", "waterfallGrid"]],
            #"{"layers": [{"name": "a", "waterfallGrid": {"zzz": 1}}]}"#
        ),
        (
            "navigationBar", [["$defs", "layer", "properties", "navigationBar"]],
            #"{"layers": [{"name": "a", "navigationBar": {"zzz": 1}}]}"#
        ),
        ("device", [["$defs", "device", "anyOf", 3], ["$defs", "device", "anyOf", 4]], #"{"device": {"zzz": 1}, "layers": []}"#),
        ("timing", [["$defs", "timing"]], #"{"timing": {"zzz": 1}, "layers": []}"#),
        (
            "animation", [["$defs", "animation"]],
            #"{"layers": [{"name": "a", "frame": [0, 0, 1, 1]}], "animations": [{"target": "a", "zzz": 1}]}"#
        ),
        (
            "keyframe", [["$defs", "keyframe"]],
            #"{"layers": [{"name": "a", "frame": [0, 0, 1, 1]}], "animations": [{"target": "a", "keyframes": [{"zzz": 1}]}]}"#
        ),
        ("change", [["$defs", "change"]], #"{"layers": [{"name": "a", "frame": [0, 0, 1, 1]}], "completion": [{"zzz": 1}]}"#),
        ("timed changes", [["$defs", "timedChanges"]], #"{"layers": [], "timedChanges": [{"at": 0.1, "changes": [], "zzz": 1}]}"#),
        ("shape", [["$defs", "shape"]], #"{"layers": [{"name": "a", "frame": [0, 0, 1, 1], "shape": {"zzz": 1}}]}"#),
        (
            "shapeStyle", [["$defs", "shapeStyle"]],
            #"{"layers": [{"name": "a", "frame": [0, 0, 1, 1]}], "completion": [{"target": "a", "set": {"shapeStyle": {"zzz": 1}}}]}"#
        ),
        ("shadowPath", [["$defs", "shadowPath"]], #"{"layers": [{"name": "a", "frame": [0, 0, 1, 1], "shadowPath": {"zzz": 1}}]}"#),
        (
            "change set", [["$defs", "patch"]],
            #"{"layers": [{"name": "a", "frame": [0, 0, 1, 1]}], "completion": [{"target": "a", "set": {"zzz": 1}}]}"#
        )
    ]

    func testTheSchemaIsValidJSONWithResolvableReferences() throws {
        let schema = try schema()
        XCTAssertEqual(schema["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
        // Every $ref points at a definition.
        func visit(_ value: Any) throws {
            if let object = value as? [String: Any] {
                if let reference = object["$ref"] as? String { _ = try resolve(schema, reference) }
                for child in object.values { try visit(child) }
            } else if let array = value as? [Any] {
                for child in array { try visit(child) }
            }
        }
        try visit(schema)
        let definitions = Set(try XCTUnwrap(schema["$defs"] as? [String: Any]).keys)
        for name in [
            "rect", "point", "colour", "frame", "patch", "animatedPatch", "layer", "animation", "keyframe", "change", "timing",
            "text", "transform", "device", "curve", "image", "contentMode", "timedChanges"
        ] {
            XCTAssertTrue(definitions.contains(name), "$defs/\(name)")
        }
    }

    func testTheSchemaListsEveryKeyTheDecoderReads() throws {
        let schema = try schema()
        XCTAssertEqual(try keys(schema, "top level"), Set(TransitionFile.topKeys))
        XCTAssertEqual(try keys(try node(schema, ["$defs", "layer"]), "layer"), Set(TransitionDecoder.layerKeys))
        XCTAssertEqual(try keys(try node(schema, ["$defs", "patch"]), "patch"), Set(TransitionDecoder.patchKeys))
        XCTAssertEqual(try keys(try node(schema, ["$defs", "animation"]), "animation"), Set(TransitionDecoder.animationKeys))
        // Animations' from/to and keyframes' to take the animatable properties only.
        let animatable = Set(AnimatableProperty.allCases.map { $0 == .boundsOrigin ? "scroll" : $0.rawValue })
        XCTAssertEqual(try keys(try node(schema, ["$defs", "animatedPatch"]), "animatedPatch"), animatable)
        XCTAssertTrue(animatable.isSubset(of: Set(TransitionDecoder.patchKeys)))
    }

    func testEveryObjectOfTheSchemaHasTheDecodersKeys() throws {
        let schema = try schema()
        for (what, paths, json) in Self.objects {
            var documented = Set<String>()
            for path in paths { documented.formUnion(try keys(try node(schema, path), what)) }
            XCTAssertEqual(documented, decoderKeys(json), what)
        }
    }

    func testTheReferenceMentionsEveryKey() throws {
        let text = try reference()
        var all = Set(TransitionFile.topKeys + TransitionDecoder.layerKeys + TransitionDecoder.patchKeys + TransitionDecoder.animationKeys)
        for (_, _, json) in Self.objects { all.formUnion(decoderKeys(json)) }
        for key in all {
            XCTAssertTrue(text.contains("`\(key)`"), "docs/TRANSITIONS.md does not mention `\(key)`")
        }
    }

    /// The reference's JSON examples are JSON; its complete files decode.
    func testTheReferencesExamplesDecode() throws {
        let text = try reference()
        let blocks = text.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "```").first! }
        XCTAssertGreaterThan(blocks.count, 8)
        let photos = (0..<16).map { ScenePhoto(source: "p\($0).jpg", sizePixels: Size(width: 600, height: 400)) }
        var files = 0
        for block in blocks where block.hasPrefix("{") && !block.contains("…") {
            XCTAssertNoThrow(try JSONValue.parse(Data(block.utf8)), block)
            guard block.contains("\"layers\"") else { continue }
            XCTAssertNoThrow(
                try TransitionFile(data: Data(block.utf8), path: "example.json").transition(photos: photos, options: SceneOptions()), block)
            files += 1
        }
        XCTAssertGreaterThanOrEqual(files, 2)
    }

    /// The Swift example is (a shortened copy of) the compiled public-API test: every line of it
    /// occurs in that file.
    func testTheSwiftExampleIsTheCompiledOne() throws {
        let text = try reference()
        let block = try XCTUnwrap(text.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        let test = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/FlipbookPublicAPITests/PublicAPITests.swift"), encoding: .utf8)
        let compiled = Set(test.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        for line in block.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            XCTAssertTrue(
                compiled.contains(trimmed), "docs/TRANSITIONS.md's Swift example has a line the public-API test does not: \(trimmed)")
        }
    }
}
