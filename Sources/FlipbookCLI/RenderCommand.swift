import Foundation
import Flipbook
import FlipbookFiles
import FlipbookScene

/// `flipbook render PRESET …`: writes a transition's frames and timeline.json.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "render a transition to PNG frames + timeline.json"
    static let help = """
    Usage: flipbook render PRESET [OPTIONS]

    Renders every frame of a transition to OUT/frame_0000.png … and OUT/timeline.json.
    OUT is replaced atomically: a failed run leaves the previous output as it was.
    Presets: \(TransitionPreset.allCases.map(\.rawValue).joined(separator: ", ")) (see `flipbook list`).

    Options:
    \(SceneArguments.help)
      --frames A-B      render only frames A to B inclusive (sharding; see README)
      --out DIR         output directory (default Output/PRESET)
      --contact-sheet PATH
                        also write one PNG with the frames as labelled thumbnails (every k-th
                        beyond 48, always the first and last) and the timing curve under them
      --sheet-frames N  at most N thumbnails on the contact sheet, 2-200 (default 48)
      --video PATH      also write PATH.mp4 (H.264) or PATH.gif through ffmpeg, which must be on
                        PATH (apt-get install ffmpeg); odd sizes lose a pixel column/row in MP4.
                        GIFs play at the right speed only up to 50 fps (use --fps 50 or less)

    The sheet and the video are made from the same rendered pixels as the PNGs (one render)
    and each is replaced atomically. See docs/PREVIEWS.md.

    Examples:
      flipbook render push
      flipbook render pop --select 2 --return 5 --device se --scale 1 --out /tmp/pop
      flipbook render push --damping 0.8 --duration 0.5 --fps 30
      flipbook render push --contact-sheet Output/push-sheet.png
      flipbook render push --scale 1 --contact-sheet docs/images/push.png --sheet-frames 6
      flipbook render pop --select 3 --video Output/pop.mp4
      flipbook render push --scale 1 --fps 30 --video Output/push.gif --contact-sheet Output/push.png
    """

    static func run(_ argv: [String]) throws -> Int32 {
        let arguments = try Arguments(argv, options: SceneArguments.options.union(["frames", "out", "contact-sheet", "sheet-frames", "video"]), flags: [])
        try arguments.expectPositionals(["PRESET"])
        var settings = try SceneArguments.settings(preset: arguments.positionals[0], arguments)
        if let text = arguments.string("frames") { settings.frameRange = try parseRange(text) }
        let out = arguments.string("out") ?? "Output/\(settings.preset.rawValue)"
        var previews = PreviewOptions(contactSheetPath: arguments.string("contact-sheet"), videoPath: arguments.string("video"))
        if let maximum = try arguments.int("sheet-frames", in: 2...200) {
            guard previews.contactSheetPath != nil else { throw UsageError("--sheet-frames goes with --contact-sheet") }
            previews.maximumThumbnails = maximum
        }
        if let video = previews.videoPath {
            guard VideoFormat(path: video) != nil else { throw UsageError("--video must name a .mp4 or .gif file, not '\(video)'") }
            // Before loading anything: a missing ffmpeg should not cost a render.
            try VideoExport.check(path: video, environment: previews.environment)
            if VideoFormat(path: video) == .gif, settings.framesPerSecond > 50 {
                printError("warning: GIF frame delays are whole centiseconds and browsers slow down delays under 2 cs; "
                           + "at \(CurveCommand.formatNumber(settings.framesPerSecond)) fps the GIF plays too slowly (use --fps 50 or less)")
            }
        }
        // A run killed mid-swap left OUT missing: put it back now, even if this run fails early.
        OutputDirectory.recoverInterrupted(out)
        let job = try RenderJob(settings: settings)
        for warning in job.warnings { printError("warning: \(warning)") }
        let live = isatty(STDERR_FILENO) == 1
        let presetName = settings.preset.rawValue
        var progress: (@Sendable (Int, Int) -> Void)?
        if live {
            progress = { done, total in
                FileHandle.standardError.write("\r\(presetName): frame \(done)/\(total)".data(using: .utf8)!)
            }
        }
        let summary = try job.write(to: out, previews: previews, progress: progress)
        if live { FileHandle.standardError.write("\r\u{1B}[K".data(using: .utf8)!) }
        for warning in summary.warnings where !job.warnings.contains(warning) { printError("warning: \(warning)") }
        let range = settings.frameRange.map { " (frames \($0.lowerBound)-\($0.upperBound) of \(summary.totalFrames))" } ?? ""
        print("\(settings.preset.rawValue): \(summary.framesWritten) frames\(range), \(summary.pixelWidth)x\(summary.pixelHeight) px, "
              + String(format: "%.2f s", summary.seconds) + " → \(out)")
        if let sheet = previews.contactSheetPath { print("contact sheet → \(sheet)") }
        if let video = previews.videoPath { print("video → \(video)") }
        return ExitCode.success
    }

    /// Parses `A-B` (or a single `A`) into an inclusive range.
    static func parseRange(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let lower = Int(parts[0]), let upper = Int(parts.last!),
              lower >= 0, lower <= upper else {
            throw UsageError("--frames must be A-B with 0 <= A <= B (e.g. 0-21), not '\(text)'")
        }
        return lower...upper
    }
}
