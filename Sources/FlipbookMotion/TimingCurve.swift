import FlipbookSupport
public import Foundation

/// The shape of an animation's progress over time.
public enum TimingCurve: Sendable, Hashable {
    /// UIKit's duration-based spring (`usingSpringWithDamping:initialSpringVelocity:`); its `ω0`
    /// comes from the `Timing`'s duration (see `Spring.init(duration:dampingRatio:initialVelocity:)`).
    case spring(dampingRatio: Double, initialVelocity: Double)
    /// A physical spring (`CASpringAnimation`); runs in real seconds whatever the duration.
    case springPhysics(Spring)
    /// A cubic Bézier over the duration (`CAMediaTimingFunction`).
    case bezier(CubicBezier)

    /// Names of the Bézier presets accepted by `parse`, with their curves.
    package static let bezierPresets: [(name: String, curve: CubicBezier)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("default", .default)
    ]

    /// Other spellings `parse` accepts for a preset: `easeInOut` is UIKit's name
    /// (`UIView.AnimationCurve`, as in gesture files) for Core Animation's `easeInEaseOut`.
    package static let presetAliases = ["easeInOut": "easeInEaseOut"]

    /// Parses a curve name as used by `flipbook curve --curve` and `flipbook render --curve`.
    ///
    /// Accepted: `spring` (UIKit spring with `dampingRatio` and `initialVelocity`, which the caller
    /// supplies — 0.6 and 1.0 are the defaults of the push transition), `linear`, `easeIn`, `easeOut`,
    /// `easeInEaseOut` (or `easeInOut`), `default`, `bezier:x1,y1,x2,y2` (x1, x2 ∈ [0, 1]) and
    /// `spring-physics:mass,stiffness,damping,velocity` (mass, stiffness, damping > 0), numbers in
    /// plain decimal notation (`Double(decimalText:)`). A curve whose progress would not be a
    /// finite number somewhere (`bezier:0,-1e308,1,1e308`) is refused. Names are case-sensitive.
    /// Throws `TimingCurveParseError`.
    ///
    /// A spring in another tool's notation is written as a call with labels
    /// (`spring(response: 0.5, dampingFraction: 0.825)`, `origami(tension: 40, friction: 7)`, …:
    /// `SpringNotation.parse`); it becomes `.springPhysics`, UIKit's `spring(duration:…)` too
    /// (the same motion in real seconds; `TimingRequest` keeps it a `.spring` with its duration).
    public static func parse(_ text: String, dampingRatio: Double = 0.6, initialVelocity: Double = 1.0) throws -> TimingCurve {
        if SpringNotation.isCall(text) {
            do {
                return .springPhysics(try SpringNotation.parse(text).spring)
            } catch let error as SpringNotationError {
                throw TimingCurveParseError.notation(error)
            }
        }
        if text == "spring" {
            guard dampingRatio.isFinite, dampingRatio > 0, dampingRatio <= 1 else {
                throw TimingCurveParseError.dampingRatioOutOfRange(dampingRatio)
            }
            guard initialVelocity.isFinite else { throw TimingCurveParseError.velocityNotFinite(initialVelocity) }
            return .spring(dampingRatio: dampingRatio, initialVelocity: initialVelocity)
        }
        if let preset = bezierPresets.first(where: { $0.name == (presetAliases[text] ?? text) }) {
            return .bezier(preset.curve)
        }
        if text.hasPrefix("bezier:") {
            let p = try numbers(in: text, prefix: "bezier:", names: ["x1", "y1", "x2", "y2"])
            for (name, value) in [("x1", p[0]), ("x2", p[2])] where !(0...1).contains(value) {
                throw TimingCurveParseError.parameterOutOfRange(curve: text, parameter: name, value: value, allowed: "within [0, 1]")
            }
            let bezier = CubicBezier(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
            guard bezier.progressBound.isFinite else { throw TimingCurveParseError.notFinite(curve: text) }
            return .bezier(bezier)
        }
        if text.hasPrefix("spring-physics:") {
            let names = ["mass", "stiffness", "damping", "velocity"]
            let p = try numbers(in: text, prefix: "spring-physics:", names: names)
            for index in 0..<3 where !(p[index] > 0) {
                throw TimingCurveParseError.parameterOutOfRange(
                    curve: text, parameter: names[index], value: p[index], allowed: "greater than 0")
            }
            let spring = Spring(mass: p[0], stiffness: p[1], damping: p[2], initialVelocity: p[3])
            guard spring.isFinite else { throw TimingCurveParseError.notFinite(curve: text) }
            return .springPhysics(spring)
        }
        throw TimingCurveParseError.unknownCurve(text)
    }

    /// The comma-separated finite numbers after `prefix`, exactly `names.count` of them.
    private static func numbers(in text: String, prefix: String, names: [String]) throws -> [Double] {
        let fields = text.dropFirst(prefix.count).split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count == names.count else {
            throw TimingCurveParseError.wrongParameterCount(curve: text, expected: names, found: fields.count)
        }
        return try zip(names, fields).map { name, field in
            let trimmed = field.trimmingSpaces
            guard let value = Double(decimalText: trimmed) else {
                throw TimingCurveParseError.notANumber(curve: text, parameter: name, text: String(field))
            }
            return value
        }
    }

    /// The text `parse` turns back into this curve (`spring` needs its damping ratio and velocity
    /// passed alongside). Numbers use Swift's shortest round-trip form.
    public var specification: String {
        switch self {
        case .spring:
            return "spring"
        case .springPhysics(let s):
            return "spring-physics:\(s.mass),\(s.stiffness),\(s.damping),\(s.initialVelocity)"
        case .bezier(let b):
            if let preset = TimingCurve.bezierPresets.first(where: { $0.curve == b }) { return preset.name }
            return "bezier:\(b.x1),\(b.y1),\(b.x2),\(b.y2)"
        }
    }
}

/// Why a curve text was rejected by `TimingCurve.parse`; the description names the bad text.
public enum TimingCurveParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not one of the known curve names or forms.
    case unknownCurve(String)
    /// `bezier:` or `spring-physics:` with the wrong number of comma-separated values.
    case wrongParameterCount(curve: String, expected: [String], found: Int)
    /// A parameter that is not a finite number.
    case notANumber(curve: String, parameter: String, text: String)
    /// A parameter outside its allowed range (`allowed` says which).
    case parameterOutOfRange(curve: String, parameter: String, value: Double, allowed: String)
    /// The UIKit spring's damping ratio is not in (0, 1].
    case dampingRatioOutOfRange(Double)
    /// The UIKit spring's initial velocity is infinite or NaN.
    case velocityNotFinite(Double)
    /// Valid parameters whose progress is not a finite number everywhere (they overflow a Double).
    case notFinite(curve: String)
    /// A spring notation (`spring(response: …)`) that cannot be read.
    case notation(SpringNotationError)

