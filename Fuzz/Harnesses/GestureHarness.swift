import Flipbook
import Foundation

/// A gesture file (`--gesture`): parsed as `GestureFile.read` does, then every frame of the
/// percent-driven rules (a 0.35 s transition on the scene's 100 pt wide screen, 60 fps) and of
/// the paging model (five 100 pt pages from the middle one). Every time, fraction and offset a
/// frame reports must be finite: `timeline.json` cannot write anything else.
func fuzzGestureFile(_ bytes: UnsafeRawBufferPointer) {
    guard let gesture = try? GestureFile.parse([UInt8](bytes), file: "fuzz-gesture.json") else { return }
    let interactive = InteractiveTimeline(gesture: gesture, widthPoints: 100, transitionDurationSeconds: 0.35, framesPerSecond: 60)
    precondition(interactive.releaseVelocityPointsPerSecond.isFinite, "release velocity \(interactive.releaseVelocityPointsPerSecond)")
    for frame in interactive.frames {
        precondition(
            frame.timeSeconds.isFinite && frame.fraction.isFinite && frame.transitionTimeSeconds.isFinite,
            "frame \(frame.index): time \(frame.timeSeconds), fraction \(frame.fraction)")
    }
    let paging = PagingTimeline(
        gesture: gesture, pageWidthPoints: 100, pageCount: 5, startPage: 2, framesPerSecond: 60,
        settleTolerancePoints: 0.5)
    for frame in paging.frames {
        precondition(
            frame.timeSeconds.isFinite && frame.contentOffsetPoints.isFinite,
            "paging frame \(frame.index): time \(frame.timeSeconds), offset \(frame.contentOffsetPoints)")
    }
}
