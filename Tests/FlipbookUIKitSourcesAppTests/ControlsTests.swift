import FlipbookCodecs
import FlipbookModel
import FlipbookMotion
import FlipbookRaster
import FlipbookRender
import FlipbookText
import FlipbookUIKit
import Foundation
import XCTest

/// The fixture app's controls (Tests/Fixtures/uikit-app/Controls), written for iOS and driven by
/// a recording's fingers: a switch and a segmented control on a settings screen, a page control,
/// a slider scrubbing a property animator, and a long press that peeks. Geometry from UIKit's
/// documented sizes (a 51 × 31 pt switch, a 32 pt segmented control, a 28 pt slider thumb) and
/// the fixture's frames; timing from the handlers' durations and UIKit's documented defaults.
final class ControlsTests: XCTestCase {
    /// The iPhone 8's 375 × 667 pt screen drawn at @1x.
    private static let device: Device = {
        var device = Device.iPhone8
        device.scale = 1
        return device
    }()

    @MainActor private func record(_ screen: UIViewController, _ fingers: [Finger]) throws -> TransitionAnimator {
        try TransitionAnimator(
            Transition.record(device: Self.device, fingers: fingers) { window in
                window.rootViewController = screen
                window.layoutIfNeeded()
            })
    }

    /// The system's fonts: the labels' and segments' titles drawn as a render draws them.
    private static let typesetter = try? Typesetter(fonts: FontCollection.system())

    /// The frame at `t` drawn at @1x; FLIPBOOK_TEST_FRAMES=<folder> writes it there to look at.
    private func render(_ animator: TransitionAnimator, at t: Double, isFinal: Bool = false, name: String) -> PremultipliedImage {
        let window = animator.window(atSeconds: t, isFinal: isFinal)
        let ops = animator.displayOps(flattening: window, typesetter: Self.typesetter)
        let list = DisplayList(device: animator.transition.device, frameIndex: 0, timeSeconds: t, progress: t, ops: ops)
        let image = FrameRasterizer(images: try! ImageStore(sources: [], threads: 1)).render(list)
        if let folder = ProcessInfo.processInfo.environment["FLIPBOOK_TEST_FRAMES"] {
            try? PNGEncoder.write(image, toPath: "\(folder)/controls-\(name).png")
        }
        return image
    }

    /// The pixel at (x, y) points (@1x), as [r, g, b].
    private func pixel(_ image: PremultipliedImage, _ x: Double, _ y: Double) -> [Int] {
        let p = image[Int(x), Int(y)]
        return [Int(p.red), Int(p.green), Int(p.blue)]
    }

    private func assertColor(_ actual: [Int], _ expected: [Double], tolerance: Int = 2, _ what: String, line: UInt = #line) {
        for (a, e) in zip(actual, expected) where abs(Double(a) - e) > Double(tolerance) {
            XCTFail("\(what): \(actual), expected \(expected.map { Int($0.rounded()) })", line: line)
            return
        }
    }

    /// `top` at `alpha` over an opaque `bottom`, per channel (0–255).
    private func over(_ top: [Double], alpha: Double, _ bottom: [Double]) -> [Double] {
        zip(top, bottom).map { $0 * alpha + $1 * (1 - alpha) }
    }

    /// Core Animation's ease-in-ease-out (control points (0.42, 0), (0.58, 1)) at `x`.
    private func easeInEaseOut(_ x: Double) -> Double { CircularRevealTests.easeInEaseOut(x) }

    /// The layer of `view` (named by its accessibility identifier) at `t`.
    private func layer(_ name: String, _ animator: TransitionAnimator, at t: Double, isFinal: Bool = false) throws -> Layer {
        try XCTUnwrap(animator.layer(named: name, in: animator.window(atSeconds: t, isFinal: isFinal)), name)
    }

    // The switch: row at y 90, switch at (308, 10) in it → (308, 100) in the window, 51 × 31 pt.

