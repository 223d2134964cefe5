import FlipbookGeometry
import FlipbookMotion
import FlipbookRaster

/// The properties an animation can interpolate.
package enum AnimatableProperty: String, CaseIterable, Hashable, Sendable {
    case frame, opacity, backgroundColor, cornerRadius, transform, boundsOrigin, anchorPoint, borderWidth, borderColor, sublayerTransform
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius, gradient, blur
    case textColor, fontSize
    /// A shape layer's (`ShapeContent`); the path is `"path"` in transition files.
    case shapePath = "path", fillColor, strokeColor, lineWidth, strokeStart, strokeEnd

    /// This property's value in a patch, if set.
    func value(in patch: LayerPatch) -> PropertyValue? {
        switch self {
        case .frame: return patch.frame.map(PropertyValue.frame)
        case .opacity: return patch.opacity.map(PropertyValue.opacity)
        case .backgroundColor: return patch.backgroundColor.map(PropertyValue.backgroundColor)
        case .cornerRadius: return patch.cornerRadius.map(PropertyValue.cornerRadius)
        case .transform: return patch.transform.map(PropertyValue.transform)
        case .boundsOrigin: return patch.boundsOrigin.map(PropertyValue.boundsOrigin)
        case .anchorPoint: return patch.anchorPoint.map(PropertyValue.anchorPoint)
        case .borderWidth: return patch.borderWidth.map(PropertyValue.borderWidth)
        case .borderColor: return patch.borderColor.map(PropertyValue.borderColor)
        case .sublayerTransform: return patch.sublayerTransform.map(PropertyValue.sublayerTransform)
        case .shadowColor: return patch.shadowColor.map(PropertyValue.shadowColor)
        case .shadowOpacity: return patch.shadowOpacity.map(PropertyValue.shadowOpacity)
        case .shadowOffset: return patch.shadowOffset.map(PropertyValue.shadowOffset)
        case .shadowRadius: return patch.shadowRadius.map(PropertyValue.shadowRadius)
        case .gradient: return patch.gradient.map(PropertyValue.gradient)
        case .blur: return patch.blur.map(PropertyValue.blur)
        case .textColor: return patch.textColor.map(PropertyValue.textColor)
        case .fontSize: return patch.fontSizePoints.map(PropertyValue.fontSize)
        case .shapePath: return patch.shapePath.map(PropertyValue.shapePath)
        case .fillColor: return patch.fillColor.map(PropertyValue.fillColor)
        case .strokeColor: return patch.strokeColor.map(PropertyValue.strokeColor)
        case .lineWidth: return patch.lineWidth.map(PropertyValue.lineWidth)
        case .strokeStart: return patch.strokeStart.map(PropertyValue.strokeStart)
        case .strokeEnd: return patch.strokeEnd.map(PropertyValue.strokeEnd)
        }
    }

    /// This property's value on a layer (a layer without a background is `.clear`).
    func value(of layer: Layer) -> PropertyValue {
        switch self {
        case .frame: return .frame(layer.frame)
        case .opacity: return .opacity(layer.opacity)
        case .backgroundColor: return .backgroundColor(layer.backgroundColor ?? .clear)
        case .cornerRadius: return .cornerRadius(layer.cornerRadius)
        case .transform: return .transform(layer.transform)
        case .boundsOrigin: return .boundsOrigin(layer.boundsOrigin)
        case .anchorPoint: return .anchorPoint(layer.anchorPoint)
        case .borderWidth: return .borderWidth(layer.borderWidth)
        case .borderColor: return .borderColor(layer.borderColor)
        case .sublayerTransform: return .sublayerTransform(layer.sublayerTransform)
        case .shadowColor: return .shadowColor(layer.shadowColor)
        case .shadowOpacity: return .shadowOpacity(layer.shadowOpacity)
        case .shadowOffset: return .shadowOffset(layer.shadowOffset)
        case .shadowRadius: return .shadowRadius(layer.shadowRadius)
        case .gradient: return .gradient(layer.gradient)
        case .blur: return .blur(layer.blur ?? .none)
        case .textColor: return .textColor(layer.text?.color ?? .clear)
        // A layer without text has nothing to size; 17 pt is UILabel's default.
        case .fontSize: return .fontSize(layer.text?.sizePoints ?? 17)
        // A layer that is not a shape layer has Core Animation's defaults.
        case .shapePath: return .shapePath(layer.shapeContent?.path ?? BezierPath())
        case .fillColor: return .fillColor(layer.shapeContent?.fillColor ?? ShapeContent().fillColor)
        case .strokeColor: return .strokeColor(layer.shapeContent?.strokeColor ?? .clear)
        case .lineWidth: return .lineWidth(layer.shapeContent?.lineWidth ?? 1)
        case .strokeStart: return .strokeStart(layer.shapeContent?.strokeStart ?? 0)
        case .strokeEnd: return .strokeEnd(layer.shapeContent?.strokeEnd ?? 1)
        }
    }
}

/// One animatable property's value.
enum PropertyValue: Hashable, Sendable {
    case frame(Rect), opacity(Double), backgroundColor(StraightColor), cornerRadius(Double), transform(LayerTransform), boundsOrigin(Point)
    case anchorPoint(Point), borderWidth(Double), borderColor(StraightColor), sublayerTransform(LayerTransform)
    case shadowColor(StraightColor), shadowOpacity(Double), shadowOffset(Size), shadowRadius(Double), gradient(Gradient?), blur(BlurEffect)
    case textColor(StraightColor), fontSize(Double)
    case shapePath(BezierPath), fillColor(StraightColor), strokeColor(StraightColor), lineWidth(Double), strokeStart(Double), strokeEnd(
        Double)

