import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookSupport
import Foundation

/// The recording in progress: the simulated clock, the animation blocks open, every view's
/// history and the window's tree at the end of each moment (the body, then each completion).
///
/// It lives on the main actor, as the views it records do: `Transition.record` is one
/// synchronous main-actor call, so no two recordings overlap and `current` is the one the UIKit
/// calls of its body reach.
@MainActor
final class Recorder {
    /// The recording `Transition.record` is running, if any.
    static var current: Recorder?

    /// `body`'s result with the recording in progress, for the API that is not main-actor
    /// isolated (Core Animation, `UIColor`, `UIImage`, as in Apple's SDK); nil outside a
    /// recording. Recordings run on the main actor, so called from any other thread there is none.
    nonisolated static func inRecording<Value: Sendable>(_ body: @MainActor (Recorder) -> Value) -> Value? {
        guard Thread.isMainThread else { return nil }
        return MainActor.assumeIsolated { current.map(body) }
    }

    enum Context {
        case immediate
        case animated(group: Int, startSeconds: Double, timing: Timing)
    }

    struct Event {
        var timeSeconds: Double
        var sequence: Int
        var view: String
        var run: () -> Void
        /// Repeating run-loop work (a repeating `Timer`, a `CADisplayLink`), which reschedules
        /// itself until invalidated: reaching the recording's limits, it is named as still scheduled.
        var repeating = false
        /// What cancelling finds the event by (a timer, a work item, a delayed perform).
        var key: AnyHashable?
    }

    struct TreeNode {
        var record: Int
        var state: StaticState
        var children: [TreeNode]
    }

    let device: Device
    /// Light or dark mode: what the system and semantic `UIColor`s read as.
    var appearance: Appearance = .light
    let resources: URL?
    var window: UIWindow?
    private(set) var clockSeconds = 0.0
    var contexts: [Context] = []
    var records: [ViewRecord] = []
    private var recordIndex: [ObjectIdentifier: Int] = [:]
    private var queue: [Event] = []
    private var sequence = 0
    private var order = 0
    private var groupCount = 0
    /// The window's tree at the end of each moment, with the moment's time.
    var moments: [(timeSeconds: Double, tree: TreeNode)] = []
    var failure: RecordingError?
    /// The first animation group's timing (the transition's main timing).
    var mainTiming: Timing?
    /// The latest time something ends (an animation or a completion).
    var endSeconds = 0.0
    /// Events run so far.
    private var eventsRun = 0

    /// The most completions and other scheduled events a recording runs: far beyond a
    /// transition's dozens (a reference app runs under 10); a completion that starts itself
    /// again stops here, after well under a second of work.
    static let maximumEvents = 1_000

    init(device: Device, resources: URL?) { self.device = device; self.resources = resources }

    /// Where a recording's notes go (an image `UIImage(named:)` did not find): standard error,
    /// where a test's log shows them. Replaced by tests that read them.
    static var report: @MainActor (String) -> Void = { note in
        FileHandle.standardError.write(Data((note + "\n").utf8))
    }
    /// The names `UIImage(named:)` found nothing for, each reported once.
    private var missingImages: Set<String> = []

    /// Says once per name that `UIImage(named: name)` is nil, and where it looked (`lookedFor` in
    /// `folder`; nil: the recording has no resource folder).
    func noteMissingImage(_ name: String, lookedFor: [String], in folder: URL?) {
        guard missingImages.insert(name).inserted else { return }
        let call = "FlipbookUIKit: UIImage(named: \(InputText.quoted(name))) is nil"
        guard let folder else {
            Recorder.report(call + ": Transition.record has no resources: folder to look in, so the image view draws nothing")
            return
        }
        let shown = lookedFor.prefix(4).joined(separator: ", ") + (lookedFor.count > 4 ? ", …" : "")
        Recorder.report(
            call + ": no file \(shown) in \(folder.path) (Transition.record's resources: folder), "
                + "so the image view draws nothing")
    }

    /// The index of the moment being recorded (its tree is taken when it ends).
    var momentCount: Int { moments.count }

    var context: Context { contexts.last ?? .immediate }

    // MARK: Views

