import Flipbook
import FlipbookCodecs
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookRaster
import FlipbookRender
import FlipbookUIKit
import Foundation
import XCTest

/// The fixture app's presentations (Tests/Fixtures/uikit-app/Presentation), written for iOS:
/// a popup dialog and a deck of cards with presentation controllers of their own, UIKit's page
/// sheet with detents, and the deck's interactive dismissal — through a custom interaction
/// controller and through an interruptible property animator. Recorded on the first iPhone SE
/// at @1x (320 × 568 pt, 20 pt status bar, no bottom inset); every expected number is worked
/// out here from the geometry and the curves, not read from the renderer.
final class PresentationTests: XCTestCase {
    /// The iPhone SE at @1x: small frames.
    static var device: Device {
        var device = Device.iPhoneSE
        device.scale = 1
        return device
    }

    /// A cubic Bézier timing curve with control points (x1, y1), (x2, y2) at the fraction `x` of
    /// its duration: y where the curve's x is `x`, by bisection on the curve parameter.
    static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if coordinate(mid, x1, x2) < x { low = mid } else { high = mid }
        }
        return coordinate((low + high) / 2, y1, y2)
    }
    /// Ease in-out (0.42, 0), (0.58, 1) and ease-out (0, 0), (0.58, 1): Apple's documented control points.
    static func easeInOut(_ x: Double) -> Double { bezier(x, 0.42, 0, 0.58, 1) }
    static func easeOut(_ x: Double) -> Double { bezier(x, 0, 0, 0.58, 1) }

    /// The frame at `t` (FLIPBOOK_TEST_FRAMES=<folder> writes it there, to look at).
    static func render(_ animator: TransitionAnimator, at t: Double, name: String, isFinal: Bool = false) -> PremultipliedImage {
        let window = animator.window(atSeconds: t, isFinal: isFinal)
        let ops = animator.displayOps(flattening: window, typesetter: nil)
        let list = DisplayList(device: animator.transition.device, frameIndex: 0, timeSeconds: t, progress: t, ops: ops)
        let image = FrameRasterizer(images: try! ImageStore(sources: [], threads: 1)).render(list)
        if let folder = ProcessInfo.processInfo.environment["FLIPBOOK_TEST_FRAMES"] {
            try? PNGEncoder.write(image, toPath: "\(folder)/\(name)-\(String(format: "%.3f", t)).png")
        }
        return image
    }

    static func pixel(_ image: PremultipliedImage, _ x: Int, _ y: Int) -> [Int] {
        let p = image[x, y]
        return [Int(p.red), Int(p.green), Int(p.blue)]
    }

    /// The first layer whose name starts with `prefix`.
    static func layer(_ prefix: String, in root: Layer) -> Layer? {
        if root.name.hasPrefix(prefix) { return root }
        return root.sublayers.lazy.compactMap { layer(prefix, in: $0) }.first
    }

    static func layer(_ prefix: String, _ animator: TransitionAnimator, at t: Double, isFinal: Bool = false) throws -> Layer {
        try XCTUnwrap(layer(prefix, in: animator.window(atSeconds: t, isFinal: isFinal)), "no layer '\(prefix)…' at \(t) s")
    }

    // MARK: The popup dialog

    @MainActor private func recordPopup(dismissing: Bool) throws -> TransitionAnimator {
        try TransitionAnimator(
            Transition.record(device: Self.device) { window in
                let host = PopupHostViewController()
                window.rootViewController = host
                host.showDialog()
                if dismissing {
                    FlipbookUIKit.DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { host.dismiss(animated: true, completion: nil) }
                }
            })
    }

    @MainActor func testThePopupsPresentationControllerCentresTheCardAndFadesTheDimmingAlongside() async throws {
        let animator = try recordPopup(dismissing: false)
        XCTAssertEqual(animator.durationSeconds, PopupAnimator.duration, accuracy: 1e-9)
        // frameOfPresentedViewInContainerView: 240 × 160 centred in 320 × 568.
        let card = try Self.layer("dialog", animator, at: 0.3, isFinal: true)
        XCTAssertEqual(card.frame, Rect(x: 40, y: 204, width: 240, height: 160))
        // The dimming runs alongside: the transition's 0.3 s on UIKit's ease in-out.
        for t in [0.0, 0.075, 0.15, 0.225] {
            let dimming = try Self.layer("popup dimming", animator, at: t)
            XCTAssertEqual(dimming.opacity, Self.easeInOut(t / 0.3), accuracy: 1e-6, "t = \(t)")
            XCTAssertEqual(dimming.frame, Rect(x: 0, y: 0, width: 320, height: 568))
        }
        // At the end the host's green (51, 153, 76.5) shows through black at 50 %.
        let last = Self.render(animator, at: 0.3, name: "popup", isFinal: true)
        for (value, expected) in zip(Self.pixel(last, 10, 300), [25.5, 76.5, 38.25]) {
            XCTAssertEqual(Double(value), expected, accuracy: 1)
        }
        XCTAssertEqual(Self.pixel(last, 160, 250), [255, 255, 255], "the card")
        _ = Self.render(animator, at: 0.15, name: "popup")
    }

    @MainActor func testThePopupsDismissalFadesTheDimmingOutAndRemovesIt() async throws {
        let animator = try recordPopup(dismissing: true)
        XCTAssertEqual(animator.durationSeconds, 0.5 + PopupAnimator.duration, accuracy: 1e-9)
        for t in [0.575, 0.65, 0.725] {
            let dimming = try Self.layer("popup dimming", animator, at: t)
            XCTAssertEqual(dimming.opacity, 1 - Self.easeInOut((t - 0.5) / 0.3), accuracy: 1e-6, "t = \(t)")
        }
        let end = animator.window(atSeconds: 0.8, isFinal: true)
        XCTAssertNil(Self.layer("popup dimming", in: end).flatMap { $0.isHidden ? nil : $0 }, "removed by dismissalTransitionDidEnd")
        let last = Self.render(animator, at: 0.8, name: "popup-dismissed", isFinal: true)
        XCTAssertEqual(Self.pixel(last, 10, 300), [51, 153, 77], "the host alone again")
    }

    // MARK: The deck of cards

    @MainActor private func recordDeck(
        fingers: [Finger] = [], style: DeckHomeViewController.DismissalStyle = .customInteraction,
        home: DeckHomeViewController = DeckHomeViewController()
    ) throws -> TransitionAnimator {
        try TransitionAnimator(
            Transition.record(device: Self.device, fingers: fingers) { window in
                // What shows around the scaled-back presenter: black, as apps set their window's colour.
                window.backgroundColor = .black
                home.dismissalStyle = style
                window.rootViewController = home
                home.showCard()
            })
    }

    @MainActor func testTheDeckScalesThePresenterBackWithRoundedCornersBehindTheCard() async throws {
        let animator = try recordDeck()
        XCTAssertEqual(animator.durationSeconds, DeckSlideAnimator.duration, accuracy: 1e-9)
        // The card: 40 pt below the 20 pt status bar, to the bottom; rounded top corners.
        let card = try Self.layer("deck card", animator, at: 0.4, isFinal: true)
        XCTAssertEqual(card.frame, Rect(x: 0, y: 60, width: 320, height: 508))
        XCTAssertEqual(card.cornerRadius, 12)
        // It slides up from below the screen on the property animator's ease-out.
        let sliding = try Self.layer("deck card", animator, at: 0.2)
        XCTAssertEqual(sliding.frame.y, 568 - 508 * Self.easeOut(0.5), accuracy: 1e-6)
        // The presenter, alongside (0.4 s ease in-out): scale 1 → 0.92, corners 0 → 10.
        for t in [0.1, 0.2, 0.3] {
            let home = try Self.layer("deck home", animator, at: t)
            let share = Self.easeInOut(t / 0.4)
            XCTAssertEqual(home.transform.scale.width, 1 - 0.08 * share, accuracy: 1e-6, "t = \(t)")
            XCTAssertEqual(home.cornerRadius, 10 * share, accuracy: 1e-6, "t = \(t)")
        }
        let home = try Self.layer("deck home", animator, at: 0.4, isFinal: true)
        XCTAssertEqual(home.transform.scale.width, 0.92, accuracy: 1e-9)
        XCTAssertEqual(home.cornerRadius, 10, accuracy: 1e-9)
        // Drawn: the scaled presenter's corner (its top-left at 160 − 0.92·160 = 12.8, 284 − 0.92·284 = 22.72),
        // orange dimmed by black at 30 % inside, the backdrop's black at 30 % over the window outside.
        let last = Self.render(animator, at: 0.4, name: "deck", isFinal: true)
        for (value, expected) in zip(Self.pixel(last, 30, 40), [169.575, 107.1, 17.85]) {
            XCTAssertEqual(Double(value), expected, accuracy: 1, "orange (242.25, 153, 25.5) × 0.7")
        }
        XCTAssertEqual(Self.pixel(last, 5, 40), [0, 0, 0], "outside the scaled presenter: the black window")
        XCTAssertEqual(Self.pixel(last, 160, 300), [255, 255, 255], "the card")
        _ = Self.render(animator, at: 0.2, name: "deck")
    }

    /// A drag down the card from (160, 200): 30 pt every 50 ms for 0.5 s (300 pt), starting at 0.6 s.
    private func dragDown() throws -> [Finger] {
        let samples = (0...10).map { TouchSample(timeSeconds: Double($0) * 0.05, xPoints: 160, yPoints: 200 + 30 * Double($0)) }
        return [.pan(try Gesture(samples: samples), atSeconds: 0.6)]
    }

    /// Mid-drag, at each frame where the card has moved: the share of the alongside animations
    /// done at the card's progress (its travel / 508) — the presenter's scale and the backdrop's alpha.
    /// Checked between the gesture's samples (`times`), not at the moments they are delivered.
    private func checkDrag(
        _ animator: TransitionAnimator, share: (Double) -> Double,
        times: StrideTo<Double> = stride(from: 0.66, to: 1.1, by: 0.05)
    ) throws {
        var checked = 0
        for t in times {
            let card = try Self.layer("deck card", animator, at: t)
            let progress = (card.frame.y - 60) / 508
            guard progress > 0 else { continue }
            checked += 1
            let home = try Self.layer("deck home", animator, at: t), backdrop = try Self.layer("deck backdrop", animator, at: t)
            XCTAssertEqual(home.transform.scale.width, 0.92 + 0.08 * share(progress), accuracy: 1e-6, "t = \(t)")
            XCTAssertEqual(backdrop.opacity, 1 - share(progress), accuracy: 1e-6, "t = \(t)")
        }
        XCTAssertGreaterThan(checked, 5)
    }

    @MainActor func testACustomInteractionControllerScrubsTheAlongsideAnimationsWithItsProgress() async throws {
        let home = DeckHomeViewController()
        let animator = try recordDeck(fingers: try dragDown(), home: home)
        XCTAssertEqual(home.shownCard?.interactionOutcome, "finished", "notifyWhenInteractionChanges")
        // While dragging the card follows the finger (the interaction moves it) and the alongside
        // animations stand where `updateInteractiveTransition(card's travel / 508)` puts them on
        // their 0.4 s ease in-out.
        try checkDrag(animator, share: Self.easeInOut)
        // Released past 30 %: it finishes; the presenter is whole again, the card gone.
        let end = animator.durationSeconds
        let presenter = try Self.layer("deck home", animator, at: end, isFinal: true)
        XCTAssertEqual(presenter.transform.scale.width, 1, accuracy: 1e-9)
        XCTAssertEqual(presenter.cornerRadius, 0, accuracy: 1e-9)
        let last = Self.render(animator, at: end, name: "deck-dismissed", isFinal: true)
        XCTAssertEqual(Self.pixel(last, 160, 300), [242, 153, 26], "the orange home alone")
        _ = Self.render(animator, at: 0.86, name: "deck-dragging")
    }

    @MainActor func testAPercentDrivenInteractionDrivesTheAnimatorsInterruptibleAnimator() async throws {
        let animator = try recordDeck(fingers: try dragDown(), style: .interruptibleAnimator)
        // Scrubbing a property animator is linear in fractionComplete: the card, its animation and
        // the alongside ones all stand at the same share, the finger's travel / 508.
        try checkDrag(animator, share: { $0 })
        let end = animator.durationSeconds
        let home = try Self.layer("deck home", animator, at: end, isFinal: true)
        XCTAssertEqual(home.transform.scale.width, 1, accuracy: 1e-9)
        let last = Self.render(animator, at: end, name: "deck-interruptible-dismissed", isFinal: true)
        XCTAssertEqual(Self.pixel(last, 160, 300), [242, 153, 26])
    }

    /// Samples/gestures/pull-down.json: a sheet pulled down a third of the screen at 600 pt/s.
    private var pullDownFile: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples/gestures/pull-down.json").path
    }

    @MainActor func testAGestureFileDismissesTheCardThroughBothInteractions() async throws {
        let gesture = try GestureFile.read(pullDownFile)
        let custom = DeckHomeViewController(), interruptible = DeckHomeViewController()
        let viaCustom = try recordDeck(fingers: [.pan(gesture, atSeconds: 0.6)], home: custom)
        let viaInterruptible = try recordDeck(fingers: [.pan(gesture, atSeconds: 0.6)], style: .interruptibleAnimator, home: interruptible)
        // Samples every 0.02 s; the finger lifts 0.38 s after touching down.
        try checkDrag(viaCustom, share: Self.easeInOut, times: stride(from: 0.61, to: 0.98, by: 0.02))
        try checkDrag(viaInterruptible, share: { $0 }, times: stride(from: 0.61, to: 0.98, by: 0.02))
        XCTAssertEqual(custom.shownCard?.interactionOutcome, "finished")
        XCTAssertEqual(interruptible.shownCard?.interactionOutcome, "finished")
        for animator in [viaCustom, viaInterruptible] {
            let end = animator.durationSeconds
            XCTAssertEqual(try Self.layer("deck home", animator, at: end, isFinal: true).transform.scale.width, 1, accuracy: 1e-9)
        }
        _ = Self.render(viaInterruptible, at: 0.8, name: "deck-pull-down-file")
    }

    @MainActor func testAShortDragCancelsAndTheCardSettlesBack() async throws {
        let samples = (0...4).map { TouchSample(timeSeconds: Double($0) * 0.05, xPoints: 160, yPoints: 200 + 10 * Double($0)) }
        let home = DeckHomeViewController()
        let animator = try recordDeck(fingers: [.pan(try Gesture(samples: samples), atSeconds: 0.6)], home: home)
        XCTAssertEqual(home.shownCard?.interactionOutcome, "cancelled", "notifyWhenInteractionChanges")
        let end = animator.durationSeconds
        let card = try Self.layer("deck card", animator, at: end, isFinal: true)
        XCTAssertEqual(card.frame.y, 60, accuracy: 1e-9, "40 pt is under 30 % of 508: cancelled")
        let presenter = try Self.layer("deck home", animator, at: end, isFinal: true)
        XCTAssertEqual(presenter.transform.scale.width, 0.92, accuracy: 1e-9, "ran back, then put back by dismissalTransitionDidEnd(false)")
        // The alongside animations ran back in 40/508 of their 0.4 s; then, until the card has
        // settled and the transition completes, the layers show their model values, as a device does.
        XCTAssertEqual(try Self.layer("deck home", animator, at: end - 0.01).transform.scale.width, 1, accuracy: 1e-9)
    }

    // MARK: UIKit's page sheet

    @MainActor private func recordSheet(expand: Bool) throws -> TransitionAnimator {
        try TransitionAnimator(
            Transition.record(device: Self.device) { window in
                let map = PlacesMapViewController()
                window.rootViewController = map
                map.showDetails(expandOnAppear: expand)
            })
    }

    /// On the SE: the large detent's top 10 pt below the 20 pt status bar: value 568 − 30 = 538;
    /// the medium detent half of it, 269, resting on the bottom (no bottom inset).
    private let large = Rect(x: 0, y: 30, width: 320, height: 538), medium = Rect(x: 0, y: 299, width: 320, height: 269)

    @MainActor func testThePageSheetRestsAtTheMediumDetentWithItsGrabberAndDimming() async throws {
        let animator = try recordSheet(expand: false)
        XCTAssertEqual(animator.durationSeconds, 0.5, accuracy: 1e-9)
        let sheet = try Self.layer("SheetCardView", animator, at: 0.5, isFinal: true)
        XCTAssertEqual(sheet.frame, medium)
        XCTAssertEqual(sheet.cornerRadius, 10)
        let details = try Self.layer("details", animator, at: 0.5, isFinal: true)
        XCTAssertEqual(details.frame, Rect(x: 0, y: 0, width: 320, height: 269))
        let grabber = try Self.layer("SheetGrabberView", animator, at: 0.5, isFinal: true)
        XCTAssertEqual(grabber.frame, Rect(x: 142, y: 5, width: 36, height: 5))
        // Slides up from below the screen, 0.5 s ease in-out; the dimming (black) to 40 % alongside.
        for t in [0.125, 0.25, 0.375] {
            let share = Self.easeInOut(t / 0.5)
            XCTAssertEqual(try Self.layer("SheetCardView", animator, at: t).frame.y, 568 - 269 * share, accuracy: 1e-6)
            XCTAssertEqual(try Self.layer("UIDimmingView", animator, at: t).opacity, 0.4 * share, accuracy: 1e-6)
        }
        // At the medium detent the presenter is dimmed, not scaled back.
        XCTAssertEqual(try Self.layer("map", animator, at: 0.5, isFinal: true).transform.scale.width, 1)
        let last = Self.render(animator, at: 0.5, name: "sheet-medium", isFinal: true)
        // The map's blue (140.25, 191.25, 242.25) under black at 40 %.
        for (value, expected) in zip(Self.pixel(last, 160, 100), [84.15, 114.75, 145.35]) {
            XCTAssertEqual(Double(value), expected, accuracy: 1)
        }
        XCTAssertEqual(Self.pixel(last, 100, 400), [255, 255, 255], "the sheet")
    }

    @MainActor func testAnimateChangesMovesTheSheetToTheLargeDetentAndScalesThePresenterBack() async throws {
        let animator = try recordSheet(expand: true)
        XCTAssertEqual(animator.durationSeconds, 1.0, accuracy: 1e-9, "0.5 s to present, 0.5 s to expand")
        let sheet = try Self.layer("SheetCardView", animator, at: 1, isFinal: true)
        XCTAssertEqual(sheet.frame, large)
        // Scaled about its centre until its top edge reaches the status bar's bottom: 284·(1 − s) = 20.
        let scale = 1 - 40.0 / 568
        let map = try Self.layer("map", animator, at: 1, isFinal: true)
        XCTAssertEqual(map.transform.scale.width, scale, accuracy: 1e-9)
        XCTAssertEqual(map.cornerRadius, 10, accuracy: 1e-9)
        // Half-way through the change (ease in-out: half the way).
        let half = try Self.layer("SheetCardView", animator, at: 0.75)
        XCTAssertEqual(half.frame.y, 299 - 269 * 0.5, accuracy: 1e-6)
        XCTAssertEqual(half.frame.height, 269 + 269 * 0.5, accuracy: 1e-6)
        XCTAssertEqual(try Self.layer("map", animator, at: 0.75).transform.scale.width, 1 - (1 - scale) * 0.5, accuracy: 1e-6)
        let last = Self.render(animator, at: 1, name: "sheet-large", isFinal: true)
        XCTAssertEqual(Self.pixel(last, 100, 10), [0, 0, 0], "the black behind the scaled-back map, under the status bar")
        XCTAssertEqual(Self.pixel(last, 100, 300), [255, 255, 255], "the sheet")
        _ = Self.render(animator, at: 0.75, name: "sheet-expanding")
    }

    @MainActor func testDismissingTheLargeSheetSlidesItDownAndBringsThePresenterBack() async throws {
        let animator = try TransitionAnimator(
            Transition.record(device: Self.device) { window in
                let root = UIViewController()
                root.view.accessibilityIdentifier = "root"
                window.rootViewController = root
                let sheet = UIViewController()
                root.present(sheet, animated: true) { sheet.dismiss(animated: true, completion: nil) }
            })
        XCTAssertEqual(animator.durationSeconds, 1, accuracy: 1e-9, "0.5 s up, 0.5 s down")
        let scale = 1 - 40.0 / 568
        for t in [0.625, 0.75, 0.875] {
            let share = Self.easeInOut((t - 0.5) / 0.5)
            XCTAssertEqual(try Self.layer("SheetCardView", animator, at: t).frame.y, 30 + 538 * share, accuracy: 1e-6, "t = \(t)")
            XCTAssertEqual(try Self.layer("root", animator, at: t).transform.scale.width, scale + (1 - scale) * share, accuracy: 1e-6)
            XCTAssertEqual(try Self.layer("UIDimmingView", animator, at: t).opacity, 0.4 * (1 - share), accuracy: 1e-6)
        }
        let end = animator.window(atSeconds: 1, isFinal: true)
        for name in ["SheetCardView", "UIDimmingView", "SheetBackdropView"] {
            XCTAssertNil(Self.layer(name, in: end).flatMap { $0.isHidden ? nil : $0 }, "\(name) removed")
        }
        XCTAssertEqual(try Self.layer("root", animator, at: 1, isFinal: true).cornerRadius, 0)
    }

    @MainActor func testAPlainPresentIsAPageSheetAsSinceIOS13() async throws {
        let animator = try TransitionAnimator(
            Transition.record(device: Self.device) { window in
                let root = UIViewController()
                window.rootViewController = root
                let plain = UIViewController()
                plain.view.accessibilityIdentifier = "plain"
                XCTAssertNotNil(plain.sheetPresentationController, ".automatic is a sheet on a phone")
                root.present(plain, animated: true)
            })
        XCTAssertEqual(try Self.layer("SheetCardView", animator, at: 0.5, isFinal: true).frame, large)
        XCTAssertEqual(try Self.layer("plain", animator, at: 0.5, isFinal: true).frame, Rect(x: 0, y: 0, width: 320, height: 538))
    }

    @MainActor func testAPopoverAdaptsToASheetAndIsRefusedByNameWhenKeptAPopover() async throws {
        final class KeepPopover: NSObject, UIAdaptivePresentationControllerDelegate {
            func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle { .none }
        }
        let keep = KeepPopover()
        let adapted = try TransitionAnimator(
            Transition.record(device: Self.device) { window in
                let root = UIViewController()
                window.rootViewController = root
                let menu = UIViewController()
                menu.modalPresentationStyle = .popover
                menu.popoverPresentationController?.sourceView = root.view
                root.present(menu, animated: true)
            })
        XCTAssertEqual(try Self.layer("SheetCardView", adapted, at: 0.5, isFinal: true).frame, large)
        XCTAssertThrowsError(
            try Transition.record(device: Self.device) { window in
                let root = UIViewController()
                window.rootViewController = root
                let menu = UIViewController()
                menu.view.accessibilityIdentifier = "menu"
                menu.modalPresentationStyle = .popover
                menu.presentationController?.delegate = keep
                root.present(menu, animated: true)
            }
        ) { error in
            guard case let .notDrawn(view, what)? = error as? RecordingError else { return XCTFail("\(error)") }
            XCTAssertEqual(view, "UIView 'menu'")
            XCTAssertTrue(what.hasPrefix("a popover kept as a popover"), what)
        }
    }

    @MainActor func testACustomDetentsResolverAndTheUndimmedDetent() async throws {
        let animator = try TransitionAnimator(
            Transition.record(device: Self.device) { window in
                let root = UIViewController()
                root.view.accessibilityIdentifier = "root"
                window.rootViewController = root
                let small = UIViewController()
                let sheet = try XCTUnwrap(small.sheetPresentationController)
                let id = UISheetPresentationController.Detent.Identifier("small")
                sheet.detents = [.custom(identifier: id) { context in context.maximumDetentValue * 0.25 }, .large()]
                sheet.largestUndimmedDetentIdentifier = id
                sheet.preferredCornerRadius = 20
                root.present(small, animated: true)
            })
        // 538 / 4 = 134.5 pt tall, on the bottom; undimmed; corners of 20 pt.
        let card = try Self.layer("SheetCardView", animator, at: 0.5, isFinal: true)
        XCTAssertEqual(card.frame, Rect(x: 0, y: 433.5, width: 320, height: 134.5))
        XCTAssertEqual(card.cornerRadius, 20)
        XCTAssertEqual(try Self.layer("UIDimmingView", animator, at: 0.5, isFinal: true).opacity, 0)
    }

    @MainActor func testAnOverCurrentContextPresentationCoversTheContextsViewOnly() async throws {
        let animator = try TransitionAnimator(
            Transition.record(device: Self.device) { window in
                let root = UIViewController()
                root.view.backgroundColor = .white
                window.rootViewController = root
                let panel = UIViewController()
                panel.view.frame = CGRect(x: 0, y: 100, width: 320, height: 300)
                panel.view.backgroundColor = .blue
                panel.definesPresentationContext = true
                root.addChild(panel)
                root.view.addSubview(panel.view)
                let overlay = UIViewController()
                overlay.view.accessibilityIdentifier = "overlay"
                overlay.view.backgroundColor = .red
                overlay.modalPresentationStyle = .overCurrentContext
                panel.present(overlay, animated: false)
            })
        // The container takes the context's frame; the overlay fills it.
        XCTAssertEqual(try Self.layer("overlay", animator, at: 0, isFinal: true).frame, Rect(x: 0, y: 0, width: 320, height: 300))
        let image = Self.render(animator, at: 0, name: "over-current-context", isFinal: true)
        XCTAssertEqual(Self.pixel(image, 10, 150), [255, 0, 0], "inside the context")
        XCTAssertEqual(Self.pixel(image, 10, 450), [255, 255, 255], "below it, the root")
    }

    @MainActor func testAPushsCoordinatorRunsAlongsideAnimationsOnUIKitsSlide() async throws {
        final class Banner: UIViewController {
            let badge = UIView(frame: CGRect(x: 20, y: 100, width: 40, height: 40))
            override func viewDidLoad() {
                super.viewDidLoad()
                badge.accessibilityIdentifier = "badge"
                badge.alpha = 0
                view.addSubview(badge)
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                transitionCoordinator?.animate(alongsideTransition: { _ in self.badge.alpha = 1 })
            }
        }
        var duration = 0.0
        let animator = try TransitionAnimator(
            Transition.record(device: Self.device) { window in
                let navigation = UINavigationController(rootViewController: UIViewController())
                window.rootViewController = navigation
                let banner = Banner()
                navigation.pushViewController(banner, animated: true)
                duration = banner.transitionCoordinator?.transitionDuration ?? 0
            })
        XCTAssertEqual(duration, 0.5, "UIKit's own push: 0.5 s")
        for t in [0.125, 0.25, 0.375] {
            XCTAssertEqual(try Self.layer("badge", animator, at: t).opacity, Self.easeInOut(t / 0.5), accuracy: 1e-6, "t = \(t)")
        }
    }

    // MARK: Transition files

    @MainActor func testTheSheetExportedToATransitionFileRendersTheSamePixels() async throws {
        let transition = try Transition.record(device: Self.device) { window in
            let map = PlacesMapViewController()
            window.rootViewController = map
            map.showDetails(expandOnAppear: true)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "presentation-export-\(ProcessInfo.processInfo.globallyUniqueString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("sheet.json")
        try TransitionFile.json(for: transition, relativeTo: folder.path).write(to: file, atomically: true, encoding: .utf8)
        let fromFile = try RenderJob(settings: RenderSettings(transitionFile: file.path))
        let direct = try RenderJob(settings: RenderSettings(transition: transition))
        XCTAssertEqual(fromFile.frames.count, direct.frames.count)
        for index in [0, direct.frames.count / 3, direct.frames.count * 2 / 3, direct.frames.count - 1] {
            XCTAssertEqual(try fromFile.renderFrame(index).pixels, try direct.renderFrame(index).pixels, "frame \(index)")
        }
    }
}
