import Foundation
import XCTest

/// Deliberate bugs that `scripts/sanitize` runs to prove its sanitizer runs would catch real
/// ones: the leak must fail the AddressSanitizer run despite the LeakSanitizer suppressions, the
/// race must fail the ThreadSanitizer run. Skipped unless FLIPBOOK_SANITIZER_CANARY names one.
final class SanitizerCanaryTests: XCTestCase {
    /// A reference cycle nobody can reach: Swift never frees it.
    final class Node {
        var next: Node?
        let payload = [UInt8](repeating: 7, count: 4096)
    }

    func testLeakCanary() throws {
        guard ProcessInfo.processInfo.environment["FLIPBOOK_SANITIZER_CANARY"] == "leak" else {
            throw XCTSkip("run by scripts/sanitize to check that LeakSanitizer still reports Flipbook's leaks")
        }
        let first = Node(), second = Node()
        first.next = second
        second.next = first
    }

    /// Two threads incrementing one counter without a lock. `@unchecked Sendable` on purpose: the
    /// race the compiler would refuse is the one ThreadSanitizer must catch.
    final class Counter: @unchecked Sendable { var value = 0 }

    func testRaceCanary() throws {
        guard ProcessInfo.processInfo.environment["FLIPBOOK_SANITIZER_CANARY"] == "race" else {
            throw XCTSkip("run by scripts/sanitize to check that ThreadSanitizer reports data races")
        }
        let counter = Counter()
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            Thread {
                for _ in 0..<10_000 { counter.value += 1 }
                finished.signal()
            }.start()
        }
        finished.wait()
        finished.wait()
        XCTAssertGreaterThan(counter.value, 0)
    }
}
