import Foundation
import FlipbookGeometry
import FlipbookMotion
import FlipbookModel

/// A `CATransaction`'s settings for the animations added inside it.
struct TransactionSettings {
    /// The duration of an animation added with none (`duration` 0): Core Animation's 0.25 s
    /// unless `setAnimationDuration` says otherwise (CATransaction.h: "Defines the default
    /// duration of animations added to layers. Defaults to 1/4s").
    var durationSeconds = 0.25
    /// The timing function of an animation added with none (CATransaction.h: "any layer
    /// animation added to the transaction that doesn't have a specific timing function will use
    /// this function"); nil: linear.
    var timingFunction: CAMediaTimingFunction?
    /// `setDisableActions` (kept: layer changes are never implicitly animated here).
    var disablesActions = false
}

extension Recorder {
    /// The innermost open transaction's settings (the run loop's implicit one when none is open).
    var currentTransaction: TransactionSettings {
        get { transactionSettings.last ?? implicitTransaction }
        set { if transactionSettings.isEmpty { implicitTransaction = newValue } else { transactionSettings[transactionSettings.count - 1] = newValue } }
    }

    /// Records an explicit animation added to a view's layer: from `fromValue` (or what is drawn
    /// now) to `toValue` (or the model value) with its timing, from its `beginTime` (or now);
    /// at its end the layer shows its model value again unless it fills forwards, and the
    /// delegate is told.
    func addLayerAnimation(_ animation: CAAnimation, to layer: CALayer) {
        let spring = (animation as? CASpringAnimation)?.spring
        if let spring, !spring.settlingDurationSeconds.isFinite, animation.duration <= 0 {
            fail(.neverEnds(view: layer.owner?.recordingName ?? "CALayer", reason: "a CASpringAnimation without damping never settles"))
            return
        }
        if animation.repeatCount.isInfinite || animation.repeatCount > 1 {
            fail(.neverEnds(view: layer.owner?.recordingName ?? "CALayer", reason: "repeating Core Animation animations are not supported"))
            return
        }
        let settings = currentTransaction
        let duration = max(animation.duration > 0 ? Double(animation.duration) : (spring?.settlingDurationSeconds ?? settings.durationSeconds),
                           Recorder.holdSeconds)
        let start = animation.beginTime > 0 ? max(Double(animation.beginTime), clockSeconds) : clockSeconds
        let end = start + duration
        let curve: TimingCurve = spring.map { .springPhysics($0) } ?? .bezier((animation.timingFunction ?? settings.timingFunction)?.bezier ?? .linear)
        let timing = Timing(curve: curve, durationSeconds: duration)
        transactionEndSeconds = max(transactionEndSeconds, end)
        let view = layer.recordingView
        defer {
            schedule(atSeconds: end, view: view?.recordingName ?? "CALayer") { [weak self] in
                if let self, let view, animation.isRemovedOnCompletion, animation.fillMode != .forwards, animation.fillMode != .both {
                    // The animation is removed: the layer shows its model value again.
                    let record = self.record(for: view)
                    let model = view.animatableState
                    for property in AnimatableState.recordedProperties where record.tracks[property] != nil {
                        self.appendStep(record, property, model.value(property))
                    }
                }
                animation.delegate?.animationDidStop(animation, finished: true)
            }
        }
        animation.delegate?.animationDidStart(animation)
        guard let view, let basic = animation as? CABasicAnimation, let keyPath = basic.keyPath else { return }
        if let window, !view.isDescendant(of: window) {
            fail(.animatedOutsideWindow(view: view.recordingName))
            return
        }
        let record = record(for: view)
        let fromLayer = presentationLayer(of: view), toLayer = layer.scratchCopy
        if let value = basic.fromValue { Recorder.set(keyPath, value, on: fromLayer) }
        if let value = basic.toValue { Recorder.set(keyPath, value, on: toLayer) }
        var from = UIView.animatableState(of: fromLayer), to = UIView.animatableState(of: toLayer)
        if keyPath.hasPrefix("transform."), let component = Recorder.transformComponent(keyPath) {
            // A sub-path animates one component of the decomposed transform, as Core Animation
            // does (a half turn about y stays a half turn, not the matrix's other reading).
            from.transform = record.value(.transform, atSeconds: clockSeconds).transformValue ?? from.transform
            to.transform = view.animatableState.transform
            if let value = basic.fromValue.flatMap(Recorder.number) { component(&from.transform, Double(value)) }
            if let value = basic.toValue.flatMap(Recorder.number) { component(&to.transform, Double(value)) }
        }
        let group = newGroup()
        for property in Recorder.properties(of: keyPath) {
            appendSegment(record, property, startSeconds: start, timing: timing, from: from.value(property), to: to.value(property), group: group)
        }
        if mainTiming == nil { mainTiming = timing }
    }

    /// A step: `value` set at once now (in a completion's moment).
    func appendStep(_ record: ViewRecord, _ property: AnimatableProperty, _ value: PropertyValue) {
        if momentCount == 0 {
            appendSegment(record, property, startSeconds: clockSeconds, timing: Timing(curve: .bezier(.linear), durationSeconds: Recorder.holdSeconds),
                          from: value, to: value, group: -1)
            return
        }
        record.tracks[property, default: Track()].entries.append(
            .init(startSeconds: clockSeconds, timing: nil, from: value, to: value, order: currentOrder + 1, group: -1, moment: momentCount))
        bumpOrder()
    }

