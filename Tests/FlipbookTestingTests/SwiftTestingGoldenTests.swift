import FlipbookCodecs
import FlipbookRaster
import FlipbookTesting
import Foundation
import Testing

/// `assertGolden` inside Swift Testing: a failing check records an issue at the call site, the
/// `.goldens(record:)` trait scopes the record mode, unnamed goldens are counted per test. These
/// tests do not change the environment (Swift Testing runs tests in parallel), so each expects
/// what `CI` (set or not) makes of it.
@Suite struct SwiftTestingGoldenTests {
    static var onCI: Bool { (ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty == false }

    @Test func missingReferenceRecordsAnIssueAtTheCallSite() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var result: GoldenResult?
        let callLine = #line + 2
        withKnownIssue {
            result = assertGolden(of: gradientImage(width: 4, height: 4), as: .image, named: "swift-testing", goldensDirectory: scratch)
        } matching: { issue in
            issue.sourceLocation?.line == callLine && issue.sourceLocation?.filePath == #filePath
                && issue.comments.contains { $0.rawValue.contains("golden 'swift-testing'") }
        }
        let outcome = try #require(result).outcome
        #expect(outcome == .recorded || outcome == .missingReference)
        #expect(try #require(result).referencePath == scratch + "/SwiftTestingGoldenTests/swift-testing.png")
    }

    @Test func mismatchRecordsAnIssueAndWritesArtefacts() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let reference = gradientImage(width: 4, height: 4)
        try FileManager.default.createDirectory(atPath: scratch + "/SwiftTestingGoldenTests", withIntermediateDirectories: true)
        try Data(PNGEncoder.encode(reference)).write(to: URL(fileURLWithPath: scratch + "/SwiftTestingGoldenTests/mismatch.png"))
        var changed = reference
        changed.pixels[5] = packed(0, 0, 0, 255)
        var result: GoldenResult?
        withKnownIssue {
            result = assertGolden(of: changed, as: .image, named: "mismatch", record: .never, goldensDirectory: scratch)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("golden 'mismatch' does not match") }
        }
        let artefacts = try #require(result).artifactPaths
        #expect(
            artefacts.map { URL(fileURLWithPath: $0).lastPathComponent }
                == ["mismatch.reference.png", "mismatch.actual.png", "mismatch.diff.png"])
        #expect(artefacts.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        #expect(try #require(result).message.contains("mismatch.diff.png (reference | difference | actual)"))
    }

    /// The trait sets the record mode for the test (task-local, so the tests running beside it
    /// keep theirs), and messages name it.
    @Test(.goldens(record: .all)) func theTraitSetsTheRecordModeForItsTest() throws {
        #expect(GoldenConfiguration.record == .all)
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let image = gradientImage(width: 3, height: 3)
        _ = verifyGolden(of: image, as: .image, named: "trait", record: .missing, goldensDirectory: scratch)
        var result: GoldenResult?
        withKnownIssue {
            result = assertGolden(of: image, as: .image, named: "trait", goldensDirectory: scratch)
        }
        let message = try #require(result).message
        if Self.onCI {
            #expect(message.contains("not recorded because CI is set"), "\(message)")
        } else {
            #expect(message.contains("re-recorded the reference (.goldens(record: .all))"), "\(message)")
        }
    }

    @Test func outsideTheTraitTheSurroundingModeHolds() {
        #expect(GoldenConfiguration.record == nil)
    }

    /// Unnamed goldens are the test's name and a count: `name.1`, `name.2`, with or without the
    /// trait (which starts a fresh count for each run of the test).
    @Test(.goldens()) func unnamedGoldensAreCounted() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let first = verifyGolden(of: "a\n", as: .text, record: .never, goldensDirectory: scratch)
        let second = verifyGolden(of: "b\n", as: .text, record: .never, goldensDirectory: scratch)
        #expect(first.referencePath == scratch + "/SwiftTestingGoldenTests/unnamedGoldensAreCounted.1.txt")
        #expect(second.referencePath == scratch + "/SwiftTestingGoldenTests/unnamedGoldensAreCounted.2.txt")
    }

    @Test func unnamedGoldensAreCountedWithoutTheTraitToo() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let first = verifyGolden(of: "a\n", as: .text, record: .never, goldensDirectory: scratch)
        let second = verifyGolden(of: "b\n", as: .text, record: .never, goldensDirectory: scratch)
        #expect(first.referencePath.hasSuffix("/unnamedGoldensAreCountedWithoutTheTraitToo.1.txt"))
        #expect(second.referencePath.hasSuffix("/unnamedGoldensAreCountedWithoutTheTraitToo.2.txt"))
    }

    /// A parameterised test's cases run in parallel: their unnamed goldens would be numbered in
    /// whatever order they ran, so the check refuses them and says why.
    @Test(arguments: [1, 2]) func aParameterisedTestMustNameItsGoldens(_ value: Int) throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let result = verifyGolden(of: "\(value)\n", as: .text, goldensDirectory: scratch)
        #expect(result.outcome == .error)
        #expect(result.message.contains("name it (named:)"), "\(result.message)")
        #expect(result.referencePath == scratch + "/SwiftTestingGoldenTests")
        #expect(filesBelow(scratch).isEmpty)
    }
}
