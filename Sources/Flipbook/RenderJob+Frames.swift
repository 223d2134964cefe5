import Foundation
import FlipbookMotion
import FlipbookRaster
import FlipbookModel
import FlipbookScenes
import FlipbookFormats
import FlipbookRender
import FlipbookOutput

/// A job's frames ready to render on worker threads, through a `FrameCache`.
struct FrameRenderer: Sendable {
    /// The frames, in job order.
    let frames: [FrameSample]
    /// Draws them, sharing what they have in common.
    let cache: FrameCache

    /// Renders every frame on up to `threads` threads (taken in order) and hands each to `body`
    /// with its position, sample and pixels; the first error stops the rest and is rethrown.
    package func run(threads: Int, progress: (@Sendable (Int, Int) -> Void)?,
             _ body: @Sendable (Int, FrameSample, PremultipliedImage) throws -> Void) throws {
        try ParallelFrames.run(count: frames.count, threads: threads, progress: progress) { position in
            try body(position, frames[position], cache.render(position))
        }
    }
}

extension RenderJob {
    /// The job's display lists, images and frame cache.
    func frameRenderer() throws -> FrameRenderer {
        let lists = frames.map { displayList(frame: $0) }
        return FrameRenderer(frames: frames, cache: FrameCache(lists: lists, rasterizer: try makeRasterizer(for: lists)))
    }

    /// Renders the job's frames without writing any file: each frame goes to `frameSink` (a
    /// video pipe, thumbnails; nil = dropped, which measures rendering alone), then `finish`
    /// runs. `RenderSummary.outputDirectory` is empty; `framesWritten` counts the frames rendered.
    @discardableResult
    public func render(progress: (@Sendable (Int, Int) -> Void)? = nil, frameSink: FrameSink? = nil,
                       finish: (() throws -> Void)? = nil) throws -> RenderSummary {
        let start = Date()
        let renderer = try frameRenderer()
        let framesStart = Date(), cpuStart = processCPUSeconds()
        try renderer.run(threads: settings.threads, progress: progress) { position, sample, image in
            try frameSink?(position, sample, image)
        }
        let framesSeconds = Date().timeIntervalSince(framesStart), framesCPUSeconds = processCPUSeconds() - cpuStart
        try finish?()
        let pixels = device.pixelSize
        return RenderSummary(outputDirectory: "", framesWritten: frames.count, totalFrames: sequence.count,
                             pixelWidth: pixels.width, pixelHeight: pixels.height,
                             seconds: Date().timeIntervalSince(start), warnings: warnings + typesetter.warnings, framesSeconds: framesSeconds,
                             framesCPUSeconds: framesCPUSeconds)
    }
}

/// CPU seconds used by every thread of this process so far.
func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}
