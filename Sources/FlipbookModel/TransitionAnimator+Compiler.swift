import FlipbookMotion
import FlipbookSupport

extension TransitionAnimator {
    /// The steps of `TransitionAnimator.init`: each animation's start time (delays, and `after`
    /// chains resolved in dependency order), its segments per animated property and its
    /// completion, the timed changes (after every animation, so that they apply after the
    /// completions due at the same time), then the segments sorted into one track per property.
    struct Compiler {
        let transition: Transition
        /// The window with the status bar, whose values animations start from.
        let root: Layer
        let paths: LayerPaths
        let main: Timing
        private var byName: [String: Int] = [:]
        private var starts: [Double?]
        private var onChain: [Bool]
        private var segmentsByKey:
            [String: (path: [Int], property: AnimatableProperty, segments: [(order: Int, segment: Segment, hasFrom: Bool)])] = [:]
        private var order = 0
        /// The end of the last animation so far (at least the main duration).
        private(set) var end: Double
        private var completions: [(endSeconds: Double, order: Int, changes: [(path: [Int], set: LayerPatch)])] = []
        private var initialValues: [String: PropertyValue] = [:]

        /// - Throws: `TransitionError.duplicateAnimationName`.
        init(transition: Transition, root: Layer, paths: LayerPaths) throws {
            self.transition = transition; self.root = root; self.paths = paths
            main = transition.timing
            end = main.durationSeconds
            starts = [Double?](repeating: nil, count: transition.animations.count)
            onChain = [Bool](repeating: false, count: transition.animations.count)
            for (index, animation) in transition.animations.enumerated() {
                guard let name = animation.name else { continue }
                if byName[name] != nil { throw TransitionError.duplicateAnimationName(name) }
                byName[name] = index
            }
        }

        func path(_ name: String, usedBy user: String) throws -> [Int] {
            guard let path = paths[name] else { throw TransitionError.unknownLayer(name, usedBy: user) }
            return path
        }

        func label(_ index: Int) -> String {
            let animation = transition.animations[index]
            return "animations[\(index)]" + (animation.name.map { " (\(InputText.singleQuoted($0)))" } ?? "")
        }

        /// Animation `index`'s start in seconds. Iterative, not recursive: a file may chain
        /// thousands of animations (a recursion as deep as the chain overflowed the stack at
        /// about 3,500), and each is visited once.
        mutating func start(_ index: Int) throws -> Double {
            if let known = starts[index] { return known }
            // Follow `after` back to an animation whose start is known or that follows none.
            var chain = [index]
            onChain[index] = true
            defer { for member in chain { onChain[member] = false } }
            while let after = transition.animations[chain[chain.count - 1]].after {
                guard let previous = byName[after] else {
                    throw TransitionError.unknownAnimation(after, usedBy: label(chain[chain.count - 1]))
                }
                if onChain[previous] {
                    throw TransitionError.cycle((chain + [previous]).map { transition.animations[$0].name ?? label($0) })
                }
                if starts[previous] != nil { break }
                chain.append(previous)
                onChain[previous] = true
            }
            // Then forward along the chain, each start from its predecessor's end.
            for member in chain.reversed() {
                let animation = transition.animations[member]
                var base = 0.0
                if let after = animation.after, let previous = byName[after] {
                    base = starts[previous]! + transition.animations[previous].timing.resolved(main: main).durationSeconds
                }
                starts[member] = base + animation.delaySeconds
            }
            return starts[index]!
        }

        /// Adds animation `index`: a segment per animated property of each piece, and its completion.
        mutating func add(animation index: Int) throws {
            let animation = transition.animations[index]
            let startSeconds = try start(index)
            let targetPath = try path(animation.target, usedBy: label(index))
            let timing = animation.timing.resolved(main: main)
            let pieces = try self.pieces(of: index, startSeconds: startSeconds, timing: timing)
            for (pieceIndex, piece) in pieces.enumerated() {
                for property in piece.to.animatedProperties {
                    let key = animation.target + "\u{0}" + property.rawValue
                    let explicitFrom = pieceIndex == 0 ? property.value(in: animation.from) : nil
                    let segment = Segment(
                        startSeconds: piece.start, timing: piece.timing,
                        from: explicitFrom ?? .opacity(0), to: property.value(in: piece.to)!)
                    segmentsByKey[key, default: (targetPath, property, [])].segments.append((order, segment, explicitFrom != nil))
                    order += 1
                    if initialValues[key] == nil {
                        initialValues[key] = property.value(of: TransitionAnimator.layer(at: targetPath, in: root))
                    }
                    end = max(end, piece.start + piece.timing.durationSeconds)
                }
            }
            if !animation.completion.isEmpty {
                try addChanges(
                    animation.completion, at: startSeconds + timing.durationSeconds, timing: timing, order: index,
                    usedBy: label(index) + " completion")
            }
            end = max(end, startSeconds + timing.durationSeconds)
        }

