import FlipbookGeometry
import XCTest

@testable import FlipbookRaster

/// Coordinates, radii and scales far beyond any screen — what a transition file of nested
/// layers scaled by −1000 produces (10³⁶ points) — draw what they cover or nothing, and never
/// trap in a conversion to an integer.
final class ExtremeGeometryTests: XCTestCase {
    private let blue = StraightColor(red: 0, green: 0, blue: 1)

    private func canvas() -> Canvas { Canvas(widthPixels: 8, heightPixels: 8, scale: 1) }

    /// Pixels whose red channel is 0 and blue 255 (covered by the blue fill).
    private func bluePixels(_ canvas: Canvas) -> Int {
        canvas.image.pixels.filter { PremultipliedPixel(packed: $0).blue == 255 && PremultipliedPixel(packed: $0).alpha == 255 }.count
    }

    func testTheOneConversionClampsAndMapsNaNToTheLowerBound() {
        XCTAssertEqual(Int(clamping: 3.9, to: 0...10), 3)
        XCTAssertEqual(Int(clamping: -3.9, to: -10...10), -3)
        XCTAssertEqual(Int(clamping: 1e300, to: 1...4096), 4096)
        XCTAssertEqual(Int(clamping: -1e300, to: -5...5), -5)
        XCTAssertEqual(Int(clamping: .infinity, to: 0...Int.max), Int.max)
        XCTAssertEqual(Int(clamping: -.infinity, to: Int.min...0), Int.min)
        XCTAssertEqual(Int(clamping: .nan, to: 8...512), 8)
        XCTAssertEqual(Int(clamping: 9.3e18, to: Int.min...Int.max), Int.max) // above 2⁶³
    }

    func testARoundedClipOfAHugeRectCoversTheCanvas() {
        // The clip of the twelfth nested layer scaled by −1000: 10³⁸ points wide, corner 5·10³⁷.
        var canvas = canvas()
        let huge = Rect(x: -5e37, y: -5e37, width: 1e38, height: 1e38)
        canvas.fill(huge, color: blue, clip: Clip(rect: huge, cornerRadius: 5e37))
        // The canvas lies at the circle's centre, far inside the rounded rect.
        XCTAssertEqual(bluePixels(canvas), 64)
        var far = self.canvas()
        let right = Rect(x: 1e30, y: 0, width: 1e31, height: 8)
        far.fill(right, color: blue, clip: Clip(rect: right, cornerRadius: 1e29))
        XCTAssertEqual(bluePixels(far), 0)
    }

    func testAShapeUnderAHugeScaleFillsWhatItCovers() {
        // A 100-point disc (radius 50) scaled by −10³⁶ about the canvas: covers it all.
        var canvas = canvas()
        let transform = Transform2D(scaleX: -1e36, y: -1e36).concatenating(Transform2D(translationX: 50e36 + 4, y: 50e36 + 4))
        canvas.fill(Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 50, transform: transform, color: blue)
        XCTAssertEqual(bluePixels(canvas), 64)
        // The same as a mask, and far off the canvas.
        XCTAssertEqual(
            Path(roundedRect: Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 50, transform: transform).contours[0].count,
            4 * (4096 + 1))
        var off = self.canvas()
        off.fill(
            Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 50,
            transform: Transform2D(scaleX: 1e36, y: 1e36).concatenating(Transform2D(translationX: 1e30, y: 0)), color: blue)
        XCTAssertEqual(bluePixels(off), 0)
    }

    func testHugeArcsStrokesAndPolygonsAreBoundedNotTrapped() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.arc(center: Point(x: 4, y: 4), radius: 1e300, startRadians: 0, endRadians: 1)
        XCTAssertEqual(path.contours[0].count, 1 + 4096 + 1)
        let stroke = Path(stroking: [Point(x: 0, y: 0), Point(x: 8, y: 8)], width: 1e300, roundCaps: true)
        XCTAssertFalse(stroke.contours.isEmpty)
        var canvas = canvas()
        canvas.stroke([Point(x: -1e300, y: 4), Point(x: 1e300, y: 4)], width: 1e300, color: blue)
        canvas.fill(Path(contours: [[Point(x: 1e20, y: 0), Point(x: 2e20, y: 0), Point(x: 2e20, y: 8)]]), color: blue)
        canvas.fill(Path(contours: [[Point(x: -2e20, y: -2e20), Point(x: -1e20, y: -2e20), Point(x: -1e20, y: -1e20)]]), color: blue)
    }
}
