import Foundation
import FlipbookGeometry
import FlipbookMotion
import FlipbookRaster
import FlipbookModel

/// A value of one of the model's animatable properties.
enum PropertyValue: Equatable {
    case rect(Rect), number(Double), color(StraightColor), transform(LayerTransform), point(Point)

    static func interpolate(_ a: PropertyValue, _ b: PropertyValue, progress p: Double) -> PropertyValue {
        switch (a, b) {
        case let (.rect(x), .rect(y)): return .rect(.interpolate(from: x, to: y, progress: p))
        case let (.number(x), .number(y)): return .number(.interpolate(from: x, to: y, progress: p))
        case let (.color(x), .color(y)): return .color(.interpolate(from: x, to: y, progress: p))
        case let (.transform(x), .transform(y)): return .transform(.interpolate(from: x, to: y, progress: p))
        case let (.point(x), .point(y)): return .point(.interpolate(from: x, to: y, progress: p))
        default: preconditionFailure("interpolating values of different properties")
        }
    }

    /// A patch setting `property` to this value.
    func patch(_ property: AnimatableProperty) -> LayerPatch {
        var patch = LayerPatch()
        switch (property, self) {
        case let (.frame, .rect(value)): patch.frame = value
        case let (.opacity, .number(value)): patch.opacity = value
        case let (.backgroundColor, .color(value)): patch.backgroundColor = value
        case let (.cornerRadius, .number(value)): patch.cornerRadius = value
        case let (.transform, .transform(value)): patch.transform = value
        case let (.boundsOrigin, .point(value)): patch.boundsOrigin = value
        default: preconditionFailure("value of another property")
        }
        return patch
    }
}

/// A view's animatable properties in the model's terms.
struct AnimatableState: Equatable {
    /// The model's animatable properties a view records today; the ones the drawing model
    /// gained since (anchor point, borders, shadows, gradients, blur, text colour and size) are
    /// not recorded from UIKit yet.
    static let recordedProperties: [AnimatableProperty] = [.frame, .opacity, .backgroundColor, .cornerRadius, .transform, .boundsOrigin]

    var frame: Rect
    var transform: LayerTransform
    var opacity: Double
    var backgroundColor: StraightColor?
    var cornerRadius: Double
    var boundsOrigin: Point

    func value(_ property: AnimatableProperty) -> PropertyValue {
        switch property {
        case .frame: return .rect(frame)
        case .opacity: return .number(opacity)
        case .backgroundColor: return .color(backgroundColor ?? .clear)
        case .cornerRadius: return .number(cornerRadius)
        case .transform: return .transform(transform)
        case .boundsOrigin: return .point(boundsOrigin)
        default:
            // The layer properties the drawing model gained (anchor point, borders, shadows,
            // gradients, blur, the sublayer transform) are not recorded from UIKit yet.
            preconditionFailure("\(property) is not recorded from UIKit")
        }
    }

    mutating func set(_ property: AnimatableProperty, _ value: PropertyValue) {
        switch (property, value) {
        case let (.frame, .rect(v)): frame = v
        case let (.opacity, .number(v)): opacity = v
        case let (.backgroundColor, .color(v)): backgroundColor = v
        case let (.cornerRadius, .number(v)): cornerRadius = v
        case let (.transform, .transform(v)): transform = v
        case let (.boundsOrigin, .point(v)): boundsOrigin = v
        default: preconditionFailure("value of another property")
        }
    }

    /// Applies the values to a model layer.
    func apply(to layer: inout Layer) {
        layer.frame = frame; layer.transform = transform; layer.opacity = opacity
        layer.backgroundColor = backgroundColor; layer.cornerRadius = cornerRadius; layer.boundsOrigin = boundsOrigin
    }
}

/// A view's properties that are set at once (never interpolated) in the model's terms.
struct StaticState: Equatable {
    var isHidden: Bool
    var clipsToBounds: Bool
    var imageSource: String?
    var contentMode: FlipbookRaster.ContentMode
    var text: TextContent?

    /// What changed from `old`, as a patch (values the model cannot unset, an image or text
    /// taken away, keep their old value).
    func patch(from old: StaticState) -> LayerPatch? {
        var patch = LayerPatch(), changed = false
        if isHidden != old.isHidden { patch.isHidden = isHidden; changed = true }
        if clipsToBounds != old.clipsToBounds { patch.clipsToBounds = clipsToBounds; changed = true }
        if imageSource != old.imageSource, let imageSource { patch.imageSource = imageSource; changed = true }
        if contentMode != old.contentMode { patch.contentMode = contentMode; changed = true }
        if text != old.text, let text { patch.text = text; changed = true }
        return changed ? patch : nil
    }

    func apply(to layer: inout Layer) {
        layer.isHidden = isHidden; layer.clipsToBounds = clipsToBounds; layer.imageSource = imageSource
        layer.contentMode = contentMode; layer.text = text
    }
}

