import Flipbook
import FlipbookModel

/// `flipbook inspect PRESET --frame K …`: prints frame K's display list as JSON.
enum InspectCommand: Command {
    static let name = "inspect"
    static let summary = "print one frame's display list as JSON"
    static let help = """
        Usage: flipbook inspect PRESET --frame K [OPTIONS]
               flipbook inspect --transition FILE.json --frame K [OPTIONS]

        Prints frame K's display list (every draw operation in painter's order, in window points)
        as JSON on stdout: {"canvas": …, "frame": K, "time": …, "progress": …, "ops": [ … ]}.

        Options:
        \(OptionSpec.helpLines(options))

        Example:
          flipbook inspect push --frame 15 --select 3
        """

    /// Every option: `--frame`, then the scene options.
    static let options: [OptionSpec] =
        [.option("frame", "K", "the frame, 0-based (required)", setting: .frameIndex)] + SceneArguments.options

    static func run(_ argv: [String]) throws -> Int32 {
        let arguments = try Arguments(argv, options: options)
        let settings = try SceneArguments.settings(arguments).settings
        guard let frame = try arguments.int("frame", in: 0...1_000_000) else { throw UsageError("--frame K is required") }
        let job = try RenderJob(settings: settings)
        for warning in job.warnings { printError("warning: \(warning)") }
        let list = try job.displayList(frameIndex: frame)
        // Text warnings (a character no font has) come from setting this frame's labels.
        for warning in job.typesetter.warnings where !job.warnings.contains(warning) { printError("warning: \(warning)") }
        print(list.json, terminator: "")
        return ExitCode.success
    }
}
