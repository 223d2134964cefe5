import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import FlipbookTesting
import Foundation
// One transition file on three screens of different sizes (frames relative to the window, the
// safe area and the parent), in light and dark appearance, and the home indicator over the
// modal presets' black. References are in __Goldens__/FitEveryScreenTests/; record with
// FLIPBOOK_RECORD=failed and look at them.
import XCTest

@testable import Flipbook

final class FitEveryScreenTests: XCTestCase {
    func job(device name: String, appearance: Appearance? = nil) throws -> RenderJob {
        var settings = RenderSettings(transitionFile: Samples.path("transitions/fit-every-screen.json"))
        settings.labelFontPath = Package.fixtureFont
        settings.sceneFontDirectory = Package.fixtureFonts
        settings.framesPerSecond = 30
        settings.scene.device = try XCTUnwrap(Device(named: name))
        settings.scene.device.scale = 1
        settings.deviceOverride = settings.scene.device
        settings.scene.appearance = appearance
        return try RenderJob(settings: settings)
    }

    /// The middle frame on an SE (320×568), an iPhone 15 Pro in dark mode (393×852) and an
    /// iPhone 16 Pro Max (440×956), @1x.
    func testOneFileOnThreeScreens() throws {
        for (device, appearance) in [("se", Appearance?.none), ("iphone15pro", .dark), ("iphone16promax", nil)] {
            let job = try job(device: device, appearance: appearance)
            assertGolden(
                of: try job.renderFrame(job.sequence.count / 2), as: .image,
                named: "fit-every-screen-\(device)\(appearance.map { "-\($0.rawValue)" } ?? "")")
        }
    }

    /// The last frame's sheet, grabber and title where they were worked out by hand from each
    /// screen's size and safe area (docs/TRANSITIONS.md, "Frames that fit every screen").
    func testTheGeometryOnEachScreen() throws {
        // (device, title's window rect, sheet's final window rect, grabber's window rect)
        let cases: [(String, title: Rect, sheet: Rect, grabber: Rect)] = [
            (
                "se", Rect(x: 16, y: 28, width: 288, height: 41), Rect(x: 0, y: 296, width: 320, height: 284),
                Rect(x: 142, y: 301, width: 36, height: 5)
            ),
            (
                "iphone15pro", Rect(x: 16, y: 67, width: 361, height: 41), Rect(x: 0, y: 438, width: 393, height: 426),
                Rect(x: 178.5, y: 443, width: 36, height: 5)
            ),
            (
                "iphone16promax", Rect(x: 16, y: 70, width: 408, height: 41), Rect(x: 0, y: 490, width: 440, height: 478),
                Rect(x: 202, y: 495, width: 36, height: 5)
            )
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

    /// Over the modal presets' black the home indicator turns from black (the grid's, the screen
    /// before the tap) towards white (it was black on black): the container is black under it from
    /// the first frame, so the 3 s fade runs from frame 0 and the 1.5 s present ends half-way.
    func testTheHomeIndicatorTurnsTowardsWhiteOverTheModalBlack() throws {
        var settings = RenderSettings.small(.present, select: 3)
        settings.scene.device = .iPhoneX
        settings.scene.device.scale = 1
        let job = try RenderJob(settings: settings)
        let last = job.sequence.count - 1
        // Black at frame 0, then 255 · t / 3.
        for (index, frame) in zip([0, 45], try job.renderFrames([0, 45])) {
            XCTAssertEqual(
                Double(frame[Int(frame.width / 2), frame.height - 11].red), 255 * job.sequence[index].timeSeconds / 3,
                accuracy: 1, "frame \(index)")
        }
        let image = try job.renderFrame(last)
        // The bottom 34 pt (the home indicator's inset).
        let strip = PremultipliedImage(
            width: image.width, height: 34, pixels: Array(image.pixels[(image.height - 34) * image.width..<image.pixels.count]))
        assertGolden(of: strip, as: .image, named: "present-x-home-indicator")
        // Its centre pixel, 10.5 pt above the bottom, is half-way grey: 255 · 1.5 / 3.
        XCTAssertEqual(Double(image[Int(image.width / 2), image.height - 11].red), 127.5, accuracy: 1)
    }

    /// A push on the X goes from the grid's white to the detail's black under the indicator:
    /// from the first frame whose backdrop is dark the pill fades linearly over 3 s
    /// (SpringBoard's luma-response animation), so frame k shows the grey
    /// 255 · min(1, (t_k − t_flip) / 3) — the push ends a fraction of the way there.
    func testTheHomeIndicatorFadesAsTheBackdropDarkens() throws {
        var settings = RenderSettings.small(.push, select: 3)
        settings.scene.device = .iPhoneX
        settings.scene.device.scale = 1
        let job = try RenderJob(settings: settings)
        let targets = job.sequence.map { StatusBar.homeIndicatorTargetTone(job.ops(frame: $0), device: job.device) }
        XCTAssertEqual(targets[0], 0, "over the grid's white at first")
        let flip = try XCTUnwrap(targets.firstIndex(of: 1), "the detail's black reaches the indicator")
        XCTAssertTrue(targets[flip...].allSatisfy { $0 == 1 }, "and stays")
        // Every 4th frame, the frames either side of the change and the last (rendering all takes long).
        let checked = Set(stride(from: 0, to: job.sequence.count, by: 4)).union([flip - 1, flip, flip + 1, job.sequence.count - 1])
        for sample in job.sequence where checked.contains(sample.index) {
            let image = try job.renderFrame(sample.index)
            let grey = sample.index < flip ? 0 : 255 * min(1, (sample.timeSeconds - job.sequence[flip].timeSeconds) / 3)
            // The pill's centre pixel, 10.5 pt above the bottom: opaque grey.
            let pixel = image[Int(image.width / 2), image.height - 11]
            XCTAssertEqual(Double(pixel.red), grey, accuracy: 1, "frame \(sample.index)")
            XCTAssertEqual(pixel.alpha, 255)
        }
        let last = try job.renderFrame(job.sequence.count - 1)
        let strip = PremultipliedImage(
            width: last.width, height: 34, pixels: Array(last.pixels[(last.height - 34) * last.width..<last.pixels.count]))
        assertGolden(of: strip, as: .image, named: "push-x-home-indicator-fading")
    }

    /// The fades add up, as UIKit's additive animations do: a change of target at t starts a
    /// linear ramp of the change over the fade's length.
    func testHomeIndicatorFadesAddUp() {
        let tones = StatusBar.fadedHomeIndicatorTones(targets: [0, 0, 1, 1, 1, 0, 0], times: [0, 1, 2, 3, 4, 5, 6], fadeSeconds: 3)
        let expected = [0, 0, 0, 1.0 / 3, 2.0 / 3, 1, 2.0 / 3]
        for (tone, value) in zip(tones, expected) { XCTAssertEqual(tone, value, accuracy: 1e-12) }
        XCTAssertEqual(
            StatusBar.fadedHomeIndicatorTones(targets: [1, 1, 1], times: [0, 5, 9], fadeSeconds: 3), [1, 1, 1], "no change, no fade")
        XCTAssertEqual(
            StatusBar.fadedHomeIndicatorTones(targets: [0, 1, 1], times: [0, 1, 9], fadeSeconds: 3), [0, 0, 1], "exactly white once done")
    }
}
