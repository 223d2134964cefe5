import FlipbookGeometry
import FlipbookRaster
public import Foundation

/// The kind of a gradient (`CAGradientLayerType`).
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    /// The kind's name.
    public let rawValue: String
    /// A kind.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Along the line from `startPoint` to `endPoint` (the default).
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Outward from `startPoint` to the ellipse through `endPoint`.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Around `startPoint`, from the direction of `endPoint`.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A layer that draws a gradient (`CAGradientLayer`). Recorded as its view's gradient, filling
/// the view's bounds, when it is a view's layer (`layerClass`) or the first gradient sublayer of
/// a view's layer; its changes apply at once (its implicit animations and explicit animations added to
/// it are not recorded; docs/UIKIT.md).
open class CAGradientLayer: CALayer {
    /// The stops' colours (`CGColor`s), at least two to draw.
    open var colors: [Any]? {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// Where each colour sits, 0…1 ascending (nil: evenly spaced).
    open var locations: [NSNumber]? {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// The start in unit coordinates of the bounds; (0.5, 0) by default.
    open var startPoint = CGPoint(x: 0.5, y: 0) {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// The end in unit coordinates of the bounds; (0.5, 1) by default.
    open var endPoint = CGPoint(x: 0.5, y: 1) {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// Axial, radial or conic; axial by default.
    open var type: CAGradientLayerType = .axial {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }

    /// A gradient layer.
    public required init() { super.init() }
    /// A copy of `layer`'s properties.
    public override init(layer: Any) {
        super.init(layer: layer)
        guard let layer = layer as? CAGradientLayer else { return }
        colors = layer.colors; locations = layer.locations; startPoint = layer.startPoint; endPoint = layer.endPoint; type = layer.type
    }

    /// The model's gradient (nil with fewer than two colours).
    var modelGradient: Gradient? {
        let stops: [StraightColor] = (colors ?? []).compactMap { value in
            if let color = value as? UIColor { return color.straightColor }
            return (value as? CGColor).map { UIColor(cgColor: $0).straightColor }
        }
        guard stops.count >= 2 else { return nil }
        let kind: Gradient.Kind = type == .radial ? .radial : type == .conic ? .conic : .axial
        var spots = locations?.map(\.doubleValue)
        if spots?.count != stops.count { spots = nil }
        return Gradient(
            colors: stops, locations: spots, startPoint: Point(x: Double(startPoint.x), y: Double(startPoint.y)),
            endPoint: Point(x: Double(endPoint.x), y: Double(endPoint.y)), kind: kind)
    }
}
