import FlipbookGeometry
import FlipbookMotion
import XCTest

final class InteractiveTimelineTests: XCTestCase {
    func testFractionIsClampedTranslationOverWidth() {
        XCTAssertEqual(InteractiveTimeline.fraction(translationXPoints: 93.75, widthPoints: 375), 0.25)
        XCTAssertEqual(InteractiveTimeline.fraction(translationXPoints: -20, widthPoints: 375), 0)
        XCTAssertEqual(InteractiveTimeline.fraction(translationXPoints: 400, widthPoints: 375), 1)
    }

    func testLastFrameAtOrBefore() {
        XCTAssertEqual(Timeline.lastFrame(atOrBefore: 0.5, framesPerSecond: 60), 30)
        XCTAssertEqual(Timeline.lastFrame(atOrBefore: 0.4999, framesPerSecond: 60), 29)
        XCTAssertEqual(Timeline.lastFrame(atOrBefore: 0.7, framesPerSecond: 60), 42)
        XCTAssertEqual(Timeline.lastFrame(atOrBefore: 1.0 / 3, framesPerSecond: 30), 10)
        XCTAssertEqual(Timeline.lastFrame(atOrBefore: -1, framesPerSecond: 60), 0)
    }

    func testFinishOrCancelRule() {
        func finishes(_ fraction: Double, _ velocity: Double) -> Bool {
            InteractiveTimeline.finishes(fraction: fraction, velocityPointsPerSecond: velocity, finishVelocity: 100)
        }
        XCTAssertTrue(finishes(0.51, 0))
        XCTAssertFalse(finishes(0.5, 0))
        XCTAssertTrue(finishes(0.2, 101))
        XCTAssertFalse(finishes(0.2, 100))
        XCTAssertFalse(finishes(0.49, -2000))
        XCTAssertTrue(finishes(0.8, -500), "past one half finishes, whatever the velocity")
    }

    /// The whole width at 750 pt/s: the finger lifts at fraction 1, nothing is left to animate.
    func testFullSwipe() throws {
        let gesture = try Gesture.pan(from: Point(x: 0, y: 333.5), toXPoints: 375, durationSeconds: 0.5)
        let timeline = InteractiveTimeline(gesture: gesture, widthPoints: 375, transitionDurationSeconds: 0.7, framesPerSecond: 60)
        XCTAssertEqual(timeline.releaseFraction, 1)
        XCTAssertTrue(timeline.finishes)
        XCTAssertEqual(timeline.completionDurationSeconds, 0)
        XCTAssertEqual(timeline.releaseFrameIndex, 30)
        XCTAssertEqual(timeline.lastFrameIndex, 31)
        let middle = timeline.frame(15)
        XCTAssertEqual(middle.phase, .interactive)
        XCTAssertEqual(middle.fraction, 0.5, accuracy: 1e-12)
        XCTAssertEqual(middle.transitionTimeSeconds, 0.35, accuracy: 1e-12)
        XCTAssertEqual(middle.finger!.x, 187.5, accuracy: 1e-9)
        XCTAssertEqual(middle.finger!.y, 333.5)
        let last = timeline.frame(31)
        XCTAssertEqual(last.phase, .finishing)
        XCTAssertNil(last.finger)
        XCTAssertEqual(last.fraction, 1)
        XCTAssertEqual(last.transitionTimeSeconds, 0.7)
        XCTAssertTrue(last.isFinal)
        XCTAssertFalse(timeline.frame(30).isFinal)
    }

