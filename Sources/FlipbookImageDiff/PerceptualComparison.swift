import FlipbookRaster

/// Limits on a perceptual comparison, in CIEDE2000 units (ΔE₀₀).
///
/// ΔE₀₀ 1 is about the smallest difference people notice side by side; 2.3 is the
/// just-noticeable difference usually quoted (Sharma). The defaults accept what nobody sees:
/// a mean under 0.5 and a 99th percentile under 1 (docs/GOLDENS.md, "Perceptual scores").
public struct DeltaETolerance: Sendable, Hashable {
    /// The largest mean ΔE₀₀ over all pixels that passes.
    public var maximumMean: Double
    /// The largest 99th-percentile ΔE₀₀ that passes: 1% of the pixels may differ by more.
    public var maximumPercentile99: Double

    /// Limits on the mean and the 99th percentile (both ≥ 0).
    public init(maximumMean: Double = 0.5, maximumPercentile99: Double = 1) {
        precondition(maximumMean >= 0 && maximumPercentile99 >= 0, "ΔE limits must be ≥ 0")
        self.maximumMean = maximumMean
        self.maximumPercentile99 = maximumPercentile99
    }

    /// Nothing may differ (every pixel's ΔE₀₀ is 0).
    public static let exact = DeltaETolerance(maximumMean: 0, maximumPercentile99: 0)
}

