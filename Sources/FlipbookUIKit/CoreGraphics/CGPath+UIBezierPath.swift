import FlipbookGeometry
import FlipbookRaster
public import Foundation

/// A path in Core Graphics' terms (`CGPath`): moves, lines, quadratic and cubic curves and
/// closes in points (y down), what a `CAShapeLayer` draws and a `shadowPath` outlines. Not
/// `Sendable`, as Core Graphics' `CGPath` is not. Built with the constructors below or a
/// `CGMutablePath`; the elements are those Core Graphics appends for the same calls (so two
/// paths built alike interpolate point by point in a `path` animation).
public class CGPath: Equatable {
    /// The elements, in points.
    var bezier: BezierPath
    /// The outline a `shadowPath` fills, when a constructor knows it exactly (the rounded rects
    /// of `UIBezierPath`, drawn as the layer's own continuous corners); nil: the path flattened.
    let exactOutline: Path?

    init(_ bezier: BezierPath, exactOutline: Path? = nil) { self.bezier = bezier; self.exactOutline = exactOutline }

    /// A rectangle (`CGPath(rect:transform:)`): a move to the top-left corner, lines clockwise on
    /// screen, a close.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var path = BezierPath()
        path.addRect(Rect(rect))
        self.init(
            path.applying(transform?.pointee.model ?? .identity),
            exactOutline: transform == nil ? Path(layerShape: Rect(rect), cornerRadius: 0) : nil)
    }

    /// An ellipse inscribed in `rect` (`CGPath(ellipseIn:transform:)`): four cubics from the
    /// middle of the right edge, clockwise on screen.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var path = BezierPath()
        path.addEllipse(in: Rect(rect))
        self.init(path.applying(transform?.pointee.model ?? .identity))
    }

    /// A rounded rectangle with elliptical corners (`CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`).
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>?
    ) {
        var path = BezierPath()
        path.addRoundedRect(Rect(rect), cornerWidth: Double(cornerWidth), cornerHeight: Double(cornerHeight))
        let exact =
            transform == nil && cornerWidth == cornerHeight
            ? Path(layerShape: Rect(rect), cornerRadius: Double(min(cornerWidth, cornerHeight))) : nil
        self.init(path.applying(transform?.pointee.model ?? .identity), exactOutline: exact)
    }

    /// Equal elements.
    public static func == (a: CGPath, b: CGPath) -> Bool { a.bezier == b.bezier }

    /// True without elements.
    public var isEmpty: Bool { bezier.isEmpty }
    /// Where the next element starts (`.zero` for an empty path, as Core Graphics).
    public var currentPoint: CGPoint { bezier.currentPoint.map { CGPoint(x: $0.x, y: $0.y) } ?? .zero }
    /// The box of every point, control points included (`.null` for an empty path).
    public var boundingBox: CGRect { bezier.controlPointBounds.map(CGRect.init) ?? .null }
    /// The box of the path itself, curves' extremes included (`.null` for an empty path).
    public var boundingBoxOfPath: CGRect { bezier.bounds.map(CGRect.init) ?? .null }
    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(bezier, exactOutline: exactOutline) }
    /// A copy with every point mapped by `transform`.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(bezier.applying(transform?.pointee.model ?? .identity))
    }
    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(bezier) }

    /// What a `shadowPath` fills: the exact outline when known, else the path flattened within
    /// 1/64 point (1/16 device pixel up to @4x, the raster's vector tolerance).
    var shadowOutline: Path { exactOutline ?? Path(filling: bezier, tolerance: 1.0 / 64) }
}

/// A path being built (`CGMutablePath`): each call appends the elements Core Graphics appends,
/// its points mapped by `transform` (identity by default). Arcs' `clockwise` is Core Graphics'
/// (y up): in UIKit's flipped space a `clockwise: true` arc runs counter-clockwise on screen.
public final class CGMutablePath: CGPath {
    /// An empty path.
    public convenience init() { self.init(BezierPath()) }

