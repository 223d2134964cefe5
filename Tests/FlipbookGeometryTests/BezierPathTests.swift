import FlipbookGeometry
import XCTest

/// `BezierPath`: the elements Core Graphics' builders make, arcs at exact angles, transforms,
/// bounds, structure and interpolation, and the flattening into polylines (its tolerance, its
/// bounds, its tangents).
final class BezierPathTests: XCTestCase {
    private func length(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }

    private func end(_ element: BezierPath.Element) -> Point? { element.points.last }

    func testRectAndEllipseHaveCoreGraphicsElements() {
        var rect = BezierPath()
        rect.addRect(Rect(x: 1, y: 2, width: 10, height: 4))
        XCTAssertEqual(
            rect.elements,
            [
                .move(to: Point(x: 1, y: 2)), .line(to: Point(x: 11, y: 2)), .line(to: Point(x: 11, y: 6)),
                .line(to: Point(x: 1, y: 6)), .close
            ])
        XCTAssertEqual(rect.currentPoint, Point(x: 1, y: 2), "a close returns to the subpath's start")

        var ellipse = BezierPath()
        ellipse.addEllipse(in: Rect(x: 0, y: 0, width: 20, height: 10))
        XCTAssertEqual(ellipse.kinds, [.move, .curve, .curve, .curve, .curve, .close])
        // From 3 o'clock clockwise on screen (y down): right, bottom, left, top middles.
        XCTAssertEqual(
            ellipse.elements.compactMap(end),
            [
                Point(x: 20, y: 5), Point(x: 10, y: 10), Point(x: 0, y: 5),
                Point(x: 10, y: 0), Point(x: 20, y: 5)
            ])
        // The first control point lies 0.5523 of the vertical radius below the start.
        guard case .curve(_, let c1, _) = ellipse.elements[1] else { return XCTFail() }
        XCTAssertEqual(c1.y - 5, 5 * 4 / 3 * (2.0.squareRoot() - 1), accuracy: 1e-14)

        var rounded = BezierPath()
        rounded.addRoundedRect(Rect(x: 0, y: 0, width: 20, height: 10), cornerWidth: 4, cornerHeight: 3)
        XCTAssertEqual(rounded.kinds, [.move] + Array(repeating: [BezierPath.Kind.line, .curve], count: 4).flatMap { $0 } + [.close])
        XCTAssertEqual(end(rounded.elements[0]), Point(x: 4, y: 0))
        XCTAssertEqual(end(rounded.elements[2]), Point(x: 20, y: 3))
        // Corners wider than half the rect are limited to it (Core Graphics would trap).
        var capsule = BezierPath()
        capsule.addRoundedRect(Rect(x: 0, y: 0, width: 20, height: 10), cornerWidth: 50, cornerHeight: 50)
        XCTAssertEqual(end(capsule.elements[2]), Point(x: 20, y: 5))
    }

