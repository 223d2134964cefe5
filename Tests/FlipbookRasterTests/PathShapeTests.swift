import FlipbookGeometry
import FlipbookRaster
import XCTest

/// Curves, arcs, ring sectors, holes and stroke outlines (`Path+Shapes.swift`).
final class PathShapeTests: XCTestCase {
    private func length(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }

    /// The cubic Bézier at `t` by de Casteljau (an independent evaluation).
    private func casteljau(_ p: [Point], _ t: Double) -> Point {
        var points = p
        while points.count > 1 {
            points = zip(points, points.dropFirst()).map { Point(x: $0.x + ($1.x - $0.x) * t, y: $0.y + ($1.y - $0.y) * t) }
        }
        return points[0]
    }

    /// Distance from `p` to the segment `a`–`b`.
    private func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
        return length(Point(x: p.x - a.x - t * dx, y: p.y - a.y - t * dy))
    }

    func testCurveStaysWithinTheTolerance() {
        // A wide S-curve: every point of the true curve is within 1/64 pt of the chords.
        let control = [Point(x: 0, y: 0), Point(x: 40, y: -30), Point(x: -10, y: 50), Point(x: 30, y: 20)]
        var path = Path()
        path.move(to: control[0])
        path.curve(to: control[3], control1: control[1], control2: control[2])
        let vertices = path.contours[0]
        XCTAssertEqual(vertices.first, control[0])
        XCTAssertEqual(vertices.last, control[3])
        XCTAssertGreaterThan(vertices.count, 20)
        XCTAssertLessThan(vertices.count, 200)
        for k in 0...1000 {
            let point = casteljau(control, Double(k) / 1000)
            let nearest = zip(vertices, vertices.dropFirst()).map { distance(point, toSegment: $0, $1) }.min()!
            XCTAssertLessThanOrEqual(nearest, Path.flatteningTolerancePoints, "t = \(Double(k) / 1000)")
        }
        // A straight "curve" is one chord.
        var straight = Path()
        straight.move(to: .zero)
        straight.curve(to: Point(x: 9, y: 0), control1: Point(x: 3, y: 0), control2: Point(x: 6, y: 0))
        XCTAssertEqual(straight.contours, [[.zero, Point(x: 9, y: 0)]])
    }

    func testArcVerticesLieOnTheCircle() {
        var path = Path()
        let centre = Point(x: 10, y: 20)
        path.arc(center: centre, radius: 8, startRadians: -Double.pi, endRadians: 0) // the upper half
        let vertices = path.contours[0]
        XCTAssertEqual(vertices.first!.x, 2, accuracy: 1e-12)
        XCTAssertEqual(vertices.first!.y, 20, accuracy: 1e-12)
        XCTAssertEqual(vertices.last!.x, 18, accuracy: 1e-12)
        XCTAssertEqual(vertices.last!.y, 20, accuracy: 1e-12)
        XCTAssertEqual(vertices[vertices.count / 2].y, 12, accuracy: 1e-3, "passes through the top")
        for v in vertices { XCTAssertEqual(length(Point(x: v.x - centre.x, y: v.y - centre.y)), 8, accuracy: 1e-12) }
        // Chord sagitta r(1 − cos(Δ/2)) within the tolerance.
        let chord = length(Point(x: vertices[1].x - vertices[0].x, y: vertices[1].y - vertices[0].y))
        XCTAssertLessThanOrEqual(8 - (64 - chord * chord / 4).squareRoot(), Path.flatteningTolerancePoints)
    }

    func testRingSectorAndHoleAreas() {
        // A 90° band between radii 6 and 10 at @1x: coverage sum = area · 255 (π(10² − 6²)/4 ≈ 50.27 px²).
        var ring = Path()
        ring.addRingSector(
            center: Point(x: 12, y: 14), innerRadius: 6, outerRadius: 10,
            startRadians: -0.75 * Double.pi, endRadians: -0.25 * Double.pi)
        var canvas = Canvas(widthPixels: 24, heightPixels: 16, scale: 1)
        canvas.fill(ring, color: .black)
        XCTAssertEqual(Double(alphaSum(canvas)) / 255, Double.pi * (100 - 36) / 4, accuracy: 0.3)
        XCTAssertEqual(canvas.image[12, 6].alpha, 255, "inside the band, straight up from the centre")
        XCTAssertEqual(canvas.image[12, 10].alpha, 0, "inside the inner radius")
        XCTAssertEqual(canvas.image[3, 12].alpha, 0, "outside the 90° opening")

        // A rounded outline with a counter-clockwise inner contour: a 1-pixel ring, hollow.
        var outline = Path()
        outline.addRoundedRect(Rect(x: 2, y: 2, width: 20, height: 10), cornerRadius: 3)
        outline.addRoundedRect(Rect(x: 3, y: 3, width: 18, height: 8), cornerRadius: 2, clockwise: false)
        var holed = Canvas(widthPixels: 24, heightPixels: 14, scale: 1)
        holed.fill(outline, color: .black)
        XCTAssertEqual(holed.image[12, 7].alpha, 0, "the hole")
        XCTAssertEqual(holed.image[12, 2].alpha, 255, "the top edge")
        // Ring area: (200 − (4 − π)·9) − (144 − (4 − π)·4) = 56 − 5·(4 − π) ≈ 51.71.
        XCTAssertEqual(Double(alphaSum(holed)) / 255, 56 - 5 * (4 - Double.pi), accuracy: 0.2)
    }

    func testStrokeOutlineWithRoundCaps() {
        // A 10 pt segment 4 pt wide with round caps: 10·4 + π·2² ≈ 52.57 pt², at @2x ×4 in pixels;
        // the caps' chords may cut up to the tolerance off the circle: at most 2π·2·tol ≈ 0.2 pt².
        let outline = Path(stroking: [Point(x: 5, y: 5), Point(x: 15, y: 5)], width: 4, roundCaps: true)
        var canvas = Canvas(widthPixels: 40, heightPixels: 20, scale: 2)
        canvas.fill(outline, color: .black)
        XCTAssertEqual(Double(alphaSum(canvas)) / 255 / 4, 40 + 4 * Double.pi, accuracy: 4 * Double.pi * Path.flatteningTolerancePoints)
        XCTAssertEqual(canvas.image[7, 10].alpha, 255, "inside the left cap")
        XCTAssertEqual(canvas.image[2, 10].alpha, 0, "beyond the cap")
        // Butt caps end at the end points.
        let butt = Path(stroking: [Point(x: 5, y: 5), Point(x: 15, y: 5)], width: 4, roundCaps: false)
        var flat = Canvas(widthPixels: 40, heightPixels: 20, scale: 2)
        flat.fill(butt, color: .black)
        XCTAssertEqual(alphaSum(flat), 255 * 160)
        // Degenerate input draws nothing.
        XCTAssertTrue(Path(stroking: [Point(x: 1, y: 1)], width: 2, roundCaps: true).isEmpty)
        XCTAssertTrue(Path(stroking: [Point(x: 1, y: 1), Point(x: 2, y: 1)], width: 0, roundCaps: true).isEmpty)
    }
}
