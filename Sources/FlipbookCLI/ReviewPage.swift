import Foundation
import Flipbook
import FlipbookFiles
import FlipbookModel
import FlipbookScenes
import FlipbookFormats

/// A static, self-contained review page: a folder with `index.html` (inline script and style,
/// no network) and the frames beside it, one subfolder per side (docs/REVIEW.md).
struct ReviewPage {
    /// One rendered sequence shown on the page.
    struct Side {
        /// Shown above its frames ("reference", "actual", "damping 0.8").
        var label: String
        /// The frames' files to copy, in frame order (one per frame of the page).
        var framePaths: [String]
    }

    /// What the page says about one frame.
    struct Frame {
        var index: Int
        var timeSeconds: Double
        var progress: Double
        var phase: String?
        /// Two sides: mean, 99th percentile and largest ΔE of this frame; nil with one side.
        var scores: (mean: Double, p99: Double, max: Double, differingPixels: Int)?
        /// The display-list changes of this frame in words (empty when none or unknown).
        var changes: [String] = []
    }

    var title: String
    var sides: [Side]
    var frames: [Frame]
    var framesPerSecond: Double
    /// `key: value` facts of the whole sequence (curve, duration, device).
    var facts: [(String, String)]
    /// The command that re-records the reference.
    var rerecordCommand: String?
    /// Further files written into the page folder (`side0.apng` …): a name, and what writes
    /// the file at a path (in the folder being built) naming it as a second path (in the page)
    /// in its errors.
    var extraFiles: [(name: String, write: (_ path: String, _ shown: String) throws -> Void)] = []

    /// The names a review page folder holds: only such a folder may be replaced.
    static func isPageFile(_ name: String) -> Bool {
        name == "index.html" || name.hasPrefix("side") || name.hasSuffix(".png")
    }

    /// The folders a page holds, one per side: `side0`, `side1`, …
    static func isSideFolder(_ name: String) -> Bool {
        name.hasPrefix("side") && name.count > 4 && name.dropFirst(4).allSatisfy(\.isNumber)
    }

    /// The line every page's `index.html` carries near its top: a folder whose `index.html`
    /// has it was written by `flipbook review`, so it may be replaced (or, as a dead run's
    /// leftover, swept); any other folder is the user's and is refused.
    static let marker = #"<meta name="generator" content="flipbook review">"#

    /// True when `folder` holds a page this command wrote (its `index.html` opens with `marker`).
    static func isPageFolder(_ folder: String) -> Bool {
        guard let head = try? InputFile.readOwnFile(folder + "/index.html", maximumBytes: 16 << 20) else { return false }
        return String(decoding: head.prefix(512), as: UTF8.self).contains(marker)
    }

    /// Writes the page folder at `path`, replacing an earlier page atomically.
    func write(to path: String) throws {
        OutputDirectory.recoverInterrupted(path, ownedIf: ReviewPage.isPageFolder)
        try OutputDirectory.replace(path, keeping: { ReviewPage.isPageFile($0) }, keepingFolders: ReviewPage.isSideFolder,
                                    ownedIf: ReviewPage.isPageFolder) { temporary in
            // First: the page marks the folder as flipbook's, so a killed run's leftover can be swept.
            try OutputFile.create(Array(html.utf8), at: temporary + "/index.html", reportingAs: path + "/index.html")
            for (number, side) in sides.enumerated() {
                let folder = temporary + "/side\(number)"
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
                for (position, source) in side.framePaths.enumerated() {
                    let bytes = try InputFile.read(source, maximumBytes: 1 << 30)
                    try OutputFile.create(bytes, at: folder + "/" + frameName(position),
                                          reportingAs: path + "/side\(number)/" + frameName(position))
                }
            }
            for file in extraFiles { try file.write(temporary + "/" + file.name, path + "/" + file.name) }
        }
    }

    func frameName(_ position: Int) -> String {
        let digits = String(position)
        return "f" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// The page's data as JSON, safe inside a script element.
    var dataJSON: String {
        var out = "{\"title\": \(JSON.string(title)), \"fps\": \(JSON.number(framesPerSecond)), "
        out += "\"sides\": [" + sides.enumerated().map { number, side in
            "{\"label\": \(JSON.string(side.label)), \"folder\": \"side\(number)\"}"
        }.joined(separator: ", ") + "], "
        out += "\"files\": [" + frames.indices.map { JSON.string(frameName($0)) }.joined(separator: ", ") + "], "
        out += "\"facts\": [" + facts.map { "[\(JSON.string($0.0)), \(JSON.string($0.1))]" }.joined(separator: ", ") + "], "
        out += "\"rerecord\": " + (rerecordCommand.map(JSON.string) ?? "null") + ",\n\"frames\": [\n"
        out += frames.map { frame in
            var item = "{\"index\": \(frame.index), \"time\": \(JSON.number(frame.timeSeconds)), \"progress\": \(JSON.number(frame.progress))"
            if let phase = frame.phase { item += ", \"phase\": \(JSON.string(phase))" }
            if let scores = frame.scores {
                item += ", \"mean\": \(JSON.number(scores.mean)), \"p99\": \(JSON.number(scores.p99)), "
                    + "\"max\": \(JSON.number(scores.max)), \"differing\": \(scores.differingPixels)"
            }
            if !frame.changes.isEmpty { item += ", \"changes\": [" + frame.changes.map(JSON.string).joined(separator: ", ") + "]" }
            return item + "}"
        }.joined(separator: ",\n")
        out += "\n]}"
        return out.replacingOccurrences(of: "</", with: "<\\/")
    }

    var html: String {
        ReviewPage.template
            .replacingOccurrences(of: "/*TITLE*/", with: htmlEscaped(title))
            .replacingOccurrences(of: "/*DATA*/", with: dataJSON)
    }

    func htmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
