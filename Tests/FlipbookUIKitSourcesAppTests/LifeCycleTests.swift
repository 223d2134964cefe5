import FlipbookModel
import FlipbookMotion
import FlipbookUIKit
import XCTest

/// UIKit's life cycle around transitions, with the fixture app's logging screens
/// (Tests/Fixtures/uikit-app/LifeCycle): appearance calls and their order for push, pop, present,
/// dismiss and a cancelled interactive pop; a transitioning delegate set in viewDidLoad; an
/// animated `setViewControllers`; a custom container's `begin`/`endAppearanceTransition`; view
/// transitions UIKit turns in 3-D refused by name. (`FlipbookUIKit.DispatchQueue`: this file is not
/// rewritten and sees Foundation through XCTest, where the bare name would be Dispatch's.)
final class LifeCycleTests: XCTestCase {
    /// A navigation controller with `root`, its delegate `delegate`, as the window's root.
    @MainActor private func showNavigation(
        _ root: UIViewController, delegate: UINavigationControllerDelegate,
        in window: UIWindow
    ) -> UINavigationController {
        let navigation = UINavigationController(rootViewController: root)
        navigation.delegate = delegate
        window.rootViewController = navigation
        return navigation
    }

    @MainActor func testPushAndPopCallTheAppearanceMethodsInUIKitsOrder() async throws {
        let log = AppearanceLog()
        let fade = FadeNavigationDelegate()
        let first = LoggingViewController(name: "first", log: log), second = LoggingViewController(name: "second", log: log)
        let transition = try Transition.record(device: .iPhone8) { window in
            let navigation = showNavigation(first, delegate: fade, in: window)
            window.layoutIfNeeded()
            log.clear()
            navigation.pushViewController(second, animated: true)
            FlipbookUIKit.DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { navigation.popViewController(animated: true) }
        }
        XCTAssertEqual(
            log.entries,
            [
                "second viewDidLoad", "first viewWillDisappear", "second viewWillAppear", "first viewDidDisappear", "second viewDidAppear",
                "second viewWillDisappear", "first viewWillAppear", "second viewDidDisappear", "first viewDidAppear"
            ])
        XCTAssertEqual(try TransitionAnimator(transition).durationSeconds, 0.5 + FadeNavigationDelegate.fadeDuration, accuracy: 1e-9)
    }

    @MainActor func testACancelledInteractivePopUndoesItsAppearanceCalls() async throws {
        let log = AppearanceLog()
        let fade = FadeNavigationDelegate()
        let first = LoggingViewController(name: "first", log: log), second = LoggingViewController(name: "second", log: log)
        var stack: [String] = []
        _ = try Transition.record(device: .iPhone8) { window in
            let navigation = showNavigation(first, delegate: fade, in: window)
            navigation.pushViewController(second, animated: false)
            window.layoutIfNeeded()
            log.clear()
            let interaction = UIPercentDrivenInteractiveTransition()
            fade.interaction = interaction
            navigation.popViewController(animated: true)
            interaction.update(0.3)
            FlipbookUIKit.DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { interaction.cancel() }
            FlipbookUIKit.DispatchQueue.main.asyncAfter(deadline: .now() + 1) { stack = navigation.viewControllers.map { $0.title ?? "" } }
        }
        // The finger lets go short of the pop: the screen that was to appear disappears again and
        // the top one reappears, each with its will and did call.
        XCTAssertEqual(
            log.entries,
            [
                "second viewWillDisappear", "first viewWillAppear",
                "first viewWillDisappear", "first viewDidDisappear", "second viewWillAppear", "second viewDidAppear"
            ])
        XCTAssertEqual(stack, ["first", "second"])
    }

