package import FlipbookGeometry

/// What an interactive transition is doing in a frame.
package enum InteractivePhase: String, Sendable, Hashable, Codable {
    /// The finger is down: the fraction follows it (`UIPercentDrivenInteractiveTransition.update`).
    case interactive
    /// After lift-off, animating from the release fraction to 1 (`finish()`).
    case finishing
    /// After lift-off, animating from the release fraction back to 0 (`cancel()`).
    case cancelling
}

/// One output frame of an `InteractiveTimeline`.
package struct InteractiveFrame: Sendable, Hashable {
    /// Frame number, 0…`InteractiveTimeline.lastFrameIndex`.
    package var index: Int
    /// Seconds since touch-down, `index / fps`.
    package var timeSeconds: Double
    /// Finger down, finishing or cancelling.
    package var phase: InteractivePhase
    /// Where the finger is (window points) while it is down; nil after lift-off.
    package var finger: Point?
    /// The transition's fraction complete, 0…1 (`percentComplete`): exactly the target (1 or 0) in
    /// the last frame.
    package var fraction: Double
    /// The transition time the frame shows: `fraction × duration` seconds on the transition's own
    /// clock (a percent-driven transition sets its layers' time offset to this; a spring is evaluated
    /// at this time, not at this progress).
    package var transitionTimeSeconds: Double
    /// True for the last frame, which shows the transition completed (finished: the destination as
    /// after `completeTransition(true)`; cancelled: the source as before the gesture).
    package var isFinal: Bool

    /// Creates a frame.
    package init(
        index: Int, timeSeconds: Double, phase: InteractivePhase, finger: Point?, fraction: Double,
        transitionTimeSeconds: Double, isFinal: Bool
    ) {
        self.index = index; self.timeSeconds = timeSeconds; self.phase = phase; self.finger = finger
        self.fraction = fraction; self.transitionTimeSeconds = transitionTimeSeconds; self.isFinal = isFinal
    }
}

