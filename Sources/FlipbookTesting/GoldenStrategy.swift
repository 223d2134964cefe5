import Foundation
import FlipbookFiles

/// How a value of type `Value` becomes a golden reference and how two references are compared:
/// as swift-snapshot-testing's `Snapshotting`. A strategy turns the value into the bytes a
/// reference file holds (`<goldens>/<TestFile>/<name>.<pathExtension>`) and says, for a
/// reference and an actual, what differs — in the value's own terms (`op 16 image "…": rect.y
/// 331 → 333`, `frame 3 delay 0.033 s → 0.05 s`), not only as pixels.
///
/// The built-in strategies: `.image` (PNG, per-channel tolerance), `.image(deltaE:)`,
/// `.text`, `.displayList` (the display list's JSON, diffed field by field), `.sequence` (a
/// whole render as a `.lock`: display lists and pixel hashes) and `.animatedPNG` (a short
/// sequence as an APNG, frame count, delays and pixels checked). Make one for another type with
/// `pullback`, or from scratch with `init(pathExtension:describe:serialize:compare:)`. Every
/// strategy records per `GoldenRecordMode` (`withGoldens(record:)`, else `FLIPBOOK_RECORD`).
public struct GoldenStrategy<Value>: Sendable {
    /// The reference file's extension, without the dot (`png`, `json`, `lock`, `apng`).
    public let pathExtension: String
    let check: @Sendable (Value, GoldenRequest) -> GoldenResult

    init(pathExtension: String, check: @escaping @Sendable (Value, GoldenRequest) -> GoldenResult) {
        self.pathExtension = pathExtension
        self.check = check
    }

    /// A strategy from its parts; the record modes, paths and artefacts are handled for it.
    /// - Parameters:
    ///   - describe: a few words about a value's reference for the "recorded" message (`22 frames`).
    ///   - serialize: the bytes a reference holds for a value (deterministic).
    ///   - compare: nil when `actual` matches `reference`, else what differs. Throw when the
    ///     reference cannot be read (the check fails with an error, or re-records under `failed`).
    public init(pathExtension: String, describe: @escaping @Sendable ([UInt8]) -> String = { "\($0.count) bytes" },
                serialize: @escaping @Sendable (Value) throws -> [UInt8],
                compare: @escaping @Sendable (_ reference: [UInt8], _ actual: [UInt8]) throws -> GoldenMismatch?) {
        self.init(pathExtension: pathExtension) { value, request in
            var check = GoldenFileCheck(request: request, pathExtension: pathExtension, describe: describe)
            return check.run({ try serialize(value) }, compare: compare)
        }
    }

    /// This strategy for another type: `transform` makes the value this strategy checks
    /// (a view model into its display list, a job into its frames). A throw fails the check.
    public func pullback<Other>(_ transform: @escaping @Sendable (Other) throws -> Value) -> GoldenStrategy<Other> {
        let check = self.check
        return GoldenStrategy<Other>(pathExtension: pathExtension) { other, request in
            do {
                return check(try transform(other), request)
            } catch {
                return GoldenResult(outcome: .error, message: "golden '\(request.name)': \(error)",
                                    referencePath: GoldenPaths(request, pathExtension: pathExtension).reference,
                                    comparison: nil, artifactPaths: [])
            }
        }
    }
}

/// What a strategy found different between a reference and an actual value.
public struct GoldenMismatch: Sendable {
    /// One line: `20 of 22 frames differ (first: frame 1)`.
    public var summary: String
    /// Further lines, in the value's terms (at most a screenful is shown).
    public var details: [String]
    /// Extra files for the reviewer, written as `<artifacts>/<TestFile>/<name>.<suffix>`
    /// (`diff.png`), beside the reference and actual copies.
    public var artifacts: [(suffix: String, bytes: [UInt8])]

    /// A mismatch from its parts.
    public init(summary: String, details: [String] = [], artifacts: [(suffix: String, bytes: [UInt8])] = []) {
        self.summary = summary
        self.details = details
        self.artifacts = artifacts
    }
}

/// Checks `value` against the reference `name` by `strategy`; framework-free (the assertions
/// `assertGolden(of:as:named:)` and `expectGolden(of:as:named:)` call it). References and
/// artefacts live as for `GoldenImage.verify`.
public func verifyGolden<Value>(of value: Value, as strategy: GoldenStrategy<Value>, named name: String,
                                goldensDirectory: String? = nil, file: StaticString = #filePath) -> GoldenResult {
    strategy.check(value, GoldenRequest(name: name, testFilePath: "\(file)", goldensDirectory: goldensDirectory))
}

/// Which golden a check is about: its name, the calling test file, an explicit goldens folder.
struct GoldenRequest: Sendable {
    var name: String
    var testFilePath: String
    var goldensDirectory: String?
}

