import FlipbookGeometry

/// A damped spring moving a value from 0 (start) to 1 (target), in `CASpringAnimation` terms.
///
/// The displacement from the target, `x = 1 − progress`, obeys `m·x'' + c·x' + k·x = 0` with
/// `x(0) = 1` and `x'(0) = −initialVelocity`, and is evaluated in closed form (under-, critically or
/// over-damped). Time is in real seconds; the spring never "ends" — a `Timing` decides when the
/// animation is over. See docs/TIMING.md.
public struct Spring: Sendable, Hashable {
    /// Mass `m` of the moving object (> 0; UIKit's duration-based springs use 1).
    public var mass: Double
    /// Spring stiffness `k` (> 0).
    public var stiffness: Double
    /// Viscous damping coefficient `c` (≥ 0; 0 never settles).
    public var damping: Double
    /// Initial velocity in "whole distances per second", positive towards the target
    /// (UIKit's `initialSpringVelocity`; 1 covers the distance in one second at that speed).
    public var initialVelocity: Double

    /// Creates a physical spring (`CASpringAnimation`'s four properties).
    ///
    /// Traps unless mass and stiffness are finite and > 0, damping finite and ≥ 0, velocity finite
    /// (bad user input is rejected earlier, by `TimingCurve.parse`).
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        precondition(mass.isFinite && mass > 0, "Spring mass must be finite and > 0, not \(mass)")
        precondition(stiffness.isFinite && stiffness > 0, "Spring stiffness must be finite and > 0, not \(stiffness)")
        precondition(damping.isFinite && damping >= 0, "Spring damping must be finite and ≥ 0, not \(damping)")
        precondition(initialVelocity.isFinite, "Spring initial velocity must be finite, not \(initialVelocity)")
        self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.initialVelocity = initialVelocity
    }

    /// The spring of `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`.
    ///
    /// Mass 1, stiffness `ω0²`, damping `2ζω0`, where `ω0` (rad/s) is the natural frequency that makes
    /// the decay envelope 0.001 at `t = duration` (see `naturalFrequency(forDuration:dampingRatio:initialVelocity:)`).
    /// `duration` is clamped to [0.01, 10] s and `dampingRatio` to [0.01, 1], as UIKit clamps them.
    public init(duration: Double, dampingRatio: Double, initialVelocity: Double) {
        let zeta = Spring.clampedDampingRatio(dampingRatio)
        let omega = Spring.naturalFrequency(forDuration: duration, dampingRatio: zeta, initialVelocity: initialVelocity)
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, initialVelocity: initialVelocity)
    }

    /// The undamped natural frequency `ω0 = √(k/m)`, in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// The damping ratio `ζ = c / (2√(km))`: < 1 oscillates, 1 is critical, > 1 creeps.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Which closed form the spring follows.
    package enum Regime: Sendable, Hashable {
        /// `c² < 4km`: decaying oscillation.
        case underdamped
        /// `c² = 4km` exactly: fastest approach without oscillation.
        case criticallyDamped
        /// `c² > 4km`: two decaying exponentials, no oscillation.
        case overdamped
    }

    /// The regime, decided by the sign of `c² − 4km` (exactly 0 only for critical damping).
    package var regime: Regime {
        let discriminant = damping * damping - 4 * mass * stiffness
        return discriminant < 0 ? .underdamped : (discriminant == 0 ? .criticallyDamped : .overdamped)
    }

    /// Progress `1 − x(t)` at `t` seconds after the start: 0 at `t ≤ 0`, tends to 1, may overshoot.
    public func value(atSeconds t: Double) -> Double {
        guard t > 0 else { return 0 }
        return 1 - state(atSeconds: t).displacement
    }

    /// Rate of change of progress, `−x'(t)`, in progress per second (`initialVelocity` at `t ≤ 0`).
    public func velocity(atSeconds t: Double) -> Double {
        guard t > 0 else { return initialVelocity }
        return -state(atSeconds: t).velocity
    }

    /// Decay rate `a = c/2m` (1/s).
    private var decayRate: Double { damping / (2 * mass) }

    /// `(c² − 4mk) / 4m²` (1/s²): `a² − ω0²`, computed so that critical damping gives exactly 0.
    private var discriminant: Double { (damping * damping - 4 * mass * stiffness) / (4 * mass * mass) }

    /// Displacement `x(t)` and its derivative, from the closed form of the regime.
    ///
    /// With `a = c/2m` and `K = a − v`: under `x = e^(−at)(cos ωd·t + K·sin(ωd·t)/ωd)`;
    /// critical `x = e^(−at)(1 + K·t)`; over `x = e^(−at)(cosh βt + K·sinh(βt)/β)`. Writing the
    /// over-damped case with `sinh(βt)/β` (instead of two exponentials with huge opposite
    /// coefficients) keeps it accurate near critical damping.
    private func state(atSeconds t: Double) -> (displacement: Double, velocity: Double) {
        let a = decayRate, v = initialVelocity, k = a - v
        let discriminant = self.discriminant
        if discriminant < 0 {
            let omegaD = (-discriminant).squareRoot()
            let decay = DeterministicMath.exp(-a * t)
            let c = DeterministicMath.cos(omegaD * t), s = DeterministicMath.sin(omegaD * t)
            let x = decay * (c + k * s / omegaD)
            let dx = decay * (-v * c - (a * k + omegaD * omegaD) * s / omegaD)
            return (x, dx)
        } else if discriminant == 0 {
            let decay = DeterministicMath.exp(-a * t)
            return (decay * (1 + k * t), decay * (-v - a * k * t))
        } else {
            let beta = discriminant.squareRoot()
            // e^(−at)·cosh(βt) and e^(−at)·sinh(βt); past βt = 20 use the exponential sum so that
            // cosh never overflows (β < a, so both exponents are negative).
            let decayedCosh: Double, decayedSinh: Double
            if beta * t < 20 {
                let decay = DeterministicMath.exp(-a * t)
                decayedCosh = decay * DeterministicMath.cosh(beta * t)
                decayedSinh = decay * DeterministicMath.sinh(beta * t)
            } else {
                let slow = DeterministicMath.exp((beta - a) * t), fast = DeterministicMath.exp(-(beta + a) * t)
                decayedCosh = (slow + fast) / 2
                decayedSinh = (slow - fast) / 2
            }
            let x = decayedCosh + k * decayedSinh / beta
            let dx = -v * decayedCosh + (beta * beta - a * k) * decayedSinh / beta
            return (x, dx)
        }
    }

    /// True when the closed form's constants are finite — so is `value(atSeconds:)` at every
    /// time — and progress is finite over the spring's settling time (at most 60 s, sampled at
    /// 1001 points). Parameters that are each finite can still overflow together
    /// (`c² − 4mk` with c = k = 1e300), which would make every frame's progress NaN.
    var isFinite: Bool {
        let a = decayRate, k = a - initialVelocity, discriminant = self.discriminant
        guard a.isFinite, k.isFinite, discriminant.isFinite else { return false }
        let root = abs(discriminant).squareRoot()
        if root > 0 {
            guard (k / root).isFinite, ((a * k - discriminant) / root).isFinite else { return false }
        }
        let settling = settlingDurationSeconds
        let horizon = settling.isFinite ? min(max(settling, 1), 60) : 60
        return (0...1000).allSatisfy { value(atSeconds: horizon * Double($0) / 1000).isFinite }
    }

    /// Progress tolerance of `settlingDurationSeconds` and of UIKit's duration mapping: 0.1 %.
    package static let settlingTolerance = 0.001

    /// Seconds after which the spring stays within `settlingTolerance` of the target.
    ///
    /// Defined as the time at which an upper bound of `|x(t)|` — the amplitude envelope
    /// `√(1 + K²/ωd²)·e^(−at)` (under), `(1 + |K|t)·e^(−at)` (critical),
    /// `|c1|e^(r1·t) + |c2|e^(r2·t)` (over) — falls to 0.001; so `|1 − value(t)| ≤ 0.001` for all
    /// later `t`. An estimate in the spirit of `CASpringAnimation.settlingDuration` (whose exact
    /// rule is unpublished). `.infinity` when `damping` is 0.
    public var settlingDurationSeconds: Double {
        let a = decayRate
        guard a > 0 else { return .infinity }
        let k = a - initialVelocity
        let discriminant = self.discriminant
        let tolerance = Spring.settlingTolerance
        if discriminant < 0 {
            // Closed form: the envelope is a single decaying exponential.
            let amplitude = (1 + k * k / -discriminant).squareRoot()
            return max(0, DeterministicMath.log(amplitude / tolerance) / a)
        }
        let envelope: (Double) -> Double
        if discriminant == 0 {
            envelope = { t in (1 + abs(k) * t) * DeterministicMath.exp(-a * t) }
        } else {
            let beta = discriminant.squareRoot()
            let c1 = (k + beta) / (2 * beta), c2 = 1 - c1
            envelope = { t in abs(c1) * DeterministicMath.exp((beta - a) * t) + abs(c2) * DeterministicMath.exp(-(beta + a) * t) }
        }
        // The envelope decreases monotonically from ≥ 1: bracket by doubling, then bisect to the ulp.
        var low = 0.0, high = 1 / a
        while envelope(high) > tolerance { low = high; high *= 2 }
        while true {
            let mid = (low + high) / 2
            guard mid > low && mid < high else { break }
            if envelope(mid) > tolerance { low = mid } else { high = mid }
        }
        return high
    }
}

