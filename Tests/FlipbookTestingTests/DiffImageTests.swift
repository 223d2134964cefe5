import FlipbookImageDiff
import FlipbookRaster
import FlipbookTesting
import XCTest

final class DiffImageTests: XCTestCase {
    let colour = packed(200, 100, 50, 255)
    /// The dimmed grey of `colour`: luma (54·200 + 183·100 + 19·50 + 128) >> 8 = 117, / 4 + 32.
    let dimmedColour = packed(61, 61, 61, 255)
    let background = packed(48, 48, 48, 255)
    let fullRed = packed(255, 0, 0, 255)

    func testPanelsAreSideBySideWithGapsAndPadding() {
        let reference = solidImage(width: 4, height: 3, colour)
        let actual = solidImage(width: 5, height: 2, colour)
        let diff = DiffImage.make(reference: reference, actual: actual)
        // Panels 5×3 (the larger of each dimension), 4 px apart.
        XCTAssertEqual(diff.width, 5 * 3 + 2 * DiffImage.gapPixels)
        XCTAssertEqual(diff.height, 3)
        XCTAssertTrue(diff.isOpaque)
        // Reference panel at x 0…4: the image, then padding.
        XCTAssertEqual(diff[0, 2].packed, colour)
        XCTAssertEqual(diff[4, 0].packed, background)
        // Gap at x 5…8.
        for x in 5...8 { XCTAssertEqual(diff[x, 1].packed, background) }
        // Mask panel at x 9…13: overlap dimmed, one-sided pixels full red, neither background.
        XCTAssertEqual(diff[9, 0].packed, dimmedColour)
        XCTAssertEqual(diff[13, 0].packed, fullRed) // only the actual is 5 wide
        XCTAssertEqual(diff[9, 2].packed, fullRed) // only the reference is 3 high
        XCTAssertEqual(diff[13, 2].packed, background)
        // Actual panel at x 18…22.
        XCTAssertEqual(diff[18, 0].packed, colour)
        XCTAssertEqual(diff[22, 1].packed, colour)
        XCTAssertEqual(diff[22, 2].packed, background)
    }

    func testDifferencesAreRedScaledToTheLargest() {
        let reference = solidImage(width: 3, height: 1, colour)
        var actual = reference
        actual.pixels[0] = packed(100, 100, 50, 255) // difference 100, the largest
        actual.pixels[1] = packed(200, 150, 50, 255) // difference 50
        let diff = DiffImage.make(reference: reference, actual: actual)
        let mask = 3 + DiffImage.gapPixels
        XCTAssertEqual(diff[mask, 0].packed, fullRed)
        // 160 + 50·95/100 rounded = 208: half the difference, about half-way up the red ramp.
        XCTAssertEqual(diff[mask + 1, 0].packed, packed(208, 0, 0, 255))
        XCTAssertEqual(diff[mask + 2, 0].packed, dimmedColour)
    }

    func testDifferencesWithinToleranceAreShownAsIdentical() {
        let reference = solidImage(width: 2, height: 1, colour)
        var actual = reference
        actual.pixels[0] = packed(203, 100, 50, 255)
        actual.pixels[1] = packed(220, 100, 50, 255)
        let diff = DiffImage.make(reference: reference, actual: actual, tolerance: 5)
        let mask = 2 + DiffImage.gapPixels
        XCTAssertEqual(diff[mask, 0].packed, dimmedColour)
        XCTAssertEqual(diff[mask + 1, 0].packed, fullRed)
    }

    func testTransparencyIsShownOverACheckerboard() {
        // Premultiplied half-transparent red (straight 128/255 ≈ 0.5) at x 0 and x 8.
        let translucent = packed(64, 0, 0, 128)
        let image = solidImage(width: 9, height: 1, translucent)
        let diff = DiffImage.make(reference: image, actual: image)
        // Over the white square: 64 + round(255·127/255) = 191; over the 204 square at x 8: 64 + 102.
        XCTAssertEqual(diff[0, 0].packed, packed(191, 127, 127, 255))
        XCTAssertEqual(diff[8, 0].packed, packed(166, 102, 102, 255))
    }
}
