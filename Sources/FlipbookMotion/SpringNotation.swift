import FlipbookSupport
public import Foundation

/// One spring as a tool writes it. Every notation is the same damped oscillator
/// `m·x'' + c·x' + k·x = 0` (`Spring`) under other names; the conversions are derived in
/// docs/TIMING.md ("Spring notations") and tested against the tools' published code and numbers.
///
/// In curve texts (`--curve`, a transition file's `"curve"`) a notation is written as a call with
/// labels, in any order: `spring(response: 0.5, dampingFraction: 0.825)`; `parse` reads them.
package enum SpringNotation: Sendable, Hashable {
    /// UIKit: `UIView.animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)` and
    /// `UISpringTimingParameters(dampingRatio:initialVelocity:)` with the animator's duration.
    /// `spring(duration:, dampingRatio:, initialVelocity:)`.
    case uikit(durationSeconds: Double, dampingRatio: Double, initialVelocity: Double)
    /// SwiftUI `.spring(response:dampingFraction:blendDuration:)`: `spring(response:, dampingFraction:)`.
    case swiftUIResponse(responseSeconds: Double, dampingFraction: Double)
    /// SwiftUI `Spring(duration:bounce:)` (iOS 17; also `UISpringTimingParameters(duration:bounce:…)`):
    /// `spring(duration:, bounce:)`, bounce 0 (no overshoot) to under 1.
    case swiftUIDurationBounce(durationSeconds: Double, bounce: Double, initialVelocity: Double)
    /// `CASpringAnimation`, `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`,
    /// SwiftUI `.interpolatingSpring(mass:stiffness:damping:initialVelocity:)`:
    /// `spring(mass:, stiffness:, damping:, initialVelocity:)` (mass 1 and velocity 0 by default).
    case physical(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
    /// Origami (Quartz Composer / Origami Studio classic, Rebound, Pop): `origami(tension:, friction:)`.
    case origamiTensionFriction(tension: Double, friction: Double)
    /// Origami's bounciness and speed (Rebound's `fromBouncinessAndSpeed`, React Native's
    /// `Animated.spring`): `origami(bounciness:, speed:)`.
    case origamiBouncinessSpeed(bounciness: Double, speed: Double)
    /// Framer Motion's `duration` (seconds) and `bounce`: `framer(duration:, bounce:)`.
    case framerDurationBounce(durationSeconds: Double, bounce: Double)
    /// Framer Motion's `visualDuration` (seconds) and `bounce`: `framer(visualDuration:, bounce:)`.
    case framerVisualDuration(visualDurationSeconds: Double, bounce: Double)

    /// The physical spring this notation describes (mass, stiffness, damping in the units of
    /// `Spring`, initial velocity in whole distances per second). For `uikit` the spring is
    /// exact only up to its duration, after which UIKit shows the target (as `Timing` does).
    package var spring: Spring {
        if case let .uikit(duration, zeta, velocity) = self {
            return Spring(duration: duration, dampingRatio: zeta, initialVelocity: velocity)
        }
        let p = physicalParameters
        return Spring(mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: p.initialVelocity)
    }

    /// Mass, stiffness, damping and initial velocity, before they are checked (an Origami tension
    /// under about −23.6 gives a negative stiffness, which `parse` refuses).
    var physicalParameters: (mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        switch self {
        case let .uikit(duration, zeta, velocity):
            let omega = Spring.naturalFrequency(forDuration: duration, dampingRatio: zeta, initialVelocity: velocity)
            return (1, omega * omega, 2 * Spring.clampedDampingRatio(zeta) * omega, velocity)
        case let .swiftUIResponse(response, fraction):
            // Apple: stiffness = (2π / response)², damping = 4π · dampingFraction / response, mass 1.
            let omega = 2 * Double.pi / response
            return (1, omega * omega, 4 * Double.pi * fraction / response, 0)
        case let .swiftUIDurationBounce(duration, bounce, velocity):
            // WWDC23 "Animate with springs": stiffness (2π / duration)², damping (1 − bounce)·4π / duration.
            let omega = 2 * Double.pi / duration
            return (1, omega * omega, (1 - bounce) * 4 * Double.pi / duration, velocity)
        case let .physical(mass, stiffness, damping, velocity):
            return (mass, stiffness, damping, velocity)
        case let .origamiTensionFriction(tension, friction):
            return (1, Origami.stiffness(tension: tension), Origami.damping(friction: friction), 0)
        case let .origamiBouncinessSpeed(bounciness, speed):
            let (tension, friction) = Origami.tensionFriction(bounciness: bounciness, speed: speed)
            return (1, Origami.stiffness(tension: tension), Origami.damping(friction: friction), 0)
        case let .framerDurationBounce(duration, bounce):
            let zeta = Framer.dampingRatio(bounce: bounce)
            let omega = Framer.naturalFrequency(durationSeconds: duration, dampingRatio: zeta)
            return (1, omega * omega, 2 * zeta * omega, 0)
        case let .framerVisualDuration(visual, bounce):
            // motion's getSpringOptions: root = 2π / (1.2·visualDuration), damping 2·ζ·root.
            let root = 2 * Double.pi / (visual * 1.2)
            return (1, root * root, 2 * Framer.dampingRatio(bounce: bounce) * root, 0)
        }
    }

    /// The curve: `.spring` for UIKit's notation (its duration is the timing's,
    /// `impliedDurationSeconds`), `.springPhysics` for the others.
    package var curve: TimingCurve {
        if case let .uikit(_, zeta, velocity) = self { return .spring(dampingRatio: zeta, initialVelocity: velocity) }
        return .springPhysics(spring)
    }

    /// The duration the notation carries as the animation's length: UIKit's (its spring is defined
    /// by it). The other notations' durations are the spring's pace, not its end; those springs run
    /// for their settling duration unless a duration is given.
    package var impliedDurationSeconds: Double? {
        if case let .uikit(duration, _, _) = self { return duration }
        return nil
    }
}

/// Origami's conversions, as Rebound (`OrigamiValueConverter`, `BouncyConversion`) and React
/// Native (`Libraries/Animated/SpringConfig.js`) publish them.
package enum Origami {
    /// Rebound's tension for an Origami tension: `(t − 30)·3.62 + 194` (mass 1, per second²).
    package static func stiffness(tension: Double) -> Double { (tension - 30) * 3.62 + 194 }
    /// Rebound's friction for an Origami friction: `(f − 8)·3 + 25` (mass 1, per second).
    package static func damping(friction: Double) -> Double { (friction - 8) * 3 + 25 }
    /// The Origami tension of a stiffness at mass 1 (the inverse of `stiffness(tension:)`).
    package static func tension(stiffness: Double) -> Double { (stiffness - 194) / 3.62 + 30 }
    /// The Origami friction of a damping at mass 1 (the inverse of `damping(friction:)`).
    package static func friction(damping: Double) -> Double { (damping - 25) / 3 + 8 }

    /// Friction with no bounce at an Origami tension (`b3Nobounce`, three fitted cubics).
    static func frictionWithoutBounce(tension x: Double) -> Double {
        if x <= 18 { return 0.0007 * x * x * x - 0.031 * x * x + 0.64 * x + 1.28 }
        if x <= 44 { return 0.000044 * x * x * x - 0.006 * x * x + 0.36 * x + 2 }
        return 0.00000045 * x * x * x - 0.000332 * x * x + 0.1078 * x + 5.84
    }

    /// Origami tension and friction for a bounciness and speed (`BouncyConversion`):
    /// `b = 0.8·bounciness/34`, `tension = 0.5 + 199.5·speed/34`,
    /// `friction = lerp(2b − b², frictionWithoutBounce(tension), 0.01)`.
    package static func tensionFriction(bounciness: Double, speed: Double) -> (tension: Double, friction: Double) {
        let b = bounciness / 1.7 / 20 * 0.8
        let tension = 0.5 + speed / 1.7 / 20 * 199.5
        let t = 2 * b - b * b
        return (tension, t * 0.01 + (1 - t) * frictionWithoutBounce(tension: tension))
    }

    /// The bounciness and speed of an Origami tension and friction, when some exist (the inverse of
    /// `tensionFriction`: speed from the tension, then `2b − b²` from the friction; nil when the
    /// friction is outside what bounciness 0…42.5 reaches).
    package static func bouncinessSpeed(tension: Double, friction: Double) -> (bounciness: Double, speed: Double)? {
        let speed = (tension - 0.5) / 199.5 * 34
        let start = frictionWithoutBounce(tension: tension)
        let u = (friction - start) / (0.01 - start)
        guard u.isFinite, (0...1).contains(u) else { return nil }
        let b = 1 - (1 - u).squareRoot()
        return (b / 0.8 * 34, speed)
    }
}

/// Framer Motion's duration-based spring (`findSpring`, ported in motion from Framer): UIKit's rule
/// with its own clamps.
package enum Framer {
    /// `clamp(0.05, 1, 1 − bounce)`.
    package static func dampingRatio(bounce: Double) -> Double { min(max(1 - bounce, 0.05), 1) }

    /// ω0 (rad/s) with `(ζω0/(ω0√(1−ζ²)))·e^(−ζω0·d) = 0.001` (ζ < 1) or `(1 + ω0·d)·e^(−ω0·d) = 0.001`
    /// (ζ = 1), d clamped to [0.01, 10] s: `findSpring` with velocity 0, as motion calls it. That
    /// is UIKit's equation at velocity 0 (`Spring.naturalFrequency`, solved to convergence; Framer's
    /// 11 Newton steps from 5/d land on the same root to about 1e-12).
    package static func naturalFrequency(durationSeconds: Double, dampingRatio zeta: Double) -> Double {
        Spring.naturalFrequency(forDuration: durationSeconds, dampingRatio: zeta, initialVelocity: 0)
    }
}

/// Why a spring notation's text cannot be read.
public struct SpringNotationError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The curve text as given.
    public var curve: String
    /// What is wrong.
    public var message: String

    /// The error for `curve` and what is wrong with it.
    package init(curve: String, message: String) { self.curve = curve; self.message = message }

    /// `curve 'TEXT': MESSAGE`.
    public var description: String { "curve '\(curve)': \(message)" }
    /// The same as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension SpringNotation {
    /// The label sets each call accepts (optional labels after `?`), for messages and docs.
    package static let forms: [String] = [
        "spring(duration:, dampingRatio:, initialVelocity?:)", "spring(response:, dampingFraction:, blendDuration?:)",
        "spring(duration:, bounce:, initialVelocity?:)", "spring(mass?:, stiffness:, damping:, initialVelocity?:)",
        "interpolatingSpring(mass?:, stiffness:, damping:, initialVelocity?:)",
        "origami(tension:, friction:)", "origami(bounciness:, speed:)",
        "framer(stiffness:, damping:, mass?:, velocity?:)", "framer(duration:, bounce:)", "framer(visualDuration:, bounce?:)",
        "figma(stiffness:, damping:, mass?:, initialVelocity?:)", "figma(gentle | quick | bouncy | slow)"
    ]

    /// Figma's spring presets (mass, stiffness, damping), as its prototype editor and plugin API
    /// (`Easing.type` `GENTLE`, `QUICK`, `BOUNCY`, `SLOW`) define them.
    package static let figmaPresets: [(name: String, mass: Double, stiffness: Double, damping: Double)] = [
        ("gentle", 1, 100, 15), ("quick", 1, 300, 20), ("bouncy", 1, 600, 15), ("slow", 1, 80, 20)
    ]

    /// True when `text` is written as a call (`name(…)`), the form `parse` reads.
    package static func isCall(_ text: String) -> Bool { text.contains("(") }

    /// Reads `name(label: value, …)`. - Throws: `SpringNotationError`.
    package static func parse(_ text: String) throws -> SpringNotation {
        func fail(_ message: String) -> SpringNotationError { SpringNotationError(curve: text, message: message) }
        let trimmed = text.trimmingCharacters(in: " ")
        guard let open = trimmed.firstIndex(of: "("), trimmed.last == ")" else { throw fail("expected name(label: value, …)") }
        let name = String(trimmed[..<open]).trimmingCharacters(in: " ")
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: " ") }

        if name == "figma", parts.count == 1, !parts[0].contains(":") {
            guard let preset = figmaPresets.first(where: { $0.name == parts[0].lowercased() }) else {
                throw fail("unknown Figma preset '\(parts[0])'; expected one of \(figmaPresets.map(\.name).joined(separator: ", "))")
            }
            return .physical(mass: preset.mass, stiffness: preset.stiffness, damping: preset.damping, initialVelocity: 0)
        }
        let values = try labelledValues(parts, fail: fail)
        let labels = Set(values.keys)
        func form(_ required: Set<String>, optional: Set<String> = []) -> Bool {
            required.isSubset(of: labels) && labels.isSubset(of: required.union(optional))
        }
        func positive(_ label: String) throws -> Double {
            let value = values[label]!
            guard value > 0 else { throw fail("\(label) must be greater than 0, not \(value.shortestText)") }
            return value
        }
        func physical(velocityLabel: String) throws -> SpringNotation {
            let mass = values["mass"] == nil ? 1 : try positive("mass")
            let damping = values["damping"]!
            guard damping >= 0 else { throw fail("damping must be at least 0, not \(damping.shortestText)") }
            return .physical(
                mass: mass, stiffness: try positive("stiffness"), damping: damping, initialVelocity: values[velocityLabel] ?? 0)
        }
        func bounce(_ range: Range<Double>, _ words: String) throws -> Double {
            let value = values["bounce"] ?? 0
            guard range.contains(value) else { throw fail("bounce must be \(words), not \(value.shortestText)") }
            return value
        }

        let notation: SpringNotation
        switch name {
        case "spring" where form(["duration", "dampingRatio"], optional: ["initialVelocity"]):
            let zeta = values["dampingRatio"]!
            guard zeta > 0, zeta <= 1 else { throw fail("dampingRatio must be greater than 0 and at most 1, not \(zeta.shortestText)") }
            notation = .uikit(
                durationSeconds: try positive("duration"), dampingRatio: zeta, initialVelocity: values["initialVelocity"] ?? 0)
        case "spring" where form(["response", "dampingFraction"], optional: ["blendDuration"]):
            let fraction = values["dampingFraction"]!
            guard fraction >= 0 else { throw fail("dampingFraction must be at least 0, not \(fraction.shortestText)") }
            notation = .swiftUIResponse(responseSeconds: try positive("response"), dampingFraction: fraction)
        case "spring" where form(["duration", "bounce"], optional: ["initialVelocity"]):
            // Negative (overdamped) bounce is refused: Apple publishes no formula text for it.
            notation = .swiftUIDurationBounce(
                durationSeconds: try positive("duration"), bounce: try bounce(0..<1, "from 0 to less than 1"),
                initialVelocity: values["initialVelocity"] ?? 0)
        case "spring" where form(["stiffness", "damping"], optional: ["mass", "initialVelocity"]),
            "interpolatingSpring" where form(["stiffness", "damping"], optional: ["mass", "initialVelocity"]):
            notation = try physical(velocityLabel: "initialVelocity")
        case "origami" where form(["tension", "friction"]):
            notation = .origamiTensionFriction(tension: values["tension"]!, friction: values["friction"]!)
        case "origami" where form(["bounciness", "speed"]):
            notation = .origamiBouncinessSpeed(bounciness: values["bounciness"]!, speed: values["speed"]!)
        case "framer" where form(["stiffness", "damping"], optional: ["mass", "velocity"]):
            notation = try physical(velocityLabel: "velocity")
        case "framer" where form(["duration", "bounce"]):
            notation = .framerDurationBounce(durationSeconds: try positive("duration"), bounce: try bounce(0..<1, "from 0 to less than 1"))
        case "framer" where form(["visualDuration"], optional: ["bounce"]):
            notation = .framerVisualDuration(
                visualDurationSeconds: try positive("visualDuration"), bounce: try bounce(0..<1, "from 0 to less than 1"))
        case "figma" where form(["stiffness", "damping"], optional: ["mass", "initialVelocity"]):
            notation = try physical(velocityLabel: "initialVelocity")
        case "spring", "interpolatingSpring", "origami", "framer", "figma":
            let matching = forms.filter { $0.hasPrefix(name + "(") }
            throw fail(
                "labels \(labels.sorted().joined(separator: ", ")) match no form of \(name); expected \(matching.joined(separator: " or "))"
            )
        default:
            throw fail("unknown spring notation '\(name)'; expected spring, interpolatingSpring, origami, framer or figma")
        }
        try checkUsable(notation, fail: fail)
        return notation
    }

    /// `label: value` parts as a dictionary: each label once, each value a finite decimal number.
    private static func labelledValues(_ parts: [String], fail: (String) -> SpringNotationError) throws -> [String: Double] {
        var values: [String: Double] = [:]
        for part in parts {
            let pieces = part.split(separator: ":", maxSplits: 1).map { String($0).trimmingCharacters(in: " ") }
            guard pieces.count == 2, !pieces[0].isEmpty else { throw fail("expected label: value, not '\(part)'") }
            guard values[pieces[0]] == nil else { throw fail("'\(pieces[0])' is given twice") }
            guard let value = Double(decimalText: pieces[1]) else { throw fail("\(pieces[0]) must be a finite number, not '\(pieces[1])'") }
            values[pieces[0]] = value
        }
        return values
    }

    /// Refuses a notation whose spring the renderer cannot use: an initial velocity outside the
    /// timing request's range, or a stiffness and damping that give no finite spring.
    private static func checkUsable(_ notation: SpringNotation, fail: (String) -> SpringNotationError) throws {
        let p = notation.physicalParameters
        let velocities = TimingRequest.initialVelocityRange
        guard velocities.contains(p.initialVelocity) else {
            throw fail(
                "the initial velocity must be between \(velocities.lowerBound.shortestText) and \(velocities.upperBound.shortestText) "
                    + "whole distances per second, not \(p.initialVelocity.shortestText)")
        }
        guard p.stiffness.isFinite, p.stiffness > 0, p.damping.isFinite, p.damping >= 0,
            Spring(mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: p.initialVelocity).isFinite
        else {
            throw fail(
                "its spring is not usable (stiffness \(p.stiffness.shortestText), damping \(p.damping.shortestText); "
                    + "both must be finite, the stiffness > 0 and the damping ≥ 0)")
        }
    }
}

extension String {
    /// Without leading and trailing `character`s.
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return String(text)
    }
}
