import FlipbookGeometry
import Foundation

extension SpringNotation {
    /// One line of `flipbook curve --notations`: a tool, the spring in its notation (a text
    /// `parse` reads back), or nil with the reason when the tool cannot express it.
    package struct Row: Sendable, Hashable {
        /// The tool and API (`SwiftUI .spring(response:dampingFraction:)`).
        package var tool: String
        /// The curve text, numbers to 6 significant digits; nil when the tool has no such spring.
        package var text: String?
        /// Why `text` is nil, or a remark (velocity units).
        package var note: String
    }

    /// `spring` in every notation. `uikitDurationSeconds` is the duration of a UIKit spring when the
    /// spring came from one (its own duration is printed, not a re-derived one). Every text is
    /// one `parse` accepts; a notation whose rounded numbers it would refuse has none.
    ///
    /// The inverses (docs/TIMING.md): ω0 = √(k/m), ζ = c/(2√(km)); SwiftUI response = 2π/ω0,
    /// dampingFraction = ζ, bounce = 1 − ζ; UIKit's duration from its envelope rule,
    /// d = ln(|ζω0 − v| / (0.001·ω0·√(1−ζ²))) / (ζω0) (ζ < 1); Origami tension = (k/m − 194)/3.62 + 30,
    /// friction = (c/m − 25)/3 + 8; Framer's duration the UIKit rule at velocity 0, visualDuration
    /// = 2π/(1.2·ω0).
    package static func rows(for spring: Spring, uikitDurationSeconds: Double? = nil) -> [Row] {
        func n(_ value: Double) -> String { value.significantText }
        let omega = spring.naturalFrequency, zeta = spring.dampingRatio, v = spring.initialVelocity
        let k1 = spring.stiffness / spring.mass, c1 = spring.damping / spring.mass
        var rows: [Row] = []
        let velocityText = v == 0 ? "" : ", initialVelocity: \(n(v))"

        if zeta <= 1, let d = uikitDurationSeconds ?? SpringNotation.uikitDuration(omega: omega, zeta: zeta, velocity: v) {
            rows.append(
                Row(
                    tool: "UIKit usingSpringWithDamping / UISpringTimingParameters(dampingRatio:)",
                    text: "spring(duration: \(n(d)), dampingRatio: \(n(zeta)), initialVelocity: \(n(v)))",
                    note: "the animation lasts the duration"))
        } else {
            rows.append(
                Row(
                    tool: "UIKit usingSpringWithDamping / UISpringTimingParameters(dampingRatio:)", text: nil,
                    note: zeta > 1 ? "UIKit clamps the damping ratio to 1" : "no duration reaches this frequency"))
        }
        let response = 2 * Double.pi / omega
        rows.append(
            Row(
                tool: "SwiftUI .spring(response:dampingFraction:)",
                text: "spring(response: \(n(response)), dampingFraction: \(n(zeta)))",
                note: v == 0 ? "" : "no initial velocity in this form; .interpolatingSpring below has it"))
        if zeta <= 1 {
            rows.append(
                Row(
                    tool: "SwiftUI Spring(duration:bounce:) / UISpringTimingParameters(duration:bounce:)",
                    text: "spring(duration: \(n(response)), bounce: \(n(1 - zeta))\(velocityText))",
                    note: "duration is the pace, not the end"))
        } else {
            rows.append(
                Row(
                    tool: "SwiftUI Spring(duration:bounce:)", text: nil,
                    note: "an overdamped spring needs a negative bounce, which is not supported"))
        }
        rows.append(
            Row(
                tool: "CASpringAnimation / UISpringTimingParameters(mass:) / .interpolatingSpring",
                text:
                    "spring(mass: \(n(spring.mass)), stiffness: \(n(spring.stiffness)), damping: \(n(spring.damping)), initialVelocity: \(n(v)))",
                note: ""))
        if spring.mass != 1 {
            rows.append(
                Row(
                    tool: "the same at mass 1", text: "spring(mass: 1, stiffness: \(n(k1)), damping: \(n(c1)), initialVelocity: \(n(v)))",
                    note: ""))
        }
        let tension = Origami.tension(stiffness: k1), friction = Origami.friction(damping: c1)
        rows.append(
            Row(
                tool: "Origami tension/friction (Rebound, Pop)", text: "origami(tension: \(n(tension)), friction: \(n(friction)))",
                note: v == 0 ? "" : "velocity not part of the notation"))
        if let bouncy = Origami.bouncinessSpeed(tension: tension, friction: friction) {
            rows.append(
                Row(
                    tool: "Origami bounciness/speed (React Native Animated.spring)",
                    text: "origami(bounciness: \(n(bouncy.bounciness)), speed: \(n(bouncy.speed)))", note: ""))
        } else {
            rows.append(Row(tool: "Origami bounciness/speed", text: nil, note: "no bounciness gives this friction at this speed"))
        }
        rows.append(
            Row(
                tool: "Framer Motion stiffness/damping/mass",
                text: "framer(stiffness: \(n(spring.stiffness)), damping: \(n(spring.damping)), mass: \(n(spring.mass))"
                    + (v == 0 ? ")" : ", velocity: \(n(v)))"),
                note: v == 0 ? "" : "Framer's velocity is in the value's units per second: multiply by the distance"))
        if zeta <= 1, zeta >= 0.05, let d = SpringNotation.uikitDuration(omega: omega, zeta: zeta, velocity: 0), (0.01...10).contains(d) {
            rows.append(
                Row(
                    tool: "Framer Motion duration/bounce", text: "framer(duration: \(n(d)), bounce: \(n(1 - zeta)))",
                    note: v == 0 ? "" : "Framer resolves it at velocity 0"))
        } else {
            rows.append(
                Row(
                    tool: "Framer Motion duration/bounce", text: nil,
                    note: "Framer clamps the damping ratio to 0.05…1 and the duration to 0.01…10 s"))
        }
        if zeta <= 1, zeta >= 0.05 {
            rows.append(
                Row(
                    tool: "Framer Motion visualDuration/bounce",
                    text: "framer(visualDuration: \(n(response / 1.2)), bounce: \(n(1 - zeta)))", note: ""))
        }
        let preset = figmaPresets.first { $0.mass == spring.mass && $0.stiffness == spring.stiffness && $0.damping == spring.damping }
        rows.append(
            Row(
                tool: "Figma spring (mass, stiffness, damping)",
                text: preset.map { "figma(\($0.name))" }
                    ?? "figma(stiffness: \(n(spring.stiffness)), damping: \(n(spring.damping)), mass: \(n(spring.mass)))",
                note: ""))
        // Every text is read back as `--curve` reads it: one whose numbers round out of the
        // notation's range (a bounce of 0.9999999 printed as 1) is not printed.
        return rows.map { row in
            guard let text = row.text else { return row }
            do {
                _ = try parse(text)
                return row
            } catch {
                let reason = (error as? SpringNotationError)?.message ?? "\(error)"
                return Row(tool: row.tool, text: nil, note: "rounded to 6 significant digits, \(reason)")
            }
        }
    }

