import Foundation
import Testing
import FlipbookRaster
import FlipbookTesting

/// `expectGolden` records a Swift Testing issue when the check fails. These tests do not change
/// the environment (Swift Testing runs tests in parallel): a missing reference fails whether
/// the mode is `missing` (it records) or `never` (CI set).
@Suite struct ExpectGoldenTests {
    @Test func missingReferenceRecordsAnIssueAtTheCallSite() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var result: GoldenResult?
        let callLine = #line + 2
        withKnownIssue {
            result = expectGolden(gradientImage(width: 4, height: 4), named: "swift-testing", goldensDirectory: scratch)
        } matching: { issue in
            issue.sourceLocation?.line == callLine && issue.sourceLocation?.filePath == #filePath
                && issue.comments.contains { $0.rawValue.contains("golden 'swift-testing'") }
        }
        let outcome = try #require(result).outcome
        #expect(outcome == .recorded || outcome == .missingReference || outcome == .error)
        #expect(try #require(result).referencePath == scratch + "/ExpectGoldenTests/swift-testing.png")
    }
}
