import Foundation
import FlipbookImageDiff
import FlipbookRaster

extension GoldenImage {
    /// Checks `image` against the reference called `name` by perceptual scores: it passes when
    /// the CIEDE2000 mean and 99th percentile are within `deltaE` (`PerceptualComparison`).
    /// Record modes, paths and artefacts as in `verify(_:named:tolerance:…)`. For images from
    /// elsewhere (another decoder, a GPU); Flipbook's own frames match exactly.
    public static func verify(_ image: PremultipliedImage, named name: String, deltaE: DeltaETolerance,
                              goldensDirectory: String? = nil, file: StaticString = #filePath) -> GoldenResult {
        verify(image, named: name, deltaE: deltaE, goldensDirectory: goldensDirectory, testFilePath: "\(file)")
    }

    static func verify(_ image: PremultipliedImage, named name: String, deltaE: DeltaETolerance,
                       goldensDirectory: String?, testFilePath: String) -> GoldenResult {
        let paths = GoldenPaths(name: name, testFilePath: testFilePath, goldensDirectory: goldensDirectory)
        var check = GoldenCheck(name: name, paths: paths)
        do {
            try check.run(image, tolerance: 0, maxDifferingFraction: 0, deltaE: deltaE)
        } catch {
            check.finish(.error, "golden '\(name)': \(error)")
        }
        return check.result
    }
}

#if canImport(XCTest)
import XCTest

/// Asserts (XCTest) that `image` matches the golden `name` within `deltaE` (CIEDE2000 mean
/// and 99th percentile); fails with `GoldenResult.message` otherwise. Returns the result.
@discardableResult
public func assertGolden(_ image: PremultipliedImage, named name: String, deltaE: DeltaETolerance,
                         goldensDirectory: String? = nil, file: StaticString = #filePath, line: UInt = #line) -> GoldenResult {
    let result = GoldenImage.verify(image, named: name, deltaE: deltaE, goldensDirectory: goldensDirectory, file: file)
    if !result.passed { XCTFail(result.message, file: file, line: line) }
    return result
}
#endif
