import Flipbook
import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// The command line's option tables: one per command, driving its parsing, its help and the
/// names library errors give the settings (`flipbook help COMMAND --options` prints a table).
final class OptionTableTests: XCTestCase {
    /// The rows of `flipbook help COMMAND --options`: the option's name, then its tags.
    func table(_ command: String) throws -> [(name: String, tags: [String])] {
        let run = try runFlipbook(["help", command, "--options"])
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout.split(separator: "\n").map { line in
            let columns = line.split(separator: "\t").map(String.init)
            return (String(columns[0].split(separator: " ")[0]), Array(columns.dropFirst()))
        }
    }

    /// Every setting a library error may name (`SettingField`) is set by an option of render or
    /// inspect, so the command line never prints a library name such as `RenderSettings.frameRange`.
    func testEverySettingFieldMapsToAnOption() throws {
        let rows = try table("render") + table("inspect")
        let named = Set(rows.flatMap(\.tags).filter { $0.hasPrefix("setting=") }.map { String($0.dropFirst("setting=".count)) })
        XCTAssertEqual(named.sorted(), SettingField.allCases.map(\.rawValue).sorted())
    }

    /// A library error's settings reach the terminal as the options that set them: a frame
    /// range (`RenderError`), a scene index (`SceneError`), an index inside a nested error.
    func testLibraryErrorsNameTheOptions() throws {
        let frames = try runFlipbook(["render", "push", "--scale", "1", "--fps", "10", "--frames", "0-500", "--no-write"])
        XCTAssertEqual(frames.status, 1)
        XCTAssertTrue(frames.stderr.hasPrefix("error: --frames 0-500 is outside the sequence: it has "), frames.stderr)
        let select = try runFlipbook(["inspect", "push", "--frame", "0", "--select", "16"])
        XCTAssertEqual(select.status, 1)
        XCTAssertTrue(select.stderr.hasPrefix("error: --select 16 is out of range: the manifest has 16 photos (0…15)"), select.stderr)
        let frame = try runFlipbook(["inspect", "push", "--frame", "9999"])
        XCTAssertTrue(frame.stderr.hasPrefix("error: --frame 9999 is outside the sequence"), frame.stderr)
        // The library's own names, for a caller of the API.
        XCTAssertEqual(
            "\(RenderError.frameOutOfBounds(index: 3, frameCount: 2))", "frameIndex 3 is outside the sequence: it has 2 frames (0-1)")
        XCTAssertEqual(
            "\(SceneError.indexOutOfRange(field: .returnIndex, index: 9, count: 2))",
            "SceneOptions.returnIndex 9 is out of range: the manifest has 2 photos (0…1)")
        let nested = PhotoLibraryError.photo(
            manifest: "m.json", field: "$.content[0].url",
            underlying: "\(error: CodecError.fileTooLarge(path: "p.png", reason: "too big"))")
        XCTAssertEqual(
            nested.message.text(naming: { "<\($0.rawValue)>" }),
            "m.json: $.content[0].url: p.png: cannot read the file: too big (<maxFileBytes>)")
    }

    /// `--` ends the options: what follows is a positional even when it starts with `--`.
    func testDoubleDashEndsTheOptions() throws {
        let run = try runFlipbook(["render", "--scale", "1", "--", "--push"])
        XCTAssertEqual(run.status, 64)
        XCTAssertEqual(run.errorLines.first, "error: unknown preset '--push'; did you mean 'push'?")
        let decode = try runFlipbook(["decode", "--out", "/nonexistent/x.png", "--", "--help"])
        XCTAssertEqual(decode.status, 1, decode.stderr)
        XCTAssertTrue(decode.stderr.hasPrefix("error: --help: "), decode.stderr)
    }

    /// `--help` (or `-h`) asks for help only where an option may stand: as the value of an
    /// option (`--out --help`) or after `--` it is not the help flag.
    func testHelpOnlyWhereItParsesAsTheFlag() throws {
        let help = try runFlipbook(["render", "push", "--scale", "1", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("Usage: flipbook render PRESET"), help.stdout)
        XCTAssertTrue(try runFlipbook(["merge", "-h"]).stdout.hasPrefix("Usage: flipbook merge"))
        let value = try runFlipbook(["merge", "a", "--out", "--help"])
        XCTAssertEqual(value.stdout, "")
        XCTAssertNotEqual(value.status, 0, "--help as --out's value is a folder name, not the help")
        XCTAssertFalse(value.stderr.contains("Usage:"), value.stderr)
    }

    /// The devices are listed once, by `flipbook devices`; the help points there.
    func testDevicesAreListedOnce() throws {
        let run = try runFlipbook(["devices"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, Device.presets.count)
        XCTAssertEqual(lines.first, "iphone8: 375x667 @2x, safe area 20/0 pt, 20 pt classic bar, corners 0 pt")
        let help = try runFlipbook(["help", "render"])
        XCTAssertTrue(help.stdout.contains("`flipbook devices` lists"), help.stdout)
        XCTAssertFalse(help.stdout.contains("iphone15pro:"), "the device list is not repeated in every help")
    }

    /// A hidden option is accepted and listed by `--options`, not in the help.
    func testHiddenOptionsAreInTheTableOnly() throws {
        let rows = try table("render")
        XCTAssertEqual(rows.filter { $0.tags.contains("hidden") }.map(\.name), ["--watch-rounds"])
        XCTAssertFalse(try runFlipbook(["help", "render"]).stdout.contains("--watch-rounds"))
        XCTAssertEqual(try table("uikit-sources").filter { $0.tags.contains("repeatable") }.map(\.name), ["--exclude", "--add-import"])
    }
}
