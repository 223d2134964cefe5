package import FlipbookRaster

/// Limits on a FLIP comparison, in FLIP units (0 = identical … 1 = the largest difference).
///
/// The defaults pass a mean ≤ 0.05 and a 99th percentile ≤ 0.1: on a push frame, a JPEG at
/// quality 90 (0.017, 0.084), ±1 level of noise (0.010, 0.028) or every channel one level up
/// (0.034, 0.049) pass; the frame moved by one pixel (p99 0.35) or another spring (0.44, 0.98)
/// fail (docs/GOLDENS.md, "FLIP").
public struct FLIPTolerance: Sendable, Hashable {
    /// The largest mean FLIP over all pixels that passes.
    public var maximumMean: Double
    /// The largest 99th-percentile FLIP that passes: 1% of the pixels may differ by more.
    public var maximumPercentile99: Double

    /// Limits on the mean and the 99th percentile (both 0 … 1).
    public init(maximumMean: Double = 0.05, maximumPercentile99: Double = 0.1) {
        precondition((0...1).contains(maximumMean) && (0...1).contains(maximumPercentile99), "FLIP limits must be in 0…1")
        self.maximumMean = maximumMean
        self.maximumPercentile99 = maximumPercentile99
    }

    /// Nothing may differ (every pixel's FLIP is 0).
    public static let exact = FLIPTolerance(maximumMean: 0, maximumPercentile99: 0)
}

