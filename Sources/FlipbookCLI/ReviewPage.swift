import Flipbook
import FlipbookFiles
import Foundation

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
    /// Each side's own timing curve, overlaid on the plot (`ReviewPageData.curves`); empty: the
    /// frames' progress.
    var curves: [ReviewPageData.Curve] = []
    /// Further files written into the page folder (`side0.apng` …): a name, and what writes
    /// the file at a path (in the folder being built) naming it as a second path (in the page)
    /// in its errors.
    var extraFiles: [(name: String, write: (_ path: String, _ shown: String) throws -> Void)] = []

    /// The names a review page folder holds at its top: `index.html`, its record, `side0.apng` ….
    static func isPageFile(_ name: String) -> Bool {
        name == "index.html" || name == ReviewPageRecord.fileName || (name.hasSuffix(".apng") && isSideFolder(String(name.dropLast(5))))
    }

    /// The folders a page holds, one per side: `side0`, `side1`, …
    static func isSideFolder(_ name: String) -> Bool {
        name.hasPrefix("side") && name.count > 4 && name.dropFirst(4).allSatisfy(\.isASCII) && name.dropFirst(4).allSatisfy(\.isNumber)
    }

    /// True when `folder` holds exactly what a page run wrote (`ReviewPageRecord`): only then may
    /// it be replaced (or, as a killed run's leftover, swept).
    static func isPageFolder(_ folder: String) -> Bool {
        ReviewPageRecord.problem(replacing: folder) == nil
    }

    /// Writes the page folder at `path`, replacing an earlier page atomically. An existing folder
    /// is replaced only when it holds exactly what a page run wrote (`ReviewPageRecord`).
    /// - Throws: `FileError.unwritable` naming `path` and the first file flipbook did not write.
    func write(to path: String) throws {
        OutputDirectory.recoverInterrupted(path, ownedIf: ReviewPage.isPageFolder)
        // Checked here first for the message naming the file; the replace checks again.
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
            let entries = try? FileManager.default.contentsOfDirectory(atPath: path), !entries.isEmpty,
            let problem = ReviewPageRecord.problem(replacing: path)
        {
            throw FileError.unwritable(path: path, reason: problem)
        }
        try OutputDirectory.replace(
            path, keeping: ReviewPage.isPageFile, keepingFolders: ReviewPage.isSideFolder,
            ownedIf: ReviewPage.isPageFolder
        ) { temporary in
            // First, the list of what this run will write: it marks the folder as a page, so a
            // killed run's leftover can be swept; rewritten with the sizes at the end.
            var record = ReviewPageRecord()
            record.addFile("index.html")
            for (number, side) in sides.enumerated() {
                record.addFolder("side\(number)")
                for position in side.framePaths.indices { record.addFile("side\(number)/" + frameName(position)) }
            }
            for file in extraFiles { record.addFile(file.name) }
            try OutputFile.create(
                Array(record.text.utf8), at: temporary + "/" + ReviewPageRecord.fileName,
                reportingAs: path + "/" + ReviewPageRecord.fileName)
            func create(_ bytes: [UInt8], named name: String) throws {
                try OutputFile.create(bytes, at: temporary + "/" + name, reportingAs: path + "/" + name)
                record.addFile(name, bytes: bytes.count)
            }
            try create(Array(html.utf8), named: "index.html")
            for (number, side) in sides.enumerated() {
                try FileManager.default.createDirectory(atPath: temporary + "/side\(number)", withIntermediateDirectories: false)
                for (position, source) in side.framePaths.enumerated() {
                    // A frame file of its own, as merge copies: a linked "frame" could be any file.
                    try create(try ShardMerge.readFrame(source), named: "side\(number)/" + frameName(position))
                }
            }
            for file in extraFiles {
                try file.write(temporary + "/" + file.name, path + "/" + file.name)
                var written = stat()
                guard stat(temporary + "/" + file.name, &written) == 0 else {
                    throw FileError.unwritable(path: path + "/" + file.name, reason: String(cString: strerror(errno)))
                }
                record.addFile(file.name, bytes: Int(written.st_size))
            }
            let final = temporary + "/" + ReviewPageRecord.fileName + ".new"
            try OutputFile.create(Array(record.text.utf8), at: final, reportingAs: path + "/" + ReviewPageRecord.fileName)
            guard rename(final, temporary + "/" + ReviewPageRecord.fileName) == 0 else {
                throw FileError.unwritable(path: path + "/" + ReviewPageRecord.fileName, reason: String(cString: strerror(errno)))
            }
        }
    }

    func frameName(_ position: Int) -> String { ReviewPageData.frameName(position) }

    /// What the page's script reads, made safe for its script element (`ReviewPageData`).
    var data: ReviewPageData {
        ReviewPageData(
            title: title, sideLabels: sides.map(\.label), frames: frames, framesPerSecond: framesPerSecond, facts: facts,
            rerecordCommand: rerecordCommand, curves: curves)
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
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }
}