    @discardableResult func record(for view: UIView) -> ViewRecord {
        if let index = recordIndex[ObjectIdentifier(view)] { return records[index] }
        let record = ViewRecord(view: view, index: records.count)
        recordIndex[ObjectIdentifier(view)] = records.count
        records.append(record)
        return record
    }

    func existingRecord(for view: UIView) -> ViewRecord? { recordIndex[ObjectIdentifier(view)].map { records[$0] } }

    func willChange(_ view: UIView) {
        record(for: view)
        willChangeObserver?(view)
    }

    func didChange(_ view: UIView) {
        let record = record(for: view)
        let state = view.animatableState
        guard state != record.last else { return }
        for property in AnimatableState.recordedProperties where state.value(property) != record.last.value(property) {
            change(record, property, to: state.value(property))
        }
        record.last = state
    }

    private func change(_ record: ViewRecord, _ property: AnimatableProperty, to value: PropertyValue) {
        var track = record.tracks[property] ?? Track()
        defer { record.tracks[property] = track }
        switch context {
        case let .animated(group, start, timing):
            if let window, !record.view.isDescendant(of: window) {
                fail(.animatedOutsideWindow(view: record.view.recordingName))
                return
            }
            if groupViews[group] == nil { groupViews[group] = record.view.recordingName }
            if let index = track.entries.lastIndex(where: { $0.group == group && $0.startSeconds == start && $0.timing != nil }) {
                track.entries[index].to = value
            } else {
                let from = track.value(atSeconds: start, base: record.base.value(property))
                track.entries.append(
                    .init(startSeconds: start, timing: timing, from: from, to: value, order: nextOrder(), group: group, moment: momentCount)
                )
                endSeconds = max(endSeconds, start + timing.durationSeconds)
            }
        case .immediate:
            if momentCount == 0 && clockSeconds == 0 && track.entries.isEmpty {
                record.base.set(property, value)
            } else if momentCount == 0 {
                // Set at once at the start while an animation of it was begun: the set wins from
                // now on (a step at t = 0 cannot be expressed; a hold from 0 can).
                let hold = Timing(curve: .bezier(.linear), durationSeconds: Recorder.holdSeconds)
                track.entries.append(.init(startSeconds: 0, timing: hold, from: value, to: value, order: nextOrder(), group: -1, moment: 0))
            } else if let index = track.entries.lastIndex(where: { $0.timing == nil && $0.moment == momentCount }) {
                track.entries[index].to = value
            } else {
                track.entries.append(
                    .init(
                        startSeconds: clockSeconds, timing: nil, from: value, to: value, order: nextOrder(), group: -1, moment: momentCount)
                )
            }
        }
    }

    /// The length of a hold (a segment whose start and end value are equal): short enough
    /// never to add a frame.
    static let holdSeconds = 1e-6

    private func nextOrder() -> Int { order += 1; return order }

    /// The order of the last entry recorded.
    var currentOrder: Int { order }
    func bumpOrder() { order += 1 }

    /// Appends a segment to a view's track directly (a property animator's pause, scrub and
    /// continuation, which change values without a UIKit setter).
    func appendSegment(
        _ record: ViewRecord, _ property: AnimatableProperty, startSeconds: Double, timing: Timing,
        from: PropertyValue, to: PropertyValue, group: Int
    ) {
        record.tracks[property, default: Track()].entries.append(
            .init(startSeconds: startSeconds, timing: timing, from: from, to: to, order: nextOrder(), group: group, moment: momentCount))
        endSeconds = max(endSeconds, startSeconds + timing.durationSeconds)
    }

    // MARK: Animation blocks

    /// Runs `animations` as one animation group: every change inside animates with `timing`
    /// from `clock + delay`; `completion` runs at the group's end in simulated time. A zero or
    /// negative duration applies the changes at once and runs the completion now.
    func animate(timing: Timing?, delaySeconds: Double, animations: () -> Void, completion: ((Bool) -> Void)?) {
        guard let timing else {
            contexts.append(.immediate)
            animations()
            contexts.removeLast()
            if let completion { schedule(atSeconds: clockSeconds, view: "a completion") { completion(true) } }
            return
        }
        groupCount += 1
        let group = groupCount
        let start = clockSeconds + max(0, delaySeconds)
        if mainTiming == nil { mainTiming = timing }
        contexts.append(.animated(group: group, startSeconds: start, timing: timing))
        animations()
        contexts.removeLast()
        let end = start + timing.durationSeconds
        endSeconds = max(endSeconds, end)
        // UIKit's animations are Core Animation animations of the current transaction: its
        // completion block waits for them too.
        if transactionDepth > 0 { transactionEndSeconds = max(transactionEndSeconds, end) }
        let name = groupViews[group] ?? "an animation block"
        if let completion { schedule(atSeconds: end, view: name) { completion(true) } }
    }

