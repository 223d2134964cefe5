import Flipbook
import FlipbookFiles
import FlipbookLock
import Foundation
import Synchronization

/// Draws a `.sequence` golden's frames in an optimised `flipbook` process, for FlipbookTesting
/// compiled without optimisation (a consumer's debug `swift test`): `FLIPBOOK_WORKER` names the
/// executable (a release build of the `flipbook` product), `build` builds one from this
/// FlipbookTesting's own checkout (`WorkerBuild`), `off` or unset draws in the test's own process (docs/GOLDENS.md, "Debug builds"). Only the drawing moves: the test records its
/// transition and builds its job itself, and the reference, the comparison, the record modes,
/// the artefacts and the messages stay here, so a check reads the same either way; the worker's
/// lock is the same bytes as the in-process one (`SequenceLockRequest`).
enum GoldenWorker {
    /// The environment variable naming the worker executable, or `off`.
    static let variable = "FLIPBOOK_WORKER"

    /// Where this process draws sequence goldens.
    enum Route: Equatable {
        case inProcess
        case worker(path: String)
    }

    /// `FLIPBOOK_WORKER` read on every call (tests change it with setenv). It is honoured in a
    /// release build too (the same bytes, no faster): it is set for the debug runs it speeds up,
    /// and a check behaves the same in every configuration.
    /// - Throws: `GoldenWorkerError.notExecutable` for a value that is neither `off`, `build` nor
    ///   an executable file: a misspelt path fails the check rather than silently running slowly.
    static func route() throws -> Route {
        guard let value = environmentValue(variable), value != "off" else { return .inProcess }
        if value == "build" { return .worker(path: try WorkerBuild.shared.executable()) }
        guard FileManager.default.isExecutableFile(atPath: value) else { throw GoldenWorkerError.notExecutable(path: value) }
        return .worker(path: value)
    }

    /// The lock text of `job` in `format` as made by `worker`, or nil when the job is not one the
    /// worker can rebuild exactly (`SequenceLockRequest.write`; the caller draws in-process).
    /// - Throws: the job's own error as the worker described it (`GoldenWorkerError.jobFailed`,
    ///   whose description is that text alone), or how the worker failed.
    static func lockBytes(of job: RenderJob, format: Int, worker: String) throws -> [UInt8]? {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("flipbook-worker-\(ProcessInfo.processInfo.globallyUniqueString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        if let reason = try SequenceLockRequest.write(job: job, format: format, into: folder.path) {
            noteInProcess(reason)
            return nil
        }
        let errorLog = folder.appendingPathComponent("stderr").path
        let seconds = timeoutSeconds(frames: job.frames.count)
        let process: Process
        do {
            guard let ended = try runBounded(worker, ["golden-worker", folder.path], log: errorLog, seconds: seconds) else {
                throw GoldenWorkerError.timedOut(worker: worker, seconds: seconds, frames: job.frames.count)
            }
            process = ended
        } catch let error as GoldenWorkerError {
            throw error
        } catch {
            throw GoldenWorkerError.failed(worker: worker, why: "it did not start: \(error.localizedDescription)")
        }
        let said = lastLines(of: errorLog, count: 4)
        switch (process.terminationReason, process.terminationStatus) {
        case (.exit, 0):
            return try InputFile.read(folder.appendingPathComponent(SequenceLockRequest.lockFileName).path)
        case (.exit, 1):
            let text = (try? InputFile.read(folder.appendingPathComponent(SequenceLockRequest.errorFileName).path)).map {
                String(decoding: $0, as: UTF8.self)
            }
            throw GoldenWorkerError.jobFailed(message: text ?? said)
        case (.exit, 2):
            throw GoldenWorkerError.refused(worker: worker, message: said)
        case let (.exit, status):
            throw GoldenWorkerError.failed(
                worker: worker,
                why: "it exited with status \(status)"
                    + (status == 64
                        ? " (a flipbook without "
                            + "the golden-worker command? build it from the same checkout as the tests)" : "")
                    + (said.isEmpty ? "" : ":\n" + said))
        case let (_, signal):
            throw GoldenWorkerError.failed(
                worker: worker,
                why: "it was killed by signal \(signal) while drawing \(job.frames.count) frames"
                    + (said.isEmpty ? "" : ":\n" + said))
        }
    }

