import FlipbookGeometry
import FlipbookRaster
import FlipbookTestSupport
import XCTest

final class FillTests: XCTestCase {
    func testOpaqueFillOnWholePixels() {
        var canvas = Canvas(widthPixels: 4, heightPixels: 4, scale: 1)
        canvas.fill(Rect(x: 1, y: 1, width: 2, height: 2), color: .white)
        XCTAssertEqual(alphas(canvas), [[0, 0, 0, 0], [0, 255, 255, 0], [0, 255, 255, 0], [0, 0, 0, 0]])
        XCTAssertEqual(canvas.image[1, 1].packed, 0xFFFF_FFFF)
    }

    func testFractionalEdgesGetAreaCoverage() {
        // x from 0.25 to 1.75: both pixels 75 % covered → weight 192 → round(255·192/256) = 191.
        var canvas = Canvas(widthPixels: 4, heightPixels: 2, scale: 1)
        canvas.fill(Rect(x: 0.25, y: 0, width: 1.5, height: 1), color: .black)
        XCTAssertEqual(alphas(canvas), [[191, 191, 0, 0], [0, 0, 0, 0]])
        // Separable: a quarter pixel in each direction → 0.5·0.5 = 64/256 → 64.
        var corner = Canvas(widthPixels: 2, heightPixels: 2, scale: 1)
        corner.fill(Rect(x: 0.5, y: 0.5, width: 1.5, height: 1.5), color: .white)
        XCTAssertEqual(alphas(corner), [[64, 128], [128, 255]])
    }

    func testScaleMultipliesPoints() {
        var canvas = Canvas(widthPixels: 4, heightPixels: 4, scale: 2)
        canvas.fill(Rect(x: 0.5, y: 0.5, width: 1, height: 0.75), color: .white)
        // Device rect [1, 3) × [1, 2.5).
        XCTAssertEqual(alphas(canvas), [[0, 0, 0, 0], [0, 255, 255, 0], [0, 128, 128, 0], [0, 0, 0, 0]])
    }

