import Foundation
import FlipbookFiles

#if canImport(XCTest)
import XCTest

/// Asserts (XCTest) that `value` matches the golden `name` by `strategy`
/// (`assertGolden(of: image, as: .image, named: "badge")`, `as: .displayList(…)`,
/// `as: .sequence`, `as: .animatedPNG`); fails with `GoldenResult.message` otherwise and
/// whenever a reference was recorded. Returns the result.
@discardableResult
public func assertGolden<Value>(of value: Value, as strategy: GoldenStrategy<Value>, named name: String,
                                goldensDirectory: String? = nil, file: StaticString = #filePath, line: UInt = #line) -> GoldenResult {
    let result = verifyGolden(of: value, as: strategy, named: name, goldensDirectory: goldensDirectory, file: file)
    if !result.passed { XCTFail(result.message, file: file, line: line) }
    return result
}
#endif

#if canImport(Testing)
import Testing

/// Expects (Swift Testing) that `value` matches the golden `name` by `strategy`; records an
/// issue with `GoldenResult.message` at the call site otherwise (and when a reference was
/// recorded), attaching the artefacts. Returns the result.
@discardableResult
public func expectGolden<Value>(of value: Value, as strategy: GoldenStrategy<Value>, named name: String,
                                goldensDirectory: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> GoldenResult {
    let result = strategy.check(value, GoldenRequest(name: name, testFilePath: sourceLocation.filePath, goldensDirectory: goldensDirectory))
    if !result.passed {
        Issue.record(Comment(rawValue: result.message), sourceLocation: sourceLocation)
        for path in result.artifactPaths {
            guard let bytes = try? InputFile.read(path) else { continue }
            Attachment.record(bytes, named: URL(fileURLWithPath: path).lastPathComponent, sourceLocation: sourceLocation)
        }
    }
    return result
}
#endif