    /// Runs `executable` with `arguments`, its standard output and error written to the file
    /// `log`, for at most `seconds`; nil when it ran longer and was killed (SIGKILL: a hung
    /// process may ignore SIGTERM). Waits without polling: the termination handler signals.
    /// - Throws: when `log` cannot be created or the process cannot be started (`localizedDescription` says which).
    static func runBounded(_ executable: String, _ arguments: [String], log: String, seconds: Int) throws -> Process? {
        guard FileManager.default.createFile(atPath: log, contents: nil), let handle = FileHandle(forWritingAtPath: log) else {
            throw FileError.unwritable(path: log, reason: "cannot create it")
        }
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        guard exited.wait(timeout: .now() + .seconds(seconds)) == .success else {
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
            return nil
        }
        return process
    }

    /// The last `count` lines of the text file at `path` (at most its first 4 MB read), or "".
    static func lastLines(of path: String, count: Int) -> String {
        let text = String(decoding: (try? InputFile.read(path, maximumBytes: 1 << 22)) ?? [], as: UTF8.self)
        return text.split(separator: "\n").suffix(count).joined(separator: "\n")
    }

    /// How long a worker may take before it is taken for hung: 10 minutes plus a second a frame.
    /// A release worker locks 43 frames of 750×1334 in about 2 s; the margin is for a machine
    /// shared with builds (loads of 20) and for a debug worker in Flipbook's own tests.
    static func timeoutSeconds(frames: Int) -> Int { 600 + frames }

    /// Says, once per process and reason, why a job was drawn in-process although a worker was named.
    static func noteInProcess(_ reason: String) {
        reasonsSaid.withLock { said in
            guard said.insert(reason).inserted else { return }
            FileHandle.standardError.write(
                Data("FlipbookTesting: a sequence golden drawn in-process despite \(variable): \(reason)\n".utf8))
        }
    }

    private static let reasonsSaid = Mutex<Set<String>>([])
}

/// A golden worker that could not make a lock.
enum GoldenWorkerError: Error, CustomStringConvertible, LocalizedError {
    /// `FLIPBOOK_WORKER` is neither `off`, `build` nor an executable file.
    case notExecutable(path: String)
    /// `FLIPBOOK_WORKER=build` could not build the worker: the command, why, where its log is.
    case buildFailed(command: String, why: String)
    /// The job itself failed in the worker: `message` is its error, as this process would say it.
    case jobFailed(message: String)
    /// The worker refused the request (another protocol: built from another Flipbook).
    case refused(worker: String, message: String)
    /// The worker did not run to the end.
    case failed(worker: String, why: String)
    /// The worker ran longer than `GoldenWorker.timeoutSeconds` and was killed.
    case timedOut(worker: String, seconds: Int, frames: Int)

    var description: String {
        let help =
            "set \(GoldenWorker.variable) to a release build of flipbook from the same Flipbook checkout as the tests, "
            + "or to off to draw in the test process (docs/GOLDENS.md, \"Debug builds\")"
        switch self {
        case let .notExecutable(path):
            return "\(GoldenWorker.variable)=\(path) is not an executable file: \(help)"
        case let .buildFailed(command, why):
            return "\(GoldenWorker.variable)=build could not build the golden worker (\(command)): \(why); fix the build, "
                + "or \(help)"
        case let .jobFailed(message):
            return message
        case let .refused(worker, message):
            return "the golden worker \(worker) refused the request: \(message)"
        case let .failed(worker, why):
            return "the golden worker \(worker) failed: \(why); \(help)"
        case let .timedOut(worker, seconds, frames):
            return "the golden worker \(worker) drew \(frames) frames for more than \(seconds) s and was stopped; \(help)"
        }
    }

    var errorDescription: String? { description }
}