    @MainActor func testTappingTheSwitchTurnsItOnWithItsAnimationAndRunsTheHandler() async throws {
        let screen = PreferencesViewController()
        screen.darkCardsSwitch.accessibilityIdentifier = "switch"
        let recorded = try record(screen, [.tap(at: CGPoint(x: 333, y: 115), atSeconds: 0.1)])
        XCTAssertEqual(screen.events, ["dark cards on"])
        XCTAssertTrue(screen.darkCardsSwitch.isOn)
        XCTAssertEqual(screen.darkCardsSwitch.frame, CGRect(x: 308, y: 10, width: 51, height: 31), "UIKit's fixed 51 × 31 pt")
        // The handler's 0.3 s colour change outlasts the switch's 0.25 s.
        XCTAssertEqual(recorded.durationSeconds, 0.1 + 0.3, accuracy: 1e-9)

        // Off: the 27 pt thumb 2 pt from the left; on: 2 pt from the right (51 − 2 − 27 = 22).
        let before = try layer("switch", recorded, at: 0.05)
        XCTAssertEqual(before.sublayers[1].frame.x, 2, accuracy: 1e-9)
        XCTAssertEqual(before.sublayers[1].frame.width, 27, accuracy: 1e-9)
        let halfway = try layer("switch", recorded, at: 0.1 + 0.125)
        XCTAssertEqual(halfway.sublayers[1].frame.x, 2 + 20 * easeInEaseOut(0.5), accuracy: 1e-6)
        let after = try layer("switch", recorded, at: recorded.durationSeconds, isFinal: true)
        XCTAssertEqual(after.sublayers[1].frame.x, 22, accuracy: 1e-9)

        // What the screen shows: the off track (secondarySystemFill, 120,120,128 at 16 % over the
        // white row), then the green on track (systemGreen 52,199,89) and the white thumb.
        let off = render(recorded, at: 0.05, name: "switch-off")
        assertColor(pixel(off, 308 + 40, 115), over([120, 120, 128], alpha: 0.16, [255, 255, 255]), "off track")
        assertColor(pixel(off, 308 + 2 + 13, 115), [255, 255, 255], "off thumb")
        let on = render(recorded, at: recorded.durationSeconds, isFinal: true, name: "switch-on")
        assertColor(pixel(on, 308 + 8, 115), [52, 199, 89], "on track")
        assertColor(pixel(on, 308 + 22 + 13, 115), [255, 255, 255], "on thumb")
    }

    @MainActor func testTappingASegmentSelectsItSlidesThePlateAndCrossDissolvesTheLayouts() async throws {
        let screen = PreferencesViewController()
        screen.layoutControl.accessibilityIdentifier = "segments"
        // The control: (16, 170), 343 × 32; two 171.5 pt segments. A tap in the second one, then
        // one on the selected segment, which changes nothing.
        let recorded = try record(
            screen, [.tap(at: CGPoint(x: 300, y: 186), atSeconds: 0.1), .tap(at: CGPoint(x: 300, y: 186), atSeconds: 1)])
        XCTAssertEqual(screen.events, ["layout 1"])
        XCTAssertEqual(screen.layoutControl.selectedSegmentIndex, 1)
        XCTAssertEqual(screen.layoutControl.intrinsicContentSize.height, 32)

        // The plate: the segment inset by 2 pt, sliding over 0.25 s ease-in-out.
        let start = try layer("segments", recorded, at: 0.05)
        let plate = 1 // groove, plate, then the titles
        XCTAssertEqual(start.sublayers[plate].frame.x, 2, accuracy: 1e-9)
        XCTAssertEqual(start.sublayers[plate].frame.width, 167.5, accuracy: 1e-9)
        XCTAssertEqual(start.sublayers[plate].frame.height, 28, accuracy: 1e-9)
        let halfway = try layer("segments", recorded, at: 0.1 + 0.125)
        XCTAssertEqual(halfway.sublayers[plate].frame.x, 2 + 171.5 * easeInEaseOut(0.5), accuracy: 1e-6)
        let end = try layer("segments", recorded, at: recorded.durationSeconds, isFinal: true)
        XCTAssertEqual(end.sublayers[plate].frame.x, 173.5, accuracy: 1e-9)

        // The handler's cross-dissolve: the list shows, the grid is hidden at the end.
        XCTAssertFalse(try layer("list", recorded, at: recorded.durationSeconds, isFinal: true).isHidden)
        XCTAssertTrue(try layer("grid", recorded, at: recorded.durationSeconds, isFinal: true).isHidden)

        // What the screen shows: the groove (tertiarySystemFill, 118,118,128 at 12 %, over the
        // grouped background 242,242,247) beside the white plate.
        let image = render(recorded, at: recorded.durationSeconds, isFinal: true, name: "segments")
        assertColor(pixel(image, 16 + 20, 186), over([118, 118, 128], alpha: 0.12, [242, 242, 247]), "groove")
        assertColor(pixel(image, 16 + 171.5 + 12, 186), [255, 255, 255], "plate")
    }

    @MainActor func testTappingRightOfThePageControlsDotsMovesToTheNextPage() async throws {
        let screen = PreferencesViewController()
        screen.pageControl.accessibilityIdentifier = "pages"
        let recorded = try record(screen, [.tap(at: CGPoint(x: 300, y: 608), atSeconds: 0.1)])
        XCTAssertEqual(screen.events, ["page 1"])
        XCTAssertEqual(screen.pageControl.currentPage, 1)
        // The handler scrolls one page over setContentOffset's 0.3 s.
        XCTAssertEqual(recorded.durationSeconds, 0.4, accuracy: 1e-9)
        XCTAssertEqual(screen.tipsScrollView.contentOffset.x, 375)

        // Three 7 pt dots 16 pt apart: a 39 pt row centred in 375 pt → the first at x 168.
        let dots = try layer("pages", recorded, at: 0.4, isFinal: true).sublayers
        XCTAssertEqual(dots.map(\.frame.x), [168, 184, 200])
        XCTAssertEqual(dots.map(\.frame.width), [7, 7, 7])
        let image = render(recorded, at: 0.4, isFinal: true, name: "pages")
        assertColor(pixel(image, 184 + 3.5, 590 + 18.5), [0, 122, 255], "current page: systemBlue")
        assertColor(pixel(image, 168 + 3.5, 590 + 18.5), [209, 209, 214], "other page: systemGray4")
    }