/// NVIDIA's FLIP (Andersson et al., "FLIP: A Difference Evaluator for Alternating Images",
/// HPG 2020), the LDR variant: what a person flipping between the two images at a given
/// viewing distance notices, per pixel in 0 … 1.
///
/// Each premultiplied pixel is composited over white and read as 8-bit sRGB. Both images go to
/// YCxCz and are blurred by the contrast-sensitivity filters of the achromatic, red-green and
/// blue-yellow channels (separably, edges replicated), clamped to the linear-RGB cube, taken to
/// Hunt-adjusted L\*a\*b\* and compared by HyAB, raised to 0.7 and remapped (0.4·cmax → 0.95);
/// edges and points of the luminance (first and second Gaussian derivatives, σ = 0.041°) give
/// the feature difference f, and the pixel's FLIP is colour^(1 − f). The default viewing is the
/// paper's: 0.7 m from a 0.7 m wide 3840-pixel monitor, 67.02 pixels per degree. When the sizes
/// differ, the overlapping top-left region is scored and `sizesMatch` is false (never passes).
package struct FLIPComparison: Sendable, Hashable {
    /// The reference image's size in pixels.
    package let referenceWidth: Int, referenceHeight: Int
    /// The actual image's size in pixels.
    package let actualWidth: Int, actualHeight: Int
    /// Pixels compared (the overlap).
    package let comparedPixels: Int
    /// Pixels whose FLIP is above 0.
    package let differingPixels: Int
    /// The mean FLIP over every compared pixel.
    package let meanFLIP: Double
    /// The 99th percentile (nearest rank, as `PerceptualComparison`).
    package let percentile99FLIP: Double
    /// The largest FLIP.
    package let maximumFLIP: Double
    /// The viewing condition scored for, in pixels per degree of visual angle.
    package let pixelsPerDegree: Double

    /// Pixels per degree of an observer `distanceMeters` from a display `displayWidthPixels`
    /// wide over `displayWidthMeters` (FLIP's formula: distance · pixels / width · π / 180).
    package static func pixelsPerDegree(distanceMeters: Double, displayWidthPixels: Double, displayWidthMeters: Double) -> Double {
        distanceMeters * (displayWidthPixels / displayWidthMeters) * ScoreMath.pi / 180
    }

    /// FLIP's default viewing: 0.7 m from a 0.7 m wide monitor 3840 pixels across (67.02).
    package static let defaultPixelsPerDegree = pixelsPerDegree(distanceMeters: 0.7, displayWidthPixels: 3840, displayWidthMeters: 0.7)

    /// True when both images have the same size.
    package var sizesMatch: Bool { referenceWidth == actualWidth && referenceHeight == actualHeight }

    /// True when the sizes match and the mean and 99th percentile are within `tolerance`.
    package func passes(_ tolerance: FLIPTolerance) -> Bool {
        sizesMatch && meanFLIP <= tolerance.maximumMean && percentile99FLIP <= tolerance.maximumPercentile99
    }

    /// One line: `FLIP mean 0.0123, p99 0.2, max 0.71; 812 of 1000500 pixels differ`,
    /// `identical (WxH)` or `size differs: WxH vs WxH`.
    package var summary: String {
        if !sizesMatch { return "size differs: \(referenceWidth)x\(referenceHeight) vs \(actualWidth)x\(actualHeight)" }
        if differingPixels == 0 { return "identical (\(actualWidth)x\(actualHeight))" }
        let format = PerceptualComparison.format
        return "FLIP mean \(format(meanFLIP)), p99 \(format(percentile99FLIP)), max \(format(maximumFLIP)); "
            + "\(differingPixels) of \(comparedPixels) pixels differ"
    }

    /// Compares `reference` with `actual` at `pixelsPerDegree` (> 0), on up to `threads`
    /// threads (the scores are the same whatever the count), calling `progress(rows done, rows)`
    /// as it goes.
    ///
    /// Cost: only pixels within the filters' reach of a differing pixel are scored (a few
    /// microseconds each), divided among the threads; memory beyond the two images a few bands
    /// (each the band's scores and the filters' rows around it) and the largest 1 % of the
    /// scores, so about 8 bytes per hundred pixels.
    package static func compare(
        _ reference: PremultipliedImage, _ actual: PremultipliedImage,
        pixelsPerDegree: Double = defaultPixelsPerDegree, threads: Int = ScoreBands.defaultThreads,
        progress: ((Int, Int) -> Void)? = nil
    ) -> FLIPComparison {
        measure(reference, actual, pixelsPerDegree: pixelsPerDegree, threads: threads, progress: progress) { _, _ in }
    }

    /// The per-pixel FLIP of the overlap, row-major (8 bytes a pixel: for tests and small images).
    package static func errorMap(
        _ reference: PremultipliedImage, _ actual: PremultipliedImage,
        pixelsPerDegree: Double = defaultPixelsPerDegree
    ) -> [Double] {
        var map: [Double] = []
        _ = measure(reference, actual, pixelsPerDegree: pixelsPerDegree, threads: ScoreBands.defaultThreads, progress: nil) { _, band in
            map += band
        }
        return map
    }

    /// A heat map of the overlap, opaque: each pixel's FLIP through the magma colour map
    /// (black 0, purple, orange, pale yellow 1), as NVIDIA's tool draws it.
    package static func heatMap(
        reference: PremultipliedImage, actual: PremultipliedImage,
        pixelsPerDegree: Double = defaultPixelsPerDegree
    ) -> PremultipliedImage {
        compareWithHeatMap(reference, actual, pixelsPerDegree: pixelsPerDegree).heatMap
    }

    /// The scores and the heat map in one pass.
    package static func compareWithHeatMap(
        _ reference: PremultipliedImage, _ actual: PremultipliedImage,
        pixelsPerDegree: Double = defaultPixelsPerDegree, threads: Int = ScoreBands.defaultThreads,
        progress: ((Int, Int) -> Void)? = nil
    ) -> (comparison: FLIPComparison, heatMap: PremultipliedImage) {
        let width = min(reference.width, actual.width), height = min(reference.height, actual.height)
        var image = PremultipliedImage(width: width, height: height, fill: PremultipliedPixel(packed: 0xFF00_0000))
        let comparison = measure(reference, actual, pixelsPerDegree: pixelsPerDegree, threads: threads, progress: progress) { rows, band in
            for (offset, value) in band.enumerated() { image.pixels[rows.lowerBound * width + offset] = FLIPFilters.magma(value) }
        }
        return (comparison, image)
    }

    /// Scores band by band, handing each band's FLIP values (row-major) to `each` in row order.
    static func measure(
        _ reference: PremultipliedImage, _ actual: PremultipliedImage, pixelsPerDegree: Double, threads: Int,
        progress: ((Int, Int) -> Void)?, each: (Range<Int>, [Double]) -> Void
    ) -> FLIPComparison {
        precondition(pixelsPerDegree > 0 && pixelsPerDegree.isFinite, "pixels per degree must be > 0")
        let width = min(reference.width, actual.width), height = min(reference.height, actual.height)
        let count = width * height
        let filters = FLIPFilters(pixelsPerDegree: pixelsPerDegree)
        var sum = 0.0, maximum = 0.0, differing = 0
        var largest = LargestScores(count: count)
        ScoreBands.run(
            height: height, width: width, threads: threads, progress: progress,
            score: { rows in
                filters.errors(reference, actual, width: width, height: height, rows: rows)
            },
            fold: { rows, band in
                // In row order, as a single pass over the image would add them.
                for value in band where value > 0 {
                    differing += 1
                    sum += value
                    maximum = max(maximum, value)
                    largest.add(value)
                }
                each(rows, band)
            })
        return FLIPComparison(
            referenceWidth: reference.width, referenceHeight: reference.height, actualWidth: actual.width,
            actualHeight: actual.height, comparedPixels: count, differingPixels: differing,
            meanFLIP: count == 0 ? 0 : sum / Double(count), percentile99FLIP: largest.percentile99(nonZero: differing),
            maximumFLIP: maximum, pixelsPerDegree: pixelsPerDegree)
    }
}