    /// 150 of 375 pt (0.4) in 1 s, lifting at 20 pt/s: cancelled, back to 0 in 0.4·0.7 = 0.28 s on easeInOut.
    func testHalfSwipeLetGoSlowlyCancels() throws {
        let gesture = try Gesture.pan(from: Point(x: 0, y: 300), toXPoints: 150, durationSeconds: 1, releaseVelocity: 20)
        let timeline = InteractiveTimeline(gesture: gesture, widthPoints: 375, transitionDurationSeconds: 0.7, framesPerSecond: 60)
        XCTAssertEqual(timeline.releaseFraction, 0.4, accuracy: 1e-12)
        XCTAssertEqual(timeline.releaseVelocityPointsPerSecond, 20, accuracy: 1e-9)
        XCTAssertFalse(timeline.finishes)
        XCTAssertEqual(timeline.completionDurationSeconds, 0.28, accuracy: 1e-12)
        XCTAssertEqual(timeline.releaseFrameIndex, 60)
        XCTAssertEqual(timeline.lastFrameIndex, 77) // round(1.28·60) = round(76.8)
        let frame = timeline.frame(70)
        XCTAssertEqual(frame.phase, .cancelling)
        let u = (70.0 / 60 - 1) / 0.28
        XCTAssertEqual(frame.fraction, 0.4 - 0.4 * bisectedBezier(.easeInEaseOut, u), accuracy: 1e-12)
        XCTAssertEqual(frame.transitionTimeSeconds, frame.fraction * 0.7, accuracy: 1e-15)
        XCTAssertEqual(timeline.frame(77).fraction, 0)
        XCTAssertEqual(timeline.frame(77).transitionTimeSeconds, 0)
        XCTAssertEqual(timeline.frame(77).phase, .cancelling)
        let fractions = timeline.frames.dropFirst(61).map(\.fraction)
        XCTAssertEqual(fractions, fractions.sorted(by: >), "a cancel only goes back")
    }

    /// 30 % at 1500 pt/s: finished, 0.7 of 0.7 s left (0.49 s).
    func testQuickFlickFromThirtyPercentFinishes() throws {
        let gesture = try Gesture.pan(from: Point(x: 0, y: 300), toXPoints: 112.5, durationSeconds: 0.3, releaseVelocity: 1500)
        let timeline = InteractiveTimeline(gesture: gesture, widthPoints: 375, transitionDurationSeconds: 0.7, framesPerSecond: 60)
        XCTAssertEqual(timeline.releaseFraction, 0.3, accuracy: 1e-12)
        XCTAssertTrue(timeline.finishes)
        XCTAssertEqual(timeline.completionDurationSeconds, 0.49, accuracy: 1e-12)
        XCTAssertEqual(timeline.lastFrameIndex, 47) // round(0.79·60) = round(47.4)
        XCTAssertEqual(timeline.frame(18).phase, .interactive)
        XCTAssertEqual(timeline.frame(19).phase, .finishing)
        let u = (30.0 / 60 - 0.3) / 0.49
        XCTAssertEqual(timeline.frame(30).fraction, 0.3 + 0.7 * bisectedBezier(.easeInEaseOut, u), accuracy: 1e-12)
        XCTAssertEqual(timeline.frames.last?.fraction, 1)
    }

    func testCompletionSpeedAndCurve() throws {
        let gesture = try Gesture.pan(
            from: .zero, toXPoints: 150, durationSeconds: 1, releaseVelocity: 20,
            completionSpeed: 2, completionCurve: .linear)
        let timeline = InteractiveTimeline(gesture: gesture, widthPoints: 375, transitionDurationSeconds: 0.7, framesPerSecond: 60)
        XCTAssertEqual(timeline.completionDurationSeconds, 0.14, accuracy: 1e-12)
        XCTAssertEqual(timeline.fraction(atSeconds: 1.07), 0.2, accuracy: 1e-12)
    }

    func testFingerMovingBackPastTheStartClampsToZero() throws {
        let gesture = try Gesture(samples: samples([(0, 100), (0.2, 40), (0.4, 10)]))
        let timeline = InteractiveTimeline(gesture: gesture, widthPoints: 375, transitionDurationSeconds: 0.5, framesPerSecond: 30)
        XCTAssertEqual(timeline.releaseFraction, 0)
        XCTAssertFalse(timeline.finishes)
        XCTAssertEqual(timeline.completionDurationSeconds, 0)
        XCTAssertEqual(timeline.lastFrameIndex, 13)
        XCTAssertTrue(timeline.frames.allSatisfy { $0.fraction == 0 })
    }

    func testTimesAreKOverFPSWhateverTheFirstSampleTime() throws {
        let gesture = try Gesture(samples: samples([(12.5, 0), (12.9, 200)]), finishVelocityPointsPerSecond: 100)
        let timeline = InteractiveTimeline(gesture: gesture, widthPoints: 400, transitionDurationSeconds: 1, framesPerSecond: 10)
        XCTAssertEqual(timeline.frames.map(\.timeSeconds).prefix(3), [0, 0.1, 0.2])
        XCTAssertEqual(timeline.frame(2).fraction, 0.25, accuracy: 1e-12)
        XCTAssertEqual(timeline.releaseFrameIndex, 4)
        XCTAssertTrue(timeline.finishes, "500 pt/s is past 100")
    }
}
