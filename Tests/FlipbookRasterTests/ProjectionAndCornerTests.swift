import FlipbookGeometry
import FlipbookRaster
import XCTest

/// Layer shapes (masked and continuous corners, borders) and drawing through a projective map,
/// checked against areas and points computed independently (by hand and with Python, as noted).
final class ProjectionAndCornerTests: XCTestCase {
    /// The card-flip sample's front face at rotateY 30°, perspective 800 pt: the 240 × 320 pt
    /// layer at (40, 124), anchored at its centre (160, 284). Each corner (x, y) relative to the
    /// anchor goes to X = x·cos30°, Z = −x·sin30°, w = 1 − Z/800, screen (X/w + 160, y/w + 284),
    /// computed with Python's math module.
    static let flipHomography: Homography = {
        // The same map written out by hand as a homography: x' = (cosθ·x)/w + 160 …, with
        // w = 1 + sinθ·x/800 for x relative to the anchor; then moved to layer coordinates.
        let c = 3.0.squareRoot() / 2, s = 0.5
        let toAnchor = Homography(Transform2D(translationX: -120, y: -160))
        let projection = Homography([c, 0, 0, 0, 1, 0, s / 800, 0, 1])
        return toAnchor.concatenating(projection).concatenating(Homography(Transform2D(translationX: 160, y: 284)))
    }()
    static let flipCorners = [
        Point(x: 47.650758428, y: 111.027027027), Point(x: 256.672603213, y: 135.162790698),
        Point(x: 256.672603213, y: 432.837209302), Point(x: 47.650758428, y: 456.972972973)
    ]

    func testTheFlipsHomographyMapsTheCornersWherePythonPutsThem() {
        let corners = [Point(x: 0, y: 0), Point(x: 240, y: 0), Point(x: 240, y: 320), Point(x: 0, y: 320)]
        for (corner, expected) in zip(corners, Self.flipCorners) {
            let p = Self.flipHomography.apply(to: corner)
            XCTAssertEqual(p.x, expected.x, accuracy: 1e-6); XCTAssertEqual(p.y, expected.y, accuracy: 1e-6)
        }
        let inverse = try! XCTUnwrap(Self.flipHomography.inverted())
        let back = inverse.apply(to: Self.flipCorners[2])
        XCTAssertEqual(back.x, 240, accuracy: 1e-6); XCTAssertEqual(back.y, 320, accuracy: 1e-6)
        XCTAssertFalse(Self.flipHomography.isReversed(at: Point(x: 120, y: 160)))
    }

    /// An opaque image drawn through the flip covers exactly the projected quad: its total alpha
    /// is the quad's area, 67265.357969838 px² (the shoelace formula in Python on the corners
    /// above), to within the 8-bit rounding of the edge pixels.
    func testAnImageThroughAProjectiveMapCoversTheProjectedQuadExactly() {
        var canvas = Canvas(widthPixels: 320, heightPixels: 568, scale: 1)
        let image = ImagePyramid(
            PremultipliedImage(width: 24, height: 32, fill: PremultipliedPixel(red: 255, green: 0, blue: 0, alpha: 255)))
        canvas.draw(image, in: Rect(x: 0, y: 0, width: 240, height: 320), contentMode: .scaleToFill, projection: Self.flipHomography)
        let covered = Double(alphaSum(canvas)) / 255
        XCTAssertEqual(covered, 67265.357969838, accuracy: 2)
        // Inside the quad fully covered, outside not at all.
        XCTAssertEqual(canvas.image[150, 284].alpha, 255)
        XCTAssertEqual(canvas.image[46, 284].alpha, 0)
        XCTAssertEqual(canvas.image[258, 284].alpha, 0)
        // Near the left edge (x = 47.6508 at every y): pixel 47 is 35 % covered.
        XCTAssertEqual(Double(canvas.image[47, 284].alpha) / 255, 1 - 0.650758428, accuracy: 0.01)
    }

    /// The image's pixels land where the inverse map says: a left half red, right half blue
    /// image seen through the flip changes colour on the projection of its middle column,
    /// x = 160 + 0/w = 160 (the anchor's column: x = 0 relative to the anchor stays put).
    func testImagePixelsFollowTheInverseHomography() {
        var pixels = [UInt32](repeating: 0, count: 240 * 320)
        for y in 0..<320 { for x in 0..<240 { pixels[y * 240 + x] = x < 120 ? 0xFF00_00FF : 0xFFFF_0000 } }
        var canvas = Canvas(widthPixels: 320, heightPixels: 568, scale: 1)
        canvas.draw(
            ImagePyramid(PremultipliedImage(width: 240, height: 320, pixels: pixels)), in: Rect(x: 0, y: 0, width: 240, height: 320),
            contentMode: .scaleToFill, projection: Self.flipHomography)
        XCTAssertEqual(canvas.image[158, 284].red, 255); XCTAssertEqual(canvas.image[158, 284].blue, 0)
        XCTAssertEqual(canvas.image[161, 284].blue, 255); XCTAssertEqual(canvas.image[161, 284].red, 0)
    }

