import Flipbook
import FlipbookCodecs
import FlipbookFiles
import FlipbookImageDiff
import FlipbookMotion
import FlipbookRaster
import FlipbookRender
import FlipbookSupport
import Foundation

/// `flipbook compare PRESET --vary NAME=V1,V2,…` (or `--transition FILE` instead of PRESET):
/// variants side by side on one sheet.
enum CompareCommand: Command {
    static let name = "compare"
    static let summary = "render variants of a preset or transition file side by side: one sheet, curves overlaid"
    static let help = """
        Usage: flipbook compare PRESET --vary NAME=V1,V2,... [--vary NAME=...] [OPTIONS]
               flipbook compare --transition FILE.json --vary NAME=V1,V2,... [OPTIONS]

        Renders each variant of PRESET (or of your transition file) in one process (photos decoded once) and writes one contact
        sheet: a row per variant showing the same moments, labelled, and the variants' timing
        curves overlaid in one plot. Optionally one video with the variants side by side.

        Options:
        \(OptionSpec.helpLines(ownOptions))

        Render options (as for render) apply to every variant:
        \(OptionSpec.helpLines(SceneArguments.options))

        Examples:
          flipbook compare push --vary damping=0.5,0.6,0.8
          flipbook compare push --vary curve=spring,easeInEaseOut,bezier:0.3,-0.5,0.7,1.6 --out /tmp/curves.jpg
          flipbook compare pop --vary damping=0.6,0.9 --vary velocity=0,2 --scale 1
          flipbook compare present --vary device=se,iphone8,plus --video Output/devices.mp4
          flipbook compare --transition sample:card-expand --vary damping=0.6,0.8,1 --scale 1
        """

    /// Render options a variant may change (those that change the pictures).
    static let variableOptions = [
        "curve", "duration", "damping", "velocity", "device", "scale", "fps", "select", "return",
        "columns", "scroll", "manifest", "cards", "label-font", "scene-fonts", "appearance", "era"
    ]

    /// compare's own options (the scene options follow them).
    static let ownOptions: [OptionSpec] =
        [
            .option(
                "vary", "NAME=V1,V2,...",
                """
                one row per value of the render option NAME (without --): curve, duration,
                damping, velocity, device, scale, fps, select, return, columns, scroll,
                manifest, cards, label-font, scene-fonts, appearance, era. Repeat --vary for
                every combination (at most 24 rows). Values with commas
                (bezier:0.3,-0.5,0.7,1.6) are kept whole; or separate values with ; instead.
                """, repeatable: true),
            .option(
                "out", "PATH",
                """
                the sheet, .png or .jpg (default Output/NAME-compare.png; {preset} is
                replaced by the preset's or the transition file's name)
                """),
            .option(
                "sheet-frames", "N",
                """
                moments (columns) per row, 2-16 (default 8), evenly spaced from 0 to the
                end of the longest variant
                """),
            .option(
                "video", "PATH",
                """
                also write the variants side by side, labelled, as .mp4 or .gif (ffmpeg)
                or .apng (no ffmpeg; like a GIF at most 480 px wide)
                """),
            .option(
                "review", "PAGE",
                """
                also write a review page (a folder with index.html): every variant
                under one playhead, side by side; swipe, onion skin, difference, blink
                and the per-frame scores compare the first two
                """)
        ] + ProgressMode.options

    /// Every option: compare's own, then the scene options.
    static let options = ownOptions + SceneArguments.options

