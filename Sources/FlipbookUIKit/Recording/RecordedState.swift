import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookRaster
import Foundation

/// A value of one of the model's animatable properties.
enum PropertyValue: Equatable {
    case rect(Rect), number(Double), color(StraightColor), transform(LayerTransform), point(Point), size(Size)
    case gradient(Gradient?), blur(BlurEffect), path(BezierPath)

    static func interpolate(_ a: PropertyValue, _ b: PropertyValue, progress p: Double) -> PropertyValue {
        switch (a, b) {
        case let (.rect(x), .rect(y)): return .rect(.interpolate(from: x, to: y, progress: p))
        case let (.number(x), .number(y)): return .number(.interpolate(from: x, to: y, progress: p))
        case let (.color(x), .color(y)): return .color(.interpolate(from: x, to: y, progress: p))
        case let (.transform(x), .transform(y)): return .transform(.interpolate(from: x, to: y, progress: p))
        case let (.point(x), .point(y)): return .point(.interpolate(from: x, to: y, progress: p))
        case let (.size(x), .size(y)): return .size(.interpolate(from: x, to: y, progress: p))
        case let (.blur(x), .blur(y)): return .blur(.interpolate(from: x, to: y, progress: p))
        // Point by point between paths of the same elements, else the new path (the model's rule).
        case let (.path(x), .path(y)): return .path(p == 0 ? x : x.interpolated(to: y, fraction: p) ?? y)
        case let (.gradient(x), .gradient(y)):
            // No gradient animates as the same stops, transparent (the model's rule).
            guard let from = x ?? y.map(\.transparentStops), let to = y ?? x.map(\.transparentStops) else { return .gradient(nil) }
            return .gradient(p == 0 ? x : p == 1 ? y : .interpolate(from: from, to: to, progress: p))
        default: preconditionFailure("interpolating values of different properties")
        }
    }

    /// The transform, for a transform value.
    var transformValue: LayerTransform? { if case let .transform(t) = self { return t } else { return nil } }

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
        case let (.anchorPoint, .point(value)): patch.anchorPoint = value
        case let (.borderWidth, .number(value)): patch.borderWidth = value
        case let (.borderColor, .color(value)): patch.borderColor = value
        case let (.sublayerTransform, .transform(value)): patch.sublayerTransform = value
        case let (.shadowColor, .color(value)): patch.shadowColor = value
        case let (.shadowOpacity, .number(value)): patch.shadowOpacity = value
        case let (.shadowOffset, .size(value)): patch.shadowOffset = value
        case let (.shadowRadius, .number(value)): patch.shadowRadius = value
        case let (.gradient, .gradient(value)): patch.gradient = value
        case let (.blur, .blur(value)): patch.blur = value
        case let (.shapePath, .path(value)): patch.shapePath = value
        case let (.fillColor, .color(value)): patch.fillColor = value
        case let (.strokeColor, .color(value)): patch.strokeColor = value
        case let (.lineWidth, .number(value)): patch.lineWidth = value
        case let (.strokeStart, .number(value)): patch.strokeStart = value
        case let (.strokeEnd, .number(value)): patch.strokeEnd = value
        default: preconditionFailure("value of another property")
        }
        return patch
    }
}

extension Gradient {
    /// The same stops, transparent.
    var transparentStops: Gradient {
        var copy = self
        copy.colors = colors.map { StraightColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: 0) }
        return copy
    }
}

/// A view's animatable properties in the model's terms.
struct AnimatableState: Equatable {
    /// The model's animatable properties a view records: every one but the label's text colour
    /// and font size (a label's text is recorded whole, set at once, as UIKit does not animate
    /// `textColor` or `font`).
    static let recordedProperties: [AnimatableProperty] = AnimatableProperty.allCases.filter { $0 != .textColor && $0 != .fontSize }

    /// The properties a `UIView.animate` block animates (UIKit's animatable view properties —
    /// frame, bounds, center, transform, alpha, backgroundColor — the layer's `cornerRadius`
    /// since iOS 11, and a visual effect view's `effect`); a change of any other layer property
    /// inside a block applies at once, as on iOS. `CABasicAnimation` animates them all.
    static let animatedByViewBlocks: Set<AnimatableProperty> = [
        .frame, .boundsOrigin, .transform, .opacity, .backgroundColor, .cornerRadius, .blur
    ]

