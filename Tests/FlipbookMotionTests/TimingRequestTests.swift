import FlipbookMotion
import XCTest

/// The one reader of curve + duration + damping + velocity (command line and transition files).
final class TimingRequestTests: XCTestCase {
    let springBase = Timing(curve: .spring(dampingRatio: 0.75, initialVelocity: 2), durationSeconds: 0.7)
    let bezierBase = Timing(curve: .bezier(.easeInEaseOut), durationSeconds: 0.3)

    func testLimitsAreStatedOnce() {
        XCTAssertEqual(TimingRequest.durationRangeSeconds, 0.001...60)
        XCTAssertEqual(TimingRequest.dampingRatioRange, 0...1)
        XCTAssertEqual(TimingRequest.initialVelocityRange, -100...100)
    }

    func testSpringParametersChangeTheBaseSpring() throws {
        XCTAssertEqual(try TimingRequest().resolved(over: springBase), springBase)
        XCTAssertEqual(
            try TimingRequest(dampingRatio: 0.9).resolved(over: springBase),
            Timing(curve: .spring(dampingRatio: 0.9, initialVelocity: 2), durationSeconds: 0.7))
        // Naming `spring` keeps the base spring's other parameter.
        XCTAssertEqual(
            try TimingRequest(curve: "spring", initialVelocity: -3).resolved(over: springBase),
            Timing(curve: .spring(dampingRatio: 0.75, initialVelocity: -3), durationSeconds: 0.7))
        // Over a Bézier, `spring` takes the defaults 0.6 and 1.
        XCTAssertEqual(
            try TimingRequest(curve: "spring", durationSeconds: 0.5).resolved(over: bezierBase),
            Timing(curve: .spring(dampingRatio: 0.6, initialVelocity: 1), durationSeconds: 0.5))
        XCTAssertEqual(
            try TimingRequest(curve: "linear").resolved(over: springBase),
            Timing(curve: .bezier(.linear), durationSeconds: 0.7))
    }

    func testSpringParametersWithoutTheSpringAreRefused() {
        func error(_ request: TimingRequest, _ base: Timing) -> TimingRequestError? {
            do { _ = try request.resolved(over: base); return nil } catch { return error as? TimingRequestError }
        }
        XCTAssertEqual(error(TimingRequest(dampingRatio: 0.5), bezierBase), .springParametersWithoutSpring(curve: .bezier(.easeInEaseOut)))
        XCTAssertEqual(
            error(TimingRequest(curve: "easeIn", initialVelocity: 0), springBase), .springParametersWithoutSpring(curve: .bezier(.easeIn)))
        XCTAssertEqual(
            error(TimingRequest(curve: "easeIn", initialVelocity: 0), springBase)?.description,
            "damping and velocity apply to the spring curve only; the curve is easeIn")
        XCTAssertThrowsError(try TimingRequest(dampingRatio: 0.5).resolvedCurve(over: nil)) {
            XCTAssertEqual($0 as? TimingRequestError, .springParametersWithoutSpring(curve: nil))
        }
    }

    func testRangesAndTheirMessages() {
        func message(_ request: TimingRequest) -> String? {
            do { _ = try request.resolved(over: springBase); return nil } catch {
                return "\((error as! TimingRequestError).parameter): \(error)"
            }
        }
        XCTAssertEqual(message(TimingRequest(durationSeconds: 100)), "duration: must be between 0.001 and 60, not 100")
        XCTAssertEqual(message(TimingRequest(durationSeconds: 0.0005)), "duration: must be between 0.001 and 60, not 0.0005")
        XCTAssertEqual(message(TimingRequest(dampingRatio: 0)), "damping: must be greater than 0 and at most 1, not 0")
        XCTAssertEqual(message(TimingRequest(initialVelocity: -150)), "velocity: must be between -100 and 100, not -150")
        XCTAssertEqual(
            message(TimingRequest(curve: "bounce")),
            "curve: unknown curve 'bounce'; expected one of spring, linear, easeIn, easeOut, easeInEaseOut, default, bezier:x1,y1,x2,y2, spring-physics:mass,stiffness,damping,velocity"
        )
        XCTAssertNil(message(TimingRequest(durationSeconds: 60)))
    }

    func testPhysicalSpringRunsForItsSettlingDurationUnlessOneIsGiven() throws {
        // m 1, k 100, c 10: ζ 0.5, ω0 10 rad/s; within 0.1 % of the target after ≈ 1.41 s.
        let settled = try TimingRequest(curve: "spring-physics:1,100,10,0").resolved(over: bezierBase)
        XCTAssertEqual(settled.durationSeconds, 1.41, accuracy: 0.01)
        XCTAssertEqual(
            try TimingRequest(curve: "spring-physics:1,100,10,0", durationSeconds: 0.5).resolved(over: bezierBase).durationSeconds, 0.5)
        // c 0.01: ζ 0.0005, settles after thousands of seconds.
        XCTAssertThrowsError(try TimingRequest(curve: "spring-physics:1,100,0.01,0").resolved(over: bezierBase)) {
            guard case .settlesOutOfRange(let seconds)? = $0 as? TimingRequestError else { return XCTFail("\($0)") }
            XCTAssertGreaterThan(seconds, 60)
        }
    }
}