    /// A readable message naming the offending text.
    public var description: String {
        switch self {
        case .unknownCurve(let text):
            let names =
                ["spring"] + TimingCurve.bezierPresets.map(\.name) + [
                    "bezier:x1,y1,x2,y2", "spring-physics:mass,stiffness,damping,velocity"
                ]
            return "unknown curve '\(text)'; expected one of \(names.joined(separator: ", "))"
        case let .wrongParameterCount(curve, expected, found):
            return "curve '\(curve)' needs \(expected.count) comma-separated numbers (\(expected.joined(separator: ","))), found \(found)"
        case let .notANumber(curve, parameter, text):
            return "curve '\(curve)': \(parameter) must be a finite number, not '\(text)'"
        case let .parameterOutOfRange(curve, parameter, value, allowed):
            return "curve '\(curve)': \(parameter) must be \(allowed), not \(value)"
        case .dampingRatioOutOfRange(let value):
            return "spring damping ratio must be greater than 0 and at most 1, not \(value)"
        case .velocityNotFinite(let value):
            return "spring initial velocity must be a finite number, not \(value)"
        case .notFinite(let curve):
            return "curve '\(curve)': its progress is not a finite number over the duration (the parameters are too large)"
        case .notation(let error):
            return "\(error)"
        }
    }
}

extension Substring {
    /// Without leading and trailing spaces (so `bezier:0.4, 0, 0.6, 1` parses).
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}

extension TimingCurveParseError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    public var errorDescription: String? { description }
}
