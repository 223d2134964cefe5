import Flipbook
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookRender
import FlipbookScenes
import FlipbookUIKit
import Foundation
import XCTest

/// A push animator in the style of the reference apps: a snapshot flies from a cell to the
/// detail's frame on a spring while the detail fades in; the completion tidies up.
private final class FlyAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var calls: [String] = []
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.7 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let from = transitionContext.viewController(forKey: .from) as? GridController,
            let to = transitionContext.viewController(forKey: .to) as? DetailController
        else { return }
        let container = transitionContext.containerView
        let snapshot = from.cell.snapshotView(afterScreenUpdates: false)!
        snapshot.accessibilityIdentifier = "flying"
        snapshot.frame = container.convert(from.cell.frame, from: from.cell.superview)
        from.cell.isHidden = true
        to.view.alpha = 0
        container.addSubview(to.view)
        container.addSubview(snapshot)
        to.photo.isHidden = true
        UIView.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, usingSpringWithDamping: 0.6,
            initialSpringVelocity: 1, options: [],
            animations: {
                snapshot.frame = to.photo.frame
                to.view.alpha = 1
            },
            completion: { _ in
                to.photo.isHidden = false
                from.cell.isHidden = false
                snapshot.removeFromSuperview()
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
    }
    func animationEnded(_ transitionCompleted: Bool) { calls.append("ended \(transitionCompleted)") }
}

private final class GridController: UIViewController, UINavigationControllerDelegate {
    let cell = UIView(frame: CGRect(x: 20, y: 100, width: 100, height: 100))
    let animator = FlyAnimator()
    var log: [String] = []
    override func viewDidLoad() {
        view.backgroundColor = .white
        view.accessibilityIdentifier = "grid"
        cell.backgroundColor = .systemBlue
        cell.accessibilityIdentifier = "cell"
        view.addSubview(cell)
    }
    override func viewWillDisappear(_ animated: Bool) { log.append("grid will disappear") }
    override func viewDidDisappear(_ animated: Bool) { log.append("grid did disappear") }
    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        operation == .push ? animator : nil
    }
}

private final class DetailController: UIViewController {
    let photo = UIView(frame: CGRect(x: 0, y: 200, width: 375, height: 250))
    var log: [String] = []
    override func viewDidLoad() {
        view.backgroundColor = .black
        view.accessibilityIdentifier = "detail"
        photo.backgroundColor = .systemBlue
        photo.accessibilityIdentifier = "photo"
        view.addSubview(photo)
        log.append("detail did load")
    }
    override func viewWillAppear(_ animated: Bool) { log.append("detail will appear") }
    override func viewDidAppear(_ animated: Bool) { log.append("detail did appear") }
}

final class ControllerTests: XCTestCase {
    @MainActor func testPushThroughTheDelegatesAnimator() async throws {
        let grid = GridController(), detail = DetailController()
        let transition = try Transition.record { window in
            let navigation = UINavigationController(rootViewController: grid)
            navigation.delegate = grid
            window.rootViewController = navigation
            navigation.pushViewController(detail, animated: true)
        }
        XCTAssertEqual(detail.log, ["detail did load", "detail will appear", "detail did appear"])
        XCTAssertEqual(grid.log, ["grid will disappear", "grid did disappear"])
        XCTAssertEqual(grid.animator.calls, ["ended true"])
        let animator = try TransitionAnimator(transition)
        XCTAssertEqual(animator.durationSeconds, 0.7, accuracy: 1e-12)
        let middle = animator.window(atSeconds: 0.35, isFinal: false)
        let flying = try XCTUnwrap(animator.layer(named: "flying", in: middle))
        XCTAssertEqual(flying.snapshotOf, "cell")
        XCTAssertFalse(flying.isHidden)
        XCTAssertTrue(animator.layer(named: "cell", in: middle)!.isHidden)
        let last = animator.window(atSeconds: 0.7, isFinal: true)
        XCTAssertTrue(animator.layer(named: "flying", in: last)!.isHidden, "the snapshot is removed in the completion")
        XCTAssertFalse(animator.layer(named: "photo", in: last)!.isHidden)
        XCTAssertTrue(animator.layer(named: "grid", in: last)!.isHidden, "the navigation controller removes the from view")
        XCTAssertEqual(animator.layer(named: "detail", in: last)!.opacity, 1)
    }

    /// UIKit's own push of "next" over "root" (animated), or, with `thenPop`, that push done at
    /// once and the pop animated.
    @MainActor func recordDefaultPush(thenPop: Bool = false) throws -> Transition {
        try Transition.record { window in
            let root = UIViewController()
            root.view.accessibilityIdentifier = "root"
            let navigation = UINavigationController(rootViewController: root)
            window.rootViewController = navigation
            let next = UIViewController()
            next.view.accessibilityIdentifier = "next"
            navigation.pushViewController(next, animated: !thenPop)
            if thenPop { _ = navigation.popViewController(animated: true) }
        }
    }

