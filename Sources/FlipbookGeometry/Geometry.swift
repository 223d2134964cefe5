/// A point in a 2-D coordinate space, in **points** unless a name says otherwise.
///
/// Coordinates follow UIKit: the origin is the top-left corner, x grows right, y grows down.
public struct Point: Hashable, Sendable {
    /// Horizontal coordinate.
    public var x: Double
    /// Vertical coordinate (down is positive).
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The origin `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)
}

/// A width and a height, in **points** unless a name says otherwise. May be negative while a
/// spring overshoots past a zero-size target; drawing treats a negative size as empty.
public struct Size: Hashable, Sendable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// Creates a size from its extents.
    public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// The empty size `0×0`.
    public static let zero = Size(width: 0, height: 0)
}

/// An axis-aligned rectangle: origin (top-left) and size, in **points** unless a name says otherwise.
///
/// Mirrors `CGRect` without its standardisation: a rect with a negative size is *empty* (nothing
/// is drawn), but its stored values are kept so interpolation stays linear.
public struct Rect: Hashable, Sendable {
    /// Top-left corner.
    public var origin: Point
    /// Width and height.
    public var size: Size

    /// Creates a rect from its origin and size.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }

    /// Creates a rect from its four numbers.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The empty rect at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Left edge.
    @inlinable public var x: Double { origin.x }
    /// Top edge.
    @inlinable public var y: Double { origin.y }
    /// Horizontal extent.
    @inlinable public var width: Double { size.width }
    /// Vertical extent.
    @inlinable public var height: Double { size.height }
    /// Left edge.
    @inlinable public var minX: Double { origin.x }
    /// Top edge.
    @inlinable public var minY: Double { origin.y }
    /// Right edge.
    @inlinable public var maxX: Double { origin.x + size.width }
    /// Bottom edge.
    @inlinable public var maxY: Double { origin.y + size.height }
    /// Horizontal centre.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// Vertical centre.
    @inlinable public var midY: Double { origin.y + size.height / 2 }

    /// True when the rect covers no area (a zero or negative width or height, or NaN).
    @inlinable public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// The overlap of two rects; `nil` when they do not overlap (touching edges do not overlap).
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True when the two rects overlap in a non-empty area.
    public func intersects(_ other: Rect) -> Bool { intersection(other) != nil }

    /// True when `point` lies inside (left/top edges inclusive, right/bottom exclusive).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// True when `other` lies entirely inside this rect (edges may touch).
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The rect moved by `(dx, dy)`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rect shrunk by `dx` on the left and right and `dy` on the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The rect with every coordinate multiplied by `factor` (points → pixels at a screen scale).
    public func scaled(by factor: Double) -> Rect {
        Rect(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
    }
}

extension Point: CustomStringConvertible {
    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

extension Size: CustomStringConvertible {
    /// `W×H`.
    public var description: String { "\(width)×\(height)" }
}

extension Rect: CustomStringConvertible {
    /// `[x, y, width, height]`, the display-list notation.
    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}
