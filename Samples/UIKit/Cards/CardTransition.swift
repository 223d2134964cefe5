// The card carousel (Objective-C, translated line for line): push and pop between a card of the
// carousel and its detail. Three snapshots (card background, title view, cover) move between the
// card and the detail while the detail fades in or out.
#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

enum CardTransitionType {
    case push
    case pop
}

class CardTransition: NSObject, UIViewControllerAnimatedTransitioning {
    private var type = CardTransitionType.push

    static func transition(with type: CardTransitionType) -> CardTransition {
        let transition = CardTransition()
        transition.type = type
        return transition
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return 0.5
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        switch type {
        case .push: pushAnimation(transitionContext)
        case .pop: popAnimation(transitionContext)
        }
    }

    func pushAnimation(_ transitionContext: UIViewControllerContextTransitioning) {
        let fromVC = transitionContext.viewController(forKey: .from) as! CardViewController
        let toVC = transitionContext.viewController(forKey: .to) as! AnotherViewController

        // The tapped card's cell.
        var cell: CardCollectionViewCell!
        let cellArray = fromVC.cardScrollView.collectionView.visibleCells as! [CardCollectionViewCell]
        for i in 0..<cellArray.count where fromVC.currentIndex == cellArray[i].index {
            cell = cellArray[i]
        }

        let containerView = transitionContext.containerView

        let imageView = cell.coverImageView.snapshotView(afterScreenUpdates: false)!
        imageView.frame = cell.coverImageView.convert(cell.coverImageView.bounds, to: containerView)

        let titleView = cell.titleView.snapshotView(afterScreenUpdates: false)!
        titleView.frame = cell.titleView.convert(cell.titleView.bounds, to: containerView)

        let bgView = cell.bgView.snapshotView(afterScreenUpdates: false)!
        bgView.frame = cell.bgView.convert(cell.bgView.bounds, to: containerView)

        cell.coverImageView.isHidden = true
        cell.titleView.isHidden = true
        cell.bgView.isHidden = true
        toVC.view.alpha = 0
        toVC.topImageView.isHidden = true
        toVC.titleView.isHidden = true
        toVC.tableView.isHidden = true

        // The order matters: the cover on top.
        containerView.addSubview(toVC.view)
        containerView.addSubview(bgView)
        containerView.addSubview(titleView)
        containerView.addSubview(imageView)

        UIView.animate(
            withDuration: self.transitionDuration(using: transitionContext),
            animations: {
                // The title keeps its size; only its origin moves.
                var titleFrame = titleView.frame
                titleFrame.origin = toVC.titleView.convert(toVC.titleView.bounds.origin, to: containerView)
                titleView.frame = titleFrame
                toVC.view.alpha = 1
                bgView.frame = CGRect(x: 0, y: 300, width: UIScreen.main.bounds.size.width, height: UIScreen.main.bounds.size.height - 300)
                imageView.frame = toVC.topImageView.convert(toVC.topImageView.bounds, to: containerView)
            },
            completion: { _ in
                imageView.isHidden = true
                toVC.topImageView.isHidden = false
                titleView.isHidden = true
                bgView.isHidden = true
                toVC.titleView.isHidden = false
                toVC.tableView.isHidden = false
                transitionContext.completeTransition(true)
            })
    }

    func popAnimation(_ transitionContext: UIViewControllerContextTransitioning) {
        let fromVC = transitionContext.viewController(forKey: .from) as! AnotherViewController
        let toVC = transitionContext.viewController(forKey: .to) as! CardViewController

        var cell: CardCollectionViewCell!
        let cellArray = toVC.cardScrollView.collectionView.visibleCells as! [CardCollectionViewCell]
        for i in 0..<cellArray.count where toVC.currentIndex == cellArray[i].index {
            cell = cellArray[i]
        }

        let containerView = transitionContext.containerView

        // The push left its snapshots in the container, in the order it added them.
        let imageView = containerView.subviews.last!
        let titleView = containerView.subviews[2]
        let bgView = containerView.subviews[1]

        cell.coverImageView.isHidden = true
        cell.titleView.isHidden = true
        fromVC.topImageView.isHidden = true
        fromVC.titleView.isHidden = true
        imageView.isHidden = false
        titleView.isHidden = false
        bgView.isHidden = false
        containerView.insertSubview(toVC.view, at: 0)

        UIView.animate(
            withDuration: self.transitionDuration(using: transitionContext),
            animations: {
                imageView.frame = cell.coverImageView.convert(cell.coverImageView.bounds, to: containerView)
                titleView.frame = cell.titleView.convert(cell.titleView.bounds, to: containerView)
                bgView.frame = cell.bgView.convert(cell.bgView.bounds, to: containerView)
                fromVC.view.alpha = 0
            },
            completion: { _ in
                cell.coverImageView.isHidden = false
                cell.titleView.isHidden = false
                cell.bgView.isHidden = false
                imageView.removeFromSuperview()
                titleView.removeFromSuperview()
                bgView.removeFromSuperview()
                transitionContext.completeTransition(true)
            })
    }
}
