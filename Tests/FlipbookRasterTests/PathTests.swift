import FlipbookGeometry
import FlipbookRaster
import FlipbookTestSupport
import XCTest

final class PathTests: XCTestCase {
    private func polygonArea(_ points: [Point]) -> Double {
        var sum = 0.0
        for i in 0..<points.count { let p = points[i], q = points[(i + 1) % points.count]; sum += p.x * q.y - q.x * p.y }
        return abs(sum) / 2
    }

    func testPolygonCoverageEqualsItsArea() {
        var generator = SplitMix(seed: 3)
        for _ in 0..<50 {
            // Random triangles (either winding) inside a 24×24 canvas.
            let points = (0..<3).map { _ in Point(x: 1 + generator.unit() * 22, y: 1 + generator.unit() * 22) }
            var canvas = Canvas(widthPixels: 24, heightPixels: 24, scale: 1)
            canvas.fill(Path(polygon: points), color: .black)
            let area = polygonArea(points)
            let perimeter = (0..<3).map { i -> Double in
                let p = points[i], q = points[(i + 1) % 3]; return ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
            }.reduce(0, +)
            XCTAssertEqual(Double(alphaSum(canvas)), area * 255, accuracy: perimeter * 1.5 + 4, "\(points)")
        }
    }

    func testSquarePathEqualsRectFill() {
        for rect in [Rect(x: 1, y: 1, width: 2, height: 2), Rect(x: 0.25, y: 0.5, width: 2.5, height: 1.75)] {
            var path = Path()
            path.move(to: Point(x: rect.minX, y: rect.minY)); path.line(to: Point(x: rect.maxX, y: rect.minY))
            path.line(to: Point(x: rect.maxX, y: rect.maxY)); path.line(to: Point(x: rect.minX, y: rect.maxY)); path.close()
            var byPath = Canvas(widthPixels: 8, heightPixels: 8, scale: 2)
            byPath.fill(path, color: .white)
            var byRect = Canvas(widthPixels: 8, heightPixels: 8, scale: 2)
            byRect.fill(rect, color: .white)
            for (p, r) in zip(byPath.image.pixels, byRect.image.pixels) {
                XCTAssertLessThanOrEqual(abs(Int(p >> 24) - Int(r >> 24)), 1, "\(rect)")
            }
            if rect.minX == 1 { XCTAssertEqual(byPath.image, byRect.image) }
        }
    }

    func testStarUsesNonZeroWinding() {
        // A pentagram drawn as one self-intersecting contour: its centre pentagon winds twice.
        let star = (0..<5).map { k -> Point in
            let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            return Point(x: 16 + 14 * cos(angle), y: 16 + 14 * sin(angle))
        }
        var canvas = Canvas(widthPixels: 32, heightPixels: 32, scale: 1)
        canvas.fill(Path(polygon: star), color: .black)
        XCTAssertEqual(canvas.image[16, 16].alpha, 255) // centre: winding 2 → filled
        XCTAssertEqual(canvas.image[16, 5].alpha, 255) // a point of the star
        XCTAssertEqual(canvas.image[1, 1].alpha, 0)
        // A hole: an inner square wound the other way cancels.
        var path = Path(polygon: [Point(x: 2, y: 2), Point(x: 30, y: 2), Point(x: 30, y: 30), Point(x: 2, y: 30)])
        path.move(to: Point(x: 10, y: 10)); path.line(to: Point(x: 10, y: 22)); path.line(to: Point(x: 22, y: 22));
        path.line(to: Point(x: 22, y: 10))
        var holed = Canvas(widthPixels: 32, heightPixels: 32, scale: 1)
        holed.fill(path, color: .black)
        XCTAssertEqual(holed.image[16, 16].alpha, 0)
        XCTAssertEqual(holed.image[5, 16].alpha, 255)
        XCTAssertEqual(alphaSum(holed), (28 * 28 - 12 * 12) * 255)
    }

