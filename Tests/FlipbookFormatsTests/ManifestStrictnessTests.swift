import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookScenes
import Foundation
import XCTest

/// Manifests that were accepted although they should not be, or refused with an unclear message,
/// and photos outside the manifest's folder (docs/LIMITS.md, "Manifests" and "Input files").
final class ManifestStrictnessTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/manifests").path

    func message(_ text: String) -> String { message(Data(text.utf8)) }

    func message(_ data: Data) -> String {
        do {
            _ = try PhotoManifest(data: data, path: "m.json", baseDirectory: "")
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    // MARK: 12. JSON that Foundation accepts but JSON does not allow

    func testTrailingCommasAreRefusedWithTheirPosition() {
        XCTAssertEqual(
            message("{\"content\": [\n  {\"url\": \"a.jpg\"},\n]}"),
            "m.json: not valid JSON: line 2, column 19: a trailing comma before ']' (JSON allows none)")
        XCTAssertEqual(
            message(#"{"content": [{"url": "a.jpg", "width": 4, "height": 3,}]}"#),
            "m.json: not valid JSON: line 1, column 54: a trailing comma before '}' (JSON allows none)")
    }

    func testOtherSyntaxErrorsNameTheirLineAndColumn() {
        let cases: [(String, String)] = [
            (#"{"content": [{"url": "a.jpg", "url": "b.jpg"}]}"#, #"line 1, column 31: the key "url" appears twice in this object"#),
            ("// photos\n{}", "line 1, column 1: comments are not JSON"),
            (
                #"{"content": NaN}"#,
                "line 1, column 13: expected a value (an object, array, string, number, true, false or null), found 'N'"
            ),
            (#"{"content": 01}"#, "line 1, column 13: a number with a leading zero"),
            (#"{"content": 1.}"#, "line 1, column 15: expected a digit after the decimal point, found '}'"),
            (#"{"content": "a\qb"}"#, #"line 1, column 16: \'q' is not a JSON escape (\" \\ \/ \b \f \n \r \t \uXXXX)"#),
            (
                "{\"content\": \"a\u{1}\"}",
                "line 1, column 15: a control character (byte 0x1) inside a string; write it as an escape such as \\n"
            ),
            (#"{"content": "\ud800"}"#, #"line 1, column 20: a \u escape of a high surrogate without the low surrogate after it"#),
            (#"{"content": []} []"#, "line 1, column 17: unexpected '[' after the end of the JSON value"),
            (#"{"content": ["#, "line 1, column 14: expected a value, found the end of the file"),
            (#"{"content": "open"#, "line 1, column 13: a string that is never closed"),
            ("{'content': []}", "line 1, column 2: expected a key in double quotes, found \"'\""),
            (
                String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
                "line 1, column 513: arrays and objects are nested more than 512 levels deep"
            )
        ]
        for (text, detail) in cases {
            XCTAssertEqual(message(text), "m.json: not valid JSON: \(detail)", text)
        }
    }

    func testARepeatedKeyIsFoundInObjectsOfAnySize() {
        // Up to 16 members the parser scans them, beyond it keeps a set: both find the repeat.
        for count in [3, 15, 16, 17, 40] {
            let members = (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
            let text = "{\"content\": [], " + members + ", \"k2\": 9}"
            let column = text.distance(from: text.startIndex, to: text.range(of: "\"k2\"", options: .backwards)!.lowerBound) + 1
            XCTAssertEqual(
                message(text), "m.json: not valid JSON: line 1, column \(column): the key \"k2\" appears twice in this object", "\(count)")
        }
        // A string without escapes is read in one step; one with escapes, or bad UTF-8, as before.
        XCTAssertEqual(
            message("{\"content\": \"a\u{1}b\"}"),
            "m.json: not valid JSON: line 1, column 15: a control character (byte 0x1) inside a string; write it as an escape such as \\n")
        var invalid = Array(#"{"content": "ab"}"#.utf8)
        invalid[14] = 0xFF
        XCTAssertEqual(message(Data(invalid)), "m.json: not valid JSON: line 1, column 13: a string that is not valid UTF-8")
    }

    func testValidJSONStillParses() throws {
        let text = "\u{FEFF}{\"content\": [{\"url\": \"a\\u00e9\\ud83d\\ude00.jpg\", \"width\": 1e3, \"height\": -0.0e+0}]}"
        XCTAssertEqual(message(text), "m.json: $.content[0].height: must be a number of pixels from 1 to 1000000, not -0.0")
        let manifest = try PhotoManifest(
            data: Data(#"{"content": [{"url": "a\u00e9.jpg", "width": 1e3, "height": 2.5E2}], "//": [true, false, null, {}]}"#.utf8),
            path: "m.json", baseDirectory: "")
        XCTAssertEqual(manifest.photos, [ManifestPhoto(url: "aé.jpg", path: "aé.jpg", declaredSize: Size(width: 1000, height: 250))])
        // As in transition and gesture files: `//` and `$schema` keys are comments, any other unknown key is refused.
        XCTAssertEqual(
            message(#"{"content": [{"url": "a.jpg", "widht": 1e3, "height": 2}]}"#),
            #"m.json: $.content[0].widht: unknown key "widht" (did you mean "width"?); expected one of "url", "width", "height""#)
    }

    /// Before: a width of 1e-300 or 5e-324 was accepted and made an infinitely tall grid cell.
    func testTinyWidthsAreRefused() {
        for width in ["1e-300", "5e-324", "0.5"] {
            XCTAssertEqual(
                message(#"{"content": [{"url": "a.jpg", "width": \#(width), "height": 3}]}"#),
                "m.json: $.content[0].width: must be a number of pixels from 1 to 1000000, not \(Double(width)!)")
        }
        XCTAssertEqual(message(#"{"content": [{"url": "a.jpg", "width": 1, "height": 1000000}]}"#), "accepted")
    }

    // MARK: 11. Property lists

    /// Before: "Unexpected character b at line 1" (Foundation's text-format parser, after the binary one gave up).
    func testADamagedBinaryPropertyListSaysWhatIsWrong() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/photos-binary.plist")))
        bytes.removeLast(20) // part of the trailer
        XCTAssertEqual(
            plistMessage(bytes),
            "not valid binary property list: its trailer gives offsets of 2 and references of 13 bytes (1 to 8 are possible)")
        XCTAssertEqual(
            plistMessage(Array("bplist00garbage".utf8)),
            "not valid binary property list: it is 15 bytes long, too short to hold its trailer")
        XCTAssertEqual(
            plistMessage(Array("bplist15".utf8) + [UInt8](repeating: 0, count: 40)),
            "not valid binary property list: its version '15' is not supported (only bplist00)")
    }

    /// The crash `scripts/fuzz` found: a set object made Foundation dereference null (SIGSEGV).
    func testTheFuzzersPropertyListsAreRefusedCleanly() throws {
        let hostile = Self.fixtures + "/../hostile/"
        XCTAssertThrowsError(try PhotoManifest(contentsOf: hostile + "plist-set-crash.plist")) { error in
            XCTAssertEqual(
                "\(error)",
                "\(hostile)plist-set-crash.plist: not valid binary property list: object 25 at byte 236 is a set, "
                    + "which a manifest cannot hold")
        }
        // Foundation leaked here (the AddressSanitizer run of scripts/sanitize reports it); now a plain field error.
        XCTAssertThrowsError(try CardManifest(contentsOf: hostile + "plist-leak.plist")) { error in
            XCTAssertEqual(
                "\(error)",
                "\(hostile)plist-leak.plist: $.cards[0].湴獕業慧敖: unknown key \"湴獕業慧敖\"; "
                    + #"expected one of "title", "image", "rating", "commentCount", "comments""#)
        }
    }

    func testBinaryPropertyListStructureIsChecked() {
        let content = Array("content".utf8), url = Array("url".utf8), file = Array("a.jpg".utf8)
        // Objects: 0 root dict {content: 1}, 1 array [2], 2 dict {url: 4}, 3 "content", 4 "a.jpg", 5 "url".
        func manifest(_ replacing: [Int: [UInt8]] = [:]) -> [UInt8] {
            var objects: [[UInt8]] = [[0xD1, 3, 1], [0xA1, 2], [0xD1, 5, 4], [0x57] + content, [0x55] + file, [0x53] + url]
            for (index, object) in replacing { objects[index] = object }
            return Self.bplist(objects)
        }
        XCTAssertEqual(plistMessage(manifest()), "accepted")
        let cases: [([Int: [UInt8]], String)] = [
            ([1: [0xC1, 2]], "object 1 at byte 11 is a set, which a manifest cannot hold"),
            ([4: [0x81, 0x05]], "object 4 at byte 24 is a keyed-archiver UID, which a manifest cannot hold"),
            ([1: [0xA1, 1]], "object 1 contains itself"),
            ([1: [0xA1, 9]], "object 1 refers to object 9, but there are 6"),
            ([5: [0x10, 0x07]], "object 2 at byte 13 is a dictionary with a key that is not a string"),
            ([4: [0x14] + [UInt8](repeating: 0, count: 16)], "object 4 at byte 24 is a 128-bit integer (at most 64 bits)"),
            ([4: [0x5F, 0x10, 0xFF]], "object 4 at byte 24 runs past the object area"),
            ([4: [0x61, 0xD8, 0x00]], "object 4 at byte 24 is a UTF-16 string with a lone surrogate"),
            ([0: [0x00]], "object 0 at byte 8 is a null or fill object, which a manifest cannot hold")
        ]
        for (replacing, detail) in cases {
            XCTAssertEqual(plistMessage(manifest(replacing)), "not valid binary property list: \(detail)", detail)
        }
        // 600 arrays, each holding the next: refused at 512 levels, without deep recursion.
        var nested: [[UInt8]] = (0..<599).map { [0xA1] + Self.bigEndian($0 + 1, size: 2) }
        nested.append([0x08])
        XCTAssertEqual(
            plistMessage(Self.bplist(nested, referenceSize: 2)),
            "not valid binary property list: arrays and dictionaries are nested more than 512 levels deep")
        // Shared objects are read once: 2^40 paths through 40 levels of [x, x] take no time.
        var shared: [[UInt8]] = [[0xD1, 42, 1]]
        shared += (1...40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        shared += [[0x09], [0x57] + content]
        XCTAssertEqual(plistMessage(Self.bplist(shared)), "$.content[0]: expected an object, got an array")
    }

    /// `bytes` read as a photo manifest: "accepted" or the error after the file name.
    func plistMessage(_ bytes: [UInt8]) -> String {
        do {
            _ = try PhotoManifest(data: Data(bytes), path: "p.plist", baseDirectory: "")
            return "accepted"
        } catch {
            let text = "\(error)"
            return text.hasPrefix("p.plist: ") ? String(text.dropFirst("p.plist: ".count)) : text
        }
    }

    static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
    }

    /// A `bplist00` file of `objects` (object 0 is the top), with 1-byte offsets when they fit.
    static func bplist(_ objects: [[UInt8]], referenceSize: Int = 1) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let offsetSize = bytes.count < 256 ? 1 : 2
        let table = bytes.count
        for offset in offsets { bytes += bigEndian(offset, size: offsetSize) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        bytes += bigEndian(objects.count, size: 8) + bigEndian(0, size: 8) + bigEndian(table, size: 8)
        return bytes
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
            ("photos/missing.jpg", "it cannot be resolved (No such file or directory)")
        ]
        for (url, problem) in cases {
            let path = try manifest(["photos/in.jpg", url])
            XCTAssertNoThrow(try PhotoManifest(contentsOf: path), "without the sandbox any path is allowed")
            XCTAssertThrowsError(try PhotoManifest(contentsOf: path, sandboxPhotos: true), url) { error in
                XCTAssertEqual("\(error)", "\(path): $.content[1].url is \(url): \(problem) (SceneOptions.sandboxPhotos)")
            }
        }
        // Card images too.
        let cards = folder + "/album/cards.json"
        try #"{"cards": [{"title": "T", "image": "../outside.jpg", "rating": 3, "comments": []}]}"#.write(
            toFile: cards, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try CardManifest(contentsOf: cards, sandboxPhotos: true)) { error in
            XCTAssertEqual(
                "\(error)",
                "\(cards): $.cards[0].image is \(folder)/album/../outside.jpg: it resolves to \(real)/outside.jpg, "
                    + "outside the manifest's folder \(real)/album (SceneOptions.sandboxPhotos)")
        }
    }
}
