import Foundation
import Synchronization

/// `FLIPBOOK_WORKER=build`: the golden worker built from the Flipbook checkout this
/// FlipbookTesting was compiled from, so it is never of another version. Once per test process,
/// `swift build -c release --product flipbook` runs in that checkout with the scratch folder
/// `<checkout>/.build/flipbook-worker`: the first time a full release build (minutes, said on
/// standard error while it runs), afterwards a check that finds nothing to do (about a second).
/// A lock file beside the scratch folder makes test processes that start together wait for one
/// build instead of running several.
final class WorkerBuild: Sendable {
    static let shared = WorkerBuild()

    /// The executable once built in this process, or the error building it gave.
    private let built = Mutex<Result<String, any Error>?>(nil)

    /// The checkout: this file is `<checkout>/Sources/FlipbookTesting/GoldenWorkerBuild.swift`.
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// How long a build may take before it is taken for hung: an hour (a full release build of
    /// Flipbook takes about 5 minutes on an idle 2-core machine and has taken 25 at load 20).
    static let timeoutSeconds = 3600

    /// The worker executable, built (or found current) on first use in this process.
    func executable() throws -> String {
        try built.withLock { state in
            if state == nil { state = Result { try Self.build() } }
            return try state!.get()
        }
    }

    private static func build() throws -> String {
        let scratch = checkout.appendingPathComponent(".build/flipbook-worker")
        let arguments = [
            "swift", "build", "-c", "release", "--product", "flipbook", "--package-path", checkout.path,
            "--scratch-path", scratch.path
        ]
        let command = arguments.joined(separator: " ")
        func fail(_ why: String) -> GoldenWorkerError { .buildFailed(command: command, why: why) }
        guard FileManager.default.fileExists(atPath: checkout.appendingPathComponent("Package.swift").path) else {
            throw fail("FlipbookTesting was compiled from \(checkout.path), which holds no Package.swift any more")
        }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            throw fail("cannot create \(scratch.path): \(error.localizedDescription)")
        }
        // One build at a time across test processes: the others wait here, then find it done.
        let lockPath = scratch.path + ".lock"
        let descriptor = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw fail("cannot open \(lockPath): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { throw fail("cannot lock \(lockPath): \(String(cString: strerror(errno)))") }
        let logPath = scratch.path + ".log"
        FileHandle.standardError.write(
            Data(
                ("FlipbookTesting: FLIPBOOK_WORKER=build: building the golden worker (\(command)); "
                    + "the first build takes minutes, later ones find it current (log: \(logPath))\n").utf8))
        let ended: Process?
        do {
            ended = try GoldenWorker.runBounded("/usr/bin/env", arguments, log: logPath, seconds: timeoutSeconds)
        } catch {
            throw fail("it did not start: \(error.localizedDescription)")
        }
        guard let process = ended else { throw fail("it ran for more than \(timeoutSeconds) s and was stopped (log: \(logPath))") }
        let executable = scratch.appendingPathComponent("release/flipbook").path
        guard process.terminationReason == .exit, process.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: executable)
        else {
            let last = GoldenWorker.lastLines(of: logPath, count: 6)
            throw fail("it ended with status \(process.terminationStatus) (log: \(logPath))" + (last.isEmpty ? "" : ":\n" + last))
        }
        return executable
    }
}
