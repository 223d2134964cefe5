import Foundation

/// Golden settings scoped to a piece of work rather than the process: set with `withGoldens`,
/// read by every golden check that runs inside it (task-local, so tests running in parallel
/// each see their own).
public enum GoldenConfiguration {
    /// The record mode `withGoldens(record:)` set, nil outside one (then `FLIPBOOK_RECORD` decides).
    @TaskLocal public static var record: GoldenRecordMode?
    /// The goldens folder `withGoldens(goldensDirectory:)` set; an explicit `goldensDirectory`
    /// argument still wins, `FLIPBOOK_GOLDENS_DIR` comes after it.
    @TaskLocal public static var goldensDirectory: String?
}

/// Runs `operation` with golden checks recording per `record` (nil keeps the surrounding mode)
/// and, when given, looking for references under `goldensDirectory`; as swift-snapshot-testing's
/// `withSnapshotTesting`. The setting is task-local: it holds for everything `operation` runs,
/// including child tasks, and for nothing else. When the environment variable `CI` is set the
/// mode is `never` whatever is asked, so a CI job cannot pass on references it just wrote.
///
/// ```swift
/// func testPush() throws {
///     try withGoldens(record: .failed) {
///         assertGolden(of: try RenderJob(settings: .init(preset: .push)), as: .sequence, named: "push")
///     }
/// }
/// ```
public func withGoldens<Result>(record: GoldenRecordMode? = nil, goldensDirectory: String? = nil,
                                operation: () throws -> Result) rethrows -> Result {
    try GoldenConfiguration.$record.withValue(record ?? GoldenConfiguration.record) {
        try GoldenConfiguration.$goldensDirectory.withValue(goldensDirectory ?? GoldenConfiguration.goldensDirectory) {
            try operation()
        }
    }
}

/// `withGoldens` for asynchronous work (Swift Testing's `async` tests).
public func withGoldens<Result>(record: GoldenRecordMode? = nil, goldensDirectory: String? = nil,
                                isolation: isolated (any Actor)? = #isolation,
                                operation: () async throws -> Result) async rethrows -> Result {
    try await GoldenConfiguration.$record.withValue(record ?? GoldenConfiguration.record) {
        try await GoldenConfiguration.$goldensDirectory.withValue(goldensDirectory ?? GoldenConfiguration.goldensDirectory) {
            try await operation()
        }
    }
}

extension GoldenRecordMode {
    /// The mode for the check running now: `never` when `CI` is set, else the innermost
    /// `withGoldens(record:)`, else `FLIPBOOK_RECORD` (`fromEnvironment`).
    public static func current() throws -> GoldenRecordMode {
        if environmentValue("CI") != nil { return .never }
        if let scoped = GoldenConfiguration.record { return scoped }
        return try fromEnvironment()
    }

    /// How a message names where `mode` came from: `withGoldens(record: .failed)` inside one,
    /// `FLIPBOOK_RECORD=failed` otherwise.
    static func setting(_ mode: GoldenRecordMode) -> String {
        GoldenConfiguration.record != nil ? "withGoldens(record: .\(mode.rawValue))" : "FLIPBOOK_RECORD=\(mode.rawValue)"
    }
}
