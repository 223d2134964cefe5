public import Flipbook
import FlipbookLock
import Foundation

extension GoldenStrategy where Value == String {
    /// UTF-8 text compared exactly; a mismatch shows the changed block of lines (`-` reference,
    /// `+` actual) with two lines of context.
    public static var text: GoldenStrategy {
        GoldenStrategy(pathExtension: "txt", describe: { "\($0.count) bytes" }, serialize: { Array($0.utf8) }) { reference, actual in
            guard reference != actual else { return nil }
            let expected = String(decoding: reference, as: UTF8.self), got = String(decoding: actual, as: UTF8.self)
            return GoldenMismatch(
                summary: "the text differs (- reference, + actual)",
                details: LineDiff.render(expected: expected, actual: got).split(separator: "\n").map(String.init))
        }
    }

    /// A display list's JSON (`DisplayList.json`, one op per line) compared exactly; a mismatch
    /// names each changed field of each changed op — `op 16 image "$PACKAGE/…": rect.y 331 → 333`,
    /// `progress 1.095 → 1.1` — as `flipbook verify` does, not as lines or pixels.
    public static var displayListJSON: GoldenStrategy {
        GoldenStrategy(
            pathExtension: "json", describe: DisplayListChanges.describeReference,
            serialize: { Array($0.utf8) }
        ) { reference, actual in
            guard reference != actual else { return nil }
            let expected = String(decoding: reference, as: UTF8.self), got = String(decoding: actual, as: UTF8.self)
            let changes = try DisplayListChanges.changes(expected: expected, actual: got)
            guard !changes.isEmpty else {
                return GoldenMismatch(
                    summary: "the same display list, written differently (- reference, + actual)",
                    details: LineDiff.render(expected: expected, actual: got).split(separator: "\n").map(String.init))
            }
            return GoldenMismatch(summary: "\(changes.count) change\(changes.count == 1 ? "" : "s") to the display list", details: changes)
        }
    }
}

extension GoldenStrategy where Value == DisplayList {
    /// The display list as JSON (`displayListJSON`: a field-by-field geometry diff). Paths
    /// (photos, fonts) under `folder` are written as `placeholder` + the rest
    /// (`$PACKAGE/Samples/a.jpg`), so the reference holds on every clone.
    public static func displayList(sourcesRelativeTo folder: String, as placeholder: String = "$PACKAGE") -> GoldenStrategy {
        displayList(replacing: [(folder, placeholder)])
    }

    /// The display list as JSON with each `path` prefix written as its `placeholder`, in order
    /// (list a folder before the folder that holds it: the samples' bundle, then the package).
    public static func displayList(replacing prefixes: [(path: String, placeholder: String)]) -> GoldenStrategy {
        let trimmed = prefixes.map { (path: $0.path.hasSuffix("/") ? String($0.path.dropLast()) : $0.path, placeholder: $0.placeholder) }
        return GoldenStrategy<String>.displayListJSON.pullback { list in
            trimmed.reduce(list.json) { json, prefix in json.replacingOccurrences(of: prefix.path, with: prefix.placeholder) }
        }
    }

    /// The display list as JSON, image paths as they are.
    public static var displayList: GoldenStrategy {
        GoldenStrategy<String>.displayListJSON.pullback { $0.json }
    }
}

extension GoldenStrategy where Value == RenderJob {
    /// Every frame of the job as a sequence lock (`.lock`: per frame the display list and a
    /// pixel hash, a few kilobytes; `SequenceLock`). Renders without encoding a PNG; a mismatch
    /// lists the differing frames, whether geometry or only pixels changed, and the changes in words.
    /// A reference in lock format 1 is checked in format 1 (its FNV-1a hashes) until it is
    /// re-recorded in the current format (`FLIPBOOK_RECORD=all`). In a debug build, the frames
    /// are drawn by the optimised `flipbook` that `FLIPBOOK_WORKER` names, when it does: the
    /// same lock, the same messages, release speed (docs/GOLDENS.md, "Debug builds").
    public static var sequence: GoldenStrategy {
        GoldenStrategy(pathExtension: "lock") { job, request in
            let format = SequenceLockGolden.format(ofReferenceFor: request)
            var check = GoldenCheck(
                request: request, pathExtension: "lock", describe: SequenceLockGolden.describe,
                mismatchArtifactSuffixes: [])
            return check.run({ try SequenceLockGolden.lockBytes(of: job, format: format) }) { reference, actual in
                GoldenComparison(
                    mismatch: try SequenceLockGolden.compare(reference, actual, layerNames: { job.layerNamesOfLockLines(frameIndex: $0) }))
            }
        }
    }
}

