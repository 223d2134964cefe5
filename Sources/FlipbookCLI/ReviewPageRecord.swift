import FlipbookFiles
import FlipbookSupport
import Foundation

/// The list of what a review page run wrote, kept in the page folder as `.flipbook-page`: the
/// proof that a folder is a page flipbook may replace.
///
/// A page folder is deleted when the next page replaces it, so it must hold exactly what a page
/// run wrote: every entry is listed here with its kind and byte size, and nothing else may be
/// there — a file the user added or changed (`side0/notes.txt`, an edited `index.html`, a
/// `side-by-side.png`) makes the folder theirs, and the replace is refused. The generator tag in
/// `index.html` alone proves nothing (any saved page has it).
///
/// The format, one entry a line after the first (`flipbook-page 1`): `NAME SIZE` for a file
/// (SIZE `-` while the run is still writing it: the list is written first, so that a killed
/// run's leftover is recognised and swept, and rewritten with the sizes at the end), `NAME/` for a
/// folder. Names are flipbook's own (`index.html`, `side0/f00000.png`, `side1.apng`).
struct ReviewPageRecord {
    /// The record's file name inside the page folder (hidden: it is bookkeeping, not the page).
    static let fileName = ".flipbook-page"
    /// The record's first line.
    static let magic = "flipbook-page 1"
    /// The largest record read: 64 MiB. A line is about 25 bytes; the longest lists are a review
    /// of two 292 800-frame renders (about 600 000 lines, 15 MB) and a `compare` of 24 variants of
    /// 14 400 frames (9 MB).
    static let maximumBytes = 64 << 20

    /// Folders, then files with their sizes (nil: not known yet), by relative name.
    private(set) var folders: Set<String> = []
    private(set) var files: [String: Int?] = [:]
    /// The entries in the order they were added, for a stable text.
    private var order: [String] = []

    /// Adds a folder the page run writes.
    mutating func addFolder(_ name: String) {
        if folders.insert(name).inserted { order.append(name + "/") }
    }

    /// Adds a file the page run writes, with its size once written.
    mutating func addFile(_ name: String, bytes: Int? = nil) {
        if files.updateValue(bytes, forKey: name) == nil { order.append(name) }
    }

    /// The record as the file holds it.
    var text: String {
        var out = Self.magic + "\n"
        for entry in order {
            if entry.hasSuffix("/") { out += entry + "\n"; continue }
            out += entry + " " + (files[entry]!.map(String.init) ?? "-") + "\n"
        }
        return out
    }

    /// Reads `folder`'s record; nil when it has none or it is not a record.
    static func read(in folder: String) -> ReviewPageRecord? {
        guard let bytes = try? InputFile.readOwnFile(folder + "/" + fileName, maximumBytes: maximumBytes),
            let text = String(validating: bytes, as: UTF8.self)
        else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(magic), lines.last == "" else { return nil }
        lines.removeLast()
        var record = ReviewPageRecord()
        for line in lines.dropFirst() {
            if line.hasSuffix("/") {
                record.addFolder(String(line.dropLast()))
                continue
            }
            let parts = line.split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else { return nil }
            if parts[1] == "-" {
                record.addFile(String(parts[0]))
            } else {
                guard let size = Int(parts[1]), size >= 0 else { return nil }
                record.addFile(String(parts[0]), bytes: size)
            }
        }
        return record
    }

    /// Nil when `folder` (a page folder, or a killed run's leftover of one) holds exactly what its
    /// record lists — each entry of the listed kind and, where the record has it, size; some may be
    /// missing — else why it may not be replaced ("holds 'side0/notes.txt', which flipbook did not
    /// write"). Symbolic links are never followed: one is never a page's.
    static func problem(replacing folder: String) -> String? {
        guard let record = read(in: folder) else {
            return "exists and is not a review page flipbook wrote (it has no \(fileName) listing the page's files), "
                + "so its contents would be deleted; name a new or empty folder, or delete it first"
        }
        return record.unlistedEntry(in: folder, prefix: "").map { name in
            "exists and holds '\(name)', which flipbook did not write there (the page's \(fileName) does not list it, "
                + "or not at that size), so it would be deleted; name a new or empty folder, or move it away first"
        }
    }

    /// The first entry of `folder` (under `prefix`) the record does not list as it is.
    private func unlistedEntry(in folder: String, prefix: String) -> String? {
        guard let directory = opendir(folder) else { return prefix.isEmpty ? "." : String(prefix.dropLast()) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        for name in names.sorted() {
            let relative = prefix + name
            if relative == Self.fileName { continue }
            var info = stat()
            guard lstat(folder + "/" + name, &info) == 0 else { return InputText.excerpt(relative) }
            switch info.st_mode & S_IFMT {
            case S_IFDIR where folders.contains(relative):
                if let inner = unlistedEntry(in: folder + "/" + name, prefix: relative + "/") { return inner }
            case S_IFREG where files[relative] != nil:
                if let size = files[relative]!, size != Int(info.st_size) { return InputText.excerpt(relative) }
            default:
                return InputText.excerpt(relative)
            }
        }
        return nil
    }
}