    func testArcEndsExactlyAtQuarterTurns() {
        // UIBezierPath(arcCenter:radius:startAngle: 0, endAngle: π, clockwise: true) is the bottom
        // half on screen; clockwise false the top half (Apple's documentation of the initializer).
        var bottom = BezierPath()
        bottom.addArc(center: Point(x: 10, y: 10), radius: 5, startRadians: 0, endRadians: .pi, clockwiseOnScreen: true)
        XCTAssertEqual(bottom.kinds, [.move, .curve, .curve])
        XCTAssertEqual(bottom.elements.compactMap(end), [Point(x: 15, y: 10), Point(x: 10, y: 15), Point(x: 5, y: 10)])
        var top = BezierPath()
        top.addArc(center: Point(x: 10, y: 10), radius: 5, startRadians: 0, endRadians: .pi, clockwiseOnScreen: false)
        XCTAssertEqual(top.elements.compactMap(end), [Point(x: 15, y: 10), Point(x: 10, y: 5), Point(x: 5, y: 10)])
        // −π/2 … 3π/2 (a progress ring from 12 o'clock): four cubics ending exactly on the axes.
        var ring = BezierPath()
        ring.addArc(center: .zero, radius: 8, startRadians: -.pi / 2, endRadians: 3 * .pi / 2, clockwiseOnScreen: true)
        XCTAssertEqual(
            ring.elements.compactMap(end),
            [
                Point(x: 0, y: -8), Point(x: 8, y: 0), Point(x: 0, y: 8),
                Point(x: -8, y: 0), Point(x: 0, y: -8)
            ])
        // The other way round a whole turn is nothing (as UIBezierPath with clockwise: false, 0 → 2π).
        var none = BezierPath()
        none.addArc(center: .zero, radius: 8, startRadians: 0, endRadians: 2 * .pi, clockwiseOnScreen: false)
        XCTAssertEqual(none.kinds, [.move])
        // More than a turn is one circle; a sweep modulo a turn otherwise.
        var more = BezierPath()
        more.addArc(center: .zero, radius: 8, startRadians: 0, endRadians: 9, clockwiseOnScreen: true)
        XCTAssertEqual(more.kinds, [.move, .curve, .curve, .curve, .curve])
        var wrapped = BezierPath()
        wrapped.addArc(center: .zero, radius: 1, startRadians: 0, endRadians: -.pi / 2, clockwiseOnScreen: true)
        XCTAssertEqual(wrapped.kinds.count, 4, "0 → −π/2 growing is three quarters")
        XCTAssertEqual(end(wrapped.elements[3]), Point(x: 0, y: -1))
    }

    func testRelativeArcAndValidation() {
        // addRelativeArc sweeps exactly its delta (here −3π/2, counter-clockwise on screen), at
        // most one turn.
        var arc = BezierPath()
        arc.addRelativeArc(center: .zero, radius: 2, startRadians: 0, deltaRadians: -1.5 * .pi)
        XCTAssertEqual(arc.elements.compactMap(end), [Point(x: 2, y: 0), Point(x: 0, y: -2), Point(x: -2, y: 0), Point(x: 0, y: 2)])
        var turns = BezierPath()
        turns.addRelativeArc(center: .zero, radius: 2, startRadians: 0, deltaRadians: 20)
        XCTAssertEqual(turns.kinds.count, 5, "one turn at most: four cubics")
        XCTAssertEqual(turns.currentPoint, Point(x: 2, y: 0))

        // What a reader refuses, naming the element.
        XCTAssertThrowsError(try BezierPath(validating: [.line(to: .zero)])) {
            XCTAssertEqual($0 as? BezierPathError, .noCurrentPoint(element: 0))
        }
        XCTAssertThrowsError(try BezierPath(validating: [.move(to: .zero), .line(to: Point(x: .nan, y: 0))])) {
            XCTAssertEqual("\($0)", "element 1 has a coordinate that is not a finite number")
        }
        let many = [BezierPath.Element](repeating: .move(to: .zero), count: BezierPath.maximumElementCount + 1)
        XCTAssertThrowsError(try BezierPath(validating: many)) {
            XCTAssertEqual($0 as? BezierPathError, .tooManyElements(count: BezierPath.maximumElementCount + 1))
        }
        let valid = try! BezierPath(validating: [.move(to: .zero), .line(to: Point(x: 1, y: 0)), .close, .line(to: Point(x: 0, y: 1))])
        XCTAssertEqual(valid.currentPoint, Point(x: 0, y: 1))
    }