/// The `.sequence` strategy's pieces.
enum SequenceLockGolden {
    /// The lock's text, drawn by the worker when `FLIPBOOK_WORKER` names one and the job can be
    /// sent, else here.
    static func lockBytes(of job: RenderJob, format: Int) throws -> [UInt8] {
        if case let .worker(path) = try GoldenWorker.route(), let bytes = try GoldenWorker.lockBytes(of: job, format: format, worker: path)
        {
            return bytes
        }
        noteDebugBuild()
        return Array(try SequenceLock.make(job: job, format: format).text.utf8)
    }

    /// Says once per test process, in a debug build drawing in-process, that the frames are drawn
    /// unoptimised: a debug `swift test` records and verifies a 43-frame 375×667 @2x lock 9–15× as
    /// slowly as `swift test -c release` (`scripts/bench consumer`, docs/PERFORMANCE.md), and
    /// how to hand them to a worker.
    static func noteDebugBuild() {
        #if DEBUG
            guard environmentValue(GoldenWorker.variable) != "off" else { return }
            _ = debugBuildNote
        #endif
    }

    /// Printed on first use (a static `let` is initialised once, whatever the thread).
    static let debugBuildNote: Void = {
        FileHandle.standardError.write(
            Data(
                ("FlipbookTesting: a debug build draws sequence goldens unoptimised, about 10× as "
                    + "slowly as `swift test -c release`; FLIPBOOK_WORKER=/path/to/release/flipbook draws them at release speed "
                    + "(docs/GOLDENS.md, \"Debug builds\")\n").utf8))
    }()
    /// The format of the reference lock when it exists and is an older one (and is not being
    /// re-recorded), else the current format.
    static func format(ofReferenceFor request: GoldenRequest) -> Int {
        let path = GoldenPaths(request, pathExtension: "lock").reference
        guard (try? GoldenRecordSetting.resolve(requested: request.record))?.mode != .all, let handle = FileHandle(forReadingAtPath: path)
        else { return SequenceLock.currentFormat }
        defer { try? handle.close() }
        let start = String(decoding: (try? handle.read(upToCount: 32)) ?? Data(), as: UTF8.self)
        let firstLine = start.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        return SequenceLock.formats.first { firstLine == SequenceLock.magic(format: $0) } ?? SequenceLock.currentFormat
    }

    @Sendable static func describe(_ bytes: [UInt8]) -> String {
        let frames = String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("frame ") }.count
        return "\(frames) frames, \(bytes.count) bytes"
    }

    /// `layerNames` names the layer of each changed op in the frames shown (the view, in a recording).
    @Sendable static func compare(
        _ reference: [UInt8], _ actual: [UInt8],
        layerNames: ((Int) -> [String: String])? = nil
    ) throws -> GoldenMismatch? {
        guard reference != actual else { return nil }
        let expected = try SequenceLock(parsing: String(decoding: reference, as: UTF8.self), path: "the reference lock")
        let got = try SequenceLock(parsing: String(decoding: actual, as: UTF8.self), path: "the actual lock")
        let differences = expected.differences(to: got, layerNames: layerNames, namedFrames: 8)
        guard let first = differences.first else { return nil }
        var details: [String] = []
        for difference in differences.prefix(8) {
            details.append(
                "frame \(difference.index) (\(difference.kind.rawValue)): " + difference.changes.prefix(3).joined(separator: "; "))
        }
        if differences.count > 8 { details.append("… \(differences.count - 8) more frames") }
        return GoldenMismatch(
            summary: "\(differences.count) of \(max(expected.frames.count, got.frames.count)) frames differ "
                + "(first: frame \(first.index))", details: details)
    }
}
