import FlipbookGeometry
import FlipbookPipelineTestSupport
import FlipbookRaster
import XCTest

@testable import FlipbookFormats
@testable import FlipbookModel
@testable import FlipbookScenes

/// Where the status bar's glyphs, the home indicator and the back chevron land (points).
final class StatusBarTests: XCTestCase {
    /// The bounding box of a path's vertices.
    private func bounds(_ path: Path) -> Rect {
        let points = path.contours.flatMap { $0 }
        let x0 = points.map(\.x).min()!, y0 = points.map(\.y).min()!
        return Rect(x: x0, y: y0, width: points.map(\.x).max()! - x0, height: points.map(\.y).max()! - y0)
    }

    private func assertRect(_ rect: Rect, _ expected: Rect, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(rect.x, expected.x, accuracy: accuracy, "x", file: file, line: line)
        XCTAssertEqual(rect.y, expected.y, accuracy: accuracy, "y", file: file, line: line)
        XCTAssertEqual(rect.width, expected.width, accuracy: accuracy, "width", file: file, line: line)
        XCTAssertEqual(rect.height, expected.height, accuracy: accuracy, "height", file: file, line: line)
    }

    private func shape(_ name: String, _ shapes: [ChromeShape]) -> ChromeShape { shapes.first { $0.name == name }! }

    func testLayoutPerDevice() {
        XCTAssertEqual(StatusBar.Layout(device: .iPhone8), .classic)
        XCTAssertEqual(StatusBar.Layout(device: .iPhoneSE), .classic)
        XCTAssertEqual(StatusBar.Layout(device: .iPhonePlus), .classic)
        XCTAssertEqual(StatusBar.Layout(device: .iPhoneX), .notch)
        XCTAssertEqual(StatusBar.Layout(device: Device(named: "400x700")!), .classic)
        XCTAssertEqual(StatusBar.Layout.classic.heightPoints, 20)
        XCTAssertEqual(StatusBar.Layout.notch.heightPoints, 44)
        XCTAssertEqual(
            StatusBar.shapes(device: .iPhone8).map(\.name), ["signal", "wifi", "battery outline", "battery cap", "battery level"])
    }

    func testClassicGlyphsOnAnIPhone8() {
        let shapes = StatusBar.shapes(device: .iPhone8)
        assertRect(bounds(shape("signal", shapes).path), Rect(x: 7, y: 5, width: 14.5, height: 9.5))
        // The fan's outer arc: 2·9·sin 45° wide, 9 tall (to the chords' error), apex at (32.5, 14.5).
        assertRect(
            bounds(shape("wifi", shapes).path), Rect(x: 32.5 - 9 * 0.5.squareRoot(), y: 5.5, width: 18 * 0.5.squareRoot(), height: 9),
            accuracy: Path.flatteningTolerancePoints)
        assertRect(bounds(shape("battery outline", shapes).path), Rect(x: 346, y: 5, width: 22, height: 10.5))
        assertRect(bounds(shape("battery level", shapes).path), Rect(x: 348, y: 7, width: 18, height: 6.5))
        assertRect(bounds(shape("battery cap", shapes).path), Rect(x: 369, y: 8.5, width: 1.5, height: 3.87), accuracy: 1e-3)
        XCTAssertEqual(shape("battery outline", shapes).color, StraightColor(white: 0, alpha: 0.5))
        XCTAssertEqual(shape("battery level", shapes).color, .black)
        // The battery ends 4.5 pt from the right edge on every classic width.
        for device in [Device.iPhoneSE, .iPhonePlus] {
            XCTAssertEqual(bounds(shape("battery cap", StatusBar.shapes(device: device)).path).maxX, device.width - 4.5, accuracy: 1e-3)
        }
        let clock = StatusBar.clock(device: .iPhone8)
        XCTAssertEqual(clock.box, Rect(x: 0, y: 0, width: 375, height: 20))
        XCTAssertEqual(clock.baselineY, 14.5)
        XCTAssertEqual(clock.sizePoints, 12)
        XCTAssertNil(StatusBar.homeIndicator(device: .iPhone8))
    }

