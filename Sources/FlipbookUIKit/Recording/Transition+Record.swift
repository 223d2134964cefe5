import FlipbookGeometry
public import FlipbookModel
import FlipbookMotion
public import Foundation

extension Transition {
    /// Records what UIKit code does to a window into a transition.
    ///
    /// `body` gets a key window the size of `device` (its view tree is empty) and sets up the
    /// screens and starts the animations, exactly as app code does with UIKit's API; the clock is
    /// simulated: `body` runs at t = 0, then each completion at its animation's end. Recording
    /// ends when every animation has ended and every completion has run. The result renders,
    /// exports and compares like any transition; layers are named after the views (their
    /// accessibility identifier, else their type and a number). `UIImage(named:)` looks in
    /// `resources`. In `appearance` (light by default) the system and semantic colours the body
    /// reads are that mode's values and the status and navigation bars are drawn in it. See
    /// docs/UIKIT.md.
    ///
    /// Main-actor isolated, as UIKit is: the recording is one synchronous call, so recordings
    /// never overlap (on Linux, an XCTest method that records is `@MainActor … async`).
    /// - Throws: `RecordingError` naming the view at fault (animated outside the window, a
    ///   completion cycle, an animation that never ends, a transition never completed), or what
    ///   `body` throws.
    @MainActor
    public static func record(
        device: Device = .iPhone8, resources: URL? = nil, appearance: Appearance = .light,
        _ body: @MainActor (UIWindow) throws -> Void
    ) throws -> Transition {
        let recorder = Recorder(device: device, resources: resources)
        recorder.appearance = appearance
        do {
            // The UIKit calls of `body` (and of what it schedules) reach this recording.
            let outer = Recorder.current
            Recorder.current = recorder
            defer { Recorder.current = outer }
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: device.width, height: device.height))
            window.makeKeyAndVisible()
            try recorder.run(window, body: body)
        }
        var transition = TransitionBuilder(recorder: recorder).transition(name: "uikit").applyingAppearance(appearance)
        transition.resourcesFolderPath = resources?.standardizedFileURL.path
        // What the builder cannot express (a layer given a second mask).
        if let failure = recorder.failure { throw failure }
        do {
            _ = try TransitionAnimator(transition)
        } catch let error as TransitionError {
            throw RecordingError.invalidTransition(error.description)
        }
        return transition
    }
}

/// Turns a recording into the model: one layer per stay of a view in the window tree (a view
/// that moves to another superview or place among its siblings gets a new layer, shown from
/// then on), segments as animations, and the changes of each moment after the start as timed
/// changes at that moment.
@MainActor
struct TransitionBuilder {
    let recorder: Recorder

    /// A view's stay at one place in the tree.
    final class Stint {
        let record: Int
        let startMoment: Int
        var endMoment: Int?
        var children: [Stint] = []
        var states: [(moment: Int, state: StaticState)]
        var name = ""
        init(record: Int, startMoment: Int, state: StaticState) {
            self.record = record; self.startMoment = startMoment; states = [(startMoment, state)]
        }
    }

