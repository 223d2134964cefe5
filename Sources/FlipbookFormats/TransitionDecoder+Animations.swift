import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookSamples
import FlipbookSupport
import Foundation

/// Animations and completions of a transition file: targets, patches over time, changes.
extension TransitionDecoder {
    /// The layer named by `field`, which must exist.
    func target(_ field: JSONField) throws -> String {
        let name = try field.nonEmptyString()
        guard layerPaths[name] != nil else {
            let hint = Suggestions.fileHint(name, in: layerPaths.keys.sorted())
            throw field.fail("no layer is named \(InputText.quoted(name))\(hint)")
        }
        return name
    }

    mutating func animation(_ field: JSONField) throws -> Animation {
        let object = try field.object(known: TransitionDecoder.animationKeys)
        let target = try self.target(object.required("target", "the name of the layer animated"))
        let origin = parentOrigins[target] ?? .zero
        parentSizeForFrames = parentSizes[target]
        defer { parentSizeForFrames = nil }
        var animation = Animation(target: target)
        animation.name = try object.optional("name")?.nonEmptyString()
        if let from = object.optional("from") {
            animation.from = try patch(
                from, object: from.object(known: TransitionDecoder.patchKeys, listed: TransitionDecoder.animatableKeys),
                targetParent: origin, animatableOnly: true, allowRemoved: false)
        }
        if let to = object.optional("to") {
            animation.to = try patch(
                to, object: to.object(known: TransitionDecoder.patchKeys, listed: TransitionDecoder.animatableKeys), targetParent: origin,
                animatableOnly: true, allowRemoved: false)
            if animation.to.animatedProperties.isEmpty {
                throw to.fail("sets nothing to animate (" + TransitionDecoder.animatableKeysInWords + ")")
            }
        }
        if let keyframes = object.optional("keyframes") {
            if object.has("to") { throw keyframes.fail("give \"to\" or \"keyframes\", not both") }
            let list = try keyframes.array()
            guard !list.isEmpty else { throw keyframes.fail("needs at least one keyframe") }
            animation.keyframes = try list.map { entry in
                let keyframe = try entry.object(known: ["start", "duration", "to", "curve", "damping", "velocity"])
                let start = try keyframe.required("start", "relative start time, 0…1").number(in: 0...1)
                let durationField = try keyframe.required("duration", "relative duration, 0…1")
                let duration = try durationField.number(in: 0...1)
                guard duration > 0, start + duration <= 1 + 1e-9 else {
                    throw durationField.fail("must be greater than 0, with start + duration at most 1")
                }
                let to = try keyframe.required("to", "the values reached at the keyframe's end")
                let patch = try self.patch(
                    to, object: to.object(known: TransitionDecoder.patchKeys, listed: TransitionDecoder.animatableKeys),
                    targetParent: origin, animatableOnly: true, allowRemoved: false)
                if patch.animatedProperties.isEmpty {
                    throw to.fail("sets nothing to animate (" + TransitionDecoder.animatableKeysInWords + ")")
                }
                var curve = TimingCurve.bezier(.linear)
                if let curveField = keyframe.optional("curve") {
                    curve = try self.curve(keyframe) ?? curve
                    if case .springPhysics = curve { throw curveField.fail("a keyframe's curve must be a Bézier or \"spring\"") }
                }
                return Keyframe(relativeStart: start, relativeDuration: duration, to: patch, curve: curve)
            }
        }
        if !object.has("to") && !object.has("keyframes") {
            throw field.fail("missing \"to\" (or \"keyframes\"): what the animation changes")
        }
        // A `from` value for a property the animation does not animate would silently do nothing.
        if let from = object.optional("from") {
            let animated = Set(animation.to.animatedProperties + animation.keyframes.flatMap(\.to.animatedProperties))
            let keyOf: [AnimatableProperty: String] = [
                .frame: "frame", .opacity: "opacity", .backgroundColor: "backgroundColor",
                .cornerRadius: "cornerRadius", .transform: "transform", .boundsOrigin: "scroll",
                .anchorPoint: "anchorPoint", .borderWidth: "borderWidth", .borderColor: "borderColor",
                .sublayerTransform: "sublayerTransform",
                .shadowColor: "shadowColor", .shadowOpacity: "shadowOpacity", .shadowOffset: "shadowOffset",
                .shadowRadius: "shadowRadius", .gradient: "gradient", .blur: "blur",
                .textColor: "textColor", .fontSize: "fontSize", .shapePath: "path",
                .fillColor: "fillColor", .strokeColor: "strokeColor", .lineWidth: "lineWidth",
                .strokeStart: "strokeStart", .strokeEnd: "strokeEnd"
            ]
            for property in animation.from.animatedProperties where !animated.contains(property) {
                let key = keyOf[property]!
                throw try from.object(known: TransitionDecoder.patchKeys).optional(key)!.fail(
                    "\"\(key)\" is not animated (not in \"to\" or a keyframe), so it has no start value")
            }
        }
        animation.delaySeconds = try object.optional("delay")?.number(in: 0...600) ?? 0
        animation.after = try object.optional("after")?.nonEmptyString()
        let curve = try self.curve(object)
        var duration = try object.optional("duration")?.number(in: TransitionDecoder.animationDurationRangeSeconds)
        // A spring-physics curve lasts its settling time unless told otherwise (as in `timing`).
        if duration == nil, let curve, case let .springPhysics(spring) = curve {
            guard TimingRequest.durationRangeSeconds.contains(spring.settlingDurationSeconds) else {
                throw (object.optional("curve") ?? object.field).fail(
                    "the spring settles after \(NumberText.shortest(spring.settlingDurationSeconds)) s; give \"duration\"")
            }
            duration = spring.settlingDurationSeconds
        }
        animation.timing = AnimationTiming(curve: curve, durationSeconds: duration)
        if let completion = object.optional("completion") { animation.completion = try completion.array().map { try change($0) } }
        return animation
    }

    /// An animation's own `duration`, in seconds: as long as a transition's, but down to a
    /// microsecond, because recordings of UIKit code write holds (a value kept, not moved) that
    /// last one — short enough never to add a frame — and an exported recording must read back.
    static let animationDurationRangeSeconds: ClosedRange<Double> = 0.000_001...TimingRequest.durationRangeSeconds.upperBound

    /// `{"at": SECONDS, "changes": [{"target": NAME, "set": {…}}, …]}`: changes made at a time
    /// (0 … `TransitionAnimator.maximumDurationSeconds`), not at an animation's end.
    mutating func timedChanges(_ field: JSONField) throws -> TimedChanges {
        let object = try field.object(known: ["at", "changes"])
        let at = try object.required("at", "seconds from the transition's start").number(in: 0...TransitionAnimator.maximumDurationSeconds)
        let changes = try object.required("changes", "the changes made at that time").array().map { try change($0) }
        return TimedChanges(atSeconds: at, changes: changes)
    }

    /// `{"target": NAME, "set": {…}}`.
    mutating func change(_ field: JSONField) throws -> LayerChange {
        let object = try field.object(known: ["target", "set"])
        let target = try self.target(object.required("target", "the name of the layer changed"))
        let set = try object.required("set", "the properties to set")
        parentSizeForFrames = parentSizes[target]
        defer { parentSizeForFrames = nil }
        let patch = try self.patch(
            set, object: set.object(known: TransitionDecoder.patchKeys), targetParent: parentOrigins[target] ?? .zero,
            animatableOnly: false, allowRemoved: true)
        return LayerChange(target: target, set: patch)
    }
}
