import Foundation

/// Runs numbered work items on a fixed number of threads; the first error stops the rest. The
/// one work loop of the package: frames, contact-sheet cells, comparison frames and image decodes.
package enum ParallelFrames {
    /// Calls `body(i)` for every `i` in `0..<count`, on up to `threads` threads, and rethrows
    /// the first error. Items are taken in order, so with one thread they run in sequence.
    /// `progress` is called after each item, under the loop's lock (one call at a time).
    package static func run(
        count: Int, threads: Int, progress: (@Sendable (Int, Int) -> Void)?,
        _ body: @Sendable (Int) throws -> Void
    ) throws {
        let queue = WorkQueue(count: count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, count))) { _ in
            while let index = queue.take() {
                do {
                    try body(index)
                    queue.finished(progress: progress)
                } catch {
                    queue.fail(error)
                }
            }
        }
        if let failure = queue.failure { throw failure }
    }
}

/// The shared state of one `ParallelFrames.run`: the next item, the items done and the first
/// error. `@unchecked Sendable` because `lock` guards all three.
private final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var next = 0, done = 0
    private var firstError: Error?

    init(count: Int) { self.count = count }

    /// The next item, or nil when every item is taken or one has failed.
    func take() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard next < count, firstError == nil else { return nil }
        next += 1
        return next - 1
    }

    func finished(progress: (@Sendable (Int, Int) -> Void)?) {
        lock.lock(); defer { lock.unlock() }
        done += 1
        progress?(done, count)
    }

    func fail(_ error: Error) {
        lock.lock(); defer { lock.unlock() }
        if firstError == nil { firstError = error }
    }

    var failure: Error? {
        lock.lock(); defer { lock.unlock() }
        return firstError
    }
}
