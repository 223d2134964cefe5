import FlipbookImageDiff
import Foundation

/// How a value of type `Value` becomes a golden reference and how two references are compared:
/// as swift-snapshot-testing's `Snapshotting`. A strategy turns the value into the bytes a
/// reference file holds (`<goldens>/<TestFile>/<name>.<pathExtension>`) and says, for a
/// reference and an actual, what differs — in the value's own terms (`op 16 image "…": rect.y
/// 331 → 333`, `frame 3 delay 0.033 s → 0.05 s`), not only as pixels.
///
/// The built-in strategies: `.image` (PNG, per-channel tolerance), `.image(deltaE:)`,
/// `.image(flip:)`, `.text`, `.displayList` (the display list's JSON, diffed field by field),
/// `.sequence` (a whole render as a `.lock`: display lists and pixel hashes) and `.animatedPNG`
/// (a short sequence as an APNG, frame count, delays and pixels checked). Make one for another
/// type with `pullback`, or from scratch with `init(pathExtension:describe:serialize:compare:)`.
/// Every strategy records per `GoldenRecordMode` (a check's `record:`, else `withGoldens` or
/// `.goldens(record:)`, else `FLIPBOOK_RECORD`), through one record-mode machine.
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
    public init(
        pathExtension: String, describe: @escaping @Sendable ([UInt8]) -> String = { "\($0.count) bytes" },
        serialize: @escaping @Sendable (Value) throws -> [UInt8],
        compare: @escaping @Sendable (_ reference: [UInt8], _ actual: [UInt8]) throws -> GoldenMismatch?
    ) {
        self.init(pathExtension: pathExtension, describe: describe, serialize: serialize) { reference, actual in
            GoldenComparison(mismatch: try compare(reference, actual))
        }
    }

    /// A strategy whose comparison also reports pixel counts (`GoldenResult.comparison`) and a
    /// summary for a match; `mismatchArtifactSuffixes` are the extra artefacts a mismatch may
    /// write, removed with the others when a later check runs.
    init(
        pathExtension: String, describe: @escaping @Sendable ([UInt8]) -> String, mismatchArtifactSuffixes: [String] = [],
        serialize: @escaping @Sendable (Value) throws -> [UInt8],
        compare: @escaping @Sendable (_ reference: [UInt8], _ actual: [UInt8]) throws -> GoldenComparison
    ) {
        self.init(pathExtension: pathExtension) { value, request in
            var check = GoldenCheck(
                request: request, pathExtension: pathExtension, describe: describe,
                mismatchArtifactSuffixes: mismatchArtifactSuffixes)
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
                return GoldenResult(
                    outcome: .error, message: "golden '\(request.name)': \(error)",
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
    /// What an extra file shows, by suffix, printed after its path (`reference | difference | actual`).
    var artifactCaptions: [String: String] = [:]

    /// A mismatch from its parts.
    public init(summary: String, details: [String] = [], artifacts: [(suffix: String, bytes: [UInt8])] = []) {
        self.summary = summary
        self.details = details
        self.artifacts = artifacts
    }
}

/// What a strategy's comparison found: a mismatch or none, and for images the pixel counts
/// (`GoldenResult.comparison`) and a one-line summary of a match (`identical (8x8)`).
struct GoldenComparison {
    var mismatch: GoldenMismatch?
    var pixels: ImageComparison?
    var matchSummary: String?
}

/// Checks `value` against the reference `name` by `strategy`, framework-free (`assertGolden`
/// calls it and reports the result). `name` defaults to the test's name and a counter
/// (`testPush.1`, `testPush.2`, …, counted per test); `record` overrides the surrounding record
/// mode for this check (`CI` still forces `never`). References live in
/// `<goldens>/<TestFile>/<name>.<pathExtension>` (docs/GOLDENS.md "Where references live").
public func verifyGolden<Value>(
    of value: Value, as strategy: GoldenStrategy<Value>, named name: String? = nil,
    record: GoldenRecordMode? = nil, goldensDirectory: String? = nil,
    file: StaticString = #filePath, testName: String = #function
) -> GoldenResult {
    GoldenNames.check(
        value, as: strategy, named: name, record: record, goldensDirectory: goldensDirectory,
        testFilePath: "\(file)", testName: testName)
}

/// Which golden a check is about: its name, the calling test file, an explicit goldens folder,
/// the check's own record mode.
struct GoldenRequest: Sendable {
    var name: String
    var testFilePath: String
    var goldensDirectory: String?
    var record: GoldenRecordMode? = nil
}

extension GoldenPaths {
    init(_ request: GoldenRequest, pathExtension: String) {
        self.init(
            name: request.name, testFilePath: request.testFilePath, goldensDirectory: request.goldensDirectory,
            pathExtension: pathExtension)
    }
}
