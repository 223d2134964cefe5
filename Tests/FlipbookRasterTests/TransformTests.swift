import FlipbookGeometry
import FlipbookRaster
import FlipbookTestSupport
import XCTest

/// A quarter turn clockwise on screen (x → −y… : (x, y) ↦ (−y, x)).
let quarterTurn = Transform2D(rotationCosine: 0, sine: 1)

/// A w×h opaque image whose pixels are all different: red = 40·x + 10, green = 40·y + 10.
func labelledImage(width: Int, height: Int) -> PremultipliedImage {
    var image = PremultipliedImage(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            image[x, y] = PremultipliedPixel(red: UInt8(40 * x + 10), green: UInt8(40 * y + 10), blue: 200, alpha: 255)
        }
    }
    return image
}

/// The largest difference of any channel between two images of the same size.
func largestDifference(_ a: PremultipliedImage, _ b: PremultipliedImage) -> Int {
    var largest = 0
    for (p, q) in zip(a.pixels, b.pixels) {
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            largest = max(largest, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)))
        }
    }
    return largest
}

final class TransformedImageTests: XCTestCase {
    func testQuarterTurnOnWholePixelsPermutesThePixels() {
        // Local (x, y) ↦ (2 − y, x): the 3×2 image becomes 2 wide, 3 tall; device pixel (X, Y)
        // shows image pixel (Y, 1 − X), with full coverage and samples on pixel centres.
        let image = labelledImage(width: 3, height: 2)
        var canvas = Canvas(widthPixels: 2, heightPixels: 3, scale: 1)
        canvas.draw(
            ImagePyramid(image), in: Rect(x: 0, y: 0, width: 3, height: 2), contentMode: .scaleToFill,
            transform: quarterTurn.concatenating(Transform2D(translationX: 2, y: 0)))
        XCTAssertEqual(
            canvas.image.pixels,
            [
                image[0, 1], image[0, 0],
                image[1, 1], image[1, 0],
                image[2, 1], image[2, 0]
            ].map(\.packed))
    }

    func testHorizontalFlipMirrorsThePixels() {
        let image = labelledImage(width: 3, height: 2)
        var canvas = Canvas(widthPixels: 3, heightPixels: 2, scale: 1)
        // (x, y) ↦ (3 − x, y): not positive axis-aligned, so the general path.
        canvas.draw(
            ImagePyramid(image), in: Rect(x: 0, y: 0, width: 3, height: 2), contentMode: .scaleToFill,
            transform: Transform2D(scaleX: -1, y: 1).concatenating(Transform2D(translationX: 3, y: 0)))
        XCTAssertEqual(canvas.image.pixels, [image[2, 0], image[1, 0], image[0, 0], image[2, 1], image[1, 1], image[0, 1]].map(\.packed))
    }

    func testHalfTurnAtScaleTwoRepeatsEachPixelAsTheAxisAlignedDrawDoes() {
        // Rotating by 180° about the drawn rect's centre at canvas scale 2 is the axis-aligned draw
        // turned upside down, pixel for pixel (same level, positions, fractions and lerps).
        let image = ImagePyramid(labelledImage(width: 5, height: 4))
        let rect = Rect(x: 1, y: 1, width: 5, height: 4)
        var straight = Canvas(widthPixels: 14, heightPixels: 12, scale: 2)
        straight.draw(image, in: rect, contentMode: .scaleToFill)
        var turned = Canvas(widthPixels: 14, heightPixels: 12, scale: 2)
        // (x, y) ↦ (7 − x, 6 − y) maps [1, 6] × [1, 5] onto itself reversed.
        turned.draw(
            image, in: rect, contentMode: .scaleToFill,
            transform: Transform2D(a: -1, b: 0, c: 0, d: -1, tx: 7, ty: 6))
        for y in 0..<12 { for x in 0..<14 { XCTAssertEqual(turned.image[x, y], straight.image[13 - x, 11 - y], "(\(x), \(y))") } }
    }

