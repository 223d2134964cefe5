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
        XCTAssertEqual(a[6][4], 0) // the corner pixel is outside the arc
        XCTAssertEqual(a[16][20], 255) // the centre
        XCTAssertEqual(a[16][4], 255) // the left edge between the corners
        XCTAssertEqual(a[6][20], 255) // the top edge between the corners
        // Symmetric under a horizontal and a vertical flip.
        for y in 6..<26 { for x in 4..<36 { XCTAssertEqual(a[y][x], a[y][39 - x]); XCTAssertEqual(a[y][x], a[31 - y][x]) } }
        // The arc is anti-aliased: some pixels are partially covered.
        XCTAssert(a[6..<14].joined().contains { $0 > 0 && $0 < 255 })
    }

    func testHugeRadiusIsLimitedToACircle() {
        var canvas = Canvas(widthPixels: 20, heightPixels: 20, scale: 1)
        canvas.fill(
            Rect(x: 0, y: 0, width: 20, height: 20), color: .black,
            clip: Clip(rect: Rect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 1000))
        XCTAssertEqual(Double(alphaSum(canvas)), Double.pi * 100 * 255, accuracy: Double.pi * 100 * 255 * 0.01)
    }

    /// Alphas of a 10×6 (or w×h) canvas at scale 1 filled black through `clip`.
    private func clipped(_ clip: Clip, width: Int = 10, height: Int = 6) -> [[UInt8]] {
        var canvas = Canvas(widthPixels: width, heightPixels: height, scale: 1)
        canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: .black, clip: clip)
        return alphas(canvas)
    }

    func testRoundedRectCutBySquareRectIsStraightAtTheCut() {
        // A 10×6 card with radius 3 cut at x = 5.5 (the screen edge): round on the left, straight
        // (half-covered column 5 in every row) at the cut. The corner pixels follow the ramp
        // clamp(r − d + ½, 0, 1) of the card's own corner circles, centred at (3, 3).
        let cut = clipped(
            Clip(
                rect: Rect(x: 0, y: 0, width: 5.5, height: 6), cornerRadius: 3,
                cornerRect: Rect(x: 0, y: 0, width: 10, height: 6)))
        XCTAssertEqual(
            cut,
            [
                [0, 149, 242, 255, 255, 128, 0, 0, 0, 0],
                [149, 255, 255, 255, 255, 128, 0, 0, 0, 0],
                [242, 255, 255, 255, 255, 128, 0, 0, 0, 0],
                [242, 255, 255, 255, 255, 128, 0, 0, 0, 0],
                [149, 255, 255, 255, 255, 128, 0, 0, 0, 0],
                [0, 149, 242, 255, 255, 128, 0, 0, 0, 0]
            ])
        // Without `cornerRect` the cut rect itself is rounded (radius limited to 2.75): the old,
        // wrong shape for a card running off screen.
        let rounded = clipped(Clip(rect: Rect(x: 0, y: 0, width: 5.5, height: 6), cornerRadius: 3))
        XCTAssertEqual(
            rounded,
            [
                [17, 172, 251, 224, 102, 0, 0, 0, 0, 0],
                [172, 255, 255, 255, 255, 59, 0, 0, 0, 0],
                [251, 255, 255, 255, 255, 125, 0, 0, 0, 0],
                [251, 255, 255, 255, 255, 125, 0, 0, 0, 0],
                [172, 255, 255, 255, 255, 59, 0, 0, 0, 0],
                [17, 172, 251, 224, 102, 0, 0, 0, 0, 0]
            ])
    }

    func testRoundedRectCutAtTheTopKeepsItsBottomCorners() {
        // An 8×8 card, radius 3, whose top 2 points are above the screen: square at the top cut.
        let cut = clipped(
            Clip(
                rect: Rect(x: 0, y: 2, width: 8, height: 6), cornerRadius: 3,
                cornerRect: Rect(x: 0, y: 0, width: 8, height: 8)), width: 8, height: 8)
        XCTAssertEqual(
            cut,
            [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [0, 0, 0, 0, 0, 0, 0, 0],
                [242, 255, 255, 255, 255, 255, 255, 242],
                [255, 255, 255, 255, 255, 255, 255, 255],
                [255, 255, 255, 255, 255, 255, 255, 255],
                [242, 255, 255, 255, 255, 255, 255, 242],
                [149, 255, 255, 255, 255, 255, 255, 149],
                [0, 149, 242, 255, 255, 242, 149, 0]
            ])
        // Inside the cut the pixels are the uncut card's.
        let card = clipped(Clip(rect: Rect(x: 0, y: 0, width: 8, height: 8), cornerRadius: 3), width: 8, height: 8)
        XCTAssertEqual(Array(cut[2...]), Array(card[2...]))
    }

    func testCornerRectEqualToRectOrContainedInItClipsLikeTheRoundedRect() {
        let rects = [
            Rect(x: 0.3, y: 0.6, width: 7.2, height: 4.9), Rect(x: 1, y: 1, width: 8, height: 4),
            Rect(x: -2.5, y: 1.25, width: 9, height: 3.5)
        ]
        for rect in rects {
            for radius in [0, 1.5, 2.25, 100] {
                let plain = clipped(Clip(rect: rect, cornerRadius: radius))
                XCTAssertEqual(clipped(Clip(rect: rect, cornerRadius: radius, cornerRect: rect)), plain, "\(rect) \(radius)")
                // rect ∩ roundedRect(cornerRect) with cornerRect inside rect is the rounded rect.
                XCTAssertEqual(
                    clipped(Clip(rect: Rect(x: -5, y: -5, width: 20, height: 20), cornerRadius: radius, cornerRect: rect)), plain,
                    "\(rect) \(radius)")
            }
        }
    }

    func testDisjointCornerRectClipsEverything() {
        let clip = Clip(rect: Rect(x: 0, y: 0, width: 4, height: 6), cornerRadius: 1, cornerRect: Rect(x: 5, y: 0, width: 4, height: 6))
        XCTAssertEqual(clipped(clip).joined().reduce(0) { $0 + Int($1) }, 0)
    }

    func testEmptyOrNaNClipDrawsNothing() {
        var canvas = Canvas(widthPixels: 4, heightPixels: 4, scale: 1)
        for clip in [
            Clip(rect: .zero), Clip(rect: Rect(x: .nan, y: 0, width: 4, height: 4)), Clip(rect: Rect(x: 9, y: 9, width: 4, height: 4))
        ] {
            canvas.fill(Rect(x: 0, y: 0, width: 4, height: 4), color: .black, clip: clip)
        }
        XCTAssertEqual(alphaSum(canvas), 0)
        canvas.fill(
            Rect(x: 0, y: 0, width: 4, height: 4), color: .black,
            clip: Clip(rect: Rect(x: 0, y: 0, width: 4, height: 4), cornerRadius: .nan))
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
        canvas.draw(
            CoverageMask(width: 4, height: 2, coverage: [UInt8](repeating: 255, count: 8)), atPixelX: -1, y: -1,
            color: .black, opacity: 0.5, clip: Clip(rect: Rect(x: 0, y: 0, width: 1.5, height: 1)))
        XCTAssertEqual(alphas(canvas), [[128, 64, 0]])
        canvas.draw(CoverageMask(width: 0, height: 0, coverage: []), atPixelX: 0, y: 0, color: .black)
        canvas.draw(CoverageMask(width: 1, height: 1, coverage: [255]), atPixelX: 100, y: -100, color: .black)
        XCTAssertEqual(alphas(canvas), [[128, 64, 0]])
    }
}
