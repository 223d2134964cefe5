import Flipbook
import FlipbookCodecs
import FlipbookFiles
import FlipbookGeometry
import FlipbookImageDiff
import FlipbookMotion
import FlipbookRaster
import FlipbookSupport
import Foundation

/// `flipbook diff A B`: compares two images pixel by pixel, like a golden test does.
enum DiffCommand: Command {
    static let errorExitCode = ExitCode.diffBadInput
    static let name = "diff"
    static let summary = "compare two PNG/JPEG images; exit 0 same, 1 differ, 2 bad input"
    static let help = """
        Usage: flipbook diff A B [--tolerance N] [--max-differing F] [--out DIFF.png]
               flipbook diff A B --metric deltaE|flip [--max-mean D] [--max-p99 D] [--out HEAT.png]

        Compares the decoded pixels of A (the reference) and B (PNG or JPEG, any mix) and prints one
        line: `identical (WxH)`, `differ: N of M pixels (P%) differ by more than T; largest
        difference D` or `size differs: WxH vs WxH`. Differences are measured per channel on
        premultiplied RGBA8 values; pixels transparent in both images are equal.

        With --metric deltaE the score is perceptual: each pixel's CIEDE2000 colour difference
        (sRGB over white → L*a*b* D65), and the line gives its mean, 99th percentile and largest
        value and how many pixels reach 2.3 (just noticeable). ΔE 1 is about the smallest difference
        anyone sees side by side; see docs/GOLDENS.md ("Perceptual scores").

        With --metric flip the score is NVIDIA's FLIP (0 … 1, what flipping between the two shows at
        67 pixels per degree: 0.7 m from a 0.7 m wide 3840-pixel monitor), its mean, 99th percentile
        and largest value; the heat map is FLIP through the magma colour map (docs/GOLDENS.md, "FLIP").
        Scores use every core; a long comparison (large images: up to 100 megapixels each) prints its
        progress on stderr, live on a terminal, else every 5 s.

        Options:
        \(OptionSpec.helpLines(options))

        Exit codes: 0 within tolerance, 1 differ (or sizes differ), 2 an input cannot be read or
        decoded, 64 usage error.

        Examples:
          flipbook diff golden.png frame_0010.png
          flipbook diff a.png b.jpg --tolerance 3 --max-differing 0.1% --out /tmp/diff.png
          flipbook diff a.png b.png --metric deltaE --max-p99 2.3 --out /tmp/heat.png
          flipbook diff a.png b.png --metric flip --out /tmp/flip.png
        """

    /// Every option, in help order.
    static let options: [OptionSpec] = [
        .option("metric", "M", "exact (default: per-channel levels), deltaE (CIEDE2000) or flip"),
        .option("max-mean", "D", "deltaE/flip: pass when the mean is at most D (default ΔE 0.5, FLIP 0.05)"),
        .option(
            "max-p99", "D",
            """
            deltaE/flip: pass when the 99th percentile is at most D (default ΔE 1,
            FLIP 0.1)
            """),
        .option("tolerance", "N", "a pixel differs when some channel differs by more than N (0-255, default 0)"),
        .option(
            "max-differing", "F",
            """
            pass when at most this share of pixels differs: a fraction 0-1
            (0.005) or a percentage with % (0.5%); default 0
            """),
        .option(
            "out", "DIFF.png",
            """
            write reference | amplified difference | actual side by side (.png, or
            .jpg/.jpeg for JPEG)
            (red = differing pixel, brighter = larger difference); written either way
            """)
    ]

