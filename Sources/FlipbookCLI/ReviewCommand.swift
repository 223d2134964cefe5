import Flipbook
import FlipbookCodecs
import FlipbookFiles
import FlipbookImageDiff
import FlipbookLock
import FlipbookRaster
import FlipbookRender
import FlipbookSupport
import Foundation

/// `flipbook review DIR [ACTUAL] --out PAGE`: a scrubbable review page of one rendered sequence,
/// or of two under one playhead with per-frame perceptual scores.
enum ReviewCommand: Command {
    static let errorExitCode = ExitCode.diffBadInput
    static let name = "review"
    static let summary = "write a static review page of a rendered sequence, or of two compared"
    static let help = """
        Usage: flipbook review DIR --out PAGE
               flipbook review REFERENCE ACTUAL --out PAGE [--markdown FILE] [--rerecord COMMAND]

        Writes PAGE/index.html and the frames beside it: a self-contained page (no network, opens
        from file://) with one playhead — slider, ←/→ a frame, space plays at the sequence's fps,
        Home/End — the frame zoomable, the timing curve with the playhead and the frame's
        timeline.json facts. DIR is a `flipbook render` output folder (frames + timeline.json).

        With two folders (frames of one size): side by side, swipe, onion skin, difference
        (amplified) and blink; a strip of per-frame CIEDE2000 scores (mean, 99th percentile, largest)
        with buttons to the first and next differing frame, both sides' timing facts and curves,
        and the command that re-records the reference. Sequences of different lengths (a changed
        duration) or frame rates are compared on one time axis: each side shows its latest frame at
        each time, the shorter one holding its last. Exit 0 when every frame is identical, 1 when
        some differ or the lengths do. See docs/REVIEW.md.

        Options:
        \(OptionSpec.helpLines(options))

        Examples:
          flipbook review Output/push --out /tmp/push-page
          flipbook review golden/push Output/push --out /tmp/review --markdown /tmp/review.md
        """

    /// Every option, in help order.
    static let options: [OptionSpec] = [
        .option("out", "PAGE", "the page folder (required), replaced atomically"),
        .option(
            "markdown", "FILE",
            """
            also write a summary for a pull-request comment: verdict, first
            differing frame, the scores of the frames that differ
            """),
        .option(
            "rerecord", "CMD",
            """
            the command shown for re-recording the reference (default: copy ACTUAL
            over REFERENCE)
            """)
    ]

