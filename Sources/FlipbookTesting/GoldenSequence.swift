import Foundation
import Flipbook
import FlipbookFiles

/// Sequence goldens: every frame of a render checked against a `.lock` file (display lists and
/// pixel hashes, a few kilobytes), with the record modes of `GoldenImage` (docs/GOLDENS.md).
public enum GoldenSequence {
    /// Renders every frame of `job` (no PNG encoded) and compares it with the lock called `name`:
    /// `<goldens>/<TestFile>/<name>.lock`, the goldens folder found as for images. Recording
    /// writes the lock and fails; a mismatch lists the differing frames, geometry or pixels, in
    /// words, and writes `<artifacts>/<TestFile>/<name>.actual.lock`.
    public static func verify(_ job: RenderJob, named name: String, goldensDirectory: String? = nil,
                              file: StaticString = #filePath) -> GoldenResult {
        verify(job, named: name, goldensDirectory: goldensDirectory, testFilePath: "\(file)")
    }

    static func verify(_ job: RenderJob, named name: String, goldensDirectory: String?, testFilePath: String) -> GoldenResult {
        let paths = GoldenPaths(name: name, testFilePath: testFilePath, goldensDirectory: goldensDirectory)
        let reference = String(paths.reference.dropLast(4)) + ".lock"
        let artifact = String(paths.actualArtifact.dropLast(4)) + ".lock"
        func result(_ outcome: GoldenResult.Outcome, _ message: String, _ artifacts: [String] = []) -> GoldenResult {
            GoldenResult(outcome: outcome, message: message, referencePath: reference, comparison: nil, artifactPaths: artifacts)
        }
        do {
            guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else { throw GoldenError.badName(name) }
            let mode = try GoldenRecordMode.fromEnvironment()
            let actual = try SequenceLock.make(job: job, header: [("name", name)])
            let bytes = Array(actual.text.utf8)
            try? FileManager.default.removeItem(atPath: artifact)
            guard FileManager.default.fileExists(atPath: reference) else {
                if mode == .never {
                    try writeAtomically(bytes, to: artifact)
                    return result(.missingReference, "sequence golden '\(name)': no lock at \(reference); not recorded "
                                  + "(FLIPBOOK_RECORD=never or CI set).\n  actual: \(artifact)", [artifact])
                }
                try writeAtomically(bytes, to: reference)
                return result(.recorded, "sequence golden '\(name)': recorded a new lock \(reference) (\(actual.frames.count) frames, "
                              + "\(bytes.count) bytes); review and commit it, then run the test again (a recording run always fails)")
            }
            if mode == .all {
                try writeAtomically(bytes, to: reference)
                return result(.recorded, "sequence golden '\(name)': re-recorded \(reference) (FLIPBOOK_RECORD=all)")
            }
            let expected = try SequenceLock(parsing: String(decoding: try InputFile.read(reference), as: UTF8.self), path: reference)
            let differences = expected.differences(to: actual)
            if differences.isEmpty {
                return result(.matched, "sequence golden '\(name)' matches \(reference): all \(actual.frames.count) frames")
            }
            try writeAtomically(bytes, to: artifact)
            var message = "sequence golden '\(name)' does not match \(reference): \(differences.count) of \(max(expected.frames.count, actual.frames.count)) "
                + "frames differ (first: frame \(differences[0].index))"
            for difference in differences.prefix(8) {
                message += "\n  frame \(difference.index) (\(difference.kind.rawValue)): " + difference.changes.prefix(3).joined(separator: "; ")
            }
            message += "\n  actual: \(artifact)"
            if mode == .failed {
                try writeAtomically(bytes, to: reference)
                return result(.recorded, message + "\nre-recorded the lock (FLIPBOOK_RECORD=failed): review and commit \(reference)", [artifact])
            }
            return result(.mismatched, message + "\nIf the change is intended, re-record with FLIPBOOK_RECORD=failed and review the new lock.", [artifact])
        } catch {
            return result(.error, "sequence golden '\(name)': \(error)")
        }
    }
}

#if canImport(XCTest)
import XCTest

/// Asserts (XCTest) that every frame of `job` matches the sequence golden `name` (a `.lock`
/// of display lists and pixel hashes); fails with the differing frames in words otherwise and
/// whenever the lock was recorded. Returns the result.
@discardableResult
public func assertGoldenSequence(_ job: RenderJob, named name: String, goldensDirectory: String? = nil,
                                 file: StaticString = #filePath, line: UInt = #line) -> GoldenResult {
    let result = GoldenSequence.verify(job, named: name, goldensDirectory: goldensDirectory, file: file)
    if !result.passed { XCTFail(result.message, file: file, line: line) }
    return result
}
#endif
