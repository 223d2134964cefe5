package import FlipbookRaster
import Foundation

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
    package let referenceWidth: Int, referenceHeight: Int
    /// The actual image's size in pixels.
    package let actualWidth: Int, actualHeight: Int
    /// Pixels compared (the overlap).
    package let comparedPixels: Int
    /// Pixels whose ΔE₀₀ is above 0.
    package let differingPixels: Int
    /// Pixels whose ΔE₀₀ is at least 2.3, the just-noticeable difference.
    package let noticeablePixels: Int
    /// The mean ΔE₀₀ over every compared pixel (identical ones count as 0).
    package let meanDeltaE: Double
    /// The 99th percentile (nearest rank: the smallest value at least 99% of pixels do not exceed).
    package let percentile99DeltaE: Double
    /// The largest ΔE₀₀.
    package let maximumDeltaE: Double

    /// The just-noticeable difference (ΔE 2.3) `noticeablePixels` counts from.
    package static let justNoticeable = 2.3

    /// True when both images have the same size.
    package var sizesMatch: Bool { referenceWidth == actualWidth && referenceHeight == actualHeight }

    /// True when the sizes match and the mean and 99th percentile are within `tolerance`.
    package func passes(_ tolerance: DeltaETolerance) -> Bool {
        sizesMatch && meanDeltaE <= tolerance.maximumMean && percentile99DeltaE <= tolerance.maximumPercentile99
    }

    /// One line: `ΔE2000 mean 0.012, p99 0, max 7.41; 812 of 1000500 pixels differ, 96 by 2.3 or more`,
    /// `identical (WxH)` or `size differs: WxH vs WxH`.
    package var summary: String {
        if !sizesMatch { return "size differs: \(referenceWidth)x\(referenceHeight) vs \(actualWidth)x\(actualHeight)" }
        if differingPixels == 0 { return "identical (\(actualWidth)x\(actualHeight))" }
        return "ΔE2000 mean \(Self.format(meanDeltaE)), p99 \(Self.format(percentile99DeltaE)), max \(Self.format(maximumDeltaE)); "
            + "\(differingPixels) of \(comparedPixels) pixels differ, \(noticeablePixels) by 2.3 or more"
    }

    /// A score with up to four decimals, trailing zeros dropped (`0.0123`, `2.3`, `0`).
    package static func format(_ value: Double) -> String {
        var text = String(Int((value * 10_000).rounded()))
        while text.count < 5 { text = "0" + text }
        let integer = text.dropLast(4), fraction = text.suffix(4)
        let trimmed = fraction.replacingOccurrences(of: "0+$", with: "", options: .regularExpression)
        return trimmed.isEmpty ? String(integer) : "\(integer).\(trimmed)"
    }

    /// Compares `reference` with `actual`, on up to `threads` threads (the scores are the same
    /// whatever the count), calling `progress(rows done, rows)` as it goes.
    ///
    /// Cost: one CIEDE2000 per differing pixel (a pair of colours seen recently is looked up,
    /// not computed again), divided among the threads; memory beyond the two images a few bands
    /// of 64 K scores and the largest 1 % of the scores (the 99th percentile's), so 8 bytes per
    /// hundred pixels.
    package static func compare(
        _ reference: PremultipliedImage, _ actual: PremultipliedImage, threads: Int = ScoreBands.defaultThreads,
        progress: ((Int, Int) -> Void)? = nil
    ) -> PerceptualComparison {
        measure(reference, actual, heatMap: false, threads: threads, progress: progress).comparison
    }

    /// The scores, and with `heatMap` the heat map (`heatMap(reference:actual:)`) made in the
    /// same pass.
    static func measure(
        _ reference: PremultipliedImage, _ actual: PremultipliedImage, heatMap: Bool, threads: Int,
        progress: ((Int, Int) -> Void)?
    ) -> (comparison: PerceptualComparison, heatMap: PremultipliedImage?) {
        let width = min(reference.width, actual.width), height = min(reference.height, actual.height)
        let count = width * height
        var image = heatMap ? PremultipliedImage(width: width, height: height, fill: PremultipliedPixel(packed: 0xFF00_0000)) : nil
        var largest = LargestScores(count: count)
        var sum = 0.0, maximum = 0.0, noticeable = 0, differing = 0
        ScoreBands.run(
            height: height, width: width, threads: threads, progress: progress,
            score: { rows in
                scores(reference, actual, width: width, rows: rows, heatMap: heatMap)
            },
            fold: { rows, band in
                // In row order, as a single pass over the image would add them.
                for deltaE in band.scores where deltaE > 0 {
                    differing += 1
                    sum += deltaE
                    maximum = max(maximum, deltaE)
                    if deltaE >= justNoticeable { noticeable += 1 }
                    largest.add(deltaE)
                }
                if let heat = band.heat { image!.pixels.replaceSubrange(rows.lowerBound * width..<rows.upperBound * width, with: heat) }
            })
        let comparison = PerceptualComparison(
            referenceWidth: reference.width, referenceHeight: reference.height, actualWidth: actual.width,
            actualHeight: actual.height, comparedPixels: count, differingPixels: differing, noticeablePixels: noticeable,
            meanDeltaE: count == 0 ? 0 : sum / Double(count), percentile99DeltaE: largest.percentile99(nonZero: differing),
            maximumDeltaE: maximum)
        return (comparison, image)
    }

    /// The ΔE₀₀ of every pixel of `rows` of the overlap (`width` wide), row-major, and with
    /// `heatMap` the band of the heat map. A pair of colours met recently (a small table by
    /// hash) is not computed again, nor a colour's L\*a\*b\*.
    static func scores(
        _ reference: PremultipliedImage, _ actual: PremultipliedImage, width: Int, rows: Range<Int>,
        heatMap: Bool
    ) -> (scores: [Double], heat: [UInt32]?) {
        var scores = [Double](repeating: 0, count: rows.count * width)
        var heat: [UInt32]? = heatMap ? [UInt32](repeating: 0, count: rows.count * width) : nil
        var pairs = RecentPairs()
        var labs = RecentColors()
        for y in rows {
            for x in 0..<width {
                let a = reference.pixels[y * reference.width + x], b = actual.pixels[y * actual.width + x]
                let at = (y - rows.lowerBound) * width + x
                var deltaE = 0.0
                if a != b {
                    if let known = pairs[a, b] {
                        deltaE = known
                    } else {
                        deltaE = ColorDifference.ciede2000(labs[a], labs[b])
                        pairs[a, b] = deltaE
                    }
                    scores[at] = deltaE
                }
                if heatMap { heat![at] = heatPixel(deltaE: deltaE, reference: a) }
            }
        }
        return (scores, heat)
    }

    /// The 99th percentile of `count` scores of which `nonZero` are the ones above 0, by
    /// nearest rank: the ⌈0.99·N⌉-th smallest value, 1-based, the zeros coming first.
    static func percentile99(nonZero: inout [Double], of count: Int) -> Double {
        var largest = LargestScores(count: count)
        for value in nonZero { largest.add(value) }
        return largest.percentile99(nonZero: nonZero.count)
    }

    /// A heat map of the differences, the overlap's size, opaque: identical pixels a dimmed grey
    /// of the reference; ΔE₀₀ below 1 (invisible) blue; 1 up to 2.3 (barely visible) yellow;
    /// 2.3 and more orange to red, full red from ΔE 10.
    package static func heatMap(reference: PremultipliedImage, actual: PremultipliedImage, threads: Int = ScoreBands.defaultThreads)
        -> PremultipliedImage
    {
        measure(reference, actual, heatMap: true, threads: threads, progress: nil).heatMap!
    }

    /// The scores and the heat map in one pass.
    package static func compareWithHeatMap(
        _ reference: PremultipliedImage, _ actual: PremultipliedImage, threads: Int = ScoreBands.defaultThreads,
        progress: ((Int, Int) -> Void)? = nil
    ) -> (comparison: PerceptualComparison, heatMap: PremultipliedImage) {
        let result = measure(reference, actual, heatMap: true, threads: threads, progress: progress)
        return (result.comparison, result.heatMap!)
    }

    /// One heat-map pixel: ΔE 0 a dimmed grey of the reference pixel, else its band's colour.
    static func heatPixel(deltaE: Double, reference a: UInt32) -> UInt32 {
        if deltaE == 0 {
            // Rec. 709 luma in 1/256 on the premultiplied values, dimmed as DiffImage does.
            let luma = (54 * (a & 0xFF) + 183 * ((a >> 8) & 0xFF) + 19 * ((a >> 16) & 0xFF) + 128) >> 8
            let dim = luma / 4 + 32
            return DiffImage.opaque(dim, dim, dim)
        }
        if deltaE < 1 { return DiffImage.opaque(40, 90, 255) }
        if deltaE < justNoticeable { return DiffImage.opaque(255, 220, 0) }
        // Orange (255, 140, 0) at 2.3 to red (255, 0, 0) at 10 and beyond.
        let share = min(1, (deltaE - justNoticeable) / (10 - justNoticeable))
        return DiffImage.opaque(255, UInt32((140 * (1 - share)).rounded()), 0)
    }
}