    static func run(_ argv: [String]) throws -> Int32 {
        let arguments = try Arguments(argv, options: options)
        guard (1...2).contains(arguments.positionals.count) else {
            throw UsageError("give one folder (DIR) or two (REFERENCE ACTUAL)")
        }
        guard let out = arguments.string("out") else { throw UsageError("--out PAGE is required") }
        let folders = arguments.positionals
        // Before anything is read or written: no output may be an input, or lie in the page.
        let markdownPath = arguments.string("markdown")
        if let markdownPath { try OutputChecks.checkOutside(page: out, option: "--out", [markdownPath]) }
        try OutputChecks.check(
            [OutputChecks.Output(path: out, isFolder: true)] + [markdownPath].compactMap { $0.map { OutputChecks.Output(path: $0) } },
            against: folders.map { OutputOverlap.Input($0, isFolder: true) })
        let sequences = try folders.map(RenderedSequence.init(folder:))
        // Two sequences are compared on one time axis: a render whose duration changed has more
        // or fewer frames, and the shorter one holds its last frame (`CommonTimeAxis`).
        let aligned = AlignedSequences(sequences, labels: folders)
        var frames = aligned.frames
        var sizesMatch = true
        if sequences.count == 2 {
            let progress = ProgressReporter.comparison(label: "review", unit: "frame")
            sizesMatch = try score(&frames, reference: aligned.paths[0], actual: aligned.paths[1], progress: progress.callback)
            progress.finish()
        }
        let rerecord =
            sequences.count == 2
            ? (arguments.string("rerecord")
                ?? "rm -r \(VerifyCommand.shellQuoted(folders[0])) && cp -r \(VerifyCommand.shellQuoted(folders[1])) \(VerifyCommand.shellQuoted(folders[0]))")
            : nil
        var page = ReviewPage(
            title: sequences.count == 2 ? "\(folders[0]) vs \(folders[1])" : folders[0],
            sides: zip(folders, aligned.paths).map { ReviewPage.Side(label: $0, framePaths: $1) },
            frames: frames, framesPerSecond: sequences[0].framesPerSecond, facts: aligned.facts,
            rerecordCommand: rerecord, curves: aligned.curves)
        // With --markdown, an animated PNG of each side goes into the page (sequences up to 300
        // frames of one size), written frame by frame: one decoded frame at a time.
        if arguments.string("markdown") != nil, sequences.count == 2, frames.count <= 300, sizesMatch {
            // A delay of 1/fps s in hundredths: whole centiseconds fit 16 bits up to 655 fps.
            let denominator = UInt16(min(65535, max(1, (sequences[0].framesPerSecond * 100).rounded())))
            for (side, sequence) in sequences.enumerated() {
                page.extraFiles.append(
                    (
                        "side\(side).apng",
                        { path, shown in
                            let writer = try AnimatedPNGWriter(
                                creating: path, reportingAs: shown, frameCount: sequence.paths.count,
                                delayNumerator: 100, delayDenominator: denominator)
                            for (position, frame) in sequence.paths.enumerated() {
                                try writer.append(
                                    try PNGEncoder.encode(try ImageDecoder.decode(try ShardMerge.readFrame(frame), name: frame)),
                                    at: position)
                            }
                            try writer.finish()
                        }
                    ))
            }
        }
        try page.write(to: out)
        let differing = frames.filter { ($0.scores?.differingPixels ?? 0) > 0 }
        if sequences.count == 1 {
            print("\(InputText.escaped(folders[0])): \(frames.count) frames → \(InputText.escaped(out))/index.html")
            return ExitCode.success
        }
        print("\(aligned.headline(differing: differing)) → \(InputText.escaped(out))/index.html")
        if let markdown = markdownPath {
            try OutputFile.write(
                Array(
                    markdownSummary(
                        reference: folders[0], actual: folders[1], frames: frames, page: out,
                        lengths: aligned.lengthsSentence
                    ).utf8),
                to: markdown, createFolders: true)
        }
        return differing.isEmpty && aligned.axis.isEveryFrameOwn ? ExitCode.success : ExitCode.failure
    }

    /// Scores each frame (ΔE2000 of `actual[k]` against `reference[k]`), the frames on one
    /// thread each (`ParallelFrames`), each holding its two decoded frames while it scores them;
    /// true when every pair has one size. `decodeReference` gives the reference frame at a
    /// position instead of decoding `reference[k]` (a lock drawn again), and may write it.
    @discardableResult
    static func score(
        _ frames: inout [ReviewPage.Frame], reference: [String], actual: [String],
        threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (@Sendable (Int, Int) -> Void)? = nil,
        decodeReference: (@Sendable (Int) throws -> PremultipliedImage)? = nil
    ) throws -> Bool {
        let count = frames.count
        let scores = PositionedResults<FrameScore>(count: count)
        // One pair alone scores on every core; many pairs one core each.
        let inner = count == 1 ? threads : 1
        try ParallelFrames.run(count: count, threads: threads, progress: progress) { position in
            let before =
                try decodeReference?(position) ?? ImageDecoder.decode(ShardMerge.readFrame(reference[position]), name: reference[position])
            let after = try ImageDecoder.decode(try ShardMerge.readFrame(actual[position]), name: actual[position])
            scores.set(position, FrameScore(PerceptualComparison.compare(before, after, threads: inner)))
        }
        var sizesMatch = true
        for position in frames.indices {
            let score = scores.value(at: position)
            frames[position].scores = score?.scores
            sizesMatch = sizesMatch && score?.sizesMatch == true
        }
        return sizesMatch
    }