    private func adding(_ transform: CGAffineTransform, _ build: (inout BezierPath) -> Void) {
        var part = BezierPath()
        if let point = bezier.currentPoint, transform != .identity, let inverse = transform.model.inverted() {
            // Built in the transform's space, from the current point mapped back into it.
            part.move(to: inverse.apply(to: point))
        } else if let point = bezier.currentPoint {
            part.move(to: point)
        }
        let hadStart = !part.isEmpty
        build(&part)
        let elements = part.applying(transform.model).elements
        bezier.addPath(BezierPath(elements: Array(elements.dropFirst(hadStart ? 1 : 0))))
    }

    /// Starts a subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) { adding(transform) { $0.move(to: Point(point)) } }
    /// A line to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) { adding(transform) { $0.addLine(to: Point(point)) } }
    /// A move to the first point and lines through the rest.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        adding(transform) { $0.addLines(between: points.map(Point.init)) }
    }
    /// A quadratic curve to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        adding(transform) { $0.addQuadCurve(to: Point(end), control: Point(control)) }
    }
    /// A cubic curve to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        adding(transform) { $0.addCurve(to: Point(end), control1: Point(control1), control2: Point(control2)) }
    }
    /// An arc (a line to its start first, when there is a current point); angles in radians.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        adding(transform) {
            $0.addArc(
                center: Point(center), radius: Double(radius), startRadians: Double(startAngle), endRadians: Double(endAngle),
                clockwiseOnScreen: !clockwise)
        }
    }
    /// An arc of `delta` radians from `startAngle` (positive: clockwise on screen in UIKit's space).
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform: CGAffineTransform = .identity
    ) {
        adding(transform) {
            $0.addRelativeArc(center: Point(center), radius: Double(radius), startRadians: Double(startAngle), deltaRadians: Double(delta))
        }
    }
    /// An arc tangent to the lines current point → `tangent1End` → `tangent2End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity) {
        adding(transform) { $0.addArc(tangent1End: Point(tangent1End), tangent2End: Point(tangent2End), radius: Double(radius)) }
    }
    /// A closed rectangle.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) { adding(transform) { $0.addRect(Rect(rect)) } }
    /// Closed rectangles.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        adding(transform) { path in for rect in rects { path.addRect(Rect(rect)) } }
    }
    /// A closed ellipse inscribed in `rect`.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        adding(transform) { $0.addEllipse(in: Rect(rect)) }
    }
    /// A closed rounded rectangle with elliptical corners.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        adding(transform) { $0.addRoundedRect(Rect(rect), cornerWidth: Double(cornerWidth), cornerHeight: Double(cornerHeight)) }
    }
    /// Every element of `path`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        bezier.addPath(path.bezier, transform: transform.model)
    }
    /// Closes the current subpath.
    public func closeSubpath() { adding(.identity) { $0.closeSubpath() } }
}

/// Which corners of a rectangle are rounded (`UIRectCorner`).
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// A set of corners.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Top left.
    public static let topLeft = UIRectCorner(rawValue: 1)
    /// Top right.
    public static let topRight = UIRectCorner(rawValue: 2)
    /// Bottom left.
    public static let bottomLeft = UIRectCorner(rawValue: 4)
    /// Bottom right.
    public static let bottomRight = UIRectCorner(rawValue: 8)
    /// All four.
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A path (`UIBezierPath`): the shapes of `CAShapeLayer`s, masks and shadows, with UIKit's
/// constructors and builders. Arcs' `clockwise` is on screen (UIKit's flipped space). The line
/// properties (`lineWidth`, `lineCapStyle` …) are kept; a shape layer's own ones are drawn.
open class UIBezierPath: NSObject {
    /// The elements, in points.
    var bezier: BezierPath
    /// The exact outline a `shadowPath` fills, for the rounded rects (see `CGPath`).
    private var exactOutline: Path?

    /// The Core Graphics path (a copy; setting it replaces the elements).
    public var cgPath: CGPath {
        get { CGPath(bezier, exactOutline: exactOutline) }
        set { bezier = newValue.bezier; exactOutline = newValue.exactOutline }
    }
    /// Kept (a shape layer's `lineWidth` is drawn).
    open var lineWidth: CGFloat = 1
    /// Fill with the even-odd rule (kept; a shape layer's `fillRule` is drawn).
    open var usesEvenOddFillRule = false

