public import Foundation

/// Keys of a transition's two view controllers (`UITransitionContextViewControllerKey`).
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    /// The key's name.
    public let rawValue: String
    /// A key.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The view controller on screen when the transition starts.
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    /// The view controller on screen when it ends.
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// Keys of a transition's two views (`UITransitionContextViewKey`).
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    /// The key's name.
    public let rawValue: String
    /// A key.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The from view controller's view.
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    /// The to view controller's view.
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// The presentation styles (`UIModalPresentationStyle`).
public enum UIModalPresentationStyle: Int, Sendable {
    /// Full screen: the presenting view is removed after the transition.
    case fullScreen = 0
    /// A sheet (on a phone): the card at its detent, the presenter scaled back behind it.
    case pageSheet = 1
    /// A sheet, as `.pageSheet` (a phone is compact width).
    case formSheet = 2
    /// Over the context's view (`definesPresentationContext`), which is removed once presented.
    case currentContext = 3
    /// The transitioning delegate's animator; the presenting view stays.
    case custom = 4
    /// Over the presenting view, which stays.
    case overFullScreen = 5
    /// Over the context's view (`definesPresentationContext`), which stays.
    case overCurrentContext = 6
    /// Adapts to a sheet on a phone; refused when the delegate keeps it a popover.
    case popover = 7
    /// No presentation style.
    case none = -1
    /// The system's choice: a page sheet (full screen when the delegate gives an animator).
    case automatic = -2
}

/// The built-in modal transitions (`UIModalTransitionStyle`).
public enum UIModalTransitionStyle: Int, Sendable {
    /// Slides up from the bottom (the default).
    case coverVertical = 0
    /// Drawn as a cross-dissolve.
    case flipHorizontal = 1
    /// Cross-dissolve.
    case crossDissolve = 2
    /// Drawn as a cross-dissolve.
    case partialCurl = 3
}

/// What an animator gets (`UIViewControllerContextTransitioning`).
@MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
    /// The view the transition happens in.
    var containerView: UIView { get }
    /// True while animated.
    var isAnimated: Bool { get }
    /// True while driven by an interaction controller.
    var isInteractive: Bool { get }
    /// True once the interactive transition was cancelled.
    var transitionWasCancelled: Bool { get }
    /// The presentation style.
    var presentationStyle: UIModalPresentationStyle { get }
    /// Reports interactive progress 0…1.
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// The interaction finishes.
    func finishInteractiveTransition()
    /// The interaction is cancelled.
    func cancelInteractiveTransition()
    /// Kept for API compatibility.
    func pauseInteractiveTransition()
    /// The animator is done; `didComplete` false for a cancelled transition.
    func completeTransition(_ didComplete: Bool)
    /// The from or to view controller.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The from or to view (nil where UIKit gives nil: the presenting view of a custom presentation).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// Kept: the identity.
    var targetTransform: CGAffineTransform { get }
    /// The view controller's frame at the start (zero when it is not on screen then).
    func initialFrame(for vc: UIViewController) -> CGRect
    /// The view controller's frame at the end (zero when it leaves).
    func finalFrame(for vc: UIViewController) -> CGRect
}

/// An animator (`UIViewControllerAnimatedTransitioning`).
@MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    /// The duration of the transition.
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval
    /// Sets up and animates the transition; calls `completeTransition(_:)` when done.
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
    /// An interruptible animator for the transition (optional).
    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating
    /// Called after the transition completed (optional).
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    /// UIKit's default for this optional method: there is none. Returns a stand-in that
    /// `UIPercentDrivenInteractiveTransition` recognises (it then scrubs `animateTransition`'s
    /// animations instead); driving the stand-in traps, as calling the missing method does on iOS.
    public func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        MissingInterruptibleAnimator(animator: "\(type(of: self))")
    }
    /// Does nothing (optional method).
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// An interaction controller (`UIViewControllerInteractiveTransitioning`).
@MainActor
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    /// Starts the interactive transition.
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
    /// The speed of the completion (optional; 1).
    var completionSpeed: CGFloat { get }
    /// The completion's curve (optional; ease in-out).
    var completionCurve: UIView.AnimationCurve { get }
    /// True to start interactively (optional; true).
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    /// 1.
    public var completionSpeed: CGFloat { 1 }
    /// Ease in-out.
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    /// True.
    public var wantsInteractiveStart: Bool { true }
}

