import Foundation
import Synchronization

extension RenderJob {
    /// `write(to:progress:)` for async code. The frames are rendered on worker threads while the
    /// calling task waits; cancelling the task stops the render — each worker finishes the frame
    /// it is drawing, so within a frame or two — and throws `CancellationError`. As with any
    /// failure, nothing is half-written: the previous output at `directory` is left as it was.
    @discardableResult
    public func write(to directory: String, progress: (@Sendable (RenderProgress) -> Void)? = nil) async throws -> RenderSummary {
        try await RenderJob.cancellably { stopIfCancelled in
            try write(to: directory, counting: RenderProgress.counting(progress), frameSink: { _, _, _ in try stopIfCancelled() })
        }
    }

    /// `render(progress:frameSink:)` for async code: cancelling the calling task stops the
    /// render within a frame or two (the sink sees no frame after it) and throws `CancellationError`.
    @discardableResult
    public func render(progress: (@Sendable (RenderProgress) -> Void)? = nil, frameSink: FrameSink? = nil) async throws -> RenderSummary {
        try await RenderJob.cancellably { stopIfCancelled in
            try render(
                counting: RenderProgress.counting(progress),
                frameSink: { position, sample, image in
                    try stopIfCancelled()
                    try frameSink?(position, sample, image)
                })
        }
    }

    /// Runs the blocking `body` on a thread of its own (never one of the cooperative pool's,
    /// which a render would block) and returns its result. `body` gets a check to call once per
    /// frame: it throws `CancellationError` once the calling task is cancelled. (The check is a
    /// flag the task's cancellation handler sets: the workers are Dispatch threads, on which
    /// `Task.isCancelled` does not see the task.)
    static func cancellably<Result: Sendable>(
        _ body: @escaping @Sendable (_ stopIfCancelled: @escaping @Sendable () throws -> Void) throws -> Result
    ) async throws -> Result {
        try Task.checkCancellation()
        let cancelled = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, Error>) in
                Thread.detachNewThread {
                    continuation.resume(with: Swift.Result { try body { if cancelled.isSet { throw CancellationError() } } })
                }
            }
        } onCancel: {
            cancelled.set()
        }
    }
}

/// A flag set once, from the cancelled task's handler, and read by the render's workers.
final class CancellationFlag: Sendable {
    private let value = Mutex(false)

    /// True once `set()` was called.
    var isSet: Bool { value.withLock { $0 } }

    /// Sets the flag.
    func set() { value.withLock { $0 = true } }
}