    func testRotatedReductionPicksTheSameLevelAsTheAxisAlignedDraw() {
        // A 64×32 photo at 1/8 (8×4 points) is sampled from level 2 at 2:1, the rotation only
        // permutes where the samples go: device (X, Y) of the turned draw = (Y, 3 − X) of the straight.
        let photo = ImagePyramid(syntheticPhoto(width: 64, height: 32, seed: 4))
        let rect = Rect(x: 0, y: 0, width: 8, height: 4)
        var straight = Canvas(widthPixels: 8, heightPixels: 4, scale: 1)
        straight.draw(photo, in: rect, contentMode: .scaleToFill)
        var turned = Canvas(widthPixels: 4, heightPixels: 8, scale: 1)
        turned.draw(photo, in: rect, contentMode: .scaleToFill, transform: quarterTurn.concatenating(Transform2D(translationX: 4, y: 0)))
        for y in 0..<8 { for x in 0..<4 { XCTAssertEqual(turned.image[x, y], straight.image[y, 3 - x], "(\(x), \(y))") } }
        // And level 2 at 2:1 really is what the straight draw did: a 2×2 average of level 2.
        XCTAssertGreaterThan(psnr(straight.image, againstAreaAverageOf: photo.base), 30)
    }

    func testPositiveAxisAlignedTransformsDelegateByteForByte() {
        let image = ImagePyramid(syntheticPhoto(width: 37, height: 23, seed: 2))
        let rect = Rect(x: 1.25, y: 2.5, width: 20.5, height: 11.75)
        let clip = Clip(rect: Rect(x: 2, y: 1, width: 18.25, height: 14), cornerRadius: 3)
        for mode in ContentMode.allCases {
            for transform in [
                Transform2D.identity, Transform2D(translationX: 3.25, y: -1.5),
                Transform2D(a: 2, b: 0, c: 0, d: 2, tx: 0.5, ty: -4.25)
            ] {
                var actual = Canvas(widthPixels: 70, heightPixels: 50, scale: 1.5)
                actual.draw(image, in: rect, contentMode: mode, transform: transform, opacity: 0.7, clip: clip)
                // The local layout, mapped, drawn axis-aligned.
                let layout = mode.imageRect(imageSize: Size(width: 37, height: 23), in: rect)
                var expected = Canvas(widthPixels: 70, heightPixels: 50, scale: 1.5)
                expected.draw(image, in: transform.apply(to: layout), contentMode: .scaleToFill, opacity: 0.7, clip: clip)
                XCTAssertTrue(actual.image == expected.image, "\(mode) \(transform)")
                // With these exactly representable numbers that is also the layout in the mapped
                // rect — except `center`, whose image keeps its size in points while a scale
                // transform enlarges it.
                if mode != .center || transform.a == 1 {
                    var mapped = Canvas(widthPixels: 70, heightPixels: 50, scale: 1.5)
                    mapped.draw(image, in: transform.apply(to: rect), contentMode: mode, opacity: 0.7, clip: clip)
                    XCTAssertTrue(actual.image == mapped.image, "\(mode) \(transform)")
                }
                if transform.isIdentity {
                    var plain = Canvas(widthPixels: 70, heightPixels: 50, scale: 1.5)
                    plain.draw(image, in: rect, contentMode: mode, opacity: 0.7, clip: clip)
                    XCTAssertTrue(actual.image == plain.image, "\(mode)")
                }
            }
            // A non-uniform scale stretches the local layout (UIKit: layout in bounds, then transform).
            let stretch = Transform2D(a: 1.5, b: 0, c: 0, d: 0.75, tx: 1, ty: 2)
            let layout = mode.imageRect(imageSize: Size(width: 37, height: 23), in: rect)
            var expected = Canvas(widthPixels: 70, heightPixels: 50, scale: 1.5)
            expected.draw(image, in: stretch.apply(to: layout), contentMode: .scaleToFill, clip: clip)
            var actual = Canvas(widthPixels: 70, heightPixels: 50, scale: 1.5)
            actual.draw(image, in: rect, contentMode: mode, transform: stretch, clip: clip)
            XCTAssertTrue(actual.image == expected.image, "\(mode) stretched")
        }
    }

    func testATinyRotationMatchesTheAxisAlignedDrawWithinOneLevel() {
        // The general path (polygon coverage, 32.32 positions) against the axis-aligned one
        // (1/256-pixel spans, 16.16 positions): a rotation of 10⁻⁹ rad changes nothing visible.
        let image = ImagePyramid(syntheticPhoto(width: 37, height: 23, seed: 3))
        let rect = Rect(x: 1.3, y: 0.7, width: 20.5, height: 13.25)
        for (scale, opacity) in [(2.0, 1.0), (0.75, 0.6)] {
            var straight = Canvas(widthPixels: 48, heightPixels: 32, scale: scale)
            straight.draw(image, in: rect, contentMode: .scaleToFill, opacity: opacity)
            var tilted = Canvas(widthPixels: 48, heightPixels: 32, scale: scale)
            tilted.draw(
                image, in: rect, contentMode: .scaleToFill,
                transform: Transform2D(rotationCosine: 1, sine: 1e-9), opacity: opacity)
            XCTAssertLessThanOrEqual(largestDifference(straight.image, tilted.image), 1, "scale \(scale)")
        }
    }

