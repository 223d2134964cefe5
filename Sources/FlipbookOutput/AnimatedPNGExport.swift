package import FlipbookCodecs
import FlipbookFiles
import FlipbookGeometry
package import FlipbookRaster
import Foundation

/// A video being written from rendered frames: an ffmpeg `VideoExport` or an `AnimatedPNGExport`.
package protocol FrameVideoOutput: AnyObject, Sendable {
    func append(_ frame: PremultipliedImage, at position: Int) throws
    func finish() throws
    func commit() throws
    func commitKeepingPrevious() throws
    func rollBack()
    func dropPrevious()
    func cancel()
}

extension VideoExport: FrameVideoOutput {}

/// Opens the right writer for a `--video` path: `.apng` in-process, `.mp4`/`.gif` through ffmpeg.
package enum FrameVideo {
    /// Checks the path (and for ffmpeg formats that ffmpeg is on PATH) before anything is rendered.
    package static func check(path: String, environment: [String: String]) throws {
        if AnimatedPNGExport.handles(path: path) { return }
        try VideoExport.check(path: path, environment: environment)
    }

    package static func open(
        path: String, widthPixels: Int, heightPixels: Int, framesPerSecond: Double, frameCount: Int,
        scale: Double?, pngOptions: PNGEncodeOptions = .default,
        environment: [String: String]
    ) throws -> any FrameVideoOutput {
        if AnimatedPNGExport.handles(path: path) {
            return try AnimatedPNGExport(
                path: path, widthPixels: widthPixels, heightPixels: heightPixels,
                framesPerSecond: framesPerSecond, frameCount: frameCount, scale: scale, pngOptions: pngOptions)
        }
        return try VideoExport(
            path: path, widthPixels: widthPixels, heightPixels: heightPixels,
            framesPerSecond: framesPerSecond, scale: scale, environment: environment)
    }
}

