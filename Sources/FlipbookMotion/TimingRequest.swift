import FlipbookSupport
import Foundation

/// A timing as people write it — a curve, a duration, a spring's damping ratio and initial
/// velocity, each optional — and the one place that checks it and resolves it against a base
/// timing. The command line (`render`, `inspect`, `compare`, `curve`: `--curve`, `--duration`,
/// `--damping`, `--velocity`) and transition files (`timing`, an animation's or a keyframe's
/// `curve`, `damping`, `velocity`, `duration`) all read timings through it, so they share one set
/// of limits and one set of rules:
///
/// - `damping` and `velocity` belong to the UIKit spring (`spring`): with a curve that is not
///   `spring`, or with no curve over a base that is not a spring, they are an error.
/// - Without a curve, a spring's damping ratio and velocity default to the base's (a spring
///   preset's own), else to `defaultDampingRatio` and `defaultInitialVelocity`.
/// - `spring-physics:…` without a duration runs for the spring's settling duration, which must
///   then be within `durationRangeSeconds`.
package struct TimingRequest: Hashable, Sendable {
    /// The parameters, named as both the command line (`--damping`) and files (`"damping"`) name them.
    package enum Parameter: String, Sendable, Hashable {
        case curve, duration, damping, velocity
    }

    /// Durations accepted, in seconds: from 1 ms (shorter than one frame at 240 fps, so a jump) to
    /// a minute (14 400 frames at 240 fps; UIKit transitions last well under a second).
    package static let durationRangeSeconds: ClosedRange<Double> = 0.001...60
    /// The UIKit spring's damping ratio ζ: greater than 0 (0 never settles) and at most 1 (UIKit
    /// clamps larger values to 1, critically damped).
    package static let dampingRatioRange: ClosedRange<Double> = 0...1
    /// The UIKit spring's initial velocity, in whole distances per second: ±100 (a 100 pt move
    /// flicked at 10 000 pt/s, far beyond a finger).
    package static let initialVelocityRange: ClosedRange<Double> = -100...100
    /// ζ of `spring` when neither the request nor the base gives one (the push preset's).
    package static let defaultDampingRatio = 0.6
    /// Initial velocity of `spring` when neither the request nor the base gives one.
    package static let defaultInitialVelocity = 1.0

    /// The curve text (`TimingCurve.parse` syntax: `spring`, `easeIn`, `bezier:…`, `spring-physics:…`).
    package var curve: String?
    /// The duration, in seconds.
    package var durationSeconds: Double?
    /// ζ of `spring`.
    package var dampingRatio: Double?
    /// Initial velocity of `spring`, whole distances per second.
    package var initialVelocity: Double?

    /// A request; every parameter defaults to absent.
    package init(curve: String? = nil, durationSeconds: Double? = nil, dampingRatio: Double? = nil, initialVelocity: Double? = nil) {
        self.curve = curve; self.durationSeconds = durationSeconds
        self.dampingRatio = dampingRatio; self.initialVelocity = initialVelocity
    }

    /// True when nothing is given (the base timing stands).
    package var isEmpty: Bool { curve == nil && durationSeconds == nil && dampingRatio == nil && initialVelocity == nil }

    /// `base` with this request applied.
    /// - Throws: `TimingRequestError` for a value out of range, a bad curve, spring parameters
    ///   without the spring, or a `spring-physics` curve without a duration that settles too late.
    package func resolved(over base: Timing) throws -> Timing {
        try checkRanges()
        var timing = base
        // UIKit's notation carries the animation's duration: it stays a `.spring` over that duration.
        if let curve, SpringNotation.isCall(curve),
            case let .uikit(implied, zeta, velocity)? = try? SpringNotation.parse(curve)
        {
            if dampingRatio != nil || initialVelocity != nil {
                throw TimingRequestError.springParametersWithoutSpring(curve: .spring(dampingRatio: zeta, initialVelocity: velocity))
            }
            if let durationSeconds, durationSeconds != implied {
                throw TimingRequestError.curve(
                    .notation(
                        SpringNotationError(
                            curve: curve,
                            message:
                                "the duration is given twice (\(implied.shortestText) s here, \(durationSeconds.shortestText) s as the duration)"
                        )))
            }
            guard TimingRequest.durationRangeSeconds.contains(implied) else { throw TimingRequestError.outOfRange(.duration, implied) }
            timing.curve = .spring(dampingRatio: zeta, initialVelocity: velocity)
            timing.durationSeconds = implied
            return timing
        }
        timing.curve = try resolvedCurve(over: base.curve) ?? base.curve
        if let durationSeconds {
            timing.durationSeconds = durationSeconds
        } else if curve != nil, case let .springPhysics(spring) = timing.curve {
            let settling = spring.settlingDurationSeconds
            guard TimingRequest.durationRangeSeconds.contains(settling) else {
                throw TimingRequestError.settlesOutOfRange(seconds: settling)
            }
            timing.durationSeconds = settling
        }
        return timing
    }

    /// The curve alone, over `base` (for an animation or a keyframe, whose duration is given
    /// apart or inherited): `base` when neither a curve nor spring parameters are given.
    /// - Throws: `TimingRequestError`, as `resolved(over:)`.
    package func resolvedCurve(over base: TimingCurve?) throws -> TimingCurve? {
        try checkRanges()
        var baseDamping = TimingRequest.defaultDampingRatio, baseVelocity = TimingRequest.defaultInitialVelocity
        if case let .spring(z, v) = base { baseDamping = z; baseVelocity = v }
        let springGiven = dampingRatio != nil || initialVelocity != nil
        guard let curve else {
            guard springGiven else { return base }
            guard case .spring = base else { throw TimingRequestError.springParametersWithoutSpring(curve: base) }
            return .spring(dampingRatio: dampingRatio ?? baseDamping, initialVelocity: initialVelocity ?? baseVelocity)
        }
        let parsed: TimingCurve
        do {
            parsed = try TimingCurve.parse(
                curve, dampingRatio: dampingRatio ?? baseDamping, initialVelocity: initialVelocity ?? baseVelocity)
        } catch let error as TimingCurveParseError {
            throw TimingRequestError.curve(error)
        }
        if springGiven, !parsed.isUIKitSpring || SpringNotation.isCall(curve) {
            throw TimingRequestError.springParametersWithoutSpring(curve: parsed)
        }
        return parsed
    }

    private func checkRanges() throws {
        if let durationSeconds, !TimingRequest.durationRangeSeconds.contains(durationSeconds) {
            throw TimingRequestError.outOfRange(.duration, durationSeconds)
        }
        if let dampingRatio, !(dampingRatio > 0 && TimingRequest.dampingRatioRange.contains(dampingRatio)) {
            throw TimingRequestError.outOfRange(.damping, dampingRatio)
        }
        if let initialVelocity, !TimingRequest.initialVelocityRange.contains(initialVelocity) {
            throw TimingRequestError.outOfRange(.velocity, initialVelocity)
        }
    }
}

