import Foundation

/// The one home of atomic file output: every file Flipbook writes (frames, `timeline.json`,
/// contact sheets, plots, decoded PNGs, diff pictures, golden references and artefacts, videos)
/// goes through here.
///
/// A write goes to a hidden temporary sibling (`.NAME.tmp-PID-RANDOM`), is flushed to disk
/// (`fsync`), and is renamed over the output, whose folder is then flushed too: a reader — or a
/// crash — sees the previous file or the complete new one, never half. Output paths are checked
/// first (`target(of:)`): a symbolic link is written through (the link stays, the file it names
/// is replaced), and anything that is not a regular file — a directory, a device such as
/// `/dev/null`, a FIFO, a socket — is refused rather than replaced. Errors name the path given,
/// never the temporary.
package enum OutputFile {
    /// The file a write to `path` replaces: `path` itself, or, for a symbolic link, the path at
    /// the end of its chain of links (which may not exist yet).
    /// - Throws: `FileError.unwritable` when that path exists and is not a regular file, or the
    ///   links loop.
    package static func target(of path: String) throws -> String {
        guard !path.isEmpty else { throw FileError.unwritable(path: path, reason: "the path is empty") }
        var current = path
        // 40 links, as the kernel's own limit (ELOOP).
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                if errno == ENOENT { return current }
                throw FileError.unwritable(path: path, reason: FileError.text(errno))
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                return current
            case S_IFLNK:
                guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                    throw FileError.unwritable(path: path, reason: "cannot read the symbolic link \(current)")
                }
                current = destination.hasPrefix("/") ? destination : Leftovers.join(folder(of: current), destination)
            default:
                let via = current == path ? "" : " (through the symbolic link, \(current))"
                throw FileError.unwritable(
                    path: path,
                    reason: "it is \(FileError.kind(ofMode: info.st_mode))\(via); "
                        + "only a regular file (or a symbolic link to one) is replaced")
            }
        }
        throw FileError.unwritable(path: path, reason: FileError.text(ELOOP))
    }

    /// Replaces the file at `path` (see `target(of:)`) with `bytes`, atomically and durably.
    /// `createFolders` creates missing parent folders first. Temporaries of dead runs beside the
    /// target are removed on the way.
    /// - Throws: `FileError.unwritable` naming `path` (disk full, no permission, not a file, …).
    package static func write(_ bytes: [UInt8], to path: String, createFolders: Bool = false) throws {
        try bytes.withUnsafeBytes { try write($0, to: path, createFolders: createFolders) }
    }

    /// `write(_:to:createFolders:)` for bytes the caller keeps in its own buffer.
    package static func write(_ bytes: UnsafeRawBufferPointer, to path: String, createFolders: Bool = false) throws {
        let pending = try PendingOutput(path, createFolders: createFolders)
        do {
            try create(bytes, at: pending.temporaryPath, reportingAs: path)
            try pending.commit()
        } catch {
            pending.discard()
            throw error
        }
    }

    /// Creates a new file at `path` holding `bytes` and flushes it to disk; fails when something
    /// already exists there. For files inside a private temporary folder that is swapped in as a
    /// whole (`OutputDirectory`); errors name `name` (default: `path`).
    package static func create(_ bytes: [UInt8], at path: String, reportingAs name: String? = nil) throws {
        try bytes.withUnsafeBytes { try create($0, at: path, reportingAs: name) }
    }

    /// `create(_:at:reportingAs:)` for bytes the caller keeps in its own buffer (a PNG encoder's
    /// reused output), without copying them into an array.
    package static func create(_ bytes: UnsafeRawBufferPointer, at path: String, reportingAs name: String? = nil) throws {
        let shown = name ?? path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileError.unwritable(path: shown, reason: FileError.text(errno)) }
        if let failure = writeAll(descriptor, bytes) {
            close(descriptor)
            unlink(path)
            throw FileError.unwritable(path: shown, reason: FileError.text(failure))
        }
        // Flushed before the rename, or a crash could leave the new name holding an empty file.
        if fsync(descriptor) != 0 || close(descriptor) != 0 {
            let reason = FileError.text(errno)
            unlink(path)
            throw FileError.unwritable(path: shown, reason: reason)
        }
    }

    /// Writes all of `bytes` to `descriptor`, again after an interrupted or partial write; the
    /// errno of a failure, nil when everything is written.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return nil
    }

    /// The folder part of `path` ("" for a bare name, "/" for a file at the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Creates `folder` and its parents; errors name `path`.
    static func createFolder(_ folder: String, for path: String) throws {
        guard !folder.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory)
            let reason = exists && !isDirectory.boolValue ? "\(folder) is not a folder" : "cannot create the folder \(folder)"
            throw FileError.unwritable(path: path, reason: reason)
        }
    }

    /// Flushes a folder's entries (a rename is durable only once its folder is). Best effort:
    /// some file systems refuse fsync on a directory, and the data itself is already safe.
    static func syncFolder(_ folder: String) {
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}