/// Per-pixel CIEDE2000 differences of two images, summarised: mean, 99th percentile, largest.
///
/// Each premultiplied pixel is composited over white, read as 8-bit sRGB and converted to
/// L\*a\*b\* (D65); identical pixels score 0 without conversion. When the sizes differ, the
/// scores cover the overlapping top-left region and `sizesMatch` is false (never passes).
package struct PerceptualComparison: Sendable, Hashable {
    /// The reference image's size in pixels.
    public let referenceWidth: Int, referenceHeight: Int
    /// The actual image's size in pixels.
    public let actualWidth: Int, actualHeight: Int
    /// Pixels compared (the overlap).
    public let comparedPixels: Int
    /// Pixels whose ΔE₀₀ is above 0.
    public let differingPixels: Int
    /// Pixels whose ΔE₀₀ is at least 2.3, the just-noticeable difference.
    public let noticeablePixels: Int
    /// The mean ΔE₀₀ over every compared pixel (identical ones count as 0).
    public let meanDeltaE: Double
    /// The 99th percentile (nearest rank: the smallest value at least 99% of pixels do not exceed).
    public let percentile99DeltaE: Double
    /// The largest ΔE₀₀.
    public let maximumDeltaE: Double

    /// The just-noticeable difference (ΔE 2.3) `noticeablePixels` counts from.
    public static let justNoticeable = 2.3

    /// True when both images have the same size.
    public var sizesMatch: Bool { referenceWidth == actualWidth && referenceHeight == actualHeight }

    /// True when the sizes match and the mean and 99th percentile are within `tolerance`.
    public func passes(_ tolerance: DeltaETolerance) -> Bool {
        sizesMatch && meanDeltaE <= tolerance.maximumMean && percentile99DeltaE <= tolerance.maximumPercentile99
    }

    /// One line: `ΔE2000 mean 0.012, p99 0, max 7.41; 812 of 1000500 pixels differ, 96 by 2.3 or more`,
    /// `identical (WxH)` or `size differs: WxH vs WxH`.
    public var summary: String {
        if !sizesMatch { return "size differs: \(referenceWidth)x\(referenceHeight) vs \(actualWidth)x\(actualHeight)" }
        if differingPixels == 0 { return "identical (\(actualWidth)x\(actualHeight))" }
        return "ΔE2000 mean \(Self.format(meanDeltaE)), p99 \(Self.format(percentile99DeltaE)), max \(Self.format(maximumDeltaE)); "
            + "\(differingPixels) of \(comparedPixels) pixels differ, \(noticeablePixels) by 2.3 or more"
    }

    /// A score with up to four decimals, trailing zeros dropped (`0.0123`, `2.3`, `0`).
    public static func format(_ value: Double) -> String {
        var text = String(Int((value * 10_000).rounded()))
        while text.count < 5 { text = "0" + text }
        let integer = text.dropLast(4), fraction = text.suffix(4)
        let trimmed = fraction.replacingOccurrences(of: "0+$", with: "", options: .regularExpression)
        return trimmed.isEmpty ? String(integer) : "\(integer).\(trimmed)"
    }

    /// Compares `reference` with `actual`.
    public static func compare(_ reference: PremultipliedImage, _ actual: PremultipliedImage) -> PerceptualComparison {
        measure(reference, actual, keepMap: false).comparison
    }

    /// The scores and the per-pixel ΔE₀₀ of the overlap (row-major), for the heat map.
    static func measure(_ reference: PremultipliedImage, _ actual: PremultipliedImage,
                        keepMap: Bool) -> (comparison: PerceptualComparison, map: [Float]) {
        let width = min(reference.width, actual.width), height = min(reference.height, actual.height)
        var map = keepMap ? [Float](repeating: 0, count: width * height) : []
        var labs: [UInt32: LabColor] = [:]
        var nonZero: [Double] = []
        var sum = 0.0, largest = 0.0, noticeable = 0
        for y in 0..<height {
            for x in 0..<width {
                let a = reference.pixels[y * reference.width + x], b = actual.pixels[y * actual.width + x]
                if a == b { continue }
                let deltaE = ColorDifference.ciede2000(premultiplied: a, b, labs: &labs)
                guard deltaE > 0 else { continue }
                nonZero.append(deltaE)
                sum += deltaE
                largest = max(largest, deltaE)
                if deltaE >= justNoticeable { noticeable += 1 }
                if keepMap { map[y * width + x] = Float(deltaE) }
            }
        }
        let count = width * height
        let p99 = percentile99(nonZero: &nonZero, of: count)
        let comparison = PerceptualComparison(
            referenceWidth: reference.width, referenceHeight: reference.height, actualWidth: actual.width,
            actualHeight: actual.height, comparedPixels: count, differingPixels: nonZero.count, noticeablePixels: noticeable,
            meanDeltaE: count == 0 ? 0 : sum / Double(count), percentile99DeltaE: p99, maximumDeltaE: largest)
        return (comparison, map)
    }

    /// The 99th percentile of `count` scores of which `nonZero` are the ones above 0, by
    /// nearest rank: the ⌈0.99·N⌉-th smallest value, 1-based, the zeros coming first.
    static func percentile99(nonZero: inout [Double], of count: Int) -> Double {
        let rank = (99 * count + 99) / 100, zeros = count - nonZero.count
        guard count > 0, rank > zeros else { return 0 }
        nonZero.sort()
        return nonZero[rank - zeros - 1]
    }

    /// A heat map of the differences, the overlap's size, opaque: identical pixels a dimmed grey
    /// of the reference; ΔE₀₀ below 1 (invisible) blue; 1 up to 2.3 (barely visible) yellow;
    /// 2.3 and more orange to red, full red from ΔE 10.
    public static func heatMap(reference: PremultipliedImage, actual: PremultipliedImage) -> PremultipliedImage {
        let (_, map) = measure(reference, actual, keepMap: true)
        let width = min(reference.width, actual.width), height = min(reference.height, actual.height)
        var image = PremultipliedImage(width: width, height: height, fill: PremultipliedPixel(packed: 0xFF00_0000))
        for y in 0..<height {
            for x in 0..<width {
                let deltaE = Double(map[y * width + x])
                let packed: UInt32
                if deltaE == 0 {
                    let a = reference.pixels[y * reference.width + x]
                    // Rec. 709 luma in 1/256 on the premultiplied values, dimmed as DiffImage does.
                    let luma = (54 * (a & 0xFF) + 183 * ((a >> 8) & 0xFF) + 19 * ((a >> 16) & 0xFF) + 128) >> 8
                    let dim = luma / 4 + 32
                    packed = DiffImage.opaque(dim, dim, dim)
                } else if deltaE < 1 {
                    packed = DiffImage.opaque(40, 90, 255)
                } else if deltaE < justNoticeable {
                    packed = DiffImage.opaque(255, 220, 0)
                } else {
                    // Orange (255, 140, 0) at 2.3 to red (255, 0, 0) at 10 and beyond.
                    let share = min(1, (deltaE - justNoticeable) / (10 - justNoticeable))
                    packed = DiffImage.opaque(255, UInt32((140 * (1 - share)).rounded()), 0)
                }
                image.pixels[y * width + x] = packed
            }
        }
        return image
    }
}
