import FlipbookFiles
import Foundation

/// The names a render writes into its output folder (frames: `frameFileName(index:frameCount:)`), and the
/// mark that proves flipbook wrote a folder: together they decide whether the next render may
/// replace it (`OutputDirectory.replace(_:keeping:ownedIf:afterSwap:_:)` also requires each
/// entry to be a regular file).
package enum RenderOutputNames {
    /// The timeline file's name.
    package static let timeline = "timeline.json"

    /// True for the names a render writes: `frame_NNNN.png` (4 or more digits) and `timeline.json`.
    package static func isRenderOutput(_ name: String) -> Bool {
        if name == timeline { return true }
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst("frame_".count).dropLast(".png".count)
        return digits.count >= 4 && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }

    /// The most of `timeline.json` read to recognise it: its opening lines (`{`, the preset's
    /// name — at most `OutputName.maximumBytes`, six bytes per escaped character — and the
    /// fingerprint) fit well within it.
    package static let markPrefixBytes = 4096

    /// True when `folder` holds a `timeline.json` that flipbook wrote: a regular file opening with
    /// `{`, `"preset": "…",` and `"fingerprint": "` followed by 16 hex digits, the lines
    /// `TimelineJSON` writes first. Every folder a render, an empty shard or a merge writes has
    /// one, written before any frame, so a killed run's temporary folder carries it too. A
    /// user's own `timeline.json` (or none) does not make a folder flipbook's.
    package static func isFlipbookFolder(_ folder: String) -> Bool {
        let path = folder + "/" + timeline
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        struct Enough: Error {}
        var head: [UInt8] = []
        do {
            // Only the first piece is read, whatever the file's size.
            try InputFile.read(path, maximumBytes: Int.max, inPiecesOf: markPrefixBytes) { chunk in
                head = Array(chunk.prefix(markPrefixBytes))
                throw Enough()
            }
        } catch is Enough {
        } catch {
            return false
        }
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false)
        guard lines.count >= 4, lines[0] == "{", lines[1].hasPrefix("  \"preset\": \""), lines[1].hasSuffix("\",") else { return false }
        let fingerprint = lines[2]
        let prefix = "  \"fingerprint\": \"", suffix = "\","
        guard fingerprint.hasPrefix(prefix), fingerprint.hasSuffix(suffix) else { return false }
        let digits = fingerprint.dropFirst(prefix.count).dropLast(suffix.count)
        return digits.count == 16 && digits.allSatisfy { $0.isHexDigit && ($0.isNumber || $0.isLowercase) }
    }

    /// The file name of frame `index` in a sequence of `frameCount` frames: `frame_0042.png`,
    /// at least four digits, more when the last index needs them.
    package static func frameFileName(index: Int, frameCount: Int) -> String {
        let digits = max(4, String(max(0, frameCount - 1)).count)
        let number = String(index)
        return "frame_" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
    }
}
