import Foundation

/// The context UIKit gives an animator (`UIViewControllerContextTransitioning`): the container,
/// the two view controllers and views, their frames, and completion. It is also the two view
/// controllers' `transitionCoordinator` while the transition runs.
@MainActor
final class TransitionContext: NSObject, UIViewControllerContextTransitioning {
    let containerView: UIView
    private let fromController: UIViewController, toController: UIViewController
    private let fromViewGiven: Bool, toViewGiven: Bool
    /// The view given for a key in place of the view controller's (a presentation controller's `presentedView`).
    private let fromViewOverride: UIView?, toViewOverride: UIView?
    private let toFinalFrame: CGRect, fromFinalFrame: CGRect
    let presentationStyle: UIModalPresentationStyle
    private(set) var isAnimated = true
    var isInteractive = false
    private(set) var initiallyInteractive = false
    var transitionWasCancelled = false
    private(set) var isCompleted = false
    /// UIKit's clean-up once the animator calls `completeTransition(_:)`.
    var onComplete: ((Bool) -> Void)?
    /// The interaction controller driving the transition, if any.
    weak var percentDriven: UIPercentDrivenInteractiveTransition?
    /// The interaction controller it started with (its completion speed and curve).
    private weak var interaction: UIViewControllerInteractiveTransitioning?
    /// The animator's type, to name it when it never completes.
    private(set) var animatorName = "UIKit's default transition"
    /// The animator's `transitionDuration(using:)`, once asked.
    private(set) var durationSeconds: Double = 0
    /// The last `updateInteractiveTransition` value.
    private(set) var percentComplete: CGFloat = 0
    /// The interaction's completion speed and curve, once it finished or cancelled.
    private(set) var completionVelocity: CGFloat = 1
    private(set) var completionCurve: UIView.AnimationCurve = .easeInOut

    /// Animations to run alongside the animator's, with their completions (the coordinator's).
    private var alongside:
        [(
            animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
            completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?
        )] = []
    private var interactionHandlers: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    /// True once the alongside animations were run (later ones run at once, with the time left).
    private var alongsideStarted = false
    private var alongsideStartSeconds = 0.0
    /// The alongside animations of a custom interaction controller, held and scrubbed by
    /// `updateInteractiveTransition`.
    private var pausedAlongside: PausedRecording?

    init(
        container: UIView, from: UIViewController, to: UIViewController, fromViewGiven: Bool = true, toViewGiven: Bool = true,
        fromView: UIView? = nil, toView: UIView? = nil,
        toFinalFrame: CGRect, fromFinalFrame: CGRect, style: UIModalPresentationStyle
    ) {
        containerView = container; fromController = from; toController = to
        self.fromViewGiven = fromViewGiven; self.toViewGiven = toViewGiven
        fromViewOverride = fromView; toViewOverride = toView
        self.toFinalFrame = toFinalFrame; self.fromFinalFrame = fromFinalFrame; presentationStyle = style
        super.init()
        // Both view controllers' `transitionCoordinator` from now until completion.
        from.activeTransition = self; to.activeTransition = self
    }

    /// Runs the transition: the interaction controller's start, else the animator, else
    /// `fallback` (UIKit's own transition); without animation the to view is put in place at once.
    func run(
        animator: UIViewControllerAnimatedTransitioning?, interaction: UIViewControllerInteractiveTransitioning?, animated: Bool,
        fallback: (TransitionContext) -> Void
    ) {
        Recorder.current?.pendingContexts.append(self)
        guard animated else {
            isAnimated = false
            UIView.performWithoutAnimation {
                if let toView = view(forKey: .to), toView.superview == nil { toView.frame = toFinalFrame; containerView.addSubview(toView) }
                for item in alongside { item.animation?(self) }
                alongsideStarted = true
            }
            completeTransition(true)
            return
        }
        if let animator {
            animatorName = "\(type(of: animator))"
            durationSeconds = animator.transitionDuration(using: self)
            if let interaction, interaction.wantsInteractiveStart {
                isInteractive = true; initiallyInteractive = true
                self.interaction = interaction
                if let percent = interaction as? UIPercentDrivenInteractiveTransition {
                    percent.animator = animator
                    interaction.startInteractiveTransition(self)
                } else {
                    // A custom interaction controller moves the views itself; the alongside
                    // animations wait at their start for `updateInteractiveTransition`.
                    interaction.startInteractiveTransition(self)
                    if let recorder = Recorder.current, !isCompleted, isInteractive {
                        pausedAlongside = recorder.pause(durationSeconds: durationSeconds) { performAlongside() }
                    } else {
                        performAlongside()
                    }
                }
            } else {
                animate(with: animator)
            }
        } else {
            fallback(self)
            performAlongside()
        }
    }