    @MainActor func testATransitioningDelegateSetInViewDidLoadAnimatesThePresentation() async throws {
        let log = AppearanceLog()
        let home = LoggingViewController(name: "home", log: log), sheet = SlideUpSheetViewController(name: "sheet", log: log)
        var homeInWindowAfterPresenting = true, homeInWindowAfterDismissing = false
        let transition = try Transition.record(device: .iPhone8) { window in
            window.rootViewController = home
            window.layoutIfNeeded()
            log.clear()
            home.present(sheet, animated: true) {
                homeInWindowAfterPresenting = home.view.window != nil
                sheet.dismiss(animated: false) { homeInWindowAfterDismissing = home.view.window != nil }
            }
        }
        let recorded = try TransitionAnimator(transition)
        XCTAssertEqual(recorded.durationSeconds, SlideUpSheetViewController.slideDuration, accuracy: 1e-9, "the sheet's own animator ran")
        let half = try XCTUnwrap(
            recorded.layer(named: "sheet", in: recorded.window(atSeconds: SlideUpSheetViewController.slideDuration / 2, isFinal: false)))
        XCTAssertEqual(half.frame.y, 667 / 2, accuracy: 1e-9, "ease in-out: half-way at half the time")
        // A full-screen presentation takes the presenter's view out of the window, and puts it back on dismissal.
        XCTAssertFalse(homeInWindowAfterPresenting)
        XCTAssertTrue(homeInWindowAfterDismissing)
        XCTAssertEqual(
            log.entries,
            [
                "sheet viewDidLoad", "home viewWillDisappear", "sheet viewWillAppear", "sheet viewDidAppear", "home viewDidDisappear",
                "sheet viewWillDisappear", "home viewWillAppear", "sheet viewDidDisappear", "home viewDidAppear"
            ])
    }

    @MainActor func testAnOverFullScreenPresentationKeepsThePresentersView() async throws {
        let log = AppearanceLog()
        let home = LoggingViewController(name: "home", log: log), overlay = LoggingViewController(name: "overlay", log: log)
        overlay.modalPresentationStyle = .overFullScreen
        var homeInWindow = false
        _ = try Transition.record(device: .iPhone8) { window in
            window.rootViewController = home
            window.layoutIfNeeded()
            log.clear()
            home.present(overlay, animated: true) { homeInWindow = home.view.window != nil }
        }
        XCTAssertTrue(homeInWindow)
        XCTAssertEqual(
            log.entries, ["overlay viewDidLoad", "overlay viewWillAppear", "overlay viewDidAppear"], "the presenter stays: no calls for it")
    }

    @MainActor func testAnimatedSetViewControllersRunsTheDelegatesAnimator() async throws {
        let log = AppearanceLog()
        let fade = FadeNavigationDelegate()
        let first = LoggingViewController(name: "first", log: log), second = LoggingViewController(name: "second", log: log),
            third = LoggingViewController(name: "third", log: log)
        var stack: [String] = []
        let transition = try Transition.record(device: .iPhone8) { window in
            let navigation = showNavigation(first, delegate: fade, in: window)
            window.layoutIfNeeded()
            log.clear()
            navigation.setViewControllers([first, second, third], animated: true)
            stack = navigation.viewControllers.map { $0.title ?? "" }
        }
        XCTAssertEqual(stack, ["first", "second", "third"])
        // A push from the old top to the new one: the screen between is never shown.
        XCTAssertEqual(
            log.entries,
            ["third viewDidLoad", "first viewWillDisappear", "third viewWillAppear", "first viewDidDisappear", "third viewDidAppear"])
        let recorded = try TransitionAnimator(transition)
        XCTAssertEqual(recorded.durationSeconds, FadeNavigationDelegate.fadeDuration, accuracy: 1e-9)
        let half = try XCTUnwrap(
            recorded.layer(named: "third", in: recorded.window(atSeconds: FadeNavigationDelegate.fadeDuration / 2, isFinal: false)))
        XCTAssertEqual(half.opacity, 0.5, accuracy: 1e-9)
    }

    @MainActor func testACustomContainerForwardsAppearanceWithBeginAndEnd() async throws {
        let log = AppearanceLog()
        let switcher = SwitcherViewController()
        let a = LoggingViewController(name: "a", log: log), b = LoggingViewController(name: "b", log: log)
        let transition = try Transition.record(device: .iPhone8) { window in
            window.rootViewController = switcher
            window.layoutIfNeeded()
            switcher.show(a, duration: 0)
            switcher.show(b, duration: 0.4)
        }
        XCTAssertEqual(
            log.entries,
            [
                "a viewDidLoad", "a viewWillAppear", "a viewDidAppear",
                "b viewDidLoad", "b viewWillAppear", "a viewWillDisappear", "b viewDidAppear", "a viewDidDisappear"
            ])
        let recorded = try TransitionAnimator(transition)
        XCTAssertEqual(recorded.durationSeconds, 0.4, accuracy: 1e-9)
        XCTAssertEqual(
            try XCTUnwrap(recorded.layer(named: "b", in: recorded.window(atSeconds: 0.2, isFinal: false))).opacity, 0.5, accuracy: 1e-9)
    }