extension GoldenPaths {
    init(_ request: GoldenRequest, pathExtension: String) {
        self.init(name: request.name, testFilePath: request.testFilePath, goldensDirectory: request.goldensDirectory,
                  pathExtension: pathExtension)
    }
}

/// The record-mode logic of every strategy built from parts: write, compare, re-record, and
/// say what happened. (Images keep `GoldenCheck`, which also writes a diff picture.)
struct GoldenFileCheck {
    let request: GoldenRequest
    let paths: GoldenPaths
    let describe: @Sendable ([UInt8]) -> String
    private var artifacts: [String] = []

    init(request: GoldenRequest, pathExtension: String, describe: @escaping @Sendable ([UInt8]) -> String) {
        self.request = request
        self.paths = GoldenPaths(request, pathExtension: pathExtension)
        self.describe = describe
    }

    private var name: String { request.name }

    private func result(_ outcome: GoldenResult.Outcome, _ message: String) -> GoldenResult {
        GoldenResult(outcome: outcome, message: message, referencePath: paths.reference, comparison: nil, artifactPaths: artifacts)
    }

    mutating func run(_ serialize: () throws -> [UInt8],
                       compare: ([UInt8], [UInt8]) throws -> GoldenMismatch?) -> GoldenResult {
        do {
            guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else { throw GoldenError.badName(name) }
            let mode = try GoldenRecordMode.current()
            let actual = try serialize()
            try? FileManager.default.removeItem(atPath: paths.actualArtifact)
            try? FileManager.default.removeItem(atPath: paths.referenceArtifact)
            guard FileManager.default.fileExists(atPath: paths.reference) else {
                if mode == .never {
                    try writeArtifact(actual, to: paths.actualArtifact)
                    let why = environmentValue("CI") != nil ? "CI is set" : GoldenRecordMode.setting(.never)
                    return result(.missingReference, """
                        golden '\(name)': no reference at \(paths.reference); not recorded because \(why).
                          actual: \(paths.actualArtifact)
                        Record it locally (FLIPBOOK_RECORD=missing, the default off CI), review and commit it.
                        """)
                }
                try writeAtomically(actual, to: paths.reference)
                return result(.recorded, "golden '\(name)': recorded a new reference \(paths.reference) (\(describe(actual))); "
                              + "review and commit it, then run the test again (a recording run always fails)")
            }
            if mode == .all {
                try writeAtomically(actual, to: paths.reference)
                return result(.recorded, "golden '\(name)': re-recorded the reference (\(GoldenRecordMode.setting(.all))) \(paths.reference)")
            }
            let mismatch: GoldenMismatch
            do {
                let reference = try InputFile.read(paths.reference)
                guard let found = try compare(reference, actual) else {
                    return result(.matched, "golden '\(name)' matches \(paths.reference)")
                }
                mismatch = found
                try writeArtifact(reference, to: paths.referenceArtifact)
            } catch {
                if mode == .failed {
                    try writeAtomically(actual, to: paths.reference)
                    return result(.recorded, "golden '\(name)': re-recorded an unreadable reference \(paths.reference) (\(error))")
                }
                return result(.error, "golden '\(name)': cannot read the reference \(paths.reference): \(error)")
            }
            try writeArtifact(actual, to: paths.actualArtifact)
            for artifact in mismatch.artifacts {
                try writeArtifact(artifact.bytes, to: paths.artifactBase + "." + artifact.suffix)
            }
            var message = "golden '\(name)' does not match \(paths.reference): \(mismatch.summary)"
            let shown = 24
            for line in mismatch.details.prefix(shown) { message += "\n  " + line }
            if mismatch.details.count > shown { message += "\n  … \(mismatch.details.count - shown) more" }
            message += "\n  reference: \(paths.referenceArtifact)\n  actual:    \(paths.actualArtifact)"
            for artifact in mismatch.artifacts { message += "\n  \(artifact.suffix): \(paths.artifactBase).\(artifact.suffix)" }
            if mode == .failed {
                try writeAtomically(actual, to: paths.reference)
                return result(.recorded, message + "\nre-recorded the reference (\(GoldenRecordMode.setting(.failed))): review and commit \(paths.reference)")
            }
            return result(.mismatched, message + "\nIf the change is intended, re-record with FLIPBOOK_RECORD=failed "
                          + "(or withGoldens(record: .failed)) and review the new reference.")
        } catch {
            return result(.error, "golden '\(name)': \(error)")
        }
    }

    private mutating func writeArtifact(_ bytes: [UInt8], to path: String) throws {
        try writeAtomically(bytes, to: path)
        artifacts.append(path)
    }
}
