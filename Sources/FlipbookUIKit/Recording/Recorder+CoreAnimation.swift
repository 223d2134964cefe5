import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import Foundation

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
        set {
            if transactionSettings.isEmpty {
                implicitTransaction = newValue
            } else {
                transactionSettings[transactionSettings.count - 1] = newValue
            }
        }
    }

    /// A step: `value` set at once now (in a completion's moment).
    func appendStep(_ record: ViewRecord, _ property: AnimatableProperty, _ value: PropertyValue) {
        if momentCount == 0 {
            appendSegment(
                record, property, startSeconds: clockSeconds,
                timing: Timing(curve: .bezier(.linear), durationSeconds: Recorder.holdSeconds),
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

    /// Sets a key path's value on a scratch layer; false when the key path is not one of these
    /// or the value is of another type.
    @discardableResult static func set(_ keyPath: String, _ value: Any, on layer: CALayer) -> Bool {
        switch keyPath {
        case "opacity": if let v = number(value) { layer.opacity = Float(v); return true }
        case "position": if let v = value as? CGPoint { layer.position = v; return true }
        case "position.x": if let v = number(value) { layer.position.x = v; return true }
        case "position.y": if let v = number(value) { layer.position.y = v; return true }
        case "anchorPoint": if let v = value as? CGPoint { layer.anchorPoint = v; return true }
        case "bounds": if let v = value as? CGRect { layer.bounds = v; return true }
        case "bounds.size": if let v = value as? CGSize { layer.bounds.size = v; return true }
        case "bounds.size.width": if let v = number(value) { layer.bounds.size.width = v; return true }
        case "bounds.size.height": if let v = number(value) { layer.bounds.size.height = v; return true }
        case "bounds.origin": if let v = value as? CGPoint { layer.bounds.origin = v; return true }
        case "cornerRadius": if let v = number(value) { layer.cornerRadius = v; return true }
        case "borderWidth": if let v = number(value) { layer.borderWidth = v; return true }
        case "borderColor": if let v = color(value) { layer.borderColor = v; return true }
        case "shadowColor": if let v = color(value) { layer.shadowColor = v; return true }
        case "shadowOpacity": if let v = number(value) { layer.shadowOpacity = Float(v); return true }
        case "shadowOffset": if let v = value as? CGSize { layer.shadowOffset = v; return true }
        case "shadowRadius": if let v = number(value) { layer.shadowRadius = v; return true }
        case "sublayerTransform": if let v = value as? CATransform3D { layer.sublayerTransform = v; return true }
        case "backgroundColor": if let v = color(value) { layer.backgroundColor = v; return true }
        case "path", "fillColor", "strokeColor", "lineWidth", "strokeStart", "strokeEnd":
            guard let shape = layer as? CAShapeLayer else { return false }
            switch keyPath {
            case "path":
                if let v = value as? CGPath {
                    shape.path = v; return true
                } else if let v = value as? UIBezierPath {
                    shape.path = v.cgPath; return true
                }
            case "fillColor": if let v = color(value) { shape.fillColor = v; return true }
            case "strokeColor": if let v = color(value) { shape.strokeColor = v; return true }
            case "lineWidth": if let v = number(value) { shape.lineWidth = v; return true }
            case "strokeStart": if let v = number(value) { shape.strokeStart = v; return true }
            default: if let v = number(value) { shape.strokeEnd = v; return true }
            }
        case "transform":
            if let v = value as? CATransform3D {
                layer.transform = v; return true
            } else if let v = value as? CGAffineTransform {
                layer.setAffineTransform(v); return true
            }
        default:
            // Sub-paths of `transform` are recorded on the decomposed transform.
            return false
        }
        return false
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