    static func run(_ argv: [String]) throws -> Int32 {
        let arguments = try Arguments(argv, options: options)
        // The transition as render reads it: a PRESET or --transition FILE, never both.
        let name = try SceneArguments.settings(arguments).name
        let dimensions = try arguments.strings("vary").map(parseVary)
        guard !dimensions.isEmpty else { throw UsageError("give --vary NAME=V1,V2,... (e.g. --vary damping=0.5,0.6,0.8)") }
        if let repeated = Dictionary(grouping: dimensions, by: \.name).first(where: { $0.value.count > 1 }) {
            throw UsageError("--vary \(repeated.key) is given twice; list every value in one --vary")
        }
        let count = dimensions.reduce(1) { $0 * $1.values.count }
        guard count <= Comparison.maximumVariants else {
            throw UsageError("--vary makes \(count) variants; at most \(Comparison.maximumVariants) fit on a sheet")
        }
        let columns = try arguments.int("sheet-frames", default: 8, in: 2...16)!
        let out = try RenderCommand.expand(arguments.string("out") ?? "Output/{preset}-compare.png", preset: name)
        try RenderCommand.checkImageExtension(out, option: "--out")
        let video = try arguments.string("video").map { try RenderCommand.expand($0, preset: name) }
        if let video {
            guard VideoFormat(path: video) != nil || AnimatedPNGExport.handles(path: video) else {
                throw UsageError("--video must name a .mp4, .gif or .apng file, not \(InputText.singleQuoted(video))")
            }
            if !AnimatedPNGExport.handles(path: video) { try VideoExport.check(path: video) }
        }
        let (progressMode, interval) = try ProgressMode.parse(arguments)

        // Every combination, the first --vary changing slowest; each variant is the command
        // line with its values appended (the last option wins).
        var combinations: [[(name: String, value: String)]] = [[]]
        for dimension in dimensions {
            combinations = combinations.flatMap { prefix in dimension.values.map { prefix + [(dimension.name, $0)] } }
        }
        let base = argv.enumerated().filter { index, _ in !isVaryArgument(argv, at: index) }.map(\.element)
        let variants = try combinations.map { combination -> Comparison.Variant in
            let variantArguments = try Arguments(base + combination.flatMap { ["--\($0.name)", $0.value] }, options: options)
            let settings = try SceneArguments.settings(variantArguments).settings
            return Comparison.Variant(label: combination.map { "\($0.name) \($0.value)" }.joined(separator: " · "), settings: settings)
        }
        let comparison = try Comparison(variants: variants)
        let review = try arguments.string("review").map { try RenderCommand.expand($0, preset: name) }
        // Before anything is rendered: no output may be an input, or lie in the page folder.
        if let review { try OutputChecks.checkOutside(page: review, option: "--review", [out] + [video].compactMap { $0 }) }
        try OutputChecks.check(
            [OutputChecks.Output(path: out)] + [video].compactMap { $0.map { OutputChecks.Output(path: $0) } }
                + [review].compactMap { $0.map { OutputChecks.Output(path: $0, isFolder: true) } },
            against: comparison.jobs.flatMap { OutputChecks.inputs(of: $0, arguments) })
        if let video {
            // Before the sheet: the variants side by side may be larger than the encoder takes.
            let size = comparison.videoSizePixels
            if AnimatedPNGExport.handles(path: video) {
                try AnimatedPNGExport.checkSize(
                    path: video, widthPixels: size.width, heightPixels: size.height,
                    frameCount: comparison.videoFrameCount, scale: nil)
            } else {
                try VideoExport.checkSize(path: video, widthPixels: size.width, heightPixels: size.height)
            }
        }
        for (variant, job) in zip(variants, comparison.jobs) {
            for warning in job.warnings { printError("warning: \(variant.label): \(warning)") }
        }
        let threads = variants[0].settings.threads
        let sheetProgress = ProgressReporter(label: "\(name) compare", mode: progressMode, intervalSeconds: interval)
        try comparison.writeSheet(to: out, columns: columns, threads: threads, progress: sheetProgress.callback)
        sheetProgress.finish()
        print("\(name): \(variants.count) variants × \(columns) moments → \(out)")
        if let video {
            let videoProgress = ProgressReporter(label: "\(name) compare video", mode: progressMode, intervalSeconds: interval)
            try comparison.writeVideo(to: video, threads: threads, progress: videoProgress.callback)
            videoProgress.finish()
            let size = comparison.videoSizePixels
            print("video: \(comparison.videoFrameCount) frames, \(size.width)x\(size.height) px → \(video)")
        }
        if let review {
            let reviewProgress = ProgressReporter(label: "\(name) compare review", mode: progressMode, intervalSeconds: interval)
            try writeReview(
                comparison, to: review, title: "\(name): " + dimensions.map { "--vary \($0.name)" }.joined(separator: " "),
                threads: threads, progress: reviewProgress.callback)
            reviewProgress.finish()
            print("review: \(variants.count) variants × \(comparison.videoFrameCount) frames → \(review)/index.html")
        }
        return ExitCode.success
    }

