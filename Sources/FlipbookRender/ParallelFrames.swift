import FlipbookRaster
import Foundation

/// Runs numbered work items on a fixed number of threads; the first error stops the rest.
package enum ParallelFrames {
    /// Calls `body(i)` for every `i` in `0..<count`, on up to `threads` threads, and rethrows
    /// the first error. Items are taken in order, so with one thread they run in sequence.
    package static func run(count: Int, threads: Int, progress: (@Sendable (Int, Int) -> Void)?,
                    _ body: @escaping (Int) throws -> Void) throws {
        let lock = NSLock()
        var next = 0, done = 0
        var failure: Error?
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, count))) { _ in
            while true {
                lock.lock()
                let index = next
                next += 1
                let stop = failure != nil
                lock.unlock()
                guard index < count, !stop else { return }
                do {
                    try body(index)
                    lock.lock()
                    done += 1
                    progress?(done, count)
                    lock.unlock()
                } catch {
                    lock.lock()
                    if failure == nil { failure = error }
                    lock.unlock()
                }
            }
        }
        if let failure { throw failure }
    }
}

/// Images filled in by worker threads, one slot each.
package final class Slots: @unchecked Sendable {
    private let lock = NSLock()
    private var images: [PremultipliedImage?]

    package init(count: Int) { images = Array(repeating: nil, count: count) }

    package func set(_ slot: Int, _ image: PremultipliedImage) {
        lock.lock(); images[slot] = image; lock.unlock()
    }

    /// Every slot, filled (a missing one is a programmer error).
    package func all() -> [PremultipliedImage] {
        lock.lock(); defer { lock.unlock() }
        return images.map { $0! }
    }
}
