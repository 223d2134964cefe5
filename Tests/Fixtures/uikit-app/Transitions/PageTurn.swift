//
//  PageTurn.swift
//  A magazine cover that opens like a book's to show the first article ("NatGeo" style): the
//  cover's anchor point moves to its left edge (its position kept) and it turns about that
//  edge toward the viewer until it is edge-on, a perspective on its own transform and
//  isDoubleSided false as such transitions set them; the article underneath starts pushed back
//  along z and comes forward. A navigation push with a custom animator.
//
import UIKit

final class MagazineCoverViewController: UIViewController, UINavigationControllerDelegate {
    let openButton = UIButton(frame: CGRect(x: 40, y: 420, width: 240, height: 50))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.98, green: 0.8, blue: 0.1, alpha: 1)
        let photo = UIView(frame: CGRect(x: 24, y: 90, width: view.bounds.width - 48, height: 300))
        photo.backgroundColor = UIColor(red: 0.1, green: 0.35, blue: 0.2, alpha: 1)
        view.addSubview(photo)
        openButton.backgroundColor = .black
        openButton.addTarget(self, action: #selector(openArticle(_:)), for: .touchUpInside)
        view.addSubview(openButton)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.delegate = self
    }

    @objc func openArticle(_ sender: UIButton) {
        navigationController?.pushViewController(ArticleViewController(), animated: true)
    }

    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        operation == .push ? PageTurnAnimator() : nil
    }
}

final class ArticleViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let headline = UIView(frame: CGRect(x: 0, y: 250, width: view.bounds.width, height: 50))
        headline.backgroundColor = UIColor(red: 0.1, green: 0.2, blue: 0.5, alpha: 1)
        view.addSubview(headline)
        for line in 0..<5 {
            let bar = UIView(frame: CGRect(x: 24, y: 320 + CGFloat(line) * 36, width: line == 4 ? 150 : view.bounds.width - 48, height: 14))
            bar.backgroundColor = UIColor(white: 0.75, alpha: 1)
            view.addSubview(bar)
        }
    }
}

/// Turns the cover open about its left edge while the article comes forward from behind it.
final class PageTurnAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    /// The eye's distance from the screen, in points (m34 = −1 / distance).
    static let eyeDistance: CGFloat = 1000
    /// How far behind the screen the article starts, in points.
    static let articleDepth: CGFloat = 150

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.8 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to),
              let toViewController = transitionContext.viewController(forKey: .to) else { return }
        let container = transitionContext.containerView
        toView.frame = transitionContext.finalFrame(for: toViewController)
        container.insertSubview(toView, belowSubview: fromView)

        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / Self.eyeDistance
        // The cover hinges on its left edge: move the anchor there and keep the layer in place.
        let coverFrame = fromView.frame
        fromView.layer.anchorPoint = CGPoint(x: 0, y: 0.5)
        fromView.layer.position = CGPoint(x: coverFrame.minX, y: coverFrame.midY)
        fromView.layer.isDoubleSided = false
        fromView.layer.transform = perspective
        toView.layer.transform = CATransform3DTranslate(perspective, 0, 0, -Self.articleDepth)

        UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveEaseInOut, animations: {
            // A negative angle brings the right edge toward the viewer.
            fromView.layer.transform = CATransform3DRotate(perspective, -.pi / 2, 0, 1, 0)
            toView.layer.transform = CATransform3DIdentity
        }, completion: { _ in
            fromView.layer.transform = CATransform3DIdentity
            fromView.layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
            fromView.layer.position = CGPoint(x: coverFrame.midX, y: coverFrame.midY)
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
