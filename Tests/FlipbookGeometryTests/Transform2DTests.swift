import FlipbookGeometry
import XCTest

final class Transform2DTests: XCTestCase {
    func testConcatenationAppliesSelfFirst() {
        let scale = Transform2D(scaleX: 2, y: 3), move = Transform2D(translationX: 10, y: -5)
        XCTAssertEqual(scale.concatenating(move).apply(to: Point(x: 1, y: 1)), Point(x: 12, y: -2))
        XCTAssertEqual(move.concatenating(scale).apply(to: Point(x: 1, y: 1)), Point(x: 22, y: -12))
    }

    func testQuarterTurnIsClockwiseOnScreen() {
        let turn = Transform2D(rotationCosine: 0, sine: 1)
        // x axis → y axis (down): clockwise on a y-down screen, as a CGAffineTransform(rotationAngle: π/2).
        XCTAssertEqual(turn.apply(to: Point(x: 1, y: 0)), Point(x: 0, y: 1))
        XCTAssertEqual(turn.apply(to: Point(x: 0, y: 1)), Point(x: -1, y: 0))
        XCTAssertFalse(turn.isPositiveAxisAligned)
    }

    func testInverseUndoes() {
        // Determinant 8 (a power of two), so every entry of the inverse is exact.
        let t = Transform2D(a: 2, b: 2, c: -1, d: 3, tx: 4, ty: 5)
        let inverse = try! XCTUnwrap(t.inverted())
        XCTAssertEqual(inverse, Transform2D(a: 0.375, b: -0.25, c: 0.125, d: 0.25, tx: -2.125, ty: -0.25))
        XCTAssertEqual(t.concatenating(inverse), .identity)
        XCTAssertNil(Transform2D(scaleX: 0, y: 1).inverted())
    }

    func testAxisAlignedRect() {
        let t = Transform2D(scaleX: 2, y: 0.5).concatenating(Transform2D(translationX: 1, y: 1))
        XCTAssertTrue(t.isPositiveAxisAligned)
        XCTAssertEqual(t.apply(to: Rect(x: 1, y: 2, width: 3, height: 4)), Rect(x: 3, y: 2, width: 6, height: 2))
        XCTAssertEqual(t.corners(of: Rect(x: 0, y: 0, width: 1, height: 2))[2], Point(x: 3, y: 2))
    }
}
