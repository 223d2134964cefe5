import FlipbookMotion
import XCTest

/// Every notation against numbers computed apart from the code: Apple's documented relations,
/// Rebound's and React Native's published Origami conversion, Framer Motion's `findSpring` and
/// Figma's presets (the expected values were worked out by hand or with a transcription of the
/// tools' own code; docs/TIMING.md shows the formulas).
final class SpringNotationTests: XCTestCase {
    func spring(_ text: String) throws -> Spring { try SpringNotation.parse(text).spring }

    /// Apple: stiffness = (2π/response)², damping = 4π·dampingFraction/response at mass 1.
    /// response 0.5, dampingFraction 0.825: (4π)² = 157.913670417…, 4π·0.825/0.5 = 20.734511513…
    func testSwiftUIResponse() throws {
        let s = try spring("spring(response: 0.5, dampingFraction: 0.825)")
        XCTAssertEqual(s.mass, 1)
        XCTAssertEqual(s.stiffness, 157.91367041742973, accuracy: 1e-9)
        XCTAssertEqual(s.damping, 20.734511513692635, accuracy: 1e-9)
        XCTAssertEqual(s.dampingRatio, 0.825, accuracy: 1e-12)
    }

    /// duration 0.5, bounce 0.3: k = (2π/0.5)² = 157.9137, c = 0.7·4π/0.5 = 17.5929; ζ = 0.7.
    func testSwiftUIDurationBounce() throws {
        let s = try spring("spring(duration: 0.5, bounce: 0.3)")
        XCTAssertEqual(s.stiffness, 157.91367041742973, accuracy: 1e-9)
        XCTAssertEqual(s.damping, 0.7 * 4 * Double.pi / 0.5, accuracy: 1e-12)
        XCTAssertEqual(s.dampingRatio, 0.7, accuracy: 1e-12)
        XCTAssertThrowsError(try spring("spring(duration: 0.5, bounce: -0.2)"))
    }

    /// Rebound's default config, fromOrigamiTensionAndFriction(40, 7): (40 − 30)·3.62 + 194 = 230.2,
    /// (7 − 8)·3 + 25 = 22.
    func testOrigamiTensionFriction() throws {
        let s = try spring("origami(tension: 40, friction: 7)")
        XCTAssertEqual(s.stiffness, 230.2, accuracy: 1e-12)
        XCTAssertEqual(s.damping, 22, accuracy: 1e-12)
        XCTAssertEqual(Origami.tension(stiffness: 230.2), 40, accuracy: 1e-12)
        XCTAssertEqual(Origami.friction(damping: 22), 7, accuracy: 1e-12)
    }

    /// React Native's Animated.spring defaults, bounciness 8, speed 12, through its
    /// fromBouncinessAndSpeed: stiffness 342.100588235…, damping 24.684019245… (worked through
    /// the published steps: b = 0.188235, tension 70.9118, b3Nobounce 11.9753, friction 7.89467).
    func testOrigamiBouncinessSpeed() throws {
        let s = try spring("origami(bounciness: 8, speed: 12)")
        XCTAssertEqual(s.stiffness, 342.10058823529414, accuracy: 1e-9)
        XCTAssertEqual(s.damping, 24.684019245284347, accuracy: 1e-9)
        let back = try XCTUnwrap(
            Origami.bouncinessSpeed(
                tension: Origami.tension(stiffness: s.stiffness),
                friction: Origami.friction(damping: s.damping)))
        XCTAssertEqual(back.bounciness, 8, accuracy: 1e-9)
        XCTAssertEqual(back.speed, 12, accuracy: 1e-9)
    }

    /// Framer Motion's findSpring (duration 1 s, bounce 0.3, velocity 0; 11 Newton steps from 5/d):
    /// stiffness 96.8186449788…, damping 13.7755052233…; and (0.8 s, 0.25): 137.413586940…, 17.5835312328….
    /// By hand for the first: e^(−0.7ω) = 0.001·√0.51/0.7 → ω = 9.83965, k = ω² = 96.82.
    /// visualDuration 0.3, bounce 0.2: root = 2π/0.36, k = root² = 304.617419786…, c = 1.6·root = 27.925268031….
    func testFramer() throws {
        let a = try spring("framer(duration: 1, bounce: 0.3)")
        XCTAssertEqual(a.stiffness, 96.81864497885663, accuracy: 1e-6)
        XCTAssertEqual(a.damping, 13.775505223350574, accuracy: 1e-6)
        let b = try spring("framer(duration: 0.8, bounce: 0.25)")
        XCTAssertEqual(b.stiffness, 137.41358694003588, accuracy: 1e-6)
        XCTAssertEqual(b.damping, 17.583531232806475, accuracy: 1e-6)
        let c = try spring("framer(visualDuration: 0.3, bounce: 0.2)")
        XCTAssertEqual(c.stiffness, 304.61741978670864, accuracy: 1e-9)
        XCTAssertEqual(c.damping, 27.925268031909276, accuracy: 1e-9)
        let d = try spring("framer(stiffness: 100, damping: 10)")
        XCTAssertEqual([d.mass, d.stiffness, d.damping, d.initialVelocity], [1, 100, 10, 0])
    }

    /// Figma's presets: Gentle 1/100/15, Quick 1/300/20, Bouncy 1/600/15, Slow 1/80/20.
    func testFigma() throws {
        for (name, k, c) in [("gentle", 100.0, 15.0), ("quick", 300, 20), ("bouncy", 600, 15), ("slow", 80, 20)] {
            let s = try spring("figma(\(name))")
            XCTAssertEqual([s.mass, s.stiffness, s.damping], [1, k, c], name)
        }
        XCTAssertEqual(try spring("figma(stiffness: 300, damping: 20)"), try spring("figma(quick)"))
        XCTAssertThrowsError(try spring("figma(wobbly)"))
    }

