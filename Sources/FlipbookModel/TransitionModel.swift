public import FlipbookMotion
import FlipbookSupport
package import FlipbookText
public import Foundation

/// A view-controller transition as data: the window's layer tree at the start (every screen,
/// snapshot and temporary view as a named layer) and timed property animations on it, evaluated
/// at a time in seconds — what a `UIViewControllerAnimatedTransitioning` builds in its container
/// and animates with `UIView.animate`.
///
/// The built-in presets are values of this type (`TransitionPreset.makeTransition`), and so are
/// transition files (`TransitionFile`) and transitions built in code.
public struct Transition: Hashable, Sendable {
    /// A name for output and `timeline.json` (a preset's name, or the file's).
    public var name: String
    /// The screen the geometry is laid out for (size in points and scale).
    public var device: Device
    /// The window at the start: its sublayers are the screens, back to front.
    public var window: Layer
    /// The animations; several may run at once on different layers, with different curves.
    public var animations: [Animation]
    /// Changes made at a time rather than at an animation's end (`TimedChanges`); the
    /// transition lasts at least until the last of them.
    public var timedChanges: [TimedChanges]
    /// Set in the final frame only, after every animation: the destination screen as it is after
    /// `completeTransition(true)`, without the transition's temporary views.
    public var completion: [LayerChange]
    /// Set in the last frame of a cancelled interactive transition only (`--gesture` let go
    /// short of finishing), on the window as it is at t = 0: the source screen as after
    /// `completeTransition(false)` — the transition's temporary views removed, the views it hid
    /// shown again, the destination screen taken out. Empty: a cancelled transition ends on its
    /// frame at t = 0. The presets that take a gesture set it, so a cancelled swipe ends on the
    /// screen as it was before the finger touched it.
    public var cancelCompletion: [LayerChange]
    /// The main timing: animations whose `timing` leaves the curve or duration out use it, and
    /// `timeline.json`'s `progress` follows it.
    public var timing: Timing
    /// The iOS status bar drawn above the window in every frame (`StatusBar.layer`, a layer
    /// named `"status bar"` that animations may target), in this style; nil for none. Default
    /// `.dark`: the reference apps keep UIKit's default style on every screen.
    public var statusBar: StatusBar.Style?
    /// The home indicator's tone (0 black … 1 white) on the screen shown just before the
    /// transition, from which it fades towards what the frames call for (docs/CHROME.md); nil:
    /// the screen before looked like the first frame (a push starts on the screen it leaves).
    /// Set when the first frame already differs under the indicator: a modal presentation whose
    /// container is black from its first frame was preceded by the white screen it covers (0),
    /// a dismissal that removes a black browser at once by that browser (1).
    public var homeIndicatorToneBefore: Double?
    /// The folder a recording found its images in (`Transition.record(resources:)`'s
    /// `resources`, standardized), so that a sequence lock names them relative to it
    /// (`$RESOURCES/photo.jpg`) and holds wherever the folder is checked out; nil for presets,
    /// files and transitions built otherwise.
    public var resourcesFolderPath: String?

    /// Creates a transition.
    public init(
        name: String, device: Device, window: Layer, animations: [Animation] = [], timedChanges: [TimedChanges] = [],
        completion: [LayerChange] = [], cancelCompletion: [LayerChange] = [], timing: Timing, statusBar: StatusBar.Style? = .dark,
        homeIndicatorToneBefore: Double? = nil
    ) {
        self.name = name; self.device = device; self.window = window; self.animations = animations; self.timedChanges = timedChanges
        self.completion = completion; self.cancelCompletion = cancelCompletion; self.timing = timing; self.statusBar = statusBar
        self.homeIndicatorToneBefore = homeIndicatorToneBefore
    }

    /// The window with the status bar on top (its last sublayer) when `statusBar` is set: the
    /// tree the animator evaluates. iOS draws the status bar in its own window above the app's.
    package var windowWithStatusBar: Layer {
        guard let style = statusBar else { return window }
        var root = window
        root.sublayers.append(StatusBar.layer(device: device, style: style))
        return root
    }
}

