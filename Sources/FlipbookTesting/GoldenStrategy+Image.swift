import FlipbookCodecs
public import FlipbookImageDiff
public import FlipbookRaster
import Foundation

extension GoldenStrategy where Value == PremultipliedImage {
    /// A PNG reference compared pixel by pixel: at most `maxDifferingFraction` (0…1) of the
    /// pixels may differ by more than `tolerance` (0…255) in a channel; both 0 by default
    /// (Flipbook's frames match exactly). The image goes through a PNG encode/decode round trip
    /// first, so exactly what a reference would hold is compared. On a mismatch the reference,
    /// the actual and a diff picture (`diff.png`: reference | difference | actual) are written as
    /// artefacts, and `GoldenResult.comparison` holds the pixel counts.
    public static func image(tolerance: Int = 0, maxDifferingFraction: Double = 0) -> GoldenStrategy {
        precondition((0...255).contains(tolerance), "tolerance must be 0…255, not \(tolerance)")
        precondition((0...1).contains(maxDifferingFraction), "maxDifferingFraction must be 0…1, not \(maxDifferingFraction)")
        return ImageGolden.strategy(ImageGolden.Limit.pixels(tolerance: tolerance, maxDifferingFraction: maxDifferingFraction))
    }

    /// The exact image strategy: `image(tolerance: 0, maxDifferingFraction: 0)`.
    public static var image: GoldenStrategy { image() }

    /// A PNG reference compared by perceptual scores: passes when the CIEDE2000 mean and 99th
    /// percentile are within `deltaE` (`PerceptualComparison`). For images from elsewhere
    /// (another decoder, a GPU); Flipbook's own frames match exactly.
    public static func image(deltaE: DeltaETolerance) -> GoldenStrategy {
        ImageGolden.strategy(.deltaE(deltaE))
    }

    /// A PNG reference compared by NVIDIA's FLIP: passes when the FLIP mean and 99th
    /// percentile are within `flip` (`FLIPComparison`, default viewing; docs/GOLDENS.md "FLIP").
    public static func image(flip: FLIPTolerance) -> GoldenStrategy {
        ImageGolden.strategy(.flip(flip))
    }
}

/// The image strategies' pieces.
enum ImageGolden {
    /// What an image must stay within to match its reference.
    enum Limit {
        /// Per-channel `tolerance` (0…255) exceeded by at most `maxDifferingFraction` of the pixels.
        case pixels(tolerance: Int, maxDifferingFraction: Double)
        /// The CIEDE2000 mean and 99th percentile.
        case deltaE(DeltaETolerance)
        /// The FLIP mean and 99th percentile.
        case flip(FLIPTolerance)
    }

    /// The suffix of the diff picture a mismatch writes.
    static let diffSuffix = "diff.png"

    static func strategy(_ limit: Limit) -> GoldenStrategy<PremultipliedImage> {
        GoldenStrategy(
            pathExtension: "png", describe: describe, mismatchArtifactSuffixes: [diffSuffix],
            serialize: { try PNGEncoder.encode($0) }, compare: { try compare($0, $1, within: limit) })
    }

    /// `WxH`, from the PNG's header (`IHDR` follows the 8-byte signature: length, type, then
    /// width and height as big-endian 32-bit words).
    @Sendable static func describe(_ png: [UInt8]) -> String {
        guard png.count >= 24 else { return "\(png.count) bytes" }
        func word(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return "\(word(16))x\(word(20))"
    }

    /// Decodes both PNGs and compares their pixels within `limit`; a mismatch carries the diff picture.
    static func compare(_ referencePNG: [UInt8], _ actualPNG: [UInt8], within limit: Limit) throws -> GoldenComparison {
        let reference = try ImageDecoder.decode(referencePNG, name: "the reference")
        let actual = try ImageDecoder.decode(actualPNG, name: "the actual image")
        var tolerance = 0, fraction = 0.0
        var scores: (summary: String, passes: Bool)?
        let allowed: String
        switch limit {
        case let .pixels(pixelTolerance, maxDifferingFraction):
            (tolerance, fraction) = (pixelTolerance, maxDifferingFraction)
            allowed = "more than \(pixelTolerance) in at most \(percent(maxDifferingFraction)) of pixels"
        case let .deltaE(limit):
            let deltaE = PerceptualComparison.compare(reference, actual)
            scores = (deltaE.summary, deltaE.passes(limit))
            allowed =
                "mean ΔE \(PerceptualComparison.format(limit.maximumMean)), p99 ΔE \(PerceptualComparison.format(limit.maximumPercentile99))"
        case let .flip(limit):
            let flip = FLIPComparison.compare(reference, actual)
            scores = (flip.summary, flip.passes(limit))
            allowed =
                "mean FLIP \(PerceptualComparison.format(limit.maximumMean)), p99 FLIP \(PerceptualComparison.format(limit.maximumPercentile99))"
        }
        let comparison = ImageComparison.compare(reference, actual, tolerance: tolerance)
        // With a ΔE or FLIP tolerance the perceptual scores decide and are what the message reports.
        let summary = scores?.summary ?? comparison.summary
        guard !(scores?.passes ?? comparison.passes(maxDifferingFraction: fraction)) else {
            return GoldenComparison(pixels: comparison, matchSummary: summary)
        }
        let diff = try PNGEncoder.encode(DiffImage.make(reference: reference, actual: actual, tolerance: tolerance))
        var mismatch = GoldenMismatch(
            summary: summary + (comparison.sizesMatch ? " (allowed: \(allowed))" : " (reference vs actual)"),
            artifacts: [(diffSuffix, diff)])
        mismatch.artifactCaptions = [diffSuffix: "reference | difference | actual"]
        return GoldenComparison(mismatch: mismatch, pixels: comparison)
    }

    /// `0.5%`, `0%`: up to four decimals, trailing zeros dropped.
    private static func percent(_ fraction: Double) -> String {
        let text = String(format: "%.4f", fraction * 100)
        let trimmed = text.contains(".") ? text.replacingOccurrences(of: "0+$", with: "", options: .regularExpression) : text
        return (trimmed.hasSuffix(".") ? String(trimmed.dropLast()) : trimmed) + "%"
    }
}
