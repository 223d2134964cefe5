import Foundation
import Testing
import FlipbookCodecs
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

    @Test func mismatchRecordsAnIssueAndWritesArtefacts() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let reference = gradientImage(width: 4, height: 4)
        try FileManager.default.createDirectory(atPath: scratch + "/ExpectGoldenTests", withIntermediateDirectories: true)
        try Data(PNGEncoder.encode(reference)).write(to: URL(fileURLWithPath: scratch + "/ExpectGoldenTests/mismatch.png"))
        var changed = reference
        changed.pixels[5] = packed(0, 0, 0, 255)
        var result: GoldenResult?
        withKnownIssue {
            result = expectGolden(changed, named: "mismatch", goldensDirectory: scratch)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("golden 'mismatch' does not match") }
        }
        let artefacts = try #require(result).artifactPaths
        #expect(artefacts.map { URL(fileURLWithPath: $0).lastPathComponent }
                == ["mismatch.reference.png", "mismatch.actual.png", "mismatch.diff.png"])
        #expect(artefacts.allSatisfy { FileManager.default.fileExists(atPath: $0) })
    }
}
