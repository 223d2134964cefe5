package import FlipbookModel
package import FlipbookMotion
package import FlipbookRaster
import FlipbookRender
import Foundation

/// A job's frames ready to render on worker threads, through a `FrameCache` per window of
/// `windowFrames` consecutive frames: a window's display lists and cache are made when a worker
/// first reaches it and dropped after its last frame, so memory does not grow with the sequence.
/// (A base shared across windows is drawn once per window; the cache is exact either way, so
/// the bytes do not depend on the windows.)
package struct FrameRenderer: Sendable {
    /// Frames per window: 64 keeps a job of up to 64 frames (every preset's at 60 fps) in one
    /// cache, and a window's lists and trie to a few hundred KB.
    static let windowFrames = 64

    /// The frames, in job order.
    let frames: [FrameSample]
    /// Draws every frame's ops (the images are decoded for all frames).
    let rasterizer: FrameRasterizer
    /// The display list of a frame.
    private let displayList: @Sendable (FrameSample) -> DisplayList
    /// What a decode error is reported as (`DecodePlan.errorNaming`).
    private let decodeErrorNaming: @Sendable (Error) -> Error
    private let windows: FrameWindows

    init(
        frames: [FrameSample], rasterizer: FrameRasterizer, decodeErrorNaming: @escaping @Sendable (Error) -> Error,
        displayList: @escaping @Sendable (FrameSample) -> DisplayList
    ) {
        self.frames = frames
        self.rasterizer = rasterizer
        self.decodeErrorNaming = decodeErrorNaming
        self.displayList = displayList
        windows = FrameWindows(frameCount: frames.count, windowFrames: Self.windowFrames)
    }

    /// Decodes every photo the frames draw now, not as the first frames drawing them need them.
    func decodeAllImages() throws {
        do { try rasterizer.images.decodeAll() } catch { throw decodeErrorNaming(error) }
    }

    /// Renders every frame on up to `threads` threads (taken in order) and hands each to `body`
    /// with its position, sample, display list and pixels; the first error stops the rest and is
    /// rethrown.
    package func run(
        threads: Int, progress: (@Sendable (Int, Int) -> Void)?,
        _ body: @Sendable (Int, FrameSample, DisplayList, PremultipliedImage) throws -> Void
    ) throws {
        let frames = self.frames, rasterizer = self.rasterizer, displayList = self.displayList
        do {
            try ParallelFrames.run(count: frames.count, threads: threads, progress: progress) { position in
                let (window, cache) = windows.cache(for: position) { range in
                    let lists = frames[range].map(displayList)
                    return FrameCache(lists: lists, rasterizer: rasterizer)
                }
                defer { windows.finished(window) }
                let offset = position - window * Self.windowFrames
                let list = cache.lists[offset]
                // The photos decode as the first frames drawing them need them (the workers share
                // the decodes), so drawing starts before the last photo is decoded.
                try rasterizer.images.decode(DisplayList.imageSources(in: list.ops))
                try body(position, frames[position], list, cache.render(offset))
            }
        } catch let error as CancellationError {
            throw error // a cancelled render stops at once, decoding nothing more
        } catch {
            // A broken photo is reported before any other failure, and always the same one
            // (the first in path order), whichever frame met it first.
            try decodeAllImages()
            throw decodeErrorNaming(error)
        }
    }
}

/// The live windows of a `FrameRenderer` run. `@unchecked Sendable`: the compiler cannot see
/// that `lock` guards `windows` and `remaining`, and each window's own lock guards making its
/// cache (held while the first worker makes it and the window's other workers wait).
private final class FrameWindows: @unchecked Sendable {
    private final class Window {
        let lock = NSLock()
        var cache: FrameCache?
        /// Frames of the window not rendered yet; at 0 the window is dropped.
        var remaining: Int
        init(remaining: Int) { self.remaining = remaining }
    }

    private let lock = NSLock()
    private var windows: [Int: Window] = [:]
    private let frameCount: Int, windowFrames: Int

    init(frameCount: Int, windowFrames: Int) {
        self.frameCount = frameCount
        self.windowFrames = windowFrames
    }

    /// The window of frame `position` and its cache, made by `make(frames of the window)` by the
    /// first caller while others wait.
    func cache(for position: Int, make: (Range<Int>) -> FrameCache) -> (Int, FrameCache) {
        let index = position / windowFrames
        let range = (index * windowFrames)..<min(frameCount, (index + 1) * windowFrames)
        lock.lock()
        let window = windows[index] ?? Window(remaining: range.count)
        windows[index] = window
        lock.unlock()
        window.lock.lock()
        defer { window.lock.unlock() }
        if let cache = window.cache { return (index, cache) }
        let cache = make(range)
        window.cache = cache
        return (index, cache)
    }

    /// One frame of window `index` is done; after its last, the window's cache is dropped.
    func finished(_ index: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard let window = windows[index] else { return }
        window.remaining -= 1
        if window.remaining == 0 { windows[index] = nil }
    }
}

extension RenderJob {
    /// The job's images and frames (display lists and caches are made as the frames are rendered).
    package func frameRenderer() throws -> FrameRenderer {
        let job = self, plan = try framesDecodePlan()
        return FrameRenderer(
            frames: frames, rasterizer: try makeRasterizer(plan, decodingAll: false),
            decodeErrorNaming: plan.errorNaming, displayList: { job.keptOrNewDisplayList(frame: $0) })
    }

    /// Renders the job's frames without writing any file: each frame goes to `frameSink` (a
    /// video pipe, thumbnails; nil = dropped, which measures rendering alone).
    /// `RenderSummary.outputDirectory` is empty; `framesWritten` counts the frames rendered.
    @discardableResult
    public func render(progress: (@Sendable (RenderProgress) -> Void)? = nil, frameSink: FrameSink? = nil) throws -> RenderSummary {
        try render(counting: RenderProgress.counting(progress), frameSink: frameSink)
    }

    /// `render(progress:frameSink:)` with the loop's `(done, total)` progress; `finish`, when
    /// given, runs after the last frame (an error it throws fails the render).
    @discardableResult
    package func render(
        counting progress: (@Sendable (Int, Int) -> Void)?, frameSink: FrameSink?,
        finish: (() throws -> Void)? = nil
    ) throws -> RenderSummary {
        let start = Date()
        let renderer = try frameRenderer()
        // The photos first, so the frames' figures below are the frames alone (`write` overlaps
        // the decodes with the first frames instead).
        try renderer.decodeAllImages()
        let framesStart = Date(), cpuStart = processCPUSeconds()
        try renderer.run(threads: settings.threads, progress: progress) { position, sample, _, image in
            try frameSink?(position, sample, image)
        }
        let framesSeconds = Date().timeIntervalSince(framesStart), framesCPUSeconds = processCPUSeconds() - cpuStart
        try finish?()
        let pixels = device.pixelSize
        return RenderSummary(
            outputDirectory: "", framesWritten: frames.count, totalFrames: sequence.count,
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
