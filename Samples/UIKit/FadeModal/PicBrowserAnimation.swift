// The fading modal image browser (Objective-C, translated line for line): one object is the
// transitioning delegate and the animator. The photo grows from the tapped image to the full
// width as the container fades from clear to black; dismissal shrinks it back.
#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

/// What presenting needs from the tapped image view.
@MainActor
protocol PicBrowserPresentedAnimationDelegate: AnyObject {
    func startRect() -> CGRect
    func endRect() -> CGRect
    func imageView() -> UIImageView
}

/// What dismissing needs from the browser.
@MainActor
protocol PicBrowserDismissedAnimationDelegate: AnyObject {
    func imageView() -> UIImageView
}

class PicBrowserAnimation: NSObject, UIViewControllerTransitioningDelegate, UIViewControllerAnimatedTransitioning {
    var isPresented = false
    weak var dismissDelegate: PicBrowserDismissedAnimationDelegate?
    weak var presentDelegate: PicBrowserPresentedAnimationDelegate?

    // MARK: UIViewControllerTransitioningDelegate
    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController)
        -> UIViewControllerAnimatedTransitioning?
    {
        self.isPresented = true
        return self
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        self.isPresented = false
        return self
    }

    // MARK: UIViewControllerAnimatedTransitioning
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        if self.isPresented {
            self.animateForPresentedView(transitionContext)
        } else {
            self.animateForDismissedView(transitionContext)
        }
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return 0.3
    }

    func animateForPresentedView(_ transitionContext: UIViewControllerContextTransitioning) {
        if let presentDelegate = self.presentDelegate {
            let presentedView = transitionContext.view(forKey: .to)!
            transitionContext.containerView.addSubview(presentedView)
            let startRect = presentDelegate.startRect()
            let imageView = presentDelegate.imageView()
            transitionContext.containerView.addSubview(imageView)
            imageView.frame = startRect

            presentedView.alpha = 0.0
            UIView.animate(
                withDuration: self.transitionDuration(using: transitionContext),
                animations: {
                    imageView.frame = presentDelegate.endRect()
                    transitionContext.containerView.backgroundColor = UIColor.black
                },
                completion: { _ in
                    presentedView.alpha = 1.0
                    transitionContext.completeTransition(true)
                    imageView.removeFromSuperview()
                    transitionContext.containerView.backgroundColor = UIColor.clear
                })
        }
    }

    func animateForDismissedView(_ transitionContext: UIViewControllerContextTransitioning) {
        if let dismissDelegate = self.dismissDelegate {
            let dissmisView = transitionContext.view(forKey: .from)!
            dissmisView.removeFromSuperview()

            let imageView = dismissDelegate.imageView()
            transitionContext.containerView.addSubview(imageView)

            UIView.animate(
                withDuration: self.transitionDuration(using: transitionContext),
                animations: {
                    imageView.frame = self.presentDelegate!.startRect()
                },
                completion: { _ in
                    transitionContext.completeTransition(true)
                })
        }
    }
}
