//
//  DeckOfCards.swift
//  A deck-of-cards presentation in the style of "deck" libraries: a custom presentation
//  controller lays the presented card 40 pt below the status bar with rounded top corners and,
//  alongside the transition, scales the presenter back with rounded corners over a dimmed
//  backdrop. A pan on the card dismisses it interactively through a custom
//  UIViewControllerInteractiveTransitioning that moves the card itself; a second route uses
//  an animator with an interruptible UIViewPropertyAnimator under a percent-driven interaction.
//
import UIKit

final class DeckHomeViewController: UIViewController, UIViewControllerTransitioningDelegate {
    /// Which interaction dismisses the card.
    enum DismissalStyle {
        case customInteraction
        case interruptibleAnimator
    }

    var dismissalStyle = DismissalStyle.customInteraction
    private(set) var cardInteraction: CardDismissInteraction?
    private(set) var percentInteraction: UIPercentDrivenInteractiveTransition?
    private(set) var shownCard: DeckCardViewController?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = "deck home"
        view.backgroundColor = UIColor(red: 0.95, green: 0.6, blue: 0.1, alpha: 1)
    }

    func showCard() {
        let card = DeckCardViewController()
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = self
        card.onPan = { [weak self, weak card] pan in self?.handlePan(pan, on: card) }
        shownCard = card
        present(card, animated: true, completion: nil)
    }

    private func handlePan(_ pan: UIPanGestureRecognizer, on card: DeckCardViewController?) {
        guard let card = card else { return }
        let translation = pan.translation(in: card.view).y
        let progress = min(max(translation / card.view.bounds.height, 0), 1)
        switch pan.state {
        case .began:
            if dismissalStyle == .customInteraction { cardInteraction = CardDismissInteraction() } else { percentInteraction = UIPercentDrivenInteractiveTransition() }
            card.dismiss(animated: true, completion: nil)
        case .changed:
            cardInteraction?.update(translation: translation)
            percentInteraction?.update(progress)
        case .ended, .cancelled:
            let shouldFinish = progress > 0.3
            if shouldFinish { cardInteraction?.finish(); percentInteraction?.finish() } else { cardInteraction?.cancel(); percentInteraction?.cancel() }
            cardInteraction = nil
            percentInteraction = nil
        default:
            break
        }
    }

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        DeckPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        DeckSlideAnimator(isPresenting: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        DeckSlideAnimator(isPresenting: false)
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        cardInteraction ?? percentInteraction
    }
}

final class DeckCardViewController: UIViewController {
    var onPan: ((UIPanGestureRecognizer) -> Void)?
    /// How the interactive dismissal ended, as the transition coordinator said.
    private(set) var interactionOutcome: String?

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        transitionCoordinator?.notifyWhenInteractionChanges { [weak self] context in
            self?.interactionOutcome = context.isCancelled ? "cancelled" : "finished"
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = "deck card"
        view.backgroundColor = .white
        let header = UIView(frame: CGRect(x: 16, y: 16, width: 120, height: 24))
        header.backgroundColor = UIColor(red: 0.2, green: 0.2, blue: 0.25, alpha: 1)
        header.layer.cornerRadius = 6
        view.addSubview(header)
        view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(pan(_:))))
    }

    @objc func pan(_ recognizer: UIPanGestureRecognizer) {
        onPan?(recognizer)
    }
}

