import Foundation
import Synchronization

#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// The names of goldens a check does not name: the test's name and a counter, as
/// swift-snapshot-testing names snapshots — `testPush.1`, `testPush.2` for a test's first and
/// second unnamed goldens (`testPush.1.png`). The count starts again for every test: at each
/// XCTest test case's start, and for each Swift Testing test (per run of it when the test or its
/// suite has the `.goldens` trait).
enum GoldenNames {
    /// Checks `value` by `strategy` under the given name, or the next default name.
    static func check<Value>(
        _ value: Value, as strategy: GoldenStrategy<Value>, named name: String?, record: GoldenRecordMode?,
        goldensDirectory: String?, testFilePath: String, testName: String
    ) -> GoldenResult {
        guard let resolved = name ?? nextName(testFilePath: testFilePath, testName: testName) else {
            let folder = GoldenPaths(
                name: "_", testFilePath: testFilePath, goldensDirectory: goldensDirectory,
                pathExtension: strategy.pathExtension
            ).reference
            return GoldenResult(
                outcome: .error,
                message: """
                    golden of \(testName): name it (named:) — a parameterised test's cases run in parallel and share \
                    one count, so their default names would not be the same from run to run
                    """, referencePath: (folder as NSString).deletingLastPathComponent, comparison: nil, artifactPaths: [])
        }
        let request = GoldenRequest(name: resolved, testFilePath: testFilePath, goldensDirectory: goldensDirectory, record: record)
        return strategy.check(value, request)
    }

    /// `<test name>.<n>` for the `n`th unnamed golden of the running test; nil in a parameterised
    /// Swift Testing test.
    static func nextName(testFilePath: String, testName: String) -> String? {
        let base = baseName(testName)
        let key = testFilePath + "\u{0}" + base
        #if canImport(Testing)
            if let test = Test.current {
                if Test.Case.current?.isParameterized == true { return nil }
                let counters = GoldenNameCounters.scoped ?? GoldenNameCounters.process
                return "\(base).\(counters.next("\(test.id)\u{0}" + key))"
            }
        #endif
        #if canImport(XCTest)
            XCTestCaseStarts.observe()
        #endif
        return "\(base).\(GoldenNameCounters.process.next(key))"
    }

    /// The test's name as a file name: `testPush()` → `testPush`; characters other than letters,
    /// digits and `_` (spaces of a raw identifier, backticks) become `-`.
    static func baseName(_ testName: String) -> String {
        let name = testName.split(separator: "(", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? testName
        var result = ""
        for scalar in name.unicodeScalars {
            let keep = CharacterSet.alphanumerics.contains(scalar) || scalar == "_"
            if keep { result.unicodeScalars.append(scalar) } else if !result.hasSuffix("-") { result += "-" }
        }
        let trimmed = result.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return trimmed.isEmpty ? "golden" : trimmed
    }
}

/// Counts of the unnamed goldens checked so far, per test.
final class GoldenNameCounters: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// The next count for `key`, from 1.
    func next(_ key: String) -> Int {
        counts.withLock { counts in
            counts[key, default: 0] += 1
            return counts[key]!
        }
    }

    /// Forgets every count (a new test begins).
    func reset() { counts.withLock { $0.removeAll() } }

    /// The counts for this process: XCTest's (reset as each test case starts) and Swift
    /// Testing's outside a `.goldens` trait (keyed by the test).
    static let process = GoldenNameCounters()
    /// The counts of one run of a test under the `.goldens` trait.
    @TaskLocal static var scoped: GoldenNameCounters?
}

#if canImport(XCTest)
    /// Resets the process's counts as each XCTest test case starts (XCTest runs one at a time).
    final class XCTestCaseStarts: NSObject, XCTestObservation, Sendable {
        private static let registered = Mutex(false)

        /// Registers the observer once; the first test's counts start empty anyway.
        static func observe() {
            let first = registered.withLock { registered in
                defer { registered = true }
                return !registered
            }
            if first { XCTestObservationCenter.shared.addTestObserver(XCTestCaseStarts()) }
        }

        func testCaseWillStart(_ testCase: XCTestCase) {
            GoldenNameCounters.process.reset()
        }
    }
#endif
