#if canImport(Testing)
import Testing
import FlipbookRaster

/// Expects (Swift Testing) that `image` matches the golden reference `name`; records an issue
/// with `GoldenResult.message` at the call site otherwise, and whenever a reference was recorded.
///
/// Arguments as in `GoldenImage.verify`; the test file is taken from `sourceLocation`.
/// Returns the result for further checks.
@discardableResult
public func expectGolden(_ image: PremultipliedImage, named name: String, tolerance: Int = 0,
                         maxDifferingFraction: Double = 0, goldensDirectory: String? = nil,
                         sourceLocation: SourceLocation = #_sourceLocation) -> GoldenResult {
    let result = GoldenImage.verify(image, named: name, tolerance: tolerance, maxDifferingFraction: maxDifferingFraction,
                                    goldensDirectory: goldensDirectory, testFilePath: sourceLocation.filePath)
    if !result.passed { Issue.record(Comment(rawValue: result.message), sourceLocation: sourceLocation) }
    return result
}
#endif
