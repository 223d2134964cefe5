public import FlipbookGeometry
public import Foundation

/// A video container `VideoExport` can write, chosen by the output file's extension.
package enum VideoFormat: String, Sendable, CaseIterable {
    /// H.264 in MP4 (`libx264`, `yuv420p`; odd frame sizes lose their last column/row).
    case mp4
    /// An animated GIF with one palette optimised for the whole sequence.
    case gif

    /// The format for `path`'s extension (case-insensitive), nil for any other.
    package init?(path: String) {
        self.init(rawValue: (path as NSString).pathExtension.lowercased())
    }
}

/// Why a video could not be written; each case names the file or what is missing.
public enum VideoExportError: SettingNamingError, Equatable {
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
    /// ffmpeg reported success but the file it wrote is not a complete video (truncated on a
    /// full disk, for one); `reason` says what is wrong. The previous file at `path` is kept.
    case incomplete(path: String, reason: String)
    /// The video's frames are larger than the format's encoder or ffmpeg's input accepts.
    /// `limit` says which limit and which settings to change.
    case tooLarge(path: String, widthPixels: Int, heightPixels: Int, limit: SettingText)

    /// A readable explanation; the ffmpeg-not-found case says how to install it. `message` keeps
    /// the settings it names apart.
    public var message: SettingText {
        switch self {
        case .ffmpegNotFound(let searchPath):
            return "\(field: .videoPath) needs ffmpeg, which is not on PATH (\(searchPath.isEmpty ? "PATH is empty" : searchPath)); "
                + "install it with `apt-get install ffmpeg` (Debian/Ubuntu), `dnf install ffmpeg` or `brew install ffmpeg`"
        case .unsupportedFormat(let path):
            return "\(path): \(field: .videoPath) writes .mp4 or .gif files, not '.\((path as NSString).pathExtension)'"
        case let .cannotStart(ffmpeg, reason):
            return "\(ffmpeg): cannot start ffmpeg: \(reason)"
        case let .ffmpegFailed(path, status, log):
            let trimmed = log.trimmingCharacters(in: .whitespacesAndNewlines)
            return "\(path): ffmpeg failed (exit status \(status))\(trimmed.isEmpty ? "" : ":\n" + trimmed)"
        case let .output(path, reason):
            return "\(path): cannot write the video: \(reason)"
        case let .incomplete(path, reason):
            return "\(path): ffmpeg reported success, but the video it wrote is incomplete (\(reason)); the previous file is kept"
        case let .tooLarge(path, width, height, limit):
            return "\(path): a \(width)x\(height) video is too large: \(limit)"
        }
    }
}

extension VideoExportError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    public var errorDescription: String? { description }
}