    /// The review page of the variants (`--review PAGE`): every variant a side, all under one
    /// playhead at the comparison's video times (a slower or shorter variant holds its frame);
    /// the scores and the overlay modes compare the first two.
    static func writeReview(
        _ comparison: Comparison, to path: String, title: String, threads: Int,
        progress: (@Sendable (Int, Int) -> Void)?
    ) throws {
        let count = comparison.videoFrameCount
        let fps = comparison.videoFramesPerSecond
        // Private (mkdtemp: new, 0700, unpredictable) and removed on exit and on a signal.
        let scratch = try ScratchFolder(prefix: "flipbook-compare")
        defer { scratch.remove() }
        let folder = scratch.path
        let sides = comparison.variants.indices
        @Sendable func file(_ side: Int, _ position: Int) -> String { folder + "/\(side)-\(position).png" }
        let scores = PositionedResults<FrameScore>(count: count)
        // A thread draws a moment's variants one at a time, each written as soon as it is
        // drawn; only the first two are kept, to be scored, and the first only while the second
        // is drawn: two frames and a drawing's buffers per thread, whatever the variant count.
        try ParallelFrames.run(count: count, threads: threads, progress: progress) { position in
            let seconds = Double(position) / fps
            func draw(_ side: Int) throws -> PremultipliedImage {
                let image = comparison.render(variant: side, frame: comparison.frame(ofVariant: side, atSeconds: seconds))
                try OutputFile.create(try PNGEncoder.encode(image), at: file(side, position))
                return image
            }
            for side in sides.dropFirst(2) { _ = try draw(side) }
            let first = try draw(0)
            guard sides.count > 1 else { return }
            scores.set(position, FrameScore(PerceptualComparison.compare(first, try draw(1), threads: 1)))
        }
        let frames = (0..<count).map { position -> ReviewPage.Frame in
            let sample = comparison.frame(ofVariant: 0, atSeconds: Double(position) / fps)
            return ReviewPage.Frame(
                index: position, timeSeconds: Double(position) / fps, progress: sample.progress, phase: nil,
                scores: scores.value(at: position)?.scores)
        }
        let page = ReviewPage(
            title: title,
            sides: sides.map { side in
                ReviewPage.Side(
                    label: comparison.variants[side].label,
                    framePaths: (0..<count).map { file(side, $0) })
            },
            frames: frames, framesPerSecond: fps,
            facts: [("variants", "\(sides.count)"), ("progress of", comparison.variants[0].label)],
            rerecordCommand: nil)
        try page.write(to: path)
    }

    /// True when `argv[index]` is `--vary`, `--vary=…` or the value after `--vary`.
    static func isVaryArgument(_ argv: [String], at index: Int) -> Bool {
        argv[index] == "--vary" || argv[index].hasPrefix("--vary=") || (index > 0 && argv[index - 1] == "--vary")
    }

    /// `NAME=V1,V2,…` → the option name and its values. Commas inside a value that takes
    /// parameters stay: inside parentheses (`spring(duration: 0.5, bounce: 0.2)`, the Swift
    /// notations of docs/TIMING.md), and a piece that is a number continues the previous value
    /// when that value has a `:` (`bezier:…`, `spring-physics:…`). With a `;` anywhere, values are
    /// split on `;` only.
    static func parseVary(_ text: String) throws -> (name: String, values: [String]) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw UsageError("--vary must be NAME=V1,V2,... (e.g. damping=0.5,0.6,0.8), not \(InputText.singleQuoted(text))")
        }
        let typed = String(text[..<equals]).hasPrefix("--") ? String(text[..<equals].dropFirst(2)) : String(text[..<equals])
        let name = SceneArguments.options.first { $0.formerNames.contains(typed) }?.name ?? typed
        guard variableOptions.contains(name) else {
            throw UsageError(
                "--vary: \(InputText.singleQuoted(name)) is not an option a variant can change (\(variableOptions.joined(separator: ", ")))"
                    + Suggestions.didYouMean(name, in: variableOptions))
        }
        let list = text[text.index(after: equals)...]
        var values: [String] = []
        if list.contains(";") {
            values = list.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        } else {
            // Split at the commas outside parentheses; an unclosed `(` keeps the rest as one
            // value, which the option then refuses by name.
            var pieces = [""], depth = 0
            for character in list {
                if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) }
                if character == ",", depth == 0 { pieces.append("") } else { pieces[pieces.count - 1].append(character) }
            }
            for piece in pieces {
                if let last = values.last, last.contains(":"), !last.contains("("),
                    Double(piece.trimmingCharacters(in: .whitespaces)) != nil
                {
                    values[values.count - 1] = last + "," + piece
                } else {
                    values.append(piece)
                }
            }
        }
        values = values.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !values.isEmpty, !values.contains(where: \.isEmpty) else {
            throw UsageError("--vary \(name): every value must be non-empty, in \(InputText.singleQuoted(text))")
        }
        guard Set(values).count == values.count else {
            throw UsageError("--vary \(name): a value is listed twice in \(InputText.singleQuoted(text))")
        }
        return (name, values)
    }
}

/// A frame's comparison scores: the mean, 99th-percentile and largest ΔE2000, the differing
/// pixels (every compared pixel when the sizes differ), and whether the two images had one size.
struct FrameScore: Sendable {
    var scores: (mean: Double, p99: Double, max: Double, differingPixels: Int)
    var sizesMatch: Bool

    init(_ comparison: PerceptualComparison) {
        scores = (
            comparison.meanDeltaE, comparison.percentile99DeltaE, comparison.maximumDeltaE,
            comparison.sizesMatch ? comparison.differingPixels : max(1, comparison.comparedPixels)
        )
        sizesMatch = comparison.sizesMatch
    }
}
