import FlipbookGeometry
import FlipbookMotion
import XCTest

/// Independent solve for the tests: bisect x(s) = fraction with the Bernstein form, then y(s).
func bisectedBezier(_ b: CubicBezier, _ fraction: Double) -> Double {
    func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var low = 0.0, high = 1.0
    for _ in 0..<200 {
        let mid = (low + high) / 2
        if bernstein(b.x1, b.x2, mid) < fraction { low = mid } else { high = mid }
    }
    return bernstein(b.y1, b.y2, (low + high) / 2)
}

final class CubicBezierTests: XCTestCase {
    func testPresetControlPoints() {
        XCTAssertEqual(CubicBezier.easeIn, CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1))
        XCTAssertEqual(CubicBezier.easeOut, CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1))
        XCTAssertEqual(CubicBezier.easeInEaseOut, CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        XCTAssertEqual(CubicBezier.default, CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
    }

    func testKnownPoints() {
        for b in [CubicBezier.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            XCTAssertEqual(b.progress(atFraction: 0), 0)
            XCTAssertEqual(b.progress(atFraction: 1), 1)
            XCTAssertEqual(b.progress(atFraction: -0.5), 0)
            XCTAssertEqual(b.progress(atFraction: 1.5), 1)
        }
        for x in stride(from: 0.0, through: 1, by: 0.05) {
            XCTAssertEqual(CubicBezier.linear.progress(atFraction: x), x, accuracy: 1e-15)
            // easeIn and easeOut are point reflections of each other; easeInEaseOut of itself.
            XCTAssertEqual(CubicBezier.easeIn.progress(atFraction: x) + CubicBezier.easeOut.progress(atFraction: 1 - x), 1, accuracy: 1e-12)
            XCTAssertEqual(
                CubicBezier.easeInEaseOut.progress(atFraction: x) + CubicBezier.easeInEaseOut.progress(atFraction: 1 - x), 1,
                accuracy: 1e-12)
        }
        XCTAssertEqual(CubicBezier.easeInEaseOut.progress(atFraction: 0.5), 0.5, accuracy: 1e-15)
        // Values from a 40-digit mpmath bisection (CSS `ease`, `ease-in`, `ease-out` are the same curves).
        XCTAssertEqual(CubicBezier.default.progress(atFraction: 0.5), 0.80240338758485699, accuracy: 1e-14)
        XCTAssertEqual(CubicBezier.easeIn.progress(atFraction: 0.5), 0.31535681257253930, accuracy: 1e-14)
        XCTAssertEqual(CubicBezier.easeOut.progress(atFraction: 0.5), 0.68464318742746070, accuracy: 1e-14)
    }

    /// Exact bits of the solver's output (basic arithmetic only, so every machine must agree),
    /// from a Python copy of the same Newton and bisection steps.
    func testSameBitsOnEveryMachine() {
        let expected: [(CubicBezier, Double, UInt64)] = [
            // 0.019722453548311147, 0.12916193104731943
            (.easeInEaseOut, 0.1, 0x3F94_321F_73F2_8F80), (.easeInEaseOut, 0.25, 0x3FC0_8860_CEDE_43CC),
            (.easeInEaseOut, 0.7, 0x3FEA_00DA_4CA9_7C3C), (.default, 0.1, 0x3FB8_4492_18D4_FF81), // 0.8126040932946874, 0.09479630571604326
            (.default, 0.5, 0x3FE9_AD49_DE7C_0CE3), (.easeIn, 0.25, 0x3FB7_ED4C_A22B_5ED2), // 0.802403387584857, 0.09346465071882484
            (.easeIn, 0.7, 0x3FE1_C109_5BA2_51D0) // 0.5548140325286628
        ]
        for (curve, fraction, bits) in expected {
            XCTAssertEqual(curve.progress(atFraction: fraction).bitPattern, bits, "\(curve) at \(fraction)")
        }
    }

    func testAgreesWithBisectionEverywhere() {
        let curves = [
            CubicBezier.easeIn, .easeOut, .easeInEaseOut, .default,
            CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0), // x'(s) = 0 in the middle
            CubicBezier(x1: 0.9, y1: 0.1, x2: 0.1, y2: 0.9), // x(s) nearly flat in the middle
            CubicBezier(x1: 0.3, y1: -0.5, x2: 0.7, y2: 1.6)
        ] // overshoots both ways
        for b in curves {
            for i in 1..<1000 {
                let x = Double(i) / 1000
                XCTAssertEqual(b.progress(atFraction: x), bisectedBezier(b, x), accuracy: 1e-12, "\(b) at \(x)")
            }
        }
        // (1, 0, 0, 1) has x'(0.5) = 0: x(s) − 0.5 ∝ (s − 0.5)³, so any s within ~5e-6 of 0.5 gives
        // x = 0.5 to the last bit. The problem itself is ill-conditioned there; only ~1e-5 is meaningful.
        let flat = CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1)
        for i in 1..<100 {
            let x = Double(i) / 100
            XCTAssertEqual(flat.progress(atFraction: x), bisectedBezier(flat, x), accuracy: 1e-5, "\(flat) at \(x)")
        }
    }

    func testReferenceBeziers() throws {
        for (file, curve) in [("easeInEaseOut_d0.5.csv", CubicBezier.easeInEaseOut), ("linear_d0.5.csv", .linear)] {
            let rows = try referenceRows(file)
            let timeline = Timeline(timing: Timing(curve: .bezier(curve), durationSeconds: 0.5), framesPerSecond: 60)
            XCTAssertEqual(timeline.frameCount, rows.count)
            for (row, frame) in zip(rows, timeline.frames) {
                XCTAssertEqual(frame.timeSeconds, row["t"]!, accuracy: 1e-14)
                XCTAssertEqual(frame.rawProgress, row["progress"]!, accuracy: 1e-9, "\(file) frame \(frame.index)")
                XCTAssertEqual(frame.progress, row["progress"]!, accuracy: 1e-9, "\(file) frame \(frame.index)")
                if let x = row["x"] { XCTAssertEqual(curve.progress(atFraction: x), row["progress"]!, accuracy: 1e-9) }
            }
        }
    }
}

