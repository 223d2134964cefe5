/// A timing's parameters as plain values, for `timeline.json` and logs (Codable; absent fields
/// are omitted when encoded).
package struct TimingParameters: Sendable, Hashable, Codable {
    /// `spring`, `spring-physics`, a Bézier preset name (`easeInEaseOut`, …) or `bezier`.
    package var curve: String
    /// The timing's duration in seconds.
    package var durationSeconds: Double
    /// Springs: damping ratio ζ (as given for `spring`, derived for `spring-physics`).
    package var dampingRatio: Double?
    /// Springs: initial velocity in whole distances per second.
    package var initialVelocity: Double?
    /// Springs: natural frequency ω0 in rad/s (for `spring`, solved from the duration).
    package var naturalFrequency: Double?
    /// Springs: mass, stiffness and damping coefficient actually simulated.
    package var mass: Double?, stiffness: Double?, damping: Double?
    /// Béziers: `[x1, y1, x2, y2]`.
    package var controlPoints: [Double]?
    /// Springs: `Spring.settlingDurationSeconds`.
    package var settlingDurationSeconds: Double?

    /// Creates a description; spring fields and control points default to absent.
    package init(
        curve: String, durationSeconds: Double, dampingRatio: Double? = nil, initialVelocity: Double? = nil,
        naturalFrequency: Double? = nil, mass: Double? = nil, stiffness: Double? = nil, damping: Double? = nil,
        controlPoints: [Double]? = nil, settlingDurationSeconds: Double? = nil
    ) {
        self.curve = curve; self.durationSeconds = durationSeconds
        self.dampingRatio = dampingRatio; self.initialVelocity = initialVelocity; self.naturalFrequency = naturalFrequency
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
        self.controlPoints = controlPoints; self.settlingDurationSeconds = settlingDurationSeconds
    }

    enum CodingKeys: String, CodingKey {
        case curve, durationSeconds = "duration", dampingRatio, initialVelocity, naturalFrequency = "omega0"
        case mass, stiffness, damping, controlPoints, settlingDurationSeconds = "settlingDuration"
    }
}

extension Timing {
    /// This timing described as `TimingParameters` (curve name, duration, ζ, v, ω0, control points…).
    package var parameters: TimingParameters {
        var result = TimingParameters(curve: "", durationSeconds: durationSeconds)
        switch curve {
        case .bezier(let bezier):
            result.curve = TimingCurve.bezierPresets.first(where: { $0.curve == bezier })?.name ?? "bezier"
            result.controlPoints = [bezier.x1, bezier.y1, bezier.x2, bezier.y2]
        case let .spring(dampingRatio, initialVelocity):
            result.curve = "spring"
            result.dampingRatio = dampingRatio
            result.initialVelocity = initialVelocity
        case .springPhysics(let spring):
            result.curve = "spring-physics"
            result.dampingRatio = spring.dampingRatio
            result.initialVelocity = spring.initialVelocity
        }
        if let spring {
            result.naturalFrequency = spring.naturalFrequency
            result.mass = spring.mass
            result.stiffness = spring.stiffness
            result.damping = spring.damping
            result.settlingDurationSeconds = spring.settlingDurationSeconds
        }
        return result
    }
}
