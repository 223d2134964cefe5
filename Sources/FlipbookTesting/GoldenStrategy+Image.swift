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
        verify(image, named: name, perceptual: .deltaE(deltaE), goldensDirectory: goldensDirectory, testFilePath: "\(file)")
    }

    /// Checks `image` against the reference called `name` by NVIDIA's FLIP: it passes when the
    /// FLIP mean and 99th percentile are within `flip` (`FLIPComparison`, default viewing).
    /// Record modes, paths and artefacts as in `verify(_:named:tolerance:…)`.
    public static func verify(_ image: PremultipliedImage, named name: String, flip: FLIPTolerance,
                              goldensDirectory: String? = nil, file: StaticString = #filePath) -> GoldenResult {
        verify(image, named: name, perceptual: .flip(flip), goldensDirectory: goldensDirectory, testFilePath: "\(file)")
    }

    static func verify(_ image: PremultipliedImage, named name: String, perceptual: PerceptualLimit,
                       goldensDirectory: String?, testFilePath: String) -> GoldenResult {
        let paths = GoldenPaths(name: name, testFilePath: testFilePath, goldensDirectory: goldensDirectory)
        var check = GoldenCheck(name: name, paths: paths)
        do {
            try check.run(image, tolerance: 0, maxDifferingFraction: 0, perceptual: perceptual)
        } catch {
            check.finish(.error, "golden '\(name)': \(error)")
        }
        return check.result
    }
}

/// A perceptual limit a golden image is checked against.
enum PerceptualLimit {
    case deltaE(DeltaETolerance)
    case flip(FLIPTolerance)

    /// The scores' one-line summary and whether they pass.
    func score(_ reference: PremultipliedImage, _ actual: PremultipliedImage) -> (summary: String, passes: Bool) {
        switch self {
        case let .deltaE(tolerance):
            let scores = PerceptualComparison.compare(reference, actual)
            return (scores.summary, scores.passes(tolerance))
        case let .flip(tolerance):
            let scores = FLIPComparison.compare(reference, actual)
            return (scores.summary, scores.passes(tolerance))
        }
    }

    /// The limits in words, for a failure message.
    var allowed: String {
        let format = PerceptualComparison.format
        switch self {
        case let .deltaE(t): return "mean ΔE \(format(t.maximumMean)), p99 ΔE \(format(t.maximumPercentile99))"
        case let .flip(t): return "mean FLIP \(format(t.maximumMean)), p99 FLIP \(format(t.maximumPercentile99))"
        }
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

/// Asserts (XCTest) that `image` matches the golden `name` within `flip` (FLIP mean and 99th
/// percentile); fails with `GoldenResult.message` otherwise. Returns the result.
@discardableResult
public func assertGolden(_ image: PremultipliedImage, named name: String, flip: FLIPTolerance,
                         goldensDirectory: String? = nil, file: StaticString = #filePath, line: UInt = #line) -> GoldenResult {
    let result = GoldenImage.verify(image, named: name, flip: flip, goldensDirectory: goldensDirectory, file: file)
    if !result.passed { XCTFail(result.message, file: file, line: line) }
    return result
}
#endif