    func transition(name: String) -> Transition {
        let moments = recorder.moments
        let root = create(moments[0].tree, moment: 0)
        rootHolder.root = root
        for (index, moment) in moments.enumerated().dropFirst() { match(root, moment.tree, moment: index) }

        let stintsByRecord = nameStints(root)
        var changes = structuralChanges(root)
        var animations = trackAnimations(stintsByRecord: stintsByRecord, changes: &changes)

        // The navigation bars' own animations (the presets' bar).
        var barChanges: [(seconds: Double, change: LayerChange)] = []
        var seenBars = Set<ObjectIdentifier>()
        for stint in barStints {
            guard let bar = recorder.records[stint.record].view as? UINavigationBar, seenBars.insert(ObjectIdentifier(bar)).inserted else {
                continue
            }
            let content = barContent(bar)
            animations += content.animations
            barChanges += content.changes
        }

        // The changes of each moment that changes something, by time (the moment's own, then the
        // bars'), and an empty moment at the recording's end so that the transition lasts until
        // then.
        var byTime: [(time: Double, changes: [LayerChange])] = []
        for (index, moment) in moments.enumerated().dropFirst() {
            guard let list = changes[index], !list.isEmpty else { continue }
            if let last = byTime.last, last.time == moment.timeSeconds {
                byTime[byTime.count - 1].changes += list
            } else {
                byTime.append((moment.timeSeconds, list))
            }
        }
        for (seconds, change) in barChanges {
            if let index = byTime.firstIndex(where: { $0.time == seconds }) {
                byTime[index].changes.append(change)
            } else {
                byTime.append((seconds, [change]))
            }
        }
        byTime.sort { $0.time < $1.time }
        let lastTime = moments.last?.timeSeconds ?? 0
        if lastTime > 0, byTime.last?.time != lastTime, lastTime > animationsEnd(animations) { byTime.append((lastTime, [])) }
        // Only moments after the start: the start's state is the layers' initial state.
        let timedChanges = byTime.filter { $0.time > 0 }.map { TimedChanges(atSeconds: $0.time, changes: $0.changes) }

        let total = max(recorder.endSeconds, lastTime)
        let main = recorder.mainTiming ?? Timing(curve: .bezier(.linear), durationSeconds: total > 0 ? total : 1.0 / 60)
        return Transition(
            name: name, device: recorder.device, window: layer(for: root), animations: animations, timedChanges: timedChanges,
            timing: main)
    }

    /// Names every stint: a view's first stay is named after it, later ones get " (2)", " (3)", ….
    private func nameStints(_ root: Stint) -> [Int: [Stint]] {
        var stintsByRecord: [Int: [Stint]] = [:]
        func collect(_ stint: Stint) {
            stintsByRecord[stint.record, default: []].append(stint)
            stint.children.forEach(collect)
        }
        collect(root)
        let baseNames = viewNames()
        for (record, stints) in stintsByRecord {
            for (index, stint) in stints.sorted(by: { $0.startMoment < $1.startMoment }).enumerated() {
                stint.name = index == 0 ? baseNames[record] : "\(baseNames[record]) (\(index + 1))"
            }
        }
        return stintsByRecord
    }

    /// The changes made after the start, by moment: views appearing, their static changes, removals.
    private func structuralChanges(_ root: Stint) -> [Int: [LayerChange]] {
        var changes: [Int: [LayerChange]] = [:]
        func collectChanges(_ stint: Stint) {
            if stint.startMoment > 0 {
                changes[stint.startMoment, default: []].append(
                    LayerChange(target: stint.name, set: LayerPatch(isHidden: stint.states[0].state.isHidden)))
            }
            for (previous, current) in zip(stint.states, stint.states.dropFirst()) {
                if let patch = current.state.patch(from: previous.state) {
                    changes[current.moment, default: []].append(LayerChange(target: stint.name, set: patch))
                }
            }
            stint.children.forEach(collectChanges)
            if let end = stint.endMoment {
                changes[end, default: []].append(LayerChange(target: stint.name, set: LayerPatch(isRemoved: true)))
            }
        }
        collectChanges(root)
        return changes
    }

    /// Every recorded track entry, in the order it was made: an animation when it had timing,
    /// else a change at its moment (added to `changes`).
    private func trackAnimations(stintsByRecord: [Int: [Stint]], changes: inout [Int: [LayerChange]]) -> [Animation] {
        var animations: [Animation] = []
        var entries: [(record: ViewRecord, property: AnimatableProperty, entry: Track.Entry)] = []
        for record in recorder.records {
            for (property, track) in record.tracks { for entry in track.entries { entries.append((record, property, entry)) } }
        }
        for (record, property, entry) in entries.sorted(by: { $0.entry.order < $1.entry.order }) {
            for stint in stintsByRecord[record.index] ?? [] {
                var targets = [(stint.name, entry.from, entry.to)]
                // A part of a view's snapshot: its content layer's frame follows the snapshot's size.
                if property == .frame, let snapshot = record.view as? UISnapshotView, case let .rect(from) = entry.from,
                    case let .rect(to) = entry.to,
                    let contentFrom = croppedContentFrame(snapshot, from), let contentTo = croppedContentFrame(snapshot, to)
                {
                    targets.append((stint.name + " content", .rect(contentFrom), .rect(contentTo)))
                }
                for (target, from, to) in targets {
                    if let timing = entry.timing {
                        animations.append(
                            Animation(
                                target: target, from: from.patch(property), to: to.patch(property),
                                delaySeconds: entry.startSeconds,
                                timing: AnimationTiming(curve: timing.curve, durationSeconds: timing.durationSeconds)))
                    } else {
                        changes[entry.moment, default: []].append(LayerChange(target: target, set: to.patch(property)))
                    }
                }
            }
        }
        return animations
    }

