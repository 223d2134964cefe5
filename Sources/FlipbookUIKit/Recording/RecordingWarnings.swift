import Foundation

/// What the app's code would make UIKit log to the console (Auto Layout's "Unable to
/// simultaneously satisfy constraints", with the constraints involved and the one broken):
/// written to standard error as it happens, as UIKit logs, and kept here so a test can check
/// that a recording ran without any.
@MainActor
public enum RecordingWarnings {
    /// The warnings of the last recording (`Transition.record`), in order; empty before the first.
    public private(set) static var lastRecording: [String] = []
    /// Every warning logged since the process started, in or outside recordings (at most the
    /// last 1,000, so a layout that conflicts on every pass cannot grow it without bound).
    public private(set) static var logged: [String] = []
    /// Warnings of the recording in progress.
    private static var current: [String]?

    static func append(_ message: String) {
        logged.append(message)
        if logged.count > 1_000 { logged.removeFirst(logged.count - 1_000) }
        current?.append(message)
    }

    /// A recording starts (nested recordings keep their own list).
    static func beginRecording() -> [String]? {
        defer { current = [] }
        return current
    }

    /// A recording ends: its warnings become `lastRecording`; `outer` is the list of the
    /// recording it was nested in.
    static func endRecording(restoring outer: [String]?) {
        lastRecording = current ?? []
        current = outer
    }
}
