import FlipbookGeometry
import XCTest

final class GeometryTests: XCTestCase {
    func testIntersection() {
        let a = Rect(x: 0, y: 64, width: 375, height: 603)
        let b = Rect(x: 5, y: 40, width: 118, height: 88)
        XCTAssertEqual(a.intersection(b), Rect(x: 5, y: 64, width: 118, height: 64))
        XCTAssertNil(a.intersection(Rect(x: 0, y: 0, width: 10, height: 64)), "touching edges do not overlap")
    }

    func testNegativeSizeIsEmptyButKept() {
        let r = Rect(x: 10, y: 10, width: -2, height: 5)
        XCTAssertTrue(r.isEmpty)
        XCTAssertEqual(r.maxX, 8)
        XCTAssertTrue(Rect(x: 0, y: 0, width: .nan, height: 1).isEmpty)
    }

    func testEdgesAndTransforms() {
        let r = Rect(x: 5, y: 69, width: 118, height: 88)
        XCTAssertEqual(r.maxX, 123); XCTAssertEqual(r.maxY, 157)
        XCTAssertEqual(r.midX, 64); XCTAssertEqual(r.midY, 113)
        XCTAssertEqual(r.scaled(by: 2), Rect(x: 10, y: 138, width: 236, height: 176))
        XCTAssertEqual(r.insetBy(dx: 1, dy: 2), Rect(x: 6, y: 71, width: 116, height: 84))
        XCTAssertEqual(r.offsetBy(dx: -5, dy: 1), Rect(x: 0, y: 70, width: 118, height: 88))
        XCTAssertTrue(r.contains(Point(x: 5, y: 69)))
        XCTAssertFalse(r.contains(Point(x: 123, y: 100)))
        XCTAssertTrue(r.contains(Rect(x: 5, y: 69, width: 10, height: 10)))
    }
}
