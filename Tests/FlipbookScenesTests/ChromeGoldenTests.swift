import FlipbookFormats
// Goldens of the system chrome drawn as paths: each device's status bar in both styles, the
// iPhone X home indicator and the navigation bar's back chevron, at @2x. References are in
// __Goldens__/ChromeGoldenTests/; record with FLIPBOOK_RECORD=failed and look at them.
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import FlipbookTesting
import FlipbookText
import XCTest

final class ChromeGoldenTests: XCTestCase {
    /// Inter SemiBold, the fixture face closest to the SF Pro Text Semibold iOS draws the clock in.
    static let clockFont = try! Font(path: Package.path("Tests/Fixtures/fonts/Inter-SemiBold.otf"))
    /// Inter Regular for the back button's title (UIKit's 17 pt regular).
    static let titleFont = try! Font(path: Package.path("Tests/Fixtures/fonts/Inter-Regular.otf"))

    static let white = PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255)
    static let black = PremultipliedPixel(red: 0, green: 0, blue: 0, alpha: 255)

    /// `device`'s status bar alone at @2x: the bar's height, the screen's width, over white
    /// (dark style) or black (light style).
    func statusBar(_ device: Device, _ style: StatusBar.Style) -> PremultipliedImage {
        let height = StatusBar.Layout(device: device).heightPoints
        var canvas = Canvas(
            widthPixels: Int(device.width * 2), heightPixels: Int(height * 2), scale: 2,
            background: style == .dark ? Self.white : Self.black)
        canvas.fill(StatusBar.shapes(device: device, style: style))
        let clock = StatusBar.clock(device: device, style: style)
        let width = Self.clockFont.measure(clock.string, sizePoints: clock.sizePoints)
        canvas.drawText(
            clock.string, font: Self.clockFont, sizePoints: clock.sizePoints,
            baselineOrigin: Point(x: clock.box.minX + (clock.box.width - width) / 2, y: clock.baselineY), color: clock.color)
        return canvas.image
    }

    func testClassicStatusBars() {
        assertGolden(of: statusBar(.iPhone8, .dark), as: .image, named: "statusbar-iphone8-dark")
        assertGolden(of: statusBar(.iPhone8, .light), as: .image, named: "statusbar-iphone8-light")
        assertGolden(of: statusBar(.iPhoneSE, .dark), as: .image, named: "statusbar-se-dark")
        assertGolden(of: statusBar(.iPhonePlus, .dark), as: .image, named: "statusbar-plus-dark")
    }

    func testNotchStatusBars() {
        assertGolden(of: statusBar(.iPhoneX, .dark), as: .image, named: "statusbar-x-dark")
        assertGolden(of: statusBar(.iPhoneX, .light), as: .image, named: "statusbar-x-light")
    }

    func testHomeIndicator() throws {
        // The bottom 34 pt of an iPhone X screen (the home indicator's safe-area inset).
        let device = Device.iPhoneX
        for style in StatusBar.Style.allCases {
            let indicator = try XCTUnwrap(StatusBar.homeIndicator(device: device, style: style))
            var canvas = Canvas(
                widthPixels: Int(device.width * 2), heightPixels: 68, scale: 2,
                background: style == .dark ? Self.white : Self.black)
            canvas.fill(indicator.path.offsetBy(dy: 34 - device.height), color: indicator.color)
            assertGolden(of: canvas.image, as: .image, named: "home-indicator-x-\(style)")
        }
    }

    func testBackChevron() {
        // The left 160 pt of a navigation bar's 44 pt row: bar grey, the chevron and "Photos"
        // in the tint colour, at @2x and @3x.
        for scale in [2.0, 3.0] {
            let bar = Rect(x: 0, y: 0, width: 160, height: 44)
            var canvas = Canvas(
                widthPixels: Int(bar.width * scale), heightPixels: Int(bar.height * scale), scale: scale,
                background: PremultipliedPixel(red: 248, green: 248, blue: 248, alpha: 255))
            let chevron = NavigationBar.backChevron(in: bar)
            canvas.fill([chevron])
            canvas.drawText(
                "Photos", font: Self.titleFont, sizePoints: 17, baselineOrigin: Point(x: NavigationBar.backTitleInsetPoints, y: 28),
                color: chevron.color)
            assertGolden(of: canvas.image, as: .image, named: "back-chevron-@\(Int(scale))x")
        }
    }
}

private extension Path {
    /// This path moved down by `dy` points.
    func offsetBy(dy: Double) -> Path {
        var moved = Path()
        for contour in contours { moved.append(Path(polygon: contour.map { Point(x: $0.x, y: $0.y + dy) })) }
        return moved
    }
}