/// A transition that is wrong as data; each case names where (a layer or animation).
public enum TransitionError: Error, CustomStringConvertible, Equatable {
    /// Two layers share a name.
    case duplicateLayerName(String)
    /// Two animations share a name.
    case duplicateAnimationName(String)
    /// An animation, completion or snapshot names a layer the window does not have.
    case unknownLayer(String, usedBy: String)
    /// `after` names no animation.
    case unknownAnimation(String, usedBy: String)
    /// Animations that start after each other in a circle.
    case cycle([String])
    /// An animation with nothing to animate, or `to` and `keyframes` both.
    case invalidAnimation(String, reason: String)
    /// Timed changes at a time that is negative or not a number (`timedChanges[N]`).
    case invalidTimedChanges(String, reason: String)
    /// A snapshot of itself or of one of its own ancestors or another snapshot.
    case invalidSnapshot(String, reason: String)
    /// Longer than `TransitionAnimator.maximumDurationSeconds` (delays and `after` chains add up).
    case tooLong(seconds: Double)
    /// Snapshots that would draw more than `TransitionAnimator.maximumSnapshotLayers` layers.
    case tooManySnapshotLayers(count: Int)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case let .duplicateLayerName(name): return "two layers are named \(InputText.singleQuoted(name)) (layer names must be unique)"
        case let .duplicateAnimationName(name): return "two animations are named \(InputText.singleQuoted(name))"
        case let .unknownLayer(name, user): return "\(user) names layer \(InputText.singleQuoted(name)), which the window does not have"
        case let .unknownAnimation(name, user):
            return "\(user) starts after \(InputText.singleQuoted(name)), which is not the name of an animation"
        case let .cycle(names):
            // A circle of 100,000 animations is named by its first few and its length.
            let shown =
                names.count <= 8
                ? names.map { InputText.excerpt($0) }
                : names.prefix(4).map { InputText.excerpt($0) } + ["… (\(names.count - 5) more)", InputText.excerpt(names[names.count - 1])]
            return "animations start after each other in a circle: \(shown.joined(separator: " → "))"
        case let .invalidAnimation(name, reason), let .invalidTimedChanges(name, reason): return "\(name): \(reason)"
        case let .invalidSnapshot(name, reason): return "layer \(InputText.singleQuoted(name)): \(reason)"
        case let .tooManySnapshotLayers(count):
            return
                "snapshots draw \(count) layers in all (each draws its source's layers again); at most \(TransitionAnimator.maximumSnapshotLayers)"
        case let .tooLong(seconds):
            return
                "the transition lasts \(NumberText.shortest(seconds)) s (delays and `after` chains add up); at most \(NumberText.shortest(TransitionAnimator.maximumDurationSeconds)) s"
        }
    }
}

