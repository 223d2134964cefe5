/// A `CAMediaTimingFunction`-style cubic Bézier from (0, 0) to (1, 1) with control points
/// (x1, y1) and (x2, y2): maps a time fraction x ∈ [0, 1] to progress y.
///
/// x1 and x2 lie in [0, 1] so that x(s) is monotonic and every time fraction has one progress;
/// y1 and y2 are free (values outside [0, 1] overshoot).
public struct CubicBezier: Sendable, Hashable {
    /// First control point, time axis (in [0, 1]).
    public var x1: Double
    /// First control point, progress axis.
    public var y1: Double
    /// Second control point, time axis (in [0, 1]).
    public var x2: Double
    /// Second control point, progress axis.
    public var y2: Double

    /// Creates a curve; traps unless x1, x2 ∈ [0, 1] and y1, y2 are finite (user text is
    /// validated by `TimingCurve.parse`).
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "CubicBezier x1, x2 must be within [0, 1], not \(x1), \(x2)")
        precondition(y1.isFinite && y2.isFinite, "CubicBezier y1, y2 must be finite, not \(y1), \(y2)")
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// `kCAMediaTimingFunctionLinear`: progress = time fraction.
    public static let linear = CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)
    /// `kCAMediaTimingFunctionEaseIn` (0.42, 0, 1, 1).
    public static let easeIn = CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// `kCAMediaTimingFunctionEaseOut` (0, 0, 0.58, 1).
    public static let easeOut = CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut` (0.42, 0, 0.58, 1): UIView's default animation curve.
    public static let easeInEaseOut = CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// `kCAMediaTimingFunctionDefault` (0.25, 0.1, 0.25, 1): Core Animation's implicit-animation curve.
    public static let `default` = CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

    /// Progress at time fraction `x` (clamped to [0, 1]; exactly 0 at 0 and 1 at 1).
    ///
    /// Solves x(s) = x for the curve parameter s (Newton, falling back to bisection), then
    /// returns y(s); the parameter is found to about 1e-15, so progress is good to ~1e-14.
    public func progress(atFraction x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        return Self.polynomial(y1, y2, at: parameter(forFraction: x))
    }

    /// A bound on |progress| over the curve: |a| + |b| + |c| of the progress polynomial
    /// `((a·s + b)·s + c)·s`. Every partial result of Horner's rule on s ∈ [0, 1] stays within it,
    /// so when it is finite, no progress value overflows.
    var progressBound: Double {
        let c = 3 * y1, b = 3 * (y2 - y1) - c, a = 1 - c - b
        return abs(a) + abs(b) + abs(c)
    }

    /// Bernstein form `3(1−s)²s·p1 + 3(1−s)s²·p2 + s³`, as Horner's rule in s.
    private static func polynomial(_ p1: Double, _ p2: Double, at s: Double) -> Double {
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return ((a * s + b) * s + c) * s
    }

    /// d/ds of `polynomial`.
    private static func derivative(_ p1: Double, _ p2: Double, at s: Double) -> Double {
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return (3 * a * s + 2 * b) * s + c
    }

    /// The curve parameter s ∈ [0, 1] with x(s) = `x`, for 0 < x < 1.
    private func parameter(forFraction x: Double) -> Double {
        // Newton from s = x converges in a few steps on most curves; it can stall where x'(s) ≈ 0
        // (x1 or x2 at 0 or 1), hence the bracketed fallback.
        var s = x
        for _ in 0..<8 {
            let error = Self.polynomial(x1, x2, at: s) - x
            if abs(error) < 1e-15 { return s }
            let slope = Self.derivative(x1, x2, at: s)
            guard abs(slope) > 1e-6 else { break }
            s -= error / slope
            guard s >= 0 && s <= 1 else { break }
        }
        // x(s) is non-decreasing on [0, 1] because x1, x2 ∈ [0, 1]: bisect to the last ulp.
        var low = 0.0, high = 1.0
        while true {
            let mid = (low + high) / 2
            guard mid > low && mid < high else { break }
            if Self.polynomial(x1, x2, at: mid) < x { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }
}
