import FlipbookGeometry
import FlipbookMotion
import XCTest

final class PagingTimelineTests: XCTestCase {
    /// The table of the 2013 rubber-band analysis (c = 0.55, d = 960): 100 → 52.02, 400 → 178.98, 960 → 340.65.
    func testRubberBand() {
        XCTAssertEqual(PagingTimeline.rubberBand(100, dimensionPoints: 960), 52.02, accuracy: 0.005)
        XCTAssertEqual(PagingTimeline.rubberBand(400, dimensionPoints: 960), 178.98, accuracy: 0.005)
        XCTAssertEqual(PagingTimeline.rubberBand(960, dimensionPoints: 960), 340.65, accuracy: 0.005)
        XCTAssertEqual(PagingTimeline.rubberBand(0, dimensionPoints: 375), 0)
    }

    /// A finger from x = 300 moving `dx` in `seconds`, lifting at `velocity` (finger, pt/s).
    func timeline(start page: Int, of count: Int = 5, dx: Double, seconds: Double = 0.3, velocity: Double? = nil) throws -> PagingTimeline {
        let gesture = try Gesture.pan(
            from: Point(x: 300, y: 333.5), toXPoints: 300 + dx, durationSeconds: seconds, releaseVelocity: velocity)
        return PagingTimeline(
            gesture: gesture, pageWidthPoints: 375, pageCount: count, startPage: page, framesPerSecond: 60,
            settleTolerancePoints: 0.25)
    }

    func testTargetPage() throws {
        XCTAssertEqual(try timeline(start: 2, dx: -100, velocity: -300).targetPage, 3, "a flick to the left goes to the next page")
        XCTAssertEqual(try timeline(start: 2, dx: -100, velocity: -10).targetPage, 2, "let go slowly: the nearest page")
        XCTAssertEqual(try timeline(start: 2, dx: -250, velocity: -10).targetPage, 3, "let go slowly past half: the nearest page")
        XCTAssertEqual(try timeline(start: 2, dx: -250, velocity: 300).targetPage, 2, "flicked back")
        XCTAssertEqual(try timeline(start: 2, dx: 100, velocity: 300).targetPage, 1)
        XCTAssertEqual(try timeline(start: 2, dx: -500, velocity: -300).targetPage, 3, "one page a swipe")
        XCTAssertEqual(try timeline(start: 0, dx: 100, velocity: 300).targetPage, 0, "no page before the first")
        XCTAssertEqual(try timeline(start: 4, dx: -100, velocity: -300).targetPage, 4, "no page after the last")
    }

    func testDraggingFollowsTheFingerAndRubberBandsPastTheEnds() throws {
        let inside = try timeline(start: 2, dx: -100)
        XCTAssertEqual(inside.draggedOffset(translationXPoints: -100), 850)
        XCTAssertEqual(inside.frame(9).contentOffsetPoints, 750 + 50, accuracy: 1e-9) // t = 0.15 s: half way
        XCTAssertEqual(inside.frame(9).phase, .dragging)
        XCTAssertEqual(inside.frame(9).finger!.x, 250, accuracy: 1e-9)
        let first = try timeline(start: 0, dx: 100)
        XCTAssertEqual(first.draggedOffset(translationXPoints: 100), -47.96511627906977, accuracy: 1e-9)
        let last = try timeline(start: 4, dx: -100)
        XCTAssertEqual(last.draggedOffset(translationXPoints: -100), 1500 + 47.96511627906977, accuracy: 1e-9)
    }

    /// The settling offset is the damped spring m·x'' + c·x' + k·x = 0 (m 0.5, k 100, ζ 1.1) from the
    /// release offset and velocity: checked against RK4 in points.
    func testSettlingIsTheSpringFromTheReleaseState() throws {
        let timeline = try timeline(start: 2, dx: -100, velocity: -300)
        XCTAssertEqual(timeline.releaseOffsetPoints, 850, accuracy: 1e-9)
        XCTAssertEqual(timeline.releaseVelocityPointsPerSecond, 300, accuracy: 1e-9)
        // In points x = d₀·x̂, where x̂ starts at 1 with velocity v₀/d₀: SpringTests' RK4 on that spring.
        let d0 = 850.0 - 1125, v0 = 300.0
        let spring = Spring(mass: 0.5, stiffness: 100, damping: 2 * 1.1 * (100 * 0.5).squareRoot(), initialVelocity: -v0 / d0)
        for t in [0.05, 0.1, 0.2, 0.3, 0.4] {
            let x = d0 * (1 - integrate(spring, until: t, steps: 20_000).progress)
            XCTAssertEqual(timeline.settleDisplacement(afterReleaseSeconds: t), x, accuracy: 1e-7)
        }
    }

    func testSettleEndsWithinTolerance() throws {
        let timeline = try timeline(start: 2, dx: -100, velocity: -300)
        let settle = timeline.settleSeconds
        XCTAssertGreaterThan(settle, 0.5)
        XCTAssertLessThan(settle, 1.5)
        XCTAssertGreaterThan(abs(timeline.settleDisplacement(afterReleaseSeconds: settle - 0.001)), 0.25)
        for ms in 0...2000 {
            XCTAssertLessThanOrEqual(abs(timeline.settleDisplacement(afterReleaseSeconds: settle + Double(ms) / 1000)), 0.25)
        }
        XCTAssertEqual(timeline.lastFrameIndex, Int(((0.3 + settle) * 60).rounded()))
        let last = try XCTUnwrap(timeline.frames.last)
        XCTAssertEqual(last.contentOffsetPoints, 1125)
        XCTAssertEqual(last.phase, .settling)
        XCTAssertNil(last.finger)
        let offsets = timeline.frames.map(\.contentOffsetPoints)
        XCTAssertEqual(offsets, offsets.sorted(), "towards the next page all the way (over-damped, no overshoot here)")
    }

    func testReleasedOnThePageAtRestHasNothingToSettle() throws {
        let gesture = try Gesture(samples: samples([(0, 300), (0.1, 200), (0.2, 300), (0.3, 300), (0.4, 300), (0.5, 300)]))
        let timeline = PagingTimeline(
            gesture: gesture, pageWidthPoints: 375, pageCount: 3, startPage: 1, framesPerSecond: 60,
            settleTolerancePoints: 0.25)
        XCTAssertEqual(timeline.targetPage, 1)
        XCTAssertEqual(timeline.settleSeconds, 0)
        XCTAssertEqual(timeline.lastFrameIndex, 31)
        XCTAssertEqual(timeline.frame(31).contentOffsetPoints, 375)
    }
}
