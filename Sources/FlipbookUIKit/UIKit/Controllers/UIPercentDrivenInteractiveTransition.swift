public import Foundation

/// An interaction controller driven by percentages (`UIPercentDrivenInteractiveTransition`):
/// the animator's animations start paused; `update(_:)` scrubs them, `finish()` runs the rest
/// at `completionSpeed`, `cancel()` runs them back to the start — all in simulated time. When
/// the animator gives an interruptible animator (`interruptibleAnimator(using:)`), that one is
/// driven instead, as UIKit does: paused, scrubbed with `fractionComplete`, continued (reversed
/// to cancel) with `continueAnimation(withTimingParameters:durationFactor:)`; its completion
/// completes the transition.
@MainActor
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    /// The duration of the animator's transition.
    open private(set) var duration: CGFloat = 0
    /// The last `update` value.
    open private(set) var percentComplete: CGFloat = 0
    /// Speed of the finishing or cancelling animations (1).
    open var completionSpeed: CGFloat = 1
    /// Curve of the finishing or cancelling animations.
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    /// Starts interactively (true).
    open var wantsInteractiveStart = true
    /// The timing of an interruptible animator's finish or cancel (nil: its own).
    open var timingCurve: UITimingCurveProvider?

    weak var animator: UIViewControllerAnimatedTransitioning?
    private var context: TransitionContext?
    private var paused: PausedRecording?
    /// The animator's interruptible animator, when it gives one.
    private var interruptible: UIViewImplicitlyAnimating?

    /// An interaction controller.
    public override init() { super.init() }

    /// Runs the animator's `animateTransition(using:)` with its animations held at their start
    /// (or pauses its interruptible animator).
    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? TransitionContext, let animator, let recorder = Recorder.current else { return }
        self.context = context
        context.percentDriven = self
        duration = CGFloat(animator.transitionDuration(using: context))
        let candidate = animator.interruptibleAnimator(using: context)
        if !(candidate is MissingInterruptibleAnimator) {
            interruptible = candidate
            context.addAlongside(to: candidate)
            candidate.pauseAnimation()
            return
        }
        paused = recorder.pause(durationSeconds: Double(duration)) { context.animate(with: animator) }
    }

    /// Moves the paused animations to `percentComplete` (0…1) of their time.
    open func update(_ percentComplete: CGFloat) {
        self.percentComplete = min(max(percentComplete, 0), 1)
        context?.updateInteractiveTransition(self.percentComplete)
        if let interruptible { interruptible.fractionComplete = self.percentComplete; return }
        guard let recorder = Recorder.current, let paused else { return }
        recorder.scrub(paused, fraction: Double(self.percentComplete))
    }

    /// Runs the rest of the animations and their completions.
    open func finish() {
        if let interruptible {
            context?.finishInteractiveTransition()
            continueInterruptible(interruptible, reversed: false)
            return
        }
        guard let recorder = Recorder.current, let paused else { return }
        context?.finishInteractiveTransition()
        recorder.resume(
            paused, fraction: Double(percentComplete), towardsEnd: true, speed: Double(completionSpeed), curve: completionCurve.bezier)
        self.paused = nil
    }

    /// Runs the animations back to the start, then their completions (the context says cancelled).
    open func cancel() {
        if let interruptible {
            context?.cancelInteractiveTransition()
            continueInterruptible(interruptible, reversed: true)
            return
        }
        guard let recorder = Recorder.current, let paused else { return }
        context?.cancelInteractiveTransition()
        recorder.resume(
            paused, fraction: Double(percentComplete), towardsEnd: false, speed: Double(completionSpeed), curve: completionCurve.bezier)
        self.paused = nil
    }

    /// Kept.
    open func pause() {}

    /// Runs the interruptible animator on to its end (back to its start when `reversed`), on
    /// `timingCurve` (nil: its own), `completionSpeed` times faster.
    private func continueInterruptible(_ animator: UIViewImplicitlyAnimating, reversed: Bool) {
        animator.isReversed = reversed
        animator.continueAnimation(withTimingParameters: timingCurve, durationFactor: 1 / max(completionSpeed, 1e-3))
        interruptible = nil
    }
}
