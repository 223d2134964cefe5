import Foundation
import Synchronization

/// Clean-up on SIGINT, SIGTERM, SIGHUP and SIGQUIT: remove the run's temporary files, stop child
/// processes, exit with 128 + the signal number (130, 143, 129, 131).
///
/// Writers register what to undo while they work (`register`), and drop it when done
/// (`unregister`). `installSignalHandlers()` (the `flipbook` command calls it first thing) makes
/// those signals run every registered clean-up on a dedicated thread and exit. The handler itself
/// only writes the signal number to a pipe (all a signal handler may safely do); the thread
/// reading the pipe does the work. A SIGKILL cannot be handled: the next run recovers what it
/// left (see `OutputDirectory`).
package enum Termination {
    /// The registered clean-ups and whether the handlers are installed. `@unchecked Sendable`
    /// because `lock` guards every field.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var cleanups: [Int: () -> Void] = [:]
        var nextToken = 0
        var installed = false
    }
    private static let state = State()
    /// The pipe's write end: written once, under `state.lock`, before any handler is installed,
    /// then only read, by the signal handler (which may take no lock), hence `nonisolated(unsafe)`.
    nonisolated(unsafe) private static var signalPipeWriteEnd: Int32 = -1
    /// Set by the signal thread before the clean-ups run: from then on the process ends with
    /// 128 + the signal, even when a worker fails because a clean-up removed its folder first
    /// and the command returns that error (its `exit` waits; see `installSignalHandlers`).
    private static let terminating = Atomic<Bool>(false)

    /// The signals `installSignalHandlers()` handles.
    package static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Registers `cleanup` to run if the process is stopped by a handled signal; returns a token
    /// for `unregister`. Clean-ups must be quick and must not throw.
    package static func register(_ cleanup: @escaping () -> Void) -> Int {
        state.lock.lock(); defer { state.lock.unlock() }
        state.nextToken += 1
        state.cleanups[state.nextToken] = cleanup
        return state.nextToken
    }

    /// Forgets a clean-up (its work finished or was undone normally).
    package static func unregister(_ token: Int) {
        state.lock.lock(); defer { state.lock.unlock() }
        state.cleanups[token] = nil
    }

    /// Runs every registered clean-up once (in registration order) and forgets them.
    package static func runCleanups() {
        state.lock.lock()
        let pending = state.cleanups.sorted { $0.key < $1.key }.map(\.value)
        state.cleanups.removeAll()
        state.lock.unlock()
        for cleanup in pending { cleanup() }
    }

    /// Makes SIGINT, SIGTERM, SIGHUP and SIGQUIT run the clean-ups and exit with 128 + the signal
    /// (SIGQUIT included, which would otherwise print a crash report). Idempotent.
    package static func installSignalHandlers() {
        state.lock.lock(); defer { state.lock.unlock() }
        guard !state.installed else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // A full pipe must not block the handler: drop the byte, a signal is already pending.
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        signalPipeWriteEnd = ends[1]
        let readEnd = ends[0]
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count == 1 { terminate(signal: Int32(byte)) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return }
            }
        }
        thread.name = "flipbook-signals"
        thread.start()
        for number in handledSignals {
            _ = signal(number) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(Termination.signalPipeWriteEnd, &byte, 1)
            }
        }
        // A command that ends while a signal is being handled (often with an error the clean-up
        // caused: "frame_0008.png: cannot write the output") waits here for the signal thread's
        // _exit, so the status is still 128 + the signal.
        atexit {
            while Termination.terminating.load(ordering: .sequentiallyConsistent) { pause() }
        }
        state.installed = true
    }

    /// Runs the clean-ups and ends the process with 128 + `signal`, without running exit
    /// handlers (other threads are still working).
    private static func terminate(signal: Int32) -> Never {
        terminating.store(true, ordering: .sequentiallyConsistent)
        runCleanups()
        _exit(128 + signal)
    }
}