/// An output file being written by someone else (e.g. ffmpeg) under a hidden temporary name,
/// then moved into place by `commit()` — `OutputFile.write` for writers that need a path.
///
/// Creating one checks the output (`OutputFile.target(of:)`), creates missing folders when
/// asked, removes temporaries dead runs left beside it, and registers the temporary with
/// `Termination` so a handled signal removes it. Call `commit()` or `discard()` exactly once.
/// `@unchecked Sendable` without a lock: its owner calls it from one thread at a time (the job's
/// finishing step); only the registered clean-up runs elsewhere, and it reads nothing of this.
package final class PendingOutput: @unchecked Sendable {
    /// The output as the caller named it (used in every error).
    package let path: String
    /// The file `commit()` replaces: `path`, or the end of its chain of symbolic links.
    package let target: String
    /// The hidden sibling of `target` to write: `.NAME.tmp-PID-RANDOM`, plus `.EXT` when given.
    package let temporaryPath: String
    private var cleanup: Int?
    private let token: String
    /// Where `commitKeepingPrevious()` kept the file it replaced; nil when there was none.
    private var previous: String?
    private var committed = false
    private var replacedAFile = false

    /// Prepares an output at `path`; `extension` (without the dot) ends the temporary name for
    /// writers that pick a format from it.
    /// - Throws: `FileError.unwritable` naming `path`.
    package init(_ path: String, createFolders: Bool = false, extension: String? = nil) throws {
        self.path = path
        target = try OutputFile.target(of: path)
        let folder = OutputFile.folder(of: target), base = OutputFile.baseName(of: target)
        if createFolders { try OutputFile.createFolder(folder, for: path) }
        Leftovers.recover(base: base, in: folder)
        token = Leftovers.makeToken()
        temporaryPath = Leftovers.join(folder, Leftovers.name(for: base, role: .temporary, token: token, extension: `extension`))
        let temporary = temporaryPath
        cleanup = Termination.register { unlink(temporary) }
    }

    /// Flushes the finished temporary file to disk and renames it over the target.
    /// - Throws: `FileError.unwritable` naming `path`; the temporary is then removed.
    package func commit() throws {
        defer { finish() }
        do {
            let descriptor = open(temporaryPath, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw FileError.unwritable(path: path, reason: FileError.text(errno)) }
            let synced = fsync(descriptor) == 0 ? nil : FileError.text(errno)
            close(descriptor)
            if let synced { throw FileError.unwritable(path: path, reason: synced) }
            // Checked again: the output may have become something else (a FIFO, a link) meanwhile.
            guard try OutputFile.target(of: path) == target else {
                throw FileError.unwritable(path: path, reason: "it changed while it was being written")
            }
            guard rename(temporaryPath, target) == 0 else { throw FileError.unwritable(path: path, reason: FileError.text(errno)) }
        } catch {
            unlink(temporaryPath)
            throw error
        }
        committed = true
        OutputFile.syncFolder(OutputFile.folder(of: target))
    }

    /// `commit()` that keeps the file it replaces — hard-linked to a hidden `.NAME.old-TOKEN`
    /// beside it (a regular file the next run sweeps if this one is killed) — until
    /// `dropPrevious()`, so that `rollBack()` can put it back: for outputs that are committed
    /// together or not at all. Where hard links fail, nothing is kept (a roll-back then leaves
    /// the new file).
    package func commitKeepingPrevious() throws {
        let backup = Leftovers.join(
            OutputFile.folder(of: target), Leftovers.name(for: OutputFile.baseName(of: target), role: .old, token: token))
        var info = stat()
        replacedAFile = lstat(target, &info) == 0
        if replacedAFile && link(target, backup) == 0 { previous = backup }
        do {
            try commit()
        } catch {
            dropPrevious()
            throw error
        }
    }

    /// Undoes `commitKeepingPrevious()`: the previous file returns (or, when there was none,
    /// the new one is removed).
    package func rollBack() {
        guard committed else { return }
        if let previous {
            if rename(previous, target) == 0 { self.previous = nil }
        } else if !replacedAFile {
            unlink(target) // there was nothing before: the new file goes
        }
        committed = false
    }

    /// Forgets the file `commitKeepingPrevious()` kept (the commit stands).
    package func dropPrevious() {
        if let previous { unlink(previous) }
        previous = nil
    }

    /// Removes the temporary file (after a failure); the output stays as it was.
    package func discard() {
        unlink(temporaryPath)
        finish()
    }

    private func finish() {
        if let token = cleanup { Termination.unregister(token) }
        cleanup = nil
    }
}

/// A new file written a piece at a time (an animated PNG frame by frame), so what it holds
/// need not be in memory at once; for files inside a temporary folder or a `PendingOutput`'s
/// temporary, which a rename then puts in place. `close()` flushes it to disk. Errors name
/// `name`. Not thread-safe: its owner serialises the calls.
package final class AppendingFile {
    private var descriptor: Int32
    private let path: String, name: String

    /// Creates the file at `path` (nothing may exist there).
    /// - Throws: `FileError.unwritable` naming `name` (default: `path`).
    package init(creating path: String, reportingAs name: String? = nil) throws {
        self.path = path
        self.name = name ?? path
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileError.unwritable(path: self.name, reason: FileError.text(errno)) }
    }

    /// Appends `bytes`.
    package func append(_ bytes: [UInt8]) throws {
        precondition(descriptor >= 0, "append after close")
        if let failure = bytes.withUnsafeBytes({ OutputFile.writeAll(descriptor, $0) }) {
            throw FileError.unwritable(path: name, reason: FileError.text(failure))
        }
    }

    /// Flushes the file to disk and closes it.
    package func close() throws {
        guard descriptor >= 0 else { return }
        defer { descriptor = -1 }
        let synced = fsync(descriptor) == 0
        let reason = synced ? "" : FileError.text(errno)
        if Glibc.close(descriptor) != 0 || !synced {
            throw FileError.unwritable(path: name, reason: synced ? FileError.text(errno) : reason)
        }
    }

    deinit { if descriptor >= 0 { Glibc.close(descriptor) } }
}
