import FlipbookGeometry
import FlipbookMotion
import XCTest

/// Samples along y = 300 at the given (t, x).
func samples(_ points: [(Double, Double)]) -> [TouchSample] {
    points.map { TouchSample(timeSeconds: $0.0, xPoints: $0.1, yPoints: 300) }
}

final class GestureTests: XCTestCase {
    func testValidation() throws {
        XCTAssertEqual(
            Gesture.validate(samples: samples([(0, 0)]), completionSpeed: 1, finishVelocityPointsPerSecond: 100), .tooFewSamples(1))
        XCTAssertEqual(
            Gesture.validate(samples: samples([(0, 0), (0.1, 5), (0.1, 6)]), completionSpeed: 1, finishVelocityPointsPerSecond: 100),
            .timeNotIncreasing(sample: 2, time: 0.1, previous: 0.1))
        XCTAssertEqual(
            Gesture.validate(samples: samples([(0, 0), (0.1, .nan)]), completionSpeed: 1, finishVelocityPointsPerSecond: 100),
            .notFinite(sample: 1, component: 1))
        XCTAssertEqual(
            Gesture.validate(samples: samples([(0, 0), (20.5, 1)]), completionSpeed: 1, finishVelocityPointsPerSecond: 100),
            .tooLong(seconds: 20.5))
        XCTAssertEqual(
            Gesture.validate(samples: samples([(0, 0), (1, 1)]), completionSpeed: 0, finishVelocityPointsPerSecond: 100),
            .completionSpeedOutOfRange(0))
        XCTAssertEqual(
            Gesture.validate(samples: samples([(0, 0), (1, 1)]), completionSpeed: 1, finishVelocityPointsPerSecond: -1),
            .finishVelocityOutOfRange(-1))
        XCTAssertNil(Gesture.validate(samples: samples([(5, 0), (5.5, 1)]), completionSpeed: 10, finishVelocityPointsPerSecond: 0))
        // Before: samples 5e-324 s apart were accepted and the release velocity was infinite.
        XCTAssertEqual(
            Gesture.validate(
                samples: samples([(0, 0), (.leastNonzeroMagnitude, 300)]), completionSpeed: 1, finishVelocityPointsPerSecond: 100),
            .samplesTooClose(sample: 1, seconds: .leastNonzeroMagnitude))
        XCTAssertEqual(
            Gesture.validate(samples: samples([(0, 0), (0.1, 5), (0.1009, 6)]), completionSpeed: 1, finishVelocityPointsPerSecond: 100),
            .samplesTooClose(sample: 2, seconds: 0.1009 - 0.1))
        // At the minimum spacing and the largest coordinates the velocity stays finite.
        let fastest = try Gesture(samples: samples([(0, -1e6), (0.001, 1e6)]))
        XCTAssertEqual(fastest.releaseVelocity.x, 2e9, accuracy: 1)
        XCTAssertEqual(Gesture.Problem.timeNotIncreasing(sample: 3, time: 2.1, previous: 2.4).message, "time must increase (2.1 after 2.4)")
    }

    /// Pair velocities 100, 200, 300, 400 pt/s: 0.6·200 + 0.35·300 + 0.05·400 = 245.
    func testReleaseVelocityWeighsTheLastThreePairs() throws {
        let gesture = try Gesture(samples: samples([(0, 0), (0.1, 10), (0.2, 30), (0.3, 60), (0.4, 100)]))
        XCTAssertEqual(gesture.releaseVelocity.x, 245, accuracy: 1e-9)
        XCTAssertEqual(gesture.releaseVelocity.y, 0)
    }

    func testReleaseVelocityWithFewSamplesRenormalises() throws {
        XCTAssertEqual(try Gesture(samples: samples([(0, 0), (0.5, 50)])).releaseVelocity.x, 100, accuracy: 1e-12)
        // v₀ = 200, v₋₁ = 100: (0.35·100 + 0.05·200) / 0.4 = 112.5.
        XCTAssertEqual(try Gesture(samples: samples([(0, 0), (0.1, 10), (0.2, 30)])).releaseVelocity.x, 112.5, accuracy: 1e-9)
    }

