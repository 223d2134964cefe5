import Foundation

/// The main run loop on the recording's clock: blocks dispatched to the main queue, timers,
/// delayed performs and display links are events of the recording, run at their time in the
/// order they were scheduled (docs/UIKIT.md, "The run loop's clock").
extension Recorder {
    /// How many fires in a row of a repeating source that change nothing make it idle: two, so
    /// a display link's first quiet frame after its animation (where it usually invalidates
    /// itself) is not yet taken for idleness.
    static let idleFiresToEnd = 2

    /// Schedules run-loop work at `timeSeconds` (not before now), never held back by a paused
    /// interactive transition.
    func scheduleRunLoopWork(atSeconds timeSeconds: Double, what: String, repeating: Bool = false, key: AnyHashable? = nil,
                             _ run: @escaping () -> Void) {
        schedule(atSeconds: timeSeconds, view: what, repeating: repeating, key: key, holdable: false, run)
    }

    /// Book-keeping after an event ran: a repeating source's fire that changed nothing and
    /// scheduled nothing else counts towards its idleness; any other fire resets it.
    func noteRun(of event: Event, changed: Bool, scheduledOther: Bool) {
        guard event.repeating, let key = event.key else { return }
        idleFires[key] = changed || scheduledOther ? 0 : (idleFires[key] ?? 0) + 1
    }

    /// What is left when all that is scheduled is repeating work that has gone idle (each
    /// source fired `idleFiresToEnd` times in a row without changing anything) and no animation
    /// is still running: the first such source, by its description. Nil otherwise.
    func idleRepeatingWork() -> String? {
        let events = scheduledEvents
        guard let first = events.first, events.allSatisfy({ $0.repeating }) else { return nil }
        guard events.allSatisfy({ event in event.key.map { (idleFires[$0] ?? 0) >= Recorder.idleFiresToEnd } ?? false }) else { return nil }
        guard latestAnimationEndSeconds() <= clockSeconds else { return nil }
        return first.view
    }

    /// The latest end of any recorded animation segment.
    func latestAnimationEndSeconds() -> Double {
        var end = 0.0
        for record in records {
            for track in record.tracks.values {
                for entry in track.entries { if let timing = entry.timing { end = max(end, entry.startSeconds + timing.durationSeconds) } }
            }
        }
        return end
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
