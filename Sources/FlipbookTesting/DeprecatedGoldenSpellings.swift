#if canImport(XCTest)
import XCTest
import FlipbookRaster

/// Asserts (XCTest) that `image` matches the golden reference `name`; fails with
/// `GoldenResult.message` at the call site otherwise, and whenever a reference was recorded.
///
/// Arguments as in `GoldenImage.verify`; `tolerance` is per channel (0…255) and
/// `maxDifferingFraction` (0…1) the share of pixels allowed to exceed it, both 0 by default.
/// Returns the result for further checks.
@discardableResult
public func assertGolden(_ image: PremultipliedImage, named name: String, tolerance: Int = 0,
                         maxDifferingFraction: Double = 0, goldensDirectory: String? = nil,
                         file: StaticString = #filePath, line: UInt = #line) -> GoldenResult {
    let result = GoldenImage.verify(image, named: name, tolerance: tolerance, maxDifferingFraction: maxDifferingFraction,
                                    goldensDirectory: goldensDirectory, file: file)
    if !result.passed { XCTFail(result.message, file: file, line: line) }
    return result
}
#endif