    func testBlendWithOpacity() {
        var canvas = Canvas(
            widthPixels: 2, heightPixels: 1, scale: 1, background: StraightColor(red: 0, green: 0, blue: 1).premultipliedPixel)
        canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: StraightColor(red: 1, green: 0, blue: 0), opacity: 0.5)
        // Source (255,0,0,255)·128/256 = (128,0,0,128); D = S + round(D·127/255): blue 255 → 127.
        XCTAssertEqual(canvas.image[0, 0], PremultipliedPixel(red: 128, green: 0, blue: 127, alpha: 255))
        XCTAssertEqual(canvas.image[1, 0], PremultipliedPixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    /// A translucent fill over a varied background, rows long enough for the four-pixel SIMD
    /// steps and a scalar tail: every pixel is `S + round(D · (255 − Sa) / 255)`, computed here
    /// with plain integer division.
    func testTranslucentFillOverEveryKindOfPixel() {
        let width = 39, height = 3
        var state: UInt32 = 77
        var pixels: [UInt32] = []
        for _ in 0..<width * height {
            state = state &* 1_664_525 &+ 1_013_904_223
            let alpha = (state >> 24) | (pixels.count % 5 == 0 ? 255 : 0) // some opaque, some not
            let straight = StraightPixel(
                red: UInt8(truncatingIfNeeded: state), green: UInt8(truncatingIfNeeded: state >> 8),
                blue: UInt8(truncatingIfNeeded: state >> 16), alpha: UInt8(alpha))
            pixels.append(straight.premultiplied.packed)
        }
        let background = PremultipliedImage(width: width, height: height, pixels: pixels)
        for (color, opacity) in [(StraightColor.black, 0.9757), (StraightColor(red: 0.2, green: 0.7, blue: 1, alpha: 0.6), 1.0)] {
            var canvas = Canvas(image: background, scale: 1)
            canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: color, opacity: opacity)
            let source = PixelMath.scale(color.premultipliedPixel.packed, by: PixelMath.weight(opacity))
            let inverse = 255 - Int(source >> 24)
            for (index, destination) in pixels.enumerated() {
                var expected: UInt32 = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    let s = Int((source >> shift) & 0xFF), d = Int((destination >> shift) & 0xFF)
                    expected |= UInt32(s + (2 * d * inverse + 255) / 510) << shift
                }
                XCTAssertEqual(canvas.image.pixels[index], expected, "pixel \(index)")
            }
        }
    }

    func testTranslucentColorOverTransparent() {
        var canvas = Canvas(widthPixels: 1, heightPixels: 1, scale: 1)
        canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: StraightColor(red: 1, green: 1, blue: 1, alpha: 0.5))
        XCTAssertEqual(canvas.image[0, 0], PremultipliedPixel(red: 128, green: 128, blue: 128, alpha: 128))
    }

    func testCoverageSumEqualsAreaAnywhere() {
        var generator = SplitMix(seed: 42)
        for _ in 0..<200 {
            let x = generator.unit() * 20 - 2, y = generator.unit() * 20 - 2
            let w = generator.unit() * 10, h = generator.unit() * 10
            var canvas = Canvas(widthPixels: 32, heightPixels: 32, scale: 1)
            canvas.fill(Rect(x: x, y: y, width: w, height: h), color: .black)
            // Only the part on the canvas counts.
            let visible = Rect(x: x, y: y, width: w, height: h).intersection(Rect(x: 0, y: 0, width: 32, height: 32))
            let area = visible.map { $0.width * $0.height } ?? 0
            // Each pixel rounds once to 1/256 coverage and once to 1/255 alpha; edges are quantised
            // to 1/256 pixel: allow one alpha unit per edge pixel plus the edge quantisation.
            let edgePixels = visible.map { 2 * ($0.width + $0.height) + 4 } ?? 0
            XCTAssertEqual(Double(alphaSum(canvas)), area * 255, accuracy: edgePixels * 1.0 + 1, "\(x) \(y) \(w) \(h)")
        }
    }

    func testMovingRectGlides() {
        // Sliding a rect by 1/8 pixel changes the total coverage by no more than rounding.
        var previous: Int?
        for step in 0..<32 {
            var canvas = Canvas(widthPixels: 16, heightPixels: 4, scale: 1)
            canvas.fill(Rect(x: 2 + Double(step) / 8, y: 0, width: 5.5, height: 4), color: .black)
            let sum = alphaSum(canvas)
            if let previous { XCTAssertLessThanOrEqual(abs(sum - previous), 8) }
            previous = sum
            XCTAssertEqual(Double(sum), 5.5 * 4 * 255, accuracy: 8)
        }
    }

    func testDegenerateRectsDrawNothing() {
        var canvas = Canvas(widthPixels: 4, heightPixels: 4, scale: 1)
        let rects = [
            Rect(x: 1, y: 1, width: 0, height: 2), Rect(x: 1, y: 1, width: -2, height: 2),
            Rect(x: .nan, y: 1, width: 2, height: 2), Rect(x: 1, y: 1, width: .infinity, height: .nan),
            Rect(x: 10, y: 10, width: 2, height: 2), Rect(x: -10, y: -10, width: 5, height: 5),
            Rect(x: -1e300, y: 0, width: 1e300, height: 4)
        ]
        for rect in rects { canvas.fill(rect, color: .black) }
        XCTAssertEqual(alphaSum(canvas), 0)
        canvas.fill(Rect(x: 1, y: 1, width: 2, height: 2), color: .black, opacity: 0)
        canvas.fill(Rect(x: 1, y: 1, width: 2, height: 2), color: .clear)
        canvas.fill(Rect(x: 1, y: 1, width: 2, height: 2), color: .black, opacity: .nan)
        XCTAssertEqual(alphaSum(canvas), 0)
        // Huge rects are clipped to the canvas.
        canvas.fill(Rect(x: -1e300, y: -1e300, width: .infinity, height: 2e300), color: .black)
        XCTAssertEqual(alphaSum(canvas), 16 * 255)
        var empty = Canvas(widthPixels: 0, heightPixels: 0, scale: 2)
        empty.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .black)
        XCTAssertEqual(empty.image.pixels.count, 0)
    }

    func testOpacityIsClamped() {
        var canvas = Canvas(widthPixels: 1, heightPixels: 1, scale: 1)
        canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: .white, opacity: 3)
        XCTAssertEqual(canvas.image[0, 0].packed, 0xFFFF_FFFF)
    }
}
