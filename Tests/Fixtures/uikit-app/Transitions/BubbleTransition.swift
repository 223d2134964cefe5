//
//  BubbleTransition.swift
//  A bubble that grows from a point until the presented screen shows through it whole: a round
//  view set as the presented view's mask (UIView.mask), scaled up in a UIView animation block.
//
import UIKit

/// Presents with a bubble growing from `startingPoint` (in the container's coordinates).
final class BubbleTransitionAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let startingPoint: CGPoint
    let duration: TimeInterval

    init(startingPoint: CGPoint, duration: TimeInterval = 0.5) {
        self.startingPoint = startingPoint
        self.duration = duration
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let toViewController = transitionContext.viewController(forKey: .to),
              let presentedView = transitionContext.view(forKey: .to) else { return }
        let container = transitionContext.containerView
        presentedView.frame = transitionContext.finalFrame(for: toViewController)
        container.addSubview(presentedView)

        // A bubble big enough to cover the screen from the starting point.
        let radius = CircularRevealAnimator.coveringRadius(from: startingPoint, in: container.bounds)
        let bubble = UIView(frame: CGRect(x: 0, y: 0, width: 2 * radius, height: 2 * radius))
        bubble.layer.cornerRadius = radius
        bubble.backgroundColor = .black
        bubble.center = container.convert(startingPoint, to: presentedView)
        bubble.transform = CGAffineTransform(scaleX: 0.001, y: 0.001)
        presentedView.mask = bubble

        UIView.animate(withDuration: duration, delay: 0, options: .curveEaseInOut, animations: {
            bubble.transform = .identity
        }, completion: { _ in
            presentedView.mask = nil
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// The reveal menu's screen, presenting its detail with the bubble instead.
final class BubbleMenuViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let menu = RevealMenuViewController()

    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(menu)
        menu.view.frame = view.bounds
        view.addSubview(menu.view)
        menu.didMove(toParent: self)
    }

    func presentDetail() {
        let detail = RevealDetailViewController()
        detail.modalPresentationStyle = .custom
        detail.transitioningDelegate = self
        present(detail, animated: true, completion: nil)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        let button = menu.revealButton
        return BubbleTransitionAnimator(startingPoint: CGPoint(x: button.frame.midX, y: button.frame.midY))
    }
}
