import Flipbook
import FlipbookMotion
import FlipbookSupport
import Foundation

/// How `render` and `compare` report progress on stderr (`--progress`).
enum ProgressMode: String, CaseIterable {
    /// `tty` when stderr is a terminal, else `plain`.
    case auto
    /// One line rewritten in place (`\r`): frames, percentage, time left.
    case tty
    /// A line every `--progress-interval` seconds (default 5), for CI logs and files.
    case plain
    /// Nothing.
    case none

    /// `auto` resolved for this process's stderr.
    var resolved: ProgressMode {
        self == .auto ? (isatty(STDERR_FILENO) == 1 ? .tty : .plain) : self
    }

    /// `--progress` and `--progress-interval` from the command line.
    static func parse(_ arguments: Arguments) throws -> (mode: ProgressMode, intervalSeconds: Double) {
        var mode = ProgressMode.auto
        if let text = arguments.string("progress") {
            guard let parsed = ProgressMode(rawValue: text.lowercased()) else {
                throw UsageError(
                    "--progress must be auto, tty, plain or none, not \(InputText.singleQuoted(text))"
                        + Suggestions.didYouMean(text, in: allCases.map(\.rawValue)))
            }
            mode = parsed
        }
        let interval = try arguments.double("progress-interval", default: ProgressReporter.defaultIntervalSeconds, in: 0...3600)!
        if arguments.given("progress-interval"), mode.resolved != .plain {
            throw UsageError("--progress-interval applies to --progress plain (the default when stderr is not a terminal)")
        }
        return (mode.resolved, interval)
    }

    /// The two progress options, in help order.
    static let options: [OptionSpec] = [
        .option(
            "progress", "MODE",
            """
            tty: one line updated in place (frames, %, time left); plain: a line every
            few seconds, for CI logs; none; auto (default): tty on a terminal, else plain
            """),
        .option("progress-interval", "S", "seconds between plain progress lines, 0-3600 (default 5; 0: every frame)")
    ]
}

/// Prints render progress on stderr: frames done, percentage and an estimate of the time left.
/// `update` is called from worker threads, serialised by the caller (ParallelFrames).
/// `@unchecked Sendable`: the compiler cannot see that `lock` guards `lastLine` and
/// `wroteLiveLine` (every other field is a constant).
final class ProgressReporter: @unchecked Sendable {
    /// Default seconds between `plain` lines: often enough to see a CI job is alive, rarely
    /// enough that a long render's log stays readable.
    static let defaultIntervalSeconds = 5.0

    private let label: String
    private let unit: String
    private let mode: ProgressMode
    private let intervalSeconds: Double
    private let start = Date()
    private var lastLine: Date?
    private var wroteLiveLine = false
    private let lock = NSLock()

    /// A reporter for `label` (e.g. the preset) counting `unit`s (frames, rows), in a resolved
    /// mode (`tty`, `plain` or `none`).
    init(label: String, unit: String = "frame", mode: ProgressMode, intervalSeconds: Double) {
        precondition(mode != .auto, "resolve the mode first")
        self.label = label
        self.unit = unit
        self.mode = mode
        self.intervalSeconds = intervalSeconds
    }

    /// The callback to hand to a loop counting `(done, total)`, or nil for `none`.
    var callback: (@Sendable (Int, Int) -> Void)? {
        guard mode != .none else { return nil }
        return { [self] done, total in self.update(done: done, total: total) }
    }

    /// The callback to hand to a `RenderJob` render, or nil for `none`.
    var renderCallback: (@Sendable (RenderProgress) -> Void)? {
        guard mode != .none else { return nil }
        return { [self] progress in self.update(done: progress.completedFrames, total: progress.totalFrames) }
    }

    /// A reporter for a long comparison (`diff`, `review`, `verify --review`): `auto`, so a
    /// terminal sees a live line and a log a line every `defaultIntervalSeconds` — none when it
    /// ends sooner.
    static func comparison(label: String, unit: String) -> ProgressReporter {
        ProgressReporter(label: label, unit: unit, mode: ProgressMode.auto.resolved, intervalSeconds: defaultIntervalSeconds)
    }

    /// "push: frame 21/43 (48%), 3.1 s elapsed, about 3.3 s left".
    static func line(label: String, unit: String = "frame", done: Int, total: Int, elapsedSeconds: Double) -> String {
        let percent = total > 0 ? done * 100 / total : 100
        var text = "\(label): \(unit) \(done)/\(total) (\(percent)%), \(duration(elapsedSeconds)) elapsed"
        if done > 0, done < total {
            // Frames cost about the same, so the rate so far predicts the rest.
            text += ", about \(duration(elapsedSeconds / Double(done) * Double(total - done))) left"
        }
        return text
    }

    /// "3.1 s", "2 min 05 s".
    static func duration(_ seconds: Double) -> String {
        if seconds < 60 { return String(format: "%.1f s", seconds) }
        let whole = Int(seconds.rounded())
        return String(format: "%d min %02d s", whole / 60, whole % 60)
    }

    func update(done: Int, total: Int) {
        lock.lock(); defer { lock.unlock() }
        let now = Date()
        let text = ProgressReporter.line(label: label, unit: unit, done: done, total: total, elapsedSeconds: now.timeIntervalSince(start))
        switch mode {
        case .tty:
            FileHandle.standardError.write(Data("\r\(text)\u{1B}[K".utf8))
            wroteLiveLine = true
        case .plain:
            // Measured from the start, then from the last line; the last frame always gets one
            // when any line was printed, so a log ends at 100 %.
            let due = now.timeIntervalSince(lastLine ?? start) >= intervalSeconds
            if due || (done == total && lastLine != nil) {
                FileHandle.standardError.write(Data((text + "\n").utf8))
                lastLine = now
            }
        case .auto, .none:
            break
        }
    }

    /// Clears the live line (before the summary is printed).
    func finish() {
        lock.lock(); defer { lock.unlock() }
        if wroteLiveLine { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        wroteLiveLine = false
    }
}