    static func run(_ argv: [String]) throws -> Int32 {
        let arguments = try Arguments(argv, options: options)
        try arguments.expectPositionals(["A", "B"])
        if let out = arguments.string("out") {
            try RenderCommand.checkImageExtension(out, option: "--out")
            try OutputChecks.check([OutputChecks.Output(path: out)], against: arguments.positionals.map { OutputOverlap.Input($0) })
        }
        let metric = try DiffMetric.parse(arguments.string("metric"))
        if metric != .exact {
            for option in ["tolerance", "max-differing"] where arguments.given(option) {
                throw UsageError("--\(option) goes with --metric exact; with \(metric.rawValue) use --max-mean and --max-p99")
            }
        } else {
            for option in ["max-mean", "max-p99"] where arguments.given(option) {
                throw UsageError("--\(option) goes with --metric deltaE or flip")
            }
        }
        let scoreRange: ClosedRange<Double> = metric == .flip ? 0...1 : 0...100
        let maximumMean = try arguments.double("max-mean", in: scoreRange), maximumP99 = try arguments.double("max-p99", in: scoreRange)
        let tolerance = try arguments.int("tolerance", default: 0, in: 0...255)!
        let maxDiffering = try arguments.string("max-differing").map(parseFraction) ?? 0
        let images: [PremultipliedImage]
        do {
            images = try arguments.positionals.map { try ImageDecoder.decode(fileAtPath: $0, warn: { printError("warning: \($0)") }) }
        } catch {
            printError("error: \(SettingFlags.describe(error))")
            return ExitCode.diffBadInput
        }
        let (reference, actual) = (images[0], images[1])
        // A score of two 100-megapixel images takes seconds (ΔE) to minutes (FLIP): a line on
        // stderr says how far it is.
        let progress = ProgressReporter.comparison(label: "diff", unit: "row")
        let out = arguments.string("out")
        if metric == .deltaE {
            let defaults = DeltaETolerance()
            let tolerance = DeltaETolerance(
                maximumMean: maximumMean ?? defaults.maximumMean, maximumPercentile99: maximumP99 ?? defaults.maximumPercentile99)
            let scores = try score(
                writingHeatMapTo: out, progress: progress,
                {
                    PerceptualComparison.compare(reference, actual, progress: $0)
                },
                withHeatMap: {
                    PerceptualComparison.compareWithHeatMap(reference, actual, progress: $0)
                })
            return report(scores.summary, passes: scores.passes(tolerance), differs: scores.differingPixels > 0)
        }
        if metric == .flip {
            let defaults = FLIPTolerance()
            let tolerance = FLIPTolerance(
                maximumMean: maximumMean ?? defaults.maximumMean, maximumPercentile99: maximumP99 ?? defaults.maximumPercentile99)
            let scores = try score(
                writingHeatMapTo: out, progress: progress,
                {
                    FLIPComparison.compare(reference, actual, progress: $0)
                },
                withHeatMap: {
                    FLIPComparison.compareWithHeatMap(reference, actual, progress: $0)
                })
            return report(scores.summary, passes: scores.passes(tolerance), differs: scores.differingPixels > 0)
        }
        let comparison = ImageComparison.compare(reference, actual, tolerance: tolerance)
        let passes = comparison.passes(maxDifferingFraction: maxDiffering)
        if let out {
            try ImageFileFormat.write(DiffImage.make(reference: reference, actual: actual, tolerance: tolerance), to: out)
        }
        let allowance = passes && comparison.differingPixels > 0 ? " (within --max-differing)" : ""
        print(comparison.summary + allowance)
        return passes ? ExitCode.success : ExitCode.failure
    }

    /// A perceptual comparison's scores, and with `out` its heat map written there, measured in
    /// one pass either way; the progress line is cleared before anything is printed.
    static func score<Scores>(
        writingHeatMapTo out: String?, progress: ProgressReporter,
        _ measure: (((Int, Int) -> Void)?) -> Scores,
        withHeatMap: (((Int, Int) -> Void)?) -> (Scores, PremultipliedImage)
    ) throws -> Scores {
        defer { progress.finish() }
        guard let out else { return measure(progress.callback) }
        let (scores, heat) = withHeatMap(progress.callback)
        try ImageFileFormat.write(heat, to: out)
        return scores
    }

    /// Prints a perceptual score's line and returns the exit code.
    static func report(_ summary: String, passes: Bool, differs: Bool) -> Int32 {
        print(summary + (passes && differs ? " (within --max-mean and --max-p99)" : ""))
        return passes ? ExitCode.success : ExitCode.failure
    }

    /// Parses `--max-differing`: a fraction 0…1, or a percentage 0…100 ending in `%`.
    static func parseFraction(_ text: String) throws -> Double {
        let isPercent = text.hasSuffix("%")
        let number = isPercent ? String(text.dropLast()) : text
        guard let value = Double(decimalText: number) else {
            throw UsageError("--max-differing must be a fraction 0-1 or a percentage like 0.5%, not \(InputText.singleQuoted(text))")
        }
        let fraction = isPercent ? value / 100 : value
        guard (0...1).contains(fraction) else {
            throw UsageError("--max-differing must be between 0 and 1 (or 0% and 100%), not \(text)")
        }
        return fraction
    }
}

/// `flipbook diff --metric`: what a difference is measured in.
enum DiffMetric: String, CaseIterable {
    /// Per-channel levels of premultiplied RGBA8 (`ImageComparison`).
    case exact
    /// CIEDE2000 ΔE (`PerceptualComparison`).
    case deltaE
    /// NVIDIA's FLIP (`FLIPComparison`).
    case flip

    static func parse(_ text: String?) throws -> DiffMetric {
        guard let text else { return .exact }
        if let metric = allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) { return metric }
        throw UsageError(
            "--metric must be exact, deltaE or flip, not '\(text)'" + Suggestions.didYouMean(text, in: allCases.map(\.rawValue)))
    }
}