    func testCoverageOfARotatedImageIsItsArea() {
        // A 30° turn of an opaque 10×6 image: the alpha sum is the quad's area (exact coverage).
        let image = ImagePyramid(PremultipliedImage(width: 10, height: 6, fill: PremultipliedPixel(red: 0, green: 0, blue: 0, alpha: 255)))
        let turn = Transform2D(rotationCosine: 0.75.squareRoot(), sine: 0.5).concatenating(Transform2D(translationX: 12, y: 3))
        var canvas = Canvas(widthPixels: 48, heightPixels: 32, scale: 2) // the quad spans x 9…20.7, y 3…13.2 points
        canvas.draw(image, in: Rect(x: 0, y: 0, width: 10, height: 6), contentMode: .scaleToFill, transform: turn)
        XCTAssertEqual(Double(alphaSum(canvas)), 60 * 4 * 255, accuracy: 60 * 4 * 255 * 0.001)
    }

    func testClipAndOpacityMultiplyTheCoverage() {
        // A flipped opaque 4×2 image, opacity ½, clipped to its left half at x = 1.5.
        let image = ImagePyramid(
            PremultipliedImage(width: 4, height: 2, fill: PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255)))
        var canvas = Canvas(widthPixels: 4, heightPixels: 2, scale: 1)
        canvas.draw(
            image, in: Rect(x: 0, y: 0, width: 4, height: 2), contentMode: .scaleToFill,
            transform: Transform2D(a: -1, b: 0, c: 0, d: 1, tx: 4, ty: 0), opacity: 0.5,
            clip: Clip(rect: Rect(x: 0, y: 0, width: 1.5, height: 2)))
        XCTAssertEqual(alphas(canvas), [[128, 64, 0, 0], [128, 64, 0, 0]])
    }

    func testSingularOrNonFiniteTransformsDrawNothing() {
        let image = ImagePyramid(labelledImage(width: 3, height: 2))
        var canvas = Canvas(widthPixels: 8, heightPixels: 8, scale: 1)
        for transform in [
            Transform2D(scaleX: 0, y: 1), Transform2D(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),
            Transform2D(a: .nan, b: 1, c: 0, d: 1, tx: 0, ty: 0), Transform2D(a: -1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0)
        ] {
            canvas.draw(image, in: Rect(x: 0, y: 0, width: 3, height: 2), contentMode: .scaleToFill, transform: transform)
            canvas.fill(Rect(x: 0, y: 0, width: 3, height: 2), cornerRadius: 1, transform: transform, color: .black)
        }
        XCTAssertEqual(alphaSum(canvas), 0)
    }
}

final class TransformedFillTests: XCTestCase {
    func testAxisAlignedSquareFillDelegatesByteForByte() {
        let rect = Rect(x: 0.3, y: 1.2, width: 7.4, height: 3.3)
        for transform in [Transform2D.identity, Transform2D(a: 1.5, b: 0, c: 0, d: 0.5, tx: 0.25, ty: 1)] {
            for clip in [nil, Clip(rect: Rect(x: 1, y: 0, width: 6.5, height: 9), cornerRadius: 2)] {
                var expected = Canvas(widthPixels: 30, heightPixels: 20, scale: 2)
                expected.fill(transform.apply(to: rect), color: StraightColor(red: 1, green: 0.5, blue: 0), opacity: 0.8, clip: clip)
                var actual = Canvas(widthPixels: 30, heightPixels: 20, scale: 2)
                actual.fill(
                    rect, cornerRadius: 0, transform: transform, color: StraightColor(red: 1, green: 0.5, blue: 0), opacity: 0.8, clip: clip
                )
                XCTAssertTrue(actual.image == expected.image)
            }
        }
    }

