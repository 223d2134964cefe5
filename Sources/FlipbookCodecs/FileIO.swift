#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and atomic writes with POSIX calls, so errors carry strerror's text.
enum FileIO {
    private static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// The whole file at `path`.
    static func readAll(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CodecError.unreadable(path: path, reason: errorText(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw CodecError.unreadable(path: path, reason: errorText(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw CodecError.unreadable(path: path, reason: errorText(EISDIR)) }
        // Read straight into a buffer of the stat size; keep going in case the file grew.
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 1 << 16))) }
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CodecError.unreadable(path: path, reason: errorText(errno))
            }
            if count == 0 {
                bytes.removeSubrange(filled...)
                return bytes
            }
            filled += count
        }
    }

    /// Writes `bytes` to a temporary sibling of `path`, then renames it over `path`, so readers
    /// see the old file or the complete new one, and a failure leaves no partial file.
    static func writeAtomically(_ bytes: [UInt8], toPath path: String) throws {
        try bytes.withUnsafeBytes { try writeAtomically($0, toPath: path) }
    }

    /// `writeAtomically` for bytes in memory the caller owns.
    static func writeAtomically(_ bytes: UnsafeRawBufferPointer, toPath path: String) throws {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = "\(directory).\(base).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CodecError.unwritable(path: path, reason: errorText(errno)) }
        var written = 0
        while written < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                let reason = errorText(errno)
                close(descriptor)
                unlink(temporary)
                throw CodecError.unwritable(path: path, reason: reason)
            }
            written += count
        }
        if close(descriptor) != 0 || rename(temporary, path) != 0 {
            let reason = errorText(errno)
            unlink(temporary)
            throw CodecError.unwritable(path: path, reason: reason)
        }
    }
}
