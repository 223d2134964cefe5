import FlipbookGeometry
import FlipbookRaster
import FlipbookTestSupport
import XCTest

final class ClipTests: XCTestCase {
    func testRectClipHasAreaCoverage() {
        var canvas = Canvas(widthPixels: 4, heightPixels: 2, scale: 1)
        canvas.fill(Rect(x: 0, y: 0, width: 4, height: 2), color: .black, clip: Clip(rect: Rect(x: 0.5, y: 0, width: 2.25, height: 1)))
        XCTAssertEqual(alphas(canvas), [[128, 255, 191, 0], [0, 0, 0, 0]])
    }

    func testClipAndShapeEdgesMultiply() {
        var canvas = Canvas(widthPixels: 2, heightPixels: 1, scale: 1)
        canvas.fill(Rect(x: 0.5, y: 0, width: 2, height: 1), color: .black, clip: Clip(rect: Rect(x: 0, y: 0, width: 1.5, height: 1)))
        // Pixel 0: shape ½ × clip 1; pixel 1: shape 1 × clip ½.
        XCTAssertEqual(alphas(canvas), [[128, 128]])
    }

    func testRoundedClipCoversTheRoundedRectArea() {
        var canvas = Canvas(widthPixels: 40, heightPixels: 30, scale: 2)
        let rect = Rect(x: 2, y: 3, width: 16, height: 10), radius = 4.0
        canvas.fill(Rect(x: 0, y: 0, width: 20, height: 15), color: .black, clip: Clip(rect: rect, cornerRadius: radius))
        let r = radius * 2, area = 32.0 * 20 - (4 - Double.pi) * r * r
        XCTAssertEqual(Double(alphaSum(canvas)), area * 255, accuracy: area * 255 * 0.005)
        let a = alphas(canvas)
        XCTAssertEqual(a[6][4], 0)            // the corner pixel is outside the arc
        XCTAssertEqual(a[16][20], 255)        // the centre
        XCTAssertEqual(a[16][4], 255)         // the left edge between the corners
        XCTAssertEqual(a[6][20], 255)         // the top edge between the corners
        // Symmetric under a horizontal and a vertical flip.
        for y in 6..<26 { for x in 4..<36 { XCTAssertEqual(a[y][x], a[y][39 - x]); XCTAssertEqual(a[y][x], a[31 - y][x]) } }
        // The arc is anti-aliased: some pixels are partially covered.
        XCTAssert(a[6..<14].joined().contains { $0 > 0 && $0 < 255 })
    }

    func testHugeRadiusIsLimitedToACircle() {
        var canvas = Canvas(widthPixels: 20, heightPixels: 20, scale: 1)
        canvas.fill(Rect(x: 0, y: 0, width: 20, height: 20), color: .black, clip: Clip(rect: Rect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 1000))
        XCTAssertEqual(Double(alphaSum(canvas)), Double.pi * 100 * 255, accuracy: Double.pi * 100 * 255 * 0.01)
    }

    func testEmptyOrNaNClipDrawsNothing() {
        var canvas = Canvas(widthPixels: 4, heightPixels: 4, scale: 1)
        for clip in [Clip(rect: .zero), Clip(rect: Rect(x: .nan, y: 0, width: 4, height: 4)), Clip(rect: Rect(x: 9, y: 9, width: 4, height: 4))] {
            canvas.fill(Rect(x: 0, y: 0, width: 4, height: 4), color: .black, clip: clip)
        }
        XCTAssertEqual(alphaSum(canvas), 0)
        canvas.fill(Rect(x: 0, y: 0, width: 4, height: 4), color: .black, clip: Clip(rect: Rect(x: 0, y: 0, width: 4, height: 4), cornerRadius: .nan))
        XCTAssertEqual(alphaSum(canvas), 16 * 255)
    }
}

final class GroupTests: XCTestCase {
    func testFullOpacityDrawsDirectly() {
        var direct = Canvas(widthPixels: 4, heightPixels: 4, scale: 1)
        direct.fill(Rect(x: 0.5, y: 0.5, width: 2, height: 2), color: .white, opacity: 0.7)
        var grouped = Canvas(widthPixels: 4, heightPixels: 4, scale: 1)
        grouped.drawGroup(opacity: 1, bounds: nil) { $0.fill(Rect(x: 0.5, y: 0.5, width: 2, height: 2), color: .white, opacity: 0.7) }
        XCTAssertEqual(direct.image, grouped.image)
    }

    func testGroupOpacityDoesNotDoubleBlendOverlaps() {
        var canvas = Canvas(widthPixels: 3, heightPixels: 1, scale: 1)
        canvas.drawGroup(opacity: 0.5, bounds: nil) { layer in
            layer.fill(Rect(x: 0, y: 0, width: 2, height: 1), color: .white)
            layer.fill(Rect(x: 1, y: 0, width: 2, height: 1), color: .white)
        }
        XCTAssertEqual(alphas(canvas), [[128, 128, 128]])
    }