    func testAxisAlignedRoundedFillIsTheRoundedClip() {
        // A uniform scale keeps circular corners: the fill is exactly the rounded clip's region
        // (r · a = 3 points), cut by a square clip as a Clip with cornerRect.
        let rect = Rect(x: 0.3, y: 1.2, width: 7.4, height: 5.3)
        let transform = Transform2D(a: 1.5, b: 0, c: 0, d: 1.5, tx: 0.25, ty: 1)
        let mapped = transform.apply(to: rect)
        let everything = Rect(x: -10, y: -10, width: 100, height: 100)
        for clip in [nil, Clip(rect: Rect(x: 4, y: 0, width: 20, height: 7.5))] {
            var expected = Canvas(widthPixels: 30, heightPixels: 24, scale: 2)
            expected.fill(
                everything, color: .black, opacity: 0.9,
                clip: Clip(rect: clip?.rect ?? mapped, cornerRadius: 3, cornerRect: mapped))
            var actual = Canvas(widthPixels: 30, heightPixels: 24, scale: 2)
            actual.fill(rect, cornerRadius: 2, transform: transform, color: .black, opacity: 0.9, clip: clip)
            XCTAssertTrue(actual.image == expected.image)
        }
        // Straight edges get a fill's exact coverage (x = 0.3·1.5 + 0.25 = 0.7 pt = 1.4 px → 60%).
        var canvas = Canvas(widthPixels: 30, heightPixels: 24, scale: 2)
        canvas.fill(rect, cornerRadius: 2, transform: transform, color: .black)
        XCTAssertEqual(canvas.image[1, 12].alpha, 153)
    }

    func testRotatedRoundedFillCoversTheRoundedRectArea() {
        let rect = Rect(x: 0, y: 0, width: 16, height: 10), radius = 4.0
        let turn = Transform2D(rotationCosine: 0.75.squareRoot(), sine: 0.5).concatenating(Transform2D(translationX: 12, y: 2))
        var canvas = Canvas(widthPixels: 60, heightPixels: 60, scale: 2)
        canvas.fill(rect, cornerRadius: radius, transform: turn, color: .black)
        // Device pixels. The chords are inside the arcs by at most 1/16 px (2/3 of that on
        // average), so the polygon lacks at most 2πR/16 px² (R = 8 px), here about 1.7.
        let area = (16 * 10 - (4 - Double.pi) * radius * radius) * 4, flattening = 2 * Double.pi * 8 / 16
        let sum = Double(alphaSum(canvas)) / 255
        XCTAssertLessThanOrEqual(sum, area + 0.1)
        XCTAssertGreaterThanOrEqual(sum, area - flattening)
    }

    func testQuarterTurnedSquareFillIsExact() {
        var canvas = Canvas(widthPixels: 4, heightPixels: 4, scale: 1)
        canvas.fill(
            Rect(x: 0, y: 0, width: 3, height: 1.5), cornerRadius: 0,
            transform: quarterTurn.concatenating(Transform2D(translationX: 2, y: 1)), color: .black)
        // (x, y) ↦ (2 − y, 1 + x): x from 0.5 to 2, y from 1 to 4.
        XCTAssertEqual(alphas(canvas), [[0, 0, 0, 0], [128, 255, 0, 0], [128, 255, 0, 0], [128, 255, 0, 0]])
    }

    func testRoundedRectPathStaysWithinTheFlatteningTolerance() {
        let rect = Rect(x: 2, y: 3, width: 40, height: 30), radius = 12.0
        let path = Path(roundedRect: rect, cornerRadius: radius, transform: .identity)
        XCTAssertEqual(path.contours.count, 1)
        let points = path.contours[0]
        // n chords per quarter: the smallest with (π/4)·√(R / (2 · 1/64)) ≤ n, R = 12 → n = 16.
        XCTAssertEqual(points.count, 4 * 17)
        // Starts at the top of the left edge, clockwise; the arcs end exactly on the tangent points.
        XCTAssertEqual(points[0], Point(x: 2, y: 15))
        XCTAssertEqual(points[16], Point(x: 14, y: 3))
        XCTAssertEqual(points[17], Point(x: 30, y: 3))
        XCTAssertEqual(points[67], Point(x: 2, y: 21))
        // Every vertex is on its corner circle, and every chord's midpoint within 1/64 of it.
        let centres = [Point(x: 14, y: 15), Point(x: 30, y: 15), Point(x: 30, y: 21), Point(x: 14, y: 21)]
        for corner in 0..<4 {
            let c = centres[corner]
            for k in 0...16 {
                let p = points[corner * 17 + k]
                XCTAssertEqual(((p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y)).squareRoot(), radius, accuracy: 1e-12)
                if k < 16 {
                    let q = points[corner * 17 + k + 1], mx = (p.x + q.x) / 2 - c.x, my = (p.y + q.y) / 2 - c.y
                    XCTAssertLessThanOrEqual(radius - (mx * mx + my * my).squareRoot(), 1.0 / 64)
                }
            }
        }
        // Quarter-symmetric: the top-right arc mirrors the top-left one.
        for k in 0...16 {
            XCTAssertEqual(points[k].x - 2, 42 - points[33 - k].x, accuracy: 1e-13)
            XCTAssertEqual(points[k].y, points[33 - k].y, accuracy: 1e-13)
        }
        // A transform maps the vertices; a larger stretch gets more chords (R = 4 · 12 → n = 31).
        let stretched = Path(roundedRect: rect, cornerRadius: radius, transform: Transform2D(scaleX: 4, y: 1))
        XCTAssertEqual(stretched.contours[0].count, 4 * 32)
        XCTAssertEqual(stretched.contours[0][0], Point(x: 8, y: 15))
        XCTAssertEqual(
            Path(roundedRect: rect, cornerRadius: 0, transform: .identity).contours[0],
            [Point(x: 2, y: 3), Point(x: 42, y: 3), Point(x: 42, y: 33), Point(x: 2, y: 33)])
        XCTAssertTrue(Path(roundedRect: Rect(x: 0, y: 0, width: 0, height: 5), cornerRadius: 1, transform: .identity).isEmpty)
    }
}