    /// The model properties a key path moves.
    static func properties(of keyPath: String) -> [AnimatableProperty] {
        switch keyPath {
        case "opacity": return [.opacity]
        case "position", "position.x", "position.y": return [.frame]
        case "anchorPoint": return [.frame, .anchorPoint]
        case "bounds", "bounds.size", "bounds.size.width", "bounds.size.height": return [.frame, .boundsOrigin]
        case "bounds.origin": return [.boundsOrigin]
        case "cornerRadius": return [.cornerRadius]
        case "backgroundColor": return [.backgroundColor]
        case "borderWidth": return [.borderWidth]
        case "borderColor": return [.borderColor]
        case "shadowColor": return [.shadowColor]
        case "shadowOpacity": return [.shadowOpacity]
        case "shadowOffset": return [.shadowOffset]
        case "shadowRadius": return [.shadowRadius]
        case "path": return [.shapePath]
        case "fillColor": return [.fillColor]
        case "strokeColor": return [.strokeColor]
        case "lineWidth": return [.lineWidth]
        case "strokeStart": return [.strokeStart]
        case "strokeEnd": return [.strokeEnd]
        default:
            if keyPath.hasPrefix("sublayerTransform") { return [.sublayerTransform] }
            return keyPath.hasPrefix("transform") ? [.transform] : []
        }
    }

    static func number(_ value: Any) -> CGFloat? {
        switch value {
        case let v as CGFloat: return v
        case let v as Double: return CGFloat(v)
        case let v as Float: return CGFloat(v)
        case let v as Int: return CGFloat(v)
        case let v as NSNumber: return CGFloat(v.doubleValue)
        default: return nil
        }
    }

    /// Sets a key path's value on a scratch layer.
    static func set(_ keyPath: String, _ value: Any, on layer: CALayer) {
        switch keyPath {
        case "opacity": if let v = number(value) { layer.opacity = Float(v) }
        case "position": if let v = value as? CGPoint { layer.position = v }
        case "position.x": if let v = number(value) { layer.position.x = v }
        case "position.y": if let v = number(value) { layer.position.y = v }
        case "anchorPoint": if let v = value as? CGPoint { layer.anchorPoint = v }
        case "bounds": if let v = value as? CGRect { layer.bounds = v }
        case "bounds.size": if let v = value as? CGSize { layer.bounds.size = v }
        case "bounds.size.width": if let v = number(value) { layer.bounds.size.width = v }
        case "bounds.size.height": if let v = number(value) { layer.bounds.size.height = v }
        case "bounds.origin": if let v = value as? CGPoint { layer.bounds.origin = v }
        case "cornerRadius": if let v = number(value) { layer.cornerRadius = v }
        case "borderWidth": if let v = number(value) { layer.borderWidth = v }
        case "borderColor": if let v = color(value) { layer.borderColor = v }
        case "shadowColor": if let v = color(value) { layer.shadowColor = v }
        case "shadowOpacity": if let v = number(value) { layer.shadowOpacity = Float(v) }
        case "shadowOffset": if let v = value as? CGSize { layer.shadowOffset = v }
        case "shadowRadius": if let v = number(value) { layer.shadowRadius = v }
        case "sublayerTransform": if let v = value as? CATransform3D { layer.sublayerTransform = v }
        case "backgroundColor": if let v = color(value) { layer.backgroundColor = v }
        case "path", "fillColor", "strokeColor", "lineWidth", "strokeStart", "strokeEnd":
            guard let shape = layer as? CAShapeLayer else { return }
            switch keyPath {
            case "path": if let v = value as? CGPath { shape.path = v } else if let v = value as? UIBezierPath { shape.path = v.cgPath }
            case "fillColor": shape.fillColor = color(value)
            case "strokeColor": shape.strokeColor = color(value)
            case "lineWidth": if let v = number(value) { shape.lineWidth = v }
            case "strokeStart": if let v = number(value) { shape.strokeStart = v }
            default: if let v = number(value) { shape.strokeEnd = v }
            }
        case "transform": if let v = value as? CATransform3D { layer.transform = v } else if let v = value as? CGAffineTransform { layer.setAffineTransform(v) }
        default:
            // Sub-paths of `transform` are recorded on the decomposed transform (above).
            return
        }
    }

    private static func color(_ value: Any) -> CGColor? { (value as? CGColor) ?? (value as? UIColor)?.cgColor }

    /// The setter of one component of the model's transform for a `transform.…` key path
    /// (angles in radians, as Core Animation's); nil for the ones the model has not. On a
    /// transform recorded as a whole matrix the components apply before that matrix (in the
    /// layer's own space).
    static func transformComponent(_ keyPath: String) -> ((inout LayerTransform, Double) -> Void)? {
        let degrees = 180 / Double.pi
        switch keyPath {
        case "transform.scale": return { $0.scale = Size(width: $1, height: $1) }
        case "transform.scale.x": return { $0.scale.width = $1 }
        case "transform.scale.y": return { $0.scale.height = $1 }
        case "transform.rotation", "transform.rotation.z": return { $0.rotationDegrees = $1 * degrees }
        case "transform.rotation.x": return { $0.rotationXDegrees = $1 * degrees }
        case "transform.rotation.y": return { $0.rotationYDegrees = $1 * degrees }
        case "transform.translation.x": return { $0.translation.x = $1 }
        case "transform.translation.y": return { $0.translation.y = $1 }
        case "transform.translation.z": return { $0.translationZPoints = $1 }
        default: return nil
        }
    }
}
