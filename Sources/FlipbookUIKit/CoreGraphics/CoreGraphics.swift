import FlipbookGeometry
public import Foundation

// Foundation on Linux has CGFloat, CGPoint, CGSize, CGRect and TimeInterval; this file adds the
// Core Graphics names it lacks, with Core Graphics' spelling and maths.

/// A 2-D affine transform (Core Graphics' `CGAffineTransform`): a point `(x, y)` maps to
/// `(a·x + c·y + tx, b·x + d·y + ty)` (row vectors, as Core Graphics).
public struct CGAffineTransform: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Matrix entries.
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    /// The identity.
    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
    /// A transform with the given entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    /// A translation.
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    /// A scale.
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// A rotation by `angle` radians (clockwise on a y-down screen for a positive angle).
    public init(rotationAngle angle: CGFloat) {
        let (cosine, sine) = exactCosineAndSine(Double(angle))
        self.init(a: CGFloat(cosine), b: CGFloat(sine), c: CGFloat(-sine), d: CGFloat(cosine), tx: 0, ty: 0)
    }

    /// The identity transform.
    public static let identity = CGAffineTransform()
    /// True for the identity.
    public var isIdentity: Bool { self == .identity }

    /// `t2` applied after this transform.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }
    /// A translation applied before this transform (`CGAffineTransformTranslate`).
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }
    /// A scale applied before this transform (`CGAffineTransformScale`).
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }
    /// A rotation applied before this transform (`CGAffineTransformRotate`).
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }
    /// The inverse; a singular transform is returned unchanged, as Core Graphics does.
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        let ia = d / determinant, ib = -b / determinant, ic = -c / determinant, id = a / determinant
        return CGAffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// `CGAffineTransform(a: …)` as Core Graphics prints it.
    public var description: String { "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }
}

/// cos and sin, exact at multiples of a quarter turn (so `rotationAngle: .pi / 2` has no 6e-17
/// residue that would make an axis-aligned view take the rotated drawing path).
func exactCosineAndSine(_ radians: Double) -> (Double, Double) {
    let quarters = radians / (Double.pi / 2)
    if quarters == quarters.rounded(), abs(quarters) < 1e15 {
        switch ((Int64(quarters) % 4) + 4) % 4 {
        case 0: return (1, 0)
        case 1: return (0, 1)
        case 2: return (-1, 0)
        default: return (0, -1)
        }
    }
    return (DeterministicMath.cos(radians), DeterministicMath.sin(radians))
}

extension CGPoint {
    /// The point mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped by `t`'s linear part (may be negative, as in Core Graphics).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle containing the four corners mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        let r = standardized
        let corners = [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
            CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)
        ].map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return CGRect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }
}

/// A 2-D vector (Core Graphics' `CGVector`): spring velocities, for instance.
public struct CGVector: Equatable, Hashable, Sendable {
    /// Components.
    public var dx: CGFloat, dy: CGFloat
    /// The zero vector.
    public init() { dx = 0; dy = 0 }
    /// A vector.
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    /// A vector from doubles.
    public init(dx: Double, dy: Double) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    /// A vector from integers (as Core Graphics has, like `CGPoint(x:y:)`'s `Int` form).
    public init(dx: Int, dy: Int) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    /// The zero vector.
    public static let zero = CGVector()
}

/// Insets of a rectangle's edges (`UIEdgeInsets`).
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    /// Insets in points.
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    /// Zero insets.
    public init() { top = 0; left = 0; bottom = 0; right = 0 }
    /// Insets.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// Zero insets.
    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// The rectangle shrunk by `insets` (`CGRect.inset(by:)`).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: minX + insets.left, y: minY + insets.top, width: width - insets.left - insets.right,
            height: height - insets.top - insets.bottom)
    }
}

/// A colour in Core Graphics' terms (`CGColor`): straight sRGB components and alpha.
public final class CGColor: Equatable, Hashable, Sendable {
    /// Red, green, blue, alpha in 0…1 (extended sRGB may go outside).
    public let components: [CGFloat]?
    /// Alpha 0…1.
    public var alpha: CGFloat { components?[3] ?? 1 }
    /// Four components.
    public var numberOfComponents: Int { 4 }

    /// An sRGB colour (`CGColor(srgbRed:green:blue:alpha:)`).
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha]
    }
    /// A grey (`CGColor(gray:alpha:)`).
    public convenience init(gray: CGFloat, alpha: CGFloat) { self.init(srgbRed: gray, green: gray, blue: gray, alpha: alpha) }
    /// The same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        let c = components ?? [0, 0, 0, 1]
        return CGColor(srgbRed: c[0], green: c[1], blue: c[2], alpha: alpha)
    }
    /// Equal components.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.components == rhs.components }
    /// Hashes the components.
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }
}
