import Foundation
import Flipbook

/// Library errors name the settings' fields (`SceneOptions.selectedIndex 16 is out of range`);
/// the command line prints them with the options that set those fields (`--select 16 is out of
/// range`), as `SceneArguments.usageError` does for timing errors.
enum ErrorWording {
    /// A library field or phrase and the option wording that replaces it, longest first where
    /// one contains another.
    static let fieldsToOptions: [(library: String, commandLine: String)] = [
        ("SceneOptions.selectedIndex", "--select"),
        ("SceneOptions.returnIndex", "--return"),
        ("SceneOptions.pageTarget", "--to"),
        ("(SceneOptions.sandboxPhotos)", "(--sandbox-photos)"),
        ("RenderSettings.frameRange", "--frames"),
        ("(RenderSettings.gesture)", "(--gesture, --pan-to)"),
        ("(RenderSettings.decodedPixelBudget)", "(--max-decoded-megapixels)"),
        ("(DecodeLimits.maxFileBytes)", "(--max-file-megabytes)"),
        ("a font file (RenderSettings.fontPath)", "a font file with --label-font"),
        ("use a lower RenderSettings.framesPerSecond or a shorter RenderSettings.frameRange",
         "use a lower --fps or --select fewer frames"),
        ("lock fewer frames: a lower RenderSettings.framesPerSecond", "lock fewer frames: a lower --fps"),
        ("PreviewOptions.videoScale", "--video-scale"),
        ("RenderSettings.scale", "--scale"),
    ]

    /// `error`'s one line in the command line's words.
    static func describe(_ error: Error) -> String {
        var text = "\(error)"
        switch error {
        case RenderError.frameOutOfBounds:
            // `frameIndex K …` is the argument of `displayList(frameIndex:)`, which `--frame K` sets.
            text = text.replacingPrefix("frameIndex ", with: "--frame ")
        case VideoExportError.ffmpegNotFound:
            text = text.replacingPrefix("video export ", with: "--video ")
        case let VideoExportError.unsupportedFormat(path):
            text = text.replacingPrefix("\(path): video export ", with: "\(path): --video ")
        default:
            break
        }
        for (library, commandLine) in fieldsToOptions {
            text = text.replacingOccurrences(of: library, with: commandLine)
        }
        return text
    }
}

private extension String {
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
