public import FlipbookGeometry
import FlipbookSupport
public import Foundation

/// One touch sample of a finger: when and where it was, as `UITouch` reports it.
public struct TouchSample: Sendable, Hashable {
    /// Seconds on the gesture's own clock (only differences matter; the first sample is the
    /// moment the finger went down).
    public var timeSeconds: Double
    /// Where the finger is, in window points (x right, y down).
    public var location: Point

    /// Creates a sample.
    public init(timeSeconds: Double, location: Point) { self.timeSeconds = timeSeconds; self.location = location }

    /// Creates a sample from its three numbers.
    public init(timeSeconds: Double, xPoints: Double, yPoints: Double) {
        self.init(timeSeconds: timeSeconds, location: Point(x: xPoints, y: yPoints))
    }
}

/// `UIView.AnimationCurve`: the curves `UIPercentDrivenInteractiveTransition.completionCurve`
/// accepts, as the Core Animation Béziers UIKit uses for them.
public enum AnimationCurve: String, Sendable, CaseIterable, Hashable {
    /// `.easeInOut` (0.42, 0, 0.58, 1): the default completion curve.
    case easeInOut
    /// `.easeIn` (0.42, 0, 1, 1).
    case easeIn
    /// `.easeOut` (0, 0, 0.58, 1).
    case easeOut
    /// `.linear`.
    case linear

    /// Other spellings a gesture file accepts: `easeInEaseOut` is Core Animation's name (as in
    /// transition files) for `easeInOut`.
    package static let aliases: [String: AnimationCurve] = ["easeInEaseOut": .easeInOut]

    /// The curve's Bézier.
    public var bezier: CubicBezier {
        switch self {
        case .easeInOut: return .easeInEaseOut
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .linear: return .linear
        }
    }
}

/// A finger on the screen: touch samples, strictly increasing in time, from touch-down to
/// lift-off, and what a percent-driven interactive transition does after the lift
/// (`completionSpeed`, `completionCurve`, and the velocity threshold of the finish/cancel rule).
///
/// Read from a gesture file (`GestureFile` in FlipbookFormats) or synthesised by
/// `Gesture.pan(…)`. See docs/INTERACTIVE.md.
public struct Gesture: Sendable, Hashable {
    /// The samples: at least two, times increasing by at least `minimumSampleSpacingSeconds`,
    /// every number finite.
    public let samples: [TouchSample]
    /// `UIPercentDrivenInteractiveTransition.completionSpeed`: the part left after the lift runs
    /// in (remaining fraction × duration) / completionSpeed seconds. Within `completionSpeedRange`; default 1.
    public let completionSpeed: Double
    /// `UIPercentDrivenInteractiveTransition.completionCurve`; default `.easeInOut`.
    public let completionCurve: AnimationCurve
    /// The finish/cancel rule's velocity threshold, in points per second towards completion
    /// (`InteractiveTimeline.decide`); default `Gesture.defaultFinishVelocity`.
    public let finishVelocityPointsPerSecond: Double
    /// What the progress measures: the translation along this axis (`GestureAxis`); default `.x`.
    public let axis: GestureAxis
    /// The translation along `axis` that makes the fraction 1, in points; nil (the default) for the
    /// container's extent along the axis (`GestureAxis.defaultLengthPoints`: the width for x).
    public let lengthPoints: Double?

    /// UIKit's default completion speed.
    public static let defaultCompletionSpeed = 1.0
    /// 100 pt/s: JTSSloppySwiping's `minimumThresholdVelocity`, a re-creation of
    /// UINavigationController's swipe-back (docs/INTERACTIVE.md, "Finish or cancel").
    public static let defaultFinishVelocity = 100.0
    /// Completion speeds accepted: UIKit only asks for > 0; 0.1 keeps the completion of a 10 s
    /// transition within 100 s, 10 keeps it at least a tenth of the remaining time.
    public static let completionSpeedRange: ClosedRange<Double> = 0.1...10
    /// Longest gesture accepted, first to last sample, in seconds: a sequence is bounded by it.
    public static let maximumDurationSeconds = 20.0
    /// Most samples accepted (a 240 Hz touch stream for 20 s is 4 800).
    public static let maximumSampleCount = 10_000
    /// Closest two samples may be, in seconds: 1 ms, four times closer than the fastest touch
    /// screens report (240 Hz). The release velocity divides by the spacing: samples 5e-324 s
    /// apart made it infinite; at 1 ms and ±1 000 000 points it stays within ±2·10⁹ pt/s.
    public static let minimumSampleSpacingSeconds = 0.001

