// The push: a snapshot of the tapped cell springs to the photo's place while the photo screen
// fades in; when it lands, the caption slides up into view (an animation started by the
// completion).
import UIKit

final class ZoomAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.6 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let gallery = transitionContext.viewController(forKey: .from) as? GalleryViewController,
            let photo = transitionContext.viewController(forKey: .to) as? PhotoViewController,
            let indexPath = gallery.selectedIndexPath,
            let cell = gallery.collectionView.cellForItem(at: indexPath) as? PhotoCell,
            let snapshot = cell.imageView.snapshotView(afterScreenUpdates: false)
        else {
            transitionContext.completeTransition(false)
            return
        }
        let container = transitionContext.containerView
        photo.view.frame = transitionContext.finalFrame(for: photo)
        photo.view.alpha = 0
        container.addSubview(photo.view)
        photo.view.layoutIfNeeded()
        snapshot.frame = container.convert(cell.imageView.frame, from: cell.imageView.superview)
        container.addSubview(snapshot)
        cell.imageView.isHidden = true
        photo.imageView.isHidden = true
        let target = container.convert(photo.imageView.frame, from: photo.imageView.superview)
        let captionFinal = photo.captionLabel.frame
        photo.captionLabel.frame = captionFinal.offsetBy(dx: 0, dy: 40)
        photo.captionLabel.alpha = 0

        UIView.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, usingSpringWithDamping: 0.8,
            initialSpringVelocity: 0, options: [],
            animations: {
                snapshot.frame = target
                photo.view.alpha = 1
            },
            completion: { _ in
                photo.imageView.isHidden = false
                cell.imageView.isHidden = false
                snapshot.removeFromSuperview()
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                UIView.animate(
                    withDuration: 0.25, delay: 0, options: .curveEaseOut,
                    animations: {
                        photo.captionLabel.frame = captionFinal
                        photo.captionLabel.alpha = 1
                    }, completion: nil)
            })
    }
}