    /// CASpringAnimation's four properties and UIKit's duration form are the existing springs.
    func testPhysicalAndUIKit() throws {
        XCTAssertEqual(
            try spring("spring(mass: 2, stiffness: 300, damping: 20, initialVelocity: 0.5)"),
            Spring(mass: 2, stiffness: 300, damping: 20, initialVelocity: 0.5))
        XCTAssertEqual(
            try spring("interpolatingSpring(stiffness: 170, damping: 15)"), Spring(mass: 1, stiffness: 170, damping: 15, initialVelocity: 0)
        )
        XCTAssertEqual(
            try spring("spring(duration: 0.7, dampingRatio: 0.6, initialVelocity: 1)"),
            Spring(duration: 0.7, dampingRatio: 0.6, initialVelocity: 1))
        // UIKit's notation keeps the animation a .spring over its own duration: the push timing exactly.
        let timing = try TimingRequest(curve: "spring(dampingRatio: 0.6, duration: 0.7, initialVelocity: 1)")
            .resolved(over: Timing(curve: .bezier(.linear), durationSeconds: 0.3))
        XCTAssertEqual(timing, Timing(curve: .spring(dampingRatio: 0.6, initialVelocity: 1), durationSeconds: 0.7))
        XCTAssertThrowsError(
            try TimingRequest(curve: "spring(duration: 0.7, dampingRatio: 0.6)", durationSeconds: 0.5)
                .resolved(over: Timing(curve: .bezier(.linear), durationSeconds: 0.3)))
        XCTAssertThrowsError(
            try TimingRequest(curve: "spring(response: 0.5, dampingFraction: 0.8)", dampingRatio: 0.5)
                .resolved(over: Timing(curve: .bezier(.linear), durationSeconds: 0.3)))
        // Another notation runs for its settling duration, as spring-physics does.
        let swiftUI = try TimingRequest(curve: "spring(response: 0.5, dampingFraction: 0.825)")
            .resolved(over: Timing(curve: .bezier(.linear), durationSeconds: 0.3))
        XCTAssertEqual(swiftUI.durationSeconds, swiftUI.spring!.settlingDurationSeconds)
    }

    /// The push spring (ζ 0.6, v 1, 0.7 s; ω0 ≈ 15.491059) in the other notations, by hand:
    /// response = 2π/ω0 = 0.405601, bounce 0.4, k = ω0² = 239.973, c = 2·0.6·ω0 = 18.5893,
    /// Origami tension (239.973 − 194)/3.62 + 30 = 42.6997, friction (18.5893 − 25)/3 + 8 = 5.86309.
    /// UIKit's duration comes back as 0.7 from the closed-form inverse.
    func testPushSpringInEveryNotation() throws {
        let push = Spring(duration: 0.7, dampingRatio: 0.6, initialVelocity: 1)
        let omega = 15.491059
        XCTAssertEqual(push.naturalFrequency, omega, accuracy: 1e-5)
        XCTAssertEqual(
            try XCTUnwrap(SpringNotation.uikitDuration(omega: push.naturalFrequency, zeta: 0.6, velocity: 1)), 0.7, accuracy: 1e-9)
        let rows = SpringNotation.rows(for: push).compactMap(\.text)
        for expected in [
            "spring(duration: 0.7, dampingRatio: 0.6, initialVelocity: 1)",
            "spring(response: 0.405601, dampingFraction: 0.6)",
            "spring(duration: 0.405601, bounce: 0.4, initialVelocity: 1)",
            "spring(mass: 1, stiffness: 239.973, damping: 18.5893, initialVelocity: 1)",
            "origami(tension: 42.6997, friction: 5.86309)"
        ] {
            XCTAssertTrue(rows.contains(expected), "\(expected) not in \(rows)")
        }
        // Each printed text reads back as (nearly) the same spring: the table is a round trip.
        for text in rows where !text.hasPrefix("framer(duration") && !text.hasPrefix("origami") && !text.hasPrefix("spring(response") {
            let back = try SpringNotation.parse(text).spring
            XCTAssertEqual(back.naturalFrequency, push.naturalFrequency, accuracy: 1e-4, text)
            XCTAssertEqual(back.dampingRatio, 0.6, accuracy: 1e-5, text)
        }
    }

    func testBadNotations() {
        for text in [
            "spring(response: 0.5)", "spring(response: 0, dampingFraction: 1)", "spring(response: 0.5, dampingFraction: x)",
            "origami(tension: -50, friction: 7)", "wobble(k: 1)", "spring(response: 0.5, response: 0.4, dampingFraction: 1)",
            "spring(stiffness: 100, damping: 10, initialVelocity: 1000)", "spring(response: 0.5 dampingFraction: 1)"
        ] {
            XCTAssertThrowsError(try SpringNotation.parse(text), text)
            XCTAssertThrowsError(try TimingCurve.parse(text), text)
        }
    }

    /// Existing curve texts parse exactly as before.
    func testExistingCurvesUnchanged() throws {
        XCTAssertEqual(try TimingCurve.parse("spring"), .spring(dampingRatio: 0.6, initialVelocity: 1))
        XCTAssertEqual(
            try TimingCurve.parse("spring-physics:1,100,10,0"),
            .springPhysics(Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)))
        XCTAssertEqual(try TimingCurve.parse("easeInOut"), .bezier(.easeInEaseOut))
    }
}
