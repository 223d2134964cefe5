import FlipbookPipelineTestSupport
import Foundation
import XCTest

@testable import Flipbook
@testable import FlipbookOutput
@testable import FlipbookRender

/// Where output goes, run through `flipbook` as a user meets it: a transition's name never
/// writes outside the folder the user named, folders flipbook did not write are never replaced,
/// and a dying or lying ffmpeg never costs the frames or replaces a good video.
final class OutputContainmentTests: ScratchFolderTestCase {
    /// A transition file `file` in the test folder with `name` (nil: none) and no layers, 0.1 s long.
    func transitionFile(_ file: String, name: String?) throws -> String {
        var members = [#""layers": []"#, #""timing": {"curve": "linear", "duration": 0.1}"#]
        if let name { members.insert("\"name\": \(jsonString(name))", at: 0) }
        try "{\(members.joined(separator: ", "))}".write(toFile: path(file), atomically: true, encoding: .utf8)
        return path(file)
    }

    func jsonString(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]), as: UTF8.self)
            .dropFirst().dropLast().description
    }

    /// Every file and folder under the test folder, relative, sorted.
    func tree() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        var names: [String] = []
        while let name = enumerator?.nextObject() as? String { names.append(name) }
        return names.sorted()
    }

    func flipbook(_ arguments: [String], environment: [String: String?] = [:]) throws -> FlipbookRun {
        try runFlipbook(
            arguments + ["--progress", "none"], in: URL(fileURLWithPath: path("project")), environment: environment,
            timeoutSeconds: 120)
    }

    // MARK: A transition's name

    /// Before: `"name": "../../victim/family"` with `--contact-sheet 'Output/{preset}.png'` wrote
    /// victim/family.png beside the project, and without --out `"../x"` replaced a folder outside
    /// Output/; --video the same.
    func testATransitionNameCannotLeaveTheOutputFolder() throws {
        try FileManager.default.createDirectory(atPath: path("project"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path("victim"), withIntermediateDirectories: true)
        let bin = try fakeFFmpeg("exit 9")
        let hostile: [(name: String, problem: String)] = [
            ("../../victim/family", "it contains '/'"), ("..", "it is '..'"), (".hidden", "it starts with a dot"),
            ("a\u{1B}]0;pwned\u{07}", "it contains the control character U+001B"),
            ("tab\there", "it contains the control character U+0009"),
            ("", "must not be empty")
        ]
        for (name, problem) in hostile {
            let file = try transitionFile("project/t.json", name: name)
            for extra in [["--contact-sheet", "Output/{preset}.png", "--no-frames"], [], ["--video", "Output/{preset}.mp4"]] {
                let run = try flipbook(
                    ["render", "--transition", file, "--scale", "1"] + extra, environment: ["PATH": bin + ":/usr/bin:/bin"])
                XCTAssertEqual(run.status, 1, "\(name) \(extra): \(run.stderr)")
                let expected =
                    name.isEmpty
                    ? "error: \(file): $.name: must not be empty\n"
                    : "error: \(file): $.name: must be a plain file name (it names the outputs, e.g. Output/NAME), but \(problem)\n"
                XCTAssertEqual(run.stderr, expected, "\(extra)")
            }
        }
        // A file's own name stands in when it has none: a hidden file's is refused too.
        let unnamed = try transitionFile("project/.sneaky.json", name: nil)
        let run = try flipbook(["render", "--transition", unnamed, "--scale", "1"])
        XCTAssertEqual(
            run.stderr,
            "error: \(unnamed): $: the file's name cannot name the outputs (it starts with a dot); "
                + "give the transition a \"name\"\n")
        XCTAssertEqual(tree(), ["bin", "bin/ffmpeg", "project", "project/.sneaky.json", "project/t.json", "victim"], "nothing was written")
    }

    /// The substitution itself keeps every derived path inside the folder named before {preset},
    /// whatever the template around it, and a name with spaces and accents still works.
    func testPlaceholderSubstitutionStaysInsideTheNamedFolder() throws {
        try FileManager.default.createDirectory(atPath: path("project"), withIntermediateDirectories: true)
        let file = try transitionFile("project/t.json", name: "Café push")
        let escaping = try flipbook(["render", "--transition", file, "--scale", "1", "--out", "Output/{preset}/../../../x"])
        XCTAssertEqual(
            escaping.stderr, "error: Output/{preset}/../../../x: with the transition's name in place of {preset}, the path leaves Output/\n"
        )
        let good = try flipbook([
            "render", "--transition", file, "--scale", "1", "--frames", "0-0", "--contact-sheet", "Sheets/{preset}.png"
        ])
        XCTAssertEqual(good.status, 0, good.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("project/Output/Café push/frame_0000.png")))
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("project/Sheets/Café push.png")))
    }

    /// A `Transition` built in code is held to the same rule (its name is the {preset} of outputs).
    func testATransitionBuiltInCodeNeedsAPlainName() throws {
        let file = try transitionFile("t.json", name: "fine")
        func settings(_ source: TransitionSource) -> RenderSettings {
            var settings = RenderSettings(transitionFile: file)
            settings.source = source
            settings.labelFontPath = Package.fixtureFont
            settings.sceneFontDirectory = Package.fixtureFonts
            return settings
        }
        let transition = try RenderJob(settings: settings(.file(path: file))).transition
        var renamed = transition
        renamed.name = "../escape"
        XCTAssertThrowsError(try RenderJob(settings: settings(.transition(renamed)))) { error in
            XCTAssertEqual(error as? RenderError, .transitionName(problem: "it contains '/'"))
            XCTAssertEqual(
                "\(error)",
                "the transition's name must be a plain file name (it names the outputs, e.g. Output/NAME), "
                    + "but it contains '/'")
        }
        XCTAssertNoThrow(try RenderJob(settings: settings(.transition(transition))))
    }

    // MARK: Folders flipbook did not write

    /// Before: a folder holding a user's frame_0001.png and an unrelated timeline.json was
    /// replaced, because ownership was decided by the names alone.
    func testAUsersFramesAndTimelineAreNotReplaced() throws {
        let out = path("mine")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try Data("my picture".utf8).write(to: URL(fileURLWithPath: out + "/frame_0001.png"))
        try Data(#"{"mine": true}"#.utf8).write(to: URL(fileURLWithPath: out + "/timeline.json"))
        let run = try runFlipbook(["render", "push", "--scale", "1", "--frames", "0-1", "--out", out, "--progress", "none"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(
            run.stderr,
            "error: \(out): cannot write the output: exists and holds files named like a render, but not one "
                + "flipbook wrote (no flipbook timeline.json with its fingerprint), so they would be deleted; name a new or "
                + "empty directory, or delete them first\n")
        XCTAssertEqual(try String(contentsOfFile: out + "/frame_0001.png", encoding: .utf8), "my picture")
        XCTAssertEqual(try String(contentsOfFile: out + "/timeline.json", encoding: .utf8), #"{"mine": true}"#)
        XCTAssertEqual(tree(), ["mine", "mine/frame_0001.png", "mine/timeline.json"])
    }

    /// Before: `--contact-sheet OUT/frame_0000.png` silently replaced frame 0. A sheet or video
    /// anywhere inside the frame folder (also through another spelling) is refused before rendering.
    func testPreviewsInsideTheFrameFolderAreRefused() throws {
        let out = path("frames")
        XCTAssertEqual(try runFlipbook(["render", "push", "--scale", "1", "--frames", "0-1", "--out", out, "--progress", "none"]).status, 0)
        let bin = try fakeFFmpeg("exit 9")
        let before = tree()
        for (option, preview) in [
            ("--contact-sheet", out + "/frame_0000.png"), ("--contact-sheet", path("./frames/../frames/sub/sheet.png")),
            ("--video", out + "/v.mp4")
        ] {
            let run = try runFlipbook(
                ["render", "push", "--scale", "1", "--frames", "0-1", "--out", out, option, preview, "--progress", "none"],
                environment: ["PATH": bin + ":/usr/bin:/bin"])
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(
                run.stderr,
                "error: \(preview): cannot write the output: it is inside the frame folder \(out), which each render "
                    + "replaces as a whole (a preview there would replace a frame or be deleted with it); write it beside the folder\n")
            XCTAssertEqual(tree(), before)
        }
    }

    /// A video step that fails at the very end (ffmpeg's file is not a whole MP4) leaves the
    /// frames, the sheet and the video of the previous run as they were: all three or none.
    func testAFailingVideoStepLeavesFramesSheetAndVideoAsTheyWere() throws {
        let out = path("frames"), sheet = path("sheet.png"), video = path("v.mp4")
        let lastArgument = #"for last; do :; done"#
        let good = try fakeFFmpeg(
            lastArgument + "\ncat > /dev/null\nprintf '\\0\\0\\0\\10ftyp\\0\\0\\0\\10moov\\0\\0\\0\\10mdat' > \"$last\"")
        let first = try runFlipbook(
            [
                "render", "push", "--scale", "1", "--frames", "0-1", "--out", out, "--contact-sheet", sheet,
                "--video", video, "--progress", "none"
            ], environment: ["PATH": good + ":/usr/bin:/bin"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let frames = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        let timeline = try Data(contentsOf: URL(fileURLWithPath: out + "/timeline.json"))
        let sheetBytes = try Data(contentsOf: URL(fileURLWithPath: sheet)), videoBytes = try Data(contentsOf: URL(fileURLWithPath: video))
        let bad = try fakeFFmpeg(lastArgument + "\ncat > /dev/null\nhead -c 3000 /dev/zero > \"$last\"", folder: "bad")
        let second = try runFlipbook(
            [
                "render", "push", "--scale", "1", "--frames", "0-3", "--out", out, "--contact-sheet", sheet,
                "--video", video, "--progress", "none"
            ], environment: ["PATH": bad + ":/usr/bin:/bin"])
        XCTAssertEqual(second.status, 1, second.stderr)
        XCTAssertTrue(
            second.stderr.contains("error: \(video): ffmpeg reported success, but the video it wrote is incomplete"), second.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), frames)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out + "/timeline.json")), timeline)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: sheet)), sheetBytes)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: video)), videoBytes)
        XCTAssertEqual(tree().filter { $0.hasPrefix(".") }, [], "no temporary files are left")
    }

    /// On a file system without RENAME_EXCHANGE a kill between the two renames left OUT missing
    /// until the next preset run. A transition-file run puts it back too — even one whose file no
    /// longer reads.
    func testATransitionFileRunRestoresAnOutputAKillLeftMissing() throws {
        try FileManager.default.createDirectory(atPath: path("project"), withIntermediateDirectories: true)
        let file = try transitionFile("project/t.json", name: "slide")
        let out = path("out")
        let first = try flipbook(["render", "--transition", file, "--scale", "1", "--frames", "0-1", "--out", out])
        XCTAssertEqual(first.status, 0, first.stderr)
        let previous = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        XCTAssertEqual(rename(out, path(".out.old-\(deadProcessID())-42")), 0) // as a kill between the renames leaves it
        try #"{"name": 5}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let failed = try flipbook(["render", "--transition", file, "--scale", "1", "--out", out])
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), previous)
        XCTAssertEqual(tree().filter { $0.hasPrefix(".") }, [])
    }
}
