import Foundation
import Flipbook
import FlipbookCodecs
import FlipbookFiles
import FlipbookGeometry
import FlipbookImageDiff
import FlipbookRaster
import FlipbookModel
import FlipbookScenes
import FlipbookFormats
import FlipbookRender

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

    With two folders (same frame count and size): side by side, swipe, onion skin, difference
    (amplified) and blink; a strip of per-frame CIEDE2000 scores (mean, 99th percentile, largest)
    with buttons to the first and next differing frame, and the command that re-records the
    reference. Exit 0 when every frame is identical, 1 when some differ. See docs/REVIEW.md.

    Options:
      --out PAGE        the page folder (required), replaced atomically
      --markdown FILE   also write a summary for a pull-request comment: verdict, first
                        differing frame, the scores of the frames that differ
      --rerecord CMD    the command shown for re-recording the reference (default: copy ACTUAL
                        over REFERENCE)

    Examples:
      flipbook review Output/push --out /tmp/push-page
      flipbook review golden/push Output/push --out /tmp/review --markdown /tmp/review.md
    """

    static func run(_ argv: [String]) throws -> Int32 {
        let arguments = try Arguments(argv, options: ["out", "markdown", "rerecord"], flags: [])
        guard (1...2).contains(arguments.positionals.count) else {
            throw UsageError("give one folder (DIR) or two (REFERENCE ACTUAL)")
        }
        guard let out = arguments.string("out") else { throw UsageError("--out PAGE is required") }
        let folders = arguments.positionals
        // Before anything is read or written: no output may be an input, or lie in the page.
        let markdownPath = arguments.string("markdown")
        if let markdownPath { try OutputChecks.checkOutside(page: out, option: "--out", [markdownPath]) }
        try OutputChecks.check([OutputChecks.Output(path: out, isFolder: true)] + [markdownPath].compactMap { $0.map { OutputChecks.Output(path: $0) } },
                               against: folders.map { OutputOverlap.Input($0, isFolder: true) })
        let sequences = try folders.map(RenderedSequence.init(folder:))
        if sequences.count == 2, sequences[0].frames.count != sequences[1].frames.count {
            throw ReviewError.mismatch("\(folders[0]) has \(sequences[0].frames.count) frames, \(folders[1]) has \(sequences[1].frames.count)")
        }
        var frames = sequences[0].frames
        var sizesMatch = true
        if sequences.count == 2 {
            let progress = ProgressReporter.comparison(label: "review", unit: "frame")
            sizesMatch = try score(&frames, reference: sequences[0].paths, actual: sequences[1].paths, progress: progress.callback)
            progress.finish()
        }
        let rerecord = sequences.count == 2
            ? (arguments.string("rerecord") ?? "rm -r \(VerifyCommand.shellQuoted(folders[0])) && cp -r \(VerifyCommand.shellQuoted(folders[1])) \(VerifyCommand.shellQuoted(folders[0]))")
            : nil
        var page = ReviewPage(title: sequences.count == 2 ? "\(folders[0]) vs \(folders[1])" : folders[0],
                              sides: zip(folders, sequences).map { ReviewPage.Side(label: $0, framePaths: $1.paths) },
                              frames: frames, framesPerSecond: sequences[0].framesPerSecond, facts: sequences[0].facts,
                              rerecordCommand: rerecord)
        // With --markdown, an animated PNG of each side goes into the page (sequences up to 300
        // frames of one size), written frame by frame: one decoded frame at a time.
        if arguments.string("markdown") != nil, sequences.count == 2, frames.count <= 300, sizesMatch {
            // A delay of 1/fps s in hundredths: whole centiseconds fit 16 bits up to 655 fps.
            let denominator = UInt16(min(65535, max(1, (sequences[0].framesPerSecond * 100).rounded())))
            for (side, sequence) in sequences.enumerated() {
                page.extraFiles.append(("side\(side).apng", { path, shown in
                    let writer = try AnimatedPNGWriter(creating: path, reportingAs: shown, frameCount: sequence.paths.count,
                                                       delayNumerator: 100, delayDenominator: denominator)
                    for (position, frame) in sequence.paths.enumerated() {
                        try writer.append(try PNGEncoder.encode(try ImageDecoder.decode(try ShardMerge.readFrame(frame), name: frame)), at: position)
                    }
                    try writer.finish()
                }))
            }
        }
        try page.write(to: out)
        let differing = frames.filter { ($0.scores?.differingPixels ?? 0) > 0 }
        if sequences.count == 1 {
            print("\(InputText.escaped(folders[0])): \(frames.count) frames → \(InputText.escaped(out))/index.html")
            return ExitCode.success
        }
        let summary = differing.first.map { first in
            "\(differing.count) of \(frames.count) frames differ; first differing frame \(first.index)"
        } ?? "all \(frames.count) frames identical"
        print("\(summary) → \(InputText.escaped(out))/index.html")
        if let markdown = markdownPath {
            try OutputFile.write(Array(markdownSummary(reference: folders[0], actual: folders[1], frames: frames, page: out).utf8),
                                 to: markdown, createFolders: true)
        }
        return differing.isEmpty ? ExitCode.success : ExitCode.failure
    }

    /// Scores each frame (ΔE2000 of `actual[k]` against `reference[k]`), the frames on one
    /// thread each (`ParallelFrames`), each holding its two decoded frames while it scores them;
    /// true when every pair has one size. `decodeReference` gives the reference frame at a
    /// position instead of decoding `reference[k]` (a lock drawn again), and may write it.
    @discardableResult
    static func score(_ frames: inout [ReviewPage.Frame], reference: [String], actual: [String], threads: Int = ProcessInfo.processInfo.activeProcessorCount,
                      progress: (@Sendable (Int, Int) -> Void)? = nil,
                      decodeReference: (@Sendable (Int) throws -> PremultipliedImage)? = nil) throws -> Bool {
        let count = frames.count
        let scores = PositionedResults<FrameScore>(count: count)
        // One pair alone scores on every core; many pairs one core each.
        let inner = count == 1 ? threads : 1
        try ParallelFrames.run(count: count, threads: threads, progress: progress) { position in
            let before = try decodeReference?(position) ?? ImageDecoder.decode(ShardMerge.readFrame(reference[position]), name: reference[position])
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

    static func markdownSummary(reference: String, actual: String, frames: [ReviewPage.Frame], page: String) -> String {
        let differing = frames.filter { ($0.scores?.differingPixels ?? 0) > 0 }
        let (actual, reference) = (MarkdownText.code(actual), MarkdownText.code(reference))
        guard let first = differing.first else {
            return "### ✅ \(actual) matches \(reference): all \(frames.count) frames identical\n"
        }
        let worst = differing.max { $0.scores!.max < $1.scores!.max }!
        var out = "### ❌ \(actual) differs from \(reference): \(differing.count) of \(frames.count) frames\n\n"
        out += "First differing frame: **\(first.index)**; largest ΔE2000 \(PerceptualComparison.format(worst.scores!.max)) "
            + "in frame \(worst.index). Review page: \(MarkdownText.code(page + "/index.html")) (in the workflow's artefacts); "
            + "the two sequences as animated PNGs beside it: `side0.apng` (reference), `side1.apng` (actual).\n\n"
        out += "| frame | time (s) | mean ΔE | p99 ΔE | max ΔE | differing pixels |\n|---|---|---|---|---|---|\n"
        for frame in differing.prefix(40) {
            let s = frame.scores!
            out += "| \(frame.index) | \(PerceptualComparison.format(frame.timeSeconds)) | \(PerceptualComparison.format(s.mean)) | "
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

    init(folder: String) throws {
        // Every number is checked (TimelineFile): the folder may come from a pull request.
        let timeline = try TimelineFile.read(folder + "/timeline.json")
        framesPerSecond = timeline.framesPerSecond
        frames = []
        paths = []
        for frame in timeline.frames {
            let path = folder + "/" + ShardMerge.frameFileName(index: frame.index, frameCount: timeline.frames.count)
            guard FileManager.default.fileExists(atPath: path) else { throw ReviewError.missingFrame(path: path) }
            frames.append(ReviewPage.Frame(index: frame.index, timeSeconds: frame.timeSeconds, progress: frame.progress, phase: frame.phase))
            paths.append(path)
        }
        facts = timeline.facts
    }
}

/// Review inputs that cannot be shown.
enum ReviewError: Error, CustomStringConvertible {
    case missingFrame(path: String)
    case mismatch(String)

    var description: String {
        switch self {
        case let .missingFrame(path): return "\(path): the frame timeline.json lists is missing"
        case let .mismatch(text): return "the sequences cannot be compared: \(text)"
        }
    }
}

/// `verify --review`: the current frames with each frame's changes against the lock.
enum VerifyReview {
    /// The page of a failing verify: the lock's frames drawn again from its display lists
    /// (`LockedReference`) against the current render, scored and with each frame's changes in
    /// words; only the current side when the frame counts differ or the lock cannot be drawn.
    static func write(job: RenderJob, report: VerifyReport, expected: SequenceLock, actual: SequenceLock, to page: String) throws {
        // Private (mkdtemp: new, 0700, unpredictable) and removed on exit and on a signal.
        let scratchFolder = try ScratchFolder(prefix: "flipbook-verify")
        defer { scratchFolder.remove() }
        let scratch = scratchFolder.path
        try job.write(to: scratch + "/current")
        let sequence = try RenderedSequence(folder: scratch + "/current")
        let changes = Dictionary(report.differences.map { ($0.index, $0.changes) }, uniquingKeysWith: { first, _ in first })
        var frames = sequence.frames
        for position in frames.indices { frames[position].changes = changes[frames[position].index] ?? [] }
        let lockName = URL(fileURLWithPath: report.lockPath).lastPathComponent
        var sides = [ReviewPage.Side(label: "current", framePaths: sequence.paths)]
        var facts = sequence.facts + [("differing frames", report.differences.map { "\($0.index)" }.joined(separator: " "))]
        if expected.frames.count == frames.count {
            do {
                let reference = try LockedReference(lock: expected, job: job)
                let paths = sequence.paths.map { scratch + "/lock-" + URL(fileURLWithPath: $0).lastPathComponent }
                // Each lock frame drawn, written and scored by the thread that draws it, then
                // dropped: a thread holds two frames, not the lock's every frame.
                let progress = ProgressReporter.comparison(label: "verify --review", unit: "frame")
                try ReviewCommand.score(&frames, reference: paths, actual: sequence.paths, threads: job.settings.threads,
                                        progress: progress.callback) { position in
                    let image = reference.image(at: position)
                    try OutputFile.create(try PNGEncoder.encode(image), at: paths[position])
                    return image
                }
                progress.finish()
                for (position, count) in reference.undrawnOps.enumerated() where count > 0 {
                    frames[position].changes.append("the lock side leaves out \(count) text or path op\(count == 1 ? "" : "s") "
                                                    + "whose glyphs or outline the current render no longer has")
                }
                sides.insert(ReviewPage.Side(label: "\(lockName) (drawn from its display lists)", framePaths: paths), at: 0)
                facts.append(("reference", "the lock's display lists, drawn by the current code"))
            } catch {
                facts.append(("reference", "not drawn: \(ErrorWording.describe(error))"))
            }
        } else {
            facts.append(("reference", "not drawn: the lock has \(expected.frames.count) frames, the render \(frames.count)"))
        }
        let pageValue = ReviewPage(title: "\(report.name): current render against \(lockName)", sides: sides, frames: frames,
                                   framesPerSecond: sequence.framesPerSecond, facts: facts, rerecordCommand: report.rerecord)
        try pageValue.write(to: page)
    }
}