    @MainActor func testFlipsAndCurlsAreRefusedByNameWithTheirPlace() async throws {
        let line = #line + 5
        XCTAssertThrowsError(
            try Transition.record(device: .iPhone8) { window in
                let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                window.addSubview(card)
                UIView.transition(with: card, duration: 0.3, options: .transitionFlipFromLeft, animations: { card.backgroundColor = .red })
            }
        ) { error in
            guard case let .unsupported(api, calledAt, advice)? = error as? RecordingError else { return XCTFail("\(error)") }
            XCTAssertEqual(api, "UIView.transition(with:duration:options:animations:completion:) with .transitionFlipFromLeft")
            XCTAssertEqual(calledAt, "FlipbookUIKitSourcesAppTests/LifeCycleTests.swift:\(line)")
            XCTAssertTrue(advice.hasPrefix("use .transitionCrossDissolve"), advice)
        }
    }
}

/// The system's interactive pop, driven by a finger from the left edge.
final class InteractivePopTests: XCTestCase {
    /// A drag from the left edge: `distance` points right over `seconds`, released at rest.
    private func edgeDrag(_ distance: Double, seconds: Double) throws -> Gesture {
        let samples = (0...10).map { (step: Int) -> TouchSample in
            let share = Double(step) / 10
            return TouchSample(timeSeconds: seconds * share, xPoints: 4 + distance * share, yPoints: 400)
        }
        return try Gesture(samples: samples)
    }

    @MainActor private func recordPop(
        _ drag: Gesture, log: AppearanceLog, stack: inout [String],
        popDelegate: UIGestureRecognizerDelegate? = nil
    ) throws -> TransitionAnimator {
        let first = LoggingViewController(name: "first", log: log), second = LoggingViewController(name: "second", log: log)
        var navigation: UINavigationController?
        let transition = try Transition.record(device: .iPhone8, fingers: [.pan(drag)]) { window in
            let controller = UINavigationController(rootViewController: first)
            controller.interactivePopGestureRecognizer?.delegate = popDelegate
            window.rootViewController = controller
            controller.pushViewController(second, animated: false)
            window.layoutIfNeeded()
            log.clear()
            navigation = controller
        }
        stack = navigation?.viewControllers.map { $0.title ?? "" } ?? []
        return try TransitionAnimator(transition)
    }

    @MainActor func testADragPastHalfTheWidthPopsWithUIKitsSlide() async throws {
        let log = AppearanceLog()
        var stack: [String] = []
        let recorded = try recordPop(try edgeDrag(250, seconds: 0.5), log: log, stack: &stack)
        XCTAssertEqual(stack, ["first"])
        XCTAssertEqual(log.entries, ["second viewWillDisappear", "first viewWillAppear", "second viewDidDisappear", "first viewDidAppear"])
        // Mid-drag (0.25 s: 125 of 375 pt) the top screen has slid a third of the width with the finger.
        let second = try XCTUnwrap(recorded.layer(named: "second", in: recorded.window(atSeconds: 0.26, isFinal: false)))
        XCTAssertEqual(second.frame.x, 125, accuracy: 1e-6)
    }

    @MainActor func testAShortSlowDragIsCancelledAndTheScreenStays() async throws {
        let log = AppearanceLog()
        var stack: [String] = []
        _ = try recordPop(try edgeDrag(80, seconds: 0.5), log: log, stack: &stack)
        XCTAssertEqual(stack, ["first", "second"])
        XCTAssertEqual(
            log.entries,
            [
                "second viewWillDisappear", "first viewWillAppear",
                "first viewWillDisappear", "first viewDidDisappear", "second viewWillAppear", "second viewDidAppear"
            ])
    }

    @MainActor func testAnAppsDelegateCanTurnTheSystemPopOff() async throws {
        final class NoSwipeBack: NSObject, UIGestureRecognizerDelegate {
            func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
        }
        let log = AppearanceLog(), refusing = NoSwipeBack()
        var stack: [String] = []
        _ = try recordPop(try edgeDrag(250, seconds: 0.5), log: log, stack: &stack, popDelegate: refusing)
        XCTAssertEqual(stack, ["first", "second"])
        XCTAssertEqual(log.entries, [])
    }
}