/// A transition compiled for evaluation: start times resolved, every animated property's
/// segments in order with their `from` values, layers found by index path.
///
/// Evaluation rule, per animated property: the last segment that has started (`t ≥ start`;
/// declaration order breaks ties) gives `from + (to − from)·progress(t − start)`, progress
/// unclamped (springs overshoot); before the first segment starts the property shows that
/// segment's `from`. Completions apply once `t` is past their animation's end (strictly), timed
/// changes once `t` is past their time (after the completions due then), and all of them, then
/// the transition's `completion`, in the final frame, where every animation is at progress 1.
package struct TransitionAnimator: Sendable {
    /// The transition.
    package let transition: Transition
    /// Seconds from the start until the last animation ends (at least the main duration).
    package let durationSeconds: Double
    /// The main timing's end in seconds (`timing.durationSeconds`).
    package var mainDurationSeconds: Double { transition.timing.durationSeconds }
    /// The window at t = 0 (with the status bar on top when the transition has one), which
    /// snapshots copy.
    let initialWindow: Layer
    private let tracks: [Track]
    private let completions: [(endSeconds: Double, changes: [(path: [Int], set: LayerPatch)])]
    private let finalChanges: [(path: [Int], set: LayerPatch)]
    private let cancelChanges: [(path: [Int], set: LayerPatch)]
    private let paths: LayerPaths

    struct Segment {
        var startSeconds: Double
        var timing: Timing
        var from: PropertyValue
        var to: PropertyValue
        /// A completion's change of an animatable property: `from` until `startSeconds`, then `to`
        /// at once (so an animation that starts later continues from it).
        var isStep = false
    }

    struct Track {
        var path: [Int]
        var segments: [Segment]
    }

    /// The longest transition accepted: 120 s, minutes beyond any view-controller transition;
    /// 28,800 frames at the highest frame rate (240 fps).
    package static let maximumDurationSeconds = 120.0

    /// The most layers the snapshots of a transition may draw in all: each `snapshotOf` draws
    /// its source and the source's sublayers again in every frame, so a few hundred snapshots of
    /// a tree of thousands of layers multiplied a 223 KB file into 2.2 GB of draw operations.
    /// 100 000 is far beyond a transition's needs (a preset's snapshot is a cell of a few
    /// layers) and keeps a frame's expanded tree near the size a 16 MB file can describe.
    package static let maximumSnapshotLayers = 100_000

    /// Checks and compiles a transition (`TransitionAnimator.Compiler`: start times, then each
    /// animation's segments and completion, the timed changes, then one track per animated
    /// property).
    /// - Throws: `TransitionError` naming the layer or animation at fault.
    package init(_ transition: Transition) throws {
        self.transition = transition
        var paths = LayerPaths()
        let root = transition.windowWithStatusBar
        try TransitionAnimator.index(root, parent: nil, position: 0, into: &paths)
        self.paths = paths
        var compiler = try Compiler(transition: transition, root: root, paths: paths)
        for index in transition.animations.indices { try compiler.add(animation: index) }
        for index in transition.timedChanges.indices { try compiler.add(timedChanges: index) }
        tracks = compiler.tracks()
        completions = compiler.completionsInOrder()
        finalChanges = try transition.completion.map { (try compiler.path($0.target, usedBy: "completion"), $0.set) }
        cancelChanges = try transition.cancelCompletion.map { (try compiler.path($0.target, usedBy: "cancelCompletion"), $0.set) }
        // A transition's frames are all evaluated up front: bound their number whatever a file
        // says (a few KB of chained 60 s animations would otherwise ask for millions of frames).
        guard compiler.end <= TransitionAnimator.maximumDurationSeconds else { throw TransitionError.tooLong(seconds: compiler.end) }
        durationSeconds = compiler.end
        initialWindow = root
        try TransitionAnimator.checkSnapshots(root)
    }

    /// Records every layer's index path; names must be unique.
    private static func index(_ layer: Layer, parent: Int?, position: Int, into paths: inout LayerPaths) throws {
        guard let node = paths.add(layer.name, parent: parent, position: position) else {
            throw TransitionError.duplicateLayerName(layer.name)
        }
        for (index, sublayer) in layer.sublayers.enumerated() { try self.index(sublayer, parent: node, position: index, into: &paths) }
        if let mask = layer.mask { try self.index(mask, parent: node, position: maskPosition, into: &paths) }
    }

    /// The position that stands for a layer's `mask` in an index path (sublayers count from 0).
    static let maskPosition = -1

    /// A snapshot must name a layer that is not the snapshot itself, not one of its ancestors, and
    /// not itself a snapshot (a snapshot shows its source as it is at the start); the layers
    /// snapshots draw add up to at most `maximumSnapshotLayers`. Each layer's subtree is measured
    /// once, so this is linear in the tree (it walked a source's subtree for every snapshot).
    private static func checkSnapshots(_ root: Layer) throws {
        // Per layer name (names are unique): the layers in its subtree, itself included, and
        // whether one of them is a snapshot.
        var subtrees: [String: (layers: Int, hasSnapshot: Bool)] = [:]
        @discardableResult func measure(_ layer: Layer) -> (layers: Int, hasSnapshot: Bool) {
            var result = (layers: 1, hasSnapshot: layer.snapshotOf != nil)
            // A mask is drawn with its layer, so a snapshot draws it too.
            for sublayer in layer.sublayersAndMask {
                let child = measure(sublayer)
                result.layers += child.layers
                result.hasSnapshot = result.hasSnapshot || child.hasSnapshot
            }
            subtrees[layer.name] = result
            return result
        }
        measure(root)
        var ancestors = Set<String>(), drawn = 0
        func check(_ layer: Layer) throws {
            if let source = layer.snapshotOf {
                guard let subtree = subtrees[source] else {
                    throw TransitionError.unknownLayer(source, usedBy: "layer \(InputText.singleQuoted(layer.name)) (snapshotOf)")
                }
                if source == layer.name || ancestors.contains(source) {
                    throw TransitionError.invalidSnapshot(
                        layer.name, reason: "cannot be a snapshot of itself or of a layer that contains it")
                }
                if subtree.hasSnapshot {
                    throw TransitionError.invalidSnapshot(
                        layer.name,
                        reason:
                            "snapshots \(InputText.singleQuoted(source)), which contains a snapshot itself (take the snapshot of the original layers)"
                    )
                }
                drawn += subtree.layers
                if drawn > maximumSnapshotLayers { throw TransitionError.tooManySnapshotLayers(count: drawn) }
            }
            ancestors.insert(layer.name)
            defer { ancestors.remove(layer.name) }
            for sublayer in layer.sublayersAndMask { try check(sublayer) }
        }
        try check(root)
    }

    static func layer(at path: [Int], in root: Layer) -> Layer {
        var layer = root
        for index in path { layer = index == maskPosition ? layer.mask! : layer.sublayers[index] }
        return layer
    }

    private static func modify(_ root: inout Layer, at path: ArraySlice<Int>, _ body: (inout Layer) -> Void) {
        guard let first = path.first else { body(&root); return }
        if first == maskPosition {
            guard var mask = root.mask else { return }
            modify(&mask, at: path.dropFirst(), body)
            root.mask = mask
            return
        }
        modify(&root.sublayers[first], at: path.dropFirst(), body)
    }

    /// The named layer as it is at the start (for snapshots).
    package func initialLayer(named name: String) -> Layer? {
        layer(named: name, in: initialWindow)
    }

    /// What `window` (a window this animator evaluated) draws on the transition's screen: text
    /// set by `typesetter`, snapshot layers showing their sources as they are at the start. The
    /// one flattening call of a frame: the render job's display lists and the tests' both use it.
    package func displayOps(flattening window: Layer, typesetter: Typesetter?) -> [DisplayOp] {
        DisplayList.ops(
            flattening: window, screen: transition.device.bounds, typesetter: typesetter,
            snapshotSource: { initialLayer(named: $0) })
    }

    /// The named layer in `window`, a window this animator evaluated (`window(atSeconds:isFinal:)`);
    /// nil for a name the transition does not have.
    package func layer(named name: String, in window: Layer) -> Layer? {
        paths[name].map { TransitionAnimator.layer(at: $0, in: window) }
    }

    /// The window at `t` seconds; `isFinal` gives the final frame (everything finished, the
    /// completions applied).
    package func window(atSeconds t: Double, isFinal: Bool) -> Layer {
        window(atSeconds: t, isFinal: isFinal, cancelled: false)
    }

    /// The last frame of a cancelled interactive transition: the window at t = 0 with the
    /// transition's `cancelCompletion` applied (what `completeTransition(false)` leaves).
    package func cancelledWindow() -> Layer {
        window(atSeconds: 0, isFinal: false, cancelled: true)
    }

    private func window(atSeconds t: Double, isFinal: Bool, cancelled: Bool) -> Layer {
        var window = initialWindow
        for track in tracks {
            let value: PropertyValue
            if isFinal {
                value = track.segments.last!.to
            } else {
                var active = track.segments[0], progress = 0.0
                for segment in track.segments where t >= segment.startSeconds { active = segment }
                if active.isStep {
                    // Completions apply after their animation's end (see `completions` below).
                    value = t > active.startSeconds ? active.to : active.from
                } else {
                    if t >= active.startSeconds { progress = active.timing.progress(atSeconds: t - active.startSeconds) }
                    value = progress == 0 ? active.from : PropertyValue.interpolate(active.from, active.to, progress: progress)
                }
            }
            TransitionAnimator.modify(&window, at: track.path[...]) { value.apply(to: &$0) }
        }
        var removed: [[Int]] = []
        func apply(_ changes: [(path: [Int], set: LayerPatch)]) {
            for (path, patch) in changes {
                TransitionAnimator.modify(&window, at: path[...]) { $0.apply(patch) }
                if patch.isRemoved == true { removed.append(path) }
            }
        }
        for completion in completions where isFinal || t > completion.endSeconds { apply(completion.changes) }
        if isFinal { apply(finalChanges) }
        if cancelled { apply(cancelChanges) }
        for path in removed { TransitionAnimator.modify(&window, at: path[...]) { $0.isHidden = true } }
        return window
    }

    /// The frames of the whole transition at `framesPerSecond`: frame `k` at `t = k/fps` for
    /// `k = 0…N`, `N = max(1, round(duration·fps))`; `progress` is the main timing's (exactly 1 in
    /// the final frame, frame N).
    package func frames(framesPerSecond fps: Double) -> [FrameSample] {
        precondition(fps.isFinite && fps > 0, "frames per second must be finite and > 0")
        let last = max(1, Int((durationSeconds * fps).rounded()))
        let main = transition.timing
        return (0...last).map { index in
            let t = Double(index) / fps
            return FrameSample(
                index: index, timeSeconds: t, progress: index == last ? 1 : main.progress(atSeconds: t),
                rawProgress: main.rawProgress(atSeconds: t))
        }
    }
}