    /// UIKit's duration for ω0 and ζ: the `d` at which its envelope rule gives ω0 (the inverse of
    /// `Spring.naturalFrequency(forDuration:…)`). ζ < 1 in closed form,
    /// `d = ln(|ζω0 − v| / (0.001·ω0·√(1−ζ²))) / (ζω0)`; ζ = 1 by bisection of
    /// `|1 + (ω0 − v)d|·e^(−ω0·d) = 0.001`. Nil when no d in UIKit's 0.01…10 s gives it.
    package static func uikitDuration(omega: Double, zeta: Double, velocity v: Double) -> Double? {
        guard omega > 0, zeta > 0, zeta <= 1 else { return nil }
        let d: Double
        if zeta < 1 {
            let g = abs(zeta * omega - v) / (omega * (1 - zeta * zeta).squareRoot())
            guard g > Spring.settlingTolerance else { return nil }
            d = DeterministicMath.log(g / Spring.settlingTolerance) / (zeta * omega)
        } else {
            // (1 + a·t)·e^(−ω0·t), a = ω0 − v > 0, peaks at t* = −v/(a·ω0) (0 for v ≥ 0) and falls
            // after it: bisect between the peak and 60 s. (v ≥ ω0 is left out: nil.)
            let a = omega - v
            guard a > 0 else { return nil }
            func envelope(_ t: Double) -> Double { (1 + a * t) * DeterministicMath.exp(-omega * t) }
            var low = max(0, -v / (a * omega)), high = 60.0
            guard envelope(high) < Spring.settlingTolerance, envelope(low) > Spring.settlingTolerance else { return nil }
            for _ in 0..<200 {
                let mid = (low + high) / 2
                guard mid > low, mid < high else { break }
                if envelope(mid) > Spring.settlingTolerance { low = mid } else { high = mid }
            }
            d = high
        }
        return Spring.durationRange.contains(d) ? d : nil
    }
}

extension Double {
    /// 6 significant digits without trailing zeros: 0.405608, 239.97, 1.
    var significantText: String {
        if self == rounded(), abs(self) < 1e9 { return String(Int64(self)) }
        var text = String(format: "%.6g", self)
        if text.contains("."), !text.contains("e") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
