import Flipbook
import FlipbookFiles
import FlipbookFormats
import FlipbookModel
import Foundation

/// `flipbook export-transition PRESET … --out FILE.json`: writes a preset as a transition file.
enum ExportTransitionCommand: Command {
    static let name = "export-transition"
    static let summary = "write a preset as a transition file (JSON) to start your own from"
    static let help = """
        Usage: flipbook export-transition PRESET [OPTIONS] --out FILE.json

        Writes the preset, laid out with the given scene options, as a transition file: every layer
        with plain rects, the bundled photos as sample:NAME and other image paths relative to
        FILE's folder, every animation, the timing.
        Rendering the file (`flipbook render --transition FILE.json`) gives the same frames as
        rendering the preset with the same options, byte for byte. docs/TRANSITIONS.md describes
        the format. FILE is replaced atomically.

        Options:
        \(OptionSpec.helpLines(options))

        Example:
          flipbook export-transition push --select 3 --out my-push.json
          flipbook render --transition my-push.json --contact-sheet Output/my-push.png
        """

    /// Every option: `--out`, then the scene options.
    static let options: [OptionSpec] = [.option("out", "FILE", "the transition file to write (required)")] + SceneArguments.options

    static func run(_ argv: [String]) throws -> Int32 {
        let arguments = try Arguments(argv, options: options)
        if arguments.given("transition") { throw UsageError("export-transition exports a PRESET; a transition file is already one") }
        try arguments.expectPositionals(["PRESET"])
        guard let out = arguments.string("out"), !out.isEmpty else { throw UsageError("missing --out FILE.json") }
        let settings = try SceneArguments.settings(preset: arguments.positionals[0], arguments)
        // page's swipe is part of its transition; a pop's finger is not (render the file with --gesture).
        if settings.gesture != nil, settings.preset != .page {
            throw UsageError(
                "a transition file holds the transition, not the finger: export without --gesture/--pan-*, "
                    + "then `flipbook render --transition FILE --gesture …`")
        }
        let job = try RenderJob(settings: settings)
        try OutputChecks.check([OutputChecks.Output(path: out)], against: OutputChecks.inputs(of: job, arguments))
        for warning in job.warnings { printError("warning: \(warning)") }
        let folder = (out as NSString).deletingLastPathComponent
        let json = TransitionFile.json(for: job.transition, relativeTo: folder.isEmpty ? "." : folder)
        try OutputFile.write(Array(json.utf8), to: out, createFolders: true)
        let hairlines = TransitionFile.hairlineNames(in: job.transition)
        if !hairlines.isEmpty {
            let scale = CurveCommand.formatNumber(job.transition.device.scale)
            printError(
                "note: exported at @\(scale)x: \(hairlines.count) hairline\(hairlines.count == 1 ? " is" : "s are") one pixel (1/\(scale) pt) only "
                    + "at this scale; to render at another --scale, export with that --scale (the file's \"// scale\" says so too)")
        }
        let timed = job.transition.timedChanges.isEmpty ? "" : ", \(job.transition.timedChanges.count) timed changes"
        print("\(job.transition.name): \(job.transition.animations.count) animations\(timed), \(json.utf8.count) bytes → \(out)")
        return ExitCode.success
    }
}
