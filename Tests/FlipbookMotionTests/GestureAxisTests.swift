import FlipbookGeometry
import FlipbookMotion
import XCTest

/// Gestures along y, −y and a direction: the fraction, the release velocity and the finish rule
/// along the axis, with values worked out by hand.
final class GestureAxisTests: XCTestCase {
    /// A straight drag: samples 0.02 s apart, moving (dx, dy) per sample from (100, 200).
    func drag(count: Int, dx: Double, dy: Double, axis: GestureAxis, length: Double? = nil) throws -> Gesture {
        let samples = (0..<count).map { k in
            TouchSample(timeSeconds: 0.02 * Double(k), xPoints: 100 + dx * Double(k), yPoints: 200 + dy * Double(k))
        }
        return try Gesture(samples: samples, axis: axis, lengthPoints: length)
    }

    /// Pulled down 19 × 12 = 228 pt on a 375 × 667 screen at 12 pt / 0.02 s = 600 pt/s: fraction
    /// 228/667 = 0.341829…, velocity 600 > 100 → finishes in (1 − 228/667)·0.5 s.
    func testPullDownDrivesItsAxis() throws {
        let gesture = try drag(count: 20, dx: 0.2, dy: 12, axis: .y)
        let timeline = InteractiveTimeline(
            gesture: gesture, containerWidthPoints: 375, heightPoints: 667,
            transitionDurationSeconds: 0.5, framesPerSecond: 60)
        XCTAssertEqual(timeline.lengthPoints, 667)
        XCTAssertEqual(timeline.releaseFraction, 228.0 / 667, accuracy: 1e-12)
        XCTAssertEqual(timeline.releaseVelocityPointsPerSecond, 600, accuracy: 1e-9)
        XCTAssertTrue(timeline.finishes)
        XCTAssertEqual(timeline.completionDurationSeconds, (1 - 228.0 / 667) * 0.5, accuracy: 1e-12)
        // Frame 6 at 0.1 s: 5 intervals, 60 pt down → 60/667.
        XCTAssertEqual(timeline.frame(6).fraction, 60.0 / 667, accuracy: 1e-12)
        XCTAssertNil(gesture.acrossAxisWarning)
    }

    /// The same drag read along x: it moves 3.8 pt sideways only, so fraction ≈ 0.01 and the
    /// velocity 10 pt/s: cancelled. Along −y it never progresses (fraction 0) and is warned about.
    func testTheSameDragOnOtherAxes() throws {
        let alongX = InteractiveTimeline(
            gesture: try drag(count: 20, dx: 0.2, dy: 12, axis: .x), containerWidthPoints: 375,
            heightPoints: 667, transitionDurationSeconds: 0.5, framesPerSecond: 60)
        XCTAssertEqual(alongX.releaseFraction, 3.8 / 375, accuracy: 1e-12)
        XCTAssertEqual(alongX.releaseVelocityPointsPerSecond, 10, accuracy: 1e-9)
        XCTAssertFalse(alongX.finishes)
        let up = try drag(count: 20, dx: 0.2, dy: 12, axis: .negativeY)
        let alongUp = InteractiveTimeline(
            gesture: up, containerWidthPoints: 375, heightPoints: 667,
            transitionDurationSeconds: 0.5, framesPerSecond: 60)
        XCTAssertEqual(alongUp.releaseFraction, 0)
        XCTAssertEqual(alongUp.releaseVelocityPointsPerSecond, -600, accuracy: 1e-9)
        XCTAssertFalse(alongUp.finishes)
        XCTAssertEqual(up.acrossAxisWarning, nil, "it moves against the axis, not across it: a cancel, not a mistake")
    }

    /// A vertical drag on the default x axis: the flat line the warning is for.
    func testAcrossAxisWarning() throws {
        let vertical = try drag(count: 20, dx: 0, dy: 12, axis: .x)
        let warning = try XCTUnwrap(vertical.acrossAxisWarning)
        XCTAssertTrue(warning.contains("228 pt across the gesture's axis x"), warning)
        XCTAssertTrue(warning.contains("\"axis\": \"y\""), warning)
        XCTAssertNil(try drag(count: 20, dx: 0, dy: 0.4, axis: .x).acrossAxisWarning, "7.6 pt: a wobble, not a drag")
        XCTAssertNil(try drag(count: 20, dx: 5, dy: 12, axis: .x).acrossAxisWarning, "some progress along x")
    }

    /// Direction (3, 4) (unit (0.6, 0.8)), a drag of (6, 8) per sample: 10 pt per 0.02 s along it,
    /// 0 across; 19 samples' worth = 190 pt over the default length 0.6·375 + 0.8·667 = 758.6.
    func testDirectionAndOwnLength() throws {
        let diagonal = try drag(count: 20, dx: 6, dy: 8, axis: .direction(dx: 3, dy: 4))
        let timeline = InteractiveTimeline(
            gesture: diagonal, containerWidthPoints: 375, heightPoints: 667,
            transitionDurationSeconds: 0.5, framesPerSecond: 60)
        XCTAssertEqual(timeline.lengthPoints, 0.6 * 375 + 0.8 * 667, accuracy: 1e-12)
        XCTAssertEqual(timeline.releaseFraction, 190 / (0.6 * 375 + 0.8 * 667), accuracy: 1e-12)
        XCTAssertEqual(timeline.releaseVelocityPointsPerSecond, 500, accuracy: 1e-9)
        XCTAssertEqual(GestureAxis.direction(dx: 3, dy: 4).across(Point(x: 6, y: 8)), 0, accuracy: 1e-12)
        XCTAssertEqual(GestureAxis.direction(dx: 3, dy: 4).across(Point(x: 4, y: -3)), 5, accuracy: 1e-12)
        // A length of its own: 190 of 380 pt is one half exactly, and not past it (velocity decides).
        let own = InteractiveTimeline(
            gesture: try drag(count: 20, dx: 6, dy: 8, axis: .direction(dx: 3, dy: 4), length: 380),
            containerWidthPoints: 375, heightPoints: 667, transitionDurationSeconds: 0.5, framesPerSecond: 60)
        XCTAssertEqual(own.releaseFraction, 0.5, accuracy: 1e-12)
    }

    /// x stays exactly what it was: the same fraction and velocity as the x-only rule, bit for bit.
    func testXIsUnchanged() throws {
        let gesture = try Gesture.pan(from: Point(x: 0, y: 300), toXPoints: 150, durationSeconds: 1, releaseVelocity: 20)
        let old = InteractiveTimeline(gesture: gesture, widthPoints: 375, transitionDurationSeconds: 0.7, framesPerSecond: 60)
        let new = InteractiveTimeline(
            gesture: gesture, containerWidthPoints: 375, heightPoints: 667,
            transitionDurationSeconds: 0.7, framesPerSecond: 60)
        XCTAssertEqual(old.frames, new.frames)
        XCTAssertEqual(new.releaseFraction, InteractiveTimeline.fraction(translationXPoints: 150, widthPoints: 375))
    }

    func testBadAxisAndLength() {
        let samples = [TouchSample(timeSeconds: 0, xPoints: 0, yPoints: 0), TouchSample(timeSeconds: 0.1, xPoints: 0, yPoints: 10)]
        XCTAssertThrowsError(try Gesture(samples: samples, axis: .direction(dx: 0, dy: 0)))
        XCTAssertThrowsError(try Gesture(samples: samples, lengthPoints: 0))
        XCTAssertThrowsError(try Gesture(samples: samples, lengthPoints: .infinity))
    }
}