final class TimelineTests: XCTestCase {
    func testPushTimelineHas43Frames() {
        let timeline = Timeline(
            timing: Timing(curve: .spring(dampingRatio: 0.6, initialVelocity: 1), durationSeconds: 0.7), framesPerSecond: 60)
        XCTAssertEqual(timeline.lastFrameIndex, 42)
        XCTAssertEqual(timeline.frameCount, 43)
        let frames = timeline.frames
        XCTAssertEqual(frames.count, 43)
        XCTAssertEqual(frames.first, FrameSample(index: 0, timeSeconds: 0, progress: 0, rawProgress: 0))
        XCTAssertEqual(frames[30].timeSeconds, 0.5)
        XCTAssertEqual(frames.last?.timeSeconds, 0.7)
        XCTAssertEqual(frames.last?.progress, 1)
        XCTAssertNotEqual(frames.last?.rawProgress, 1)
        XCTAssertEqual(timeline.frames(in: 40..<100).map(\.index), [40, 41, 42])
        XCTAssertEqual(timeline.frame(12), frames[12])
    }

    func testLastFrameIsCompleteWhenDurationIsNotWholeFrames() {
        // 0.705 s at 60 fps: N = round(42.3) = 42, t = 0.7 s < d, yet the last frame is complete.
        let timeline = Timeline(timing: Timing(curve: .bezier(.easeInEaseOut), durationSeconds: 0.705), framesPerSecond: 60)
        XCTAssertEqual(timeline.frameCount, 43)
        XCTAssertEqual(timeline.frames.last?.progress, 1)
        XCTAssertLessThan(timeline.frames.last!.rawProgress, 1)
        // 0.71 s: N = round(42.6) = 43, the last frame lies past d.
        XCTAssertEqual(Timeline(timing: Timing(curve: .bezier(.linear), durationSeconds: 0.71), framesPerSecond: 60).frameCount, 44)
        // 1.5 s at 24 fps, 0.3 s at 30 fps.
        XCTAssertEqual(Timeline(timing: Timing(curve: .bezier(.linear), durationSeconds: 1.5), framesPerSecond: 24).frameCount, 37)
        XCTAssertEqual(Timeline(timing: Timing(curve: .bezier(.linear), durationSeconds: 0.3), framesPerSecond: 30).frameCount, 10)
    }