    @MainActor func testDefaultPushSlidesTheNewViewInFromTheRight() async throws {
        let transition = try recordDefaultPush()
        let animator = try TransitionAnimator(transition)
        XCTAssertEqual(animator.initialLayer(named: "next")?.frame.x, 375)
        // 0.5 s on the cubic (0.25, 1, 0.25, 1): half the time is the curve parameter s = 0.69957
        // (0.75·s·(1 − s) + s³ = 0.5), where the progress 3·s·(1 − s) + s³ is 0.97288 (bisection
        // by hand, not the code under test): 375 · (1 − 0.97288) = 10.168 pt to go.
        XCTAssertEqual(animator.layer(named: "next", in: animator.window(atSeconds: 0.25, isFinal: false))!.frame.x, 10.168, accuracy: 1e-3)
        XCTAssertEqual(animator.layer(named: "next", in: animator.window(atSeconds: 0.5, isFinal: true))!.frame.x, 0)
        XCTAssertEqual(animator.durationSeconds, 0.5, accuracy: 1e-9)
    }

    /// UIKit's own push and pop dim the view below the sliding one and shadow the sliding view's
    /// left edge, with SloppySwiper's numbers (docs/UIKIT.md, "UIKit's own push"): a view black
    /// at 10 % over the outgoing view, fading in on the push's curve (at 0.25 s the progress
    /// 0.97288 worked out above), and over the incoming view on a pop, fading out; a shadow of a
    /// 4 pt strip left of the sliding view, 20 pt past its top and bottom, at opacity 0.2 with
    /// Core Animation's radius 3 — all gone once the transition has ended.
    @MainActor func testDefaultPushAndPopDimTheViewBelowAndShadowTheSlidingEdge() async throws {
        for push in [true, false] {
            let transition = try recordDefaultPush(thenPop: !push)
            let animator = try TransitionAnimator(transition)
            let dimmingBlack = StraightColor(white: 0, alpha: 0.1)
            func dimming(_ window: Layer) -> Layer? {
                func find(_ layer: Layer) -> Layer? {
                    layer.backgroundColor == dimmingBlack && !layer.isHidden ? layer : layer.sublayers.lazy.compactMap(find).first
                }
                return find(window)
            }
            let start = animator.window(atSeconds: 0, isFinal: false), middle = animator.window(atSeconds: 0.25, isFinal: false)
            XCTAssertEqual(try XCTUnwrap(dimming(start)).opacity, push ? 0 : 1, "push \(push)")
            XCTAssertEqual(try XCTUnwrap(dimming(middle)).opacity, push ? 0.97288 : 1 - 0.97288, accuracy: 1e-4, "push \(push)")
            XCTAssertNil(dimming(animator.window(atSeconds: 0.5, isFinal: true)), "removed at the end")
            let sliding = try XCTUnwrap(animator.layer(named: "next", in: middle))
            XCTAssertEqual(sliding.shadowOpacity, 0.2, accuracy: 1e-6, "a Float, as CALayer's")
            XCTAssertEqual(sliding.shadowRadius, 3)
            XCTAssertEqual(sliding.shadowPath?.boundingBox, Rect(x: -4, y: -20, width: 4, height: sliding.frame.height + 40))
            if push { XCTAssertEqual(animator.layer(named: "next", in: animator.window(atSeconds: 0.5, isFinal: true))?.shadowOpacity, 0) }
        }
    }

