/// One sampled frame of a timeline.
public struct FrameSample: Sendable, Hashable {
    /// Frame number, 0…`Timeline.lastFrameIndex`.
    public var index: Int
    /// Time of the frame, `index / fps` seconds after the start.
    public var timeSeconds: Double
    /// Progress drawn in this frame: `Timing.progress`, and exactly 1 in the last frame.
    public var progress: Double
    /// The curve's raw value at `timeSeconds` (`Timing.rawProgress`), for plots and timeline.json.
    public var rawProgress: Double

    /// Creates a sample.
    public init(index: Int, timeSeconds: Double, progress: Double, rawProgress: Double) {
        self.index = index; self.timeSeconds = timeSeconds; self.progress = progress; self.rawProgress = rawProgress
    }
}

/// A timing sampled at a fixed frame rate: frame `k` at `t = k/fps` for `k = 0…N`, `N = round(d·fps)`.
///
/// Frame 0 is the first frame of the animation (progress 0) and frame N shows the completed state
/// (progress exactly 1), even when `N/fps` falls a little before `d` because `d·fps` is not whole.
/// 0.7 s at 60 fps is 43 frames.
package struct Timeline: Sendable {
    /// The timing being sampled.
    package var timing: Timing
    /// Frames per second (> 0; 60 by default in the CLI).
    package var framesPerSecond: Double

    /// Creates a timeline; traps unless `framesPerSecond` is finite and > 0.
    package init(timing: Timing, framesPerSecond: Double) {
        precondition(framesPerSecond.isFinite && framesPerSecond > 0, "Timeline fps must be finite and > 0, not \(framesPerSecond)")
        self.timing = timing
        self.framesPerSecond = framesPerSecond
    }

    /// `N = round(d·fps)` (half away from zero), the index of the last frame; at least 1 so that
    /// a very short animation still has a first and a final frame.
    package var lastFrameIndex: Int {
        max(1, Int((timing.durationSeconds * framesPerSecond).rounded()))
    }

    /// Number of frames, `N + 1`.
    package var frameCount: Int { lastFrameIndex + 1 }

    /// Frame `index` (0…N).
    package func frame(_ index: Int) -> FrameSample {
        precondition(index >= 0 && index <= lastFrameIndex, "frame \(index) is outside 0…\(lastFrameIndex)")
        // k/fps rather than k·(1/fps): one rounding, so 42/60 is exactly the double nearest 0.7.
        let t = Double(index) / framesPerSecond
        let raw = timing.rawProgress(atSeconds: t)
        let drawn = index == lastFrameIndex ? 1 : timing.progress(atSeconds: t)
        return FrameSample(index: index, timeSeconds: t, progress: drawn, rawProgress: raw)
    }

    /// Frames whose indices are in `range` (clamped to 0…N).
    package func frames(in range: Range<Int>) -> [FrameSample] {
        range.clamped(to: 0..<frameCount).map(frame)
    }

    /// Every frame, 0…N.
    package var frames: [FrameSample] { frames(in: 0..<frameCount) }

    /// The index of the last frame at or before `seconds` (frame `k` is at `k/fps`; 0 for times
    /// before the first frame). The frame's own time `k/fps` decides, not the rounding of `seconds·fps`.
    package static func lastFrame(atOrBefore seconds: Double, framesPerSecond: Double) -> Int {
        var index = max(0, Int((seconds * framesPerSecond).rounded(.down)))
        while Double(index + 1) / framesPerSecond <= seconds { index += 1 }
        while index > 0 && Double(index) / framesPerSecond > seconds { index -= 1 }
        return index
    }
}