    var frame: Rect
    var transform: LayerTransform
    var opacity: Double
    var backgroundColor: StraightColor?
    var cornerRadius: Double
    var boundsOrigin: Point
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var borderWidth = 0.0
    var borderColor = StraightColor.black
    var sublayerTransform = LayerTransform.identity
    var shadowColor = StraightColor.black
    var shadowOpacity = 0.0
    var shadowOffset = Size(width: 0, height: -3)
    var shadowRadius = 3.0
    var gradient: Gradient?
    var blur = BlurEffect.none
    /// A `CAShapeLayer`'s animatable properties (Core Animation's defaults for any other layer,
    /// which does not draw them).
    var shape = ShapeContent()
    /// True for a `CAShapeLayer`: the model layer gets `shape` (set once, never animated).
    var isShapeLayer = false

    func value(_ property: AnimatableProperty) -> PropertyValue {
        switch property {
        case .frame: return .rect(frame)
        case .opacity: return .number(opacity)
        case .backgroundColor: return .color(backgroundColor ?? .clear)
        case .cornerRadius: return .number(cornerRadius)
        case .transform: return .transform(transform)
        case .boundsOrigin: return .point(boundsOrigin)
        case .anchorPoint: return .point(anchorPoint)
        case .borderWidth: return .number(borderWidth)
        case .borderColor: return .color(borderColor)
        case .sublayerTransform: return .transform(sublayerTransform)
        case .shadowColor: return .color(shadowColor)
        case .shadowOpacity: return .number(shadowOpacity)
        case .shadowOffset: return .size(shadowOffset)
        case .shadowRadius: return .number(shadowRadius)
        case .gradient: return .gradient(gradient)
        case .blur: return .blur(blur)
        case .shapePath: return .path(shape.path)
        case .fillColor: return .color(shape.fillColor)
        case .strokeColor: return .color(shape.strokeColor)
        case .lineWidth: return .number(shape.lineWidth)
        case .strokeStart: return .number(shape.strokeStart)
        case .strokeEnd: return .number(shape.strokeEnd)
        case .textColor, .fontSize: preconditionFailure("\(property) is recorded with the label's text")
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
        case let (.anchorPoint, .point(v)): anchorPoint = v
        case let (.borderWidth, .number(v)): borderWidth = v
        case let (.borderColor, .color(v)): borderColor = v
        case let (.sublayerTransform, .transform(v)): sublayerTransform = v
        case let (.shadowColor, .color(v)): shadowColor = v
        case let (.shadowOpacity, .number(v)): shadowOpacity = v
        case let (.shadowOffset, .size(v)): shadowOffset = v
        case let (.shadowRadius, .number(v)): shadowRadius = v
        case let (.gradient, .gradient(v)): gradient = v
        case let (.blur, .blur(v)): blur = v
        case let (.shapePath, .path(v)): shape.path = v
        case let (.fillColor, .color(v)): shape.fillColor = v
        case let (.strokeColor, .color(v)): shape.strokeColor = v
        case let (.lineWidth, .number(v)): shape.lineWidth = v
        case let (.strokeStart, .number(v)): shape.strokeStart = v
        case let (.strokeEnd, .number(v)): shape.strokeEnd = v
        default: preconditionFailure("value of another property")
        }
    }

    /// Applies the values to a model layer.
    func apply(to layer: inout Layer) {
        layer.frame = frame; layer.transform = transform; layer.opacity = opacity
        layer.backgroundColor = backgroundColor; layer.cornerRadius = cornerRadius; layer.boundsOrigin = boundsOrigin
        layer.anchorPoint = anchorPoint; layer.borderWidth = borderWidth; layer.borderColor = borderColor
        layer.sublayerTransform = sublayerTransform; layer.shadowColor = shadowColor; layer.shadowOpacity = shadowOpacity
        layer.shadowOffset = shadowOffset; layer.shadowRadius = shadowRadius; layer.gradient = gradient
        layer.blur = blur.isNone && blur.style == nil ? nil : blur
        if isShapeLayer {
            let style = layer.shapeContent?.style ?? ShapeStyle()
            layer.shapeContent = shape
            layer.shapeContent?.style = style
        }
    }
}

