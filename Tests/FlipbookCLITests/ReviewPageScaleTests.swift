import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// Review pages of long sequences in headless Chromium (Tests/ReviewPage/): a thousand frames
/// load lazily and scrub quickly; the longest render's 292 800 frames work at all.
final class ReviewPageScaleTests: XCTestCase {
    /// Runs `Tests/ReviewPage/SCRIPT FLIPBOOK SCRATCH` and returns what it printed, after checking
    /// it exited 0; skips without chromium or a built flipbook.
    func runScaleCheck(_ script: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            throw XCTSkip("chromium is not installed (scripts/test installs it)")
        }
        guard FileManager.default.isExecutableFile(atPath: flipbookExecutable.path) else {
            throw XCTSkip("flipbook is not built at \(flipbookExecutable.path); run `swift build` first")
        }
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (status, text) = try runReviewPageCheck(script, [flipbookExecutable.path, scratch.path])
        XCTAssertEqual(status, 0, text)
        return text
    }

    /// check_thousand_frames.py: the page lists every frame, requests only the shown frame and a
    /// few ahead (at load and after a jump), and a slider or arrow-key step takes well under a
    /// 60 Hz frame on average.
    func testAThousandFramePageLoadsLazilyAndStaysResponsive() throws {
        let text = try runScaleCheck("check_thousand_frames.py")
        XCTAssertTrue(text.contains("PASS the page lists 1000 frames"), text)
        XCTAssertTrue(text.contains("PASS the jump to frame 500 requested"), text)
    }

    /// A 130 000-frame sequence made the page throw "Maximum call stack size exceeded" (its
    /// script spread the frames into `Math.max`) and show nothing; renders reach 292 800 frames.
    /// check_long_sequence.py gives the page's script the data of 292 800 frames: it loads,
    /// draws its curve and strip, scrubs to the last frame, jumps between differing frames and
    /// plays, without an error.
    func testAPageOfTheLongestSequenceWorks() throws {
        let text = try runScaleCheck("check_long_sequence.py")
        XCTAssertTrue(text.contains("PASS the page lists 292800 frames"), text)
        XCTAssertTrue(text.contains("PASS the slider reached the last frame"), text)
        XCTAssertTrue(text.contains("PASS the next differing frame is 146400"), text)
    }
}
