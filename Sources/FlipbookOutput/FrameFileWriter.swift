package import FlipbookCodecs
import FlipbookFiles
package import FlipbookRaster
import Foundation

/// Encodes frames to PNG on the calling (worker) thread and creates their files on a writer
/// thread, so a worker never waits for the disk.
///
/// Each file is flushed (`OutputFile.create`: write + fsync) before the job's folder is swapped
/// in; a flush takes a few milliseconds of waiting per frame on this machine's disk, time in
/// which a worker that wrote its own files would leave its core idle. Encoders are shared by
/// workers (one borrowed per frame, so each keeps its writer's compressor state and buffers warm; a
/// `PNGFrameEncoder` is not thread-safe). At most `maximumPendingFiles` encoded files wait for
/// the writer (memory stays flat: ~1 MB each at 750×1334); a worker that would exceed it waits.
/// `@unchecked Sendable`: the compiler cannot see that `lock` guards `idle` and `failure`, and
/// that an encoder taken from `idle` is used by one worker at a time.
package final class FrameFileWriter: @unchecked Sendable {
    /// Files encoded but not yet created, at most. Four keeps both workers busy while the writer
    /// flushes one file and has the next queued.
    static let maximumPendingFiles = 4

    let options: PNGEncodeOptions
    private let lock = NSLock()
    private var idle: [PNGFrameEncoder] = []
    private var failure: Error?
    private let queue = DispatchQueue(label: "flipbook.frame-files")
    private let slots = DispatchSemaphore(value: FrameFileWriter.maximumPendingFiles)

    /// A writer encoding with `options`.
    package init(options: PNGEncodeOptions) { self.options = options }

    /// Encodes `image` now and queues the creation of the new file `path` (errors name `name`).
    /// - Throws: `CodecError.encodeFailed`; the first error of an earlier file's creation.
    package func write(_ image: PremultipliedImage, to path: String, reportingAs name: String) throws {
        try rethrowFailure()
        lock.lock()
        let encoder = idle.popLast() ?? PNGFrameEncoder(options: options)
        lock.unlock()
        let bytes: [UInt8]
        do {
            bytes = try encoder.encode(image)
        } catch {
            lock.lock(); idle.append(encoder); lock.unlock()
            throw error
        }
        lock.lock(); idle.append(encoder); lock.unlock()
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            lock.lock(); let failed = failure != nil; lock.unlock()
            guard !failed else { return }
            do {
                try OutputFile.create(bytes, at: path, reportingAs: name)
            } catch {
                lock.lock(); if failure == nil { failure = error }; lock.unlock()
            }
        }
    }

    /// Waits until every queued file is created (call it before the folder is swapped in, or
    /// removed after a failure).
    /// - Throws: the first error creating a file.
    package func finish() throws {
        queue.sync {}
        try rethrowFailure()
    }

    private func rethrowFailure() throws {
        lock.lock(); defer { lock.unlock() }
        if let failure { throw failure }
    }
}