/// A presentation's delegate (`UIViewControllerTransitioningDelegate`); every method optional.
@MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    /// The animator presenting `presented`.
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController,
        source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning?
    /// The animator dismissing `dismissed`.
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// The interaction controller of a presentation.
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    /// The interaction controller of a dismissal.
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    /// The presentation controller of a `.custom` presentation.
    func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?,
        source: UIViewController
    ) -> UIPresentationController?
}

extension UIViewControllerTransitioningDelegate {
    /// nil: UIKit's own transition.
    public func animationController(
        forPresented presented: UIViewController, presenting: UIViewController,
        source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { nil }
    /// nil: UIKit's own transition.
    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    /// nil: not interactive.
    public func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    { nil }
    /// nil: not interactive.
    public func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    { nil }
    /// nil: UIKit's own (the presented view fills the screen, the presenter's view stays).
    public func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?,
        source: UIViewController
    ) -> UIPresentationController? { nil }
}

/// An animator that can be driven (`UIViewAnimating`).
@MainActor
public protocol UIViewAnimating: AnyObject {
    /// Idle, active or stopped.
    var state: UIViewAnimatingState { get }
    /// True while running.
    var isRunning: Bool { get }
    /// True when running backwards.
    var isReversed: Bool { get set }
    /// Progress 0…1.
    var fractionComplete: CGFloat { get set }
    /// Starts.
    func startAnimation()
    /// Starts after a delay.
    func startAnimation(afterDelay delay: TimeInterval)
    /// Pauses.
    func pauseAnimation()
    /// Stops, leaving the views where they are (`withoutFinishing` true) or ready to finish.
    func stopAnimation(_ withoutFinishing: Bool)
    /// Finishes a stopped animator at a position.
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animator whose animations can be added (`UIViewImplicitlyAnimating`).
@MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    /// Adds animations.
    func addAnimations(_ animation: @escaping () -> Void)
    /// Adds animations starting at a fraction of the duration.
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    /// Adds a completion.
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    /// Continues a paused animator with new timing.
    func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat)
}

/// An animator's state (`UIViewAnimatingState`).
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished.
    case inactive = 0
    /// Started or paused.
    case active = 1
    /// Stopped.
    case stopped = 2
}

/// Where an animator ended (`UIViewAnimatingPosition`).
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At the end values.
    case end = 0
    /// At the start values.
    case start = 1
    /// Where it was when stopped.
    case current = 2
}

/// What `interruptibleAnimator(using:)` returns for an animator that does not implement it.
@MainActor
final class MissingInterruptibleAnimator: UIViewImplicitlyAnimating {
    let animator: String
    init(animator: String) { self.animator = animator }
    private func missing() -> Never { preconditionFailure("\(animator) does not implement interruptibleAnimator(using:)") }
    var state: UIViewAnimatingState { missing() }
    var isRunning: Bool { missing() }
    var isReversed: Bool {
        get { missing() }
        set { missing() }
    }
    var fractionComplete: CGFloat {
        get { missing() }
        set { missing() }
    }
    func startAnimation() { missing() }
    func startAnimation(afterDelay delay: TimeInterval) { missing() }
    func pauseAnimation() { missing() }
    func stopAnimation(_ withoutFinishing: Bool) { missing() }
    func finishAnimation(at finalPosition: UIViewAnimatingPosition) { missing() }
    func addAnimations(_ animation: @escaping () -> Void) { missing() }
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) { missing() }
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) { missing() }
    func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) { missing() }
}
