import Foundation

/// An interaction controller driven by percentages (`UIPercentDrivenInteractiveTransition`):
/// the animator's animations start paused; `update(_:)` scrubs them, `finish()` runs the rest
/// at `completionSpeed`, `cancel()` runs them back to the start — all in simulated time.
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
    /// Kept: the animator's own timing is used.
    open var timingCurve: UITimingCurveProvider?

    weak var animator: UIViewControllerAnimatedTransitioning?
    private var context: TransitionContext?
    private var paused: PausedRecording?

    /// An interaction controller.
    public override init() { super.init() }

    /// Runs the animator's `animateTransition(using:)` with its animations held at their start.
    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? TransitionContext, let animator, let recorder = Recorder.current else { return }
        self.context = context
        context.percentDriven = self
        duration = CGFloat(animator.transitionDuration(using: context))
        paused = recorder.pause(durationSeconds: Double(duration)) { animator.animateTransition(using: context) }
    }

    /// Moves the paused animations to `percentComplete` (0…1) of their time.
    open func update(_ percentComplete: CGFloat) {
        self.percentComplete = min(max(percentComplete, 0), 1)
        context?.updateInteractiveTransition(self.percentComplete)
        guard let recorder = Recorder.current, let paused else { return }
        recorder.scrub(paused, fraction: Double(self.percentComplete))
    }

    /// Runs the rest of the animations and their completions.
    open func finish() {
        guard let recorder = Recorder.current, let paused else { return }
        context?.finishInteractiveTransition()
        recorder.resume(paused, fraction: Double(percentComplete), towardsEnd: true, speed: Double(completionSpeed), curve: completionCurve.bezier)
        self.paused = nil
    }

    /// Runs the animations back to the start, then their completions (the context says cancelled).
    open func cancel() {
        guard let recorder = Recorder.current, let paused else { return }
        context?.cancelInteractiveTransition()
        recorder.resume(paused, fraction: Double(percentComplete), towardsEnd: false, speed: Double(completionSpeed), curve: completionCurve.bezier)
        self.paused = nil
    }

    /// Kept.
    open func pause() {}
}