    func testLocationAndTranslation() throws {
        let gesture = try Gesture(samples: samples([(1, 20), (1.5, 70), (2, 40)]))
        XCTAssertEqual(gesture.durationSeconds, 1)
        XCTAssertEqual(gesture.location(atSeconds: -1), Point(x: 20, y: 300))
        XCTAssertEqual(gesture.location(atSeconds: 0.25), Point(x: 45, y: 300))
        XCTAssertEqual(gesture.location(atSeconds: 0.5), Point(x: 70, y: 300))
        XCTAssertEqual(gesture.location(atSeconds: 0.75).x, 55, accuracy: 1e-12)
        XCTAssertEqual(gesture.location(atSeconds: 3), Point(x: 40, y: 300))
        XCTAssertEqual(gesture.translation(atSeconds: 0.5), Point(x: 50, y: 0))
    }

    func testConstantSpeedPan() throws {
        let gesture = try Gesture.pan(from: Point(x: 0, y: 333.5), toXPoints: 375, durationSeconds: 0.5)
        XCTAssertEqual(gesture.samples.count, 31)
        XCTAssertEqual(gesture.samples.last, TouchSample(timeSeconds: 0.5, xPoints: 375, yPoints: 333.5))
        for sample in gesture.samples { XCTAssertEqual(sample.location.x, 750 * sample.timeSeconds, accuracy: 1e-9) }
        XCTAssertEqual(gesture.releaseVelocity.x, 750, accuracy: 1e-9)
        XCTAssertEqual(gesture.completionSpeed, 1)
        XCTAssertEqual(gesture.completionCurve, .easeInOut)
        XCTAssertEqual(gesture.finishVelocityPointsPerSecond, 100)
    }

    /// 112.5 pt in 0.3 s, lifting at 1500 pt/s: the last 0.05 s cover 75 pt, the first 0.25 s the other 37.5.
    func testFlickPan() throws {
        let gesture = try Gesture.pan(from: Point(x: 0, y: 300), toXPoints: 112.5, durationSeconds: 0.3, releaseVelocity: 1500)
        XCTAssertEqual(gesture.samples.count, 19)
        XCTAssertEqual(gesture.samples[15].timeSeconds, 0.25, accuracy: 1e-15)
        XCTAssertEqual(gesture.samples[15].location.x, 37.5, accuracy: 1e-9)
        XCTAssertEqual(gesture.samples[5].location.x, 37.5 * 5 / 15, accuracy: 1e-9)
        XCTAssertEqual(gesture.samples[18].location.x, 112.5)
        XCTAssertEqual(gesture.releaseVelocity.x, 1500, accuracy: 1e-9)
    }

    func testVeryShortPanStillHasFourIntervals() throws {
        let gesture = try Gesture.pan(from: .zero, toXPoints: 10, durationSeconds: 0.02, releaseVelocity: 500)
        XCTAssertEqual(gesture.samples.map(\.timeSeconds), [0, 0.005, 0.01, 0.015, 0.02])
        XCTAssertEqual(gesture.releaseVelocity.x, 500, accuracy: 1e-9)
    }

    func testPanRefusesAnOverlongDuration() {
        XCTAssertThrowsError(try Gesture.pan(from: .zero, toXPoints: 10, durationSeconds: 25)) { error in
            XCTAssertEqual(error as? Gesture.Problem, .tooLong(seconds: 25))
        }
    }

    func testAnimationCurves() {
        XCTAssertEqual(AnimationCurve.easeInOut.bezier, .easeInEaseOut)
        XCTAssertEqual(AnimationCurve.easeIn.bezier, .easeIn)
        XCTAssertEqual(AnimationCurve.easeOut.bezier, .easeOut)
        XCTAssertEqual(AnimationCurve.linear.bezier, .linear)
    }
}