    /// Why a gesture's values cannot be used (`Gesture.validate`); the index is 0-based.
    public enum Problem: Error, Sendable, Hashable {
        /// Fewer than two samples: a lift-off needs a velocity, and a velocity needs two samples.
        case tooFewSamples(Int)
        /// More than `maximumSampleCount` samples.
        case tooManySamples(Int)
        /// A sample's number is NaN or infinite (`component` 0 = time, 1 = x, 2 = y).
        case notFinite(sample: Int, component: Int)
        /// A sample's time is not later than the previous sample's.
        case timeNotIncreasing(sample: Int, time: Double, previous: Double)
        /// A sample's time is less than `minimumSampleSpacingSeconds` after the previous sample's.
        case samplesTooClose(sample: Int, seconds: Double)
        /// The last sample is more than `maximumDurationSeconds` after the first.
        case tooLong(seconds: Double)
        /// `completionSpeed` is outside `completionSpeedRange`.
        case completionSpeedOutOfRange(Double)
        /// `finishVelocity` is negative or not finite.
        case finishVelocityOutOfRange(Double)
        /// The axis's direction vector cannot be normalised (`GestureAxis.problem`).
        case badAxis(String)
        /// `length` is not a finite number of points > 0.
        case lengthOutOfRange(Double)

        /// What is wrong, without the file or path (the reader adds those).
        public var message: String {
            switch self {
            case .tooFewSamples(let count):
                return "a gesture needs at least 2 samples (touch-down and lift-off), got \(count)"
            case .tooManySamples(let count):
                return "at most \(Gesture.maximumSampleCount) samples, got \(count)"
            case .notFinite:
                return "must be a finite number"
            case let .timeNotIncreasing(_, time, previous):
                return "time must increase (\(plain(time)) after \(plain(previous)))"
            case let .samplesTooClose(_, seconds):
                return "samples must be at least \(plain(Gesture.minimumSampleSpacingSeconds)) s apart "
                    + "(touch screens report at most 240 a second), this one is \(plain(seconds)) s after the previous"
            case .tooLong(let seconds):
                return
                    "the gesture lasts \(plain(seconds)) s; at most \(plain(Gesture.maximumDurationSeconds)) s from the first sample to the last"
            case .completionSpeedOutOfRange(let speed):
                return
                    "must be from \(plain(Gesture.completionSpeedRange.lowerBound)) to \(plain(Gesture.completionSpeedRange.upperBound)), not \(plain(speed))"
            case .finishVelocityOutOfRange(let velocity):
                return "must be a number of points per second ≥ 0, not \(plain(velocity))"
            case .badAxis(let message):
                return message
            case .lengthOutOfRange(let length):
                return "must be a number of points > 0, not \(plain(length))"
            }
        }
    }

