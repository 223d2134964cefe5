import FlipbookModel
import FlipbookMotion
import Foundation

/// Animations recorded while paused (an interactive transition's), with the completions they
/// scheduled, held until the interaction finishes or cancels.
@MainActor
final class PausedRecording {
    let startSeconds: Double
    let durationSeconds: Double
    var changes: [(record: ViewRecord, property: AnimatableProperty, base: PropertyValue, track: Track)] = []
    var heldEvents: [Recorder.Event] = []
    init(startSeconds: Double, durationSeconds: Double) { self.startSeconds = startSeconds; self.durationSeconds = durationSeconds }

    func value(_ index: Int, atSeconds seconds: Double) -> PropertyValue {
        changes[index].track.value(atSeconds: seconds, base: changes[index].base)
    }
}

extension Recorder {
    /// Runs `body` (an animator's `animateTransition`) with what it animates held at the start
    /// and the completions it schedules held back.
    func pause(durationSeconds: Double, _ body: () -> Void) -> PausedRecording {
        let paused = PausedRecording(startSeconds: clockSeconds, durationSeconds: max(durationSeconds, 0))
        let firstOrder = currentOrder
        heldEventLists.append([])
        body()
        paused.heldEvents = heldEventLists.removeLast()
        for record in records {
            for (property, track) in record.tracks {
                let captured = track.entries.filter { $0.order > firstOrder && $0.timing != nil }
                guard let first = captured.min(by: { $0.order < $1.order }) else { continue }
                record.tracks[property]!.entries.removeAll { $0.order > firstOrder && $0.timing != nil }
                paused.changes.append((record, property, first.from, Track(entries: captured)))
            }
        }
        scrub(paused, fraction: 0)
        return paused
    }

    /// Holds every paused change at its value `fraction` of the way through the time.
    func scrub(_ paused: PausedRecording, fraction: Double) {
        let group = newGroup(), at = paused.startSeconds + fraction * paused.durationSeconds
        for (index, change) in paused.changes.enumerated() {
            let value = paused.value(index, atSeconds: at)
            appendSegment(
                change.record, change.property, startSeconds: clockSeconds,
                timing: Timing(curve: .bezier(.linear), durationSeconds: Recorder.holdSeconds), from: value, to: value, group: group)
        }
    }

    /// Animates every paused change from where it is to its end (or back to its start) over
    /// the remaining time divided by `speed`, then releases the held completions (at once when
    /// cancelled: after the views are back at the start, which then show their model values
    /// again, as on iOS).
    func resume(_ paused: PausedRecording, fraction: Double, towardsEnd: Bool, speed: Double, curve: CubicBezier) {
        let speed = speed > 0 ? speed : 1
        let remaining = (towardsEnd ? 1 - fraction : fraction) * paused.durationSeconds / speed
        let now = clockSeconds, group = newGroup()
        for (index, change) in paused.changes.enumerated() {
            let current = change.record.value(change.property, atSeconds: now)
            let target = towardsEnd ? paused.value(index, atSeconds: 1e12) : change.base
            let timing =
                remaining > 0
                ? Timing(curve: .bezier(curve), durationSeconds: remaining)
                : Timing(curve: .bezier(.linear), durationSeconds: Recorder.holdSeconds)
            appendSegment(
                change.record, change.property, startSeconds: now, timing: timing, from: remaining > 0 ? current : target, to: target,
                group: group)
        }
        let reached = paused.startSeconds + fraction * paused.durationSeconds
        if !towardsEnd {
            schedule(atSeconds: now + remaining, view: paused.changes.first?.record.view.recordingName ?? "an interactive transition") {
                [self] in
                for change in paused.changes {
                    appendStep(change.record, change.property, change.record.view.animatableState.value(change.property))
                }
            }
        }
        for event in paused.heldEvents {
            let time = towardsEnd ? now + max(0, event.timeSeconds - reached) / speed : now + remaining
            schedule(atSeconds: time, view: event.view, event.run)
        }
    }
}
