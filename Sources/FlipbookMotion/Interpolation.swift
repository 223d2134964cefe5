package import FlipbookGeometry

/// A value that moves from `a` to `b` with a progress value: `a + (b − a)·progress`.
///
/// Progress is not clamped: a spring's overshoot (> 1) carries geometry past its target, and
/// origin and size overshoot together (docs/TIMING.md).
package protocol Interpolatable {
    /// The value at `progress` (0 gives `a`, 1 gives `b`, other values extrapolate linearly).
    static func interpolate(from a: Self, to b: Self, progress: Double) -> Self
}

extension Double: Interpolatable {
    /// `a + (b − a)·progress`; exactly `a` at 0 and, for finite inputs, very nearly `b` at 1.
    package static func interpolate(from a: Double, to b: Double, progress: Double) -> Double { a + (b - a) * progress }

    /// An opacity (alpha) as drawn: clamped to [0, 1], NaN as 0 — a spring overshoot must not make
    /// a view more than opaque, or negative.
    package static func clampedOpacity(_ alpha: Double) -> Double {
        guard alpha > 0 else { return 0 }
        return alpha < 1 ? alpha : 1
    }

    /// An opacity interpolated from `a` to `b` and clamped with `clampedOpacity`.
    package static func interpolateOpacity(from a: Double, to b: Double, progress: Double) -> Double {
        clampedOpacity(interpolate(from: a, to: b, progress: progress))
    }
}

extension Point: Interpolatable {
    /// Each coordinate interpolated with the same progress.
    package static func interpolate(from a: Point, to b: Point, progress p: Double) -> Point {
        Point(x: .interpolate(from: a.x, to: b.x, progress: p), y: .interpolate(from: a.y, to: b.y, progress: p))
    }
}

extension Size: Interpolatable {
    /// Width and height interpolated with the same progress (may go negative on overshoot).
    package static func interpolate(from a: Size, to b: Size, progress p: Double) -> Size {
        Size(width: .interpolate(from: a.width, to: b.width, progress: p), height: .interpolate(from: a.height, to: b.height, progress: p))
    }
}

extension Rect: Interpolatable {
    /// Origin and size interpolated with the same progress (not standardised).
    package static func interpolate(from a: Rect, to b: Rect, progress p: Double) -> Rect {
        Rect(origin: .interpolate(from: a.origin, to: b.origin, progress: p), size: .interpolate(from: a.size, to: b.size, progress: p))
    }
}
