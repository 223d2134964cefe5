import FlipbookPipelineTestSupport
import FlipbookTestSignals
import Foundation
import Synchronization
import XCTest

/// The helpers that run `flipbook` (`runFlipbook`, `startFlipbook`, `feed`) under the load that
/// once killed the test process with SIGPIPE on a busy machine: many runs at once whose children
/// exit early — before reading the input written to them, right after a usage error.
final class CLIHelperLoadTests: XCTestCase {
    /// The constructor in FlipbookTestSignals ran as the bundle loaded: a write to a pipe whose
    /// reader is gone fails with EPIPE, and this process goes on.
    func testAWriteToAClosedPipeFailsInsteadOfEndingTheTestProcess() {
        XCTAssertEqual(flipbook_test_broken_pipes_ignored(), 1)
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        close(ends[0])
        var byte: UInt8 = 0
        let written = write(ends[1], &byte, 1)
        let error = errno
        close(ends[1])
        XCTAssertEqual(written, -1)
        XCTAssertEqual(error, EPIPE)
    }

    /// 32 threads each run flipbook three times at once: a usage error (the child exits at once),
    /// the same with 4 MB written to its stdin (it exits without reading them: the write meets a
    /// closed pipe) and `--help` (a longer stdout). Every run reports its own output, none hangs,
    /// and the test process is still here.
    func testManyConcurrentRunsWhoseChildrenExitEarly() throws {
        _ = try runFlipbook(["--version"]) // skips the test when flipbook is not built
        let threads = 32
        let input = [UInt8](repeating: 0x2E, count: 4 << 20)
        let failures = Mutex<[String]>([])
        let group = DispatchGroup()
        for index in 0..<threads {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let typo = try runFlipbook(["render", "pushh"], timeoutSeconds: 120)
                    let fed = try runFlipbook(["render", "pushh"], input: input, timeoutSeconds: 120)
                    let help = try runFlipbook(["--help"], timeoutSeconds: 120)
                    var problems: [String] = []
                    for run in [typo, fed]
                    where run.status != 64 || run.errorLines.first != "error: unknown preset 'pushh'; did you mean 'push'?" {
                        problems.append("thread \(index): status \(run.status), stderr \(run.stderr)")
                    }
                    if help.status != 0 || help.stdout.isEmpty { problems.append("thread \(index): --help gave \(help.status)") }
                    failures.withLock { $0 += problems }
                } catch {
                    failures.withLock { $0.append("thread \(index): \(error)") }
                }
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 600), .success, "the runs did not finish within 10 minutes")
        XCTAssertEqual(failures.withLock { $0 }, [])
    }

    /// `feed` writing to a child that exits without reading: the write ends early with EPIPE,
    /// the helper returns what went in (at most what the pipe buffers), and the run's output is whole.
    func testFeedingAChildThatExitsWithoutReadingStopsAtTheClosedPipe() throws {
        let process = try startFlipbook(["render", "pushh"], pipingInput: true)
        let stderr = PipeDrain(process.standardError as! Pipe)
        process.waitUntilExit()
        let written = feed([UInt8](repeating: 0x2E, count: 4 << 20), to: process)
        XCTAssertLessThan(written, 4 << 20, "the child exited: the pipe cannot take 4 MB")
        XCTAssertEqual(process.terminationStatus, 64)
        XCTAssertTrue(String(decoding: stderr.wait(), as: UTF8.self).hasPrefix("error: unknown preset 'pushh'"))
    }
}