final class DeckPresentationController: UIPresentationController {
    static let cardTopInset: CGFloat = 40
    static let presenterScale: CGFloat = 0.92
    static let presenterCornerRadius: CGFloat = 10
    let backdrop = UIView()

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let containerView = containerView else { return .zero }
        let top = containerView.safeAreaInsets.top + Self.cardTopInset
        return CGRect(x: 0, y: top, width: containerView.bounds.width, height: containerView.bounds.height - top)
    }

    override func presentationTransitionWillBegin() {
        guard let containerView = containerView, let presenter = presentingViewController.view else { return }
        backdrop.accessibilityIdentifier = "deck backdrop"
        backdrop.backgroundColor = UIColor(white: 0, alpha: 0.3)
        backdrop.frame = containerView.bounds
        backdrop.alpha = 0
        containerView.insertSubview(backdrop, at: 0)
        presenter.layer.masksToBounds = true
        presentedViewController.view.layer.cornerRadius = 12
        presentedViewController.view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        presentedViewController.view.clipsToBounds = true
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.backdrop.alpha = 1
            presenter.transform = CGAffineTransform(scaleX: Self.presenterScale, y: Self.presenterScale)
            presenter.layer.cornerRadius = Self.presenterCornerRadius
        }, completion: nil)
    }

    override func dismissalTransitionWillBegin() {
        guard let presenter = presentingViewController.view else { return }
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.backdrop.alpha = 0
            presenter.transform = .identity
            presenter.layer.cornerRadius = 0
        }, completion: nil)
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed {
            backdrop.removeFromSuperview()
            return
        }
        // Cancelled: the alongside animations ran back, but the layers show their model values
        // again once they end, as on iOS; put the presented look back.
        backdrop.alpha = 1
        presentingViewController.view.transform = CGAffineTransform(scaleX: Self.presenterScale, y: Self.presenterScale)
        presentingViewController.view.layer.cornerRadius = Self.presenterCornerRadius
    }
}

/// Slides the card up from below the screen (down to dismiss), 0.4 s ease-out; for an
/// interactive dismissal it also gives an interruptible property animator doing the same.
final class DeckSlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    static let duration: TimeInterval = 0.4
    let isPresenting: Bool
    private var propertyAnimator: UIViewPropertyAnimator?

    init(isPresenting: Bool) {
        self.isPresenting = isPresenting
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { Self.duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let propertyAnimator = propertyAnimator { return propertyAnimator }
        let container = transitionContext.containerView
        let key: UITransitionContextViewControllerKey = isPresenting ? .to : .from
        let controller = transitionContext.viewController(forKey: key)!
        let card = controller.view!
        let onScreen = isPresenting ? transitionContext.finalFrame(for: controller) : card.frame
        let offScreen = onScreen.offsetBy(dx: 0, dy: container.bounds.height - onScreen.minY)
        if isPresenting {
            card.frame = offScreen
            container.addSubview(card)
        }
        let animator = UIViewPropertyAnimator(duration: Self.duration, curve: .easeOut) {
            card.frame = self.isPresenting ? onScreen : offScreen
        }
        animator.addCompletion { position in
            transitionContext.completeTransition(position == .end)
        }
        propertyAnimator = animator
        return animator
    }
}

/// Moves the card with the finger itself (a custom interaction controller, not the
/// percent-driven one), reporting progress to the context; finishes by sliding the card off,
/// cancels by sliding it back.
final class CardDismissInteraction: NSObject, UIViewControllerInteractiveTransitioning {
    static let settleDuration: TimeInterval = 0.25
    private var transitionContext: UIViewControllerContextTransitioning?
    private var startFrame = CGRect.zero

    var completionSpeed: CGFloat { 1 }
    var completionCurve: UIView.AnimationCurve { .easeOut }

    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        self.transitionContext = transitionContext
        startFrame = transitionContext.view(forKey: .from)?.frame ?? .zero
    }

    func update(translation: CGFloat) {
        guard let context = transitionContext, let card = context.view(forKey: .from) else { return }
        card.frame = startFrame.offsetBy(dx: 0, dy: max(translation, 0))
        context.updateInteractiveTransition(min(max(translation / startFrame.height, 0), 1))
    }

    func finish() {
        guard let context = transitionContext, let card = context.view(forKey: .from) else { return }
        context.finishInteractiveTransition()
        let offScreen = startFrame.offsetBy(dx: 0, dy: context.containerView.bounds.height - startFrame.minY)
        UIView.animate(withDuration: Self.settleDuration, delay: 0, options: .curveEaseOut, animations: {
            card.frame = offScreen
        }, completion: { _ in
            context.completeTransition(true)
        })
    }

    func cancel() {
        guard let context = transitionContext, let card = context.view(forKey: .from) else { return }
        context.cancelInteractiveTransition()
        UIView.animate(withDuration: Self.settleDuration, delay: 0, options: .curveEaseOut, animations: {
            card.frame = self.startFrame
        }, completion: { _ in
            context.completeTransition(false)
        })
    }
}
