import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookScenes
import Foundation
import XCTest

final class PhotoManifestTests: XCTestCase {
    func parse(_ text: String) throws -> PhotoManifest {
        try PhotoManifest(data: Data(text.utf8), path: "m.json", baseDirectory: "Samples")
    }

    func testResolvesURLsAgainstTheManifestFolder() throws {
        let manifest = try parse(#"{"content": [{"url": "photos/a.jpg", "width": 720, "height": 288}, {"url": "/abs/b.png"}]}"#)
        XCTAssertEqual(manifest.photos.map(\.path), ["Samples/photos/a.jpg", "/abs/b.png"])
        XCTAssertEqual(manifest.photos[0].declaredSize, Size(width: 720, height: 288))
        XCTAssertNil(manifest.photos[1].declaredSize)
    }

    func testPropertyList() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>content</key><array>
            <dict><key>url</key><string>a.jpg</string><key>width</key><integer>600</integer><key>height</key><real>400</real></dict>
            </array></dict></plist>
            """
        let manifest = try parse(plist)
        XCTAssertEqual(manifest.photos, [ManifestPhoto(url: "a.jpg", path: "Samples/a.jpg", declaredSize: Size(width: 600, height: 400))])
    }

    func testErrorsNameTheFieldOrLine() {
        func message(_ text: String) -> String {
            do { _ = try parse(text); return "no error" } catch { return "\(error)" }
        }
        XCTAssertEqual(
            message("{\n  \"content\": [\n    {\"url\" \"a.jpg\"}\n  ]\n}"),
            "m.json: not valid JSON: line 3, column 12: expected ':' after the key, found '\"'")
        XCTAssertEqual(message(#"{}"#), #"m.json: $: missing "content" (the photos, in grid order)"#)
        XCTAssertEqual(message(#"{"photos": []}"#), #"m.json: $.photos: unknown key "photos"; expected one of "content""#)
        XCTAssertEqual(message(#"{"content": []}"#), "m.json: $.content: is empty: a grid needs at least one photo")
        XCTAssertEqual(
            message(#"{"content": [{"url": "a.jpg", "width": "720", "height": 3}]}"#),
            "m.json: $.content[0].width: must be a number, not the string \"720\" (write 720.0 without quotes)")
        XCTAssertEqual(
            message(#"{"content": [{"url": "a.jpg", "width": 0, "height": 3}]}"#),
            "m.json: $.content[0].width: must be a number of pixels from 1 to 1000000, not 0.0")
        XCTAssertEqual(
            message(#"{"content": [{"url": "a.jpg", "width": 10}]}"#),
            "m.json: $.content[0]: missing \"height\" (give both width and height, or neither to read them from the file)")
        XCTAssertEqual(message(#"{"content": [{"width": 1, "height": 1}]}"#), #"m.json: $.content[0]: missing "url" (the photo's file)"#)
        XCTAssertEqual(
            message(#"{"content": [{"url": "https://example.com/a.jpg"}]}"#),
            "m.json: $.content[0].url is https://example.com/a.jpg: remote images are not supported; download them first and name the local file"
        )
        XCTAssertTrue(message("<plist><dict><key>content</key></dict></plist>").hasPrefix("m.json: not valid property list: "))
    }

    func testMissingFile() {
        XCTAssertThrowsError(try PhotoManifest(contentsOf: "/nonexistent/photos.json")) { error in
            XCTAssertEqual("\(error)", "/nonexistent/photos.json: cannot read the manifest: No such file or directory")
        }
    }
}
