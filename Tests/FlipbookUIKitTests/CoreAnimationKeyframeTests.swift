import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookScenes
import FlipbookUIKit
import Foundation
import XCTest

/// `CAKeyframeAnimation` and `CASpringAnimation` recorded, against values computed here: key
/// times, Catmull-Rom, paced arc length, Bézier points and tangents, the spring's closed form.
final class CoreAnimationKeyframeTests: XCTestCase {
    /// A 20 × 20 dot at (90, 190) (centre (100, 200)), animated by `animations`, recorded.
    @MainActor static func recordDot(_ animations: @MainActor (UIView) -> Void) throws -> TransitionAnimator {
        let transition = try Transition.record { window in
            let dot = UIView(frame: CGRect(x: 90, y: 190, width: 20, height: 20))
            dot.accessibilityIdentifier = "dot"
            dot.backgroundColor = .systemRed
            window.addSubview(dot)
            animations(dot)
        }
        return try TransitionAnimator(transition)
    }

    static func dot(_ animator: TransitionAnimator, at t: Double) -> Layer {
        animator.layer(named: "dot", in: animator.window(atSeconds: t, isFinal: false))!
    }

    /// The dot's centre x at `t`.
    static func centreX(_ animator: TransitionAnimator, at t: Double) -> Double { dot(animator, at: t).frame.x + 10 }

    @MainActor func testLinearKeyframesReachEachValueAtItsKeyTime() async throws {
        let animator = try Self.recordDot { dot in
            let move = CAKeyframeAnimation(keyPath: "position.x")
            move.values = [0, 100, 50]
            move.keyTimes = [0, 0.25, 1]
            move.duration = 1
            dot.layer.add(move, forKey: "move")
        }
        // Straight lines between (0 s, 0), (0.25 s, 100), (1 s, 50).
        for (t, x) in [(0.0, 0.0), (0.125, 50.0), (0.25, 100.0), (0.625, 75.0), (0.999, 50.0 + 50 * 0.001 / 0.75)] {
            XCTAssertEqual(Self.centreX(animator, at: t), x, accuracy: 1e-9, "t = \(t)")
        }
        // Removed at its end: the model position (100) shows again.
        XCTAssertEqual(Self.centreX(animator, at: 1.01), 100, accuracy: 1e-9)
    }

    @MainActor func testTimingFunctionsCurveEachInterval() async throws {
        let animator = try Self.recordDot { dot in
            let move = CAKeyframeAnimation(keyPath: "position.x")
            move.values = [0, 100, 200]
            move.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
            move.duration = 1
            dot.layer.add(move, forKey: "move")
        }
        // Ease-in (0.42, 0, 1, 1) at half the first interval: solve x(s) = ½ for s, then y(s).
        func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<200 { let mid = (low + high) / 2; if bezier(0.42, 1, mid) < 0.5 { low = mid } else { high = mid } }
        XCTAssertEqual(Self.centreX(animator, at: 0.25), 100 * bezier(0, 1, low), accuracy: 1e-7)
        XCTAssertEqual(Self.centreX(animator, at: 0.75), 150, accuracy: 1e-9)
    }

    @MainActor func testDiscreteShowsEachValueOverItsInterval() async throws {
        let animator = try Self.recordDot { dot in
            let steps = CAKeyframeAnimation(keyPath: "opacity")
            steps.values = [0.2, 0.5, 0.8]
            steps.calculationMode = .discrete
            steps.duration = 0.9
            dot.layer.add(steps, forKey: "steps")
        }
        // No key times: three equal intervals of 0.3 s, each value held through its own.
        for (t, opacity) in [(0.1, 0.2), (0.29, 0.2), (0.31, 0.5), (0.5, 0.5), (0.61, 0.8), (0.89, 0.8)] {
            // Opacity is a Float in Core Animation: 0.2 is stored as 0.2000000030.
            XCTAssertEqual(Self.dot(animator, at: t).opacity, opacity, accuracy: 1e-7, "t = \(t)")
        }
    }