/// Writes rendered frames as an animated PNG (`AnimatedPNG`) without ffmpeg, with the same
/// contract as `VideoExport`: frames appended from any thread in any order (each is scaled,
/// encoded and written to a hidden temporary sibling as soon as the frames before it are, by an
/// `AnimatedPNGWriter`: only frames waiting for an earlier one are held), `finish()` ends the
/// file and reads its animation chunks back a chunk at a time, `commit()` renames it into place,
/// `cancel()` removes it. Every frame is shown for one frame at the sequence's rate.
/// `@unchecked Sendable`: the compiler cannot see that `lock` guards `encoded` and `finished`.
package final class AnimatedPNGExport: @unchecked Sendable {
    /// The output file.
    package let path: String
    /// The size of the file's frames after `scale`.
    package let sizePixels: (width: Int, height: Int)
    private let frameCount: Int
    private let delay: (numerator: UInt16, denominator: UInt16)
    private let pngOptions: PNGEncodeOptions
    private let output: PendingOutput
    private let writer: AnimatedPNGWriter
    private let lock = NSLock()
    private var finished = false

    /// Whether `path` names an animated PNG (extension `.apng`, any case).
    package static func handles(path: String) -> Bool { (path as NSString).pathExtension.lowercased() == "apng" }

    /// The size of the frames for input frames of `widthPixels × heightPixels` at `scale`: as a
    /// GIF's (`VideoExport.outputSize`) — nil = at most `VideoExport.defaultGIFMaximumWidthPixels`
    /// wide, since an APNG, like a GIF, is meant to be embedded in a review.
    package static func outputSize(widthPixels: Int, heightPixels: Int, scale: Double?) -> (width: Int, height: Int) {
        VideoExport.outputSize(format: .gif, widthPixels: widthPixels, heightPixels: heightPixels, scale: scale)
    }

    /// The most pixels one frame of an APNG may have (2^28, about ffmpeg's limit for the other
    /// formats): a bound on the memory one frame takes while it is scaled and encoded.
    package static let maximumFramePixels = 1 << 28

    /// Checks, before anything is rendered, that `frameCount` frames of `widthPixels × heightPixels`
    /// at `scale` fit one APNG: 1…`AnimatedPNG.maximumFrames` frames, at most `maximumFramePixels` each.
    /// - Throws: `VideoExportError.tooLarge` naming `path`.
    package static func checkSize(path: String, widthPixels: Int, heightPixels: Int, frameCount: Int, scale: Double?) throws {
        guard frameCount >= 1, frameCount <= AnimatedPNG.maximumFrames else {
            throw VideoExportError.tooLarge(
                path: path, widthPixels: widthPixels, heightPixels: heightPixels,
                limit: "an animated PNG holds at most \(AnimatedPNG.maximumFrames) frames, not \(frameCount); "
                    + "use a lower \(field: .framesPerSecond), a shorter \(field: .timing) or fewer \(field: .frameRange)")
        }
        let size = outputSize(widthPixels: widthPixels, heightPixels: heightPixels, scale: scale)
        guard size.width.multipliedReportingOverflow(by: size.height).partialValue <= maximumFramePixels,
            size.width < 1 << 30, size.height < 1 << 30
        else {
            throw VideoExportError.tooLarge(
                path: path, widthPixels: widthPixels, heightPixels: heightPixels,
                limit: "an animated PNG's frames may have at most \(maximumFramePixels) pixels; use a smaller \(field: .videoScale)")
        }
    }

    /// Prepares `path` (a link is followed, a device or FIFO refused, the folder created) for
    /// `frameCount` frames of `widthPixels × heightPixels` at `framesPerSecond`, scaled by `scale`.
    /// - Throws: `VideoExportError.tooLarge` or `.output` naming `path`.
    package init(
        path: String, widthPixels: Int, heightPixels: Int, framesPerSecond: Double, frameCount: Int,
        scale: Double? = nil, pngOptions: PNGEncodeOptions = .default
    ) throws {
        precondition(widthPixels > 0 && heightPixels > 0 && framesPerSecond > 0, "a video needs a size and a frame rate")
        precondition(scale.map { $0 > 0 && $0 <= 1 } ?? true, "a video scale is in (0, 1]")
        try AnimatedPNGExport.checkSize(
            path: path, widthPixels: widthPixels, heightPixels: heightPixels, frameCount: frameCount, scale: scale)
        self.path = path
        self.frameCount = frameCount
        self.pngOptions = pngOptions
        sizePixels = AnimatedPNGExport.outputSize(widthPixels: widthPixels, heightPixels: heightPixels, scale: scale)
        delay = AnimatedPNG.frameDelay(framesPerSecond: framesPerSecond)
        do {
            output = try PendingOutput(path, createFolders: true, extension: "apng")
            // Created now, so an unwritable folder is an error before any frame is rendered.
            writer = try AnimatedPNGWriter(
                creating: output.temporaryPath, reportingAs: path, frameCount: frameCount,
                delayNumerator: delay.numerator, delayDenominator: delay.denominator)
        } catch let error as FileError {
            throw VideoExportError.output(path: path, reason: error.reason)
        }
    }

    /// The most encoded frames held at once, waiting for an earlier frame to be written.
    package var mostFramesHeld: Int { writer.mostFramesHeld }

    /// Scales and encodes the frame at `position` (0-based, each exactly once).
    package func append(_ frame: PremultipliedImage, at position: Int) throws {
        precondition(position >= 0 && position < frameCount, "frame \(position) of \(frameCount)")
        let bytes = try PNGEncoder.encode(scaled(frame), options: pngOptions)
        lock.lock()
        precondition(!finished, "frame \(position) appended after finish()")
        lock.unlock()
        do {
            try writer.append(bytes, at: position)
        } catch let error as FileError {
            throw VideoExportError.output(path: path, reason: error.reason)
        }
    }

    /// The frame at the file's size: itself at full size (pixels exact), else an area average
    /// through the canvas's image pyramid, as the contact sheet's thumbnails.
    private func scaled(_ frame: PremultipliedImage) -> PremultipliedImage {
        if (frame.width, frame.height) == sizePixels { return frame }
        var canvas = Canvas(widthPixels: sizePixels.width, heightPixels: sizePixels.height, scale: 1)
        canvas.draw(
            ImagePyramid(frame), in: Rect(x: 0, y: 0, width: Double(sizePixels.width), height: Double(sizePixels.height)),
            contentMode: .scaleToFill)
        return canvas.image
    }

    /// Ends the file in the temporary sibling and checks its frame count by reading it back.
    /// - Throws: `VideoExportError.output` when it cannot be written or reads back wrong.
    package func finish() throws {
        lock.lock()
        defer { lock.unlock() }
        precondition(!finished, "finish() called twice")
        finished = true
        do {
            try writer.finish()
        } catch let error as FileError {
            throw VideoExportError.output(path: path, reason: error.reason)
        }
        guard let summary = try? AnimatedPNG.summary(ofFileAt: output.temporaryPath), summary.frameCount == frameCount else {
            throw VideoExportError.output(path: path, reason: "the file written does not read back as \(frameCount) frames")
        }
    }

    /// Renames the finished file over `path` (after `finish()`).
    package func commit() throws {
        do { try output.commit() } catch let error as FileError { throw VideoExportError.output(path: path, reason: error.reason) }
    }

    package func commitKeepingPrevious() throws {
        do { try output.commitKeepingPrevious() } catch let error as FileError {
            throw VideoExportError.output(path: path, reason: error.reason)
        }
    }

    package func rollBack() { output.rollBack() }

    package func dropPrevious() { output.dropPrevious() }

    /// Removes the temporary file (after a failed render; harmless after `commit()`).
    package func cancel() { output.discard() }
}

extension AnimatedPNGExport: FrameVideoOutput {}
