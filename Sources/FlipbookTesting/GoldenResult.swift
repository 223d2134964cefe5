public import FlipbookImageDiff

/// What a golden check found; `message` says it in words for a test failure.
public struct GoldenResult: Sendable {
    /// How the check ended.
    public enum Outcome: Sendable, Hashable {
        /// The value matches its reference (within tolerance): the only passing outcome.
        case matched
        /// The value does not match (or, for an image, has another size); nothing recorded.
        case mismatched
        /// The reference was written (new, or re-recorded by `all`/`failed`): fails on purpose.
        case recorded
        /// No reference exists and the record mode (`never`, or `CI` set) forbids writing one.
        case missingReference
        /// The check could not run: bad record mode or name, unreadable reference, a write error.
        case error
    }

    /// How the check ended.
    public let outcome: Outcome
    /// A readable account: the reference path, counts, artefact paths, what was written.
    public let message: String
    /// Where the reference lives (or would live); for a default name that cannot be formed (a
    /// parameterised Swift Testing test), the folder it would be in.
    public let referencePath: String
    /// The pixel comparison, when an image comparison was made.
    public let comparison: ImageComparison?
    /// Files written outside the source tree (reference copy, actual, then the strategy's own,
    /// such as the diff picture), in that order.
    public let artifactPaths: [String]

    /// True only when the value matched its reference.
    public var passed: Bool { outcome == .matched }
}
