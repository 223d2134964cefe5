import Foundation

/// The main run loop on the recording's clock: blocks dispatched to the main queue, timers,
/// delayed performs and display links are events of the recording, run at their time in the
/// order they were scheduled (docs/UIKIT.md, "The run loop's clock").
extension Recorder {
    /// Schedules run-loop work at `timeSeconds` (not before now), never held back by a paused
    /// interactive transition.
    func scheduleRunLoopWork(
        atSeconds timeSeconds: Double, what: String, repeating: Bool = false, key: AnyHashable? = nil,
        _ run: @escaping () -> Void
    ) {
        schedule(atSeconds: timeSeconds, view: what, repeating: repeating, key: key, holdable: false, run)
    }

    /// What a transition whose animator never called `completeTransition(_:)` was waiting on.
    func waitingOn(_ context: TransitionContext) -> String {
        if context.isInteractive {
            return "the transition is interactive and was never finished or cancelled "
                + "(call finish() or cancel() on its UIPercentDrivenInteractiveTransition, or finishInteractiveTransition()/cancelInteractiveTransition())"
        }
        guard let lastEvent else {
            return "nothing was scheduled after animateTransition(using:) returned (no animation, completion, dispatched block or timer): "
                + "call completeTransition(_:) in the completion of its last animation"
        }
        let time = (lastEvent.timeSeconds * 1_000).rounded() / 1_000
        return "nothing was left to run after \(time) s (the last: \(lastEvent.view)): "
            + "call completeTransition(_:) in the completion of its last animation"
    }
}
