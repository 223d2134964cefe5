/// A timing curve over a duration: maps seconds since the start to progress.
public struct Timing: Sendable, Hashable {
    /// The curve's shape.
    public var curve: TimingCurve
    /// Length of the animation in seconds (> 0). A Bézier spans it; a UIKit spring derives `ω0`
    /// from it (clamped to [0.01, 10] s); a physical spring ignores it until it is cut off.
    public var durationSeconds: Double

    /// Creates a timing; traps unless `durationSeconds` is finite and > 0.
    public init(curve: TimingCurve, durationSeconds: Double) {
        precondition(durationSeconds.isFinite && durationSeconds > 0, "Timing duration must be finite and > 0, not \(durationSeconds)")
        self.curve = curve
        self.durationSeconds = durationSeconds
    }

    /// The spring this timing follows, if any: the UIKit spring resolved for this duration, or the physical one.
    public var spring: Spring? {
        switch curve {
        case let .spring(dampingRatio, initialVelocity):
            return Spring(duration: durationSeconds, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
        case .springPhysics(let spring):
            return spring
        case .bezier:
            return nil
        }
    }

    /// The curve's own value at `t` seconds, not cut off at the end: a spring may still be a
    /// little off 1 at `t = d` (0.999 for a critically damped UIKit spring). 0 at `t ≤ 0`; a
    /// Bézier stays 1 after `d`.
    public func rawProgress(atSeconds t: Double) -> Double {
        switch curve {
        case .bezier(let bezier):
            return bezier.progress(atFraction: t / durationSeconds)
        case .spring, .springPhysics:
            return spring!.value(atSeconds: t)
        }
    }

    /// What is drawn at `t` seconds: 0 at `t ≤ 0`, exactly 1 once `t ≥ durationSeconds` (the
    /// animation is over and the view sits at its target), else `rawProgress`.
    public func progress(atSeconds t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= durationSeconds { return 1 }
        return rawProgress(atSeconds: t)
    }
}
