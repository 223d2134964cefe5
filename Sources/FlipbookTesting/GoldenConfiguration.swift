import Foundation

/// Golden settings scoped to a piece of work rather than the process: set with `withGoldens` or
/// the `.goldens(record:)` trait, read by every golden check that runs inside it (task-local,
/// so tests running in parallel each see their own).
public enum GoldenConfiguration {
    /// The record mode `withGoldens(record:)` or `.goldens(record:)` set, nil outside one (then
    /// `FLIPBOOK_RECORD` decides). A check's own `record:` argument wins over it.
    @TaskLocal public static var record: GoldenRecordMode?
    /// The goldens folder `withGoldens(goldensDirectory:)` set; an explicit `goldensDirectory`
    /// argument still wins, `FLIPBOOK_GOLDENS_DIR` comes after it.
    @TaskLocal public static var goldensDirectory: String?
    /// How messages name what set `record`: `withGoldens` or `.goldens` (the trait).
    @TaskLocal static var recordSetter = "withGoldens"
}

/// Runs `operation` with golden checks recording per `record` (nil keeps the surrounding mode)
/// and, when given, looking for references under `goldensDirectory`; as swift-snapshot-testing's
/// `withSnapshotTesting`. The setting is task-local: it holds for everything `operation` runs,
/// including child tasks, and for nothing else; a check's own `record:` argument wins inside.
/// When the environment variable `CI` is set the mode is `never` whatever is asked, so a CI job
/// cannot pass on references it just wrote.
///
/// ```swift
/// func testPush() throws {
///     try withGoldens(record: .failed) {
///         assertGolden(of: try RenderJob(settings: .init(preset: .push)), as: .sequence, named: "push")
///     }
/// }
/// ```
public func withGoldens<Result>(
    record: GoldenRecordMode? = nil, goldensDirectory: String? = nil,
    operation: () throws -> Result
) rethrows -> Result {
    try GoldenConfiguration.$record.withValue(record ?? GoldenConfiguration.record) {
        try GoldenConfiguration.$goldensDirectory.withValue(goldensDirectory ?? GoldenConfiguration.goldensDirectory) {
            try operation()
        }
    }
}

/// `withGoldens` for asynchronous work (Swift Testing's `async` tests).
public func withGoldens<Result>(
    record: GoldenRecordMode? = nil, goldensDirectory: String? = nil,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
) async rethrows -> Result {
    try await GoldenConfiguration.$record.withValue(record ?? GoldenConfiguration.record) {
        try await GoldenConfiguration.$goldensDirectory.withValue(goldensDirectory ?? GoldenConfiguration.goldensDirectory) {
            try await operation()
        }
    }
}

extension GoldenRecordMode {
    /// The mode a check without its own `record:` argument uses now: `never` when `CI` is set,
    /// else the innermost `withGoldens(record:)` or `.goldens(record:)`, else `FLIPBOOK_RECORD`
    /// (`fromEnvironment`).
    public static func current() throws -> GoldenRecordMode {
        try GoldenRecordSetting.resolve(requested: nil).mode
    }
}

/// The record mode one check uses and how its messages name where the mode came from.
struct GoldenRecordSetting {
    let mode: GoldenRecordMode
    /// `CI is set`, `record: .failed`, `withGoldens(record: .all)`, `.goldens(record: .all)` or
    /// `FLIPBOOK_RECORD=never`.
    let source: String

    /// First found: `never` when `CI` is set; the check's own `record:`; the innermost task-local
    /// scope; `FLIPBOOK_RECORD` (default `missing`). The environment is read only when it decides.
    /// - Throws: `GoldenError.unknownRecordMode` when `FLIPBOOK_RECORD` decides and is not a mode.
    static func resolve(requested: GoldenRecordMode?) throws -> GoldenRecordSetting {
        if environmentValue("CI") != nil { return GoldenRecordSetting(mode: .never, source: "CI is set") }
        if let requested { return GoldenRecordSetting(mode: requested, source: "record: .\(requested.rawValue)") }
        if let scoped = GoldenConfiguration.record {
            return GoldenRecordSetting(mode: scoped, source: "\(GoldenConfiguration.recordSetter)(record: .\(scoped.rawValue))")
        }
        let mode = try GoldenRecordMode.parse(environmentValue("FLIPBOOK_RECORD"))
        return GoldenRecordSetting(mode: mode, source: "FLIPBOOK_RECORD=\(mode.rawValue)")
    }
}
