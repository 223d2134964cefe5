// The waterfall photo browser: pop. The photo flies back from the detail onto its cell (the grid
// was scrolled to reveal it), over a white patch that hides the cell, while the detail fades out.
#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

class XZPhotoBrowserPopTransition: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return 0.7
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let fromVC = transitionContext.viewController(forKey: .from) as! PhotoDetailViewController
        let toVC = transitionContext.viewController(forKey: .to) as! XZPhotoBrowserViewController
        let containerView = transitionContext.containerView

        let snapShotView = UIImageView()
        snapShotView.image = fromVC.tmpImageView.image
        snapShotView.backgroundColor = UIColor.red
        snapShotView.frame = containerView.convert(fromVC.tmpImageView.frame, from: fromVC.tmpImageView.superview)
        fromVC.collectionView.isHidden = true

        toVC.view.frame = transitionContext.finalFrame(for: toVC)

        containerView.insertSubview(toVC.view, belowSubview: fromVC.view)
        containerView.addSubview(snapShotView)

        let flowLayout = toVC.collectionView.collectionViewLayout as! XZPhotoBrowserFlowLayout
        let attributes = flowLayout.itemsAttributes[fromVC.selectIndex]
        let tmpView = UIView()
        // The collection view's own background colour.
        tmpView.backgroundColor = UIColor.white

        toVC.collectionView.addSubview(tmpView)
        tmpView.frame = CGRect(
            x: attributes.frame.origin.x, y: attributes.frame.origin.y, width: attributes.frame.size.width,
            height: attributes.frame.size.height)
        UIView.animate(
            withDuration: self.transitionDuration(using: transitionContext), delay: 0.0, usingSpringWithDamping: 0.6,
            initialSpringVelocity: 1.0, options: .curveEaseInOut,
            animations: {
                fromVC.view.alpha = 0.0
                snapShotView.frame = CGRect(
                    x: attributes.frame.origin.x, y: attributes.frame.origin.y + 64 - toVC.collectionView.contentOffset.y,
                    width: attributes.frame.size.width, height: attributes.frame.size.height)
            },
            completion: { _ in
                snapShotView.removeFromSuperview()
                fromVC.collectionView.isHidden = false
                tmpView.removeFromSuperview()
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
    }
}
