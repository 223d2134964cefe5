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

    /// What the page says about one frame (index, time, progress, phase, scores, changes).
    typealias Frame = ReviewPageData.Frame

    var title: String
    var sides: [Side]
    var frames: [Frame]
    var framesPerSecond: Double
    /// `key: value` facts of the whole sequence (curve, duration, device).
    var facts: [(String, String)]
    /// The command that re-records the reference.
    var rerecordCommand: String?
    /// Further files written into the page folder (`side0.apng` …), name and bytes.
    var extraFiles: [(name: String, bytes: [UInt8])] = []

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
            for file in extraFiles {
                try OutputFile.create(file.bytes, at: temporary + "/" + file.name, reportingAs: path + "/" + file.name)
            }
        }
    }

    func frameName(_ position: Int) -> String { ReviewPageData.frameName(position) }

    /// What the page's script reads, made safe for its script element (`ReviewPageData`).
    var data: ReviewPageData {
        ReviewPageData(title: title, sideLabels: sides.map(\.label), frames: frames, framesPerSecond: framesPerSecond, facts: facts,
                       rerecordCommand: rerecordCommand)
    }

    /// The template with the title and the data in their places, each placeholder replaced once
    /// (a title holding `/*DATA*/` stays text).
    var html: String {
        let template = ReviewPage.template
        let title = template.range(of: "/*TITLE*/")!, data = template.range(of: "/*DATA*/")!
        return String(template[..<title.lowerBound]) + htmlEscaped(self.title) + String(template[title.upperBound..<data.lowerBound])
            + self.data.json + String(template[data.upperBound...])
    }

    func htmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
