//
//  CircularReveal.swift
//  A menu screen whose round button opens a detail screen through a circle that grows from the
//  button until it covers the screen: a CAShapeLayer mask whose circular path animates with
//  CABasicAnimation(keyPath: "path"), the transition completed from animationDidStop.
//
import UIKit

final class RevealMenuViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let revealButton = UIButton(frame: CGRect(x: 275, y: 567, width: 60, height: 60))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        revealButton.backgroundColor = UIColor(red: 1, green: 0.2, blue: 0.4, alpha: 1)
        revealButton.layer.cornerRadius = 30
        revealButton.addTarget(self, action: #selector(openDetail(_:)), for: .touchUpInside)
        view.addSubview(revealButton)
    }

    @objc func openDetail(_ sender: UIButton) {
        let detail = RevealDetailViewController()
        detail.modalPresentationStyle = .custom
        detail.transitioningDelegate = self
        present(detail, animated: true, completion: nil)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        CircularRevealAnimator(originFrame: revealButton.frame)
    }
}

final class RevealDetailViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)
        let banner = UIView(frame: CGRect(x: 20, y: 80, width: 335, height: 120))
        banner.backgroundColor = .white
        banner.layer.cornerRadius = 12
        view.addSubview(banner)
    }
}

/// Reveals the presented screen through a circle growing from `originFrame` (the tapped
/// button's frame in the container) to one that covers the whole screen.
final class CircularRevealAnimator: NSObject, UIViewControllerAnimatedTransitioning, CAAnimationDelegate {
    let originFrame: CGRect
    private var transitionContext: UIViewControllerContextTransitioning?

    init(originFrame: CGRect) {
        self.originFrame = originFrame
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    /// The radius that reaches the screen corner farthest from the button's centre.
    static func coveringRadius(from center: CGPoint, in bounds: CGRect) -> CGFloat {
        let dx = max(center.x - bounds.minX, bounds.maxX - center.x)
        let dy = max(center.y - bounds.minY, bounds.maxY - center.y)
        return (dx * dx + dy * dy).squareRoot()
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let toViewController = transitionContext.viewController(forKey: .to),
              let toView = transitionContext.view(forKey: .to) else { return }
        self.transitionContext = transitionContext
        let container = transitionContext.containerView
        toView.frame = transitionContext.finalFrame(for: toViewController)
        container.addSubview(toView)

        let center = CGPoint(x: originFrame.midX, y: originFrame.midY)
        let radius = CircularRevealAnimator.coveringRadius(from: center, in: container.bounds)
        let startPath = UIBezierPath(ovalIn: originFrame)
        let endPath = UIBezierPath(ovalIn: originFrame.insetBy(dx: -radius, dy: -radius))

        let maskLayer = CAShapeLayer()
        maskLayer.path = endPath.cgPath
        toView.layer.mask = maskLayer

        let reveal = CABasicAnimation(keyPath: "path")
        reveal.fromValue = startPath.cgPath
        reveal.toValue = endPath.cgPath
        reveal.duration = transitionDuration(using: transitionContext)
        reveal.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        reveal.delegate = self
        maskLayer.add(reveal, forKey: "reveal")
    }

    nonisolated func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        MainActor.assumeIsolated {
            guard let context = transitionContext else { return }
            context.view(forKey: .to)?.layer.mask = nil
            context.completeTransition(!context.transitionWasCancelled)
            transitionContext = nil
        }
    }
}
