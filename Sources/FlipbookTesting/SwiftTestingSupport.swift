#if canImport(Testing)
import FlipbookFiles
import Foundation
import Testing
import FlipbookRaster

/// Expects (Swift Testing) that `image` matches the golden reference `name`; records an issue
/// with `GoldenResult.message` at the call site otherwise, and whenever a reference was recorded.
///
/// Arguments as in `GoldenImage.verify`; the test file is taken from `sourceLocation`. The
/// artefacts (reference, actual, diff) are also attached to the test, so they are kept when
/// `swift test` runs with `--attachments-path`.
/// Returns the result for further checks.
@discardableResult
public func expectGolden(_ image: PremultipliedImage, named name: String, tolerance: Int = 0,
                         maxDifferingFraction: Double = 0, goldensDirectory: String? = nil,
                         sourceLocation: SourceLocation = #_sourceLocation) -> GoldenResult {
    let result = GoldenImage.verify(image, named: name, tolerance: tolerance, maxDifferingFraction: maxDifferingFraction,
                                    goldensDirectory: goldensDirectory, testFilePath: sourceLocation.filePath)
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
