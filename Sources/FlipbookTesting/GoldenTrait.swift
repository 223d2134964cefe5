#if canImport(Testing)
    public import Testing

    /// A Swift Testing trait that runs a test, or every test of a suite, inside
    /// `withGoldens(record:goldensDirectory:)`, as swift-snapshot-testing's `.snapshots(record:)`:
    ///
    /// ```swift
    /// @Test(.goldens(record: .failed)) func pushAfterTheRedesign() throws {
    ///     assertGolden(of: try RenderJob(settings: .init(preset: .push)), as: .sequence)
    /// }
    /// ```
    ///
    /// Each run of each test also counts its unnamed goldens from 1 (`pushAfterTheRedesign.1`).
    /// `CI` still forces `never`; a check's own `record:` wins inside; messages name the trait
    /// (`re-recorded the reference (.goldens(record: .failed))`).
    public struct GoldensTrait: TestTrait, SuiteTrait, TestScoping {
        /// The record mode inside; nil keeps the surrounding one.
        public var record: GoldenRecordMode?
        /// The goldens folder inside; nil keeps the surrounding one.
        public var goldensDirectory: String?

        /// On a suite, the trait applies to each of its tests.
        public var isRecursive: Bool { true }

        /// Runs `function` with the record mode and goldens folder set and a fresh count of unnamed goldens.
        public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws
        {
            let setter = record == nil ? GoldenConfiguration.recordSetter : ".goldens"
            try await GoldenConfiguration.$recordSetter.withValue(setter) {
                try await GoldenNameCounters.$scoped.withValue(GoldenNameCounters()) {
                    try await withGoldens(record: record, goldensDirectory: goldensDirectory) { try await function() }
                }
            }
        }
    }

    extension Trait where Self == GoldensTrait {
        /// Golden settings for a test or suite: `record` (nil keeps the surrounding mode) and the
        /// goldens folder; see `GoldensTrait`.
        public static func goldens(record: GoldenRecordMode? = nil, goldensDirectory: String? = nil) -> Self {
            GoldensTrait(record: record, goldensDirectory: goldensDirectory)
        }
    }
#endif
