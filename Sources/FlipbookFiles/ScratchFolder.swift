import Foundation

/// A private folder for a command's intermediate files (`verify --review`'s current render,
/// `compare --review`'s frames), removed when the command is done or stopped.
///
/// Made by mkdtemp(3) in `$TMPDIR` (default `/tmp`): the name ends in six random characters, the
/// folder is new (never one that someone else made first) and only its owner may enter it
/// (mode 0700), so no other user can plant a link in it for a write to follow. Its removal is
/// registered with `Termination` before anything is written in it, as render temporaries are:
/// a handled signal (INT, TERM, HUP, QUIT) removes it too; `remove()` does on the normal way out.
/// Removal never follows a symbolic link found inside. `@unchecked Sendable`: the compiler cannot
/// see that `lock` guards `cleanup`, the only state that changes (`path` is a constant).
package final class ScratchFolder: @unchecked Sendable {
    /// The folder's absolute path, without a trailing slash.
    package let path: String
    /// Guards `cleanup`: `remove()` may race a signal's clean-up.
    private let lock = NSLock()
    private var cleanup: Int?

    /// Creates `$TMPDIR/PREFIX-XXXXXX` (`prefix` like `flipbook-verify`, a plain name).
    /// - Throws: `FileError.unwritable` naming the temporary folder when it cannot be created.
    package init(prefix: String) throws {
        precondition(!prefix.isEmpty && !prefix.contains("/"), "a scratch folder's prefix is a plain name")
        var base = NSTemporaryDirectory()
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/" + prefix + "-XXXXXX").utf8CString)
        // Registered first, so no signal can fall between the folder's creation and its clean-up;
        // the clean-up removes nothing until mkdtemp has returned the name.
        let created = CreatedPath()
        let token = Termination.register { if let folder = created.value { OutputDirectory.removeFolder(folder) } }
        guard let result = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            let reason = FileError.text(errno)
            Termination.unregister(token)
            throw FileError.unwritable(
                path: base + "/" + prefix + "-XXXXXX",
                reason: "cannot create a private temporary folder: \(reason) (set TMPDIR to a writable folder)")
        }
        path = String(cString: result)
        created.value = path
        cleanup = token
    }

    /// Removes the folder and everything in it (links inside are removed, never followed). Idempotent.
    package func remove() {
        lock.lock()
        let token = cleanup
        cleanup = nil
        lock.unlock()
        guard let token else { return }
        OutputDirectory.removeFolder(path)
        Termination.unregister(token)
    }

    deinit { remove() }
}

/// The scratch folder's path once mkdtemp made it, read by the signal clean-up.
/// `@unchecked Sendable` because `lock` guards `stored`.
private final class CreatedPath: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?
    var value: String? {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
