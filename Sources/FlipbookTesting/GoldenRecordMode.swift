public import Foundation

/// When a golden assertion writes its reference image (set with `FLIPBOOK_RECORD`).
///
/// Whatever the mode, an assertion that writes a reference **fails**, with a message naming the
/// file written: a run that records never passes, so a retried CI job cannot go green on
/// references it just made.
public enum GoldenRecordMode: String, Sendable, CaseIterable {
    /// Write every reference, even matching ones (after an intended visual change).
    case all
    /// Write references that do not exist yet; compare the others. The default off CI.
    case missing
    /// Write references that are missing or do not match (re-record only what changed).
    case failed
    /// Never write: a missing reference is a failure. Always the mode when `CI` is set.
    case never

    /// The mode for this process: `never` when the environment variable `CI` is non-empty
    /// (whatever else is set), else `FLIPBOOK_RECORD` (`all`, `missing`, `failed`, `never`;
    /// default `missing`). Throws `GoldenError.unknownRecordMode` for any other value, so a typo
    /// cannot quietly switch recording on or off.
    public static func fromEnvironment() throws -> GoldenRecordMode {
        let requested = try parse(environmentValue("FLIPBOOK_RECORD"))
        return environmentValue("CI") != nil ? .never : requested
    }

    static func parse(_ value: String?) throws -> GoldenRecordMode {
        guard let value else { return .missing }
        guard let mode = GoldenRecordMode(rawValue: value.lowercased()) else {
            throw GoldenError.unknownRecordMode(value)
        }
        return mode
    }
}

/// A golden assertion that could not run as asked.
public enum GoldenError: Error, CustomStringConvertible, Equatable {
    /// `FLIPBOOK_RECORD` holds something other than all, missing, failed or never.
    case unknownRecordMode(String)
    /// The golden name is empty or not a plain file name.
    case badName(String)

    public var description: String {
        switch self {
        case .unknownRecordMode(let value):
            return "FLIPBOOK_RECORD is '\(value)'; expected all, missing, failed or never"
        case .badName(let name):
            return "golden name '\(name)' must be a non-empty file name without '/' that does not start with '.'"
        }
    }
}

/// The value of an environment variable, nil when unset or empty. Read with getenv on every call
/// so tests can change it with setenv.
func environmentValue(_ name: String) -> String? {
    guard let pointer = getenv(name) else { return nil }
    let value = String(cString: pointer)
    return value.isEmpty ? nil : value
}

extension GoldenError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    public var errorDescription: String? { description }
}
