import Foundation
import FlipbookCodecs
import FlipbookFiles
import FlipbookRaster

/// A video container `VideoExport` can write, chosen by the output file's extension.
public enum VideoFormat: String, Sendable, CaseIterable {
    /// H.264 in MP4 (`libx264`, `yuv420p`; odd frame sizes lose their last column/row).
    case mp4
    /// An animated GIF with one palette optimised for the whole sequence.
    case gif

    /// The format for `path`'s extension (case-insensitive), nil for any other.
    public init?(path: String) {
        self.init(rawValue: (path as NSString).pathExtension.lowercased())
    }
}

/// Why a video could not be written; each case names the file or what is missing.
public enum VideoExportError: Error, CustomStringConvertible, Equatable {
    /// No executable `ffmpeg` in any folder of `PATH`.
    case ffmpegNotFound(searchPath: String)
    /// The output's extension is not .mp4 or .gif.
    case unsupportedFormat(path: String)
    /// ffmpeg could not be started.
    case cannotStart(ffmpeg: String, reason: String)
    /// ffmpeg exited with a failure (or stopped reading frames); `log` is its standard error.
    case ffmpegFailed(path: String, status: Int32, log: String)
    /// The video's path cannot be written or the finished video could not be moved into place.
    case output(path: String, reason: String)

    /// A readable explanation; the ffmpeg-not-found case says how to install it.
    public var description: String {
        switch self {
        case .ffmpegNotFound(let searchPath):
            return "--video needs ffmpeg, which is not on PATH (\(searchPath.isEmpty ? "PATH is empty" : searchPath)); "
                + "install it with `apt-get install ffmpeg` (Debian/Ubuntu), `dnf install ffmpeg` or `brew install ffmpeg`"
        case .unsupportedFormat(let path):
            return "\(path): --video writes .mp4 or .gif files, not '.\((path as NSString).pathExtension)'"
        case let .cannotStart(ffmpeg, reason):
            return "\(ffmpeg): cannot start ffmpeg: \(reason)"
        case let .ffmpegFailed(path, status, log):
            let trimmed = log.trimmingCharacters(in: .whitespacesAndNewlines)
            return "\(path): ffmpeg failed (exit status \(status))" + (trimmed.isEmpty ? "" : ":\n" + trimmed)
        case let .output(path, reason):
            return "\(path): cannot write the video: \(reason)"
        }
    }
}

/// Pipes frames to `ffmpeg` as raw RGBA over its standard input and writes an MP4 or GIF
/// atomically: ffmpeg writes a hidden temporary sibling (a `PendingOutput`, same extension),
/// which `commit()` renames over the output after `finish()`; `cancel()`, a failure or a handled
/// signal (`Termination`, which also stops ffmpeg) removes it. The output is checked first: a
/// symbolic link is written through, a device, FIFO, socket or folder is refused.
///
/// Frames may be appended from several threads in any order: each carries its position, and
/// frames are written to ffmpeg in position order (out-of-order ones wait in memory). Setting up
/// an export ignores SIGPIPE for the process, so a crashed ffmpeg becomes an error, not a signal.
public final class VideoExport: @unchecked Sendable {
    /// The output file.
    public let path: String
    /// The container, from the extension.
    public let format: VideoFormat
    private let output: PendingOutput
    private var temporaryPath: String { output.temporaryPath }
    private let stopOnSignal: Int
    private let process: Process
    private let input: FileHandle
    private let logPipe: Pipe
    private let logReader = DispatchGroup()
    private var log = Data()
    private let lock = NSLock()
    private var pending: [Int: PremultipliedImage] = [:]
    private var nextPosition = 0
    private var failure: VideoExportError?
    private var closed = false

    /// The `ffmpeg` executable in the first folder of `environment["PATH"]` that has one.
    /// - Throws: `VideoExportError.ffmpegNotFound`, whose message says how to install it.
    public static func locateFFmpeg(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let searchPath = environment["PATH"] ?? ""
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = (String(folder) as NSString).appendingPathComponent("ffmpeg")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        throw VideoExportError.ffmpegNotFound(searchPath: searchPath)
    }

    /// Checks, without starting anything, that `path` names a supported format and that ffmpeg
    /// is on `environment`'s PATH; returns the ffmpeg executable. Call it before rendering.
    @discardableResult
    public static func check(path: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        guard VideoFormat(path: path) != nil else { throw VideoExportError.unsupportedFormat(path: path) }
        return try locateFFmpeg(environment: environment)
    }

    /// GIFs are scaled down to at most this width by default (a full-resolution GIF of a phone
    /// screen is several times larger than anyone wants to embed in a review).
    public static let defaultGIFMaximumWidthPixels = 480