        /// The animation's sub-animations: its `to`, or its keyframes over their share of the
        /// time, each from the previous keyframe's values.
        private func pieces(of index: Int, startSeconds: Double, timing: Timing) throws -> [(start: Double, timing: Timing, to: LayerPatch)]
        {
            let animation = transition.animations[index]
            if !animation.keyframes.isEmpty && !animation.to.animatedProperties.isEmpty {
                throw TransitionError.invalidAnimation(label(index), reason: "has both `to` and `keyframes`; use one")
            }
            if animation.to.setsUnanimatable || animation.from.setsUnanimatable
                || animation.keyframes.contains(where: { $0.to.setsUnanimatable })
            {
                throw TransitionError.invalidAnimation(
                    label(index),
                    reason:
                        "only frame, opacity, backgroundColor, cornerRadius, transform and boundsOrigin animate; set the others in a completion"
                )
            }
            var pieces: [(start: Double, timing: Timing, to: LayerPatch)] = []
            if animation.keyframes.isEmpty {
                pieces = [(startSeconds, timing, animation.to)]
            } else {
                for keyframe in animation.keyframes {
                    let duration = keyframe.relativeDuration * timing.durationSeconds
                    guard duration > 0, duration.isFinite else {
                        throw TransitionError.invalidAnimation(label(index), reason: "a keyframe's relativeDuration must be greater than 0")
                    }
                    pieces.append(
                        (
                            startSeconds + keyframe.relativeStart * timing.durationSeconds,
                            Timing(curve: keyframe.curve, durationSeconds: duration), keyframe.to
                        ))
                }
            }
            if pieces.allSatisfy({ $0.to.animatedProperties.isEmpty }) {
                throw TransitionError.invalidAnimation(label(index), reason: "animates nothing: `to` sets no animatable property")
            }
            return pieces
        }

        /// Adds timed changes `index`: applied at their time, after every animation's completion
        /// due then (their order follows the animations').
        mutating func add(timedChanges index: Int) throws {
            let moment = transition.timedChanges[index]
            let label = "timedChanges[\(index)]"
            guard moment.atSeconds.isFinite, moment.atSeconds >= 0 else {
                throw TransitionError.invalidTimedChanges(
                    label, reason: "the time must be a number of seconds, 0 or more (is \(moment.atSeconds))")
            }
            try addChanges(moment.changes, at: moment.atSeconds, timing: main, order: transition.animations.count + index, usedBy: label)
            end = max(end, moment.atSeconds)
        }

        /// A completion or timed changes, applied at `completed` seconds; `order` ranks them among
        /// the others due then. `timing` is kept on the steps and never read (a step has no curve).
        private mutating func addChanges(
            _ list: [LayerChange], at completed: Double, timing: Timing, order listOrder: Int, usedBy user: String
        ) throws {
            var changes: [(path: [Int], set: LayerPatch)] = []
            for change in list {
                let changePath = try path(change.target, usedBy: user)
                // Animatable values set by a completion join their property's track as steps, so
                // a later animation of the property starts from them (as after UIKit's completion
                // block); the rest (hidden, image, …) is applied as a change.
                var rest = change.set
                for property in change.set.animatedProperties {
                    let key = change.target + "\u{0}" + property.rawValue
                    let step = Segment(
                        startSeconds: completed, timing: timing, from: .opacity(0), to: property.value(in: change.set)!, isStep: true)
                    segmentsByKey[key, default: (changePath, property, [])].segments.append((order, step, false))
                    order += 1
                    if initialValues[key] == nil {
                        initialValues[key] = property.value(of: TransitionAnimator.layer(at: changePath, in: transition.window))
                    }
                    rest.clear(property)
                }
                changes.append((changePath, rest))
            }
            completions.append((completed, listOrder, changes))
        }

        /// Segments in start order, one track per animated property; a missing `from` continues
        /// from the previous segment's `to`.
        func tracks() -> [Track] {
            var tracks: [Track] = []
            for key in segmentsByKey.keys.sorted() {
                let entry = segmentsByKey[key]!
                // At equal start times a completion's step comes first: an animation that starts when
                // another ends (`after`) starts from the value the completion set.
                let sorted = entry.segments.sorted {
                    ($0.segment.startSeconds, $0.segment.isStep ? 0 : 1, $0.order) < (
                        $1.segment.startSeconds, $1.segment.isStep ? 0 : 1, $1.order
                    )
                }
                var previous = initialValues[key]!
                var segments: [Segment] = []
                for item in sorted {
                    var segment = item.segment
                    if !item.hasFrom { segment.from = previous }
                    previous = segment.to
                    segments.append(segment)
                }
                tracks.append(Track(path: entry.path, segments: segments))
            }
            return tracks
        }

        /// The completions and timed changes by time (then animation order, then the timed
        /// changes' order).
        func completionsInOrder() -> [(endSeconds: Double, changes: [(path: [Int], set: LayerPatch)])] {
            completions.sorted { ($0.endSeconds, $0.order) < ($1.endSeconds, $1.order) }.map { ($0.endSeconds, $0.changes) }
        }
    }
}