    /// The animator's `animateTransition(using:)`, then the alongside animations with its
    /// duration (what a percent-driven interaction holds paused).
    func animate(with animator: UIViewControllerAnimatedTransitioning) {
        durationSeconds = animator.transitionDuration(using: self)
        animator.animateTransition(using: self)
        performAlongside()
    }

    /// Hands the alongside animations to an interruptible animator (`addAnimations`), as UIKit
    /// does when the animator gives one: they are then scrubbed, continued and reversed with it.
    func addAlongside(to animator: UIViewImplicitlyAnimating) {
        guard !alongsideStarted else { return }
        alongsideStarted = true
        alongsideStartSeconds = Recorder.current?.clockSeconds ?? 0
        for block in alongside.compactMap(\.animation) { animator.addAnimations { block(self) } }
    }

    /// Sets the duration of UIKit's own transition (for the alongside animations).
    func useSystemDuration(_ seconds: Double) { durationSeconds = seconds }

    /// Runs the alongside animations in one animation block of the transition's duration on
    /// UIKit's default curve (ease in-out), as UIKit runs them beside an animator that is not
    /// interruptible.
    private func performAlongside() {
        guard !alongsideStarted else { return }
        alongsideStarted = true
        alongsideStartSeconds = Recorder.current?.clockSeconds ?? 0
        let blocks = alongside.compactMap(\.animation)
        guard !blocks.isEmpty else { return }
        UIView.animate(
            withDuration: max(durationSeconds, 0), delay: 0, options: [.curveEaseInOut],
            animations: {
                for block in blocks { block(self) }
            })
    }

    func updateInteractiveTransition(_ percentComplete: CGFloat) {
        self.percentComplete = min(max(percentComplete, 0), 1)
        if let pausedAlongside, let recorder = Recorder.current { recorder.scrub(pausedAlongside, fraction: Double(self.percentComplete)) }
    }

    func finishInteractiveTransition() { endInteraction(cancelled: false) }
    func cancelInteractiveTransition() { endInteraction(cancelled: true) }
    func pauseInteractiveTransition() {}

    /// The interaction ends: held alongside animations run on (or back), the coordinator's
    /// interaction handlers are told.
    private func endInteraction(cancelled: Bool) {
        guard isInteractive else { return }
        if cancelled { transitionWasCancelled = true }
        isInteractive = false
        if let interaction { completionVelocity = interaction.completionSpeed; completionCurve = interaction.completionCurve }
        if let paused = pausedAlongside, let recorder = Recorder.current {
            recorder.resume(
                paused, fraction: Double(percentComplete), towardsEnd: !cancelled, speed: Double(completionVelocity),
                curve: completionCurve.bezier)
            pausedAlongside = nil
        }
        for handler in interactionHandlers { handler(self) }
    }

    func completeTransition(_ didComplete: Bool) {
        guard !isCompleted else { return }
        isCompleted = true
        Recorder.current?.pendingContexts.removeAll { $0 === self }
        if fromController.activeTransition === self { fromController.activeTransition = nil }
        if toController.activeTransition === self { toController.activeTransition = nil }
        UIView.performWithoutAnimation {
            onComplete?(didComplete)
            for item in alongside { item.completion?(self) }
        }
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? fromController : (key == .to ? toController : nil)
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        if key == .from { return fromViewGiven ? (fromViewOverride ?? fromController.view) : nil }
        if key == .to { return toViewGiven ? (toViewOverride ?? toController.view) : nil }
        return nil
    }

    var targetTransform: CGAffineTransform { .identity }

    func initialFrame(for vc: UIViewController) -> CGRect {
        vc === fromController ? ((fromViewOverride ?? fromController.viewIfLoaded)?.frame ?? .zero) : .zero
    }

    func finalFrame(for vc: UIViewController) -> CGRect {
        vc === toController ? toFinalFrame : (vc === fromController ? fromFinalFrame : .zero)
    }
}

extension TransitionContext: UIViewControllerTransitionCoordinator {
    var isCancelled: Bool { transitionWasCancelled }
    var isInterruptible: Bool { false }
    var transitionDuration: TimeInterval { durationSeconds }

    @discardableResult
    func animate(
        alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        guard !isCompleted else { return false }
        alongside.append((animation, completion))
        if alongsideStarted, let animation {
            // Added once the animations run: over the time left, as UIKit adds it to the running transition.
            let left = durationSeconds - ((Recorder.current?.clockSeconds ?? 0) - alongsideStartSeconds)
            if left > 0, isAnimated {
                UIView.animate(withDuration: left, delay: 0, options: [.curveEaseInOut], animations: { animation(self) })
            } else {
                UIView.performWithoutAnimation { animation(self) }
            }
        }
        return true
    }

    @discardableResult
    func animateAlongsideTransition(
        in view: UIView?, animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {
        interactionHandlers.append(handler)
    }
}
