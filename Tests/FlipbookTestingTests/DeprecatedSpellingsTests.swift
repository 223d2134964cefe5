import Flipbook
import FlipbookImageDiff
import FlipbookRaster
import FlipbookTestSupport
import FlipbookTesting
import Foundation
import XCTest

/// The spellings from before every value went through a strategy still compile (deprecated, so a
/// user's build warns) and run the same check as the strategy they name. The tests are marked
/// deprecated themselves, so calling them warns nowhere.
final class DeprecatedSpellingsTests: XCTestCase {
    var scratch = ""

    override func setUpWithError() throws {
        scratch = try makeScratchDirectory()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// The same outcome and message as `verifyGolden(of:as:named:)` for a recording, then a match.
    func assertSameAsTheStrategy(_ old: () -> GoldenResult, _ new: () -> GoldenResult, file: StaticString = #filePath, line: UInt = #line) {
        withEnvironment(["CI": nil, "FLIPBOOK_RECORD": nil, "FLIPBOOK_ARTIFACTS": scratch + "/artifacts", "FLIPBOOK_GOLDENS_DIR": nil]) {
            let recorded = old()
            XCTAssertEqual(recorded.outcome, .recorded, recorded.message, file: file, line: line)
            let oldMatch = old(), newMatch = new()
            XCTAssertEqual(oldMatch.outcome, .matched, oldMatch.message, file: file, line: line)
            XCTAssertEqual(oldMatch.message, newMatch.message, file: file, line: line)
            XCTAssertEqual(oldMatch.referencePath, newMatch.referencePath, file: file, line: line)
        }
    }

    @available(*, deprecated)
    func testGoldenImageVerifyIsTheImageStrategy() {
        let image = gradientImage(width: 4, height: 3)
        assertSameAsTheStrategy(
            { GoldenImage.verify(image, named: "a", tolerance: 1, goldensDirectory: self.scratch) },
            { verifyGolden(of: image, as: .image(tolerance: 1), named: "a", goldensDirectory: self.scratch) })
        assertSameAsTheStrategy(
            { GoldenImage.verify(image, named: "b", deltaE: DeltaETolerance(), goldensDirectory: self.scratch) },
            { verifyGolden(of: image, as: .image(deltaE: DeltaETolerance()), named: "b", goldensDirectory: self.scratch) })
        assertSameAsTheStrategy(
            { GoldenImage.verify(image, named: "c", flip: FLIPTolerance(), goldensDirectory: self.scratch) },
            { verifyGolden(of: image, as: .image(flip: FLIPTolerance()), named: "c", goldensDirectory: self.scratch) })
    }

    @available(*, deprecated)
    func testGoldenSequenceVerifyIsTheSequenceStrategy() throws {
        var settings = RenderSettings(preset: .fadePresent)
        settings.scene.device.scale = 0.25 // a few small frames: the lock is what is checked
        settings.framesPerSecond = 5
        let job = try RenderJob(settings: settings)
        assertSameAsTheStrategy(
            { GoldenSequence.verify(job, named: "fade", goldensDirectory: self.scratch) },
            { verifyGolden(of: job, as: .sequence, named: "fade", goldensDirectory: self.scratch) })
        withEnvironment(["CI": nil, "FLIPBOOK_RECORD": nil]) {
            XCTAssertTrue(assertGoldenSequence(job, named: "fade", goldensDirectory: scratch).passed)
        }
    }

    @available(*, deprecated)
    func testTheOldAssertionsPassOnAMatch() {
        let image = gradientImage(width: 4, height: 3)
        withEnvironment(["CI": nil, "FLIPBOOK_RECORD": nil, "FLIPBOOK_ARTIFACTS": scratch + "/artifacts"]) {
            // Recorded through the strategy, then each old spelling matches without a failure.
            XCTAssertEqual(verifyGolden(of: image, as: .image, named: "d", goldensDirectory: scratch).outcome, .recorded)
            XCTAssertTrue(assertGolden(image, named: "d", goldensDirectory: scratch).passed)
            XCTAssertTrue(assertGolden(image, named: "d", deltaE: DeltaETolerance(), goldensDirectory: scratch).passed)
            XCTAssertTrue(assertGolden(image, named: "d", flip: FLIPTolerance(), goldensDirectory: scratch).passed)
        }
    }
}