    private func animationsEnd(_ animations: [Animation]) -> Double {
        animations.map { $0.delaySeconds + ($0.timing.durationSeconds ?? 0) }.max() ?? 0
    }

    /// Unique names: the accessibility identifier when no other view has it, else the type,
    /// the tag if any and a number.
    private func viewNames() -> [String] {
        var counts: [String: Int] = [:]
        for record in recorder.records { if let id = record.view.accessibilityIdentifier { counts[id, default: 0] += 1 } }
        var used = Set<String>()
        return recorder.records.map { record in
            let view = record.view
            var name: String
            if record.index == 0 {
                name = "window"
            } else if let id = view.accessibilityIdentifier, counts[id] == 1 {
                name = id
            } else {
                name = view.recordingTypeName + (view.tag != 0 ? " tag \(view.tag)" : "") + " #\(record.index)"
            }
            while used.contains(name) { name += "'" }
            used.insert(name)
            return name
        }
    }

    private func create(_ node: Recorder.TreeNode, moment: Int) -> Stint {
        let stint = Stint(record: node.record, startMoment: moment, state: node.state)
        stint.children = node.children.map { create($0, moment: moment) }
        return stint
    }

    private func end(_ stint: Stint, moment: Int) {
        guard stint.endMoment == nil else { return }
        stint.endMoment = moment
        stint.children.forEach { end($0, moment: moment) }
    }

