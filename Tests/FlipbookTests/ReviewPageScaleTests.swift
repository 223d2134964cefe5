import XCTest
import Foundation

/// A thousand-frame review page in headless Chromium (Tests/ReviewPage/check_thousand_frames.py):
/// it lists every frame, requests only the shown frame and a few ahead (at load and after a
/// jump), and a slider or arrow-key step takes well under a 60 Hz frame on average.
final class ReviewPageScaleTests: XCTestCase {
    func testAThousandFramePageLoadsLazilyAndStaysResponsive() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            throw XCTSkip("chromium is not installed (scripts/test installs it)")
        }
        guard FileManager.default.isExecutableFile(atPath: flipbookExecutable.path) else {
            throw XCTSkip("flipbook is not built at \(flipbookExecutable.path); run `swift build` first")
        }
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (status, text) = try runReviewPageCheck("check_thousand_frames.py", [flipbookExecutable.path, scratch.path])
        XCTAssertEqual(status, 0, text)
        XCTAssertTrue(text.contains("PASS the page lists 1000 frames"), text)
        XCTAssertTrue(text.contains("PASS the jump to frame 500 requested"), text)
    }
}