    /// A rect with its two top corners rounded (circular, r = 20) loses (1 − π/4)·r² per rounded
    /// corner; the bottom corners stay square, fully covered pixels.
    func testMaskedCircularCornersCoverTheirExactArea() {
        var canvas = Canvas(widthPixels: 120, heightPixels: 80, scale: 1)
        let path = Path(layerShape: Rect(x: 10, y: 10, width: 100, height: 60), cornerRadius: 20, corners: [.minXMinY, .maxXMinY])
        canvas.fill(path, color: .black)
        let expected = 100.0 * 60 - 2 * (1 - Double.pi / 4) * 400
        XCTAssertEqual(Double(alphaSum(canvas)) / 255, expected, accuracy: 1)
        XCTAssertEqual(canvas.image[10, 69].alpha, 255, "square bottom-left corner")
        XCTAssertEqual(canvas.image[109, 69].alpha, 255, "square bottom-right corner")
        XCTAssertEqual(canvas.image[10, 10].alpha, 0, "rounded top-left: the pixel is 26.9 pt from the centre (30, 30), outside r = 20")
        XCTAssertEqual(canvas.image[60, 10].alpha, 255, "the top edge between the corners")
        // On the arc's diagonal: the point (30 − 20/√2, 30 − 20/√2) = (15.858, 15.858).
        XCTAssertEqual(canvas.image[16, 16].alpha, 255)
        XCTAssertLessThan(canvas.image[15, 15].alpha, 128)
    }

    /// A continuous corner takes 0.2252971 r² off (Green's theorem over UIKit's printed Béziers in
    /// Python, 20 000 steps per cubic), a little more than a quarter circle's 0.2146018 r², and
    /// leaves the edge 1.528665 r before the corner.
    func testContinuousCornersTakeThePublishedCurvesArea() {
        var canvas = Canvas(widthPixels: 120, heightPixels: 80, scale: 1)
        canvas.fill(Path(layerShape: Rect(x: 10, y: 10, width: 100, height: 60), cornerRadius: 16, curve: .continuous), color: .black)
        XCTAssertEqual(Double(alphaSum(canvas)) / 255, 6000 - 4 * 0.22529706434 * 256, accuracy: 1)
        // The curve leaves the top edge at x = 10 + 1.528665·16 = 34.46: the pixel column 35 is
        // full in the top row, column 30 already cut.
        XCTAssertEqual(canvas.image[35, 10].alpha, 255)
        XCTAssertLessThan(canvas.image[30, 10].alpha, 255)
    }

    /// The vertices UIKit prints for `UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 60,
    /// height: 30), cornerRadius: 8)` on iOS 14–17 (the `CGPath` dump published in ChouTiUI's
    /// `NSBezierPath+RoundedRect.swift`): the top edge from 12.22932 to 47.77068, the first cubic
    /// ending at (54.948049657, 0.599291103), the second at (59.400708897, 5.051950343), the
    /// third at (60, 12.229319878). The outline passes through each (cubics end on vertices).
    func testContinuousCornersPassThroughUIKitsPrintedPoints() {
        let contour = Path(layerShape: Rect(x: 0, y: 0, width: 60, height: 30), cornerRadius: 8, curve: .continuous).contours[0]
        for printed in [
            Point(x: 12.22932, y: 0), Point(x: 47.77068, y: 0), Point(x: 54.948049657352058, y: 0.59929110277612807),
            Point(x: 59.400708897223872, y: 5.0519503426479417), Point(x: 60, y: 12.229319877836661),
            Point(x: 60, y: 17.77068), Point(x: 54.948049657352058, y: 29.400708897223872),
            Point(x: 5.05195034264794, y: 29.400708897223872), Point(x: 0.59929110277612718, y: 5.05195034264794)
        ] {
            let nearest = contour.map { (($0.x - printed.x) * ($0.x - printed.x) + ($0.y - printed.y) * ($0.y - printed.y)).squareRoot() }
                .min()!
            XCTAssertLessThan(nearest, 1e-5, "\(printed)")
        }
    }

