import Foundation

/// Replaces a whole output folder atomically: a reader, a failure, a signal or a crash leaves
/// the previous contents or the complete new ones, never a mix and never nothing.
///
/// `replace` builds the new contents in a hidden sibling (`.NAME.tmp-PID-RANDOM`), flushes it,
/// then swaps it in with one `renameat2(RENAME_EXCHANGE)` where the file system supports it
/// (Linux ext4, xfs, btrfs, tmpfs, …); elsewhere the previous folder steps aside to
/// `.NAME.old-PID-RANDOM` and the new one takes its name. The next `replace` of the same output
/// finishes or undoes a fallback swap that a kill interrupted, and removes what dead runs left
/// (their process id is in the name). Handled signals (`Termination`) remove the run's hidden
/// folder before exiting.
///
/// Because the previous folder is deleted afterwards, only a folder this code wrote may be
/// replaced: every entry must be a regular file that `isPreviousOutput` accepts or a folder that
/// `isPreviousFolder` accepts (a link, or a directory with a file output's name, is someone
/// else's), the folder must carry the writer's mark
/// (`isOwned`: for a render, a flipbook `timeline.json` with its fingerprint, written first), and
/// it must be writable (or its files could not be removed after the swap). A folder that cannot
/// be listed is refused. Leftovers of dead runs are swept only when they carry the mark too, and
/// symbolic links among them are never followed, adopted or removed.
package enum OutputDirectory {
    /// Builds new contents with `build` (given the hidden folder to fill) and swaps them in at
    /// `path`, whose missing parent folders are created. A symbolic link at `path` is followed
    /// (the folder it names is replaced, the link stays). `isPreviousFolder(name)` accepts the
    /// subfolders an output writes (none by default). `isOwned(folder)` proves that an
    /// existing folder holds this writer's output (see the type's comment). `afterSwap`, when
    /// given, runs once the new folder is in place and before the previous one is deleted (to
    /// commit files that belong with it): when it throws, the swap is undone. On any error —
    /// `build`'s and `afterSwap`'s included — the hidden folder is removed and `path` is left as
    /// it was.
    /// - Throws: `FileError.unwritable` naming `path`, or what `build` or `afterSwap` throws.
    package static func replace<T>(
        _ path: String, keeping isPreviousOutput: (String) -> Bool,
        keepingFolders isPreviousFolder: (String) -> Bool = { _ in false }, ownedIf isOwned: (String) -> Bool,
        afterSwap: (() throws -> Void)? = nil, _ build: (String) throws -> T
    ) throws -> T {
        let target = try resolve(path)
        let folder = OutputFile.folder(of: target), base = OutputFile.baseName(of: target)
        try OutputFile.createFolder(folder, for: path)
        Leftovers.recover(base: base, in: folder, isOwned: isOwned)
        let exists = try checkReplaceable(
            target, path: path, isPreviousOutput: isPreviousOutput,
            isPreviousFolder: isPreviousFolder, isOwned: isOwned)

        let token = Leftovers.makeToken()
        let temporary = Leftovers.join(folder, Leftovers.name(for: base, role: .temporary, token: token))
        let old = Leftovers.join(folder, Leftovers.name(for: base, role: .old, token: token))
        // Registered before the folder exists, so no signal can fall between the two. The swap and
        // a signal's clean-up must not interleave: the clean-up waits for the lock and then removes
        // whichever hidden folder holds what is not the output.
        let state = SwapState()
        let cleanup = Termination.register {
            state.lock.lock()
            removeFolder(state.swapped ? old : temporary)
            if state.swapped { removeFolder(temporary) }
            state.lock.unlock()
        }
        defer { Termination.unregister(cleanup) }
        guard mkdir(temporary, 0o755) == 0 else {
            throw FileError.unwritable(path: path, reason: "cannot create a temporary folder beside it: \(FileError.text(errno))")
        }
        let result: T
        do {
            result = try build(temporary)
        } catch {
            removeFolder(temporary)
            throw error
        }
        OutputFile.syncFolder(temporary)
        state.lock.lock()
        defer { state.lock.unlock() }
        let exchanged: Bool
        do {
            exchanged = try swap(temporary, into: target, old: old, exists: exists, path: path)
        } catch {
            removeFolder(temporary)
            throw error
        }
        do {
            try afterSwap?()
        } catch {
            // Back as it was: the previous folder returns to its name, the new one is removed.
            if exchanged {
                _ = exchange(temporary, target)
            } else if exists {
                if rename(target, temporary) == 0 { _ = rename(old, target) }
            } else {
                _ = rename(target, temporary)
            }
            removeFolder(temporary)
            throw error
        }
        state.swapped = true
        OutputFile.syncFolder(folder)
        // After an exchange the temporary name holds the previous output; after the fallback, `old` does.
        removeFolder(temporary)
        removeFolder(old)
        return result
    }

    /// Finishes or undoes a swap of `path` that a killed run interrupted, and removes what dead
    /// runs left beside it (as `replace` does first), touching only folders `isOwned` accepts. For
    /// callers that may fail before they replace anything: the output is then back even if this
    /// run writes nothing. Best effort.
    package static func recoverInterrupted(_ path: String, ownedIf isOwned: (String) -> Bool) {
        guard let target = try? resolve(path) else { return }
        Leftovers.recover(base: OutputFile.baseName(of: target), in: OutputFile.folder(of: target), isOwned: isOwned)
    }

    /// Removes a folder this run made (not following links), retrying while worker threads still
    /// add files to it: a signal's clean-up runs while frames are being written, and one removal
    /// pass can meet a file created after it listed the folder ("Directory not empty").
    /// It is first renamed (to the same hidden name plus `.removing`, which a later run still
    /// recognises as a leftover), so that writers' new files fail at once instead of refilling it.
    static func removeFolder(_ folder: String) {
        var info = stat()
        guard lstat(folder, &info) == 0 else { return }
        let moved = folder + ".removing"
        let doomed = rename(folder, moved) == 0 ? moved : folder
        for _ in 0..<50 {
            guard lstat(doomed, &info) == 0 else { return }
            try? FileManager.default.removeItem(atPath: doomed)
        }
    }

    /// True when `path` is `folder` or lies inside it, comparing real locations: both are made
    /// absolute, and the longest existing part of each is resolved (links, `.`, `..`), so a
    /// relative spelling or a link to the folder is recognised too.
    package static func isWithin(_ path: String, folder: String) -> Bool {
        let inner = canonical(path), outer = canonical(folder)
        return inner == outer || inner.hasPrefix(outer == "/" ? "/" : outer + "/")
    }

    /// `path` absolute, its longest existing prefix resolved with realpath, the rest normalised by name.
    static func canonical(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var components = absolute.split(separator: "/").map(String.init)
        var rest: [String] = []
        while true {
            let head = "/" + components.joined(separator: "/")
            if let real = realpath(head, nil) {
                defer { free(real) }
                var result = String(cString: real).split(separator: "/").map(String.init)
                for component in rest.reversed() {
                    if component == ".." {
                        if !result.isEmpty { result.removeLast() }
                    } else if component != "." {
                        result.append(component)
                    }
                }
                return "/" + result.joined(separator: "/")
            }
            guard let last = components.popLast() else { return absolute }
            rest.append(last)
        }
    }

    /// The folder a replace of `path` swaps: `path` without trailing slashes, or the end of its
    /// chain of symbolic links; `.` and `..` are resolved so the folder has a name of its own.
    static func resolve(_ path: String) throws -> String {
        guard !path.isEmpty else { throw FileError.unwritable(path: path, reason: "the path is empty") }
        var current = path
        while current.count > 1 && current.hasSuffix("/") { current.removeLast() }
        for _ in 0..<40 {
            var info = stat()
            if lstat(current, &info) != 0 {
                guard errno == ENOENT else { throw FileError.unwritable(path: path, reason: FileError.text(errno)) }
                break
            }
            guard info.st_mode & S_IFMT == S_IFLNK else { break }
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                throw FileError.unwritable(path: path, reason: "cannot read the symbolic link \(current)")
            }
            current = destination.hasPrefix("/") ? destination : Leftovers.join(OutputFile.folder(of: current), destination)
            while current.count > 1 && current.hasSuffix("/") { current.removeLast() }
        }
        let last = OutputFile.baseName(of: current)
        if last == "." || last == ".." || last.isEmpty || current == "/" {
            guard let real = realpath(current, nil) else {
                throw FileError.unwritable(path: path, reason: FileError.text(errno))
            }
            defer { free(real) }
            current = String(cString: real)
            guard current != "/" else { throw FileError.unwritable(path: path, reason: "the root folder cannot be an output") }
        }
        return current
    }

    /// Whether `target` exists (as a folder); throws unless it may be replaced.
    private static func checkReplaceable(
        _ target: String, path: String, isPreviousOutput: (String) -> Bool,
        isPreviousFolder: (String) -> Bool, isOwned: (String) -> Bool
    ) throws -> Bool {
        var info = stat()
        guard lstat(target, &info) == 0 else {
            guard errno == ENOENT else { throw FileError.unwritable(path: path, reason: FileError.text(errno)) }
            return false
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw FileError.unwritable(path: path, reason: "exists and is \(FileError.kind(ofMode: info.st_mode)), not a folder")
        }
        guard let directory = opendir(target) else {
            throw FileError.unwritable(
                path: path,
                reason: "its contents cannot be listed (\(FileError.text(errno))), "
                    + "so flipbook cannot tell whether it holds only a previous render; name a folder you can read")
        }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var foreign: [String] = []
        var count = 0
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                guard errno == 0 else {
                    throw FileError.unwritable(path: path, reason: "its contents cannot be listed (\(FileError.text(errno)))")
                }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            count += 1
            var entryInfo = stat()
            let kind = fstatat(descriptor, name, &entryInfo, AT_SYMLINK_NOFOLLOW) == 0 ? entryInfo.st_mode & S_IFMT : 0
            // A folder (never a link to one) counts only where the output writes folders (a review page's sides).
            let previous = kind == S_IFREG ? isPreviousOutput(name) : kind == S_IFDIR && isPreviousFolder(name)
            if !previous { foreign.append(name) }
        }
        if let first = foreign.sorted().first {
            throw FileError.unwritable(
                path: path,
                reason: "exists and holds '\(first)', which flipbook did not write; "
                    + "name a new or empty directory, or one that holds only a previous render")
        }
        guard count == 0 || isOwned(target) else {
            throw FileError.unwritable(
                path: path,
                reason: "exists and holds files named like a render, but not one flipbook wrote "
                    + "(no flipbook timeline.json with its fingerprint), so they would be deleted; name a new or empty directory, "
                    + "or delete them first")
        }
        // Swapped out, the previous folder must be emptied and removed: its files need it writable.
        guard count == 0 || faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) == 0 else {
            throw FileError.unwritable(
                path: path,
                reason: "the previous render in it is read-only (\(FileError.text(errno))), so "
                    + "flipbook could not remove it after the swap; make it writable (chmod u+w) or name another directory")
        }
        return true
    }

    /// Moves the complete `temporary` folder to `target`: one exchange when possible (returns
    /// true), else two renames.
    private static func swap(_ temporary: String, into target: String, old: String, exists: Bool, path: String) throws -> Bool {
        if exists {
            if exchange(temporary, target) { return true }
            guard rename(target, old) == 0 else {
                throw FileError.unwritable(path: path, reason: "cannot move the previous output aside: \(explain(errno))")
            }
        }
        guard rename(temporary, target) == 0 else {
            let reason = explain(errno)
            if exists { _ = rename(old, target) }
            throw FileError.unwritable(path: path, reason: "cannot move the new output into place: \(reason)")
        }
        return false
    }

    /// The system's text for a failed rename, with what it means for an output folder.
    static func explain(_ code: Int32) -> String {
        switch code {
        case EBUSY:
            return FileError.text(code) + " (it is a mount point or in use: flipbook replaces the folder itself, "
                + "so name a new folder inside it instead)"
        case ENOTEMPTY, EEXIST:
            return FileError.text(code) + " (another run created it meanwhile: is a second flipbook writing the same output? "
                + "Run again once it is done)"
        case EXDEV:
            return FileError.text(code) + " (it is a mount point: name a new folder inside it instead)"
        default:
            return FileError.text(code)
        }
    }

    /// Set by tests to exercise the two-rename fallback where the exchange would work.
    nonisolated(unsafe) static var exchangeDisabled = false

    /// Exchanges two paths in one step with Linux's renameat2(RENAME_EXCHANGE), looked up at run
    /// time (glibc 2.28+; Swift's Glibc module does not declare it). False when unavailable or
    /// unsupported by the file system.
    static func exchange(_ first: String, _ second: String) -> Bool {
        #if os(Linux)
            guard !exchangeDisabled, let renameat2 = renameat2Function else { return false }
            let renameExchange: UInt32 = 1 << 1 // RENAME_EXCHANGE in <linux/fs.h>
            return renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0
        #else
            return false
        #endif
    }

    private typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameat2Function: Renameat2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: Renameat2.self)
    }()
}

/// Whether a replace's swap has happened, under the lock a signal's clean-up takes.
/// `@unchecked Sendable`: the compiler cannot see that `swapped` is read and written only with
/// `lock` held (the lock also spans the swap itself, so the clean-up waits for it to end).
private final class SwapState: @unchecked Sendable {
    let lock = NSLock()
    var swapped = false
}
