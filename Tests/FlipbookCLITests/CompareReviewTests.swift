import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// `flipbook compare … --review PAGE`: every variant a side of one review page, under one playhead.
final class CompareReviewTests: XCTestCase {
    func testEveryVariantIsASideOfThePageAndSideBySideShowsThemAll() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("page").path
        let run = try runFlipbook([
            "compare", "push", "--vary", "damping=0.6,0.8,1", "--scale", "1", "--fps", "10", "--sheet-frames", "2",
            "--out", directory.appendingPathComponent("sheet.png").path, "--review", page, "--progress", "none"
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        // push lasts 0.7 s: 8 frames at 10 fps.
        XCTAssertTrue(run.stdout.contains("review: 3 variants × 8 frames → \(page)/index.html"), run.stdout)
        let html = try String(contentsOfFile: page + "/index.html", encoding: .utf8)
        for (side, label) in ["damping 0.6", "damping 0.8", "damping 1"].enumerated() {
            XCTAssertTrue(html.contains("{\"label\": \"\(label)\", \"folder\": \"side\(side)\"}"), label)
            let files = try FileManager.default.contentsOfDirectory(atPath: page + "/side\(side)").sorted()
            XCTAssertEqual(files, (0..<8).map { "f0000\($0).png" })
        }
        // Frame 0 is the start for every damping; later frames of 0.6 and 0.8 differ.
        XCTAssertTrue(
            html.contains("{\"index\": 0, \"time\": 0, \"progress\": 0, \"mean\": 0, \"p99\": 0, \"max\": 0, \"differing\": 0}"), html)

        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else { throw XCTSkip("chromium is not installed") }
        let (dom, log) = try chromiumDOM(page + "/index.html", profile: directory.appendingPathComponent("chromium").path)
        XCTAssertFalse(log.contains("Uncaught"), log)
        // Side by side (the first mode): one pane per variant, each showing its frame 0.
        for side in 0..<3 {
            XCTAssertTrue(dom.contains("data-side=\"\(side)\""), dom)
            XCTAssertTrue(dom.contains("src=\"side\(side)/f00000.png\""), dom)
        }
        XCTAssertEqual(dom.components(separatedBy: "class=\"pane\"").count - 1, 3)
    }
}
