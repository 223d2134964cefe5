import FlipbookFiles
import Foundation

/// The Swift files of an app's source folder, read and written for the rewriter: the
/// `flipbook uikit-sources` command and the build-tool plugin's tool list, read and write them
/// the same way.
package enum UIKitSourceFolder {
    /// The largest Swift file read: 8 MiB (an app's files are kilobytes; a generated file of
    /// megabytes is not transition code).
    package static let maximumFileBytes = 8 << 20
    /// The most Swift files a folder may hold: 20,000 (far above any app's).
    package static let maximumFileCount = 20_000

    /// Why a folder cannot be listed.
    package enum Failure: Error, CustomStringConvertible, LocalizedError {
        /// The folder is missing or is not a folder.
        case notAFolder(path: String)
        /// The folder holds more Swift files than `maximumFileCount`.
        case tooManyFiles(path: String, limit: Int)
        package var description: String {
            switch self {
            case let .notAFolder(path): return "\(path): not a folder"
            case let .tooManyFiles(path, limit): return "\(path): holds more than \(limit) Swift files"
            }
        }
        package var errorDescription: String? { description }
    }

    /// The `.swift` files under `folder`, as paths relative to it, sorted: every subfolder,
    /// skipping names that start with a dot and symbolic links to folders; `excluded` paths
    /// (relative: a file, or a folder and all it holds) are left out.
    /// - Throws: `Failure`.
    package static func swiftFiles(in folder: String, excluding excluded: [String] = []) throws -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure.notAFolder(path: folder)
        }
        let excludedPaths = excluded.map { $0.split(separator: "/").joined(separator: "/") }
        var found: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? folder : folder + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else {
                throw Failure.notAFolder(path: absolute)
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : relative + "/" + name
                if excludedPaths.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { continue }
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + path),
                    let type = attributes[.type] as? FileAttributeType
                else { continue }
                if type == .typeDirectory {
                    pending.append(path)
                } else if name.hasSuffix(".swift") {
                    found.append(path)
                    if found.count > maximumFileCount { throw Failure.tooManyFiles(path: folder, limit: maximumFileCount) }
                }
            }
        }
        return found.sorted()
    }

    /// Reads `paths` (relative to `folder`), each at most `maximumFileBytes`.
    /// - Throws: `FileError` naming the file.
    package static func read(_ paths: [String], in folder: String) throws -> [UIKitSourceFile] {
        try paths.map { UIKitSourceFile(path: $0, bytes: try InputFile.read(folder + "/" + $0, maximumBytes: maximumFileBytes)) }
    }

    /// `path` made absolute against the current folder and normalised (`.` and `..` removed),
    /// links left as they are: the form a `#sourceLocation` names a file by.
    package static func absolutePath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The file marking a folder `replaceFolder` wrote (hidden: SwiftPM does not treat it as a
    /// source or resource of a target over the folder).
    package static let markName = ".flipbook-uikit-sources"

    /// Replaces the folder at `path` with `files` (their relative paths, subfolders created),
    /// atomically: a failure leaves the previous folder as it was. `path` must be new, empty or a
    /// folder this wrote before (it holds `markName`); the previous files are deleted, so a file
    /// removed from the app leaves the output too.
    /// - Throws: `FileError.unwritable` naming `path` (someone else's folder, no permission …).
    package static func replaceFolder(_ path: String, with files: [UIKitSourceFile], from source: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
            let entries = try? FileManager.default.contentsOfDirectory(atPath: path), !entries.isEmpty, !entries.contains(markName)
        {
            throw FileError.unwritable(
                path: path,
                reason: "exists and was not written by flipbook uikit-sources (it has no \(markName)); "
                    + "name a new or empty folder, or one it wrote before")
        }
        try OutputDirectory.replace(
            path, keeping: { $0 == markName || $0.hasSuffix(".swift") }, keepingFolders: { _ in true },
            ownedIf: { FileManager.default.fileExists(atPath: $0 + "/" + markName) }
        ) { temporary in
            try OutputFile.create(Array("Written by flipbook uikit-sources from \(source)\n".utf8), at: temporary + "/" + markName)
            for file in files {
                let target = temporary + "/" + file.path
                try FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try OutputFile.create(file.bytes, at: target, reportingAs: path + "/" + file.path)
            }
        }
    }

    /// Writes each file into `folder` (creating subfolders) unless it already holds exactly
    /// those bytes, so an unchanged file keeps its time stamp and is not compiled again. Each
    /// file is replaced atomically.
    /// - Throws: `FileError.unwritable` naming the file.
    package static func writeChanged(_ files: [UIKitSourceFile], into folder: String) throws {
        for file in files {
            let path = folder + "/" + file.path
            if let existing = try? InputFile.read(path, maximumBytes: file.bytes.count), existing == file.bytes { continue }
            try OutputFile.write(file.bytes, to: path, createFolders: true)
        }
    }
}