    /// Continues `stint` into a moment's tree: children kept in the same order (the longest
    /// common subsequence) continue, the others end, new ones start right after the sibling
    /// before them.
    private func match(_ stint: Stint, _ node: Recorder.TreeNode, moment: Int) {
        if stint.states.last!.state != node.state { stint.states.append((moment, node.state)) }
        let alive = stint.children.filter { $0.endMoment == nil }
        let old = alive.map(\.record), new = node.children.map(\.record)
        // LCS table.
        var table = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var matched = [Stint?](repeating: nil, count: new.count), kept = Set<ObjectIdentifier>()
        var i = 0, j = 0
        while i < old.count, j < new.count {
            if old[i] == new[j] {
                matched[j] = alive[i]; kept.insert(ObjectIdentifier(alive[i])); i += 1; j += 1
            } else if table[i + 1][j] >= table[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        for child in alive where !kept.contains(ObjectIdentifier(child)) { end(child, moment: moment) }
        var previous: Stint?
        for (index, childNode) in node.children.enumerated() {
            if let existing = matched[index] {
                match(existing, childNode, moment: moment)
                previous = existing
            } else {
                let created = create(childNode, moment: moment)
                let position = previous.flatMap { p in stint.children.firstIndex { $0 === p } }.map { $0 + 1 } ?? 0
                stint.children.insert(created, at: position)
                previous = created
            }
        }
    }

    private func layer(for stint: Stint) -> Layer {
        let record = recorder.records[stint.record]
        var layer = Layer(name: stint.name, frame: .zero)
        record.base.apply(to: &layer)
        stint.states[0].state.apply(to: &layer)
        if stint.startMoment > 0 { layer.isHidden = true }
        let masks = stint.children.filter { recorder.records[$0.record].view.layer.hasBeenMask }
        layer.sublayers = stint.children.filter { !recorder.records[$0.record].view.layer.hasBeenMask }.map { self.layer(for: $0) }
        // One mask per layer in the model: set from the start or later (shown then), taken away
        // (hidden: the layer draws unmasked again).
        if let mask = masks.first { layer.mask = self.layer(for: mask) }
        if masks.count > 1 {
            recorder.fail(
                .notDrawn(view: record.view.recordingName, what: "a second mask layer set after another (the model has one mask a layer)"))
        }
        if let snapshot = record.view as? UISnapshotView, let frozen = snapshot.frozenContent {
            var content = frozenLayer(frozen.node, name: stint.name + " content", values: frozen.values)
            // Inside the snapshot, which stands where the view stood, with its transform.
            content.frame.origin = Point(x: 0, y: 0)
            content.transform = .identity
            layer.sublayers.insert(content, at: 0)
        } else if let snapshot = record.view as? UISnapshotView {
            if let content = croppedContentFrame(snapshot, record.base.frame) {
                var inner = Layer(name: stint.name + " content", frame: content)
                inner.snapshotOf = snapshotSourceName(snapshot)
                layer.clipsToBounds = true
                layer.sublayers.insert(inner, at: 0)
            } else {
                layer.snapshotOf = snapshotSourceName(snapshot)
            }
        }
        if let source = (record.view as? UIImageView)?.image?.snapshotSource {
            // A view drawn into an image by an image renderer: drawn as a snapshot of it, filling
            // the image view.
            layer.snapshotOf = snapshotSourceName(source.view, takenAtMoment: source.takenAtMoment)
        }
        if let bar = record.view as? UINavigationBar, stint === barStints.first(where: { recorder.records[$0.record].view === bar }) {
            let content = barContent(bar)
            layer.backgroundColor = content.layer.backgroundColor
            layer.sublayers = content.layer.sublayers + layer.sublayers
        }
        return layer
    }

    /// A copy of a view's recorded tree as it was drawn (its animatable values from `values`,
    /// its static state as `node` took it), named `name`, its sublayers `name/1`, `name/2`, ….
    private func frozenLayer(_ node: Recorder.TreeNode, name: String, values: [Int: AnimatableState]) -> Layer {
        let record = recorder.records[node.record]
        var layer = Layer(name: name, frame: .zero)
        (values[node.record] ?? record.base).apply(to: &layer)
        node.state.apply(to: &layer)
        for (index, child) in node.children.enumerated() {
            let copy = frozenLayer(child, name: "\(name)/\(index + 1)", values: values)
            if recorder.records[child.record].view.layer.hasBeenMask { layer.mask = copy } else { layer.sublayers.append(copy) }
        }
        return layer
    }

    /// The layer a snapshot shows: its source's stay in the tree when it was taken (else any
    /// stay); nil when the source was never in the window (an empty snapshot, as on iOS).
    private func snapshotSourceName(_ snapshot: UISnapshotView) -> String? {
        snapshotSourceName(snapshot.source, takenAtMoment: snapshot.takenAtMoment)
    }

    /// The layer of `view` in the tree at moment `moment` (else any of its stays).
    private func snapshotSourceName(_ view: UIView, takenAtMoment moment: Int) -> String? {
        guard let source = recorder.existingRecord(for: view) else { return nil }
        var candidates: [Stint] = []
        func find(_ stint: Stint) {
            if stint.record == source.index { candidates.append(stint) }
            stint.children.forEach(find)
        }
        for stint in rootStints { find(stint) }
        return (candidates.first { $0.startMoment <= moment && ($0.endMoment ?? .max) > moment } ?? candidates.first)?.name
    }

    private var rootStints: [Stint] { rootHolder.root.map { [$0] } ?? [] }

    /// For a snapshot of part of its source (`resizableSnapshotView(from:…)` with a rect other
    /// than the source's bounds): where the whole source is drawn inside a snapshot of `frame`,
    /// so that the part shows, stretched as the snapshot is; nil for a whole-view snapshot.
    func croppedContentFrame(_ snapshot: UISnapshotView, _ frame: Rect) -> Rect? {
        let part = snapshot.sourceRect, whole = snapshot.sourceBounds
        guard part != whole, part.width > 0, part.height > 0 else { return nil }
        let scaleX = frame.width / Double(part.width), scaleY = frame.height / Double(part.height)
        return Rect(
            x: Double(whole.minX - part.minX) * scaleX, y: Double(whole.minY - part.minY) * scaleY,
            width: Double(whole.width) * scaleX, height: Double(whole.height) * scaleY)
    }

    /// Every stay of a navigation bar, in tree order.
    private var barStints: [Stint] {
        var found: [Stint] = []
        func visit(_ stint: Stint) {
            if recorder.records[stint.record].view is UINavigationBar { found.append(stint) }
            stint.children.forEach(visit)
        }
        rootStints.forEach(visit)
        return found
    }

    /// The presets' bar for a navigation bar: for each push or pop, the preset's bar items of
    /// both screens with their animations moved to the transition's start and duration and the
    /// completion removing the old items (the second transition's layers are `bar items 2 …`,
    /// shown from its start, when the first one's remaining items go); else the bar showing
    /// its items.
    func barContent(_ bar: UINavigationBar) -> (layer: Layer, animations: [Animation], changes: [(seconds: Double, change: LayerChange)]) {
        let device = recorder.device
        guard let first = bar.itemTransitions.first else {
            return (NavigationBar.layer(device: device, showing: bar.shownItem, atScrollEdge: bar.shownAtScrollEdge), [], [])
        }
        var items: [Layer] = [], animations: [Animation] = [], changes: [(seconds: Double, change: LayerChange)] = []
        var shownBefore: [String] = []
        var barLayer = NavigationBar.transition(
            device: device, from: first.from, to: first.to, operation: first.operation,
            animation: first.animation, scrollEdge: first.scrollEdge
        ).layer
        for (number, step) in bar.itemTransitions.enumerated() {
            let made = NavigationBar.transition(
                device: device, from: step.from, to: step.to, operation: step.operation, animation: step.animation,
                scrollEdge: step.scrollEdge)
            let itemsPrefix = "bar items"
            func renamed(_ name: String) -> String {
                number == 0 ? name : name.replacingOccurrences(of: itemsPrefix, with: "\(itemsPrefix) \(number + 1)")
            }
            func renamed(_ layer: Layer) -> Layer {
                var copy = layer
                copy.name = renamed(layer.name)
                copy.sublayers = layer.sublayers.map(renamed)
                return copy
            }
            var parts = made.layer.sublayers.filter { $0.name.hasPrefix(itemsPrefix) }.map(renamed)
            if number > 0 {
                for index in parts.indices { parts[index].isHidden = true }
                changes += parts.map { (step.startSeconds, LayerChange(target: $0.name, set: LayerPatch(isHidden: false))) }
                changes += shownBefore.map { (step.startSeconds, LayerChange(target: $0, set: LayerPatch(isRemoved: true))) }
            }
            animations += made.animations.map { animation -> Animation in
                var moved = animation
                moved.target = renamed(animation.target)
                moved.delaySeconds += step.startSeconds
                moved.timing.durationSeconds = moved.timing.durationSeconds ?? step.durationSeconds
                moved.timing.curve = moved.timing.curve ?? .bezier(.easeInEaseOut)
                return moved
            }
            let removed = made.completion.map { change -> LayerChange in
                var change = change
                change.target = renamed(change.target)
                return change
            }
            changes += removed.map { (step.startSeconds + step.durationSeconds, $0) }
            items += parts
            shownBefore = parts.map(\.name).filter { name in !removed.contains { $0.target == name } }
        }
        barLayer.sublayers = items + barLayer.sublayers.filter { !$0.name.hasPrefix("bar items") }
        return (barLayer, animations, changes)
    }
    private let rootHolder = RootHolder()
    final class RootHolder { var root: Stint? }

    init(recorder: Recorder) { self.recorder = recorder }
}