    func testPhysicalSpringIsCutOffAtTheDuration() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        let timing = Timing(curve: .springPhysics(spring), durationSeconds: 0.5)
        XCTAssertEqual(timing.rawProgress(atSeconds: 0.25), spring.value(atSeconds: 0.25))
        XCTAssertEqual(timing.progress(atSeconds: 0.25), spring.value(atSeconds: 0.25))
        XCTAssertEqual(timing.rawProgress(atSeconds: 0.5), spring.value(atSeconds: 0.5))
        XCTAssertEqual(timing.progress(atSeconds: 0.5), 1)
    }
}

final class InterpolationTests: XCTestCase {
    func testOneProgressMovesEverything() {
        let from = Rect(x: 5, y: 69, width: 118, height: 88)
        let to = Rect(x: 0, y: 64, width: 375, height: 281)
        XCTAssertEqual(Rect.interpolate(from: from, to: to, progress: 0), from)
        XCTAssertEqual(Rect.interpolate(from: from, to: to, progress: 1), to)
        XCTAssertEqual(Rect.interpolate(from: from, to: to, progress: 0.5), Rect(x: 2.5, y: 66.5, width: 246.5, height: 184.5))
        // Overshoot is not clamped: origin and size overshoot together.
        let over = Rect.interpolate(from: from, to: to, progress: 1.1)
        XCTAssertEqual(over.x, -0.5, accuracy: 1e-12)
        XCTAssertEqual(over.width, 400.7, accuracy: 1e-12)
        XCTAssertEqual(Point.interpolate(from: .zero, to: Point(x: 10, y: -10), progress: 0.25), Point(x: 2.5, y: -2.5))
        XCTAssertEqual(Size.interpolate(from: Size(width: 10, height: 10), to: .zero, progress: 1.5), Size(width: -5, height: -5))
        XCTAssertEqual(Double.interpolate(from: 2, to: 4, progress: -0.5), 1)
    }

    func testOpacityIsClamped() {
        XCTAssertEqual(Double.interpolateOpacity(from: 0, to: 1, progress: 1.094988), 1)
        XCTAssertEqual(Double.interpolateOpacity(from: 1, to: 0, progress: 1.2), 0)
        XCTAssertEqual(Double.interpolateOpacity(from: 0, to: 1, progress: 0.25), 0.25)
        XCTAssertEqual(Double.clampedOpacity(-0.1), 0)
        XCTAssertEqual(Double.clampedOpacity(.nan), 0)
        XCTAssertEqual(Double.clampedOpacity(0.7), 0.7)
    }
}