    // The slider: (20, 600), 335 × 31; thumb 28 pt, travel 335 − 28 = 307 pt.

    @MainActor func testDraggingTheSlidersThumbScrubsThePropertyAnimator() async throws {
        let screen = PeekViewController()
        screen.scrubber.accessibilityIdentifier = "slider"
        // From the thumb's centre (20 + 14, 600 + 15.5) 153.5 pt right (half the travel) in 0.5 s.
        let samples = (0...10).map { TouchSample(timeSeconds: Double($0) * 0.05, xPoints: 34 + 15.35 * Double($0), yPoints: 615.5) }
        let recorded = try record(screen, [.pan(try Gesture(samples: samples), atSeconds: 0.1)])
        XCTAssertEqual(Double(screen.scrubber.value), 0.5, accuracy: 1e-6)
        // The animator flies the card from x 20 to 295: halfway is 157.5.
        let card = try layer("flyingCard", recorded, at: recorded.durationSeconds, isFinal: true)
        XCTAssertEqual(card.frame.x, 157.5, accuracy: 1e-3)
        let slider = try layer("slider", recorded, at: recorded.durationSeconds, isFinal: true)
        // Tracks, then the thumb: its centre at 14 + 0.5 × 307 = 167.5; the tinted track ends there.
        XCTAssertEqual(slider.sublayers[2].frame.x + 14, 167.5, accuracy: 1e-3)
        XCTAssertEqual(slider.sublayers[1].frame.width, 167.5, accuracy: 1e-3)
        XCTAssertEqual(slider.sublayers[0].frame.height, 4, accuracy: 1e-9)
        let image = render(recorded, at: recorded.durationSeconds, isFinal: true, name: "slider")
        assertColor(pixel(image, 20 + 60, 615.5), [0, 122, 255], "minimum track: the tint colour")
        assertColor(pixel(image, 20 + 300, 615.5), over([120, 120, 128], alpha: 0.2, [255, 255, 255]), "maximum track: systemFill")
        assertColor(pixel(image, 20 + 167.5, 615.5), [255, 255, 255], "thumb")
    }

    @MainActor func testADragThatStartsOffTheThumbLeavesTheSliderAlone() async throws {
        let screen = PeekViewController()
        let samples = (0...4).map { TouchSample(timeSeconds: Double($0) * 0.05, xPoints: 250 + 10 * Double($0), yPoints: 615.5) }
        _ = try record(screen, [.pan(try Gesture(samples: samples))])
        XCTAssertEqual(screen.scrubber.value, 0)
    }

    @MainActor func testALongPressPeeksAfterHalfASecondAndPopsBackAtTheLift() async throws {
        let screen = PeekViewController()
        // Down on the thumbnail (40, 80, 100 × 100) at 0.1 s for 1 s: the press begins at
        // 0.1 + 0.5 (minimumPressDuration's documented default) and ends at the lift, 1.1 s.
        let recorded = try record(screen, [.press(at: CGPoint(x: 90, y: 130), durationSeconds: 1, atSeconds: 0.1)])
        XCTAssertEqual(screen.events, ["peek", "pop back"])
        XCTAssertEqual(recorded.durationSeconds, 1.1 + 0.25, accuracy: 1e-9)
        XCTAssertEqual(try layer("preview", recorded, at: 0.59).opacity, 0, "nothing before 0.6 s")
        XCTAssertGreaterThan(try layer("preview", recorded, at: 0.8).opacity, 0, "peeking")
        XCTAssertEqual(try layer("preview", recorded, at: 1.1 + 0.25, isFinal: true).opacity, 0)
        _ = render(recorded, at: 1.05, name: "peek")
    }

    @MainActor func testRecordingTheSameFingersTwiceGivesTheSameTransition() async throws {
        let fingers: [Finger] = [
            .tap(at: CGPoint(x: 333, y: 115), atSeconds: 0.1), .tap(at: CGPoint(x: 300, y: 186), atSeconds: 0.2),
            .tap(at: CGPoint(x: 300, y: 608), atSeconds: 0.3)
        ]
        func recording() throws -> Transition {
            try Transition.record(device: Self.device, fingers: fingers) { window in
                window.rootViewController = PreferencesViewController()
                window.layoutIfNeeded()
            }
        }
        XCTAssertEqual(try recording(), try recording())
    }

    @MainActor func testAPressThatMovesOrLiftsEarlyDoesNotPeek() async throws {
        let screen = PeekViewController()
        // 12 pt in 0.2 s: past the 10 pt allowableMovement before 0.5 s.
        let moving = (0...10).map {
            TouchSample(timeSeconds: Double($0) * 0.1, xPoints: 90 + (Double($0) <= 2 ? 6 * Double($0) : 12), yPoints: 130)
        }
        _ = try record(screen, [.pan(try Gesture(samples: moving)), .press(at: CGPoint(x: 90, y: 130), durationSeconds: 0.4, atSeconds: 2)])
        XCTAssertEqual(screen.events, [])
    }
}
