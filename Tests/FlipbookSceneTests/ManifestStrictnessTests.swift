import XCTest
import Foundation
import FlipbookGeometry
@_spi(Scenes) import FlipbookScene

/// Manifests that were accepted although they should not be, or refused with an unclear message,
/// and photos outside the manifest's folder (issue 10, findings 11, 12 and 14).
final class ManifestStrictnessTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/manifests").path

    func message(_ text: String) -> String {
        do {
            _ = try PhotoManifest(data: Data(text.utf8), path: "m.json", baseDirectory: "")
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    // MARK: 12. JSON that Foundation accepts but JSON does not allow

    func testTrailingCommasAreRefusedWithTheirPosition() {
        XCTAssertEqual(message("{\"content\": [\n  {\"url\": \"a.jpg\"},\n]}"),
                       "m.json: not valid JSON: line 2, column 19: a trailing comma before ']' (JSON allows none)")
        XCTAssertEqual(message(#"{"content": [{"url": "a.jpg", "width": 4, "height": 3,}]}"#),
                       "m.json: not valid JSON: line 1, column 54: a trailing comma before '}' (JSON allows none)")
    }

    func testOtherSyntaxErrorsNameTheirLineAndColumn() {
        let cases: [(String, String)] = [
            (#"{"content": [{"url": "a.jpg", "url": "b.jpg"}]}"#, #"line 1, column 31: the key "url" appears twice in this object"#),
            ("// photos\n{}", "line 1, column 1: comments are not JSON"),
            (#"{"content": NaN}"#, "line 1, column 13: expected a value (an object, array, string, number, true, false or null), found 'N'"),
            (#"{"content": 01}"#, "line 1, column 13: a number with a leading zero"),
            (#"{"content": 1.}"#, "line 1, column 15: expected a digit after the decimal point, found '}'"),
            (#"{"content": "a\qb"}"#, #"line 1, column 16: \'q' is not a JSON escape (\" \\ \/ \b \f \n \r \t \uXXXX)"#),
            ("{\"content\": \"a\u{1}\"}", "line 1, column 15: a control character (byte 0x1) inside a string; write it as an escape such as \\n"),
            (#"{"content": "\ud800"}"#, #"line 1, column 20: a \u escape of a high surrogate without the low surrogate after it"#),
            (#"{"content": []} []"#, "line 1, column 17: unexpected '[' after the end of the JSON value"),
            (#"{"content": ["#, "line 1, column 14: expected a value, found the end of the file"),
            (#"{"content": "open"#, "line 1, column 13: a string that is never closed"),
            ("{'content': []}", "line 1, column 2: expected a key in double quotes, found \"'\""),
            (String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
             "line 1, column 513: arrays and objects are nested more than 512 levels deep"),
        ]
        for (text, detail) in cases {
            XCTAssertEqual(message(text), "m.json: not valid JSON: \(detail)", text)
        }
    }

    func testValidJSONStillParses() throws {
        let text = "\u{FEFF}{\"content\": [{\"url\": \"a\\u00e9\\ud83d\\ude00.jpg\", \"width\": 1e3, \"height\": -0.0e+0}]}"
        XCTAssertEqual(message(text), "m.json: content[0].height must be a number of pixels from 1 to 1000000, not -0.0")
        let manifest = try PhotoManifest(data: Data(#"{"content": [{"url": "a\u00e9.jpg", "width": 1e3, "height": 2.5E2}], "x": [true, false, null, {}]}"#.utf8),
                                         path: "m.json", baseDirectory: "")
        XCTAssertEqual(manifest.photos, [ManifestPhoto(url: "aé.jpg", path: "aé.jpg", declaredSize: Size(width: 1000, height: 250))])
    }

    /// Before: a width of 1e-300 or 5e-324 was accepted and made an infinitely tall grid cell.
    func testTinyWidthsAreRefused() {
        for width in ["1e-300", "5e-324", "0.5"] {
            XCTAssertEqual(message(#"{"content": [{"url": "a.jpg", "width": \#(width), "height": 3}]}"#),
                           "m.json: content[0].width must be a number of pixels from 1 to 1000000, not \(Double(width)!)")
        }
        XCTAssertEqual(message(#"{"content": [{"url": "a.jpg", "width": 1, "height": 1000000}]}"#), "accepted")
    }

    // MARK: 11. Property lists

    /// Before: "Unexpected character b at line 1" (Foundation's text-format parser, after the binary one gave up).
    func testADamagedBinaryPropertyListSaysSo() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/photos-binary.plist")))
        bytes.removeLast(20)  // the trailer with the offset table's position
        XCTAssertThrowsError(try PhotoManifest(data: Data(bytes), path: "p.plist", baseDirectory: "")) { error in
            XCTAssertEqual("\(error)", "p.plist: not valid binary property list: it starts with the signature 'bplist' but its structure "
                           + "is damaged or truncated")
        }
    }

    func testPropertyListFixturesParse() throws {
        let json = try PhotoManifest(contentsOf: Self.fixtures + "/../../../Samples/photos.json")
        for name in ["photos.plist", "photos-binary.plist"] {
            let plist = try PhotoManifest(contentsOf: Self.fixtures + "/" + name)
            XCTAssertEqual(plist.photos.map(\.url), json.photos.map(\.url), name)
            XCTAssertEqual(plist.photos.map(\.declaredSize), json.photos.map(\.declaredSize), name)
        }
        XCTAssertEqual(try CardManifest(contentsOf: Self.fixtures + "/cards-binary.plist").cards.count, 6)
    }

    // MARK: 14. Photos outside the manifest's folder

    func testSandboxedPhotosMustResolveInsideTheManifestFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-sandbox-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/album/photos", withIntermediateDirectories: true)
        try Data([1]).write(to: URL(fileURLWithPath: folder + "/album/photos/in.jpg"))
        try Data([1]).write(to: URL(fileURLWithPath: folder + "/outside.jpg"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/album/photos/link.jpg", withDestinationPath: "../../outside.jpg")
        let resolved = try XCTUnwrap(realpath(folder, nil))
        let real = String(cString: resolved)
        free(resolved)
        func manifest(_ urls: [String]) throws -> String {
            let entries = urls.map { "{\"url\": \"\($0)\"}" }.joined(separator: ", ")
            try "{\"content\": [\(entries)]}".write(toFile: folder + "/album/photos.json", atomically: true, encoding: .utf8)
            return folder + "/album/photos.json"
        }
        let inside = try manifest(["photos/in.jpg", "photos/../photos/in.jpg", "file://\(folder)/album/photos/in.jpg"])
        XCTAssertEqual(try PhotoManifest(contentsOf: inside, sandboxPhotos: true).photos.count, 3)
        let cases: [(String, String)] = [
            ("../outside.jpg", "it resolves to \(real)/outside.jpg, outside the manifest's folder \(real)/album"),
            ("photos/link.jpg", "it resolves to \(real)/outside.jpg, outside the manifest's folder \(real)/album"),
            ("file:///etc/passwd", "it resolves to /etc/passwd, outside the manifest's folder \(real)/album"),
            ("/etc/passwd", "it resolves to /etc/passwd, outside the manifest's folder \(real)/album"),
            ("photos/missing.jpg", "it cannot be resolved (No such file or directory)"),
        ]
        for (url, problem) in cases {
            let path = try manifest(["photos/in.jpg", url])
            XCTAssertNoThrow(try PhotoManifest(contentsOf: path), "without the sandbox any path is allowed")
            XCTAssertThrowsError(try PhotoManifest(contentsOf: path, sandboxPhotos: true), url) { error in
                XCTAssertEqual("\(error)", "\(path): content[1].url is \(url): \(problem) (--sandbox-photos)")
            }
        }
        // Card images too.
        let cards = folder + "/album/cards.json"
        try #"{"cards": [{"title": "T", "image": "../outside.jpg", "rating": 3, "comments": []}]}"#.write(toFile: cards, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try CardManifest(contentsOf: cards, sandboxPhotos: true)) { error in
            XCTAssertEqual("\(error)", "\(cards): cards[0].image is \(folder)/album/../outside.jpg: it resolves to \(real)/outside.jpg, "
                           + "outside the manifest's folder \(real)/album (--sandbox-photos)")
        }
    }
}