/// A small table of recent colour pairs' ΔE₀₀, by hash (a later pair in the same slot replaces
/// the earlier): images with few distinct pairs — flat areas, a gradient against itself moved —
/// compute each once.
struct RecentPairs {
    private static let slots = 4096
    private var keys = [UInt64](repeating: .max, count: slots)
    private var values = [Double](repeating: 0, count: slots)

    private static func slot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 52) }

    subscript(a: UInt32, b: UInt32) -> Double? {
        get {
            let key = UInt64(a) << 32 | UInt64(b), slot = Self.slot(key)
            return keys[slot] == key ? values[slot] : nil
        }
        set {
            let key = UInt64(a) << 32 | UInt64(b), slot = Self.slot(key)
            keys[slot] = key
            values[slot] = newValue ?? 0
        }
    }
}

/// A small table of recent colours' L\*a\*b\* (over white, as `ColorDifference.lab`), by hash.
struct RecentColors {
    private static let slots = 4096
    private var keys = [UInt64](repeating: .max, count: slots)
    private var values = [LabColor](repeating: LabColor(lightness: 0, a: 0, b: 0), count: slots)

    subscript(packed: UInt32) -> LabColor {
        mutating get {
            let slot = Int(truncatingIfNeeded: (UInt64(packed) &* 0x9E37_79B9_7F4A_7C15) >> 52)
            if keys[slot] == UInt64(packed) { return values[slot] }
            let lab = ColorDifference.lab(overWhite: packed)
            keys[slot] = UInt64(packed)
            values[slot] = lab
            return lab
        }
    }
}