final class MaskedGroupTests: XCTestCase {
    private func whiteGroup(_ canvas: inout Canvas, opacity: Double, mask: Path?) {
        canvas.drawGroup(opacity: opacity, bounds: nil, mask: mask) { layer in
            layer.fill(Rect(x: 0, y: 0, width: 100, height: 100), color: .white)
        }
    }

    func testWithoutMaskItIsTheUnmaskedGroup() {
        for opacity in [1, 0.5] {
            var plain = Canvas(widthPixels: 6, heightPixels: 4, scale: 1)
            plain.drawGroup(opacity: opacity, bounds: Rect(x: 0.5, y: 0, width: 3, height: 2)) {
                $0.fill(Rect(x: 0.25, y: 0.5, width: 4, height: 3), color: .white, opacity: 0.8)
            }
            var masked = Canvas(widthPixels: 6, heightPixels: 4, scale: 1)
            masked.drawGroup(opacity: opacity, bounds: Rect(x: 0.5, y: 0, width: 3, height: 2), mask: nil) {
                $0.fill(Rect(x: 0.25, y: 0.5, width: 4, height: 3), color: .white, opacity: 0.8)
            }
            XCTAssertTrue(masked.image == plain.image)
        }
    }

    func testMaskCoverageTimesOpacity() {
        // A mask from x = 0.5 to 3, y = 1 to 2: half-covered first column; opacity ½ halves it all.
        let mask = Path(polygon: [Point(x: 0.5, y: 1), Point(x: 3, y: 1), Point(x: 3, y: 2), Point(x: 0.5, y: 2)])
        var full = Canvas(widthPixels: 4, heightPixels: 3, scale: 1)
        whiteGroup(&full, opacity: 1, mask: mask)
        XCTAssertEqual(alphas(full), [[0, 0, 0, 0], [128, 255, 255, 0], [0, 0, 0, 0]])
        var half = Canvas(widthPixels: 4, heightPixels: 3, scale: 1)
        whiteGroup(&half, opacity: 0.5, mask: mask)
        XCTAssertEqual(alphas(half), [[0, 0, 0, 0], [64, 128, 128, 0], [0, 0, 0, 0]])
    }

    func testMaskIsNonZeroAndInCanvasPoints() {
        // Two squares wound the same way overlap (non-zero: still 255, not cancelled); at scale 2
        // the points double.
        var mask = Path(polygon: [Point(x: 0, y: 0), Point(x: 2, y: 0), Point(x: 2, y: 1), Point(x: 0, y: 1)])
        mask.move(to: Point(x: 1, y: 0)); mask.line(to: Point(x: 3, y: 0)); mask.line(to: Point(x: 3, y: 1));
        mask.line(to: Point(x: 1, y: 1))
        var canvas = Canvas(widthPixels: 8, heightPixels: 3, scale: 2)
        whiteGroup(&canvas, opacity: 1, mask: mask)
        XCTAssertEqual(
            alphas(canvas), [[255, 255, 255, 255, 255, 255, 0, 0], [255, 255, 255, 255, 255, 255, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0]])
    }

