import FlipbookFiles
import Foundation

#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Asserts that `value` matches its golden by `strategy` (`assertGolden(of: image, as: .image)`,
/// `as: .displayList(…)`, `as: .sequence`, `as: .animatedPNG`), in XCTest and Swift Testing
/// alike: a check that does not pass — a mismatch, a missing reference, or any recording —
/// fails the running test at the call site with `GoldenResult.message`. Returns the result.
///
/// - Parameters:
///   - name: the reference's file name without extension; default the test's name and a counter
///     (`testPush.1`, `testPush.2`, … counted per test). Name the goldens of a parameterised
///     Swift Testing test, whose cases run in parallel.
///   - record: this check's record mode, over `withGoldens`, `.goldens(record:)` and
///     `FLIPBOOK_RECORD` (with `CI` set it is always `never`).
///   - goldensDirectory: the goldens folder, over `withGoldens` and `FLIPBOOK_GOLDENS_DIR`.
///
/// Under Swift Testing (`Test.current` is set inside a running test and its child tasks) the
/// failure is an `Issue` and the artefacts (reference, actual, diff) are attached, so
/// `swift test --attachments-path DIR` keeps them; otherwise it is an `XCTFail`.
@discardableResult
public func assertGolden<Value>(
    of value: Value, as strategy: GoldenStrategy<Value>, named name: String? = nil,
    record: GoldenRecordMode? = nil, goldensDirectory: String? = nil,
    fileID: StaticString = #fileID, file: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) -> GoldenResult {
    let result = GoldenNames.check(
        value, as: strategy, named: name, record: record, goldensDirectory: goldensDirectory,
        testFilePath: "\(file)", testName: testName)
    if !result.passed { GoldenFailure.report(result, fileID: fileID, file: file, line: line, column: column) }
    return result
}

/// Reports a failed check through the test framework that is running it.
enum GoldenFailure {
    /// An `Issue` when a Swift Testing test is running (`Test.current` is set in its task and
    /// child tasks), else an `XCTFail`: at the assertion's file and line either way.
    static func report(_ result: GoldenResult, fileID: StaticString, file: StaticString, line: UInt, column: UInt) {
        #if canImport(Testing)
            if Test.current != nil {
                recordIssue(result, at: SourceLocation(fileID: "\(fileID)", filePath: "\(file)", line: Int(line), column: Int(column)))
                return
            }
        #endif
        #if canImport(XCTest)
            XCTFail(result.message, file: file, line: line)
        #endif
    }

    #if canImport(Testing)
        /// Records the message as an issue at `sourceLocation` and attaches the artefacts.
        static func recordIssue(_ result: GoldenResult, at sourceLocation: SourceLocation) {
            Issue.record(Comment(rawValue: result.message), sourceLocation: sourceLocation)
            for path in result.artifactPaths {
                guard let bytes = try? InputFile.read(path) else { continue }
                Attachment.record(bytes, named: URL(fileURLWithPath: path).lastPathComponent, sourceLocation: sourceLocation)
            }
        }
    #endif
}