    @MainActor func testPacedMovesAtConstantSpeed() async throws {
        let animator = try Self.recordDot { dot in
            let move = CAKeyframeAnimation(keyPath: "position")
            move.values = [CGPoint(x: 0, y: 0), CGPoint(x: 60, y: 80), CGPoint(x: 360, y: 80)]
            move.keyTimes = [0, 0.9, 1] // ignored when paced
            move.calculationMode = .paced
            move.duration = 1
            dot.layer.add(move, forKey: "move")
        }
        // Distances 100 and 300: 400 points at 400 pt/s.
        let at25 = Self.dot(animator, at: 0.25).frame, at50 = Self.dot(animator, at: 0.5).frame
        XCTAssertEqual(at25.x + 10, 60, accuracy: 1e-9); XCTAssertEqual(at25.y + 10, 80, accuracy: 1e-9)
        XCTAssertEqual(at50.x + 10, 160, accuracy: 1e-9); XCTAssertEqual(at50.y + 10, 80, accuracy: 1e-9)
        XCTAssertEqual(Self.dot(animator, at: 0.125).frame.x + 10, 30, accuracy: 1e-9)
    }

    @MainActor func testCubicIsCatmullRomThroughTheValues() async throws {
        let animator = try Self.recordDot { dot in
            let move = CAKeyframeAnimation(keyPath: "position.x")
            move.values = [0, 100, 300, 300]
            move.calculationMode = .cubic
            move.duration = 0.9
            dot.layer.add(move, forKey: "move")
        }
        // Hermite form with tangents (p[i+1] − p[i−1]) / 2, the ends repeated, at s = ½:
        // p1/2 + m1/8 + p2/2 − m2/8.
        func midpoint(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> Double {
            p1 / 2 + (p2 - p0) / 2 / 8 + p2 / 2 - (p3 - p1) / 2 / 8
        }
        XCTAssertEqual(Self.centreX(animator, at: 0.3), 100, accuracy: 1e-9)
        XCTAssertEqual(Self.centreX(animator, at: 0.6), 300, accuracy: 1e-9)
        XCTAssertEqual(Self.centreX(animator, at: 0.15), midpoint(0, 0, 100, 300), accuracy: 1e-9) // 37.5
        XCTAssertEqual(Self.centreX(animator, at: 0.45), midpoint(0, 100, 300, 300), accuracy: 1e-9) // 206.25
        XCTAssertEqual(Self.centreX(animator, at: 0.75), midpoint(100, 300, 300, 300), accuracy: 1e-9)
    }

    @MainActor func testAPathMovesThePositionAndTurnsWithIt() async throws {
        let animator = try Self.recordDot { dot in
            let path = UIBezierPath()
            path.move(to: CGPoint(x: 0, y: 0))
            path.addCurve(to: CGPoint(x: 100, y: 0), controlPoint1: CGPoint(x: 0, y: 100), controlPoint2: CGPoint(x: 100, y: 100))
            path.addLine(to: CGPoint(x: 100, y: 200))
            let move = CAKeyframeAnimation(keyPath: "position")
            move.path = path.cgPath
            move.rotationMode = .rotateAuto
            move.duration = 1
            dot.layer.add(move, forKey: "move")
        }
        // Two elements, half the time each (linear mode): the curve at s = ½ is
        // (P0 + 3P1 + 3P2 + P3)/8 = (50, 75), its tangent P3 + P2 − P1 − P0 = (200, 0): 0°.
        let mid = Self.dot(animator, at: 0.25)
        XCTAssertEqual(mid.frame.x + 10, 50, accuracy: 1e-9); XCTAssertEqual(mid.frame.y + 10, 75, accuracy: 1e-9)
        XCTAssertEqual(mid.transform.rotationDegrees, 0, accuracy: 1e-9)
        // At s = ¼: (27/64·0 + 27/64·0 + 9/64·100 + 1/64·100, …) x = 15.625, y = (27 + 9)/64·100 = 56.25;
        // tangent 3(1−s)²(P1−P0) + 6(1−s)s(P2−P1) + 3s²(P3−P2) = (3·0.375·100·… ) → angle atan2.
        let quarter = Self.dot(animator, at: 0.125)
        XCTAssertEqual(quarter.frame.x + 10, 15.625, accuracy: 1e-9); XCTAssertEqual(quarter.frame.y + 10, 56.25, accuracy: 1e-9)
        let s = 0.25
        let dx = 6 * (1 - s) * s * 100 + 3 * s * s * 0, dy = 3 * (1 - s) * (1 - s) * 100 + 3 * s * s * -100
        XCTAssertEqual(quarter.transform.rotationDegrees, atan2(dy, dx) * 180 / .pi, accuracy: 1e-9)
        // The line down: (100, 100) at 0.75 s, turned 90°.
        let line = Self.dot(animator, at: 0.75)
        XCTAssertEqual(line.frame.x + 10, 100, accuracy: 1e-9); XCTAssertEqual(line.frame.y + 10, 100, accuracy: 1e-9)
        XCTAssertEqual(line.transform.rotationDegrees, 90, accuracy: 1e-9)
    }

    @MainActor func testAPacedPathSharesTimeByLength() async throws {
        let animator = try Self.recordDot { dot in
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: 300, y: 0))
            path.addLine(to: CGPoint(x: 300, y: 100))
            let move = CAKeyframeAnimation(keyPath: "position")
            move.path = path
            move.calculationMode = .paced
            move.duration = 1
            dot.layer.add(move, forKey: "move")
        }
        // 400 points in 1 s: 200 pt at 0.5 s, the corner at 0.75 s.
        XCTAssertEqual(Self.dot(animator, at: 0.5).frame.x + 10, 200, accuracy: 1e-9)
        XCTAssertEqual(Self.dot(animator, at: 0.875).frame.y + 10, 50, accuracy: 1e-9)
    }

    @MainActor func testSpringFollowsItsClosedFormAndSettles() async throws {
        var settling = 0.0
        let animator = try Self.recordDot { dot in
            let spring = CASpringAnimation(keyPath: "position.x")
            spring.fromValue = 0; spring.toValue = 100
            spring.mass = 1; spring.stiffness = 100; spring.damping = 10
            settling = spring.settlingDuration
            dot.layer.add(spring, forKey: "spring")
        }
        // ζ = c / (2√(km)) = 0.5, ω0 = 10, ωd = √75, a = 5: 1 − e^(−5t)(cos ωd t + 5/ωd · sin ωd t).
        let wd = 75.0.squareRoot()
        for t in [0.1, 0.2, 0.4] {
            let x = 100 * (1 - exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t)))
            XCTAssertEqual(Self.centreX(animator, at: t), x, accuracy: 1e-7, "t = \(t)")
        }
        // The envelope √(1 + a²/ωd²)·e^(−at) falls to 0.001 at ln(√(4/3) / 0.001) / 5.
        XCTAssertEqual(settling, log((4.0 / 3).squareRoot() / 0.001) / 5, accuracy: 1e-9)
        XCTAssertEqual(animator.durationSeconds, settling, accuracy: 1e-6)
    }

    @MainActor func testAPopBounceScalesThroughItsValues() async throws {
        let animator = try Self.recordDot { dot in
            let pop = CAKeyframeAnimation(keyPath: "transform.scale")
            pop.values = [1, 1.2, 0.9, 1]
            pop.keyTimes = [0, 0.4, 0.7, 1]
            pop.duration = 0.5
            dot.layer.add(pop, forKey: "pop")
        }
        for (t, scale) in [(0.1, 1.1), (0.2, 1.2), (0.275, 1.05), (0.35, 0.9), (0.425, 0.95)] {
            XCTAssertEqual(Self.dot(animator, at: t).transform.scale.width, scale, accuracy: 1e-9, "t = \(t)")
        }
    }

    @MainActor func testWrongKeyTimesAreRefusedByName() async throws {
        XCTAssertThrowsError(
            try Self.recordDot { dot in
                let move = CAKeyframeAnimation(keyPath: "position.x")
                move.values = [0, 100, 50]
                move.keyTimes = [0, 1]
                dot.layer.add(move, forKey: "move")
            }
        ) { error in
            XCTAssertEqual(
                error as? RecordingError,
                .invalidAnimation(view: "UIView 'dot'", field: "keyTimes", problem: "has 2 times for 3 values (one per value)"))
        }
    }

    @MainActor func testAKeyPathTheModelDoesNotDrawIsRefusedByName() async throws {
        XCTAssertThrowsError(
            try Self.recordDot { dot in
                let shadow = CABasicAnimation(keyPath: "shadowPath")
                shadow.toValue = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).cgPath
                dot.layer.add(shadow, forKey: "shadow")
            }
        ) { error in
            XCTAssertEqual(error as? RecordingError, .notDrawn(view: "UIView 'dot'", what: "an animation of key path \"shadowPath\""))
        }
    }
}
