public import Flipbook
import FlipbookCodecs
import FlipbookImageDiff
public import FlipbookRaster
import FlipbookRender
import Foundation

extension GoldenStrategy where Value == [PremultipliedImage] {
    /// A short sequence as one animated PNG (`AnimatedPNG`: every frame a full PNG, each shown
    /// one frame at `framesPerSecond`, looping). The reference plays in a browser and in a pull
    /// request; the check compares the frame count, each frame's delay and each frame's pixels
    /// exactly, and names the first frames that differ. For a few dozen frames: every frame is a
    /// whole PNG (a long sequence belongs in a `.sequence` lock, which weighs kilobytes).
    public static func animatedPNG(framesPerSecond: Double) -> GoldenStrategy {
        precondition(framesPerSecond > 0, "a frame rate is positive")
        let delay = AnimatedPNG.frameDelay(framesPerSecond: framesPerSecond)
        return GoldenStrategy(
            pathExtension: "apng", describe: AnimatedPNGGolden.describe,
            serialize: { frames in
                try AnimatedPNG.encode(frames, delayNumerator: delay.numerator, delayDenominator: delay.denominator)
            }, compare: AnimatedPNGGolden.compare)
    }
}

extension GoldenStrategy where Value == RenderJob {
    /// Every frame of the job (`RenderJob.render`, nothing written) as an animated PNG at the
    /// job's frame rate: `animatedPNG(framesPerSecond:)`. At most `AnimatedPNG.maximumFrames`.
    public static var animatedPNG: GoldenStrategy {
        GoldenStrategy(pathExtension: "apng") { job, request in
            GoldenStrategy<[PremultipliedImage]>.animatedPNG(framesPerSecond: job.settings.framesPerSecond)
                .pullback { (job: RenderJob) in try AnimatedPNGGolden.frames(of: job) }
                .check(job, request)
        }
    }
}

/// The `.animatedPNG` strategy's pieces.
enum AnimatedPNGGolden {
    static func frames(of job: RenderJob) throws -> [PremultipliedImage] {
        let frames = PositionedResults<PremultipliedImage>(count: job.frames.count)
        try job.render(frameSink: { position, _, image in frames.set(position, image) })
        return frames.values
    }

    @Sendable static func describe(_ bytes: [UInt8]) -> String {
        guard let summary = try? AnimatedPNG.summary(of: bytes) else { return "\(bytes.count) bytes" }
        return "\(summary.frameCount) frames, \(bytes.count / 1000) KB"
    }

    @Sendable static func compare(_ reference: [UInt8], _ actual: [UInt8]) throws -> GoldenMismatch? {
        guard reference != actual else { return nil }
        let expected = try AnimatedPNG.summary(of: reference), got = try AnimatedPNG.summary(of: actual)
        var details: [String] = []
        if expected.frameCount != got.frameCount { details.append("frame count \(expected.frameCount) → \(got.frameCount)") }
        if expected.plays != got.plays { details.append("plays \(expected.plays) → \(got.plays)") }
        for (index, (a, b)) in zip(expected.delaysSeconds, got.delaysSeconds).enumerated() where a != b {
            details.append("frame \(index) delay \(seconds(a)) → \(seconds(b))")
            if details.count > 12 { break }
        }
        let referenceFrames = try AnimatedPNG.framePNGs(of: reference), actualFrames = try AnimatedPNG.framePNGs(of: actual)
        var differing: [Int] = []
        var diffPicture: [UInt8]?
        for (index, (a, b)) in zip(referenceFrames, actualFrames).enumerated() where a != b {
            let before = try ImageDecoder.decode(a, name: "frame \(index) of the reference")
            let after = try ImageDecoder.decode(b, name: "frame \(index) of the actual")
            let comparison = ImageComparison.compare(before, after, tolerance: 0)
            guard !comparison.passes(maxDifferingFraction: 0) else { continue }
            differing.append(index)
            if differing.count <= 8 { details.append("frame \(index): \(comparison.summary)") }
            if diffPicture == nil { diffPicture = try PNGEncoder.encode(DiffImage.make(reference: before, actual: after, tolerance: 0)) }
        }
        if differing.count > 8 { details.append("… \(differing.count - 8) more frames differ") }
        guard !details.isEmpty else { return nil }
        let summary =
            expected.frameCount != got.frameCount
            ? "\(expected.frameCount) frames in the reference, \(got.frameCount) now"
            : differing.isEmpty
                ? "the same frames, other timing" : "\(differing.count) of \(got.frameCount) frames differ (first: frame \(differing[0]))"
        return GoldenMismatch(
            summary: summary, details: details,
            artifacts: diffPicture.map { [(suffix: "first-diff.png", bytes: $0)] } ?? [])
    }

    private static func seconds(_ value: Double) -> String { JSON.number((value * 10000).rounded() / 10000) + " s" }
}
