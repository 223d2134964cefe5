import Foundation
import Flipbook
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
      --video-scale S   the video's size relative to the frames, 0.05-1 (default: GIFs at most
                        480 px wide, MP4 full size)
      --no-frames       write no PNG sequence (and no timeline.json): only the --video and/or
                        --contact-sheet, made from the rendered frames in memory
      --no-write        render every frame and write nothing (no PNG encoding): measures the
                        renderer; prints the time and ms per frame
    \(PNGArguments.help)

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
      flipbook render push --video Output/push.mp4 --no-frames
      flipbook render push --png-writer libpng --png-level 6
      flipbook render push --no-write --threads 1
    """

    static func run(_ argv: [String]) throws -> Int32 {
        let arguments = try Arguments(argv, options: SceneArguments.options.union(PNGArguments.options)
            .union(["frames", "out", "contact-sheet", "sheet-frames", "video", "video-scale"]), flags: ["no-frames", "no-write"])
        try arguments.expectPositionals(["PRESET"])
        var settings = try SceneArguments.settings(preset: arguments.positionals[0], arguments)
        if let text = arguments.string("frames") { settings.frameRange = try parseRange(text) }
        settings.pngOptions = try PNGArguments.options(arguments)
        let out = arguments.string("out") ?? "Output/\(settings.preset.rawValue)"
        var previews = PreviewOptions(contactSheetPath: arguments.string("contact-sheet"), videoPath: arguments.string("video"))
        if let maximum = try arguments.int("sheet-frames", in: 2...200) {
            guard previews.contactSheetPath != nil else { throw UsageError("--sheet-frames goes with --contact-sheet") }
            previews.maximumThumbnails = maximum
        }
        if let scale = try arguments.double("video-scale", in: 0.05...1) {
            guard previews.videoPath != nil else { throw UsageError("--video-scale goes with --video") }
            previews.videoScale = scale
        }
        let noFrames = arguments.flag("no-frames"), noWrite = arguments.flag("no-write")
        if noWrite {
            for option in ["out", "video", "contact-sheet", "png-writer", "png-level", "png-filter"] where arguments.string(option) != nil {
                throw UsageError("--no-write writes nothing, so --\(option) has no use with it")
            }
            if noFrames { throw UsageError("--no-write already writes no frames; drop --no-frames") }
        }
        if noFrames {
            guard previews.videoPath != nil || previews.contactSheetPath != nil else {
                throw UsageError("--no-frames needs --video or --contact-sheet (to render without any output, use --no-write)")
            }
            if arguments.string("out") != nil { throw UsageError("--no-frames writes no frame folder, so --out has no use with it") }
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
        let summary = noWrite ? try job.render(progress: progress)
            : noFrames ? try job.render(previews: previews, progress: progress)
            : try job.write(to: out, previews: previews, progress: progress)
        if live { FileHandle.standardError.write("\r\u{1B}[K".data(using: .utf8)!) }
        let range = settings.frameRange.map { " (frames \($0.lowerBound)-\($0.upperBound) of \(summary.totalFrames))" } ?? ""
        let rendered = "\(settings.preset.rawValue): \(summary.framesWritten) frames\(range), \(summary.pixelWidth)x\(summary.pixelHeight) px, "
            + String(format: "%.2f s", summary.seconds)
        if noWrite {
            let framesSeconds = summary.framesSeconds ?? summary.seconds
            print(rendered + String(format: "; frames alone %.3f s = %.2f ms/frame on %d thread%@ (after loading and decoding the photos); nothing written",
                                    framesSeconds, framesSeconds * 1000 / Double(max(summary.framesWritten, 1)),
                                    settings.threads, settings.threads == 1 ? "" : "s"))
        } else if noFrames {
            print(rendered + ", no PNG frames written")
        } else {
            print(rendered + " → \(out)")
        }
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
