// The zoom photo browser (Objective-C, translated line for line): one object is the navigation
// delegate and the animator of both directions. A snapshot of the image view flies between the
// grid cell and the detail while the destination screen, added on top, fades in.
#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

/// Push or pop.
enum PushAnimationOpration {
    case push
    case pop
}

class PushAnimation: NSObject, UINavigationControllerDelegate, UIViewControllerAnimatedTransitioning {
    var opration = PushAnimationOpration.push
    /// The navigation controller whose transitions this object animates (`start` makes it the delegate).
    weak var nav: UINavigationController?
    weak var targetViewController: UIViewController?

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        // The tutorial leaves the duration out; its demo moves on UIKit's 0.7 s spring.
        return 0.7
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let fromVC = transitionContext.viewController(forKey: .from)!
        let toVC = transitionContext.viewController(forKey: .to)!
        let containerView = transitionContext.containerView

        var collectionView: UICollectionView
        var contentImageView: UIImageView
        if self.opration == .push {
            let from = fromVC as! ZoomGridViewController
            collectionView = from.collectionView
            // The app reads the detail's private `_contentImageView` with KVC; Swift has a property.
            contentImageView = (toVC as! ZoomDetailViewController).contentImageView
        } else {
            let to = toVC as! ZoomGridViewController
            collectionView = to.collectionView
            contentImageView = (fromVC as! ZoomDetailViewController).contentImageView
        }

        let selectedItems = collectionView.indexPathsForSelectedItems ?? []
        let cell = collectionView.cellForItem(at: selectedItems.first!) as! CusCollectionViewCell

        var snapView: UIView
        var snapViewFrame: CGRect
        var snapViewTargetFrame: CGRect
        if self.opration == .push {
            snapView = cell.contentImage.snapshotView(afterScreenUpdates: false)!
            snapViewFrame = containerView.convert(cell.contentImage.frame, from: cell.contentImage.superview)
            snapViewTargetFrame = containerView.convert(contentImageView.frame, from: contentImageView.superview)
        } else {
            snapView = contentImageView.snapshotView(afterScreenUpdates: false)!
            snapViewFrame = containerView.convert(contentImageView.frame, from: contentImageView.superview)
            // As published: converted from the image view itself (its inset in the cell counts twice).
            snapViewTargetFrame = containerView.convert(cell.contentImage.frame, from: cell.contentImage)
        }

        snapView.frame = snapViewFrame
        toVC.view.alpha = 0

        containerView.addSubview(toVC.view)
        containerView.addSubview(snapView)

        contentImageView.isHidden = true
        cell.contentImage.isHidden = true

        UIView.animate(
            withDuration: self.transitionDuration(using: transitionContext), delay: 0, usingSpringWithDamping: 0.6,
            initialSpringVelocity: 1.0, options: .curveEaseInOut,
            animations: {
                snapView.frame = snapViewTargetFrame
                toVC.view.alpha = 1.0
            },
            completion: { _ in
                contentImageView.isHidden = false
                cell.contentImage.isHidden = false
                snapView.removeFromSuperview()
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
    }

    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        if operation == .push {
            self.opration = .push
        } else if operation == .pop {
            self.opration = .pop
        }
        return self
    }

    func start() {
        self.nav?.delegate = self
    }

    /// The app pops on a tap on the detail (a UITapGestureRecognizer whose action calls this).
    func tapGestureToPop(with targetVC: UIViewController) {
        self.targetViewController = targetVC
    }

    func tapGesture() {
        _ = self.targetViewController?.navigationController?.popViewController(animated: true)
    }
}
