import FlipbookMotion
import FlipbookScene

/// `flipbook list`: one line per preset — name, what moves, default timing.
enum ListCommand: Command {
    static let name = "list"
    static let summary = "list the transition presets: what moves, default timing"
    static let help = """
    Usage: flipbook list

    Prints each preset on one line: its name, what moves, and its default timing
    (override it with render's --duration, --damping, --velocity). See docs/PRESETS.md.
    """

    static func run(_ argv: [String]) throws -> Int32 {
        let arguments = try Arguments(argv, options: [], flags: [])
        try arguments.expectPositionals([])
        let width = TransitionPreset.allCases.map(\.rawValue.count).max() ?? 0
        for preset in TransitionPreset.allCases {
            let name = preset.rawValue.padding(toLength: width + 2, withPad: " ", startingAt: 0)
            print("\(name)\(preset.summary) [\(describe(preset.defaultTiming))]")
        }
        return ExitCode.success
    }

    /// "spring damping 0.6 velocity 1, 0.7 s", "easeInEaseOut, 1.5 s".
    static func describe(_ timing: Timing) -> String {
        let curve: String
        switch timing.curve {
        case let .spring(damping, velocity): curve = "spring damping \(number(damping)) velocity \(number(velocity))"
        case let .springPhysics(spring):
            curve = "spring mass \(number(spring.mass)) stiffness \(number(spring.stiffness)) damping \(number(spring.damping))"
        case let .bezier(bezier):
            let names: [(CubicBezier, String)] = [(.easeInEaseOut, "easeInEaseOut")]
            curve = names.first { $0.0 == bezier }?.1
                ?? "bezier(\([bezier.x1, bezier.y1, bezier.x2, bezier.y2].map(number).joined(separator: ", ")))"
        }
        return "\(curve), \(number(timing.durationSeconds)) s"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
