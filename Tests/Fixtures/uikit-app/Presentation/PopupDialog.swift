//
//  PopupDialog.swift
//  A popup dialog in the style of popup libraries: a UIPresentationController centres the card
//  (frameOfPresentedViewInContainerView from the dialog's preferredContentSize) and fades a
//  dimming view in and out alongside the transition through the transition coordinator; the
//  animator only scales and fades the card.
//
import UIKit

final class PopupHostViewController: UIViewController, UIViewControllerTransitioningDelegate {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.2, green: 0.6, blue: 0.3, alpha: 1)
        view.accessibilityIdentifier = "host"
    }

    func showDialog() {
        let dialog = PopupDialogViewController()
        dialog.modalPresentationStyle = .custom
        dialog.transitioningDelegate = self
        present(dialog, animated: true, completion: nil)
    }

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        PopupPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        PopupAnimator(isPresenting: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        PopupAnimator(isPresenting: false)
    }
}

final class PopupDialogViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = "dialog"
        view.backgroundColor = .white
        view.layer.cornerRadius = 14
        preferredContentSize = CGSize(width: 240, height: 160)
        let button = UIView(frame: CGRect(x: 20, y: 110, width: 200, height: 36))
        button.backgroundColor = UIColor(red: 0, green: 0.48, blue: 1, alpha: 1)
        button.layer.cornerRadius = 8
        view.addSubview(button)
    }
}

final class PopupPresentationController: UIPresentationController {
    let dimmingView = UIView()

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let containerView = containerView else { return .zero }
        let size = presentedViewController.preferredContentSize
        return CGRect(x: (containerView.bounds.width - size.width) / 2, y: (containerView.bounds.height - size.height) / 2,
                      width: size.width, height: size.height)
    }

    override func presentationTransitionWillBegin() {
        guard let containerView = containerView else { return }
        dimmingView.accessibilityIdentifier = "popup dimming"
        dimmingView.backgroundColor = UIColor(white: 0, alpha: 0.5)
        dimmingView.frame = containerView.bounds
        dimmingView.alpha = 0
        containerView.insertSubview(dimmingView, at: 0)
        guard let coordinator = presentedViewController.transitionCoordinator else {
            dimmingView.alpha = 1
            return
        }
        coordinator.animate(alongsideTransition: { _ in self.dimmingView.alpha = 1 }, completion: nil)
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed { dimmingView.removeFromSuperview() }
    }

    override func dismissalTransitionWillBegin() {
        guard let coordinator = presentedViewController.transitionCoordinator else {
            dimmingView.alpha = 0
            return
        }
        coordinator.animate(alongsideTransition: { _ in self.dimmingView.alpha = 0 })
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { dimmingView.removeFromSuperview() }
    }

    override func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        dimmingView.frame = containerView?.bounds ?? .zero
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}

/// Grows the card from 80 % while fading it in (the reverse to dismiss), 0.3 s ease in-out.
final class PopupAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    static let duration: TimeInterval = 0.3
    let isPresenting: Bool

    init(isPresenting: Bool) {
        self.isPresenting = isPresenting
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { Self.duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let key: UITransitionContextViewControllerKey = isPresenting ? .to : .from
        guard let controller = transitionContext.viewController(forKey: key), let card = controller.view else { return }
        if isPresenting {
            card.frame = transitionContext.finalFrame(for: controller)
            card.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)
            card.alpha = 0
            transitionContext.containerView.addSubview(card)
        }
        UIView.animate(withDuration: Self.duration, delay: 0, options: .curveEaseInOut, animations: {
            card.transform = self.isPresenting ? .identity : CGAffineTransform(scaleX: 0.8, y: 0.8)
            card.alpha = self.isPresenting ? 1 : 0
        }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