    /// `a + (b − a)·p` for values of the same property (p unclamped: springs overshoot).
    static func interpolate(_ a: PropertyValue, _ b: PropertyValue, progress p: Double) -> PropertyValue {
        switch (a, b) {
        case let (.frame(x), .frame(y)): return .frame(.interpolate(from: x, to: y, progress: p))
        case let (.opacity(x), .opacity(y)): return .opacity(.interpolate(from: x, to: y, progress: p))
        case let (.backgroundColor(x), .backgroundColor(y)): return .backgroundColor(.interpolate(from: x, to: y, progress: p))
        case let (.cornerRadius(x), .cornerRadius(y)): return .cornerRadius(.interpolate(from: x, to: y, progress: p))
        case let (.transform(x), .transform(y)): return .transform(.interpolate(from: x, to: y, progress: p))
        case let (.boundsOrigin(x), .boundsOrigin(y)): return .boundsOrigin(.interpolate(from: x, to: y, progress: p))
        case let (.anchorPoint(x), .anchorPoint(y)): return .anchorPoint(.interpolate(from: x, to: y, progress: p))
        case let (.borderWidth(x), .borderWidth(y)): return .borderWidth(.interpolate(from: x, to: y, progress: p))
        case let (.borderColor(x), .borderColor(y)): return .borderColor(.interpolate(from: x, to: y, progress: p))
        case let (.sublayerTransform(x), .sublayerTransform(y)): return .sublayerTransform(.interpolate(from: x, to: y, progress: p))
        case let (.shadowColor(x), .shadowColor(y)): return .shadowColor(.interpolate(from: x, to: y, progress: p))
        case let (.shadowOpacity(x), .shadowOpacity(y)): return .shadowOpacity(.interpolate(from: x, to: y, progress: p))
        case let (.shadowOffset(x), .shadowOffset(y)): return .shadowOffset(.interpolate(from: x, to: y, progress: p))
        case let (.shadowRadius(x), .shadowRadius(y)): return .shadowRadius(.interpolate(from: x, to: y, progress: p))
        case let (.gradient(x), .gradient(y)):
            // No gradient animates as the other one's stops, transparent.
            guard let from = x ?? y?.transparent, let to = y ?? x?.transparent else { return .gradient(nil) }
            return .gradient(.interpolate(from: from, to: to, progress: p))
        case let (.blur(x), .blur(y)): return .blur(.interpolate(from: x, to: y, progress: p))
        case let (.textColor(x), .textColor(y)): return .textColor(.interpolate(from: x, to: y, progress: p))
        case let (.fontSize(x), .fontSize(y)): return .fontSize(.interpolate(from: x, to: y, progress: p))
        case let (.shapePath(x), .shapePath(y)):
            // Point by point between paths of the same elements; otherwise Core Animation shows
            // the new path as soon as the animation runs.
            return .shapePath(x.interpolated(to: y, fraction: p) ?? y)
        case let (.fillColor(x), .fillColor(y)): return .fillColor(.interpolate(from: x, to: y, progress: p))
        case let (.strokeColor(x), .strokeColor(y)): return .strokeColor(.interpolate(from: x, to: y, progress: p))
        case let (.lineWidth(x), .lineWidth(y)): return .lineWidth(.interpolate(from: x, to: y, progress: p))
        case let (.strokeStart(x), .strokeStart(y)): return .strokeStart(.interpolate(from: x, to: y, progress: p))
        case let (.strokeEnd(x), .strokeEnd(y)): return .strokeEnd(.interpolate(from: x, to: y, progress: p))
        default: preconditionFailure("interpolating values of different properties: \(a), \(b)")
        }
    }

    /// Writes the value into a layer.
    package func apply(to layer: inout Layer) {
        switch self {
        case let .frame(value): layer.frame = value
        case let .opacity(value): layer.opacity = value
        case let .backgroundColor(value): layer.backgroundColor = value
        case let .cornerRadius(value): layer.cornerRadius = value
        case let .transform(value): layer.transform = value
        case let .boundsOrigin(value): layer.boundsOrigin = value
        case let .anchorPoint(value): layer.anchorPoint = value
        case let .borderWidth(value): layer.borderWidth = value
        case let .borderColor(value): layer.borderColor = value
        case let .sublayerTransform(value): layer.sublayerTransform = value
        case let .shadowColor(value): layer.shadowColor = value
        case let .shadowOpacity(value): layer.shadowOpacity = value
        case let .shadowOffset(value): layer.shadowOffset = value
        case let .shadowRadius(value): layer.shadowRadius = value
        case let .gradient(value): layer.gradient = value
        case let .blur(value): layer.blur = value.isNone && value.style == nil ? nil : value
        case let .textColor(value): layer.text?.color = value
        // A spring may overshoot below zero: the text engine needs a size > 0 (1/100 pt draws nothing visible).
        case let .fontSize(value): layer.text?.sizePoints = value.isFinite ? max(value, 0.01) : 0.01
        case let .shapePath(value): layer.shapeContent = layer.shapeContent ?? ShapeContent(); layer.shapeContent?.path = value
        case let .fillColor(value): layer.shapeContent = layer.shapeContent ?? ShapeContent(); layer.shapeContent?.fillColor = value
        case let .strokeColor(value): layer.shapeContent = layer.shapeContent ?? ShapeContent(); layer.shapeContent?.strokeColor = value
        case let .lineWidth(value): layer.shapeContent = layer.shapeContent ?? ShapeContent(); layer.shapeContent?.lineWidth = value
        case let .strokeStart(value): layer.shapeContent = layer.shapeContent ?? ShapeContent(); layer.shapeContent?.strokeStart = value
        case let .strokeEnd(value): layer.shapeContent = layer.shapeContent ?? ShapeContent(); layer.shapeContent?.strokeEnd = value
        }
    }
}