    /// The scale a video is encoded at when none is given: 1 for MP4; for GIF the largest scale
    /// ≤ 1 that keeps it at most `defaultGIFMaximumWidthPixels` wide.
    public static func defaultScale(format: VideoFormat, widthPixels: Int) -> Double {
        format == .gif ? min(1, Double(defaultGIFMaximumWidthPixels) / Double(max(widthPixels, 1))) : 1
    }

    /// The size of the video's frames for input frames of `widthPixels × heightPixels` at `scale`
    /// (nil = `defaultScale`): each side rounded, at least 1; MP4 sizes rounded down to even
    /// (yuv420p), at least 2.
    public static func outputSize(format: VideoFormat, widthPixels: Int, heightPixels: Int,
                                  scale: Double?) -> (width: Int, height: Int) {
        let factor = scale ?? defaultScale(format: format, widthPixels: widthPixels)
        var width = max(1, Int((Double(widthPixels) * factor).rounded()))
        var height = max(1, Int((Double(heightPixels) * factor).rounded()))
        if format == .mp4 { width = max(2, width & ~1); height = max(2, height & ~1) }
        return (width, height)
    }

    /// ffmpeg's arguments (after the executable) for frames of `width × height` pixels, encoded
    /// at `scale` (nil = the format's default, see `outputSize`).
    ///
    /// Input: `-f rawvideo -pix_fmt rgba -s WxH -r FPS -i -`. A smaller output size is made by
    /// ffmpeg's `scale` filter with `flags=area` (an area average, like the canvas's pyramid).
    /// MP4: H.264 (`libx264`, CRF 18 — sharp UI edges need more than the default 23) in
    /// `yuv420p`, which needs even sizes, so an odd width/height is cropped by its last
    /// column/row (`crop=trunc(iw/2)*2:trunc(ih/2)*2`; cropping keeps every kept pixel exact,
    /// padding would add a coloured edge); `+faststart` puts the index first for browsers.
    /// GIF: `split` → `palettegen` (one palette from all frames) → `paletteuse`, in one pass from the pipe.
    public static func arguments(format: VideoFormat, widthPixels: Int, heightPixels: Int,
                                 framesPerSecond: Double, output: String, scale: Double? = nil) -> [String] {
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostats",
                         "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(widthPixels)x\(heightPixels)",
                         "-r", "\(framesPerSecond)", "-i", "-"]
        let size = outputSize(format: format, widthPixels: widthPixels, heightPixels: heightPixels, scale: scale)
        let cropOnly = format == .mp4 && size == (widthPixels & ~1, heightPixels & ~1)
        let resize = size == (widthPixels, heightPixels) || cropOnly ? nil : "scale=\(size.width):\(size.height):flags=area"
        switch format {
        case .mp4:
            if let resize {
                arguments += ["-vf", resize]
            } else if cropOnly, widthPixels % 2 != 0 || heightPixels % 2 != 0 {
                arguments += ["-vf", "crop=trunc(iw/2)*2:trunc(ih/2)*2"]
            }
            arguments += ["-c:v", "libx264", "-crf", "18", "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4"]
        case .gif:
            let input = resize.map { "[0:v]\($0)," } ?? "[0:v]"
            arguments += ["-filter_complex", input + "split[a][b];[a]palettegen[p];[b][p]paletteuse", "-f", "gif"]
        }
        return arguments + ["-y", output]
    }

    /// Starts ffmpeg (found on `environment`'s PATH) writing `path` from frames of
    /// `widthPixels × heightPixels` at `framesPerSecond`, encoded at `scale` (0 < scale ≤ 1;
    /// nil = the format's default: GIFs at most 480 px wide, MP4 full size).
    /// - Throws: `VideoExportError` when the format is unsupported, ffmpeg is missing or does not start.
    public init(path: String, widthPixels: Int, heightPixels: Int, framesPerSecond: Double, scale: Double? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        precondition(widthPixels > 0 && heightPixels > 0 && framesPerSecond > 0, "a video needs a size and a frame rate")
        precondition(scale.map { $0 > 0 && $0 <= 1 } ?? true, "a video scale is in (0, 1]")
        let ffmpeg = try VideoExport.check(path: path, environment: environment)
        self.path = path
        format = VideoFormat(path: path)!
        do {
            output = try PendingOutput(path, createFolders: true, extension: format.rawValue)
        } catch let error as FileError {
            throw VideoExportError.output(path: path, reason: error.reason)
        }
        signal(SIGPIPE, SIG_IGN)
        process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = VideoExport.arguments(format: format, widthPixels: widthPixels, heightPixels: heightPixels,
                                                  framesPerSecond: framesPerSecond, output: output.temporaryPath, scale: scale)
        process.environment = environment
        let inputPipe = Pipe()
        logPipe = Pipe()
        process.standardInput = inputPipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = logPipe
        input = inputPipe.fileHandleForWriting
        do {
            try process.run()
        } catch {
            output.discard()
            throw VideoExportError.cannotStart(ffmpeg: ffmpeg, reason: error.localizedDescription)
        }
        // SIGTERM reaches this process only: stop ffmpeg too (its temporary file goes with the output's clean-up).
        let child = process
        stopOnSignal = Termination.register { if child.isRunning { child.terminate() } }
        // Drain stderr on its own thread so ffmpeg never blocks on a full pipe while we write frames.
        let reader = logPipe.fileHandleForReading
        logReader.enter()
        DispatchQueue.global().async { [self] in
            let data = reader.readDataToEndOfFile()
            lock.lock(); log = data; lock.unlock()
            logReader.leave()
        }
    }

    /// Hands over the frame at `position` (0-based, each exactly once). Frames are piped in
    /// position order; a frame that arrives early waits. Straight RGBA is sent (opaque frames —
    /// all rendered frames are, on a white window — are sent as they are).
    /// - Throws: `VideoExportError.ffmpegFailed` (with ffmpeg's log) when ffmpeg stopped reading.
    public func append(_ frame: PremultipliedImage, at position: Int) throws {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
        precondition(!closed && position >= nextPosition && pending[position] == nil, "frame \(position) appended twice or after finish()")
        pending[position] = frame
        while let next = pending.removeValue(forKey: nextPosition) {
            if !writeFrame(next) {
                lock.unlock()
                let error = stop(removing: true)
                    ?? .ffmpegFailed(path: path, status: process.terminationStatus, log: "ffmpeg stopped reading frames")
                lock.lock()
                failure = error
                throw error
            }
            nextPosition += 1
        }
    }

    /// Ends the input and waits for ffmpeg to finish the (still temporary) file.
    /// - Throws: `VideoExportError.ffmpegFailed` with ffmpeg's log.
    public func finish() throws {
        lock.lock()
        if let failure { lock.unlock(); throw failure }
        precondition(pending.isEmpty, "finish() with frames missing before position \(pending.keys.min() ?? 0)")
        lock.unlock()
        if let error = stop(removing: false) {
            lock.lock(); failure = error; lock.unlock()
            throw error
        }
    }

    /// Renames the finished video over `path` (after `finish()`).
    /// - Throws: `VideoExportError.output` when the rename fails (the temporary file is removed).
    public func commit() throws {
        lock.lock()
        precondition(closed && failure == nil, "commit() needs a successful finish()")
        lock.unlock()
        do {
            try output.commit()
        } catch let error as FileError {
            throw VideoExportError.output(path: path, reason: error.reason)
        }
    }

    /// Stops ffmpeg and removes its output (after a failed render; harmless after `commit()`).
    public func cancel() {
        lock.lock()
        let running = !closed
        lock.unlock()
        if running {
            process.terminate()
            _ = stop(removing: true)
        }
        output.discard()
    }

    /// Closes ffmpeg's input, waits for it, collects the log; removes the temporary file on
    /// failure (or when asked). Returns the failure, if any.
    private func stop(removing: Bool) -> VideoExportError? {
        lock.lock()
        let wasClosed = closed
        closed = true
        lock.unlock()
        if !wasClosed { try? input.close() }
        process.waitUntilExit()
        Termination.unregister(stopOnSignal)
        logReader.wait()
        let status = process.terminationStatus
        var error: VideoExportError?
        if status != 0 || process.terminationReason != .exit {
            lock.lock()
            let text = String(decoding: log, as: UTF8.self)
            lock.unlock()
            error = .ffmpegFailed(path: path, status: status, log: text)
        }
        if error != nil || removing { try? FileManager.default.removeItem(atPath: temporaryPath) }
        return error
    }

    /// Writes one frame's bytes to ffmpeg's stdin; false when the pipe is broken.
    private func writeFrame(_ frame: PremultipliedImage) -> Bool {
        // Pixels are packed R | G<<8 | B<<16 | A<<24: in memory on a little-endian machine that is
        // the byte order R, G, B, A of ffmpeg's `rgba`.
        #if _endian(big)
        let pixels = frame.pixels.map { (frame.isOpaque ? $0 : PixelConversion.unpremultiply($0)).littleEndian }
        #else
        let pixels = frame.isOpaque ? frame.pixels : frame.pixels.map(PixelConversion.unpremultiply)
        #endif
        let fd = input.fileDescriptor
        return pixels.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
