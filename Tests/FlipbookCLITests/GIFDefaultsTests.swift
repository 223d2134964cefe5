import Flipbook
import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// A GIF render says what it will cost before it starts, and runs at a frame rate a GIF plays.
final class GIFDefaultsTests: XCTestCase {
    func testAGIFRendersAt30FPSAndSaysItsSizeFirst() throws {
        guard (try? VideoExport.locateFFmpeg()) != nil else { throw XCTSkip("ffmpeg is not on PATH") }
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let gif = directory.appendingPathComponent("push.gif").path
        let run = try runFlipbook([
            "render", "push", "--scale", "1", "--frames", "0-1", "--video", gif, "--no-frames",
            "--progress", "none"
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        // push lasts 0.7 s: 22 frames at 30 fps (43 at 60).
        XCTAssertTrue(run.stdout.hasPrefix("push: 2 frames (frames 0-1 of 22), 375x667 px"), run.stdout)
        XCTAssertEqual(run.errorLines.first, "note: rendering at 30 fps for the GIF (give --fps to choose; GIFs play right up to 50)")
        // 375×667 × 2 frames × 0.2 and 0.4 bytes per pixel.
        XCTAssertTrue(
            run.errorLines.contains(
                "note: the GIF will be about 0.1–0.2 MB (375x667, 2 frames; smaller: --video-scale, --fps, or an .mp4)"),
            run.stderr)
        let bytes = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: gif)[.size] as? Int)
        XCTAssertTrue(run.stdout.hasSuffix("video → \(gif) (\(String(format: "%.1f", Double(bytes) / 1e6)) MB)\n"), run.stdout)

        // --fps chooses; above 50 the warning comes before the render too.
        let sixty = try runFlipbook([
            "render", "push", "--scale", "1", "--frames", "0-0", "--fps", "60", "--video", gif, "--no-frames",
            "--progress", "none"
        ])
        XCTAssertEqual(sixty.status, 0, sixty.stderr)
        XCTAssertTrue(sixty.stdout.hasPrefix("push: 1 frame (frames 0-0 of 43)"), sixty.stdout)
        XCTAssertTrue(sixty.errorLines.first?.hasPrefix("warning: GIF frame delays are whole centiseconds") == true, sixty.stderr)
    }
}
