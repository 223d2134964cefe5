import Flipbook
import FlipbookModel
import FlipbookScenes
import FlipbookUIKit
import Foundation
import XCTest

/// Where a navigation controller puts its screens around a custom push: the animator gets the
/// new view at the frame it was loaded with, the controller lays it out once the transition has
/// completed; a bar hidden from `viewWillAppear` slides away alongside the push.
final class NavigationLayoutTests: XCTestCase {
    /// Fades the new view in over 0.4 s without touching its frame (the zoom browser's animator does so).
    private final class FadeIn: NSObject, UIViewControllerAnimatedTransitioning, UINavigationControllerDelegate {
        var frameSeenByTheAnimator: CGRect?
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            let to = transitionContext.viewController(forKey: .to)!
            frameSeenByTheAnimator = to.view.frame
            to.view.alpha = 0
            transitionContext.containerView.addSubview(to.view)
            UIView.animate(
                withDuration: 0.4, animations: { to.view.alpha = 1 },
                completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
        }
        func navigationController(
            _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
            from fromVC: UIViewController, to toVC: UIViewController
        ) -> UIViewControllerAnimatedTransitioning? { self }
    }

    @MainActor
    private func push(_ next: UIViewController, translucent: Bool, delegate: FadeIn?) throws -> TransitionAnimator {
        let transition = try Transition.record { window in
            let root = UIViewController()
            root.view.accessibilityIdentifier = "root"
            let navigation = UINavigationController(rootViewController: root)
            navigation.navigationBar.isTranslucent = translucent
            navigation.delegate = delegate
            window.rootViewController = navigation
            window.layoutIfNeeded()
            navigation.pushViewController(next, animated: true)
        }
        return try TransitionAnimator(transition)
    }

    @MainActor func testACustomPushLeavesTheLoadedFrameThenTheControllerLaysTheViewOutBelowAnOpaqueBar() async throws {
        let fade = FadeIn(), next = UIViewController()
        next.view.accessibilityIdentifier = "next"
        let animator = try push(next, translucent: false, delegate: fade)
        // iPhone 8: 375×667 loaded at the whole screen; below the 64 pt bar the content is 603 tall.
        XCTAssertEqual(fade.frameSeenByTheAnimator, CGRect(x: 0, y: 0, width: 375, height: 667))
        XCTAssertEqual(
            animator.layer(named: "next", in: animator.window(atSeconds: 0.2, isFinal: false))!.frame,
            Rect(x: 0, y: 0, width: 375, height: 667))
        XCTAssertEqual(
            animator.layer(named: "next", in: animator.window(atSeconds: 0.4, isFinal: true))!.frame,
            Rect(x: 0, y: 64, width: 375, height: 603))
        XCTAssertEqual(next.view.frame, CGRect(x: 0, y: 64, width: 375, height: 603))
    }

    @MainActor func testUnderATranslucentBarTheLoadedFrameIsTheFinalOne() async throws {
        let fade = FadeIn(), next = UIViewController()
        next.view.accessibilityIdentifier = "next"
        let animator = try push(next, translucent: true, delegate: fade)
        XCTAssertEqual(
            animator.layer(named: "next", in: animator.window(atSeconds: 0.4, isFinal: true))!.frame,
            Rect(x: 0, y: 0, width: 375, height: 667))
    }

    @MainActor func testAnOpaqueBarWithExtendedLayoutIncludingOpaqueBarsLeavesTheWholeScreen() async throws {
        let fade = FadeIn(), next = UIViewController()
        next.view.accessibilityIdentifier = "next"
        next.extendedLayoutIncludesOpaqueBars = true
        let animator = try push(next, translucent: false, delegate: fade)
        XCTAssertEqual(
            animator.layer(named: "next", in: animator.window(atSeconds: 0.4, isFinal: true))!.frame,
            Rect(x: 0, y: 0, width: 375, height: 667))
    }

    @MainActor func testABarHiddenFromViewWillAppearSlidesAwayAlongsideThePush() async throws {
        final class Immersive: UIViewController {
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                navigationController?.setNavigationBarHidden(true, animated: animated)
            }
        }
        let next = Immersive()
        next.view.accessibilityIdentifier = "next"
        let animator = try push(next, translucent: false, delegate: FadeIn())
        let bar = NavigationBar.layerName
        XCTAssertEqual(animator.initialLayer(named: bar)?.frame, Rect(x: 0, y: 0, width: 375, height: 64))
        // Over the push's 0.4 s on ease in-out, symmetric: half way up at 0.2 s.
        XCTAssertEqual(animator.layer(named: bar, in: animator.window(atSeconds: 0.2, isFinal: false))!.frame.y, -32, accuracy: 1e-6)
        let last = animator.window(atSeconds: 0.4, isFinal: true)
        XCTAssertTrue(animator.layer(named: bar, in: last)!.isHidden)
        // The bar is gone, so the screen is laid out over the whole window.
        XCTAssertEqual(animator.layer(named: "next", in: last)!.frame, Rect(x: 0, y: 0, width: 375, height: 667))
    }
}
