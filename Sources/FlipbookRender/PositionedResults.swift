import Foundation

/// Results written from worker threads by position (one per frame), read once they are done.
/// `@unchecked Sendable` because `lock` guards `storage`.
package final class PositionedResults<Element>: @unchecked Sendable {
    private let lock = NSLock()  // guards `storage`
    private var storage: [Element?]

    /// `count` empty slots.
    package init(count: Int) { storage = Array(repeating: nil, count: count) }

    /// Stores `value` at `position`.
    package func set(_ position: Int, _ value: Element) {
        lock.lock()
        storage[position] = value
        lock.unlock()
    }

    /// The values set so far, in position order (unset slots left out).
    package var values: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return storage.compactMap { $0 }
    }
}
