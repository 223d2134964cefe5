import FlipbookImageDiff
import FlipbookRaster
import XCTest

/// CIEDE2000 against the published test data, sRGB → L*a*b* against published conversions, and
/// the per-image scores against sums worked out by hand.
final class ColorDifferenceTests: XCTestCase {
    /// Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula: implementation notes,
    /// supplementary test data, and mathematical observations", Color Research & Application
    /// 30(1), 2005, Table 1: L1, a1, b1, L2, a2, b2, ΔE00 (four decimals).
    static let sharmaPairs: [[Double]] = [
        [50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425],
        [50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615],
        [50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412],
        [50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000],
        [50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000],
        [50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000],
        [50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669],
        [50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669],
        [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792],
        [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792],
        [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195],
        [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195],
        [50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045],
        [50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045],
        [50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461],
        [50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065],
        [50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492],
        [50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977],
        [50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030],
        [50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535],
        [50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000],
        [50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000],
        [50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000],
        [50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000],
        [60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644],
        [63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630],
        [61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731],
        [35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645],
        [22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373],
        [36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146],
        [90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441],
        [90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381],
        [6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377],
        [2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082]
    ]

    func testTheThirtyFourPublishedPairs() {
        XCTAssertEqual(Self.sharmaPairs.count, 34)
        for (number, row) in Self.sharmaPairs.enumerated() {
            let first = LabColor(lightness: row[0], a: row[1], b: row[2])
            let second = LabColor(lightness: row[3], a: row[4], b: row[5])
            // The table rounds to four decimals: within half a unit of the last one.
            XCTAssertEqual(ColorDifference.ciede2000(first, second), row[6], accuracy: 0.00005, "pair \(number + 1)")
            XCTAssertEqual(
                ColorDifference.ciede2000(second, first), ColorDifference.ciede2000(first, second),
                accuracy: 1e-12, "pair \(number + 1) is symmetric")
        }
    }

    func testEqualColoursDifferByZero() {
        let colour = LabColor(lightness: 40, a: 30, b: -20)
        XCTAssertEqual(ColorDifference.ciede2000(colour, colour), 0)
        XCTAssertEqual(
            ColorDifference.ciede2000(LabColor(lightness: 0, a: 0, b: 0), LabColor(lightness: 100, a: 0, b: 0)),
            100, accuracy: 1e-9, "black to white is 100 (S_L is 1 at the mean lightness 50)")
    }

    /// Lindbloom's sRGB (D65) conversions, four decimals.
    func testSRGBToLab() {
        let expected: [(UInt8, UInt8, UInt8, Double, Double, Double)] = [
            (255, 0, 0, 53.2408, 80.0925, 67.2032),
            (0, 255, 0, 87.7347, -86.1827, 83.1793),
            (0, 0, 255, 32.2970, 79.1875, -107.8602),
            (128, 128, 128, 53.5850, 0, 0),
            (255, 255, 255, 100, 0, 0),
            (0, 0, 0, 0, 0, 0)
        ]
        for (red, green, blue, l, a, b) in expected {
            let lab = LabColor(sRGBRed: red, green: green, blue: blue)
            XCTAssertEqual(lab.lightness, l, accuracy: 0.0001, "L of \(red),\(green),\(blue)")
            XCTAssertEqual(lab.a, a, accuracy: 0.0001, "a of \(red),\(green),\(blue)")
            XCTAssertEqual(lab.b, b, accuracy: 0.0001, "b of \(red),\(green),\(blue)")
        }
    }

    func testImageScores() {
        // 10 × 10 white; one pixel pure red: ΔE(white, red) from the formula's published parts.
        let white = solidImage(width: 10, height: 10, packed(255, 255, 255, 255))
        var actual = white
        actual.pixels[57] = packed(255, 0, 0, 255)
        let single = ColorDifference.ciede2000(LabColor(sRGBRed: 255, green: 255, blue: 255), LabColor(sRGBRed: 255, green: 0, blue: 0))
        let scores = PerceptualComparison.compare(white, actual)
        XCTAssertEqual(scores.differingPixels, 1)
        XCTAssertEqual(scores.noticeablePixels, 1)
        XCTAssertEqual(scores.maximumDeltaE, single)
        XCTAssertEqual(scores.meanDeltaE, single / 100, accuracy: 1e-12)
        XCTAssertEqual(scores.percentile99DeltaE, 0, "one pixel in 100 is the 1% above the 99th percentile")
        XCTAssertFalse(scores.passes(.exact))
        XCTAssertTrue(scores.passes(DeltaETolerance(maximumMean: 1, maximumPercentile99: 0)))
        // Two differing pixels: the 99th rank (of 100) is the smaller of the two.
        actual.pixels[3] = packed(250, 250, 250, 255)
        let two = PerceptualComparison.compare(white, actual)
        let small = ColorDifference.ciede2000(LabColor(sRGBRed: 255, green: 255, blue: 255), LabColor(sRGBRed: 250, green: 250, blue: 250))
        XCTAssertEqual(two.percentile99DeltaE, small)
        XCTAssertEqual(two.meanDeltaE, (single + small) / 100, accuracy: 1e-12)
        XCTAssertEqual(PerceptualComparison.compare(white, white).summary, "identical (10x10)")
        XCTAssertFalse(PerceptualComparison.compare(white, solidImage(width: 9, height: 10, packed(255, 255, 255, 255))).passes(.exact))
    }

    func testTransparentPixelsAreSeenOverWhite() {
        // Transparent black over white is white: no difference from opaque white.
        let white = solidImage(width: 2, height: 1, packed(255, 255, 255, 255))
        let clear = solidImage(width: 2, height: 1, 0)
        XCTAssertEqual(PerceptualComparison.compare(white, clear).maximumDeltaE, 0)
    }

    func testHeatMapColours() {
        let white = solidImage(width: 3, height: 1, packed(255, 255, 255, 255))
        var actual = white
        actual.pixels[1] = packed(254, 254, 254, 255) // ΔE ≈ 0.3: invisible, blue
        actual.pixels[2] = packed(0, 0, 0, 255) // ΔE 100: red
        let map = PerceptualComparison.heatMap(reference: white, actual: actual)
        XCTAssertEqual(map.pixels[0], packed(95, 95, 95, 255), "identical: the reference's luma / 4 + 32")
        XCTAssertEqual(map.pixels[1], packed(40, 90, 255, 255))
        XCTAssertEqual(map.pixels[2], packed(255, 0, 0, 255))
    }

    func testFormat() {
        XCTAssertEqual(PerceptualComparison.format(0), "0")
        XCTAssertEqual(PerceptualComparison.format(2.3), "2.3")
        XCTAssertEqual(PerceptualComparison.format(0.012345), "0.0123")
        XCTAssertEqual(PerceptualComparison.format(12.00004), "12")
    }
}
