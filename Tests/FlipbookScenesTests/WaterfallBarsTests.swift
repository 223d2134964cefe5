import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import Foundation
import XCTest

/// The waterfall app (docs/REFERENCE-APPS.md) hard-codes 64 pt of bars: `(self.view.frame.size.height - 64 - h) / 2.0`
/// for its temporary image view, `self.view.frame.size.height - 64` for its detail page,
/// `[UIScreen mainScreen].bounds.size.height - 64` for return positioning and
/// `attributes.frame.origin.y + 64 - contentOffset.y` for its pop's target. Its views lie below
/// the device's real bars `B`. Every number here is worked out from those expressions.
final class WaterfallBarsTests: XCTestCase {
    // 13 photos of 600×400 (3:2) in 3 columns on a 375 pt wide phone: the column is 118 wide,
    // the first photo spans two columns (236 × trunc(236·400/600) = 157) at (5, 5), the second
    // goes to column 2 (251, 5, 118, 78), …
    let photos = (0..<13).map { ScenePhoto(source: "p\($0).jpg", sizePixels: Size(width: 600, height: 400)) }
    let iPhone15Pro = Device(named: "iphone15pro")!

    func scene(_ device: Device) -> PhotoBrowserScene { PhotoBrowserScene(photos: photos, device: device, columns: 3) }

    /// The temporary image view: w = W − 10 (365 on the 375 pt phones, 383 on iPhone 15 Pro),
    /// h = w·400/600, set in `viewDidLoad` while the view is the screen's height H, the view
    /// lying at B.
    func testTheFlightRectUsesTheScreensHeightLessSixtyFour() {
        for (device, bar) in [(Device.iPhone8, 64.0), (.iPhoneX, 88), (iPhone15Pro, 103)] {
            let w = device.width - 10, h = w * 400 / 600
            let y = bar + (device.height - 64 - h) / 2
            assertRect(scene(device).flightFrame(0), Rect(x: 5, y: y, width: w, height: h))
            // Against the centre of the visible area, B + (H − B − h)/2: (B − 64)/2 lower.
            XCTAssertEqual(y - (bar + (device.height - bar - h) / 2), (bar - 64) / 2, accuracy: 1e-9, device.name)
        }
        let h = 365.0 * 400 / 600, h15 = 383.0 * 400 / 600
        XCTAssertEqual(scene(.iPhoneX).flightFrame(0).minY - (88 + (812 - 88 - h) / 2), 12, accuracy: 1e-9)
        XCTAssertEqual(scene(iPhone15Pro).flightFrame(0).minY - (103 + (852 - 103 - h15) / 2), 19.5, accuracy: 1e-9)
    }

    /// After a swipe, `scrollViewDidEndDecelerating` sets it again with the view laid out below
    /// the bars, V = H − B: on an iPhone 8 64 + (667 − 64 − 64 − h)/2, 32 pt higher.
    func testAfterASwipeTheFlightRectUsesTheLaidOutHeight() {
        let h = 365.0 * 400 / 600
        XCTAssertEqual(scene(.iPhone8).flightFrame(1, afterSwipe: true).minY, 64 + (667 - 128 - h) / 2, accuracy: 1e-9)
        XCTAssertEqual(scene(.iPhone8).flightFrame(1).minY - scene(.iPhone8).flightFrame(1, afterSwipe: true).minY, 32, accuracy: 1e-9)
        XCTAssertEqual(scene(.iPhoneX).flightFrame(1, afterSwipe: true).minY, 88 + (812 - 88 - 64 - h) / 2, accuracy: 1e-9)
    }

    /// The detail page is (W − 10)×(H − 64) at B; the photo is aspect-fit in it, so it shows
    /// where the temporary image view is.
    func testTheDetailPageIsTheScreensHeightLessSixtyFour() {
        XCTAssertEqual(scene(.iPhoneX).pageFrame, Rect(x: 5, y: 88, width: 365, height: 812 - 64))
        assertRect(scene(.iPhoneX).detailFrame(0), scene(.iPhoneX).flightFrame(0))
        XCTAssertEqual(scene(.iPhone8).pageFrame, Rect(x: 5, y: 64, width: 365, height: 603))
    }

    /// Return positioning: the cell's bottom + 5 at H − 64 from the grid's top. Photo 12's cell:
    /// the columns fill as the layout says; whatever its frame, scroll = maxY + 5 − (H − 64).
    /// Pop lands on its content y + 64 − scroll, which is B − 64 above where the cell is drawn.
    func testPopLandsWhereTheAppsSixtyFourPutsIt() throws {
        for (device, bar) in [(Device.iPhone8, 64.0), (.iPhoneX, 88), (iPhone15Pro, 103)] {
            let browser = scene(device)
            let cell = browser.layout.cellFrames[12]
            let scroll = max(0, cell.maxY + 5 - (device.height - 64))
            XCTAssertEqual(browser.gridScroll(revealing: 12), scroll, device.name)
            let pop = browser.pop(12, name: "pop", timing: linearSecond)
            let landed = try XCTUnwrap(windowFrame(of: "snapshot", in: try window(pop, at: 1)))
            assertRect(landed, Rect(x: cell.minX, y: cell.minY + 64 - scroll, width: cell.width, height: cell.height))
            XCTAssertEqual(browser.cellFrame(12, scroll: scroll).minY - landed.minY, bar - 64, accuracy: 1e-9, device.name)
        }
    }

    /// The zoom app's screens (not published) are laid out on the device's own bars.
    func testTheZoomBrowserUsesTheDevicesBars() {
        let zoom = PhotoBrowserScene(photos: photos, device: .iPhoneX, columns: 3, assumedBarPoints: 88)
        XCTAssertEqual(zoom.pageFrame, Rect(x: 5, y: 88, width: 365, height: 812 - 88))
        XCTAssertEqual(zoom.gridScroll(revealing: 12), max(0, zoom.layout.cellFrames[12].maxY + 5 - (812 - 88)))
    }
}