    func testPathPartlyOutsideTheCanvasAndClip() {
        // A triangle reaching far outside: the visible part matches the same triangle on a big canvas.
        let triangle = [Point(x: -20, y: 2), Point(x: 30, y: 5), Point(x: 3, y: 40)]
        var small = Canvas(widthPixels: 10, heightPixels: 10, scale: 1)
        small.fill(Path(polygon: triangle), color: .black)
        var big = Canvas(widthPixels: 80, heightPixels: 80, scale: 1)
        big.fill(Path(polygon: triangle.map { Point(x: $0.x + 30, y: $0.y + 30) }), color: .black)
        for y in 0..<10 { for x in 0..<10 { XCTAssertEqual(small.image[x, y], big.image[x + 30, y + 30], "(\(x), \(y))") } }
        var clipped = Canvas(widthPixels: 10, heightPixels: 10, scale: 1)
        clipped.fill(Path(polygon: triangle), color: .black, clip: Clip(rect: Rect(x: 0, y: 0, width: 5, height: 10)))
        XCTAssertEqual(clipped.image[4, 6], small.image[4, 6])
        XCTAssertEqual(clipped.image[6, 6].alpha, 0)
        // Degenerate paths draw nothing.
        var empty = Canvas(widthPixels: 4, heightPixels: 4, scale: 1)
        empty.fill(Path(), color: .black)
        empty.fill(Path(polygon: [Point(x: 0, y: 0), Point(x: 3, y: 3)]), color: .black)
        empty.fill(Path(polygon: [Point(x: 0, y: 0), Point(x: .nan, y: 3), Point(x: 3, y: 0)]), color: .black)
        empty.fill(Path(polygon: [Point(x: 0, y: 0), Point(x: 1e300, y: 3), Point(x: 3, y: 0)]), color: .black, opacity: 0)
        XCTAssertEqual(alphaSum(empty), 0)
        empty.fill(Path(polygon: [Point(x: -1e300, y: -1e300), Point(x: 1e300, y: -1e300), Point(x: 0, y: 1e300)]), color: .black)
        XCTAssertEqual(alphaSum(empty), 16 * 255)
    }

    func testStrokeCoversItsArea() {
        var canvas = Canvas(widthPixels: 20, heightPixels: 10, scale: 2)
        canvas.stroke([Point(x: 1, y: 2.5), Point(x: 9, y: 2.5)], width: 1, color: .black)
        // Device line from x 2 to 18 at y 5, 2 pixels wide: rows 4 and 5, columns 2…17.
        XCTAssertEqual(alphaSum(canvas), 16 * 2 * 255)
        XCTAssertEqual(canvas.image[2, 4].alpha, 255)
        XCTAssertEqual(canvas.image[1, 4].alpha, 0)
        XCTAssertEqual(canvas.image[2, 6].alpha, 0)
    }

    func testStrokeOverlapsAreNotBlendedTwice() {
        var canvas = Canvas(widthPixels: 40, heightPixels: 40, scale: 1)
        // A zig-zag that folds back over itself, with round joins.
        canvas.stroke(
            [Point(x: 5, y: 5), Point(x: 35, y: 20), Point(x: 5, y: 35), Point(x: 35, y: 35)], width: 6,
            color: .black, opacity: 0.5)
        XCTAssertEqual(canvas.image.pixels.map { $0 >> 24 }.max(), 128)
        XCTAssertEqual(canvas.image[35, 20].alpha, 128) // inside the round join
        var degenerate = Canvas(widthPixels: 4, heightPixels: 4, scale: 1)
        degenerate.stroke([Point(x: 1, y: 1)], width: 2, color: .black)
        degenerate.stroke([Point(x: 1, y: 1), Point(x: 1, y: 1)], width: 2, color: .black)
        degenerate.stroke([Point(x: 1, y: 1), Point(x: 3, y: 1)], width: 0, color: .black)
        XCTAssertEqual(alphaSum(degenerate), 0)
    }
}
