import FlipbookMotion
import Foundation
import XCTest

/// Rows of a reference CSV under Tests/Fixtures/timing, as column name → value.
func referenceRows(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Double]] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/timing/\(name)")
    let text = try String(contentsOf: url, encoding: .utf8)
    var lines = text.split(separator: "\n").map(String.init)
    let header = lines.removeFirst().split(separator: ",").map(String.init)
    return try lines.map { text in
        let fields = text.split(separator: ",").map(String.init)
        XCTAssertEqual(fields.count, header.count, "\(name): \(text)", file: file, line: line)
        var row: [String: Double] = [:]
        for (key, field) in zip(header, fields) { row[key] = try XCTUnwrap(Double(field), "\(name): '\(field)'") }
        return row
    }
}

/// Classic RK4 on x'' = −(c·x' + k·x)/m from x(0) = 1, x'(0) = −v; returns (progress, velocity) at `t`.
func integrate(_ s: Spring, until t: Double, steps: Int) -> (progress: Double, velocity: Double) {
    let h = t / Double(steps)
    func accel(_ x: Double, _ dx: Double) -> Double { -(s.damping * dx + s.stiffness * x) / s.mass }
    var x = 1.0, dx = -s.initialVelocity
    for _ in 0..<steps {
        let k1x = dx, k1v = accel(x, dx)
        let k2x = dx + h / 2 * k1v, k2v = accel(x + h / 2 * k1x, dx + h / 2 * k1v)
        let k3x = dx + h / 2 * k2v, k3v = accel(x + h / 2 * k2x, dx + h / 2 * k2v)
        let k4x = dx + h * k3v, k4v = accel(x + h * k3x, dx + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        dx += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (1 - x, -dx)
}

final class SpringTests: XCTestCase {
    func testNaturalFrequencyOfThePushSpring() {
        let omega = Spring.naturalFrequency(forDuration: 0.7, dampingRatio: 0.6, initialVelocity: 1)
        XCTAssertEqual(omega, 15.491059, accuracy: 5e-7)
        let spring = Spring(duration: 0.7, dampingRatio: 0.6, initialVelocity: 1)
        XCTAssertEqual(spring.mass, 1)
        XCTAssertEqual(spring.stiffness, omega * omega)
        XCTAssertEqual(spring.damping, 2 * 0.6 * omega)
        XCTAssertEqual(spring.dampingRatio, 0.6, accuracy: 1e-15)
        XCTAssertEqual(spring.regime, .underdamped)
        // The envelope equation holds at t = d.
        let envelope = abs((0.6 * omega - 1) / (omega * (1 - 0.36).squareRoot())) * exp(-0.6 * omega * 0.7)
        XCTAssertEqual(envelope, 0.001, accuracy: 1e-15)
    }

    func testNaturalFrequencyMatchesClosedFormWithoutVelocity() {
        for d in [0.1, 0.3, 0.7, 1.5, 5] {
            for zeta in [0.2, 0.5, 0.6, 0.8, 0.95] {
                let closed = log(zeta / (0.001 * (1 - zeta * zeta).squareRoot())) / (zeta * d)
                let newton = Spring.naturalFrequency(forDuration: d, dampingRatio: zeta, initialVelocity: 0)
                XCTAssertEqual(newton, closed, accuracy: closed * 1e-13, "d \(d) ζ \(zeta)")
            }
        }
    }

    func testNewtonConvergesOnTheEnvelopeEquation() {
        // 12 steps from 5/d solve the envelope equation over the range the presets and CLI use.
        for d in [0.2, 0.5, 0.7, 1.5, 3] {
            for zeta in [0.3, 0.5, 0.6, 0.8, 0.9, 1] {
                for v in [-2.0, 0, 1, 5] {
                    let omega = Spring.naturalFrequency(forDuration: d, dampingRatio: zeta, initialVelocity: v)
                    let amplitude =
                        zeta < 1
                        ? abs((zeta * omega - v) / (omega * (1 - zeta * zeta).squareRoot()))
                        : abs(1 + (omega - v) * d)
                    XCTAssertEqual(amplitude * exp(-zeta * omega * d), 0.001, accuracy: 1e-12, "d \(d) ζ \(zeta) v \(v)")
                }
            }
        }
    }

    func testClamping() {
        XCTAssertEqual(
            Spring.naturalFrequency(forDuration: 20, dampingRatio: 0.6, initialVelocity: 0),
            Spring.naturalFrequency(forDuration: 10, dampingRatio: 0.6, initialVelocity: 0))
        XCTAssertEqual(
            Spring.naturalFrequency(forDuration: 0.001, dampingRatio: 0.6, initialVelocity: 0),
            Spring.naturalFrequency(forDuration: 0.01, dampingRatio: 0.6, initialVelocity: 0))
        XCTAssertEqual(
            Spring(duration: 0.5, dampingRatio: 3, initialVelocity: 0), Spring(duration: 0.5, dampingRatio: 1, initialVelocity: 0))
        XCTAssertEqual(
            Spring(duration: 0.5, dampingRatio: 0, initialVelocity: 0), Spring(duration: 0.5, dampingRatio: 0.01, initialVelocity: 0))
        XCTAssertEqual(Spring(duration: 0.5, dampingRatio: 1, initialVelocity: 0).regime, .criticallyDamped)
    }

    func testFirstPeakOfThePushSpring() {
        let spring = Spring(duration: 0.7, dampingRatio: 0.6, initialVelocity: 1)
        // Analytically: x' = 0 where tan(ωd·t) = −v·ωd / (a·K + ωd²), a = ζω0, K = a − v; first root past 0.
        let omega = spring.naturalFrequency, a = 0.6 * omega, omegaD = omega * 0.8, k = a - 1
        let peakTime = (Double.pi + atan(-1 * omegaD / (a * k + omegaD * omegaD))) / omegaD
        XCTAssertEqual(peakTime, 0.249170, accuracy: 5e-7)
        XCTAssertEqual(spring.value(atSeconds: peakTime), 1.094988, accuracy: 5e-7)
        XCTAssertEqual(spring.velocity(atSeconds: peakTime), 0, accuracy: 1e-12)
        // Independently: bisect the velocity's sign change, and check it is a maximum.
        var low = 0.1, high = 0.4
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if spring.velocity(atSeconds: mid) > 0 { low = mid } else { high = mid }
        }
        XCTAssertEqual(low, peakTime, accuracy: 1e-12)
        XCTAssertLessThan(spring.value(atSeconds: peakTime - 0.01), spring.value(atSeconds: peakTime))
        XCTAssertLessThan(spring.value(atSeconds: peakTime + 0.01), spring.value(atSeconds: peakTime))
    }

    func testReferenceSprings() throws {
        let cases: [(file: String, d: Double, zeta: Double, v: Double)] = [
            ("spring_d0.7_z0.6_v1.0.csv", 0.7, 0.6, 1),
            ("spring_d0.7_z0.6_v0.0.csv", 0.7, 0.6, 0),
            ("spring_d0.5_z1.0_v0.0.csv", 0.5, 1, 0)
        ]
        for c in cases {
            let rows = try referenceRows(c.file)
            let timing = Timing(curve: .spring(dampingRatio: c.zeta, initialVelocity: c.v), durationSeconds: c.d)
            let timeline = Timeline(timing: timing, framesPerSecond: 60)
            XCTAssertEqual(timeline.frameCount, rows.count, c.file)
            let spring = try XCTUnwrap(timing.spring)
            var worst = 0.0
            for (row, frame) in zip(rows, timeline.frames) {
                XCTAssertEqual(Double(frame.index), row["frame"])
                XCTAssertEqual(frame.timeSeconds, row["t"]!, accuracy: 1e-14)
                XCTAssertEqual(frame.rawProgress, row["progress"]!, accuracy: 1e-9, "\(c.file) frame \(frame.index)")
                XCTAssertEqual(frame.progress, row["rendered"]!, accuracy: 1e-9, "\(c.file) frame \(frame.index)")
                XCTAssertEqual(timing.progress(atSeconds: row["t"]!), row["rendered"]!, accuracy: 1e-9)
                XCTAssertEqual(spring.velocity(atSeconds: frame.timeSeconds), row["velocity"]!, accuracy: 1e-8)
                worst = max(worst, abs(frame.rawProgress - row["progress"]!))
            }
            XCTAssertEqual(timeline.frames.last?.progress, 1)
            print("\(c.file): ω0 \(spring.naturalFrequency), max |progress − reference| \(worst)")
        }
    }

    func testCriticalUIKitSpringEndsAtTheEnvelope() {
        // ζ = 1, v = 0: x(d) = (1 + ω0·d)·e^(−ω0·d) = 0.001 exactly by construction.
        let timing = Timing(curve: .spring(dampingRatio: 1, initialVelocity: 0), durationSeconds: 0.5)
        XCTAssertEqual(timing.rawProgress(atSeconds: 0.5), 0.999, accuracy: 1e-14)
        XCTAssertEqual(timing.progress(atSeconds: 0.5), 1)
        XCTAssertEqual(timing.progress(atSeconds: 0), 0)
        XCTAssertEqual(timing.progress(atSeconds: -1), 0)
    }

    func testPhysicalRegimesAgainstNumericalIntegration() {
        let springs: [(Spring, Spring.Regime)] = [
            (Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0), .underdamped),
            (Spring(mass: 2, stiffness: 300, damping: 8, initialVelocity: 3), .underdamped),
            (Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0), .criticallyDamped),
            (Spring(mass: 0.5, stiffness: 50, damping: 10, initialVelocity: -4), .criticallyDamped),
            (Spring(mass: 1, stiffness: 100, damping: 50, initialVelocity: 0), .overdamped),
            (Spring(mass: 1.5, stiffness: 40, damping: 30, initialVelocity: 6), .overdamped),
            (Spring(mass: 1, stiffness: 100, damping: 20.000001, initialVelocity: 1), .overdamped)
        ]
        for (spring, regime) in springs {
            XCTAssertEqual(spring.regime, regime, "\(spring)")
            for t in [0.05, 0.2, 0.5, 1.3] {
                let reference = integrate(spring, until: t, steps: 20_000)
                XCTAssertEqual(spring.value(atSeconds: t), reference.progress, accuracy: 1e-9, "\(spring) t \(t)")
                XCTAssertEqual(spring.velocity(atSeconds: t), reference.velocity, accuracy: 1e-8, "\(spring) t \(t)")
            }
            XCTAssertEqual(spring.value(atSeconds: 0), 0)
            XCTAssertEqual(spring.velocity(atSeconds: 0), spring.initialVelocity)
        }
    }

    /// The exact bits the spring gives, so that a machine computing even one of them differently
    /// fails here before it fails a golden. The expected values come from a separate Python
    /// evaluation of the same formulas in the same operation order, with exp/sin/cos/log/sinh/cosh
    /// correctly rounded by mpmath (docs/TIMING.md, "Same bits on every machine").
    func testSameBitsOnEveryMachine() {
        let push = Spring(duration: 0.7, dampingRatio: 0.6, initialVelocity: 1)
        // 15.491059000008256
        XCTAssertEqual(Spring.naturalFrequency(forDuration: 0.7, dampingRatio: 0.6, initialVelocity: 1).bitPattern, 0x402E_FB6C_15D2_E244)
        // 15.762079063167516
        XCTAssertEqual(Spring.naturalFrequency(forDuration: 0.7, dampingRatio: 0.6, initialVelocity: 0).bitPattern, 0x402F_862F_3A1A_8AA6)
        // 18.466826952903173
        XCTAssertEqual(Spring.naturalFrequency(forDuration: 0.5, dampingRatio: 1, initialVelocity: 0).bitPattern, 0x4032_7781_F89F_9C47)
        // The push preset's frames 1, 5, 15, 30 and 41 at 60 fps.
        let frames: [(Int, UInt64)] = [
            (1, 0x3FA6_9AA0_CF8E_A610), (5, 0x3FDF_EDE4_E89F_4A3C), (15, 0x3FF1_850A_4029_8FC5),
            (30, 0x3FEF_B64F_BBE7_A9CC), (41, 0x3FF0_0036_378B_7061)
        ]
        for (frame, bits) in frames {
            // 0.04414846929223526 … 1.0000517053331566
            XCTAssertEqual(push.value(atSeconds: Double(frame) / 60).bitPattern, bits, "frame \(frame)")
        }
        let over = Spring(mass: 1, stiffness: 100, damping: 30, initialVelocity: 0)
        XCTAssertEqual(over.value(atSeconds: 0.1).bitPattern, 0x3FCB_4F32_6EB9_9030) // 0.2133544006966317
        XCTAssertEqual(over.value(atSeconds: 0.5).bitPattern, 0x3FEA_7378_1747_C5BE) // 0.826595349759536
        let critical = Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)
        XCTAssertEqual(critical.value(atSeconds: 0.3).bitPattern, 0x3FE9_A093_CCCC_53D4) // 0.8008517265285442
        XCTAssertEqual(push.settlingDurationSeconds.bitPattern, 0x3FE8_6B67_999F_D4C0) // 0.7631109238124267 (log)
        XCTAssertEqual(over.settlingDurationSeconds.bitPattern, 0x3FFD_989F_726F_1CC0) // 1.8497614355162995 (bisection on exp)
        XCTAssertEqual(critical.settlingDurationSeconds.bitPattern, 0x3FED_8C03_2765_C6D8) // 0.9233413476451586
    }

    func testOverdampedFarTailDoesNotOverflow() {
        let spring = Spring(mass: 1, stiffness: 1, damping: 1000, initialVelocity: 0)
        let value = spring.value(atSeconds: 5000)
        XCTAssertTrue(value.isFinite)
        XCTAssertEqual(value, integrate(spring, until: 5000, steps: 2_000_000).progress, accuracy: 1e-9)
    }

    func testSettlingDuration() {
        let springs = [
            Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0),
            Spring(mass: 1, stiffness: 100, damping: 5, initialVelocity: 0),
            Spring(mass: 1, stiffness: 100, damping: 15, initialVelocity: 0),
            Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0),
            Spring(mass: 1, stiffness: 100, damping: 50, initialVelocity: 2),
            Spring(duration: 0.7, dampingRatio: 0.6, initialVelocity: 1)
        ]
        for spring in springs {
            let settle = spring.settlingDurationSeconds
            XCTAssertGreaterThan(settle, 0)
            // Never further than 0.001 from the target afterwards.
            for step in 0..<2000 {
                let t = settle + Double(step) * 0.001
                XCTAssertLessThanOrEqual(abs(1 - spring.value(atSeconds: t)), 0.001 + 1e-15, "\(spring) t \(t)")
            }
        }
        // CASpringAnimation's documented example (mass 1, stiffness 100): damping 5 settles in
        // "approximately 2.85 s", damping 15 in "just over 1 s"; the envelope bound gives:
        XCTAssertEqual(springs[1].settlingDurationSeconds, log(1000 * (1 + 2.5 * 2.5 / 93.75).squareRoot()) / 2.5, accuracy: 1e-12)
        XCTAssertEqual(springs[1].settlingDurationSeconds, 2.7760, accuracy: 1e-4)
        XCTAssertEqual(springs[2].settlingDurationSeconds, 0.9761, accuracy: 1e-4)
        // Critical, mass 1, k 100: (1 + 10t)e^(−10t) = 0.001.
        let critical = springs[3].settlingDurationSeconds
        XCTAssertEqual((1 + 10 * critical) * exp(-10 * critical), 0.001, accuracy: 1e-15)
        XCTAssertEqual(Spring(mass: 1, stiffness: 1, damping: 0, initialVelocity: 0).settlingDurationSeconds, .infinity)
    }
}
