#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bounded reads of input files (photos, manifests, fonts) that cannot hang or balloon.
///
/// A path is opened with `O_NONBLOCK`, so a FIFO without a writer fails at once instead of
/// blocking in `open()`; then `fstat` on the open descriptor must say "regular file" (a FIFO,
/// a device such as `/dev/zero` or `/dev/urandom`, a socket or a directory is refused), and at
/// most `maximumBytes` are read (checked against the size first, and again while reading, since
/// a file may grow).
package enum InputFile {
    /// The default largest input file: 256 MiB. A 100-megapixel photo (the decoder's pixel limit)
    /// is about 50 MB as a JPEG and rarely more than 250 MB as a PNG; manifests and fonts are far
    /// smaller. Overridable per call (`--max-file-megabytes`).
    package static let defaultMaximumBytes = 256 << 20

    /// The whole file at `path`, at most `maximumBytes` long.
    /// - Throws: `FileError.unreadable` (missing, no permission), `.notRegularFile`, `.tooLarge`.
    package static func read(_ path: String, maximumBytes: Int = defaultMaximumBytes) throws -> [UInt8] {
        try read(path, maximumBytes: maximumBytes, ownFile: false)
    }

    /// The whole file at `path`, at most `maximumBytes` long, which must be a file of its own: not a
    /// symbolic link and not a file with other names (hard links). For files copied from an input
    /// folder into an output (a shard's frames), where a link would bring in a file from elsewhere.
    /// - Throws: as `read`; `.notRegularFile` for a symbolic link, `.unreadable` for a hard link.
    package static func readOwnFile(_ path: String, maximumBytes: Int = defaultMaximumBytes) throws -> [UInt8] {
        try read(path, maximumBytes: maximumBytes, ownFile: true)
    }

    private static func read(_ path: String, maximumBytes: Int, ownFile: Bool) throws -> [UInt8] {
        precondition(maximumBytes >= 0, "maximumBytes must not be negative")
        let descriptor = try openRegular(path, maximumBytes: maximumBytes, ownFile: ownFile)
        defer { close(descriptor.fd) }
        // One byte more than the limit tells "exactly at the limit" from "grew past it".
        var bytes = [UInt8](repeating: 0, count: min(descriptor.size, maximumBytes) + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count <= maximumBytes else { throw FileError.tooLarge(path: path, bytes: filled, limitBytes: maximumBytes) }
                bytes.append(contentsOf: repeatElement(0, count: min(max(bytes.count, 1 << 16), maximumBytes + 1 - bytes.count)))
            }
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor.fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError.unreadable(path: path, reason: FileError.text(errno))
            }
            if count == 0 { break }
            filled += count
        }
        guard filled <= maximumBytes else { throw FileError.tooLarge(path: path, bytes: filled, limitBytes: maximumBytes) }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Reads the file at `path` in pieces of at most `pieceBytes`, handing each to `body` (for
    /// digests of large files). The same checks as `read`; a file growing past `maximumBytes`
    /// while being read fails with `.tooLarge` after the pieces so far were handed over.
    package static func read(
        _ path: String, maximumBytes: Int = defaultMaximumBytes, inPiecesOf pieceBytes: Int = 1 << 20,
        _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        precondition(pieceBytes > 0, "pieceBytes must be positive")
        let descriptor = try openRegular(path, maximumBytes: maximumBytes)
        defer { close(descriptor.fd) }
        var buffer = [UInt8](repeating: 0, count: pieceBytes)
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor.fd, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError.unreadable(path: path, reason: FileError.text(errno))
            }
            if count == 0 { return }
            total += count
            guard total <= maximumBytes else { throw FileError.tooLarge(path: path, bytes: total, limitBytes: maximumBytes) }
            try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }

    /// At most `count` bytes from `offset` of the file at `path` (fewer at its end), and the
    /// file's size: for headers of files another library reads whole (a font's table directory).
    /// The same checks as `read`. - Throws: as `read`.
    package static func read(
        _ path: String, atOffset offset: Int, count: Int,
        maximumBytes: Int = defaultMaximumBytes
    ) throws -> (bytes: [UInt8], fileSize: Int) {
        precondition(offset >= 0 && count >= 0, "offset and count must not be negative")
        let descriptor = try openRegular(path, maximumBytes: maximumBytes)
        defer { close(descriptor.fd) }
        let wanted = max(0, min(count, descriptor.size - min(offset, descriptor.size)))
        var bytes = [UInt8](repeating: 0, count: wanted)
        var filled = 0
        while filled < wanted {
            let got = bytes.withUnsafeMutableBytes {
                pread(descriptor.fd, $0.baseAddress! + filled, wanted - filled, off_t(offset + filled))
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw FileError.unreadable(path: path, reason: FileError.text(errno))
            }
            if got == 0 { break }
            filled += got
        }
        bytes.removeSubrange(filled...)
        return (bytes, descriptor.size)
    }

    /// Checks, without reading it, that `path` opens as a regular file of at most `maximumBytes`
    /// (for files another library opens by name, such as fonts for FreeType).
    package static func check(_ path: String, maximumBytes: Int = defaultMaximumBytes) throws {
        close(try openRegular(path, maximumBytes: maximumBytes).fd)
    }

    /// An open descriptor of a regular file no larger than the limit, and its size.
    /// With `ownFile`, the last component must not be a symbolic link (`O_NOFOLLOW`) and the file
    /// must have one name (`st_nlink` 1).
    private static func openRegular(_ path: String, maximumBytes: Int, ownFile: Bool = false) throws -> (fd: Int32, size: Int) {
        guard !path.isEmpty else { throw FileError.unreadable(path: path, reason: "the path is empty") }
        // O_NONBLOCK: open() of a FIFO with no writer would otherwise wait forever. O_NOCTTY: a
        // terminal device named by mistake must not become the controlling terminal.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (ownFile ? O_NOFOLLOW : 0))
        guard fd >= 0 else {
            if ownFile, errno == ELOOP { throw FileError.notRegularFile(path: path, kind: "a symbolic link") }
            throw FileError.unreadable(path: path, reason: FileError.text(errno))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = FileError.text(errno)
            close(fd)
            throw FileError.unreadable(path: path, reason: reason)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw FileError.notRegularFile(path: path, kind: FileError.kind(ofMode: info.st_mode))
        }
        guard !ownFile || info.st_nlink == 1 else {
            close(fd)
            throw FileError.unreadable(path: path, reason: "it has \(info.st_nlink) names (hard links), so it may be a file from elsewhere")
        }
        let size = Int(info.st_size)
        guard size <= maximumBytes else {
            close(fd)
            throw FileError.tooLarge(path: path, bytes: size, limitBytes: maximumBytes)
        }
        return (fd, size)
    }
}