    func testNotchGlyphsOnAnIPhoneX() {
        let shapes = StatusBar.shapes(device: .iPhoneX, style: .light)
        // The kit's thirds of a point, to 1e-9.
        assertRect(
            bounds(shape("signal", shapes).path), Rect(x: 293 + 2.0 / 3, y: 17 + 2.0 / 3, width: 17, height: 10 + 2.0 / 3), accuracy: 1e-9)
        assertRect(
            bounds(shape("battery outline", shapes).path), Rect(x: 336, y: 17 + 1.0 / 3, width: 22, height: 11 + 1.0 / 3), accuracy: 1e-9)
        assertRect(
            bounds(shape("battery level", shapes).path), Rect(x: 338, y: 19 + 1.0 / 3, width: 18, height: 7 + 1.0 / 3), accuracy: 1e-9)
        XCTAssertEqual(bounds(shape("battery cap", shapes).path).maxX, 375 - 14 - 2.0 / 3, accuracy: 1e-9, "14⅔ pt from the right edge")
        XCTAssertEqual(bounds(shape("wifi", shapes).path).maxY, 28 + 1.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(bounds(shape("wifi", shapes).path).minY, 17 + 1.0 / 3, accuracy: Path.flatteningTolerancePoints, "the arc's chords")
        XCTAssertEqual(shape("battery outline", shapes).color, StraightColor(white: 1, alpha: 0.35))
        XCTAssertEqual(shape("battery cap", shapes).color, StraightColor(white: 1, alpha: 0.4))
        XCTAssertEqual(shape("signal", shapes).color, .white)
        let clock = StatusBar.clock(device: .iPhoneX)
        XCTAssertEqual(clock.box, Rect(x: 21, y: 0, width: 54, height: 44))
        XCTAssertEqual(clock.baselineY, 28 + 1.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(clock.sizePoints, 15)
        let home = StatusBar.homeIndicator(device: .iPhoneX)!
        assertRect(bounds(home.path), Rect(x: 120.5, y: 799, width: 134, height: 5))
        XCTAssertEqual(home.color, .black)
    }

    func testBatteryOutlineIsHollow() {
        // At @2x the 1 pt gap between the outline and the level stays empty; the outline and the
        // level are covered.
        var canvas = Canvas(widthPixels: 750, heightPixels: 40, scale: 2)
        canvas.fill(StatusBar.shapes(device: .iPhone8))
        XCTAssertEqual(canvas.image[2 * 346 + 1, 20].alpha, 128, "outline: black at 50 %")
        XCTAssertEqual(canvas.image[2 * 347 + 1, 20].alpha, 0, "the gap inside the outline")
        XCTAssertEqual(canvas.image[2 * 357, 20].alpha, 255, "the level")
    }

    func testBackChevron() {
        let bar = Rect(x: 0, y: 20, width: 375, height: 44)
        let chevron = NavigationBar.backChevron(in: bar)
        // The round ends and the join touch the 12.5×21 box at (8, 31.5) to within the chord
        // error on each side.
        assertRect(bounds(chevron.path), Rect(x: 8, y: 31.5, width: 12.5, height: 21), accuracy: 2 * Path.flatteningTolerancePoints)
        XCTAssertEqual(chevron.color, StraightColor(red: 0, green: 122.0 / 255, blue: 1))
        XCTAssertEqual(NavigationBar.backChevron(in: bar, color: .white).color, .white)
        // Its area: two 3 pt strokes along 9.5×9 legs plus round ends, ≈ 2·13.09·3 + π·1.5².
        var canvas = Canvas(widthPixels: 80, heightPixels: 160, scale: 2)
        canvas.fill(chevron.path, color: .black)
        let area = Double(canvas.image.pixels.reduce(0) { $0 + Int($1 >> 24) }) / 255 / 4
        let leg = (9.5 * 9.5 + 9.0 * 9.0).squareRoot()
        XCTAssertEqual(area, 2 * leg * 3 + Double.pi * 2.25, accuracy: 2.5, "the join's overlap is counted once")
    }
}
