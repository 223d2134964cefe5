import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// Usage mistakes as a user meets them: one error line with the nearest name, one line saying
/// where the help is, exit 64 — never the whole help text.
final class UsageErrorTests: XCTestCase {
    /// Runs flipbook and checks the two-line usage error.
    func assertUsageError(
        _ arguments: [String], says expected: String, help: String = "flipbook help render",
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let run = try runFlipbook(arguments)
        XCTAssertEqual(run.status, 64, "\(arguments): \(run.stderr)", file: file, line: line)
        XCTAssertEqual(run.errorLines, ["error: " + expected, "see '\(help)'"], "\(arguments)", file: file, line: line)
        XCTAssertEqual(run.stdout, "", file: file, line: line)
    }

    func testTyposGetTheNearestName() throws {
        try assertUsageError(["render", "pushh"], says: "unknown preset 'pushh'; did you mean 'push'?")
        try assertUsageError(["render", "zoompush"], says: "unknown preset 'zoompush'; did you mean 'zoom-push'?")
        try assertUsageError(["render", "card-pus"], says: "unknown preset 'card-pus'; did you mean 'card-push'?")
        try assertUsageError(["rendr", "push"], says: "unknown command 'rendr'; did you mean 'render'?", help: "flipbook --help")
        try assertUsageError(["help", "inspekt"], says: "unknown command 'inspekt'; did you mean 'inspect'?", help: "flipbook --help")
        try assertUsageError(["render", "push", "--fsp", "30"], says: "unknown option --fsp; did you mean '--fps'?")
        try assertUsageError(["render", "push", "--frame", "3"], says: "unknown option --frame; did you mean '--frames'?")
        try assertUsageError(["render", "push", "--curve", "springg"], says: "--curve: unknown curve 'springg'; did you mean 'spring'?")
        try assertUsageError(
            ["render", "push", "--curve", "easeinout"],
            says: "--curve: unknown curve 'easeinout'; did you mean 'easeInOut'?")
        try assertUsageError(
            ["curve", "--curve", "easeineaseout"],
            says: "--curve: unknown curve 'easeineaseout'; did you mean 'easeInEaseOut'?", help: "flipbook help curve")
        try assertUsageError(["render"], says: "missing PRESET or --transition FILE (see `flipbook list`)")
        try assertUsageError(["version"], says: "unknown command 'version'; did you mean '--version'?", help: "flipbook --help")
        try assertUsageError(
            ["curve", "--curve", "beizer:0,0,1,1"],
            says: "--curve: unknown curve 'beizer:0,0,1,1'; did you mean 'bezier'?", help: "flipbook help curve")
        try assertUsageError(
            ["render", "push", "--device", "iphonex"],
            says:
                "--device must be a device name (`flipbook devices` lists them), WxH or WxH@S in points (100-2000), not 'iphonex'; did you mean 'x'?"
        )
        try assertUsageError(
            ["render", "push", "--progress", "plian"],
            says: "--progress must be auto, tty, plain or none, not 'plian'; did you mean 'plain'?")
    }

    func testFarMissesListTheChoicesInstead() throws {
        let names = "push, pop, zoom-push, zoom-pop, present, dismiss, fade-present, fade-dismiss, card-push, card-pop, page"
        try assertUsageError(["render", "slide"], says: "unknown preset 'slide' (presets: \(names))")
        try assertUsageError(["render", "push", "--bogus"], says: "unknown option --bogus")
        try assertUsageError(["frobnicate"], says: "unknown command 'frobnicate'", help: "flipbook --help")
    }

    func testPresetNamesForgiveCaseAndUnderscores() throws {
        for name in ["Push", "PUSH", "zoom_push", "Zoom_Push", "card_pop"] {
            let run = try runFlipbook(["inspect", name, "--frame", "0"])
            XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)")
        }
        let run = try runFlipbook(["inspect", "Zoom_Pop", "--frame", "0"])
        XCTAssertEqual(run.status, 0, run.stderr)
    }

    func testARepeatedOptionTakesTheLastValue() throws {
        let run = try runFlipbook(["inspect", "push", "--frame", "3", "--select", "4", "--frame", "5", "--select=2"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(json["frame"] as? Int, 5)
        let same = try runFlipbook(["inspect", "push", "--frame", "5", "--select", "2"])
        XCTAssertEqual(run.stdout, same.stdout, "--select 2, the last one, is the photo tapped")
    }

    func testOptionsThatDoNotApplyToThePresetAreRefused() throws {
        try assertUsageError(
            ["render", "push", "--scroll", "30"],
            says: "--scroll does not apply to push (only to present, dismiss, fade-present, fade-dismiss)")
        try assertUsageError(
            ["render", "present", "--columns", "4"],
            says: "--columns does not apply to present (only to push, pop, zoom-push, zoom-pop)")
        try assertUsageError(
            ["render", "push", "--return", "2"],
            says: "--return does not apply to push (only to pop, dismiss, card-pop)")
        try assertUsageError(
            ["render", "card-push", "--manifest", "Samples/photos.json"],
            says:
                "--manifest does not apply to card-push (only to push, pop, zoom-push, zoom-pop, present, dismiss, fade-present, fade-dismiss, page)"
        )
        try assertUsageError(
            ["inspect", "pop", "--frame", "0", "--cards", "Samples/cards.json"],
            says: "--cards does not apply to pop (only to card-push, card-pop)", help: "flipbook help inspect")
        // Spring options on a Bézier preset were already refused; they stay so.
        let damping = try runFlipbook(["render", "present", "--damping", "0.5"])
        XCTAssertEqual(damping.status, 64, damping.stderr)
    }

    func testSkipInapplicableSaysWhyAndSucceeds() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out").path
        let option = try runFlipbook(["render", "card-push", "--manifest", "Samples/photos.json", "--skip-inapplicable", "--out", out])
        XCTAssertEqual(option.status, 0, option.stderr)
        XCTAssertEqual(
            option.stdout,
            "card-push: skipped: --manifest does not apply to card-push "
                + "(only to push, pop, zoom-push, zoom-pop, present, dismiss, fade-present, fade-dismiss, page)\n")
        let index = try runFlipbook(["render", "pop", "--return", "99", "--skip-inapplicable", "--out", out])
        XCTAssertEqual(index.status, 0, index.stderr)
        XCTAssertEqual(index.stdout, "pop: skipped: --return 99 is out of range: the manifest has 16 photos (0…15)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "a skipped preset writes nothing")
        // Without the flag the same index is an error.
        let error = try runFlipbook(["render", "pop", "--return", "99", "--out", out])
        XCTAssertEqual(error.status, 1)
    }
}