    func testArcCubicsStayOnTheCircle() {
        // The 4/3·tan(θ/4) cubic strays at most 2.7·10⁻⁴ r from a quarter circle (the classic
        // figure for this approximation; 0.4 % of it for a 30° piece).
        var arc = BezierPath()
        arc.addArc(center: Point(x: 3, y: 4), radius: 100, startRadians: 0.3, endRadians: 2.0, clockwiseOnScreen: true)
        var from = Point(x: 3 + 100 * cos(0.3), y: 4 + 100 * sin(0.3))
        XCTAssertEqual(arc.currentPoint!.x, 3 + 100 * cos(2.0), accuracy: 1e-12)
        XCTAssertEqual(arc.currentPoint!.y, 4 + 100 * sin(2.0), accuracy: 1e-12)
        for element in arc.elements {
            guard case .curve(let to, let c1, let c2) = element else { continue }
            for k in 0...100 {
                let p = BezierPath.cubicPoint(from, c1, c2, to, Double(k) / 100)
                XCTAssertEqual(length(Point(x: p.x - 3, y: p.y - 4)), 100, accuracy: 0.027)
            }
            from = to
        }
        XCTAssertEqual(arc.kinds.count, 3, "1.7 rad is two pieces")
    }

    func testTangentArc() {
        // A right-angled corner rounded by 3: tangent points 3 before and after the corner, the
        // arc one cubic about (7, 3).
        var path = BezierPath()
        path.move(to: .zero)
        path.addArc(tangent1End: Point(x: 10, y: 0), tangent2End: Point(x: 10, y: 10), radius: 3)
        XCTAssertEqual(path.kinds, [.move, .line, .curve])
        XCTAssertEqual(end(path.elements[1]), Point(x: 7, y: 0))
        guard case .curve(let to, let c1, let c2) = path.elements[2] else { return XCTFail() }
        XCTAssertEqual(to.x, 10, accuracy: 1e-12); XCTAssertEqual(to.y, 3, accuracy: 1e-12)
        let k = 3 * BezierPath.quarterCircleControl
        XCTAssertEqual(c1.x, 7 + k, accuracy: 1e-12); XCTAssertEqual(c1.y, 0, accuracy: 1e-12)
        XCTAssertEqual(c2.x, 10, accuracy: 1e-12); XCTAssertEqual(c2.y, 3 - k, accuracy: 1e-12)
        // A sharp corner (60° between the lines: a 120° turn) is two cubics; tangent points at
        // r/tan(30°) = r√3 from the corner.
        var sharp = BezierPath()
        sharp.move(to: .zero)
        sharp.addArc(tangent1End: Point(x: 10, y: 0), tangent2End: Point(x: 10 - 5, y: 5 * 3.0.squareRoot()), radius: 2)
        XCTAssertEqual(sharp.kinds, [.move, .line, .curve, .curve])
        XCTAssertEqual(end(sharp.elements[1])!.x, 10 - 2 * 3.0.squareRoot(), accuracy: 1e-12)
        let last = sharp.currentPoint!
        XCTAssertEqual(length(Point(x: last.x - 10, y: last.y)), 2 * 3.0.squareRoot(), accuracy: 1e-12)
        // Collinear lines or a zero radius: a line to the corner, as Core Graphics draws it.
        var straight = BezierPath()
        straight.move(to: .zero)
        straight.addArc(tangent1End: Point(x: 5, y: 0), tangent2End: Point(x: 9, y: 0), radius: 2)
        XCTAssertEqual(straight.elements, [.move(to: .zero), .line(to: Point(x: 5, y: 0))])
    }