final class ParseTests: XCTestCase {
    func testNames() throws {
        XCTAssertEqual(try TimingCurve.parse("spring"), .spring(dampingRatio: 0.6, initialVelocity: 1))
        XCTAssertEqual(
            try TimingCurve.parse("spring", dampingRatio: 0.8, initialVelocity: 0), .spring(dampingRatio: 0.8, initialVelocity: 0))
        XCTAssertEqual(try TimingCurve.parse("linear"), .bezier(.linear))
        XCTAssertEqual(try TimingCurve.parse("easeIn"), .bezier(.easeIn))
        XCTAssertEqual(try TimingCurve.parse("easeOut"), .bezier(.easeOut))
        XCTAssertEqual(try TimingCurve.parse("easeInEaseOut"), .bezier(.easeInEaseOut))
        XCTAssertEqual(try TimingCurve.parse("default"), .bezier(.default))
        XCTAssertEqual(try TimingCurve.parse("bezier:0.3,-0.5, 0.7,1.6"), .bezier(CubicBezier(x1: 0.3, y1: -0.5, x2: 0.7, y2: 1.6)))
        XCTAssertEqual(
            try TimingCurve.parse("spring-physics:1,100,10,0"),
            .springPhysics(Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)))
    }

    func testSpecificationRoundTrips() throws {
        for text in [
            "spring", "linear", "easeIn", "easeOut", "easeInEaseOut", "default",
            "bezier:0.3,-0.5,0.7,1.6", "spring-physics:1.5,40.0,30.0,6.0"
        ] {
            XCTAssertEqual(try TimingCurve.parse(text).specification, text)
        }
        XCTAssertEqual(try TimingCurve.parse("bezier:0.42,0,0.58,1").specification, "easeInEaseOut")
    }

    func testErrors() {
        func error(_ text: String, damping: Double = 0.6, velocity: Double = 1) -> TimingCurveParseError? {
            do { _ = try TimingCurve.parse(text, dampingRatio: damping, initialVelocity: velocity); return nil } catch {
                return error as? TimingCurveParseError
            }
        }
        XCTAssertEqual(error("bounce"), .unknownCurve("bounce"))
        XCTAssertEqual(error("EaseIn"), .unknownCurve("EaseIn"))
        XCTAssertEqual(
            error("bezier:0.1,0.2,0.3"), .wrongParameterCount(curve: "bezier:0.1,0.2,0.3", expected: ["x1", "y1", "x2", "y2"], found: 3))
        XCTAssertEqual(error("bezier:0.1,abc,0.3,1"), .notANumber(curve: "bezier:0.1,abc,0.3,1", parameter: "y1", text: "abc"))
        XCTAssertEqual(error("bezier:0.1,0,0.3,"), .notANumber(curve: "bezier:0.1,0,0.3,", parameter: "y2", text: ""))
        XCTAssertEqual(error("bezier:0.1,0,nan,1"), .notANumber(curve: "bezier:0.1,0,nan,1", parameter: "x2", text: "nan"))
        XCTAssertEqual(
            error("bezier:1.2,0,0.3,1"),
            .parameterOutOfRange(curve: "bezier:1.2,0,0.3,1", parameter: "x1", value: 1.2, allowed: "within [0, 1]"))
        XCTAssertEqual(
            error("bezier:0.2,0,-0.1,1"),
            .parameterOutOfRange(curve: "bezier:0.2,0,-0.1,1", parameter: "x2", value: -0.1, allowed: "within [0, 1]"))
        XCTAssertEqual(
            error("spring-physics:1,0,10,0"),
            .parameterOutOfRange(curve: "spring-physics:1,0,10,0", parameter: "stiffness", value: 0, allowed: "greater than 0"))
        XCTAssertEqual(
            error("spring-physics:1,100,10"),
            .wrongParameterCount(curve: "spring-physics:1,100,10", expected: ["mass", "stiffness", "damping", "velocity"], found: 3))
        XCTAssertEqual(error("spring", damping: 0), .dampingRatioOutOfRange(0))
        XCTAssertEqual(error("spring", damping: 1.5), .dampingRatioOutOfRange(1.5))
        XCTAssertEqual(error("spring", velocity: .infinity), .velocityNotFinite(.infinity))
        XCTAssertEqual(error("bezier:1.2,0,0.3,1")?.description, "curve 'bezier:1.2,0,0.3,1': x1 must be within [0, 1], not 1.2")
        XCTAssertEqual(error("bezier:0.1,abc,0.3,1")?.description, "curve 'bezier:0.1,abc,0.3,1': y1 must be a finite number, not 'abc'")
        XCTAssertTrue(error("bounce")!.description.hasPrefix("unknown curve 'bounce'; expected one of spring, linear, easeIn"))
    }
}
