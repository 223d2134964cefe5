#if canImport(Testing)
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
    expectGolden(of: image, as: .image(tolerance: tolerance, maxDifferingFraction: maxDifferingFraction), named: name,
                 goldensDirectory: goldensDirectory, sourceLocation: sourceLocation)
}
#endif
