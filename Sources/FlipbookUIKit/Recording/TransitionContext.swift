import Foundation

/// The context UIKit gives an animator (`UIViewControllerContextTransitioning`): the container,
/// the two view controllers and views, their frames, and completion.
@MainActor
final class TransitionContext: NSObject, UIViewControllerContextTransitioning {
    let containerView: UIView
    private let fromController: UIViewController, toController: UIViewController
    private let fromViewGiven: Bool, toViewGiven: Bool
    private let toFinalFrame: CGRect, fromFinalFrame: CGRect
    let presentationStyle: UIModalPresentationStyle
    private(set) var isAnimated = true
    var isInteractive = false
    var transitionWasCancelled = false
    private(set) var isCompleted = false
    /// UIKit's clean-up once the animator calls `completeTransition(_:)`.
    var onComplete: ((Bool) -> Void)?
    /// The interaction controller driving the transition, if any.
    weak var percentDriven: UIPercentDrivenInteractiveTransition?
    /// The animator's type, to name it when it never completes.
    private(set) var animatorName = "UIKit's default transition"

    init(container: UIView, from: UIViewController, to: UIViewController, fromViewGiven: Bool = true, toViewGiven: Bool = true,
         toFinalFrame: CGRect, fromFinalFrame: CGRect, style: UIModalPresentationStyle) {
        containerView = container; fromController = from; toController = to
        self.fromViewGiven = fromViewGiven; self.toViewGiven = toViewGiven
        self.toFinalFrame = toFinalFrame; self.fromFinalFrame = fromFinalFrame; presentationStyle = style
    }

    /// Runs the transition: the interaction controller's start, else the animator, else
    /// `fallback` (UIKit's own transition); without animation the to view is put in place at once.
    func run(animator: UIViewControllerAnimatedTransitioning?, interaction: UIViewControllerInteractiveTransitioning?, animated: Bool,
             fallback: (TransitionContext) -> Void) {
        Recorder.current?.pendingContexts.append(self)
        guard animated else {
            isAnimated = false
            UIView.performWithoutAnimation {
                if let toView = view(forKey: .to), toView.superview == nil { toView.frame = toFinalFrame; containerView.addSubview(toView) }
            }
            completeTransition(true)
            return
        }
        if let animator {
            animatorName = "\(type(of: animator))"
            if let interaction, interaction.wantsInteractiveStart {
                isInteractive = true
                (interaction as? UIPercentDrivenInteractiveTransition)?.animator = animator
                interaction.startInteractiveTransition(self)
            } else {
                animator.animateTransition(using: self)
            }
        } else {
            fallback(self)
        }
    }

    func updateInteractiveTransition(_ percentComplete: CGFloat) {}
    func finishInteractiveTransition() { isInteractive = false }
    func cancelInteractiveTransition() { transitionWasCancelled = true; isInteractive = false }
    func pauseInteractiveTransition() {}

    func completeTransition(_ didComplete: Bool) {
        guard !isCompleted else { return }
        isCompleted = true
        Recorder.current?.pendingContexts.removeAll { $0 === self }
        UIView.performWithoutAnimation { onComplete?(didComplete) }
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? fromController : (key == .to ? toController : nil)
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        if key == .from { return fromViewGiven ? fromController.view : nil }
        if key == .to { return toViewGiven ? toController.view : nil }
        return nil
    }

    var targetTransform: CGAffineTransform { .identity }

    func initialFrame(for vc: UIViewController) -> CGRect {
        vc === fromController ? (fromController.viewIfLoaded?.frame ?? .zero) : .zero
    }

    func finalFrame(for vc: UIViewController) -> CGRect {
        vc === toController ? toFinalFrame : (vc === fromController ? fromFinalFrame : .zero)
    }
}