    func testBoundsLimitTheOffscreenBuffer() {
        var canvas = Canvas(widthPixels: 4, heightPixels: 2, scale: 2)
        canvas.drawGroup(opacity: 0.5, bounds: Rect(x: 0.25, y: 0, width: 1, height: 1)) { layer in
            layer.fill(Rect(x: 0, y: 0, width: 2, height: 1), color: .white)
        }
        // bounds in pixels [0.5, 2.5) rounds out to [0, 3).
        XCTAssertEqual(alphas(canvas), [[128, 128, 128, 0], [128, 128, 128, 0]])
    }

    func testNestedGroupsAndMasksUseCanvasCoordinates() {
        var canvas = Canvas(widthPixels: 4, heightPixels: 4, scale: 1)
        canvas.drawGroup(opacity: 0.5, bounds: Rect(x: 1, y: 1, width: 3, height: 3)) { outer in
            outer.drawGroup(opacity: 0.5, bounds: Rect(x: 2, y: 2, width: 2, height: 2)) { inner in
                inner.fill(Rect(x: 0, y: 0, width: 4, height: 4), color: .white)
            }
            outer.draw(CoverageMask(width: 1, height: 1, coverage: [255]), atPixelX: 1, y: 1, color: .white)
        }
        XCTAssertEqual(alphas(canvas), [[0, 0, 0, 0], [0, 128, 0, 0], [0, 0, 64, 64], [0, 0, 64, 64]])
    }

    func testCompositeMatchesPerPixelScaleAndSourceOver() {
        // Widths 1…9 exercise the four-pixel SIMD steps and the single-pixel tail; every pixel
        // must equal sourceOver(scale(layer, opacity weight), background) computed one by one.
        var generator = SplitMix(seed: 5)
        func translucent(_ count: Int) -> [UInt32] { (0..<count).map { _ in generator.premultiplied().packed } }
        for width in 1...9 {
            let background = PremultipliedImage(width: width, height: 2, pixels: translucent(2 * width))
            let layer = PremultipliedImage(width: width, height: 2, pixels: translucent(2 * width))
            let full = Rect(x: 0, y: 0, width: Double(width), height: 2)
            var canvas = Canvas(widthPixels: width, heightPixels: 2, scale: 1)
            canvas.draw(ImagePyramid(background), in: full, contentMode: .scaleToFill)
            XCTAssertEqual(canvas.image, background)
            canvas.drawGroup(opacity: 0.6, bounds: nil) { $0.draw(ImagePyramid(layer), in: full, contentMode: .scaleToFill) }
            let weight = PixelMath.weight(0.6)
            let expected = zip(layer.pixels, background.pixels).map { PixelMath.sourceOver(PixelMath.scale($0, by: weight), $1) }
            XCTAssertEqual(canvas.image.pixels, expected, "width \(width)")
        }
    }

    func testZeroOpacitySkipsTheBody() {
        var canvas = Canvas(widthPixels: 2, heightPixels: 2, scale: 1)
        var called = false
        canvas.drawGroup(opacity: 0, bounds: nil) { _ in called = true }
        canvas.drawGroup(opacity: 0.5, bounds: Rect(x: 5, y: 5, width: 1, height: 1)) { _ in called = true }
        XCTAssertFalse(called)
    }
}

final class MaskTests: XCTestCase {
    func testMaskCoverageBecomesAlpha() {
        var canvas = Canvas(widthPixels: 3, heightPixels: 3, scale: 2)
        canvas.draw(CoverageMask(width: 2, height: 2, coverage: [255, 128, 0, 64]), atPixelX: 1, y: 1, color: .white)
        XCTAssertEqual(alphas(canvas), [[0, 0, 0], [0, 255, 128], [0, 0, 64]])
        XCTAssertEqual(canvas.image[2, 1], PremultipliedPixel(red: 128, green: 128, blue: 128, alpha: 128))
    }

    func testMaskWithOpacityClipAndOutsideTheCanvas() {
        var canvas = Canvas(widthPixels: 3, heightPixels: 1, scale: 1)
        canvas.draw(CoverageMask(width: 4, height: 2, coverage: [UInt8](repeating: 255, count: 8)), atPixelX: -1, y: -1,
                    color: .black, opacity: 0.5, clip: Clip(rect: Rect(x: 0, y: 0, width: 1.5, height: 1)))
        XCTAssertEqual(alphas(canvas), [[128, 64, 0]])
        canvas.draw(CoverageMask(width: 0, height: 0, coverage: []), atPixelX: 0, y: 0, color: .black)
        canvas.draw(CoverageMask(width: 1, height: 1, coverage: [255]), atPixelX: 100, y: -100, color: .black)
        XCTAssertEqual(alphas(canvas), [[128, 64, 0]])
    }
}
