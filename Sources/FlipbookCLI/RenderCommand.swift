import Flipbook
import FlipbookFiles
import FlipbookScenes
import FlipbookSupport
import Foundation

/// `flipbook render PRESET …`: writes a transition's frames and timeline.json.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "render a transition to PNG frames + timeline.json"
    static let help = """
        Usage: flipbook render PRESET [OPTIONS]
               flipbook render --transition FILE.json [OPTIONS]

        Renders every frame of a transition to OUT/frame_0000.png … and OUT/timeline.json.
        OUT is replaced atomically: a failed run leaves the previous output as it was.
        Presets: \(TransitionPreset.allCases.map(\.rawValue).joined(separator: ", ")) (see `flipbook list`;
        case does not matter, _ stands for -). A repeated option: the last one wins.

        Options:
        \(OptionSpec.helpLines(options))

        The sheet and the video are made from the same rendered pixels as the PNGs (one render)
        and each is replaced atomically. See docs/PREVIEWS.md and, for shards, docs/SHARDING.md.

        Examples:
          flipbook render push
          flipbook render pop --select 2 --return 5 --device se --scale 1 --out /tmp/pop
          flipbook render push --damping 0.8 --duration 0.5 --fps 30
          flipbook render push --contact-sheet Output/push-sheet.png
          flipbook render push --scale 1 --contact-sheet docs/images/push.png --sheet-frames 6
          flipbook render pop --select 3 --video Output/pop.mp4
          flipbook render push --scale 1 --fps 30 --video Output/push.gif --contact-sheet Output/push.png
          flipbook render push --video Output/push.mp4 --no-frames
          flipbook render push --fps 30 --video Output/push.apng --video-scale 0.5
          flipbook render --transition sample:card-expand --contact-sheet Output/card-expand.png
          flipbook render pop --select 6 --gesture sample:half-swipe-cancel --contact-sheet Output/half.png
          flipbook render pop --pan-to 112.5 --pan-duration 0.3 --release-velocity 1500
          flipbook render page --select 8 --to 9      (then: flipbook render pop --select 8 --return 9)
          flipbook render push --png-writer libpng --png-level 6
          flipbook render push --no-write --threads 1
          flipbook render --transition mine.json --scale 1 --contact-sheet Output/mine.png --watch
          flipbook render present --shard 2/4 --out /tmp/present-2 --progress plain
        """

    /// Every option: the scene's, render's own, the PNG writer's and progress.
    static let options: [OptionSpec] =
        SceneArguments.options + [
            .option(
                "out", "DIR",
                """
                output directory (default Output/NAME); {preset} in DIR, --contact-sheet
                and --video is replaced by the preset's (or transition file's) name
                """),
            .option("frames", "A-B", "render only frames A to B inclusive", setting: .frameRange),
            .option(
                "shard", "K/N",
                """
                render only the K-th of N contiguous frame ranges, 1 <= K <= N (for a job
                runner; join the shards' folders with `flipbook merge`)
                """),
            .option(
                "shards", "N", "print the N ranges (`K/N A-B` per line) and exit without rendering",
                synopsis: "--shards N --print-ranges"),
            .flag("print-ranges", ""),
            .option(
                "contact-sheet", "PATH",
                """
                also write one .png/.jpg with the frames as labelled thumbnails (every k-th
                beyond 48, always the first and last) and the timing curve under them
                """),
            .option("sheet-frames", "N", "at most N thumbnails on the contact sheet, 2-200 (default 48)"),
            .option(
                "video", "PATH",
                """
                also write PATH.mp4 (H.264) or PATH.gif through ffmpeg, which must be on
                PATH (apt-get install ffmpeg); odd sizes lose a pixel column/row in MP4.
                GIFs play at the right speed only up to 50 fps: without --fps a GIF render
                runs at 30 fps, and its expected size is printed before the render.
                PATH.apng writes an animated PNG without ffmpeg (exact pixels, every
                frame at the render's fps; at most 1000 frames)
                """, setting: .videoPath),
            .option(
                "video-scale", "S",
                """
                the video's size relative to the frames, 0.05-1 (default: GIFs and APNGs
                at most 480 px wide, MP4 full size)
                """, setting: .videoScale),
            .flag(
                "no-frames",
                """
                write no PNG sequence (and no timeline.json): only the --video and/or
                --contact-sheet, made from the rendered frames in memory
                """),
            .flag(
                "no-write",
                """
                render every frame and write nothing (no PNG encoding): measures the
                renderer; prints the time and ms per frame
                """),
            .flag(
                "watch",
                """
                after the render, watch the files it read (transition, manifests, gesture,
                images; checked every 0.3 s) and render again when one is saved; a round
                that fails prints its error and keeps the last output; Ctrl-C ends (exit 130)
                """),
            // Hidden: scripts and tests end a watch after N rounds (as FLIPBOOK_WATCH_ROUNDS does).
            .option("watch-rounds", "N", "end --watch after N rounds (for scripts and tests)", hidden: true)
        ] + PNGArguments.options + ProgressMode.options + [
            .flag(
                "skip-inapplicable",
                """
                when a scene option does not apply to PRESET, or --select/--return is
                outside the manifest, print `PRESET: skipped: REASON` and exit 0
                (scripts/render uses it to pass your options to every preset)
                """)
        ]

    static func run(_ argv: [String]) throws -> Int32 {
        let arguments = try Arguments(argv, options: options)
        if arguments.flag("watch") { return try RenderWatch.run(arguments) }
        if arguments.given("watch-rounds") { throw UsageError("--watch-rounds goes with --watch") }
        return try render(arguments, watch: nil)
    }

    /// One render as the arguments ask; `watch` (a round of `--watch`) receives the job's fonts
    /// and input files, gives the previous round's fonts, and quiets the notes after round 1.
    static func render(_ arguments: Arguments, watch: RenderWatch?) throws -> Int32 {
        let firstRound = (watch?.round ?? 1) == 1
        let skip = arguments.flag("skip-inapplicable")
        // A run killed mid-swap left OUT missing: put it back first, before the transition (a
        // file that may no longer read) or anything else can fail.
        if let out = arguments.string("out"), !out.contains("{preset}") {
            OutputDirectory.recoverInterrupted(out, ownedIf: RenderJob.isRenderFolder)
        }
        let settingsOrSkip: (settings: RenderSettings, name: String)
        do {
            settingsOrSkip = try SceneArguments.settings(arguments)
        } catch let error as InapplicableOption where skip {
            print("\(error.preset): skipped: \(error)")
            return ExitCode.success
        }
        var settings = settingsOrSkip.settings
        settings.reusedFonts = watch?.fonts
        settings.decodedImages = watch?.decodedImages
        let presetName = settingsOrSkip.name
        let (progressMode, progressInterval) = try ProgressMode.parse(arguments)

        if let text = arguments.string("shards") {
            guard arguments.flag("print-ranges") else {
                throw UsageError("--shards goes with --print-ranges (to render one shard: --shard K/N)")
            }
            guard let count = Int(text), (1...FrameShard.maximumCount).contains(count) else {
                throw UsageError(
                    "--shards must be a whole number from 1 to \(FrameShard.maximumCount), not \(InputText.singleQuoted(text))")
            }
            let job = try RenderJob(settings: settings)
            for (shard, frames) in FrameShard.all(count: count, frameCount: job.sequence.count) {
                print("\(shard) " + (frames.map { "\($0.lowerBound)-\($0.upperBound)" } ?? "none"))
            }
            return ExitCode.success
        }
        if arguments.flag("print-ranges") { throw UsageError("--print-ranges needs --shards N") }

        let shard = try shardOption(arguments)
        if let text = arguments.string("frames") { settings.frameRange = try parseRange(text) }
        settings.pngOptions = try PNGArguments.encodeOptions(arguments)
        let out = try expand(arguments.string("out") ?? "Output/{preset}", preset: presetName)
        let outputs = try outputRequest(arguments, name: presetName, settings: &settings, firstRound: firstRound)
        let previews = outputs.previews, noFrames = outputs.noFrames, noWrite = outputs.noWrite
        // The same for an OUT named after the transition, now that its name is known.
        OutputDirectory.recoverInterrupted(out, ownedIf: RenderJob.isRenderFolder)
        var job: RenderJob
        do {
            job = try RenderJob(settings: settings)
        } catch let error as SceneError where skip {
            print("\(presetName): skipped: \(SettingFlags.describe(error))")
            return ExitCode.success
        }
        if let shard {
            guard let range = shard.frames(ofSequence: job.sequence.count) else {
                try job.writeTimelineOnly(to: out)
                print(
                    "\(presetName): shard \(shard) is empty (the sequence has \(job.sequence.count) frames): "
                        + "wrote only timeline.json → \(out)")
                return ExitCode.success
            }
            settings.frameRange = range
            job = try job.restricted(toFrames: range)
        }
        if !noWrite {
            // Before anything is rendered: no output may be an input (a photo, the manifest) or hold one.
            let outputs =
                (noFrames ? [] : [OutputChecks.Output(path: out, isFolder: true)])
                + [previews.contactSheetPath, previews.videoPath].compactMap { $0.map { OutputChecks.Output(path: $0) } }
            try OutputChecks.check(outputs, against: OutputChecks.inputs(of: job, arguments))
        }
        watch?.fonts = job.loadedFonts
        watch?.inputFiles = job.inputFiles
        for warning in job.warnings { printError("warning: \(warning)") }
        if let video = previews.videoPath, VideoFormat(path: video) == .gif, firstRound {
            printError("note: " + expectedGIFSize(job, videoScale: previews.videoScale))
        }
        if firstRound { noteDebugBuild(job) }
        let progress = ProgressReporter(label: presetName, mode: progressMode, intervalSeconds: progressInterval)
        let summary =
            noWrite
            ? try job.render(progress: progress.renderCallback)
            : noFrames
                ? try job.render(previews: previews, progress: progress.renderCallback)
                : try job.write(to: out, previews: previews, progress: progress.renderCallback)
        progress.finish()
        for warning in summary.warnings where !job.warnings.contains(warning) { printError("warning: \(warning)") }
        report(summary, settings: settings, shard: shard, name: presetName, out: out, outputs: outputs)
        return ExitCode.success
    }

    /// `--shard K/N`, which excludes `--frames`.
    static func shardOption(_ arguments: Arguments) throws -> FrameShard? {
        guard let text = arguments.string("shard") else { return nil }
        guard let parsed = FrameShard(parsing: text) else {
            throw UsageError(
                "--shard must be K/N with 1 <= K <= N <= \(FrameShard.maximumCount) (e.g. 1/4), not \(InputText.singleQuoted(text))")
        }
        guard !arguments.given("frames") else { throw UsageError("--shard and --frames both pick frames; give one") }
        return parsed
    }

    /// What a render writes besides (or instead of) the frame folder.
    struct OutputRequest {
        var previews: PreviewOptions
        var noFrames: Bool, noWrite: Bool
    }

    /// The preview, `--no-frames` and `--no-write` options, checked against each other before
    /// anything is loaded (a missing ffmpeg should not cost a render); a GIF sets the frame rate.
    static func outputRequest(
        _ arguments: Arguments, name: String, settings: inout RenderSettings,
        firstRound: Bool
    ) throws -> OutputRequest {
        var previews = PreviewOptions(
            contactSheetPath: try arguments.string("contact-sheet").map { try expand($0, preset: name) },
            videoPath: try arguments.string("video").map { try expand($0, preset: name) })
        if let sheet = previews.contactSheetPath { try checkImageExtension(sheet, option: "--contact-sheet") }
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
            guard VideoFormat(path: video) != nil || AnimatedPNGExport.handles(path: video) else {
                throw UsageError("--video must name a .mp4, .gif or .apng file, not \(InputText.singleQuoted(video))")
            }
            // Before loading anything: a missing ffmpeg should not cost a render (an APNG needs none).
            if !AnimatedPNGExport.handles(path: video) { try VideoExport.check(path: video, environment: previews.environment) }
            // A GIF's frame delays are whole centiseconds and every frame adds its pixels: unless
            // --fps says otherwise, a GIF render runs at 30 fps (half the frames of 60, and it
            // plays at the right speed).
            if VideoFormat(path: video) == .gif, !arguments.given("fps") {
                settings.framesPerSecond = gifFramesPerSecond
                if firstRound {
                    printError(
                        "note: rendering at \(Int(gifFramesPerSecond)) fps for the GIF (give --fps to choose; GIFs play right up to 50)")
                }
            }
            if VideoFormat(path: video) == .gif, settings.framesPerSecond > 50 {
                printError(
                    "warning: GIF frame delays are whole centiseconds and browsers slow down delays under 2 cs; "
                        + "at \(CurveCommand.formatNumber(settings.framesPerSecond)) fps the GIF plays too slowly (use --fps 50 or less)")
            }
        }
        return OutputRequest(previews: previews, noFrames: noFrames, noWrite: noWrite)
    }

    /// The lines a finished render prints: what was written, and where.
    static func report(
        _ summary: RenderSummary, settings: RenderSettings, shard: FrameShard?, name: String, out: String,
        outputs: OutputRequest
    ) {
        var range = settings.frameRange.map { " (frames \($0.lowerBound)-\($0.upperBound) of \(summary.totalFrames))" } ?? ""
        if let shard, let frames = settings.frameRange {
            range = " (shard \(shard): frames \(frames.lowerBound)-\(frames.upperBound) of \(summary.totalFrames))"
        }
        let rendered =
            "\(name): \(summary.framesWritten) frame\(summary.framesWritten == 1 ? "" : "s")\(range), \(summary.pixelWidth)x\(summary.pixelHeight) px, "
            + String(format: "%.2f s", summary.seconds)
        if outputs.noWrite {
            let framesSeconds = summary.framesSeconds ?? summary.seconds
            print(
                rendered
                    + String(
                        format:
                            "; frames alone %.3f s = %.2f ms/frame on %d thread%@ (after loading and decoding the photos); nothing written",
                        framesSeconds, framesSeconds * 1000 / Double(max(summary.framesWritten, 1)),
                        settings.threads, settings.threads == 1 ? "" : "s"))
        } else if outputs.noFrames {
            print(rendered + ", no PNG frames written")
        } else {
            print(rendered + " → \(out)")
        }
        if let sheet = outputs.previews.contactSheetPath { print("contact sheet → \(sheet)") }
        if let video = outputs.previews.videoPath {
            let bytes = (try? FileManager.default.attributesOfItem(atPath: video)[.size] as? Int) ?? nil
            print("video → \(video)" + (bytes.map { String(format: " (%.1f MB)", Double($0) / 1e6) } ?? ""))
        }
    }

    /// The frame rate of a GIF render when `--fps` is not given.
    static let gifFramesPerSecond: Double = 30

    /// "the GIF will be about 1.1–2.2 MB (480x854, 43 frames)": palette GIFs of these scenes
    /// took 0.2–0.4 bytes per pixel per frame (a 60 fps card 0.36, a 30 fps push at @1x 0.25),
    /// so the range is that, said before the render rather than found after it.
    static func expectedGIFSize(_ job: RenderJob, videoScale: Double?) -> String {
        let pixels = job.device.pixelSize
        let size = VideoExport.outputSize(format: .gif, widthPixels: pixels.width, heightPixels: pixels.height, scale: videoScale)
        let frames = job.frames.count
        let perFrame = Double(size.width * size.height)
        func megabytes(_ bytesPerPixel: Double) -> String { String(format: "%.1f", bytesPerPixel * perFrame * Double(frames) / 1e6) }
        return "the GIF will be about \(megabytes(0.2))–\(megabytes(0.4)) MB (\(size.width)x\(size.height), \(frames) frames; "
            + "smaller: --video-scale, --fps, or an .mp4)"
    }

    /// `path` with every `{preset}` replaced by the preset's (or transition file's) name, which
    /// must be a plain file name; the result stays inside the folder `path` names before
    /// `{preset}` (`OutputName.expand`).
    static func expand(_ path: String, preset: String) throws -> String {
        try OutputName.expand(path, with: preset)
    }

    /// Image outputs are PNG or JPEG, chosen by the extension; anything else is refused rather
    /// than written as PNG bytes under a misleading name.
    static func checkImageExtension(_ path: String, option: String) throws {
        guard ImageFileFormat(path: path) != nil else {
            throw UsageError("\(option) must name a .png, .jpg or .jpeg file, not \(InputText.singleQuoted(path))")
        }
    }

    /// A debug build renders about 40× slower than a release build (83 s against 1.8 s for the
    /// default push); say so before a render big enough to notice.
    static func noteDebugBuild(_ job: RenderJob) {
        #if DEBUG
            let pixels = job.device.pixelSize
            let megapixels = Double(job.frames.count) * Double(pixels.width * pixels.height) / 1e6
            // 5 megapixels take about 10 s in a debug build on 2 cores, well under a second in release.
            if megapixels >= 5 {
                printError(
                    "note: this flipbook is a debug build, about 40× slower than a release build; for renders like this one "
                        + "use `swift run -c release flipbook …` or install it with scripts/install")
            }
        #endif
    }

    /// Parses `A-B` (or a single `A`) into an inclusive range.
    static func parseRange(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let lower = Int(parts[0]), let upper = Int(parts.last!),
            lower >= 0, lower <= upper
        else {
            throw UsageError("--frames must be A-B with 0 <= A <= B (e.g. 0-21), not \(InputText.singleQuoted(text))")
        }
        return lower...upper
    }
}