    /// The pull-request summary; `lengths` (when the sequences' frame times differ) says how,
    /// in words, and the frames are then positions on their common time axis.
    static func markdownSummary(reference: String, actual: String, frames: [ReviewPage.Frame], page: String, lengths: String? = nil)
        -> String
    {
        let differing = frames.filter { ($0.scores?.differingPixels ?? 0) > 0 }
        let (actual, reference) = (MarkdownText.code(actual), MarkdownText.code(reference))
        // Numbers and fixed words only (the sides are named by their roles): nothing to escape.
        let lengthsParagraph = lengths.map { $0.prefix(1).uppercased() + $0.dropFirst() + ".\n\n" } ?? ""
        guard let first = differing.first else {
            guard lengths == nil else {
                return "### ❌ \(actual) differs from \(reference) in length: the frames both have are identical\n\n" + lengthsParagraph
            }
            return "### ✅ \(actual) matches \(reference): all \(frames.count) frames identical\n"
        }
        let worst = differing.max { $0.scores!.max < $1.scores!.max }!
        var out = "### ❌ \(actual) differs from \(reference): \(differing.count) of \(frames.count) frames\n\n" + lengthsParagraph
        out +=
            "First differing frame: **\(first.index)**; largest ΔE2000 \(PerceptualComparison.format(worst.scores!.max)) "
            + "in frame \(worst.index). Review page: \(MarkdownText.code(page + "/index.html")) (in the workflow's artefacts); "
            + "the two sequences as animated PNGs beside it: `side0.apng` (reference), `side1.apng` (actual).\n\n"
        out += "| frame | time (s) | mean ΔE | p99 ΔE | max ΔE | differing pixels |\n|---|---|---|---|---|---|\n"
        for frame in differing.prefix(40) {
            let s = frame.scores!
            out +=
                "| \(AlignedSequences.frameCell(frame)) | \(frame.timeSeconds.factText) | \(PerceptualComparison.format(s.mean)) | "
                + "\(PerceptualComparison.format(s.p99)) | \(PerceptualComparison.format(s.max)) | \(s.differingPixels) |\n"
        }
        if differing.count > 40 { out += "\n… and \(differing.count - 40) more frames.\n" }
        return out
    }
}

/// A rendered folder: its frames (from timeline.json) and the facts the page shows.
struct RenderedSequence {
    var frames: [ReviewPage.Frame]
    var paths: [String]
    var framesPerSecond: Double
    var facts: [(String, String)]

    /// A sequence from its parts (a lock's frames: `paths` may be empty, when the caller draws them).
    init(frames: [ReviewPage.Frame], paths: [String], framesPerSecond: Double, facts: [(String, String)]) {
        self.frames = frames; self.paths = paths; self.framesPerSecond = framesPerSecond; self.facts = facts
    }

    init(folder: String) throws {
        // Every number is checked (TimelineFile): the folder may come from a pull request.
        let timeline = try TimelineFile.read(folder + "/timeline.json")
        framesPerSecond = timeline.framesPerSecond
        frames = []
        paths = []
        for frame in timeline.frames {
            let path = folder + "/" + RenderOutputNames.frameFileName(index: frame.index, frameCount: timeline.frames.count)
            guard FileManager.default.fileExists(atPath: path) else { throw ReviewError.missingFrame(path: path) }
            frames.append(
                ReviewPage.Frame(index: frame.index, timeSeconds: frame.timeSeconds, progress: frame.progress, phase: frame.phase))
            paths.append(path)
        }
        facts = timeline.facts
    }
}

/// Review inputs that cannot be shown.
enum ReviewError: Error, CustomStringConvertible {
    case missingFrame(path: String)

    var description: String {
        switch self {
        case let .missingFrame(path): return "\(path): the frame timeline.json lists is missing"
        }
    }
}