extension Spring {
    /// Duration clamp of UIKit's duration-based spring, in seconds.
    public static let durationRange: ClosedRange<Double> = 0.01...10

    /// Smallest damping ratio used by the duration-based spring.
    ///
    /// The presets use ζ ∈ (0, 1]; below about 0.001 the envelope equation has no positive root
    /// (the envelope starts under 0.001), so the open end is made concrete as 0.01.
    public static let minimumDampingRatio = 0.01

    /// `ζ` clamped to [`minimumDampingRatio`, 1] (NaN becomes 1).
    static func clampedDampingRatio(_ zeta: Double) -> Double {
        guard !zeta.isNaN else { return 1 }
        return min(max(zeta, minimumDampingRatio), 1)
    }

    /// UIKit's natural frequency `ω0` (rad/s) for a duration-based spring.
    ///
    /// The root of "decay envelope = 0.001 at `t = d`":
    /// ζ < 1: `|(ζω0 − v)/(ω0·√(1−ζ²))|·e^(−ζω0·d) = 0.001`; ζ = 1: `|1 + (ω0 − v)·d|·e^(−ω0·d) = 0.001`,
    /// found by 12 Newton steps from `ω0 = 5/d`, as UIKit does. `d` is clamped to [0.01, 10] s and
    /// `ζ` to [0.01, 1]. For d 0.7, ζ 0.6, v 1 this is ≈ 15.491059.
    public static func naturalFrequency(forDuration duration: Double, dampingRatio: Double, initialVelocity v: Double) -> Double {
        let d = duration.isNaN ? durationRange.upperBound : min(max(duration, durationRange.lowerBound), durationRange.upperBound)
        let zeta = clampedDampingRatio(dampingRatio)
        let tolerance = settlingTolerance
        var omega = 5 / d
        for _ in 0..<12 {
            let decay = DeterministicMath.exp(-zeta * omega * d)
            let f: Double, slope: Double
            if zeta < 1 {
                let s = (1 - zeta * zeta).squareRoot()
                let g = (zeta - v / omega) / s // (ζω − v)/(ω·√(1−ζ²))
                let dg = v / (omega * omega * s)
                let sign: Double = g < 0 ? -1 : 1
                f = abs(g) * decay - tolerance
                slope = decay * (sign * dg - zeta * d * abs(g))
            } else {
                let u = 1 + (omega - v) * d
                let sign: Double = u < 0 ? -1 : 1
                f = abs(u) * decay - tolerance
                slope = decay * (sign * d - d * abs(u))
            }
            guard slope != 0, slope.isFinite else { break }
            let next = omega - f / slope
            // Newton may jump past 0 for extreme velocities; halve instead (ω0 must stay > 0).
            omega = next > 0 && next.isFinite ? next : omega / 2
        }
        return omega
    }
}
