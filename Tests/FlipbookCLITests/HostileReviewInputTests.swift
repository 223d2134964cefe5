import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// Render folders from a pull request, read by `flipbook review` and `flipbook merge`: their
/// `timeline.json` and frames are untrusted input, and what the review page embeds of them must
/// not break the page.
final class HostileReviewInputTests: XCTestCase {
    /// A pop driven by a synthesised pan (its timeline has `interactive.releaseFrame` and every
    /// frame a phase) on iPhone SE at 1×, 10 fps: 7 frames.
    static let pan = [
        "pop", "--pan-to", "200", "--pan-duration", "0.3", "--device", "se", "--scale", "1", "--fps", "10",
        "--font", Package.fixtureFont, "--progress", "none"
    ]

    func render(_ arguments: [String], to folder: String) throws {
        let run = try runFlipbook(["render"] + arguments + ["--out", folder])
        XCTAssertEqual(run.status, 0, run.stderr)
    }

    /// `timeline.json` of `folder` with `edit` applied to its JSON object.
    func editTimeline(_ folder: String, _ edit: (inout [String: Any]) -> Void) throws {
        let path = folder + "/timeline.json"
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        edit(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
    }

    /// A frame index or `releaseFrame` of 1e300 trapped `review` on an integer conversion, and
    /// `merge` copied such a timeline into its output. Every number read from a timeline is
    /// checked — range, whole numbers, finite — and an error names the file and the field.
    func testEveryTimelineNumberIsValidatedByReviewAndMerge() throws {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = scratch.appendingPathComponent("pan").path
        try render(Self.pan, to: folder)
        let original = try Data(contentsOf: URL(fileURLWithPath: folder + "/timeline.json"))
        let cases: [(String, (inout [String: Any]) -> Void)] = [
            (
                "frames[2].index: must be 2 (the frame's place in the list), not 1e+300",
                { timeline in
                    var frames = timeline["frames"] as! [[String: Any]]
                    frames[2]["index"] = 1e300
                    timeline["frames"] = frames
                }
            ),
            (
                "frames[2].index: must be 2 (the frame's place in the list), not 2.5",
                { timeline in
                    var frames = timeline["frames"] as! [[String: Any]]
                    frames[2]["index"] = 2.5
                    timeline["frames"] = frames
                }
            ),
            (
                "interactive.releaseFrame: must be a whole number from 0 to 6, not 1e+300",
                { timeline in
                    var interactive = timeline["interactive"] as! [String: Any]
                    interactive["releaseFrame"] = 1e300
                    timeline["interactive"] = interactive
                }
            ),
            (
                "frames[4].time: must be a number of seconds from 0 to 1220, not -1",
                { timeline in
                    var frames = timeline["frames"] as! [[String: Any]]
                    frames[4]["time"] = -1
                    timeline["frames"] = frames
                }
            ),
            (
                "frames[1].progress: must be a number, not null",
                { timeline in
                    var frames = timeline["frames"] as! [[String: Any]]
                    frames[1]["progress"] = NSNull()
                    timeline["frames"] = frames
                }
            ),
            ("fps: must be a number greater than 0, not -30", { $0["fps"] = -30 }),
            ("frameCount: must be 7 (the frames listed), not 8", { $0["frameCount"] = 8 }),
            (
                "device.scale: must be a number greater than 0, not 0",
                { timeline in
                    var device = timeline["device"] as! [String: Any]
                    device["scale"] = 0
                    timeline["device"] = device
                }
            )
        ]
        for (message, edit) in cases {
            try original.write(to: URL(fileURLWithPath: folder + "/timeline.json"))
            try editTimeline(folder, edit)
            let review = try runFlipbook(["review", folder, "--out", scratch.appendingPathComponent("page").path])
            XCTAssertEqual(review.status, 2, "review, \(message): \(review.stderr.suffix(600))")
            XCTAssertEqual(review.errorLines, ["error: \(folder)/timeline.json: \(message)"], "review")
            let merge = try runFlipbook(["merge", folder, "--out", scratch.appendingPathComponent("merged-\(message.prefix(12))").path])
            XCTAssertEqual(merge.status, 1, "merge, \(message): \(merge.stdout)")
            XCTAssertEqual(merge.errorLines, ["error: \(folder): not a flipbook render: timeline.json: \(message)"], "merge")
        }
    }

    /// `<!--<script` in a folder name (or a device, phase, label, `--rerecord` text) put the
    /// script element holding the page's data into a state where its end tag no longer ended it:
    /// the page stayed blank. What the page's script embeds escapes `<`, so the data element
    /// ends at its own end tag and the page runs, whatever the names say.
    func testNamesThatLookLikeMarkupDoNotBreakThePage() throws {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let hostile = "a<!--<script>x<\u{2028}\u{2029}"
        let reference = scratch.appendingPathComponent("ref " + hostile).path, actual = scratch.appendingPathComponent("act").path
        try render(Self.pan, to: reference)
        try render(Self.pan + ["--damping", "0.9"], to: actual)
        try editTimeline(reference) { timeline in
            var frames = timeline["frames"] as! [[String: Any]]
            frames[1]["phase"] = "</script><!--<script>"
            timeline["frames"] = frames
            var device = timeline["device"] as! [String: Any]
            device["name"] = "<!--<script "
            timeline["device"] = device
        }
        let page = scratch.appendingPathComponent("page").path
        let run = try runFlipbook(["review", reference, actual, "--out", page, "--rerecord", "echo '<!--<script>' </script>"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let html = try String(contentsOfFile: page + "/index.html", encoding: .utf8)
        let open = #"<script id="data" type="application/json">"#
        let start = try XCTUnwrap(html.range(of: open)).upperBound
        let end = try XCTUnwrap(html.range(of: "</script", range: start..<html.endIndex)).lowerBound
        let data = String(html[start..<end])
        XCTAssertFalse(data.contains("<"), "no '<' inside the data element")
        XCTAssertFalse(data.contains("\u{2028}") || data.contains("\u{2029}"), "no line or paragraph separator")
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        XCTAssertEqual(parsed["title"] as? String, reference + " vs " + actual, "the data element holds the whole data")
        XCTAssertEqual(parsed["rerecord"] as? String, "echo '<!--<script>' </script>")

        // In a browser: the page's script ran (it fills in the title) and threw nothing.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else { throw XCTSkip("chromium is not installed") }
        let (dom, log) = try chromiumDOM(page + "/index.html", profile: scratch.appendingPathComponent("chromium").path)
        XCTAssertFalse(log.contains("Uncaught"), log)
        XCTAssertTrue(
            dom.contains(
                "<h1 id=\"title\">\(reference.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;"))"),
            String(dom.prefix(3000)))
        XCTAssertTrue(dom.contains("frame 0 (1 of 7)"), "the frame label is filled in")
    }

    /// `merge` accepted a frame cut to 100 bytes and reported success. Every frame is checked
    /// whole before anything is written — signature, chunk lengths and CRCs, IHDR first, IDAT,
    /// IEND last — without decoding it.
    func testMergeRefusesDamagedFrames() throws {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let one = scratch.appendingPathComponent("one").path, two = scratch.appendingPathComponent("two").path
        let out = scratch.appendingPathComponent("merged").path
        let push = ["push", "--device", "se", "--scale", "1", "--fps", "10", "--font", Package.fixtureFont, "--progress", "none"]
        try render(push + ["--shard", "1/2"], to: one)
        try render(push + ["--shard", "2/2"], to: two)
        let frame = two + "/frame_0005.png"
        let whole = try Data(contentsOf: URL(fileURLWithPath: frame))
        var flipped = whole
        flipped[whole.count / 2] ^= 0x01
        let damaged: [(Data, String)] = [
            (whole.prefix(100), "the file ends inside the IDAT chunk at byte "),
            (whole.dropLast(12), "the file ends before the IEND chunk"),
            (flipped, "the CRC of the IDAT chunk at byte "),
            (whole + Data([0]), "1 byte after the IEND chunk")
        ]
        for (bytes, reason) in damaged {
            try bytes.write(to: URL(fileURLWithPath: frame))
            let run = try runFlipbook(["merge", one, two, "--out", out])
            XCTAssertEqual(run.status, 1, "\(reason): \(run.stdout)")
            XCTAssertEqual(run.errorLines.count, 1, run.stderr)
            XCTAssertTrue(run.stderr.hasPrefix("error: \(frame): not a whole PNG file: "), run.stderr)
            XCTAssertTrue(run.stderr.contains(reason), run.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing is written")
        }
        try whole.write(to: URL(fileURLWithPath: frame))
        let run = try runFlipbook(["merge", one, two, "--out", out])
        XCTAssertEqual(run.status, 0, run.stderr)
    }
}
