import Foundation
import Flipbook
import FlipbookFiles

/// Sequence goldens: every frame of a render checked against a `.lock` file (display lists and
/// pixel hashes, a few kilobytes), with the record modes of `GoldenImage` (docs/GOLDENS.md);
/// the `.sequence` strategy (`assertGolden(of: job, as: .sequence, named:)`) under another name.
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
        GoldenStrategy<RenderJob>.sequence.check(job, GoldenRequest(name: name, testFilePath: testFilePath, goldensDirectory: goldensDirectory))
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