    /// Checks the values; returns the first problem, or nil.
    package static func validate(
        samples: [TouchSample], completionSpeed: Double, finishVelocityPointsPerSecond: Double,
        axis: GestureAxis = .x, lengthPoints: Double? = nil
    ) -> Problem? {
        guard samples.count >= 2 else { return .tooFewSamples(samples.count) }
        guard samples.count <= maximumSampleCount else { return .tooManySamples(samples.count) }
        for (index, sample) in samples.enumerated() {
            for (component, value) in [sample.timeSeconds, sample.location.x, sample.location.y].enumerated() where !value.isFinite {
                return .notFinite(sample: index, component: component)
            }
            if index > 0, !(sample.timeSeconds > samples[index - 1].timeSeconds) {
                return .timeNotIncreasing(sample: index, time: sample.timeSeconds, previous: samples[index - 1].timeSeconds)
            }
            if index > 0, sample.timeSeconds - samples[index - 1].timeSeconds < minimumSampleSpacingSeconds {
                return .samplesTooClose(sample: index, seconds: sample.timeSeconds - samples[index - 1].timeSeconds)
            }
        }
        let duration = samples[samples.count - 1].timeSeconds - samples[0].timeSeconds
        guard duration <= maximumDurationSeconds else { return .tooLong(seconds: duration) }
        guard completionSpeedRange.contains(completionSpeed) else { return .completionSpeedOutOfRange(completionSpeed) }
        guard finishVelocityPointsPerSecond.isFinite, finishVelocityPointsPerSecond >= 0 else {
            return .finishVelocityOutOfRange(finishVelocityPointsPerSecond)
        }
        if case let .direction(dx, dy) = axis, let message = GestureAxis.problem(dx: dx, dy: dy) { return .badAxis(message) }
        if let lengthPoints, !(lengthPoints.isFinite && lengthPoints > 0) { return .lengthOutOfRange(lengthPoints) }
        return nil
    }

    /// Creates a gesture from valid values. - Throws: `Problem` when `validate` finds one.
    public init(
        samples: [TouchSample], completionSpeed: Double = Gesture.defaultCompletionSpeed,
        completionCurve: AnimationCurve = .easeInOut,
        finishVelocityPointsPerSecond: Double = Gesture.defaultFinishVelocity,
        axis: GestureAxis = .x, lengthPoints: Double? = nil
    ) throws {
        if let problem = Gesture.validate(
            samples: samples, completionSpeed: completionSpeed,
            finishVelocityPointsPerSecond: finishVelocityPointsPerSecond,
            axis: axis, lengthPoints: lengthPoints)
        {
            throw problem
        }
        self.axis = axis
        self.lengthPoints = lengthPoints
        self.samples = samples
        self.completionSpeed = completionSpeed
        self.completionCurve = completionCurve
        self.finishVelocityPointsPerSecond = finishVelocityPointsPerSecond
    }

    /// Seconds from touch-down (the first sample) to lift-off (the last).
    public var durationSeconds: Double { samples[samples.count - 1].timeSeconds - samples[0].timeSeconds }

    /// Where the finger is `seconds` after touch-down: linear between the two samples around that
    /// time (a hand-written file has few samples; a recorded 60–120 Hz stream makes this moot);
    /// the first sample before it, the last after lift-off.
    public func location(atSeconds seconds: Double) -> Point {
        let t = samples[0].timeSeconds + seconds
        if t <= samples[0].timeSeconds { return samples[0].location }
        guard let after = samples.firstIndex(where: { $0.timeSeconds >= t }) else { return samples[samples.count - 1].location }
        let a = samples[after - 1], b = samples[after]
        if b.timeSeconds == t { return b.location }
        return .interpolate(from: a.location, to: b.location, progress: (t - a.timeSeconds) / (b.timeSeconds - a.timeSeconds))
    }

    /// How far the finger has moved since touch-down at `seconds` (`translation(in:)` of a pan
    /// recognizer), in points.
    public func translation(atSeconds seconds: Double) -> Point {
        let now = location(atSeconds: seconds), start = samples[0].location
        return Point(x: now.x - start.x, y: now.y - start.y)
    }

