import Foundation
import XCTest

@testable import FlipbookOutput

/// `PipeWrite`, which writes frames to ffmpeg: a reader that goes away is an error the caller
/// sees, never a SIGPIPE left for the process. The test bundle ignores SIGPIPE, so the tests
/// block it on their own thread around the write: whatever PipeWrite leaves pending stays
/// visible to `sigpending` instead of being discarded.
final class PipeWriteTests: XCTestCase {
    /// Runs `body` with SIGPIPE blocked on this thread; returns its result and whether a SIGPIPE
    /// was left pending (which is then taken off, so it cannot reach a later test).
    func withSIGPIPEBlocked<T>(_ body: () -> T) -> (result: T, pending: Bool) {
        var pipeSignal = sigset_t(), previous = sigset_t(), pending = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        let result = body()
        sigpending(&pending)
        let left = sigismember(&pending, SIGPIPE) == 1
        if left {
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&pipeSignal, nil, &now)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return (result, left)
    }

    func testAWriteToAClosedPipeIsEPIPEWithNoSignalLeft() {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        close(ends[0])
        defer { close(ends[1]) }
        let bytes = [UInt8](repeating: 1, count: 16)
        let (written, pending) = withSIGPIPEBlocked { () -> (Int, Int32) in
            let count = bytes.withUnsafeBytes { PipeWrite.write(ends[1], $0.baseAddress!, $0.count) }
            return (count, errno)
        }
        XCTAssertEqual(written.0, -1)
        XCTAssertEqual(written.1, EPIPE)
        XCTAssertFalse(pending, "PipeWrite left a SIGPIPE pending")
    }

    /// Before: a reader that closed while a large write waited for room made the write return
    /// the bytes it had copied — and the kernel raised SIGPIPE all the same. PipeWrite took the
    /// signal off only after a -1, so restoring the mask delivered it: a crashed ffmpeg in the
    /// middle of a frame ended a process that does not ignore SIGPIPE.
    func testAReaderClosingInTheMiddleOfAWriteLeavesNoSignal() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[1]) }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        // The reader takes 100 KB, waits until the pipe is full again (the writer is then blocked
        // in the middle of its 4 MB), and closes.
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            var total = 0
            while total < 100_000 {
                let count = read(readEnd, &buffer, buffer.count)
                guard count > 0 else { break }
                total += count
            }
            var queued: Int32 = 0
            let deadline = Date().addingTimeInterval(30)
            while ioctl(readEnd, UInt(FIONREAD), &queued) == 0, queued < 65_536, Date() < deadline { usleep(1000) }
            close(readEnd)
        }
        reader.start()
        let bytes = [UInt8](repeating: 1, count: 4 << 20)
        let (written, pending) = withSIGPIPEBlocked {
            bytes.withUnsafeBytes { PipeWrite.write(writeEnd, $0.baseAddress!, $0.count) }
        }
        XCTAssertGreaterThan(written, 100_000, "the write was cut short in its middle, after the reader took 100 KB")
        XCTAssertLessThan(written, 4 << 20)
        XCTAssertFalse(pending, "PipeWrite left the SIGPIPE of a write cut short pending: restoring the mask would deliver it")
    }
}