    /// Past the shorter side ÷ 3.0573 (two corners' 1.528665 r each) UIKit's continuous rounded
    /// rect changes shape instead of capping the radius: with neither side longer than 3.0573 r
    /// it is a capsule — a 60×60 square with r = 30 a circle, π·30² = 2827.43 px², a 100×60 rect
    /// with r = 1000 the stadium 6000 − (4 − π)·30² = 5227.43 px² — and with one side longer the
    /// short sides' corners meet in their middles (ChouTiUI's dump of iOS 17.5): 200×60 with
    /// r = 30 covers 11 260.09 px² (Green's theorem in Python over those Béziers), the stadium
    /// 11 227.43, and stays within 0.49 pt of it. The shape is the same turned a quarter. The
    /// canvas fills the outline flattened into chords within 1/64 pt, which take up to
    /// (2/3)·(1/64)·(the curves' length, ≤ 190 pt here) ≈ 2 px² off.
    func testContinuousCornersBecomeACapsuleAsUIKitsPathDoes() {
        func covered(_ rect: Rect, _ radius: Double) -> Double {
            var canvas = Canvas(widthPixels: Int(rect.maxX) + 2, heightPixels: Int(rect.maxY) + 2, scale: 1)
            canvas.fill(Path(layerShape: rect, cornerRadius: radius, curve: .continuous), color: .black)
            return Double(alphaSum(canvas)) / 255
        }
        XCTAssertEqual(covered(Rect(x: 0, y: 0, width: 60, height: 60), 30), 900 * Double.pi - 1, accuracy: 1.5)
        XCTAssertEqual(covered(Rect(x: 0, y: 0, width: 100, height: 60), 1000), 6000 - (4 - Double.pi) * 900 - 1, accuracy: 1.5)
        XCTAssertEqual(covered(Rect(x: 0, y: 0, width: 200, height: 60), 30), 11260.09 - 1, accuracy: 1.5)
        XCTAssertEqual(covered(Rect(x: 0, y: 0, width: 60, height: 200), 30), 11260.09 - 1, accuracy: 1.5)
        // The capsule is the circular shape of half the shorter side.
        XCTAssertEqual(
            Path(layerShape: Rect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 1000, curve: .continuous),
            Path(layerShape: Rect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 30, curve: .circular))
        // Up to the break the corners are separate; just past it (r = 19.63 on a 60 pt side) the
        // shape changes and covers more (the corners get rounder, as reported of UIKit's path).
        let before = covered(Rect(x: 0, y: 0, width: 200, height: 60), 19.6),
            after = covered(Rect(x: 0, y: 0, width: 200, height: 60), 19.7)
        XCTAssertLessThan(after, before)
        // Every point of the 200×60 outline is within 0.49 pt of the stadium's.
        for point in Path(layerShape: Rect(x: 0, y: 0, width: 200, height: 60), cornerRadius: 30, curve: .continuous).contours[0] {
            let centreX = min(max(point.x, 30), 170)
            let distance = abs(((point.x - centreX) * (point.x - centreX) + (point.y - 30) * (point.y - 30)).squareRoot() - 30)
            XCTAssertLessThan(distance, 0.49, "\(point)")
        }
    }

    /// A border is the band between the shape and the shape inset by its width: 2 pt round a
    /// 100 × 60 rect with square corners covers 100·60 − 96·56 = 624 px².
    func testABorderIsTheBandInsideTheShape() {
        var canvas = Canvas(widthPixels: 120, heightPixels: 80, scale: 1)
        canvas.fill(Path(layerBorder: Rect(x: 10, y: 10, width: 100, height: 60), width: 2, cornerRadius: 0), color: .black)
        XCTAssertEqual(Double(alphaSum(canvas)) / 255, 624, accuracy: 0.5)
        XCTAssertEqual(canvas.image[11, 40].alpha, 255)
        XCTAssertEqual(canvas.image[12, 40].alpha, 0)
        // Rounded (r = 10, circular): outer 6000 − 4(1 − π/4)·100, inner 96·56 − 4(1 − π/4)·64.
        var rounded = Canvas(widthPixels: 120, heightPixels: 80, scale: 1)
        rounded.fill(Path(layerBorder: Rect(x: 10, y: 10, width: 100, height: 60), width: 2, cornerRadius: 10), color: .black)
        let band = (6000 - 4 * (1 - Double.pi / 4) * 100) - (96 * 56 - 4 * (1 - Double.pi / 4) * 64)
        XCTAssertEqual(Double(alphaSum(rounded)) / 255, band, accuracy: 1)
    }

    /// A polygon passing behind the eye is cut at w = minimumW, not drawn through infinity.
    func testProjectionCutsWhatIsBehindTheEye() {
        // w = 1 − x/100: x ≥ 100 is behind the eye.
        let map = Homography([1, 0, 0, 0, 1, 0, -0.01, 0, 1])
        let cut = map.project([Point(x: 0, y: 0), Point(x: 200, y: 0), Point(x: 200, y: 10), Point(x: 0, y: 10)], minimumW: 0.5)
        // Kept: x from 0 to 50 (w = 0.5), mapped to 0 … 100.
        XCTAssertEqual(cut.count, 4)
        XCTAssertEqual(cut.map(\.x).max()!, 100, accuracy: 1e-9)
        XCTAssertTrue(cut.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }
}
