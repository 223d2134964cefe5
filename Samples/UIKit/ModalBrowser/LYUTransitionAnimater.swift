// The modal photo browser (Swift): the animator, presenting and dismissing with one image view.
#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

/// What the present animation needs from the grid.
@MainActor
protocol LYUPresentAnimationDelegate: AnyObject {
    func getImageView(indexPath: IndexPath) -> UIImageView
    func getStartRect(indexPath: IndexPath) -> CGRect
    func getEndRect(indexPath: IndexPath) -> CGRect
}

/// What the dismiss animation needs from the browser.
@MainActor
protocol LYUDismissAnimationDelegate: AnyObject {
    func getIndexPath() -> IndexPath
    func getImageView() -> UIImageView
}

/// The transitioning delegate and animator of both directions.
@MainActor
class LYUTransitionAnimater: NSObject {
    /// Present or dismiss.
    var isPresenting = true
    weak var presentDelegate: LYUPresentAnimationDelegate?
    weak var dismissDelegate: LYUDismissAnimationDelegate?
    /// The tapped photo: where the present animation starts.
    var indexPath: IndexPath?
}

// MARK:- transitionDelegate
extension LYUTransitionAnimater: UIViewControllerTransitioningDelegate {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController)
        -> UIViewControllerAnimatedTransitioning?
    {
        isPresenting = true
        return self
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        isPresenting = false
        return self
    }
}

// MARK:- animatedTransitioning
extension LYUTransitionAnimater: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return 1.5
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        if isPresenting {
            animatePresentation(using: transitionContext)
        } else {
            animateDismissal(using: transitionContext)
        }
    }

    private func animatePresentation(using transitionContext: UIViewControllerContextTransitioning) {
        let presentView = transitionContext.view(forKey: .to)!
        guard let presentDelegate = presentDelegate, let indexPath = indexPath else {
            return
        }
        let animationImageView = presentDelegate.getImageView(indexPath: indexPath)
        // Black at once: the grid disappears behind the growing photo.
        transitionContext.containerView.backgroundColor = UIColor.black
        animationImageView.frame = presentDelegate.getStartRect(indexPath: indexPath)
        transitionContext.containerView.addSubview(animationImageView)
        let duration = transitionDuration(using: transitionContext)
        UIView.animate(
            withDuration: duration,
            animations: {
                animationImageView.frame = presentDelegate.getEndRect(indexPath: indexPath)
            },
            completion: { _ in
                transitionContext.containerView.backgroundColor = UIColor.clear
                animationImageView.removeFromSuperview()
                transitionContext.containerView.addSubview(presentView)
                transitionContext.completeTransition(true)
            })
    }

    private func animateDismissal(using transitionContext: UIViewControllerContextTransitioning) {
        // The browser goes at once.
        let dismissView = transitionContext.view(forKey: .from)!
        dismissView.removeFromSuperview()
        guard let dismissDelegate = dismissDelegate else {
            return
        }
        // The image view comes with the browser's frame for the photo.
        let imageView = dismissDelegate.getImageView()
        let indexpath = dismissDelegate.getIndexPath()
        let endRect = presentDelegate?.getStartRect(indexPath: indexpath)
        transitionContext.containerView.addSubview(imageView)
        let duration = transitionDuration(using: transitionContext)
        UIView.animate(
            withDuration: duration,
            animations: {
                // The photo's cell is off screen: shrink to nothing at the bottom centre.
                if endRect == CGRect.zero {
                    imageView.frame = CGRect(x: UIScreen.main.bounds.width * 0.5, y: UIScreen.main.bounds.height, width: 0, height: 0)
                } else {
                    imageView.frame = endRect!
                }
            },
            completion: { _ in
                imageView.removeFromSuperview()
                transitionContext.completeTransition(true)
            })
    }
}
