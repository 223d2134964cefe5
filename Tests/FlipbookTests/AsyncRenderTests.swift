import Flipbook
import FlipbookPipelineTestSupport
import Foundation
import Synchronization
import XCTest

/// The async front doors: `write(to:)` and `render()` awaited from a task, stopped by its
/// cancellation within a frame or two, leaving what was written before untouched.
final class AsyncRenderTests: XCTestCase {
    /// A push at @1x and 60 fps on one thread: 43 frames rendered one after the other, so
    /// "stopped within a frame or two" is a count.
    func job() throws -> RenderJob {
        var settings = RenderSettings.small(.push)
        settings.threads = 1
        return try RenderJob(settings: settings)
    }

    /// Progress reports, as the render's workers make them.
    final class Reports: Sendable {
        let completed = Mutex<[Int]>([])

        func add(_ progress: RenderProgress) { completed.withLock { $0.append(progress.completedFrames) } }

        var last: Int { completed.withLock { $0.last ?? 0 } }

        /// Returns once the first frame is reported.
        func firstFrame() async throws {
            while last == 0 { try await Task.sleep(nanoseconds: 1_000_000) }
        }
    }

    /// Awaits `task`, expecting `CancellationError`.
    func expectCancelled(_ task: Task<RenderSummary, Error>, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            _ = try await task.value
            XCTFail("the render finished although its task was cancelled", file: file, line: line)
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)", file: file, line: line)
        }
    }

    func testACancelledWriteStopsWithinAFrameOrTwoAndKeepsThePreviousOutput() async throws {
        let job = try job()
        XCTAssertEqual(job.frames.count, 43)
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("push").path
        // The previous output: an awaited write that is not cancelled writes every frame.
        let summary = try await job.write(to: out)
        XCTAssertEqual(summary.framesWritten, 43)
        let before = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        let timeline = try Data(contentsOf: URL(fileURLWithPath: out + "/timeline.json"))
        XCTAssertEqual(before.count, 44)

        let reports = Reports()
        let task = Task { try await job.write(to: out, progress: { reports.add($0) }) }
        try await reports.firstFrame()
        let atCancel = reports.last
        task.cancel()
        await expectCancelled(task)
        // Each worker finishes the frame it is drawing: with one thread, at most two more.
        XCTAssertLessThanOrEqual(reports.last, atCancel + 2)
        XCTAssertLessThan(reports.last, 43)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), before)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out + "/timeline.json")), timeline)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["push"], "no temporary folder is left")
    }

    func testACancelledRenderHandsNoFrameToTheSinkAfterIt() async throws {
        let job = try job()
        let reports = Reports(), sunk = Mutex(0)
        let task = Task {
            try await job.render(progress: { reports.add($0) }, frameSink: { _, _, _ in sunk.withLock { $0 += 1 } })
        }
        try await reports.firstFrame()
        let atCancel = reports.last
        task.cancel()
        await expectCancelled(task)
        XCTAssertLessThanOrEqual(sunk.withLock { $0 }, atCancel + 2)
        XCTAssertLessThan(sunk.withLock { $0 }, 43)
    }

    func testATaskCancelledBeforeTheRenderRendersNothing() async throws {
        let job = try job()
        let sunk = Mutex(0)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await job.render(frameSink: { _, _, _ in sunk.withLock { $0 += 1 } })
        }
        await expectCancelled(task)
        XCTAssertEqual(sunk.withLock { $0 }, 0)
    }
}