    func testNestedGroupInsideAMask() {
        // The offscreen buffer sits at the mask's device pixels; inner drawing lands in place.
        var canvas = Canvas(widthPixels: 6, heightPixels: 6, scale: 1)
        canvas.drawGroup(
            opacity: 1, bounds: nil, mask: Path(roundedRect: Rect(x: 2, y: 2, width: 3, height: 3), cornerRadius: 0, transform: .identity)
        ) { layer in
            layer.drawGroup(opacity: 0.5, bounds: nil) { $0.fill(Rect(x: 0, y: 0, width: 4, height: 4), color: .white) }
        }
        XCTAssertEqual(
            alphas(canvas),
            [
                [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [0, 0, 128, 128, 0, 0],
                [0, 0, 128, 128, 0, 0], [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]
            ])
    }

    func testEmptyMaskSkipsTheBody() {
        var canvas = Canvas(widthPixels: 4, heightPixels: 4, scale: 1)
        var called = false
        canvas.drawGroup(opacity: 1, bounds: nil, mask: Path()) { _ in called = true }
        canvas.drawGroup(
            opacity: 1, bounds: Rect(x: 3, y: 3, width: 1, height: 1),
            mask: Path(polygon: [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 0, y: 1)])
        ) { _ in called = true }
        XCTAssertFalse(called)
        XCTAssertEqual(alphaSum(canvas), 0)
    }

    func testRotatedRoundedMaskCoversItsArea() {
        let turn = Transform2D(rotationCosine: 0.8, sine: 0.6).concatenating(Transform2D(translationX: 14, y: 1))
        var canvas = Canvas(widthPixels: 48, heightPixels: 48, scale: 2)
        whiteGroup(&canvas, opacity: 1, mask: Path(roundedRect: Rect(x: 0, y: 0, width: 12, height: 9), cornerRadius: 3, transform: turn))
        // The path's chords are within 1/64 point (1/32 px here) inside the arcs (R = 6 px).
        let area = (12 * 9 - (4 - Double.pi) * 9) * 4, flattening = 2 * Double.pi * 6 / 32
        let sum = Double(alphaSum(canvas)) / 255
        XCTAssertLessThanOrEqual(sum, area + 0.1)
        XCTAssertGreaterThanOrEqual(sum, area - flattening)
    }
}

final class LevelChoiceTests: XCTestCase {
    func testTheSmallerSingularValueChoosesTheLevel() {
        // A one-pixel checkerboard: level 0 is black and white, level 1 and above uniform grey.
        // Stretched by (sx, sy) then turned by a 3-4-5 rotation, its singular values are sx and
        // sy; the draw samples level 0 only while min(sx, sy) ≥ ½.
        var board = PremultipliedImage(width: 32, height: 32)
        for y in 0..<32 {
            for x in 0..<32 {
                board[x, y] =
                    (x + y) % 2 == 0
                    ? PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255)
                    : PremultipliedPixel(red: 0, green: 0, blue: 0, alpha: 255)
            }
        }
        let image = ImagePyramid(board)
        func interiorReds(sx: Double, sy: Double) -> Set<UInt8> {
            let t = Transform2D(scaleX: sx, y: sy).concatenating(Transform2D(rotationCosine: 0.6, sine: 0.8))
                .concatenating(Transform2D(translationX: 30, y: 2))
            var canvas = Canvas(widthPixels: 60, heightPixels: 60, scale: 1)
            canvas.draw(image, in: Rect(x: 0, y: 0, width: 32, height: 32), contentMode: .scaleToFill, transform: t)
            // Device pixels well inside the quad: centre (30 + 0.6·16sx − 0.8·16sy, 2 + 0.8·16sx + 0.6·16sy) ± 3.
            let cx = Int(30 + 9.6 * sx - 12.8 * sy), cy = Int(2 + 12.8 * sx + 9.6 * sy)
            return Set((cy - 3...cy + 3).flatMap { y in (cx - 3...cx + 3).map { canvas.image[$0, y].red } })
        }
        XCTAssertEqual(interiorReds(sx: 0.9, sy: 0.4), [128]) // σ_min 0.4 → level 1
        XCTAssertEqual(interiorReds(sx: 0.4, sy: 0.9), [128])
        XCTAssertGreaterThan(interiorReds(sx: 0.9, sy: 0.55).count, 5) // σ_min 0.55 → level 0
    }
}
