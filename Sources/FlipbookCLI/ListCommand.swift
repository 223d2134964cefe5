import FlipbookMotion
import FlipbookScenes
import FlipbookSupport
import Foundation

/// `flipbook list`: one line per preset — name, what moves, default timing.
enum ListCommand: Command {
    static let name = "list"
    static let summary = "list the transition presets: what moves, default timing"
    static let help = """
        Usage: flipbook list

        Prints each preset on one line: its name, what moves, and its default timing
        (override it with render's --duration, --damping, --velocity). See docs/PRESETS.md.
        """

    /// list takes no options.
    static let options: [OptionSpec] = []

    static func run(_ argv: [String]) throws -> Int32 {
        let arguments = try Arguments(argv, options: options)
        try arguments.expectPositionals([])
        let width = TransitionPreset.allCases.map(\.rawValue.count).max() ?? 0
        for preset in TransitionPreset.allCases {
            let name = preset.rawValue.padding(toLength: width + 2, withPad: " ", startingAt: 0)
            print("\(name)\(preset.summary) [\(describe(preset.defaultTiming))]")
        }
        return ExitCode.success
    }

    /// "spring ζ 0.6, v 1, 0.7 s", "easeInEaseOut, 1.5 s" (`TimingCurve.summary`).
    static func describe(_ timing: Timing) -> String {
        "\(timing.curve.summary), \(timing.durationSeconds.shortestText) s"
    }
}