    /// Runs `body` with every change inside animated with `timing` starting at `startSeconds`
    /// (a keyframe), as part of group `group`.
    func withContext(_ context: Context, _ body: () -> Void) {
        contexts.append(context)
        body()
        contexts.removeLast()
    }

    func newGroup() -> Int { groupCount += 1; return groupCount }

    /// Events scheduled while an interactive transition is paused, held back.
    var heldEventLists: [[Event]] = []
    /// Transition contexts whose animator has not called `completeTransition(_:)` yet.
    var pendingContexts: [TransitionContext] = []
    /// The last event run: its time and what it was (an animator that never completes is told
    /// what ran last).
    var lastEvent: (timeSeconds: Double, view: String)?

    /// `CATransaction` nesting, its completion block and the end of its animations.
    var transactionDepth = 0
    var transactionCompletion: (() -> Void)?
    var transactionEndSeconds = 0.0
    /// Per open `CATransaction` (outermost first), its `setAnimationDuration` and
    /// `setAnimationTimingFunction`; `implicitTransaction` is the run loop's own transaction,
    /// which ends with the moment.
    var transactionSettings: [TransactionSettings] = []
    var implicitTransaction = TransactionSettings()

    /// Inside `animateKeyframes` (its changes outside `addKeyframe` animate over the whole).
    var keyframeDepth = 0

    /// `.autoreverse` without `.repeat`: the changes animate forwards over the duration, back
    /// over the same duration, then jump to their end values (the model values), when
    /// `completion` runs.
    func autoreverse(timing: Timing, delaySeconds: Double, animations: () -> Void, completion: ((Bool) -> Void)?) {
        let group = newGroup()
        let start = clockSeconds + max(0, delaySeconds)
        if mainTiming == nil { mainTiming = timing }
        contexts.append(.animated(group: group, startSeconds: start, timing: timing))
        animations()
        contexts.removeLast()
        let back = start + timing.durationSeconds, end = back + timing.durationSeconds
        var forwards: [(ViewRecord, AnimatableProperty, Track.Entry)] = []
        for record in records {
            for (property, track) in record.tracks {
                for entry in track.entries where entry.group == group { forwards.append((record, property, entry)) }
            }
        }
        let reverseGroup = newGroup()
        for (record, property, entry) in forwards {
            record.tracks[property]!.entries.append(
                .init(
                    startSeconds: back, timing: timing, from: entry.to, to: entry.from,
                    order: nextOrder(), group: reverseGroup, moment: momentCount))
        }
        endSeconds = max(endSeconds, end)
        schedule(atSeconds: end, view: forwards.first?.0.view.recordingName ?? "an animation block") { [self] in
            for (record, property, entry) in forwards {
                record.tracks[property]!.entries.append(
                    .init(
                        startSeconds: end, timing: nil, from: entry.to, to: entry.to,
                        order: nextOrder(), group: -1, moment: momentCount))
            }
            completion?(true)
        }
    }

    /// The first view each animation group changed (errors name it).
    private var groupViews: [Int: String] = [:]

    /// Schedules `run` at `timeSeconds` of simulated time (not before now).
    /// `holdable` false (run-loop work: dispatched blocks, timers) is never held back by a
    /// paused interactive transition, as the run loop does not pause with it.
    func schedule(
        atSeconds timeSeconds: Double, view: String, repeating: Bool = false, key: AnyHashable? = nil, holdable: Bool = true,
        _ run: @escaping () -> Void
    ) {
        sequence += 1
        if holdable && !heldEventLists.isEmpty {
            heldEventLists[heldEventLists.count - 1].append(Event(timeSeconds: timeSeconds, sequence: sequence, view: view, run: run))
            return
        }
        queue.append(
            Event(timeSeconds: max(timeSeconds, clockSeconds), sequence: sequence, view: view, run: run, repeating: repeating, key: key))
    }

