import Synchronization

/// Results written from worker threads by position — one slot per item of a
/// `ParallelFrames.run` (frames, sheet cells, comparison frames) — and read once the work is
/// done. The slots live in a `Mutex`, so the compiler checks that every access holds the lock.
package final class PositionedResults<Element: Sendable>: Sendable {
    private let slots: Mutex<[Element?]>

    /// `count` empty slots.
    package init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

    /// Stores `value` at `position` (0..<count).
    package func set(_ position: Int, _ value: Element) {
        slots.withLock { $0[position] = value }
    }

    /// The value at `position`, nil while unset.
    package func value(at position: Int) -> Element? {
        slots.withLock { $0[position] }
    }

    /// The values set so far, in position order (unset slots left out).
    package var values: [Element] {
        slots.withLock { $0.compactMap { $0 } }
    }

    /// Every slot's value, in position order, once the work has filled them all (an unset slot
    /// is a programmer error).
    package func all() -> [Element] {
        slots.withLock { slots in
            slots.map { value in
                guard let value else { preconditionFailure("a slot of PositionedResults was never set") }
                return value
            }
        }
    }
}