    /// An empty path.
    public override init() { bezier = BezierPath(); super.init() }
    /// A path of `cgPath`'s elements.
    public init(cgPath: CGPath) { bezier = cgPath.bezier; exactOutline = cgPath.exactOutline; super.init() }
    /// A rectangle.
    public init(rect: CGRect) {
        let path = CGPath(rect: rect, transform: nil)
        bezier = path.bezier; exactOutline = path.exactOutline
        super.init()
    }
    /// An ellipse inscribed in `rect` (a circle in a square: the circular reveal's shape).
    public init(ovalIn rect: CGRect) { bezier = CGPath(ellipseIn: rect, transform: nil).bezier; super.init() }
    /// A rectangle with all four corners rounded. UIKit draws this path's corners with the
    /// continuous curve since iOS 7 (unlike `CGPath`'s and a layer's default circular ones).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }
    /// A rectangle with some corners rounded (the smaller of the two radii; continuous, as above).
    public init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        // UIRectCorner's bits are CACornerMask's: top left 1, top right 2, bottom left 4, bottom right 8.
        let radius = Double(min(cornerRadii.width, cornerRadii.height)), mask = CornerMask(rawValue: Int(corners.rawValue))
        var path = BezierPath()
        path.addRoundedRect(Rect(rect), cornerRadius: radius, corners: mask, curve: .continuous)
        bezier = path
        exactOutline = Path(layerShape: Rect(rect), cornerRadius: radius, corners: mask, curve: .continuous)
        super.init()
    }
    /// An arc (`clockwise` on screen); angles in radians from +x, growing clockwise on screen.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    private func change(_ body: (inout BezierPath) -> Void) { body(&bezier); exactOutline = nil }

    /// Starts a subpath at `point`.
    open func move(to point: CGPoint) { change { $0.move(to: Point(point)) } }
    /// A line to `point`.
    open func addLine(to point: CGPoint) { change { $0.addLine(to: Point(point)) } }
    /// A quadratic curve to `endPoint`.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        change { $0.addQuadCurve(to: Point(endPoint), control: Point(controlPoint)) }
    }
    /// A cubic curve to `endPoint`.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        change { $0.addCurve(to: Point(endPoint), control1: Point(controlPoint1), control2: Point(controlPoint2)) }
    }
    /// An arc, with a line to its start when there is a current point (`clockwise` on screen).
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        change {
            $0.addArc(
                center: Point(center), radius: Double(radius), startRadians: Double(startAngle), endRadians: Double(endAngle),
                clockwiseOnScreen: clockwise)
        }
    }
    /// Closes the current subpath.
    open func close() { change { $0.closeSubpath() } }
    /// Removes every element.
    open func removeAllPoints() { change { $0 = BezierPath() } }
    /// Appends `bezierPath`'s elements.
    open func append(_ bezierPath: UIBezierPath) { change { $0.addPath(bezierPath.bezier) } }
    /// Maps every point by `transform`.
    open func apply(_ transform: CGAffineTransform) { change { $0 = $0.applying(transform.model) } }
    /// The same outline traced the other way.
    open func reversing() -> UIBezierPath {
        let path = UIBezierPath()
        path.bezier = bezier.reversed()
        return path
    }
    /// True without elements.
    open var isEmpty: Bool { bezier.isEmpty }
    /// Where the next element starts (`.zero` for an empty path).
    open var currentPoint: CGPoint { bezier.currentPoint.map { CGPoint(x: $0.x, y: $0.y) } ?? .zero }
    /// The box of every point, control points included (`CGPath.boundingBox`; `.zero` when empty).
    open var bounds: CGRect { bezier.controlPointBounds.map(CGRect.init) ?? .zero }
}

extension Rect {
    /// A Core Graphics rect in the model's terms.
    init(_ rect: CGRect) { self.init(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height)) }
}

extension CGRect {
    /// A model rect in Core Graphics' terms.
    init(_ rect: Rect) { self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
}

extension Point {
    /// A Core Graphics point in the model's terms.
    init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }
}

extension CGAffineTransform {
    /// The model's transform with the same entries (a point maps to `(a·x + c·y + tx, b·x + d·y + ty)`).
    var model: Transform2D { Transform2D(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty)) }
}
