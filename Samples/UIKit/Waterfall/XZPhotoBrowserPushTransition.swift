// The waterfall photo browser: push. The tapped photo flies from its cell to the detail's
// temporary image view on a spring while the detail fades in.
#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

class XZPhotoBrowserPushTransition: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return 0.7
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let fromVC = transitionContext.viewController(forKey: .from) as! XZPhotoBrowserViewController
        let toVC = transitionContext.viewController(forKey: .to) as! PhotoDetailViewController
        let containerView = transitionContext.containerView

        let cell = fromVC.collectionView.cellForItem(at: fromVC.collectionView.indexPathsForSelectedItems!.first!) as! XZPhotoBrowserItem

        let snapShotView = UIImageView()
        snapShotView.image = cell.photo.image
        snapShotView.frame = containerView.convert(cell.photo.frame, from: cell.photo.superview)
        cell.photo.isHidden = true

        toVC.view.frame = transitionContext.finalFrame(for: toVC)
        toVC.view.alpha = 0
        toVC.collectionView.isHidden = true

        containerView.addSubview(toVC.view)
        containerView.addSubview(snapShotView)

        UIView.animate(
            withDuration: self.transitionDuration(using: transitionContext), delay: 0.0, usingSpringWithDamping: 0.6,
            initialSpringVelocity: 1.0, options: .curveLinear,
            animations: {
                containerView.layoutIfNeeded()
                toVC.view.alpha = 1
                snapShotView.frame = containerView.convert(
                    CGRect(
                        x: toVC.tmpImageView.frame.origin.x, y: toVC.tmpImageView.frame.origin.y,
                        width: toVC.tmpImageView.frame.size.width, height: toVC.tmpImageView.frame.size.height),
                    from: toVC.tmpImageView.superview)
            },
            completion: { _ in
                toVC.collectionView.isHidden = false
                cell.photo.isHidden = false
                snapShotView.removeFromSuperview()
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
    }
}
