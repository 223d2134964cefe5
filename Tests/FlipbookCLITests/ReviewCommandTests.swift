import FlipbookCodecs
import FlipbookPipelineTestSupport
import FlipbookRaster
import Foundation
import XCTest

/// `flipbook lock`/`verify` and `flipbook review` as a user runs them, and the review page in
/// headless Chromium (Tests/ReviewPage/check_review_page.py, when chromium and Pillow exist).
final class ReviewCommandTests: XCTestCase {
    static let small = TestScenes.smallPush

    func testLockThenVerifyPassesAndAChangedOptionFailsWithAPage() throws {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let lock = scratch.appendingPathComponent("push.lock").path
        let made = try runFlipbook(["lock"] + Self.small + ["--out", lock])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stdout.hasPrefix("push: 8 frames locked, "), made.stdout)
        let text = try String(contentsOfFile: lock, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("flipbook-lock 2\nname: push\nargument: push\nargument: --device\n"), text)

        let same = try runFlipbook(["verify", lock])
        XCTAssertEqual(same.status, 0, same.stdout + same.stderr)
        XCTAssertTrue(same.stdout.hasPrefix("\(lock): push: all 8 frames match"), same.stdout)

        let page = scratch.appendingPathComponent("page").path, markdown = scratch.appendingPathComponent("summary.md").path
        let changed = try runFlipbook(["verify", lock, "--damping", "0.8", "--review", page, "--markdown", markdown])
        XCTAssertEqual(changed.status, 1, changed.stdout + changed.stderr)
        XCTAssertTrue(changed.stdout.contains("frames differ (first: frame 1); geometry changed in "), changed.stdout)
        XCTAssertTrue(changed.stdout.contains("rect.y "), changed.stdout)
        XCTAssertTrue(changed.stdout.contains("If the change is intended, re-record: flipbook lock push --device se"), changed.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: page + "/index.html"))
        // Two sides: the lock drawn from its display lists, and the current render, 8 frames each.
        let html = try String(contentsOfFile: page + "/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("push.lock (drawn from its display lists)"), "the page names the lock side")
        for side in ["side0", "side1"] {
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: page + "/" + side).filter { $0.hasSuffix(".png") }.count, 8, side)
        }
        // The lock side's first frame is the locked render's: frame 0 is the same for both springs.
        XCTAssertTrue(FileManager.default.contentsEqual(atPath: page + "/side0/f00000.png", andPath: page + "/side1/f00000.png"))
        XCTAssertFalse(FileManager.default.contentsEqual(atPath: page + "/side0/f00001.png", andPath: page + "/side1/f00001.png"))
        XCTAssertTrue(try String(contentsOfFile: markdown, encoding: .utf8).contains("First differing frame: **1**"))

        let broken = scratch.appendingPathComponent("broken.lock").path
        try "flipbook-lock 1\nframe x\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let bad = try runFlipbook(["verify", broken])
        XCTAssertEqual(bad.status, 2, "a broken lock is not a changed render")
        XCTAssertEqual(bad.errorLines, ["error: \(broken):2: a frame line is 'frame N time=T progress=P pixels=HEX16'"])
    }

    /// `diff --metric flip` on FLIPTests' square moved by one pixel (NVIDIA's flip_evaluator: mean
    /// 0.07279, p99 0.58447, max 0.58948): fails the default limits, passes looser ones, writes
    /// the magma heat map.
    /// The lock's saved arguments drop only the `--out` option: a value that reads `--out` (here
    /// `--font`'s, a font file named `--out`) and what follows `--` are arguments of the render.
    func testLockKeepsAValueThatReadsDashDashOut() throws {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.copyItem(atPath: Package.fixtureFont, toPath: scratch.appendingPathComponent("--out").path)
        let arguments = ["--device", "se", "--scale", "1", "--fps", "10", "--font", "--out", "--out", "push.lock", "--", "push"]
        let made = try runFlipbook(["lock"] + arguments, in: scratch)
        XCTAssertEqual(made.status, 0, made.stderr)
        let text = try String(contentsOfFile: scratch.appendingPathComponent("push.lock").path, encoding: .utf8)
        let saved = text.split(separator: "\n").filter { $0.hasPrefix("argument: ") }.map { $0.dropFirst("argument: ".count) }
        XCTAssertEqual(saved, ["--device", "se", "--scale", "1", "--fps", "10", "--font", "--out", "--", "push"])
        let same = try runFlipbook(["verify", "push.lock"], in: scratch)
        XCTAssertEqual(same.status, 0, same.stdout + same.stderr)
    }

    func testDiffWithTheFLIPMetric() throws {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        func write(_ dx: Int, _ name: String) throws -> String {
            var pixels: [UInt32] = []
            for y in 0..<24 {
                for x in 0..<32 {
                    let inside = (8 + dx..<16 + dx).contains(x) && (6..<14).contains(y)
                    pixels.append(inside ? 0xFFC8_3C1E : 0xFFC8_C8C8) // (30, 60, 200) on (200, 200, 200)
                }
            }
            let path = scratch.appendingPathComponent(name).path
            try Data(PNGEncoder.encode(PremultipliedImage(width: 32, height: 24, pixels: pixels))).write(to: URL(fileURLWithPath: path))
            return path
        }
        let a = try write(0, "a.png"), b = try write(1, "b.png"), heat = scratch.appendingPathComponent("heat.png").path
        let failing = try runFlipbook(["diff", a, b, "--metric", "flip", "--out", heat])
        XCTAssertEqual(failing.status, 1, failing.stderr)
        XCTAssertTrue(failing.stdout.hasPrefix("FLIP mean 0.0728, p99 0.5845, max 0.5895; "), failing.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: heat))
        let passing = try runFlipbook(["diff", a, b, "--metric", "flip", "--max-mean", "0.08", "--max-p99", "0.6"])
        XCTAssertEqual(passing.status, 0, passing.stdout)
        XCTAssertTrue(passing.stdout.hasSuffix("(within --max-mean and --max-p99)\n"), passing.stdout)
        let usage = try runFlipbook(["diff", a, b, "--metric", "flip", "--tolerance", "3"])
        XCTAssertEqual(usage.status, 64)
        let range = try runFlipbook(["diff", a, b, "--metric", "flip", "--max-mean", "2"])
        XCTAssertEqual(range.status, 64, "FLIP is 0…1")
    }

    func testAPageIsReplacedByTheNextReviewButAForeignFolderIsNot() throws {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let a = scratch.appendingPathComponent("a").path, page = scratch.appendingPathComponent("page").path
        XCTAssertEqual(try runFlipbook(["render"] + Self.small + ["--fps", "5", "--out", a]).status, 0)
        for round in 1...2 {
            let review = try runFlipbook(["review", a, a, "--out", page, "--markdown", page + ".md"])
            XCTAssertEqual(review.status, 0, "round \(round): " + review.stderr)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: page + "/side1/f00000.png"))
        try FileManager.default.createDirectory(atPath: page + "/notes", withIntermediateDirectories: false)
        let refused = try runFlipbook(["review", a, a, "--out", page])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("exists and holds 'notes', which flipbook did not write"), refused.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: page + "/notes"), "the user's folder stays")
    }

    /// The page's and the summary's facts are written as people write numbers: a duration and a
    /// damping ratio that arithmetic left at 0.7000000000000001 and 0.6000000000000001 read
    /// 0.7 s and 0.6 (the frames' times in the page's data keep every digit).
    func testFactsAreWrittenAsPeopleWriteNumbers() throws {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let a = scratch.appendingPathComponent("a").path, b = scratch.appendingPathComponent("b").path
        let long = try runFlipbook(
            ["render"] + Self.small + ["--duration", "0.7000000000000001", "--damping", "0.6000000000000001", "--out", a])
        XCTAssertEqual(long.status, 0, long.stderr)
        XCTAssertEqual(try runFlipbook(["render"] + Self.small + ["--duration", "0.5", "--out", b]).status, 0)
        let timeline = try String(contentsOfFile: a + "/timeline.json", encoding: .utf8)
        XCTAssertTrue(timeline.contains("0.7000000000000001") && timeline.contains("0.6000000000000001"), "timeline.json keeps every digit")
        let page = scratch.appendingPathComponent("review").path, markdown = scratch.appendingPathComponent("review.md").path
        let review = try runFlipbook(["review", a, b, "--out", page, "--markdown", markdown])
        XCTAssertEqual(review.status, 1, review.stderr)
        let html = try String(contentsOfFile: page + "/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains(#"["duration", "0.7 s → 0.5 s"]"#), html)
        XCTAssertTrue(html.contains("dampingRatio 0.6,") && !html.contains("dampingRatio 0.6000000000000001"), html)
        let summary = try String(contentsOfFile: markdown, encoding: .utf8)
        XCTAssertTrue(summary.contains("The reference has 8 frames ending at 0.7 s, the actual 6 frames ending at 0.5 s"), summary)
        XCTAssertFalse(summary.contains("0000000"), summary)
        XCTAssertTrue(review.stdout.contains("ending at 0.7 s"), review.stdout)
    }

    /// A change of duration: 8 frames against 6 (0.7 s and 0.5 s at 10 fps). The page compares
    /// them on one time axis, the shorter holding its last frame, and the counts read as such.
    func testSequencesOfDifferentLengthsAreReviewedOnACommonTimeAxis() throws {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let a = scratch.appendingPathComponent("a").path, b = scratch.appendingPathComponent("b").path
        XCTAssertEqual(try runFlipbook(["render"] + Self.small + ["--duration", "0.7", "--out", a]).status, 0)
        XCTAssertEqual(try runFlipbook(["render"] + Self.small + ["--duration", "0.5", "--out", b]).status, 0)
        let page = scratch.appendingPathComponent("review").path, markdown = scratch.appendingPathComponent("review.md").path
        let review = try runFlipbook(["review", a, b, "--out", page, "--markdown", markdown])
        XCTAssertEqual(review.status, 1, review.stderr)
        // 0.7 s at 10 fps is frames 0…7, 0.5 s frames 0…5: 8 moments, 6 of them shared.
        XCTAssertTrue(
            review.stdout.contains(
                " of 8 frames differ; first differing frame 1 (the reference has 8 frames ending at 0.7 s, "
                    + "the actual 6 frames ending at 0.5 s; compared on a common time axis of 8 frames"), review.stdout)
        let summary = try String(contentsOfFile: markdown, encoding: .utf8)
        XCTAssertTrue(summary.contains("frames\n\nThe reference has 8 frames ending at 0.7 s, the actual 6 frames"), summary)
        XCTAssertTrue(summary.contains("| 6 (actual 5 held) |"), summary)
        let html = try String(contentsOfFile: page + "/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains(#"["frames", "8 → 6"]"#) && html.contains(#"["duration", "0.7 s → 0.5 s"]"#), html)
        XCTAssertTrue(html.contains(#""sides": [[7, false], [5, true]]"#), "the last frame: the actual holds its frame 5")
        // Each side's folder has a file per page frame: the held one is its last frame again.
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: page + "/side1/f00007.png")),
            try Data(contentsOf: URL(fileURLWithPath: b + "/frame_0005.png")))
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            throw XCTSkip("chromium is not installed (scripts/test installs it): the page is not checked in a browser")
        }
        let (status, text) = try runReviewPageCheck("check_lengths.py", [page, "8", "6"])
        XCTAssertEqual(status, 0, text)
        XCTAssertTrue(text.contains("PASS two curves are drawn (2)"), text)
    }

    /// `verify --review` of a render shorter than its lock (another duration) draws both: the
    /// lock's 8 frames and the render's 6 on one time axis, the render holding its last frame.
    func testVerifyReviewOfAnotherDurationDrawsTheLockOnACommonTimeAxis() throws {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let lock = scratch.appendingPathComponent("push.lock").path
        XCTAssertEqual(try runFlipbook(["lock"] + Self.small + ["--out", lock]).status, 0)
        let page = scratch.appendingPathComponent("page").path
        let shorter = try runFlipbook(["verify", lock, "--duration", "0.5", "--review", page])
        XCTAssertEqual(shorter.status, 1, shorter.stdout + shorter.stderr)
        XCTAssertTrue(
            shorter.stdout.contains(" of 8 frames differ (first: frame 1); ")
                && shorter.stdout.contains("the lock holds 8 frames, the render 6"),
            shorter.stdout)
        let html = try String(contentsOfFile: page + "/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("push.lock (drawn from its display lists)"), "the lock side is drawn")
        XCTAssertTrue(html.contains(#"["frames", "8 → 6"]"#), "the facts give both lengths")
        XCTAssertTrue(html.contains(#""sides": [[7, false], [5, true]]"#), "the last moment: lock frame 7, the render's frame 5 held")
        for side in ["side0", "side1"] {
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: page + "/" + side).filter { $0.hasSuffix(".png") }.count, 8, side)
        }
        XCTAssertTrue(FileManager.default.contentsEqual(atPath: page + "/side1/f00005.png", andPath: page + "/side1/f00007.png"), "held")
        XCTAssertTrue(FileManager.default.contentsEqual(atPath: page + "/side0/f00000.png", andPath: page + "/side1/f00000.png"))
    }

    func testReviewPageMatchesAnIndependentComputationInChromium() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            throw XCTSkip("chromium is not installed (scripts/test installs it)")
        }
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let a = scratch.appendingPathComponent("a").path, b = scratch.appendingPathComponent("b").path
        XCTAssertEqual(try runFlipbook(["render"] + Self.small + ["--out", a]).status, 0)
        XCTAssertEqual(try runFlipbook(["render"] + Self.small + ["--damping", "0.8", "--out", b]).status, 0)
        let page = scratch.appendingPathComponent("review").path, markdown = scratch.appendingPathComponent("review.md").path
        let review = try runFlipbook(["review", a, b, "--out", page, "--markdown", markdown])
        XCTAssertEqual(review.status, 1, review.stderr)
        XCTAssertTrue(review.stdout.contains("first differing frame 1 → \(page)/index.html"), review.stdout)
        XCTAssertTrue(try String(contentsOfFile: markdown, encoding: .utf8).contains("First differing frame: **1**"))
        let identical = try runFlipbook(["review", a, a, "--out", scratch.appendingPathComponent("same").path])
        XCTAssertEqual(identical.status, 0, identical.stdout)
        XCTAssertEqual(try runFlipbook(["review", a, "--out", scratch.appendingPathComponent("one").path]).status, 0)

        let (status, text) = try runReviewPageCheck("check_review_page.py", [page, a, b])
        XCTAssertEqual(status, 0, text)
        XCTAssertTrue(text.contains("PASS first differing frame is 1"), text)
        XCTAssertTrue(text.contains("PASS mode difference draws both frames"), text)
    }
}