/// A view's properties that are set at once (never interpolated) in the model's terms.
struct StaticState: Equatable {
    var isHidden: Bool
    var clipsToBounds: Bool
    var imageSource: String?
    var contentMode: FlipbookRaster.ContentMode
    var text: TextContent?
    var maskedCorners = CornerMask.all
    var cornerCurve = CornerCurve.circular
    var isDoubleSided = true
    var shadowPath: Path?
    /// A `CAShapeLayer`'s fill rule, caps, joins and dashes; nil for any other layer.
    var shapeStyle: ShapeStyle?

    /// What changed from `old`, as a patch (values the model cannot unset, an image or text
    /// taken away, keep their old value).
    func patch(from old: StaticState) -> LayerPatch? {
        var patch = LayerPatch(), changed = false
        if isHidden != old.isHidden { patch.isHidden = isHidden; changed = true }
        if clipsToBounds != old.clipsToBounds { patch.clipsToBounds = clipsToBounds; changed = true }
        if imageSource != old.imageSource, let imageSource { patch.imageSource = imageSource; changed = true }
        if contentMode != old.contentMode { patch.contentMode = contentMode; changed = true }
        if text != old.text, let text { patch.text = text; changed = true }
        if maskedCorners != old.maskedCorners { patch.maskedCorners = maskedCorners; changed = true }
        if cornerCurve != old.cornerCurve { patch.cornerCurve = cornerCurve; changed = true }
        if isDoubleSided != old.isDoubleSided { patch.isDoubleSided = isDoubleSided; changed = true }
        if shadowPath != old.shadowPath, let shadowPath { patch.shadowPath = shadowPath; changed = true }
        if shapeStyle != old.shapeStyle, let shapeStyle { patch.shapeStyle = shapeStyle; changed = true }
        return changed ? patch : nil
    }

    func apply(to layer: inout Layer) {
        layer.isHidden = isHidden; layer.clipsToBounds = clipsToBounds; layer.imageSource = imageSource
        layer.contentMode = contentMode; layer.text = text
        layer.maskedCorners = maskedCorners; layer.cornerCurve = cornerCurve; layer.isDoubleSided = isDoubleSided
        layer.shadowPath = shadowPath
        if let shapeStyle { layer.shapeContent = layer.shapeContent ?? ShapeContent(); layer.shapeContent?.style = shapeStyle }
    }
}

extension UIView {
    /// The view's animatable properties as the model has them.
    var animatableState: AnimatableState { Self.animatableState(of: layer) }

    /// A layer's animatable properties as the model has them; a transform the model cannot
    /// draw fails the recording, naming the view.
    static func animatableState(of layer: CALayer) -> AnimatableState {
        let geometry = LayerGeometry(layer)
        let frame = geometry.untransformedFrame
        func transform(_ matrix: CATransform3D, _ what: String) -> LayerTransform {
            switch LayerTransform.recorded(matrix) {
            case let .success(made): return made
            case let .failure(refused):
                Recorder.current?.fail(
                    .unrepresentableTransform(view: layer.owner?.recordingName ?? "CALayer", property: what, reason: refused.reason))
                return .identity
            }
        }
        // A gradient sublayer is drawn as the model draws a layer's gradient: filling the bounds.
        let gradientLayer =
            layer as? CAGradientLayer ?? layer.sublayers?.lazy.compactMap { $0 as? CAGradientLayer }.first { $0.owner == nil }
        return AnimatableState(
            frame: Rect(x: Double(frame.minX), y: Double(frame.minY), width: Double(frame.width), height: Double(frame.height)),
            transform: transform(layer.transform, "transform"),
            opacity: Double(layer.opacityValue),
            backgroundColor: layer.backgroundColor.map { UIColor(cgColor: $0).straightColor },
            cornerRadius: Double(layer.cornerRadius),
            boundsOrigin: Point(x: Double(layer.bounds.minX), y: Double(layer.bounds.minY)),
            anchorPoint: Point(x: Double(layer.anchorPoint.x), y: Double(layer.anchorPoint.y)),
            borderWidth: Double(layer.borderWidth),
            borderColor: layer.borderColor.map { UIColor(cgColor: $0).straightColor } ?? .clear,
            sublayerTransform: transform(layer.sublayerTransform, "sublayerTransform"),
            shadowColor: layer.shadowColor.map { UIColor(cgColor: $0).straightColor } ?? .clear,
            shadowOpacity: Double(layer.shadowOpacity),
            shadowOffset: Size(width: Double(layer.shadowOffset.width), height: Double(layer.shadowOffset.height)),
            shadowRadius: Double(layer.shadowRadius),
            gradient: gradientLayer?.modelGradient,
            blur: (layer.owner as? UIVisualEffectView)?.blurEffect ?? .none,
            shape: (layer as? CAShapeLayer).map(shapeContent) ?? ShapeContent(),
            isShapeLayer: layer is CAShapeLayer)
    }

