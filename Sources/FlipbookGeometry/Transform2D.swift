/// A 2-D affine transform with `CGAffineTransform`'s layout and conventions.
///
/// A point `(x, y)` maps to `(a·x + c·y + tx, b·x + d·y + ty)`. `concatenating(t)` applies `self`
/// first, then `t` (as `CGAffineTransform.concatenating`). Rotation angles are in radians,
/// positive angles turn clockwise on screen (y grows down), as on iOS.
public struct Transform2D: Hashable, Sendable {
    /// Matrix entries (`CGAffineTransform` names).
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// Creates a transform from its six entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The identity.
    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `(x, y)` points.
    public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }

    /// A scale by `x` horizontally and `y` vertically.
    public init(scaleX x: Double, y: Double) { self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0) }

    /// A rotation given by its cosine and sine (callers compute them once, deterministically).
    public init(rotationCosine cos: Double, sine sin: Double) { self.init(a: cos, b: sin, c: -sin, d: cos, tx: 0, ty: 0) }

    /// True for the identity.
    public var isIdentity: Bool { self == .identity }

    /// True when the transform keeps rects axis-aligned and unflipped (`b = c = 0`, `a, d > 0`):
    /// such a transform maps a rect to a rect, and drawing takes the exact axis-aligned paths.
    package var isPositiveAxisAligned: Bool { b == 0 && c == 0 && a > 0 && d > 0 }

    /// `self` followed by `other`.
    public func concatenating(_ other: Transform2D) -> Transform2D {
        Transform2D(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The inverse, or nil when the transform is singular (determinant 0 or not finite).
    public func inverted() -> Transform2D? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        return Transform2D(
            a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
            tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }

    /// The image of a point.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The image of an axis-aligned rect under a positive axis-aligned transform (see
    /// `isPositiveAxisAligned`); for other transforms use `corners(of:)`.
    public func apply(to rect: Rect) -> Rect {
        Rect(x: a * rect.x + tx, y: d * rect.y + ty, width: a * rect.width, height: d * rect.height)
    }

    /// The images of a rect's four corners: top-left, top-right, bottom-right, bottom-left.
    public func corners(of rect: Rect) -> [Point] {
        [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)
        ].map(apply(to:))
    }
}
