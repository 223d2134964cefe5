import FlipbookGeometry
import FlipbookModel
import FlipbookRaster
public import Foundation

/// A shape layer's fill rule (`CAShapeLayerFillRule`).
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    /// The rule's name.
    public let rawValue: String
    /// A rule.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Non-zero winding (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// Even-odd: every overlap is a hole.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// A shape layer's line ends (`CAShapeLayerLineCap`).
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    /// The cap's name.
    public let rawValue: String
    /// A cap.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Cut at the end point (the default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// A half disc.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// Half the width beyond the end point.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// A shape layer's line joins (`CAShapeLayerLineJoin`).
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    /// The join's name.
    public let rawValue: String
    /// A join.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Sharp, up to the miter limit (the default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// Rounded.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// Cut off.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// A layer that draws a path (`CAShapeLayer`): filled, then stroked, in its own coordinates,
/// above its background and under its sublayers; docs/UIKIT.md lists what is recorded. Added to a
/// view's layer (`addSublayer`) or set as a `mask`, it is recorded as a layer of its own. Its
/// setters apply at once (a standalone layer's implicit animations are not recorded);
/// `CABasicAnimation` animates `path` (point by point between paths of the same elements, else
/// it jumps, as on iOS), `strokeStart`, `strokeEnd`, `fillColor`, `strokeColor` and `lineWidth`.
open class CAShapeLayer: CALayer {
    /// The path, in the layer's points (nil: nothing drawn).
    open var path: CGPath? {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// The fill colour; opaque black by default, nil for none.
    open var fillColor: CGColor? = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// Which regions the fill covers.
    open var fillRule: CAShapeLayerFillRule = .nonZero {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// The stroke colour; nil (no stroke) by default.
    open var strokeColor: CGColor? {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// The line width in points; 1 by default.
    open var lineWidth: CGFloat = 1 {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// The line ends.
    open var lineCap: CAShapeLayerLineCap = .butt {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// The line joins.
    open var lineJoin: CAShapeLayerLineJoin = .miter {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// The miter limit; 10 by default.
    open var miterLimit: CGFloat = 10 {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// Painted and unpainted lengths in points (nil: solid).
    open var lineDashPattern: [NSNumber]? {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// How far into the dash pattern the line starts, in points.
    open var lineDashPhase: CGFloat = 0 {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// Where the stroke starts, 0…1 of the path's length.
    open var strokeStart: CGFloat = 0 {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// Where the stroke ends, 0…1 of the path's length; 1 by default.
    open var strokeEnd: CGFloat = 1 {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }

    /// A shape layer.
    public required init() { super.init() }
    /// A copy of `layer`'s properties.
    public override init(layer: Any) {
        super.init(layer: layer)
        guard let layer = layer as? CAShapeLayer else { return }
        path = layer.path; fillColor = layer.fillColor; fillRule = layer.fillRule; strokeColor = layer.strokeColor
        lineWidth = layer.lineWidth; lineCap = layer.lineCap; lineJoin = layer.lineJoin; miterLimit = layer.miterLimit
        lineDashPattern = layer.lineDashPattern; lineDashPhase = layer.lineDashPhase; strokeStart = layer.strokeStart;
        strokeEnd = layer.strokeEnd
    }

    /// The parts Core Animation does not animate, in the model's terms.
    var modelStyle: ShapeStyle {
        var style = ShapeStyle()
        style.fillRule = fillRule == .evenOdd ? .evenOdd : .nonZero
        style.lineCap = lineCap == .round ? .round : lineCap == .square ? .square : .butt
        style.lineJoin = lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter
        style.miterLimit = Double(miterLimit)
        style.dashPattern = lineDashPattern?.map(\.doubleValue) ?? []
        style.dashPhase = Double(lineDashPhase)
        return style
    }
}
