import FlipbookImageDiff
import FlipbookRaster
import FlipbookTesting
import XCTest

final class ImageComparisonTests: XCTestCase {
    let base = solidImage(width: 4, height: 3, packed(200, 100, 50, 255))

    func testIdenticalImages() {
        let comparison = ImageComparison.compare(base, base)
        assertCounts(comparison, compared: 12, differing: 0, largest: 0)
        XCTAssertTrue(comparison.passes())
        XCTAssertEqual(comparison.summary, "identical (4x3)")
    }

    func testToleranceIsPerChannelAndExclusive() {
        var actual = base
        actual.pixels[5] = packed(200, 103, 50, 255) // green differs by 3
        let strict = ImageComparison.compare(base, actual, tolerance: 2)
        assertCounts(strict, compared: 12, differing: 1, largest: 3)
        XCTAssertFalse(strict.passes())
        let tolerant = ImageComparison.compare(base, actual, tolerance: 3)
        assertCounts(tolerant, compared: 12, differing: 0, largest: 3)
        XCTAssertTrue(tolerant.passes())
        XCTAssertEqual(tolerant.summary, "identical within tolerance 3 (4x3); largest difference 3")
    }

    func testLargestDifferenceIsTheLargestChannel() {
        var actual = base
        actual.pixels[0] = packed(190, 187, 50, 255) // red −10, green +87
        actual.pixels[1] = packed(200, 100, 50, 254) // alpha −1
        let comparison = ImageComparison.compare(base, actual)
        assertCounts(comparison, compared: 12, differing: 2, largest: 87)
        XCTAssertEqual(comparison.summary, "differ: 2 of 12 pixels (16.67%) differ by more than 0; largest difference 87")
    }

    func testAllowedFractionOfDifferingPixels() {
        var actual = base
        actual.pixels[0] = 0xFFFF_FFFF
        actual.pixels[11] = 0xFFFF_FFFF
        let comparison = ImageComparison.compare(base, actual)
        XCTAssertEqual(comparison.differingFraction, 2.0 / 12.0, accuracy: 1e-12)
        XCTAssertFalse(comparison.passes(maxDifferingFraction: 0.1)) // 1.2 pixels allowed
        XCTAssertTrue(comparison.passes(maxDifferingFraction: 2.0 / 12.0))
        XCTAssertTrue(comparison.passes(maxDifferingFraction: 0.2))
    }

    func testFullyTransparentPixelsAreEqualWhateverTheirColour() {
        let reference = solidImage(width: 2, height: 1, packed(0, 0, 0, 0))
        // Colour bits under alpha 0 (not valid premultiplied, but found in the wild).
        let actual = PremultipliedImage(width: 2, height: 1, pixels: [packed(255, 0, 255, 0), packed(0, 0, 0, 1)])
        // Only the alpha-1 pixel differs.
        assertCounts(ImageComparison.compare(reference, actual), compared: 2, differing: 1, largest: 1)
    }

    func testSizeMismatchNeverPasses() {
        let wider = solidImage(width: 5, height: 3, packed(200, 100, 50, 255))
        let comparison = ImageComparison.compare(base, wider)
        XCTAssertFalse(comparison.sizesMatch)
        assertCounts(comparison, compared: 12, differing: 0, largest: 0) // the overlap
        XCTAssertFalse(comparison.passes(maxDifferingFraction: 1))
        XCTAssertEqual(comparison.summary, "size differs: 4x3 vs 5x3")
    }

    func testTinyFractionIsNotReportedAsZeroPercent() {
        let reference = solidImage(width: 200, height: 100, packed(0, 0, 0, 255))
        var actual = reference
        actual.pixels[12345] = packed(9, 0, 0, 255)
        XCTAssertEqual(
            ImageComparison.compare(reference, actual).summary,
            "differ: 1 of 20000 pixels (<0.01%) differ by more than 0; largest difference 9")
    }

    func assertCounts(
        _ comparison: ImageComparison, compared: Int, differing: Int, largest: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(comparison.comparedPixels, compared, "compared pixels", file: file, line: line)
        XCTAssertEqual(comparison.differingPixels, differing, "differing pixels", file: file, line: line)
        XCTAssertEqual(comparison.largestDifference, largest, "largest difference", file: file, line: line)
    }
}