extension Layer {
    /// The sublayers, then the mask if there is one: every layer this one draws.
    var sublayersAndMask: [Layer] { mask.map { sublayers + [$0] } ?? sublayers }

    /// Applies every property a patch sets.
    package mutating func apply(_ patch: LayerPatch) {
        if let value = patch.shapeStyle { shapeContent = shapeContent ?? ShapeContent(); shapeContent?.style = value }
        for property in AnimatableProperty.allCases {
            property.value(in: patch)?.apply(to: &self)
        }
        if let value = patch.isHidden { isHidden = value }
        if let value = patch.imageSource { imageSource = value }
        if let value = patch.contentMode { contentMode = value }
        if let value = patch.clipsToBounds { clipsToBounds = value }
        if let value = patch.text { text = value }
        if let value = patch.maskedCorners { maskedCorners = value }
        if let value = patch.cornerCurve { cornerCurve = value }
        if let value = patch.isDoubleSided { isDoubleSided = value }
        if let value = patch.shadowPath { shadowPath = value }
    }
}

/// Every layer's index path by name, kept as each layer's parent and position: constant memory
/// per layer (a path per layer costs its depth — 2 KB a layer 250 levels down, gigabytes for a
/// 16 MB file of leaves at that depth), paths built when asked for.
struct LayerPaths: Sendable {
    private var nodes: [String: Int] = [:]
    private var parents: [Int] = [], positions: [Int] = []

    /// Records a layer under `parent` (a node `add` returned; nil for the root) at `position`
    /// among its siblings; returns its node, or nil when the name is already taken.
    mutating func add(_ name: String, parent: Int?, position: Int) -> Int? {
        guard nodes[name] == nil else { return nil }
        let node = parents.count
        nodes[name] = node
        parents.append(parent ?? -1)
        positions.append(position)
        return node
    }

    /// The index path of the layer named `name` from the root; nil for an unknown name.
    subscript(name: String) -> [Int]? {
        guard var node = nodes[name] else { return nil }
        var path: [Int] = []
        while parents[node] >= 0 {
            path.append(positions[node])
            node = parents[node]
        }
        return path.reversed()
    }
}

extension TransitionError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    public var errorDescription: String? { description }
}
