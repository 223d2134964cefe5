// One transition file on three screens of different sizes (frames relative to the window, the
// safe area and the parent), in light and dark appearance, and the home indicator over the
// modal presets' black. References are in __Goldens__/FitEveryScreenTests/; record with
// FLIPBOOK_RECORD=failed and look at them.
import XCTest
import Foundation
@testable import Flipbook
import FlipbookGeometry
import FlipbookRaster
import FlipbookModel
import FlipbookScenes
import FlipbookFormats
import FlipbookTesting

final class FitEveryScreenTests: XCTestCase {
    func job(device name: String, appearance: Appearance? = nil) throws -> RenderJob {
        var settings = RenderSettings(transitionFile: Samples.path("transitions/fit-every-screen.json"))
        settings.fontPath = Package.fixtureFont
        settings.fontDirectory = Package.fixtureFonts
        settings.framesPerSecond = 30
        settings.scene.device = try XCTUnwrap(Device(named: name))
        settings.scene.device.scale = 1
        settings.deviceIsExplicit = true
        settings.scene.appearance = appearance
        return try RenderJob(settings: settings)
    }

    /// The middle frame on an SE (320×568), an iPhone 15 Pro in dark mode (393×852) and an
    /// iPhone 16 Pro Max (440×956), @1x.
    func testOneFileOnThreeScreens() throws {
        for (device, appearance) in [("se", Appearance?.none), ("iphone15pro", .dark), ("iphone16promax", nil)] {
            let job = try job(device: device, appearance: appearance)
            assertGolden(try job.renderFrame(job.sequence.count / 2), named: "fit-every-screen-\(device)\(appearance.map { "-\($0.rawValue)" } ?? "")")
        }
    }

    /// The last frame's sheet, grabber and title where they were worked out by hand from each
    /// screen's size and safe area (docs/TRANSITIONS.md, "Frames that fit every screen").
    func testTheGeometryOnEachScreen() throws {
        // (device, title's window rect, sheet's final window rect, grabber's window rect)
        let cases: [(String, title: Rect, sheet: Rect, grabber: Rect)] = [
            ("se", Rect(x: 16, y: 28, width: 288, height: 41), Rect(x: 0, y: 296, width: 320, height: 284), Rect(x: 142, y: 301, width: 36, height: 5)),
            ("iphone15pro", Rect(x: 16, y: 67, width: 361, height: 41), Rect(x: 0, y: 438, width: 393, height: 426),
             Rect(x: 178.5, y: 443, width: 36, height: 5)),
            ("iphone16promax", Rect(x: 16, y: 70, width: 408, height: 41), Rect(x: 0, y: 490, width: 440, height: 478),
             Rect(x: 202, y: 495, width: 36, height: 5)),
        ]
        for (device, title, sheet, grabber) in cases {
            let job = try job(device: device)
            let ops = job.displayList(frame: job.sequence.last!).ops
            let shapes = ops.compactMap { op -> Rect? in
                if case let .fill(rect, _, _, clip) = op, clip?.cornerRadius ?? 0 > 0 { return rect }
                return nil
            }
            // The sheet and the grabber are rounded backgrounds: fills clipped to their rounded rect.
            XCTAssertTrue(shapes.contains(sheet), "\(device): sheet \(sheet) in \(shapes)")
            XCTAssertTrue(shapes.contains(grabber), "\(device): grabber \(grabber) in \(shapes)")
            let window = try TransitionAnimator(job.transition).window(atSeconds: 0, isFinal: false)
            XCTAssertEqual(window.sublayers.first { $0.name == "title" }?.frame, title, device)
        }
    }

    /// Over the modal presets' black the home indicator is white (it was black on black).
    func testTheHomeIndicatorIsWhiteOverTheModalBlack() throws {
        var settings = RenderSettings.small(.present, select: 3)
        settings.scene.device = .iPhoneX
        settings.scene.device.scale = 1
        let job = try RenderJob(settings: settings)
        let last = job.sequence.count - 1
        let image = try job.renderFrame(last)
        // The bottom 34 pt (the home indicator's inset).
        let strip = PremultipliedImage(width: image.width, height: 34, pixels: Array(image.pixels[(image.height - 34) * image.width..<image.pixels.count]))
        assertGolden(strip, named: "present-x-home-indicator")
        // Its centre pixel, 10.5 pt above the bottom, is white.
        XCTAssertEqual(image[Int(image.width / 2), image.height - 11].packed, 0xFFFF_FFFF)
    }
}
