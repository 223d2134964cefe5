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
/// Because the previous folder is deleted afterwards, only a folder holding nothing but a
/// previous output may be replaced: every entry must be a regular file that `isPreviousOutput`
/// accepts (a directory or a link with an output's name is someone else's), and a folder that
/// cannot be listed is refused.
public enum OutputDirectory {
    /// Builds new contents with `build` (given the hidden folder to fill) and swaps them in at
    /// `path`, whose missing parent folders are created. A symbolic link at `path` is followed
    /// (the folder it names is replaced, the link stays). On any error — `build`'s included —
    /// the hidden folder is removed and `path` is left as it was.
    /// - Throws: `FileError.unwritable` naming `path`, or what `build` throws.
    public static func replace<T>(_ path: String, keeping isPreviousOutput: (String) -> Bool,
                                  _ build: (String) throws -> T) throws -> T {
        let target = try resolve(path)
        let folder = OutputFile.folder(of: target), base = OutputFile.baseName(of: target)
        try OutputFile.createFolder(folder, for: path)
        Leftovers.recover(base: base, in: folder)
        let exists = try checkReplaceable(target, path: path, isPreviousOutput: isPreviousOutput)

        let token = Leftovers.makeToken()
        let temporary = Leftovers.join(folder, Leftovers.name(for: base, role: .temporary, token: token))
        let old = Leftovers.join(folder, Leftovers.name(for: base, role: .old, token: token))
        guard mkdir(temporary, 0o755) == 0 else {
            throw FileError.unwritable(path: path, reason: "cannot create a temporary folder beside it: \(FileError.text(errno))")
        }
        // The swap and a signal's clean-up must not interleave: the clean-up waits for the lock
        // and then removes whichever hidden folder holds what is not the output.
        let state = SwapState()
        let cleanup = Termination.register {
            state.lock.lock()
            try? FileManager.default.removeItem(atPath: state.swapped ? old : temporary)
            if state.swapped { try? FileManager.default.removeItem(atPath: temporary) }
            state.lock.unlock()
        }
        defer { Termination.unregister(cleanup) }
        let result: T
        do {
            result = try build(temporary)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        OutputFile.syncFolder(temporary)
        state.lock.lock()
        defer { state.lock.unlock() }
        do {
            try swap(temporary, into: target, old: old, exists: exists, path: path)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        state.swapped = true
        OutputFile.syncFolder(folder)
        // After an exchange the temporary name holds the previous output; after the fallback, `old` does.
        try? FileManager.default.removeItem(atPath: temporary)
        try? FileManager.default.removeItem(atPath: old)
        return result
    }

    /// Finishes or undoes a swap of `path` that a killed run interrupted, and removes what dead
    /// runs left beside it (as `replace` does first). For callers that may fail before they
    /// replace anything: the output is then back even if this run writes nothing. Best effort.
    public static func recoverInterrupted(_ path: String) {
        guard let target = try? resolve(path) else { return }
        Leftovers.recover(base: OutputFile.baseName(of: target), in: OutputFile.folder(of: target))
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
    private static func checkReplaceable(_ target: String, path: String, isPreviousOutput: (String) -> Bool) throws -> Bool {
        var info = stat()
        guard lstat(target, &info) == 0 else {
            guard errno == ENOENT else { throw FileError.unwritable(path: path, reason: FileError.text(errno)) }
            return false
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw FileError.unwritable(path: path, reason: "exists and is \(FileError.kind(ofMode: info.st_mode)), not a folder")
        }
        guard let directory = opendir(target) else {
            throw FileError.unwritable(path: path, reason: "its contents cannot be listed (\(FileError.text(errno))), "
                + "so flipbook cannot tell whether it holds only a previous render; name a folder you can read")
        }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var foreign: [String] = []
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
            var entryInfo = stat()
            let isRegular = fstatat(descriptor, name, &entryInfo, AT_SYMLINK_NOFOLLOW) == 0 && entryInfo.st_mode & S_IFMT == S_IFREG
            if !isRegular || !isPreviousOutput(name) { foreign.append(name) }
        }
        if let first = foreign.sorted().first {
            throw FileError.unwritable(path: path, reason: "exists and holds '\(first)', which flipbook did not write; "
                + "name a new or empty directory, or one that holds only a previous render")
        }
        return true
    }

    /// Moves the complete `temporary` folder to `target`: one exchange when possible, else two renames.
    private static func swap(_ temporary: String, into target: String, old: String, exists: Bool, path: String) throws {
        if exists {
            if exchange(temporary, target) { return }
            guard rename(target, old) == 0 else {
                throw FileError.unwritable(path: path, reason: "cannot move the previous output aside: \(FileError.text(errno))")
            }
        }
        guard rename(temporary, target) == 0 else {
            let reason = FileError.text(errno)
            if exists { _ = rename(old, target) }
            throw FileError.unwritable(path: path, reason: "cannot move the new output into place: \(reason)")
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
        let renameExchange: UInt32 = 1 << 1  // RENAME_EXCHANGE in <linux/fs.h>
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
private final class SwapState: @unchecked Sendable {
    let lock = NSLock()
    var swapped = false
}