    /// The finger's velocity at lift-off, in points per second, as a scroll or pan view sees it.
    ///
    /// UIKit does not publish how `UIPanGestureRecognizer.velocity(in:)` is computed; it is a
    /// short-window estimate from the last touches. Flutter's `IOSScrollViewFlingVelocityTracker`,
    /// written to reproduce the velocity an iOS scroll view reports at release, weighs the last three
    /// sample-to-sample velocities: `0.6·v₋₂ + 0.35·v₋₁ + 0.05·v₀`, where `v₀` is between the last two
    /// samples, `v₋₁` the pair before, `v₋₂` the pair before that (the finger slows as it lifts, so
    /// the older pairs count most). That is the rule here; with fewer than four samples the available
    /// pairs' weights are renormalised (two samples: their difference quotient).
    public var releaseVelocity: Point {
        let weights = [0.05, 0.35, 0.6] // v₀, v₋₁, v₋₂
        var sumX = 0.0, sumY = 0.0, total = 0.0
        for (back, weight) in weights.enumerated() {
            let end = samples.count - 1 - back
            guard end >= 1 else { break }
            let a = samples[end - 1], b = samples[end]
            let dt = b.timeSeconds - a.timeSeconds
            sumX += weight * (b.location.x - a.location.x) / dt
            sumY += weight * (b.location.y - a.location.y) / dt
            total += weight
        }
        return Point(x: sumX / total, y: sumY / total)
    }
}

/// A number as a person writes it: `2`, not `2.0` (`NumberText.shortest`).
func plain(_ value: Double) -> String { NumberText.shortest(value) }

extension Gesture {
    /// The touch rate of synthesised gestures: 60 samples a second, an iPhone 8's touch rate
    /// (ProMotion devices deliver 120; the estimate of a constant-speed finger does not depend on it).
    package static let synthesisedSampleRate = 60.0

    /// Samples over which a synthesised finger moves at the release velocity before it lifts:
    /// the three sample-to-sample velocities `releaseVelocity` weighs, so the estimate is exactly
    /// the velocity asked for.
    package static let releaseSampleCount = 3

    /// A synthesised pan (`--pan-to X --pan-duration S --release-velocity V`): the finger goes down
    /// at `start`, moves horizontally and reaches x = `toXPoints` at `durationSeconds`, then lifts.
    ///
    /// The samples are at `k·S/n` s for `k = 0…n`, `n = round(S·60)` (at least 4): evenly spaced at
    /// about 60 Hz, the last at exactly S. Over the last three intervals (`releaseSampleCount`, 0.05 s) the finger moves at
    /// `releaseVelocity` points per second; before that at the constant speed that takes it from
    /// `start.x` to `X − V·(the last three intervals)`. Without a release velocity the finger moves at
    /// one constant speed, `(X − start.x)/S`, the whole way. y stays at `start.y`.
    /// - Throws: `Problem` for values `validate` refuses (a duration over 20 s, a bad speed).
    public static func pan(
        from start: Point, toXPoints: Double, durationSeconds: Double, releaseVelocity: Double? = nil,
        completionSpeed: Double = defaultCompletionSpeed, completionCurve: AnimationCurve = .easeInOut,
        finishVelocityPointsPerSecond: Double = defaultFinishVelocity
    ) throws -> Gesture {
        precondition(durationSeconds.isFinite && durationSeconds > 0, "pan duration must be finite and > 0, not \(durationSeconds)")
        let last = max(releaseSampleCount + 1, Int((durationSeconds * synthesisedSampleRate).rounded()))
        let times = (0...last).map { $0 == last ? durationSeconds : durationSeconds * Double($0) / Double(last) }
        let releaseStartTime = times[last - releaseSampleCount]
        let velocity = releaseVelocity ?? (toXPoints - start.x) / durationSeconds
        let releaseStartX = toXPoints - velocity * (durationSeconds - releaseStartTime)
        let samples = times.enumerated().map { index, t -> TouchSample in
            let x: Double
            if index == last {
                x = toXPoints
            } else if t >= releaseStartTime {
                x = releaseStartX + velocity * (t - releaseStartTime)
            } else {
                x = start.x + (releaseStartX - start.x) * (t / releaseStartTime)
            }
            return TouchSample(timeSeconds: t, xPoints: x, yPoints: start.y)
        }
        return try Gesture(
            samples: samples, completionSpeed: completionSpeed, completionCurve: completionCurve,
            finishVelocityPointsPerSecond: finishVelocityPointsPerSecond)
    }
}

extension Gesture.Problem: LocalizedError {
    /// The same one line as `message`, so `localizedDescription` prints it too.
    public var errorDescription: String? { message }
}