extension LayerTransform {
    /// A layer's 4×4 transform about its anchor point as the model's transform about the
    /// frame's centre: the affine part (m11 m12 m21 m22 m41 m42) split into scale, rotation and
    /// translation, the translation moved from the anchor to the centre. Skew and perspective
    /// are not kept (docs/UIKIT.md).
    init(_ transform: CATransform3D, anchorPoint: CGPoint, size: CGSize) {
        let m = CATransform3DGetAffineTransform(transform)
        let a = Double(m.a), b = Double(m.b), c = Double(m.c), d = Double(m.d)
        let scaleX = (a * a + b * b).squareRoot()
        let rotation = scaleX == 0 ? 0 : deterministicAtan2(b, a)
        let scaleY = scaleX == 0 ? (c * c + d * d).squareRoot() : (a * d - b * c) / scaleX
        // About the centre C instead of the anchor A: t' = t + (A − C) − L·(A − C).
        let vx = (Double(anchorPoint.x) - 0.5) * Double(size.width), vy = (Double(anchorPoint.y) - 0.5) * Double(size.height)
        let tx = Double(m.tx) + vx - (a * vx + c * vy), ty = Double(m.ty) + vy - (b * vx + d * vy)
        let degrees = rotation * 180 / Double.pi
        self.init(translation: Point(x: tx == 0 ? 0 : tx, y: ty == 0 ? 0 : ty), rotationDegrees: degrees == 0 ? 0 : degrees,
                  scale: Size(width: scaleX, height: scaleY))
    }

    /// The inverse of `init(_:anchorPoint:size:)` for a transform without skew.
    func caTransform(anchorPoint: CGPoint, size: CGSize) -> CATransform3D {
        let radians = rotationDegrees * Double.pi / 180
        let (cosine, sine) = exactCosineAndSine(radians)
        let a = cosine * scale.width, b = sine * scale.width, c = -sine * scale.height, d = cosine * scale.height
        let vx = (Double(anchorPoint.x) - 0.5) * Double(size.width), vy = (Double(anchorPoint.y) - 0.5) * Double(size.height)
        let tx = translation.x - vx + (a * vx + c * vy), ty = translation.y - vy + (b * vx + d * vy)
        return CATransform3DMakeAffineTransform(CGAffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty))
    }
}

extension UIView {
    /// The view's animatable properties as the model has them.
    var animatableState: AnimatableState { Self.animatableState(of: layer) }

    /// A layer's animatable properties as the model has them.
    static func animatableState(of layer: CALayer) -> AnimatableState {
        let geometry = LayerGeometry(layer)
        let frame = geometry.untransformedFrame
        return AnimatableState(
            frame: Rect(x: Double(frame.minX), y: Double(frame.minY), width: Double(frame.width), height: Double(frame.height)),
            transform: LayerTransform(layer.transform, anchorPoint: layer.anchorPoint, size: layer.bounds.size),
            opacity: Double(layer.opacityValue),
            backgroundColor: layer.backgroundColor.map { UIColor(cgColor: $0).straightColor },
            cornerRadius: Double(layer.cornerRadius),
            boundsOrigin: Point(x: Double(layer.bounds.minX), y: Double(layer.bounds.minY)))
    }

    /// The view's at-once properties as the model has them.
    var staticState: StaticState {
        let mode: FlipbookRaster.ContentMode
        switch contentMode {
        case .scaleToFill, .redraw: mode = .scaleToFill
        case .scaleAspectFit: mode = .scaleAspectFit
        case .scaleAspectFill: mode = .scaleAspectFill
        default: mode = .center
        }
        return StaticState(isHidden: layer.isHidden, clipsToBounds: layer.masksToBounds, imageSource: (self as? UIImageView)?.image?.path,
                           contentMode: mode, text: (self as? UILabel)?.textContent)
    }

    /// Sets the layer's geometry, opacity, colour and corners from model values (a presentation
    /// layer).
    func applyToLayer(_ state: AnimatableState, _ target: CALayer) {
        target.anchorPoint = layer.anchorPoint
        target.bounds = CGRect(x: state.boundsOrigin.x, y: state.boundsOrigin.y, width: state.frame.width, height: state.frame.height)
        target.position = CGPoint(x: state.frame.x + Double(layer.anchorPoint.x) * state.frame.width,
                                  y: state.frame.y + Double(layer.anchorPoint.y) * state.frame.height)
        target.transform = state.transform.caTransform(anchorPoint: layer.anchorPoint, size: target.bounds.size)
        target.opacityValue = CGFloat(state.opacity)
        target.backgroundColor = state.backgroundColor.map { CGColor(srgbRed: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha) }
        target.cornerRadius = CGFloat(state.cornerRadius)
    }
}
