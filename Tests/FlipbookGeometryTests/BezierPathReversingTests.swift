import FlipbookGeometry
import XCTest

/// `BezierPath.reversed()` (`UIBezierPath.reversing()`): the same outline traced the other way.
final class BezierPathReversingTests: XCTestCase {
    private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    func testAClosedRectStartsAtItsCornerAndRunsTheOtherWay() {
        var rect = BezierPath()
        rect.addRect(Rect(x: 0, y: 0, width: 4, height: 2))
        // Forwards: (0,0) → (4,0) → (4,2) → (0,2), closed back to (0,0). Backwards from (0,0):
        // the closing edge first, to (0,2), then (4,2), (4,0), and the close.
        XCTAssertEqual(rect.reversed().elements, [.move(to: p(0, 0)), .line(to: p(0, 2)), .line(to: p(4, 2)), .line(to: p(4, 0)), .close])
    }

    func testAnOpenSubpathStartsAtItsEndAndCurvesKeepTheirControlsSwapped() {
        var path = BezierPath()
        path.move(to: p(0, 0))
        path.addCurve(to: p(3, 0), control1: p(1, 1), control2: p(2, 1))
        path.addQuadCurve(to: p(5, 2), control: p(4, 0))
        path.move(to: p(10, 10))
        path.addLine(to: p(11, 10))
        let reversed = path.reversed()
        XCTAssertEqual(
            reversed.elements,
            [
                .move(to: p(5, 2)), .quadCurve(to: p(3, 0), control: p(4, 0)), .curve(to: p(0, 0), control1: p(2, 1), control2: p(1, 1)),
                .move(to: p(11, 10)), .line(to: p(10, 10))
            ])
        // Twice reversed: the original elements.
        XCTAssertEqual(reversed.reversed().elements, path.elements)
    }

    func testAnEllipseReversedHasTheSameStructureAndRunsCounterClockwise() {
        var oval = BezierPath()
        oval.addEllipse(in: Rect(x: 0, y: 0, width: 2, height: 2))
        let reversed = oval.reversed()
        XCTAssertTrue(reversed.hasSameStructure(as: oval))
        // From 3 o'clock, the first quarter now ends at 12 o'clock (y up on screen is −y).
        guard case let .curve(end, _, _) = reversed.elements[1] else { return XCTFail("\(reversed.elements)") }
        XCTAssertEqual(end.x, 1, accuracy: 1e-12)
        XCTAssertEqual(end.y, 0, accuracy: 1e-12)
    }
}
