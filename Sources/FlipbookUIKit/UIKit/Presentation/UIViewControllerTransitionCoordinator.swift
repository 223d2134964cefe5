public import Foundation

/// What a transition's coordinator tells (`UIViewControllerTransitionCoordinatorContext`).
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    /// True when animated.
    var isAnimated: Bool { get }
    /// The presentation style.
    var presentationStyle: UIModalPresentationStyle { get }
    /// True when it started interactively.
    var initiallyInteractive: Bool { get }
    /// False: the animator is not interruptible here.
    var isInterruptible: Bool { get }
    /// True while an interaction drives it.
    var isInteractive: Bool { get }
    /// True once the interaction was cancelled.
    var isCancelled: Bool { get }
    /// The animator's duration in seconds.
    var transitionDuration: TimeInterval { get }
    /// The interaction's last progress, 0…1.
    var percentComplete: CGFloat { get }
    /// The interaction's completion speed (1 by default).
    var completionVelocity: CGFloat { get }
    /// The interaction's completion curve.
    var completionCurve: UIView.AnimationCurve { get }
    /// The from or to view controller.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The from or to view.
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// The container view.
    var containerView: UIView { get }
    /// The identity.
    var targetTransform: CGAffineTransform { get }
}

/// A running transition, as a view controller's `transitionCoordinator` gives it
/// (`UIViewControllerTransitionCoordinator`).
@MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` beside the transition's animator — in one block of the transition's
    /// duration on the ease in-out curve, started when the animator has started (held and scrubbed
    /// with an interactive transition) — and `completion` after it completed. False once the
    /// transition is over.
    @discardableResult
    func animate(
        alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool
    /// As `animate(alongsideTransition:completion:)` (the view is kept).
    @discardableResult
    func animateAlongsideTransition(
        in view: UIView?, animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool
    /// Calls `handler` when the interaction ends (finished or cancelled: `isCancelled` says).
    func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void)
}

extension UIViewController {
    /// The coordinator of the transition this view controller (or its parent) is in: a
    /// presentation, a dismissal, a push or a pop; nil otherwise.
    public var transitionCoordinator: UIViewControllerTransitionCoordinator? {
        var current: UIViewController? = self
        while let controller = current {
            if let context = controller.activeTransition { return context }
            current = controller.parent
        }
        return nil
    }
}

extension UIViewControllerTransitionCoordinator {
    /// `animate(alongsideTransition:completion:)` without a completion, as UIKit's nil default.
    @discardableResult
    public func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }
    /// `animateAlongsideTransition(in:animation:completion:)` without a completion.
    @discardableResult
    public func animateAlongsideTransition(in view: UIView?, animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animateAlongsideTransition(in: view, animation: animation, completion: nil)
    }
}