/// `verify --review`: the current frames with each frame's changes against the lock.
enum VerifyReview {
    /// The page of a failing verify: the lock's frames drawn again from its display lists
    /// (`LockedReference`) against the current render, scored and with each frame's changes in
    /// words, both timing curves overlaid; a lock and a render of different lengths are compared
    /// on one time axis (`CommonTimeAxis`: the shorter holds its last frame). Only the current
    /// side when the lock cannot be drawn.
    static func write(job: RenderJob, report: VerifyReport, expected: SequenceLock, actual: SequenceLock, to page: String) throws {
        // Private (mkdtemp: new, 0700, unpredictable) and removed on exit and on a signal.
        let scratchFolder = try ScratchFolder(prefix: "flipbook-verify")
        defer { scratchFolder.remove() }
        let scratch = scratchFolder.path
        try job.write(to: scratch + "/current")
        let sequence = try RenderedSequence(folder: scratch + "/current")
        let lockName = URL(fileURLWithPath: report.lockPath).lastPathComponent
        let locked = RenderedSequence(
            frames: expected.frames.map {
                ReviewPage.Frame(index: $0.index, timeSeconds: $0.timeSeconds, progress: $0.progress, phase: nil)
            },
            paths: [], framesPerSecond: sequence.framesPerSecond, facts: [])
        let aligned = AlignedSequences([locked, sequence], labels: [lockName, "current"])
        let changes = Dictionary(report.differences.map { ($0.index, $0.changes) }, uniquingKeysWith: { first, _ in first })
        var frames = aligned.frames
        for position in frames.indices {
            // The page is the current render's: its frame's progress, phase and changes.
            let current = sequence.frames[aligned.axis.shown[1][position]]
            frames[position].progress = current.progress
            frames[position].phase = current.phase
            frames[position].changes = changes[current.index] ?? []
        }
        let currentPaths = aligned.paths[1]
        var sides = [ReviewPage.Side(label: "current", framePaths: currentPaths)]
        var facts = sequence.facts + [("differing frames", report.differences.map { "\($0.index)" }.joined(separator: " "))]
        if expected.frames.count != sequence.frames.count {
            facts.insert(("frames", "\(expected.frames.count) → \(sequence.frames.count)"), at: 0)
        }
        var curves: [ReviewPageData.Curve] = []
        do {
            let reference = try LockedReference(lock: expected, job: job)
            let paths = frames.indices.map { scratch + "/lock-" + ReviewPageData.frameName($0) }
            // Each lock frame drawn, written and scored by the thread that draws it, then
            // dropped: a thread holds two frames, not the lock's every frame.
            let progress = ProgressReporter.comparison(label: "verify --review", unit: "frame")
            let shownLockFrame = aligned.axis.shown[0]
            try ReviewCommand.score(
                &frames, reference: paths, actual: currentPaths, threads: job.settings.threads,
                progress: progress.callback
            ) { position in
                let image = reference.image(at: shownLockFrame[position])
                try OutputFile.create(try PNGEncoder.encode(image), at: paths[position])
                return image
            }
            progress.finish()
            for position in frames.indices {
                let count = reference.undrawnOps[shownLockFrame[position]]
                guard count > 0 else { continue }
                frames[position].changes.append(
                    "the lock side leaves out \(count) text or path op\(count == 1 ? "" : "s") "
                        + "whose glyphs or outline the current render no longer has")
            }
            sides.insert(ReviewPage.Side(label: "\(lockName) (drawn from its display lists)", framePaths: paths), at: 0)
            facts.append(("reference", "the lock's display lists, drawn by the current code"))
            curves = aligned.curves
            curves[0].label = lockName
        } catch {
            facts.append(("reference", "not drawn: \(SettingFlags.describe(error))"))
            for position in frames.indices { frames[position].sideFrames = frames[position].sideFrames.map { [$0[1]] } }
        }
        let pageValue = ReviewPage(
            title: "\(report.name): current render against \(lockName)", sides: sides, frames: frames,
            framesPerSecond: sequence.framesPerSecond, facts: facts, rerecordCommand: report.rerecord, curves: curves)
        try pageValue.write(to: page)
    }
}