    @MainActor func testPresentThroughTheTransitioningDelegate() async throws {
        final class Fade: NSObject, UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
            func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
            func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
                let to = transitionContext.view(forKey: .to)!
                XCTAssertNil(transitionContext.view(forKey: .from), "a custom presentation keeps the presenting view where it is")
                to.alpha = 0
                transitionContext.containerView.addSubview(to)
                UIView.animate(withDuration: 0.3, animations: { to.alpha = 1 }) { _ in transitionContext.completeTransition(true) }
            }
            func animationController(
                forPresented presented: UIViewController, presenting: UIViewController,
                source: UIViewController
            ) -> UIViewControllerAnimatedTransitioning? { self }
        }
        let fade = Fade()
        var presentedOnce = false
        let transition = try Transition.record { window in
            let root = UIViewController()
            window.rootViewController = root
            let modal = UIViewController()
            modal.view.accessibilityIdentifier = "modal"
            modal.modalPresentationStyle = .custom
            modal.transitioningDelegate = fade
            root.present(modal, animated: true) { presentedOnce = true }
        }
        XCTAssertTrue(presentedOnce)
        let animator = try TransitionAnimator(transition)
        XCTAssertEqual(animator.layer(named: "modal", in: animator.window(atSeconds: 0.15, isFinal: false))!.opacity, 0.5, accuracy: 1e-9)
    }

    @MainActor func testMisuseThrowsNamingTheView() async {
        XCTAssertThrowsError(
            try Transition.record { _ in
                let stray = UIView(frame: .zero)
                stray.tag = 7
                UIView.animate(withDuration: 1, animations: { stray.alpha = 0 })
            }
        ) { error in
            XCTAssertEqual(error as? RecordingError, .animatedOutsideWindow(view: "UIView (tag 7)"))
            XCTAssertTrue("\(error)".contains("UIView (tag 7) is animated but is not in the window"))
        }
        XCTAssertThrowsError(
            try Transition.record { window in
                let blinker = UIView(frame: .zero)
                blinker.accessibilityIdentifier = "blinker"
                window.addSubview(blinker)
                @MainActor func blink() {
                    UIView.animate(withDuration: 0.001, animations: { blinker.alpha = 1 - blinker.alpha }) { _ in blink() }
                }
                blink()
            }
        ) { error in
            XCTAssertEqual(error as? RecordingError, .tooManyCompletions(view: "UIView 'blinker'", count: 1_000))
        }
        XCTAssertThrowsError(
            try Transition.record { window in
                @MainActor func again() { UIView.animate(withDuration: 0, animations: {}) { _ in again() } }
                again()
            }
        ) { error in
            guard case .tooManyCompletions? = error as? RecordingError else { return XCTFail("\(error)") }
        }
        final class Forgetful: NSObject, UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
            func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
            func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
                transitionContext.containerView.addSubview(transitionContext.view(forKey: .to)!)
            }
            func animationController(
                forPresented presented: UIViewController, presenting: UIViewController,
                source: UIViewController
            ) -> UIViewControllerAnimatedTransitioning? { self }
        }
        let forgetful = Forgetful()
        XCTAssertThrowsError(
            try Transition.record { window in
                let root = UIViewController()
                window.rootViewController = root
                let modal = UIViewController()
                modal.transitioningDelegate = forgetful
                root.present(modal, animated: true)
            }
        ) { error in
            // Its animateTransition(using:) adds the view and schedules nothing: the message says so.
            XCTAssertEqual(
                error as? RecordingError,
                .transitionNotCompleted(
                    animator: "Forgetful",
                    waitingOn:
                        "nothing was scheduled after animateTransition(using:) returned (no animation, completion, dispatched block or timer): "
                        + "call completeTransition(_:) in the completion of its last animation"))
        }
    }
}

final class NavigationBarTests: XCTestCase {
    @MainActor func testTheBarIsThePresetsBarAndOpaqueBarsPutScreensBelowIt() async throws {
        final class Root: UIViewController {
            var appeared = false
            override func viewDidLoad() { title = "Photos"; view.accessibilityIdentifier = "root" }
            override func viewDidAppear(_ animated: Bool) { appeared = true }
        }
        let root = Root()
        let transition = try Transition.record { window in
            let navigation = UINavigationController(rootViewController: root)
            navigation.navigationBar.isTranslucent = false
            root.navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Add", style: .plain, target: nil, action: nil)
            window.rootViewController = navigation
            let detail = UIViewController()
            detail.title = "Detail"
            detail.view.accessibilityIdentifier = "detail"
            navigation.pushViewController(detail, animated: true)
        }
        XCTAssertTrue(root.appeared, "the window shows its root view controller")
        let animator = try TransitionAnimator(transition)
        XCTAssertEqual(animator.initialLayer(named: "root")?.frame, Rect(x: 0, y: 64, width: 375, height: 603))
        // The bar's layers are the preset's for the same push.
        let preset = NavigationBar.transition(
            device: .iPhone8, from: NavigationItem(title: "Photos", rightButton: "Add"),
            to: NavigationItem(title: "Detail", backTitle: "Photos"), operation: .push)
        let bar = try XCTUnwrap(animator.initialLayer(named: NavigationBar.layerName))
        XCTAssertEqual(bar.sublayers, preset.layer.sublayers)
        XCTAssertEqual(bar.backgroundColor, preset.layer.backgroundColor)
        XCTAssertEqual(transition.animations.filter { $0.target.hasPrefix("bar items") }.count, preset.animations.count)
        XCTAssertTrue(animator.layer(named: "bar items (from)", in: animator.window(atSeconds: 0.5, isFinal: true))!.isHidden)
    }
}
