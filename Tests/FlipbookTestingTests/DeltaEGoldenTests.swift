import FlipbookImageDiff
import FlipbookRaster
import FlipbookTestSupport
import FlipbookTesting
import XCTest

/// Golden checks in ΔE units: a change nobody sees passes, a visible one fails with the scores.
final class DeltaEGoldenTests: XCTestCase {
    func testInvisibleChangePassesAndVisibleChangeFails() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let grey = solidImage(width: 10, height: 10, packed(128, 128, 128, 255))
        func check(_ image: PremultipliedImage) -> GoldenResult {
            withEnvironment(["FLIPBOOK_RECORD": nil, "CI": nil, "FLIPBOOK_ARTIFACTS": scratch + "/artifacts", "FLIPBOOK_GOLDENS_DIR": nil])
            {
                verifyGolden(of: image, as: .image(deltaE: DeltaETolerance()), named: "grey", goldensDirectory: scratch + "/goldens")
            }
        }
        XCTAssertEqual(check(grey).outcome, .recorded)
        // Every pixel one level lighter: ΔE ≈ 0.35 everywhere, under the default mean 0.5 and p99 1.
        let lighter = solidImage(width: 10, height: 10, packed(129, 129, 129, 255))
        let step = ColorDifference.ciede2000(LabColor(sRGBRed: 128, green: 128, blue: 128), LabColor(sRGBRed: 129, green: 129, blue: 129))
        XCTAssertLessThan(step, 0.5)
        let passing = check(lighter)
        XCTAssertEqual(passing.outcome, .matched, passing.message)
        // Ten levels: ΔE ≈ 3.5, plainly visible.
        let result = check(solidImage(width: 10, height: 10, packed(138, 138, 138, 255)))
        XCTAssertEqual(result.outcome, .mismatched)
        XCTAssertTrue(result.message.contains("ΔE2000 mean"), result.message)
        XCTAssertTrue(result.message.contains("(allowed: mean ΔE 0.5, p99 ΔE 1)"), result.message)
    }

    /// The same in FLIP units, with FLIPTests' pairs (NVIDIA's scores): every channel one level
    /// up (mean 0.0396, p99 under 0.05) passes the default limits, a square moved by a pixel fails.
    func testFLIPToleranceAcceptsALevelAndRejectsAMove() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        func check(_ image: PremultipliedImage, _ name: String) -> GoldenResult {
            withEnvironment(["FLIPBOOK_RECORD": nil, "CI": nil, "FLIPBOOK_ARTIFACTS": scratch + "/artifacts", "FLIPBOOK_GOLDENS_DIR": nil])
            {
                verifyGolden(of: image, as: .image(flip: FLIPTolerance()), named: name, goldensDirectory: scratch + "/goldens")
            }
        }
        let gradient = FLIPTests.pairs["gradientPlusOne"]!, square = FLIPTests.pairs["squareMovedOnePixel"]!
        XCTAssertEqual(check(FLIPTests.image(gradient.reference), "gradient").outcome, .recorded)
        let passing = check(FLIPTests.image(gradient.actual), "gradient")
        XCTAssertEqual(passing.outcome, .matched, passing.message)
        XCTAssertTrue(passing.message.contains("FLIP mean 0.0396"), passing.message)
        XCTAssertEqual(check(FLIPTests.image(square.reference), "square").outcome, .recorded)
        let failing = check(FLIPTests.image(square.actual), "square")
        XCTAssertEqual(failing.outcome, .mismatched)
        XCTAssertTrue(failing.message.contains("(allowed: mean FLIP 0.05, p99 FLIP 0.1)"), failing.message)
    }
}
