import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// The `flipbook` executable as a user meets it: exit codes, `error:` lines, stdout.
/// `swift build --build-tests` (scripts/test) builds it next to the test bundle.
final class CommandLineTests: XCTestCase {
    func flipbook(_ arguments: String...) throws -> FlipbookRun { try flipbook(arguments) }

    func flipbook(_ arguments: [String], in directory: URL = Package.root) throws -> FlipbookRun {
        try runFlipbook(arguments, in: directory)
    }

    func testTextPrintsTheFontOfEachRunAndWarnsOnce() throws {
        let fonts = Package.path("Tests/Fixtures/fonts")
        let run = try flipbook("text", "Hi 你好 \u{1200}", "--fonts", fonts, "--weight", "semibold")
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        // Inter's "Hi " and its .notdef for U+1200 carry SF Pro's 17 pt tracking, −0.43 pt on each
        // of 4 glyphs: 76.69 − 1.72.
        XCTAssertEqual(lines.first, "74.97x24.62 pt, 1 line")
        XCTAssertEqual(
            lines.filter { $0.hasPrefix("  run") },
            [
                "  run \"Hi \" ltr Inter Semi Bold \(fonts)/Inter-SemiBold.otf 3 glyphs",
                "  run \"你好 \" ltr Noto Sans CJK SC Bold \(fonts)/NotoSansCJK-Bold-subset.ttc#1 3 glyphs",
                "  run \"\u{1200}\" ltr Inter Semi Bold \(fonts)/Inter-SemiBold.otf 1 glyphs"
            ])
        XCTAssertEqual(run.stderr, "warning: no font has U+1200 in \"Hi 你好 \u{1200}\"; it is drawn as the .notdef box of Inter\n")
        let bad = try flipbook("text", "x", "--weight", "extrabold")
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(
            bad.stderr.hasPrefix(
                "error: --weight must be one of ultraLight, thin, light, regular, medium, semibold, bold, heavy, black, not 'extrabold'"),
            bad.stderr)
    }

    func testHelpAndVersion() throws {
        let help = try flipbook("--help")
        XCTAssertEqual(help.status, 0)
        for command in ["render", "inspect", "list", "curve", "decode", "diff"] {
            XCTAssertTrue(help.stdout.contains("  \(command) "), "--help lists \(command)")
        }
        XCTAssertTrue(try flipbook("help", "decode").stdout.hasPrefix("Usage: flipbook decode IN --out OUT.png"))
        XCTAssertTrue(try flipbook("--version").stdout.hasPrefix("flipbook "))
    }

    /// The route most iOS teams want — recording their own UIKit animator — is named where a
    /// newcomer looks first: the general help, and the README's first screen (its first 40 lines).
    func testTheUIKitRouteIsFoundFromTheHelpAndTheREADMEsFirstScreen() throws {
        XCTAssertTrue(try flipbook("--help").stdout.contains("Your own UIKit animator: record it in a `swift test` with FlipbookUIKit"))
        let firstScreen = try String(contentsOfFile: Package.path("README.md"), encoding: .utf8).components(separatedBy: "\n").prefix(40)
        XCTAssertTrue(
            firstScreen.contains { $0.contains("[docs/UIKIT.md](docs/UIKIT.md)") }, "the README's first screen links docs/UIKIT.md")
        XCTAssertTrue(firstScreen.contains { $0.contains("Transition.record(") }, "with an example of the UIKit route")
    }

    func testUsageErrorsExit64WithTheUsage() throws {
        for arguments in [
            ["render", "push", "--fps", "0"], ["render", "slide"], ["render", "push", "--bogus"],
            ["inspect", "push"], ["frobnicate"], ["decode", "x.png"]
        ] {
            let run = try flipbook(arguments)
            XCTAssertEqual(run.status, 64, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix("error: "), "\(arguments): \(run.stderr)")
        }
    }

    func testDecodePrintsTheUprightSize() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("raccoon.png").path
        let run = try flipbook("decode", "Samples/photos/raccoon.jpg", "--out", out)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "1024x768\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: out))

        let bad = try flipbook("decode", "Samples/photos.json", "--out", out)
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.hasPrefix("error: Samples/photos.json: not a PNG or JPEG file"), bad.stderr)
    }

    func testDiffExitCodes() throws {
        let same = try flipbook("diff", "Samples/photos/camera.png", "Samples/photos/camera.png")
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertEqual(same.stdout, "identical (512x512)\n")
        let different = try flipbook("diff", "Samples/photos/camera.png", "Samples/photos/astronaut.png")
        XCTAssertEqual(different.status, 1)
        XCTAssertTrue(different.stdout.hasPrefix("differ: "), different.stdout)
        let unreadable = try flipbook("diff", "Samples/photos/camera.png", "Samples/nope.png")
        XCTAssertEqual(unreadable.status, 2)
        XCTAssertTrue(unreadable.stderr.contains("Samples/nope.png"), unreadable.stderr)
    }

    func testAFailedRenderNamesTheFileAndKeepsThePreviousOutput() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("push").path
        let first = try flipbook("render", "push", "--scale", "1", "--frames", "0-1", "--out", out)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.hasPrefix("push: 2 frames (frames 0-1 of 43), 375x667 px"), first.stdout)
        let manifest = directory.appendingPathComponent("photos.json")
        try "{\"content\": [\n  {\"url\": \"a.jpg\", \"width\": \"wide\"}\n]}".write(to: manifest, atomically: true, encoding: .utf8)
        let failed = try flipbook("render", "push", "--manifest", manifest.path, "--out", out)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.stderr, "error: \(manifest.path): $.content[0].width: expected a number, got a string\n")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: out).sorted(),
            ["frame_0000.png", "frame_0001.png", "timeline.json"])
    }

    func testListAndInspect() throws {
        let list = try flipbook("list")
        XCTAssertEqual(list.status, 0)
        XCTAssertEqual(list.stdout.split(separator: "\n").count, 11)
        let inspect = try flipbook("inspect", "push", "--frame", "15", "--select", "3")
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(json["frame"] as? Int, 15)
        XCTAssertEqual(json["time"] as? Double, 0.25)
    }
}