    func testTransformBoundsAndStructure() {
        var path = BezierPath()
        path.move(to: .zero)
        path.addCurve(to: Point(x: 10, y: 0), control1: Point(x: 0, y: 10), control2: Point(x: 10, y: 10))
        // The curve's top is B(½).y = ¾·10; its control points reach 10.
        XCTAssertEqual(path.controlPointBounds, Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(path.bounds, Rect(x: 0, y: 0, width: 10, height: 7.5))
        var quad = BezierPath()
        quad.move(to: .zero)
        quad.addQuadCurve(to: Point(x: 10, y: 0), control: Point(x: 5, y: -10))
        XCTAssertEqual(quad.bounds, Rect(x: 0, y: -5, width: 10, height: 5))
        XCTAssertNil(BezierPath().bounds)

        // A quarter turn about the origin then a move: exact for these entries.
        let turned = path.applying(Transform2D(rotationCosine: 0, sine: 1).concatenating(Transform2D(translationX: 100, y: 0)))
        XCTAssertEqual(turned.elements[1], .curve(to: Point(x: 100, y: 10), control1: Point(x: 90, y: 0), control2: Point(x: 90, y: 10)))
        XCTAssertTrue(turned.hasSameStructure(as: path))

        var line = BezierPath()
        line.move(to: .zero)
        line.addLine(to: Point(x: 10, y: 0))
        XCTAssertFalse(line.hasSameStructure(as: path))
        XCTAssertNil(line.interpolated(to: path, fraction: 0.5))
        let halfway = path.interpolated(to: turned, fraction: 0.25)!
        XCTAssertEqual(halfway.elements[0], .move(to: Point(x: 25, y: 0)))
        XCTAssertEqual(
            halfway.elements[1], .curve(to: Point(x: 32.5, y: 2.5), control1: Point(x: 22.5, y: 7.5), control2: Point(x: 30, y: 10)))
        XCTAssertEqual(path.interpolated(to: turned, fraction: 0), path)

        // Lines and curves with no current point are ignored, as Core Graphics ignores them; kept
        // in a path of given elements, such a line is drawn as a move.
        var orphan = BezierPath()
        orphan.addLine(to: Point(x: 1, y: 1))
        orphan.closeSubpath()
        XCTAssertTrue(orphan.isEmpty)
        let given = BezierPath(elements: [.line(to: Point(x: 1, y: 1)), .line(to: Point(x: 4, y: 5))]).polylines(tolerance: 0.1)
        XCTAssertEqual(given.map { $0.vertices.map(\.point) }, [[Point(x: 1, y: 1), Point(x: 4, y: 5)]])
    }

    func testFlatteningStaysWithinTheToleranceAndCarriesTangents() {
        let control = [Point(x: 0, y: 0), Point(x: 40, y: -30), Point(x: -10, y: 50), Point(x: 30, y: 20)]
        var path = BezierPath()
        path.move(to: control[0])
        path.addCurve(to: control[3], control1: control[1], control2: control[2])
        for tolerance in [0.25, 1.0 / 64] {
            let lines = path.polylines(tolerance: tolerance)
            XCTAssertEqual(lines.count, 1)
            let points = lines[0].vertices.map(\.point)
            XCTAssertEqual(points.first, control[0]); XCTAssertEqual(points.last, control[3])
            for k in 0...1000 {
                let p = BezierPath.cubicPoint(control[0], control[1], control[2], control[3], Double(k) / 1000)
                let nearest = zip(points, points.dropFirst()).map { distance(p, toSegment: $0, $1) }.min()!
                XCTAssertLessThanOrEqual(nearest, tolerance)
            }
        }
        // Chord counts grow as 1/√tolerance: 16× finer, 4× the chords (to the rounding up).
        let coarse = path.polylines(tolerance: 1).first!.vertices.count - 1
        let fine = path.polylines(tolerance: 1.0 / 16).first!.vertices.count - 1
        XCTAssertEqual(Double(fine) / Double(coarse), 4, accuracy: 0.5)
        // Tangents: the start's is the direction to the first control point.
        let first = path.polylines(tolerance: 0.1)[0].vertices[0]
        XCTAssertEqual(first.tangentOut.x, 0.8, accuracy: 1e-15); XCTAssertEqual(first.tangentOut.y, -0.6, accuracy: 1e-15)
        // Flattening is deterministic: the same vertices, bit for bit.
        XCTAssertEqual(path.polylines(tolerance: 0.01), path.polylines(tolerance: 0.01))
    }

    func testStrokeFlatteningBoundsTheTurnPerChord() {
        // A circle of radius 5 stroked 200 wide: its offset at 100 needs far more chords than the
        // centre line does; every chord's tangents then turn by at most √(4·tol/h).
        var circle = BezierPath()
        circle.addEllipse(in: Rect(x: -5, y: -5, width: 10, height: 10))
        let tolerance = 1.0 / 64
        let plain = circle.polylines(tolerance: tolerance)[0].vertices
        let stroke = circle.polylines(tolerance: tolerance, strokeHalfWidth: 100)[0].vertices
        XCTAssertGreaterThan(stroke.count, 4 * plain.count)
        for (a, b) in zip(stroke, stroke.dropFirst()) {
            let turn = length(Point(x: b.tangentIn.x - a.tangentOut.x, y: b.tangentIn.y - a.tangentOut.y))
            XCTAssertLessThanOrEqual(turn, (4 * tolerance / 100).squareRoot() * 1.0001)
        }
        XCTAssertTrue(circle.polylines(tolerance: tolerance)[0].isClosed)
        XCTAssertEqual(plain.first!.point, plain.last!.point, "a closed polyline repeats its start")
    }

    func testFlatteningIsBoundedWhateverThePathHolds() {
        // 100 000 large cubics would be 100 000 × 1024 chords: they share the vertex budget.
        var path = BezierPath()
        path.move(to: .zero)
        for k in 0..<100_000 {
            let x = Double(k % 2 == 0 ? 1 : -1) * 1e6
            path.addCurve(to: Point(x: 0, y: Double(k)), control1: Point(x: x, y: 0), control2: Point(x: -x, y: 1e6))
        }
        let vertices = path.polylines(tolerance: 1.0 / 64).reduce(0) { $0 + $1.vertices.count }
        XCTAssertLessThanOrEqual(vertices, BezierPath.maximumFlattenedVertices + 100_001)
        XCTAssertGreaterThanOrEqual(vertices, 100_000, "each curve keeps at least one chord")
        // One huge curve: at most maximumChordsPerCurve chords.
        var huge = BezierPath()
        huge.move(to: .zero)
        huge.addCurve(to: Point(x: 1e12, y: 0), control1: Point(x: 0, y: 1e12), control2: Point(x: 1e12, y: -1e12))
        XCTAssertEqual(huge.polylines(tolerance: 1.0 / 64)[0].vertices.count, BezierPath.maximumChordsPerCurve + 1)
    }

    func testLengthsAndPieces() {
        var square = BezierPath()
        square.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        let line = square.polylines(tolerance: 0.1)[0]
        XCTAssertTrue(line.isClosed)
        XCTAssertEqual(line.length, 40)
        // 5…25: from the middle of the top edge round the top-right corner to the middle of the bottom.
        let piece = line.pieces(between: [(5, 25)])[0]
        XCTAssertFalse(piece.isClosed)
        XCTAssertEqual(piece.vertices.map(\.point), [Point(x: 5, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 5, y: 10)])
        XCTAssertEqual(piece.vertices.map(\.isJoin), [false, true, true, false])
        XCTAssertEqual(piece.vertices[3].tangentIn, Point(x: -1, y: 0))
        // A piece starting exactly on a corner leaves along the next edge; a zero-length piece is a dot.
        let fromCorner = line.pieces(between: [(10, 12), (30, 30)])
        XCTAssertEqual(fromCorner[0].vertices.map(\.point), [Point(x: 10, y: 0), Point(x: 10, y: 2)])
        XCTAssertEqual(fromCorner[0].vertices[0].tangentOut, Point(x: 0, y: 1))
        XCTAssertEqual(fromCorner[1].vertices.map(\.point), [Point(x: 0, y: 10)])
        XCTAssertEqual(fromCorner[1].vertices[0].tangentOut, Point(x: 0, y: -1))
        // The whole of a closed polyline stays closed.
        XCTAssertEqual(line.pieces(between: [(0, 40)]), [line])
        // A circle's chords are a hair shorter than 2πr (inscribed: within the tolerance).
        var circle = BezierPath()
        circle.addEllipse(in: Rect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(circle.polylines(tolerance: 1.0 / 64)[0].length, 100 * .pi, accuracy: 0.02)
    }

    private func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
        return length(Point(x: p.x - a.x - t * dx, y: p.y - a.y - t * dy))
    }
}