/// A gesture driving a percent-driven transition (an edge-swipe pop), sampled at a frame rate:
/// UIKit's `UIPercentDrivenInteractiveTransition` rules as pure maths (docs/INTERACTIVE.md).
///
/// - While the finger is down, fraction = `clamp(along(translation) / length, 0, 1)`: the pan
///   recognizer's translation since touch-down projected on the gesture's axis (`Gesture.axis`:
///   `translation.x` for the default x), over `lengthPoints` (linear: "during the interactive
///   portion of a view controller transition, the animation curve is linear").
/// - At lift-off, `decide` finishes or cancels from the release fraction and the release velocity
///   projected on the same axis (`Gesture.releaseVelocity`, positive towards completion).
/// - The rest animates from the release fraction `p` to 1 in `(1 − p)·D / completionSpeed` seconds,
///   or back to 0 in `p·D / completionSpeed` seconds, the fraction following `completionCurve`.
/// - Every frame shows the transition at time `fraction × D` (`transitionTimeSeconds`).
///
/// Frame `k` is at `k/fps` seconds after touch-down, `k = 0…N`; the last frame is the end of the
/// completion animation: `N = max(round(end·fps), r + 1)`, `r` the last frame at or before lift-off,
/// so there is always at least one frame after it, and frame N shows the target exactly.
package struct InteractiveTimeline: Sendable {
    /// The finger.
    package let gesture: Gesture
    /// Length the translation along the axis is divided by, in points: the gesture's own
    /// `lengthPoints`, else the `widthPoints` given (the container's extent along the axis).
    package let lengthPoints: Double
    /// The transition's non-interactive duration `D` in seconds (`transitionDuration(using:)`).
    package let transitionDurationSeconds: Double
    /// Frames per second (> 0).
    package let framesPerSecond: Double

    /// Creates a timeline whose full progress is `widthPoints` along the axis unless the gesture
    /// gives its own length (for an axis other than x pass the container's extent along it, or use
    /// `init(gesture:containerWidthPoints:heightPoints:…)`); traps unless the length, duration and
    /// fps are finite and > 0.
    package init(gesture: Gesture, widthPoints: Double, transitionDurationSeconds: Double, framesPerSecond: Double) {
        let length = gesture.lengthPoints ?? widthPoints
        precondition(length.isFinite && length > 0, "length must be finite and > 0, not \(length)")
        precondition(transitionDurationSeconds.isFinite && transitionDurationSeconds > 0, "duration must be finite and > 0")
        precondition(framesPerSecond.isFinite && framesPerSecond > 0, "fps must be finite and > 0, not \(framesPerSecond)")
        self.gesture = gesture; self.lengthPoints = length
        self.transitionDurationSeconds = transitionDurationSeconds; self.framesPerSecond = framesPerSecond
    }

    /// A timeline for a container `width` × `height` points: the length is the gesture's own, else
    /// the container's extent along the gesture's axis (`Gesture.progressLengthPoints`).
    package init(
        gesture: Gesture, containerWidthPoints width: Double, heightPoints height: Double,
        transitionDurationSeconds: Double, framesPerSecond: Double
    ) {
        self.init(
            gesture: gesture, widthPoints: gesture.progressLengthPoints(containerWidthPoints: width, heightPoints: height),
            transitionDurationSeconds: transitionDurationSeconds, framesPerSecond: framesPerSecond)
    }

    /// The fraction for a translation along the axis: `clamp(translation / length, 0, 1)`.
    package static func fraction(translationXPoints: Double, widthPoints: Double) -> Double {
        min(max(translationXPoints / widthPoints, 0), 1)
    }

    /// The fraction `t` seconds after touch-down while the finger is down.
    private func fingerFraction(atSeconds t: Double) -> Double {
        Self.fraction(translationXPoints: gesture.axis.along(gesture.translation(atSeconds: t)), widthPoints: lengthPoints)
    }

    /// The finish/cancel rule at lift-off: finish when the velocity towards completion is above
    /// `finishVelocity` (points per second) or the fraction is past one half; else cancel.
    ///
    /// Apple's CustomTransitions sample decides on the fraction alone (`≥ 0.5`); SloppySwiper on the
    /// velocity's sign alone; JTSSloppySwiping, which re-creates UINavigationController's
    /// swipe-back, on both, with 100 pt/s (and it cancels on any backward velocity, which this rule
    /// does not: past one half it finishes whatever the velocity).
    package static func finishes(fraction: Double, velocityPointsPerSecond: Double, finishVelocity: Double) -> Bool {
        velocityPointsPerSecond > finishVelocity || fraction > 0.5
    }

    /// Seconds from touch-down to lift-off.
    package var releaseSeconds: Double { gesture.durationSeconds }

    /// The fraction at lift-off (the last sample's translation).
    package var releaseFraction: Double { fingerFraction(atSeconds: releaseSeconds) }

    /// The finger's velocity at lift-off along the axis, points per second, positive towards
    /// completion (`Gesture.releaseVelocity` projected: its x for the default axis).
    package var releaseVelocityPointsPerSecond: Double { gesture.axis.along(gesture.releaseVelocity) }

    /// True when the transition finishes, false when it is cancelled (`finishes(…)`).
    package var finishes: Bool {
        Self.finishes(
            fraction: releaseFraction, velocityPointsPerSecond: releaseVelocityPointsPerSecond,
            finishVelocity: gesture.finishVelocityPointsPerSecond)
    }

    /// The fraction the completion animation ends at: 1 (finish) or 0 (cancel).
    package var targetFraction: Double { finishes ? 1 : 0 }

    /// Seconds of the completion animation: `|target − p|·D / completionSpeed` (0 when the finger
    /// lifted exactly at the target).
    package var completionDurationSeconds: Double {
        abs(targetFraction - releaseFraction) * transitionDurationSeconds / gesture.completionSpeed
    }

    /// Seconds from touch-down to the end of the completion animation.
    package var endSeconds: Double { releaseSeconds + completionDurationSeconds }

    /// The last frame at or before lift-off (its time `r/fps ≤ releaseSeconds`).
    package var releaseFrameIndex: Int {
        Timeline.lastFrame(atOrBefore: releaseSeconds, framesPerSecond: framesPerSecond)
    }

    /// `N`, the index of the last frame.
    package var lastFrameIndex: Int {
        max(Int((endSeconds * framesPerSecond).rounded()), releaseFrameIndex + 1)
    }

    /// Number of frames, `N + 1`.
    package var frameCount: Int { lastFrameIndex + 1 }

    /// The fraction at `t` seconds after touch-down (not forced to the target at the last frame).
    package func fraction(atSeconds t: Double) -> Double {
        if t <= releaseSeconds { return fingerFraction(atSeconds: t) }
        let start = releaseFraction, target = targetFraction, duration = completionDurationSeconds
        guard duration > 0 else { return target }
        let curve = gesture.completionCurve.bezier.progress(atFraction: (t - releaseSeconds) / duration)
        return curve >= 1 ? target : start + (target - start) * curve
    }

    /// Frame `index` (0…N).
    package func frame(_ index: Int) -> InteractiveFrame {
        precondition(index >= 0 && index <= lastFrameIndex, "frame \(index) is outside 0…\(lastFrameIndex)")
        let t = Double(index) / framesPerSecond
        let isFinal = index == lastFrameIndex
        let down = index <= releaseFrameIndex
        let fraction = isFinal ? targetFraction : fraction(atSeconds: t)
        return InteractiveFrame(
            index: index, timeSeconds: t, phase: down ? .interactive : (finishes ? .finishing : .cancelling),
            finger: down ? gesture.location(atSeconds: t) : nil, fraction: fraction,
            transitionTimeSeconds: fraction * transitionDurationSeconds, isFinal: isFinal)
    }

    /// Every frame, 0…N.
    package var frames: [InteractiveFrame] { (0...lastFrameIndex).map(frame) }
}
