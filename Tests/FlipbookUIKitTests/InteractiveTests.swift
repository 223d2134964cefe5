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

/// A finger drives a percent-driven dismissal through the app's own pan handler.
final class InteractiveTests: XCTestCase {
    private final class SlideDown: UIPercentDrivenInteractiveTransition, UIViewControllerAnimatedTransitioning,
        UIViewControllerTransitioningDelegate
    {
        var interactive = false
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            let from = transitionContext.view(forKey: .from)!
            UIView.animate(
                withDuration: 1, delay: 0, options: .curveLinear,
                animations: {
                    from.frame.origin.y = 667
                }, completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
        }
        func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
        func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
            -> UIViewControllerInteractiveTransitioning?
        {
            interactive ? self : nil
        }
        /// The app's pan action.
        func handlePan(_ pan: UIPanGestureRecognizer, sheet: UIViewController) {
            let progress = pan.translation(in: pan.view).y / 667
            switch pan.state {
            case .began: interactive = true; sheet.dismiss(animated: true)
            case .changed: update(progress)
            default: progress > 0.3 ? finish() : cancel()
            }
        }
    }

    @MainActor func testAPanDrivesTheDismissalThenFinishes() async throws {
        let slide = SlideDown()
        let gesture = try Gesture(samples: [
            TouchSample(timeSeconds: 0, xPoints: 100, yPoints: 100),
            TouchSample(timeSeconds: 0.5, xPoints: 100, yPoints: 300),
            TouchSample(timeSeconds: 1, xPoints: 100, yPoints: 433.5)
        ])
        let transition = try Transition.record(gesture: gesture) { window in
            let root = UIViewController()
            window.rootViewController = root
            let sheet = UIViewController()
            sheet.view.accessibilityIdentifier = "sheet"
            sheet.modalPresentationStyle = .custom
            sheet.transitioningDelegate = slide
            root.present(sheet, animated: false)
            return { pan in slide.handlePan(pan, sheet: sheet) }
        }
        let animator = try TransitionAnimator(transition)
        // Held at the finger: 200 pt down at 0.5 s (30 % of 667 is 200.1).
        XCTAssertEqual(animator.layer(named: "sheet", in: animator.window(atSeconds: 0.75, isFinal: false))!.frame.y, 200, accuracy: 1e-6)
        // Lifted at 1 s: finish() runs the rest from the last update (200/667) in the remaining
        // share of the second, ease in-out (half way at half that time), then the completion.
        let remaining = 1 - 200.0 / 667
        XCTAssertEqual(
            animator.layer(named: "sheet", in: animator.window(atSeconds: 1 + remaining / 2, isFinal: false))!.frame.y, 433.5,
            accuracy: 1e-6)
        XCTAssertEqual(animator.durationSeconds, 1 + remaining, accuracy: 1e-9)
        XCTAssertTrue(animator.layer(named: "sheet", in: animator.window(atSeconds: 1 + remaining, isFinal: true))!.isHidden)
    }
}