/// Why a `TimingRequest` cannot be resolved. The command line and files word the parameter their
/// own way (`--damping`, `$.timing.damping`) before `description`.
package enum TimingRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A number outside `TimingRequest`'s limits.
    case outOfRange(TimingRequest.Parameter, Double)
    /// The curve text does not parse.
    case curve(TimingCurveParseError)
    /// `damping` or `velocity` given with a curve (the request's or, with none, the base's) that
    /// is not the UIKit spring; nil when there is no curve at all.
    case springParametersWithoutSpring(curve: TimingCurve?)
    /// A `spring-physics` curve without a duration whose settling duration is outside
    /// `TimingRequest.durationRangeSeconds`.
    case settlesOutOfRange(seconds: Double)

    /// The parameter at fault: what a file's path or the command line's option names.
    package var parameter: TimingRequest.Parameter {
        switch self {
        case let .outOfRange(parameter, _): return parameter
        case .curve, .settlesOutOfRange: return .curve
        case let .springParametersWithoutSpring(curve): return curve == nil ? .damping : .curve
        }
    }

    /// What is wrong, without the parameter's name ("must be between 0.001 and 60, not 100").
    package var description: String {
        switch self {
        case let .outOfRange(parameter, value):
            let range: ClosedRange<Double>
            switch parameter {
            case .damping: return "must be greater than 0 and at most 1, not \(value.shortestText)"
            case .duration: range = TimingRequest.durationRangeSeconds
            case .velocity: range = TimingRequest.initialVelocityRange
            case .curve: preconditionFailure("a curve is text, not a number")
            }
            return "must be between \(range.lowerBound.shortestText) and \(range.upperBound.shortestText), not \(value.shortestText)"
        case let .curve(error):
            return "\(error)"
        case let .springParametersWithoutSpring(curve):
            let used = curve.map { "the curve is \($0.specification)" } ?? "no curve is given"
            return "damping and velocity apply to the spring curve only; \(used)"
        case let .settlesOutOfRange(seconds):
            let limit = TimingRequest.durationRangeSeconds
            return
                "the spring settles after \(seconds.shortestText) s, outside \(limit.lowerBound.shortestText)–\(limit.upperBound.shortestText) s; give a duration"
        }
    }
}

extension TimingCurve {
    /// Every curve name `TimingCurve.parse` knows, for "did you mean" hints: `spring`, the Bézier
    /// presets, `bezier` and `spring-physics` (the last two take parameters after a colon).
    public static var names: [String] {
        ["spring"] + bezierPresets.map(\.name) + presetAliases.keys.sorted() + ["bezier", "spring-physics"]
    }

    /// True for `.spring` (UIKit's `usingSpringWithDamping`), the curve `damping` and `velocity` set.
    package var isUIKitSpring: Bool {
        if case .spring = self { return true }
        return false
    }

    /// The curve for people, numbers to 4 significant digits: "spring ζ 0.6, v 1", "easeInEaseOut",
    /// "bezier 0.3, -0.5, 0.7, 1.6", "spring-physics m 1, k 100, c 10, v 0". The one curve
    /// describer (contact sheets, comparisons, `flipbook list`); `specification` is the form
    /// `parse` reads back, `Timing.parameters` the one `timeline.json` records.
    public var summary: String {
        func number(_ value: Double) -> String { NumberText.significant(value, digits: 4) }
        switch self {
        case let .spring(z, v): return "spring ζ \(number(z)), v \(number(v))"
        case let .springPhysics(s):
            return "spring-physics m \(number(s.mass)), k \(number(s.stiffness)), c \(number(s.damping)), v \(number(s.initialVelocity))"
        case .bezier(let b):
            let name = specification
            return name.hasPrefix("bezier:") ? "bezier \(number(b.x1)), \(number(b.y1)), \(number(b.x2)), \(number(b.y2))" : name
        }
    }
}

extension TimingRequestError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    package var errorDescription: String? { description }
}
