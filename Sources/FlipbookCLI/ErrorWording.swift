import Foundation
import Flipbook
import FlipbookGeometry

/// Library errors name the settings' fields (`SceneOptions.selectedIndex 16 is out of range`);
/// the command line prints them with the options that set those fields (`--select 16 is out of
/// range`), as `SceneArguments.usageError` does for timing errors.
enum ErrorWording {
    /// A library field or phrase and the option wording that replaces it, applied in this order:
    /// a phrase before any field it contains (`RenderSettings.frameRange` alone would otherwise be
    /// replaced inside the phrase first).
    static let fieldsToOptions: [(library: String, commandLine: String)] = [
        ("use a lower RenderSettings.framesPerSecond or a shorter RenderSettings.frameRange",
         "use a lower --fps, a shorter --duration or fewer --frames"),
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

    /// `error`'s line in the command line's words, with every control character in it but the
    /// line feed escaped (`InputText`): a path or value from a lock or a file must not act on the
    /// terminal. (A few errors carry another program's log on the lines after theirs: ffmpeg's.)
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
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { InputText.escaped(String($0)) }.joined(separator: "\n")
    }
}

private extension String {
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