    /// Removes the scheduled events whose key `matches` (an invalidated timer, a cancelled work item).
    func unschedule(where matches: (AnyHashable) -> Bool) {
        queue.removeAll { $0.key.map(matches) ?? false }
        for index in heldEventLists.indices { heldEventLists[index].removeAll { $0.key.map(matches) ?? false } }
    }

    func fail(_ error: RecordingError) {
        if failure == nil { failure = error }
    }

    // MARK: Running

    /// Runs the body as moment 0, then every scheduled event in time order, each a moment;
    /// after each, lays the window out and takes its tree.
    func run(_ window: UIWindow, body: (UIWindow) throws -> Void) throws {
        let outerWarnings = RecordingWarnings.beginRecording()
        defer { RecordingWarnings.endRecording(restoring: outerWarnings) }
        self.window = window
        record(for: window)
        try body(window)
        // Completions due at t = 0 (zero-duration animations) belong to the start.
        while failure == nil, let next = nextEventIndex(), queue[next].timeSeconds == 0 {
            let event = queue.remove(at: next)
            eventsRun += 1
            if eventsRun > Recorder.maximumEvents { fail(.tooManyCompletions(view: event.view, count: Recorder.maximumEvents)); break }
            event.run()
            lastEvent = (event.timeSeconds, event.view)
        }
        endMoment()
        while failure == nil, let next = nextEventIndex() {
            let event = queue.remove(at: next)
            eventsRun += 1
            if eventsRun > Recorder.maximumEvents || event.timeSeconds > TransitionAnimator.maximumDurationSeconds {
                if event.repeating {
                    fail(.workStillScheduled(event.view))
                } else if eventsRun > Recorder.maximumEvents {
                    fail(.tooManyCompletions(view: event.view, count: Recorder.maximumEvents))
                } else {
                    fail(.tooLong(view: event.view, seconds: event.timeSeconds))
                }
                break
            }
            clockSeconds = event.timeSeconds
            endSeconds = max(endSeconds, clockSeconds)
            lastEvent = (event.timeSeconds, event.view)
            event.run()
            endMoment()
        }
        if let failure { throw failure }
        if let pending = pendingContexts.first {
            throw RecordingError.transitionNotCompleted(animator: pending.animatorName, waitingOn: waitingOn(pending))
        }
        if endSeconds > TransitionAnimator.maximumDurationSeconds {
            let view = records.first {
                $0.tracks.values.contains {
                    $0.entries.contains { entry in
                        entry.startSeconds + (entry.timing?.durationSeconds ?? 0) > TransitionAnimator.maximumDurationSeconds
                    }
                }
            }
            throw RecordingError.tooLong(view: view?.view.recordingName ?? "an animation", seconds: endSeconds)
        }
    }

    private func nextEventIndex() -> Int? {
        queue.indices.min { (queue[$0].timeSeconds, queue[$0].sequence) < (queue[$1].timeSeconds, queue[$1].sequence) }
    }

    /// Called before a view's first change while set (a property animator keeps the values
    /// its views had, to return to them when it finishes reversed).
    var willChangeObserver: ((UIView) -> Void)?

    private func endMoment() {
        implicitTransaction = TransactionSettings()
        guard let window else { return }
        contexts.append(.immediate)
        window.layoutIfNeeded()
        contexts.removeLast()
        moments.append((clockSeconds, treeNode(window)))
    }

    /// A view's tree as it is now.
    func treeNode(_ view: UIView) -> TreeNode {
        TreeNode(record: record(for: view).index, state: view.staticState, children: recordedChildren(of: view).map(treeNode))
    }

    // MARK: Presentation

    /// A copy of `view`'s layer with the recorded animations evaluated now.
    func presentationLayer(of view: UIView) -> CALayer {
        let copy = view.layer.scratchCopy
        guard let record = existingRecord(for: view) else { return copy }
        var state = record.base
        for property in AnimatableState.recordedProperties { state.set(property, record.value(property, atSeconds: clockSeconds)) }
        view.applyToLayer(state, copy)
        return copy
    }
}
