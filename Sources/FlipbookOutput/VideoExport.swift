import FlipbookCodecs
import FlipbookFiles
import FlipbookGeometry
package import FlipbookRaster
import Foundation

/// Pipes frames to `ffmpeg` as raw RGBA over its standard input and writes an MP4 or GIF
/// atomically: ffmpeg writes a hidden temporary sibling (a `PendingOutput`, same extension),
/// which `commit()` renames over the output after `finish()`; `cancel()`, a failure or a handled
/// signal (`Termination`, which also stops ffmpeg) removes it. The output is checked first: a
/// symbolic link is written through, a device, FIFO, socket or folder is refused.
///
/// Frames may be appended from several threads in any order: each carries its position, and
/// frames are written to ffmpeg in position order (out-of-order ones wait in memory). A crashed
/// ffmpeg is an error, not a SIGPIPE: frames are written with the signal held off for the writing
/// thread only (`PipeWrite`), so the process's signal dispositions stay the caller's.
/// `@unchecked Sendable`: the compiler cannot see that `lock` guards the pending frames, the
/// next position and the state (held across each write to ffmpeg), and that `log` is written
/// by the log reader alone and read only after `logReader` is waited for.
package final class VideoExport: @unchecked Sendable {
    /// The output file.
    package let path: String
    /// The container, from the extension.
    package let format: VideoFormat
    private let output: PendingOutput
    private var temporaryPath: String { output.temporaryPath }
    private let ffmpeg: String
    private let environment: [String: String]
    private let expectedSize: (width: Int, height: Int)
    private let stopOnSignal: Int
    private let process: Process
    private let input: FileHandle
    private let logPipe: Pipe
    /// Left by the log reader once `log` is set: `log` is read only after waiting for it.
    private let logReader = DispatchGroup()
    private var log = Data()
    /// Guards everything below. Held for the whole of a write to ffmpeg and of stopping it, so
    /// no frame can slip in while a failing append stops ffmpeg.
    private let lock = NSLock()
    private var pending: [Int: PremultipliedImage] = [:]
    private var nextPosition = 0
    private var state = State.open

    /// Where an export is: frames are accepted only while `open`; `failed` answers every later
    /// call with its error; `finished` (ffmpeg done, the file checked) may be committed.
    private enum State {
        case open
        case failed(VideoExportError)
        case finished
    }

    /// The `ffmpeg` executable in the first folder of `environment["PATH"]` that has one.
    /// - Throws: `VideoExportError.ffmpegNotFound`, whose message says how to install it.
    package static func locateFFmpeg(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let searchPath = environment["PATH"] ?? ""
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = (String(folder) as NSString).appendingPathComponent("ffmpeg")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate)
            {
                return candidate
            }
        }
        throw VideoExportError.ffmpegNotFound(searchPath: searchPath)
    }

    /// Checks, without starting anything, that `path` names a supported format and that ffmpeg
    /// is on `environment`'s PATH; returns the ffmpeg executable. Call it before rendering.
    @discardableResult
    package static func check(path: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        guard VideoFormat(path: path) != nil else { throw VideoExportError.unsupportedFormat(path: path) }
        return try locateFFmpeg(environment: environment)
    }

    /// GIFs are scaled down to at most this width by default (a full-resolution GIF of a phone
    /// screen is several times larger than anyone wants to embed in a review).
    package static let defaultGIFMaximumWidthPixels = 480

    /// The scale a video is encoded at when none is given: 1 for MP4; for GIF the largest scale
    /// ≤ 1 that keeps it at most `defaultGIFMaximumWidthPixels` wide.
    package static func defaultScale(format: VideoFormat, widthPixels: Int) -> Double {
        format == .gif ? min(1, Double(defaultGIFMaximumWidthPixels) / Double(max(widthPixels, 1))) : 1
    }

    /// The size of the video's frames for input frames of `widthPixels × heightPixels` at `scale`
    /// (nil = `defaultScale`): each side rounded, at least 1; MP4 sizes rounded down to even
    /// (yuv420p), at least 2.
    package static func outputSize(
        format: VideoFormat, widthPixels: Int, heightPixels: Int,
        scale: Double?
    ) -> (width: Int, height: Int) {
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
    package static func arguments(
        format: VideoFormat, widthPixels: Int, heightPixels: Int,
        framesPerSecond: Double, output: String, scale: Double? = nil
    ) -> [String] {
        var arguments = [
            "-hide_banner", "-loglevel", "error", "-nostats",
            "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(widthPixels)x\(heightPixels)",
            "-r", "\(framesPerSecond)", "-i", "-"
        ]
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

    /// The largest side libx264 encodes (x264 refuses wider or taller frames: "invalid width x
    /// height"; measured with ffmpeg 5.1, 16384 encodes and 16386 does not).
    package static let mp4MaximumSidePixels = 16384
    /// The largest side of a GIF: its logical screen stores sizes in 16 bits.
    package static let gifMaximumSidePixels = 65535
    /// ffmpeg's limit on any frame it reads (`av_image_check_size`): (width + 128) × (height + 128)
    /// below INT_MAX / 8.
    package static let ffmpegMaximumPaddedPixels = Int(Int32.max) / 8

    /// Checks that frames of `widthPixels × heightPixels`, encoded at `scale` (nil = the format's
    /// default), fit what ffmpeg and the format's encoder accept — before anything is rendered
    /// (a 32096×8096 comparison video was refused by libx264 only after 21 s and 3.5 GB of frames).
    /// - Throws: `VideoExportError.tooLarge` naming `path`, the size and the limit.
    package static func checkSize(path: String, widthPixels: Int, heightPixels: Int, scale: Double? = nil) throws {
        guard let format = VideoFormat(path: path) else { throw VideoExportError.unsupportedFormat(path: path) }
        guard (widthPixels + 128).multipliedReportingOverflow(by: heightPixels + 128).partialValue < ffmpegMaximumPaddedPixels,
            widthPixels > 0, heightPixels > 0, widthPixels < 1 << 30, heightPixels < 1 << 30
        else {
            throw VideoExportError.tooLarge(
                path: path, widthPixels: widthPixels, heightPixels: heightPixels,
                limit: "ffmpeg reads frames of at most about 268 million pixels (with 128 pixels of padding a side)")
        }
        let size = outputSize(format: format, widthPixels: widthPixels, heightPixels: heightPixels, scale: scale)
        let maximum = format == .mp4 ? mp4MaximumSidePixels : gifMaximumSidePixels
        guard size.width <= maximum, size.height <= maximum else {
            let encoder = format == .mp4 ? "H.264 through libx264" : "a GIF"
            let scaled = size == (widthPixels, heightPixels) ? "" : " (scaled to \(size.width)x\(size.height))"
            throw VideoExportError.tooLarge(
                path: path, widthPixels: widthPixels, heightPixels: heightPixels,
                limit: "\(encoder) takes at most \(maximum) pixels a side\(scaled); use a smaller \(field: .videoScale), "
                    + "a smaller \(field: .scale) or fewer variants side by side")
        }
    }

    /// Starts ffmpeg (found on `environment`'s PATH) writing `path` from frames of
    /// `widthPixels × heightPixels` at `framesPerSecond`, encoded at `scale` (0 < scale ≤ 1;
    /// nil = the format's default: GIFs at most 480 px wide, MP4 full size).
    /// - Throws: `VideoExportError` when the format is unsupported, the size too large
    ///   (`checkSize`), the output unwritable, ffmpeg missing or unable to start.
    package init(
        path: String, widthPixels: Int, heightPixels: Int, framesPerSecond: Double, scale: Double? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        precondition(widthPixels > 0 && heightPixels > 0 && framesPerSecond > 0, "a video needs a size and a frame rate")
        precondition(scale.map { $0 > 0 && $0 <= 1 } ?? true, "a video scale is in (0, 1]")
        let ffmpeg = try VideoExport.check(path: path, environment: environment)
        try VideoExport.checkSize(path: path, widthPixels: widthPixels, heightPixels: heightPixels, scale: scale)
        self.path = path
        self.ffmpeg = ffmpeg
        self.environment = environment
        format = VideoFormat(path: path)!
        expectedSize = VideoExport.outputSize(format: format, widthPixels: widthPixels, heightPixels: heightPixels, scale: scale)
        do {
            output = try PendingOutput(path, createFolders: true, extension: format.rawValue)
        } catch let error as FileError {
            throw VideoExportError.output(path: path, reason: error.reason)
        }
        do {
            // Created here, not by ffmpeg: an unwritable folder is an error now, before any frame
            // (ffmpeg would fail at its first write, while frames are being piped).
            try OutputFile.create([], at: output.temporaryPath, reportingAs: path)
        } catch let error as FileError {
            output.discard()
            throw VideoExportError.output(path: path, reason: error.reason)
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = VideoExport.arguments(
            format: format, widthPixels: widthPixels, heightPixels: heightPixels,
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
            throw VideoExportError.cannotStart(ffmpeg: ffmpeg, reason: VideoExport.startFailure(ffmpeg, error))
        }
        // SIGTERM reaches this process only: stop ffmpeg too (its temporary file goes with the output's clean-up).
        let child = process
        stopOnSignal = Termination.register { if child.isRunning { child.terminate() } }
        // Drain stderr on its own thread so ffmpeg never blocks on a full pipe while we write frames.
        let reader = logPipe.fileHandleForReading
        logReader.enter()
        DispatchQueue.global().async { [self] in
            log = reader.readDataToEndOfFile()
            logReader.leave()
        }
    }

    /// Why ffmpeg could not be started, in words (Foundation says "NSCocoaErrorDomain error 256"
    /// for an executable the kernel refuses, e.g. a script whose interpreter is missing).
    static func startFailure(_ ffmpeg: String, _ error: Error) -> String {
        // The file first: the kernel's ENOENT for a script whose interpreter is missing names neither.
        let head = [UInt8](FileHandle(forReadingAtPath: ffmpeg)?.readData(ofLength: 256) ?? Data())
        if head.starts(with: Array("#!".utf8)) {
            let line = String(decoding: head.dropFirst(2).prefix { $0 != 0x0A }, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            let interpreter = String(line.prefix { $0 != " " })
            if !FileManager.default.isExecutableFile(atPath: interpreter) {
                return "it is a script whose interpreter, \(interpreter.prefix(80)), is missing or not executable"
            }
        } else if !head.isEmpty && !head.starts(with: [0x7F, 0x45, 0x4C, 0x46]) {
            return "it is not a program this system can run (no ELF header or #! line)"
        }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return "the system refused to run it (a program for another machine, or a missing library?)"
    }

    /// Hands over the frame at `position` (0-based, each exactly once). Frames are piped in
    /// position order; a frame that arrives early waits. Straight RGBA is sent (opaque frames —
    /// all rendered frames are, on a white window — are sent as they are).
    /// - Throws: `VideoExportError.ffmpegFailed` (with ffmpeg's log) when ffmpeg stopped reading;
    ///   every later call throws the same error.
    package func append(_ frame: PremultipliedImage, at position: Int) throws {
        lock.lock()
        defer { lock.unlock() }
        switch state {
        case let .failed(error): throw error
        case .finished: preconditionFailure("frame \(position) appended after finish()")
        case .open: break
        }
        precondition(position >= nextPosition && pending[position] == nil, "frame \(position) appended twice")
        pending[position] = frame
        while let next = pending.removeValue(forKey: nextPosition) {
            if !writeFrame(next) {
                // Stopped with the lock held: another thread's frame waits, then sees the failure.
                pending.removeAll()
                let error =
                    stopLocked()
                    ?? .ffmpegFailed(path: path, status: process.terminationStatus, log: "ffmpeg stopped reading frames")
                fail(error)
                throw error
            }
            nextPosition += 1
        }
    }

    /// Ends the input, waits for ffmpeg to finish the (still temporary) file and checks it: ffmpeg
    /// may exit 0 after "Error writing trailer … No space left on device", leaving a truncated
    /// MP4. Its log must hold no error, the container must be whole (`VideoFileCheck`), and when
    /// `ffprobe` sits beside ffmpeg it must count `frames` frames of the expected size.
    /// - Throws: `VideoExportError.ffmpegFailed` with ffmpeg's log, or `.incomplete`.
    package func finish() throws {
        lock.lock()
        defer { lock.unlock() }
        switch state {
        case let .failed(error): throw error
        case .finished: preconditionFailure("finish() called twice")
        case .open: break
        }
        precondition(pending.isEmpty, "finish() with frames missing before position \(pending.keys.min() ?? 0)")
        if let error = stopLocked() ?? verify(frames: nextPosition) {
            fail(error)
            throw error
        }
        state = .finished
    }

    /// Renames the finished video over `path` (after `finish()`).
    /// - Throws: `VideoExportError.output` when the rename fails (the temporary file is removed).
    package func commit() throws {
        try commitFinished { try $0.commit() }
    }

    /// `commit()` keeping the file it replaces until `dropPrevious()`, for `rollBack()`
    /// (`PendingOutput.commitKeepingPrevious()`): a video committed with other outputs.
    package func commitKeepingPrevious() throws {
        try commitFinished { try $0.commitKeepingPrevious() }
    }

    /// Checks that `finish()` succeeded, then runs `rename` on the pending file, naming `path`
    /// in its error.
    private func commitFinished(_ rename: (PendingOutput) throws -> Void) throws {
        lock.lock()
        guard case .finished = state else { preconditionFailure("commit() needs a successful finish()") }
        lock.unlock()
        do {
            try rename(output)
        } catch let error as FileError {
            throw VideoExportError.output(path: path, reason: error.reason)
        }
    }

    /// Puts back the video `commitKeepingPrevious()` replaced.
    package func rollBack() { output.rollBack() }

    /// Forgets the video `commitKeepingPrevious()` kept.
    package func dropPrevious() { output.dropPrevious() }

    /// Stops ffmpeg and removes its output (after a failed render; harmless after `commit()`).
    package func cancel() {
        lock.lock()
        if case .open = state {
            process.terminate()
            fail(stopLocked() ?? .output(path: path, reason: "cancelled"))
        }
        lock.unlock()
        output.discard()
    }

    /// Records `error` as the export's outcome and removes the temporary file (lock held).
    private func fail(_ error: VideoExportError) {
        state = .failed(error)
        unlink(temporaryPath)
    }

    /// Closes ffmpeg's input, waits for it and collects the log (lock held, state open). Returns
    /// ffmpeg's failure, if any.
    private func stopLocked() -> VideoExportError? {
        try? input.close()
        process.waitUntilExit()
        Termination.unregister(stopOnSignal)
        logReader.wait()
        let status = process.terminationStatus
        guard status == 0 && process.terminationReason == .exit else {
            return .ffmpegFailed(path: path, status: status, log: String(decoding: log, as: UTF8.self))
        }
        return nil
    }

    /// Checks the file ffmpeg wrote after a clean exit with `frames` frames piped; nil when good.
    private func verify(frames: Int) -> VideoExportError? {
        let text = String(decoding: log, as: UTF8.self)
        // `-loglevel error` prints only errors, yet a clean exit with one must not be trusted.
        if text.range(of: "error", options: .caseInsensitive) != nil {
            return .ffmpegFailed(path: path, status: 0, log: text)
        }
        if let problem = VideoFileCheck.problem(inFileAt: temporaryPath, format: format) {
            return .incomplete(path: path, reason: problem)
        }
        if let problem = VideoFileCheck.probe(
            temporaryPath, ffmpeg: ffmpeg, environment: environment,
            frames: frames, size: expectedSize)
        {
            return .incomplete(path: path, reason: problem)
        }
        return nil
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
                let written = PipeWrite.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
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
