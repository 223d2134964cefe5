import FlipbookImageDiff
import FlipbookRaster
import XCTest

/// FLIP against NVIDIA's own implementation: the expected values were computed by its Python
/// package (`flip_evaluator` 1.7, LDR, default viewing) from the same integer images, by
/// `scripts/check-flip`. NVIDIA computes in float32, this in Double: they agree to about 1e-6.
final class FLIPTests: XCTestCase {
    static let width = 32, height = 24

    /// The pairs of scripts/check-flip, pixel by pixel: (reference, actual) as sRGB 8-bit.
    typealias Pixel = @Sendable (Int, Int) -> (Int, Int, Int)

    static let pairs: [String: (reference: Pixel, actual: Pixel)] = [
        "gradientPlusOne": (
            gradient,
            { x, y in
                let (r, g, b) = gradient(x, y); return (min(255, r + 1), min(255, g + 1), min(255, b + 1))
            }
        ),
        "squareMovedOnePixel": (square(0), square(1)),
        "squareRecoloured": (square(0), { x, y in square(0)(x, y) == (30, 60, 200) ? (200, 60, 30) : (200, 200, 200) }),
        "stripesContrast": (stripes(0), stripes(40))
    ]

    static func gradient(_ x: Int, _ y: Int) -> (Int, Int, Int) { ((x * 255) / (width - 1), (y * 255) / (height - 1), 128) }

    static func square(_ dx: Int) -> Pixel {
        { x, y in (8 + dx..<16 + dx).contains(x) && (6..<14).contains(y) ? (30, 60, 200) : (200, 200, 200) }
    }

    static func stripes(_ level: Int) -> Pixel {
        { x, _ in (x / 2) % 2 == 0 ? (level, level, level) : (255 - level, 255 - level, 255 - level) }
    }

    static func image(_ pixel: Pixel) -> PremultipliedImage {
        var pixels: [UInt32] = []
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = pixel(x, y)
                pixels.append(0xFF00_0000 | UInt32(b) << 16 | UInt32(g) << 8 | UInt32(r))
            }
        }
        return PremultipliedImage(width: width, height: height, pixels: pixels)
    }

    /// scripts/check-flip's output: the mean, the largest value and the FLIP at (0,0), (8,6),
    /// (16,10) and (31,23).
    static let expected: [String: (mean: Double, max: Double, pixels: [Double])] = [
        "gradientPlusOne": (mean: 0.039611, max: 0.049373, pixels: [0.041913, 0.042235, 0.036699, 0.027510]),
        "squareMovedOnePixel": (mean: 0.072786, max: 0.589476, pixels: [0.001210, 0.431876, 0.589475, 0.000000]),
        "squareRecoloured": (mean: 0.140596, max: 0.887255, pixels: [0.001829, 0.527312, 0.516431, 0.000000]),
        "stripesContrast": (mean: 0.341783, max: 0.518837, pixels: [0.087255, 0.286037, 0.272644, 0.518837])
    ]

    func testTheScoresMatchNVIDIAsImplementation() throws {
        let points = [(0, 0), (8, 6), (16, 10), (31, 23)]
        for (name, pair) in Self.pairs {
            let expected = try XCTUnwrap(Self.expected[name])
            let reference = Self.image(pair.reference), actual = Self.image(pair.actual)
            let map = FLIPComparison.errorMap(reference, actual)
            let scores = FLIPComparison.compare(reference, actual)
            // Six decimals printed, float32 on NVIDIA's side: 2e-6 covers both.
            XCTAssertEqual(scores.meanFLIP, expected.mean, accuracy: 2e-6, name)
            XCTAssertEqual(scores.maximumFLIP, expected.max, accuracy: 2e-6, name)
            for ((x, y), value) in zip(points, expected.pixels) {
                XCTAssertEqual(map[y * Self.width + x], value, accuracy: 2e-6, "\(name) at \(x),\(y)")
            }
        }
    }

    func testTheDefaultViewingIs67PixelsPerDegree() {
        // 0.7 m · 3840 px / 0.7 m · π/180 = 67.0206…
        XCTAssertEqual(FLIPComparison.defaultPixelsPerDegree, 67.02064327658225, accuracy: 1e-12)
    }

    func testIdenticalImagesScoreZeroAndPass() {
        let image = Self.image(Self.gradient)
        let scores = FLIPComparison.compare(image, image)
        XCTAssertEqual(scores.meanFLIP, 0)
        XCTAssertEqual(scores.differingPixels, 0)
        XCTAssertTrue(scores.passes(.exact))
        XCTAssertEqual(scores.summary, "identical (32x24)")
    }

    func testSummaryTolerancesAndSizes() {
        let scores = FLIPComparison.compare(Self.image(Self.square(0)), Self.image(Self.square(1)))
        XCTAssertTrue(scores.summary.hasPrefix("FLIP mean 0.0728, p99 0.5"), scores.summary)
        XCTAssertFalse(scores.passes(FLIPTolerance()))
        XCTAssertTrue(scores.passes(FLIPTolerance(maximumMean: 0.08, maximumPercentile99: 0.6)))
        let small = PremultipliedImage(width: 4, height: 4, fill: PremultipliedPixel(packed: 0xFFFF_FFFF))
        let other = FLIPComparison.compare(Self.image(Self.gradient), small)
        XCTAssertFalse(other.sizesMatch)
        XCTAssertEqual(other.comparedPixels, 16)
        XCTAssertEqual(other.summary, "size differs: 32x24 vs 4x4")
    }

    func testTheHeatMapIsMagma() {
        let reference = Self.image(Self.square(0)), actual = Self.image(Self.square(1))
        let heat = FLIPComparison.heatMap(reference: reference, actual: actual)
        XCTAssertEqual(heat.width, 32)
        // FLIP 0 (the far corner) is magma's first entry, #000004; the moved edge (0.589 → entry 150) #D9466B.
        XCTAssertEqual(heat.pixels[23 * 32 + 31], 0xFF04_0000)
        XCTAssertEqual(heat.pixels[10 * 32 + 16], 0xFF6B_46D9)
    }
}