    /// A shape layer's animatable properties in the model's terms; a path with more elements
    /// than a path may have fails the recording, naming the layer.
    static func shapeContent(of layer: CAShapeLayer) -> ShapeContent {
        func color(_ value: CGColor?) -> StraightColor { value.map { UIColor(cgColor: $0).straightColor } ?? .clear }
        var content = ShapeContent()
        if let path = layer.path?.bezier {
            if path.elements.count > BezierPath.maximumElementCount {
                Recorder.current?.fail(
                    .notDrawn(
                        view: layer.recordingView?.recordingName ?? "CAShapeLayer",
                        what: "a path of \(path.elements.count) elements (at most \(BezierPath.maximumElementCount))"))
            } else {
                content.path = path
            }
        }
        content.fillColor = color(layer.fillColor)
        content.strokeColor = color(layer.strokeColor)
        content.lineWidth = Double(layer.lineWidth)
        content.strokeStart = Double(layer.strokeStart)
        content.strokeEnd = Double(layer.strokeEnd)
        return content
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
        return StaticState(
            isHidden: layer.isHidden, clipsToBounds: layer.masksToBounds,
            imageSource: (self as? UIImageView)?.image.flatMap { $0.path.isEmpty ? nil : $0.path },
            contentMode: mode, text: (self as? UILabel)?.textContent,
            maskedCorners: CornerMask(rawValue: Int(layer.maskedCorners.rawValue)),
            cornerCurve: layer.cornerCurve == .continuous ? .continuous : .circular, isDoubleSided: layer.isDoubleSided,
            shadowPath: layer.shadowPath?.shadowOutline, shapeStyle: (layer as? CAShapeLayer)?.modelStyle)
    }

    /// Sets a layer's drawn properties from model values (a presentation layer).
    func applyToLayer(_ state: AnimatableState, _ target: CALayer) {
        func cgColor(_ c: StraightColor) -> CGColor { CGColor(srgbRed: c.red, green: c.green, blue: c.blue, alpha: c.alpha) }
        target.anchorPoint = CGPoint(x: state.anchorPoint.x, y: state.anchorPoint.y)
        target.bounds = CGRect(x: state.boundsOrigin.x, y: state.boundsOrigin.y, width: state.frame.width, height: state.frame.height)
        target.position = CGPoint(
            x: state.frame.x + state.anchorPoint.x * state.frame.width,
            y: state.frame.y + state.anchorPoint.y * state.frame.height)
        target.transform = state.transform.caTransform
        target.sublayerTransform = state.sublayerTransform.caTransform
        target.opacityValue = CGFloat(state.opacity)
        target.backgroundColor = state.backgroundColor.map(cgColor)
        target.cornerRadius = CGFloat(state.cornerRadius)
        target.borderWidth = CGFloat(state.borderWidth); target.borderColor = cgColor(state.borderColor)
        target.shadowColor = cgColor(state.shadowColor); target.shadowOpacity = Float(state.shadowOpacity)
        target.shadowOffset = CGSize(width: state.shadowOffset.width, height: state.shadowOffset.height)
        target.shadowRadius = CGFloat(state.shadowRadius)
        if let shape = target as? CAShapeLayer {
            shape.path = CGPath(state.shape.path)
            shape.fillColor = state.shape.fillColor.alpha > 0 ? cgColor(state.shape.fillColor) : nil
            shape.strokeColor = state.shape.strokeColor.alpha > 0 ? cgColor(state.shape.strokeColor) : nil
            shape.lineWidth = CGFloat(state.shape.lineWidth)
            shape.strokeStart = CGFloat(state.shape.strokeStart)
            shape.strokeEnd = CGFloat(state.shape.strokeEnd)
        }
    }
}
