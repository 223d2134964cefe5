import FlipbookGeometry
import FlipbookModel
import Foundation

/// Key-path values as numbers: what `byValue`, `isAdditive`, paced and cubic keyframes compute
/// with, component by component (numbers, points, sizes, rects).
extension Recorder {
    /// A value's components: a number is one, a point or size two, a rect four; nil for others.
    static func components(_ value: Any) -> [Double]? {
        if let number = number(value) { return [Double(number)] }
        switch value {
        case let p as CGPoint: return [Double(p.x), Double(p.y)]
        case let s as CGSize: return [Double(s.width), Double(s.height)]
        case let r as CGRect: return [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
        default: return nil
        }
    }

    /// Components turned back into a value of `template`'s type.
    static func value(_ components: [Double], like template: Any) -> Any {
        switch template {
        case is CGPoint: return CGPoint(x: components[0], y: components[1])
        case is CGSize: return CGSize(width: components[0], height: components[1])
        case is CGRect: return CGRect(x: components[0], y: components[1], width: components[2], height: components[3])
        default: return CGFloat(components[0])
        }
    }

    /// `a + sign·b`, component by component; nil when they are not numeric values of one shape.
    static func sum(_ a: Any, _ b: Any, sign: Double = 1) -> Any? {
        guard let x = components(a), let y = components(b), x.count == y.count else { return nil }
        return value(zip(x, y).map { $0 + sign * $1 }, like: a)
    }

    /// A numeric key path's value on a layer (nil for colours, paths, transforms).
    static func get(_ keyPath: String, of layer: CALayer) -> Any? {
        switch keyPath {
        case "opacity": return CGFloat(layer.opacity)
        case "position": return layer.position
        case "position.x": return layer.position.x
        case "position.y": return layer.position.y
        case "anchorPoint": return layer.anchorPoint
        case "bounds": return layer.bounds
        case "bounds.size": return layer.bounds.size
        case "bounds.size.width": return layer.bounds.size.width
        case "bounds.size.height": return layer.bounds.size.height
        case "bounds.origin": return layer.bounds.origin
        case "cornerRadius": return layer.cornerRadius
        case "borderWidth": return layer.borderWidth
        case "shadowOpacity": return CGFloat(layer.shadowOpacity)
        case "shadowOffset": return layer.shadowOffset
        case "shadowRadius": return layer.shadowRadius
        case "lineWidth": return (layer as? CAShapeLayer)?.lineWidth
        case "strokeStart": return (layer as? CAShapeLayer)?.strokeStart
        case "strokeEnd": return (layer as? CAShapeLayer)?.strokeEnd
        default: return nil
        }
    }

    /// One component of the model's transform for a `transform.…` key path, in Core Animation's
    /// units (radians for angles); nil for the others.
    static func transformComponentValue(_ keyPath: String, of transform: LayerTransform) -> Double? {
        let radians = Double.pi / 180
        switch keyPath {
        case "transform.scale", "transform.scale.x": return transform.scale.width
        case "transform.scale.y": return transform.scale.height
        case "transform.rotation", "transform.rotation.z": return transform.rotationDegrees * radians
        case "transform.rotation.x": return transform.rotationXDegrees * radians
        case "transform.rotation.y": return transform.rotationYDegrees * radians
        case "transform.translation.x": return transform.translation.x
        case "transform.translation.y": return transform.translation.y
        default: return nil
        }
    }
}
