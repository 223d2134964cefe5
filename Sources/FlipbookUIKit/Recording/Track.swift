import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import Foundation

/// One property's recorded history on one view: animations (segments) and at-once sets made
/// after the start (steps, applied by the completion of the moment they were made in).
struct Track {
    struct Entry {
        var startSeconds: Double
        /// nil: a step (set at once at `startSeconds`, in moment `moment`).
        var timing: Timing?
        var from: PropertyValue
        var to: PropertyValue
        var order: Int
        /// The animation group (one `UIView.animate` call) or the moment of a step.
        var group: Int
        var moment: Int
    }
    var entries: [Entry] = []

    /// The value at `seconds`, by the model's rule: the last entry that has started (steps
    /// before segments at equal starts, then in order), interpolated with its timing; `base`
    /// before any.
    func value(atSeconds seconds: Double, base: PropertyValue) -> PropertyValue {
        var active: Entry?
        for entry in entries where entry.startSeconds <= seconds {
            if let current = active {
                let key = (entry.startSeconds, entry.timing == nil ? 0 : 1, entry.order)
                let currentKey = (current.startSeconds, current.timing == nil ? 0 : 1, current.order)
                if key > currentKey { active = entry }
            } else {
                active = entry
            }
        }
        guard let active else { return base }
        guard let timing = active.timing else { return active.to }
        let progress = timing.progress(atSeconds: seconds - active.startSeconds)
        return progress == 0 ? active.from : PropertyValue.interpolate(active.from, active.to, progress: progress)
    }
}

/// What the recorder knows of one view.
@MainActor
final class ViewRecord {
    let view: UIView
    let index: Int
    /// The values at the start (moment 0), or when the view was first seen.
    var base: AnimatableState
    /// The model values last seen (to find what a setter changed).
    var last: AnimatableState
    var tracks: [AnimatableProperty: Track] = [:]

    init(view: UIView, index: Int) {
        self.view = view; self.index = index
        base = view.animatableState; last = base
    }

    func value(_ property: AnimatableProperty, atSeconds seconds: Double) -> PropertyValue {
        tracks[property]?.value(atSeconds: seconds, base: base.value(property)) ?? base.value(property)
    }
}
