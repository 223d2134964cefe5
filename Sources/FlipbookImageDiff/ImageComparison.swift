public import FlipbookRaster
import Foundation

/// The result of comparing two images pixel by pixel: how many pixels differ and by how much.
///
/// Differences are measured on the **premultiplied** RGBA8 values (what `ImageDecoder` returns and
/// what the rasterizer draws): a pixel's difference is the largest of its four channel differences
/// (0…255). Measuring premultiplied values means a colour change in a nearly transparent pixel
/// counts for about as much as it would show when composited, and two pixels with alpha 0 are
/// always equal, whatever colour bits they carry.
///
/// When the sizes differ, the counts cover the overlapping top-left region only and
/// `sizesMatch` is false; such a comparison never passes.
public struct ImageComparison: Sendable, Hashable {
    /// The reference image's width in pixels.
    public let referenceWidth: Int
    /// The reference image's height in pixels.
    public let referenceHeight: Int
    /// The actual image's width in pixels.
    public let actualWidth: Int
    /// The actual image's height in pixels.
    public let actualHeight: Int
    /// The per-channel tolerance used (0…255): a pixel differs when some channel differs by more.
    public let tolerance: Int
    /// Pixels compared: the overlap of both images (all of them when the sizes match).
    public let comparedPixels: Int
    /// Pixels with some channel differing by more than `tolerance`.
    public let differingPixels: Int
    /// The largest channel difference over all compared pixels (0…255), within tolerance or not.
    public let largestDifference: Int

    /// Compares `reference` with `actual` with a per-channel `tolerance` (0…255, default 0: exact).
    public static func compare(_ reference: PremultipliedImage, _ actual: PremultipliedImage, tolerance: Int = 0) -> ImageComparison {
        precondition((0...255).contains(tolerance), "tolerance must be 0…255, not \(tolerance)")
        let width = min(reference.width, actual.width)
        let height = min(reference.height, actual.height)
        var differing = 0
        var largest: UInt32 = 0
        let limit = UInt32(tolerance)
        reference.pixels.withUnsafeBufferPointer { referencePixels in
            actual.pixels.withUnsafeBufferPointer { actualPixels in
                for y in 0..<height {
                    let referenceRow = y &* reference.width
                    let actualRow = y &* actual.width
                    for x in 0..<width {
                        let difference = pixelDifference(referencePixels[referenceRow &+ x], actualPixels[actualRow &+ x])
                        if difference > largest { largest = difference }
                        if difference > limit { differing &+= 1 }
                    }
                }
            }
        }
        return ImageComparison(
            referenceWidth: reference.width, referenceHeight: reference.height,
            actualWidth: actual.width, actualHeight: actual.height, tolerance: tolerance,
            comparedPixels: width * height, differingPixels: differing,
            largestDifference: Int(largest))
    }

    /// The largest channel difference between two packed premultiplied pixels (0…255);
    /// 0 when both are fully transparent.
    @inline(__always)
    static func pixelDifference(_ a: UInt32, _ b: UInt32) -> UInt32 {
        if a == b { return 0 }
        if a >> 24 == 0, b >> 24 == 0 { return 0 }
        var largest: UInt32 = 0
        var shift: UInt32 = 0
        while shift < 32 {
            let ca = (a >> shift) & 0xFF, cb = (b >> shift) & 0xFF
            let difference = ca > cb ? ca &- cb : cb &- ca
            if difference > largest { largest = difference }
            shift &+= 8
        }
        return largest
    }

    /// True when both images have the same width and height.
    public var sizesMatch: Bool { referenceWidth == actualWidth && referenceHeight == actualHeight }

    /// `differingPixels / comparedPixels` (0 when nothing was compared).
    public var differingFraction: Double {
        comparedPixels == 0 ? 0 : Double(differingPixels) / Double(comparedPixels)
    }

    /// True when the sizes match and at most `maxDifferingFraction` (0…1) of the pixels differ.
    /// The default 0 allows no differing pixel.
    public func passes(maxDifferingFraction: Double = 0) -> Bool {
        precondition((0...1).contains(maxDifferingFraction), "maxDifferingFraction must be 0…1, not \(maxDifferingFraction)")
        // Counts are exact integers; the product is compared, not a rounded percentage.
        return sizesMatch && Double(differingPixels) <= maxDifferingFraction * Double(comparedPixels)
    }

    /// One line, e.g. `identical (1000x1000)`,
    /// `differ: 1234 of 1000000 pixels (0.12%) differ by more than 0; largest difference 87` or
    /// `size differs: 100x100 vs 120x100` (reference first).
    public var summary: String {
        if !sizesMatch {
            return "size differs: \(referenceWidth)x\(referenceHeight) vs \(actualWidth)x\(actualHeight)"
        }
        if differingPixels == 0 {
            if largestDifference == 0 { return "identical (\(actualWidth)x\(actualHeight))" }
            return "identical within tolerance \(tolerance) (\(actualWidth)x\(actualHeight)); largest difference \(largestDifference)"
        }
        return "differ: \(differingPixels) of \(comparedPixels) pixels (\(percentText)) differ by more than \(tolerance); "
            + "largest difference \(largestDifference)"
    }

    /// The differing fraction as a percentage with two decimals; never shows 0.00% for a
    /// non-zero count, so one stray pixel in a large image is not reported as none.
    var percentText: String {
        let percent = differingFraction * 100
        if differingPixels > 0, percent < 0.01 { return "<0.01%" }
        return String(format: "%.2f%%", percent)
    }
}
