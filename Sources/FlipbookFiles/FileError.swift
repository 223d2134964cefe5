public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file could not be read or written. Every case names the path the user gave — never a
/// hidden temporary name — and `reason` says what is wrong without the path.
public enum FileError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Opening, listing or reading failed; `reason` is the system's text (strerror), or a sentence.
    case unreadable(path: String, reason: String)
    /// The path names something that is not a regular file; `kind` is e.g. "a FIFO (named pipe)".
    case notRegularFile(path: String, kind: String)
    /// The file has more than `limitBytes` bytes (`bytes` is its size, or a lower bound).
    case tooLarge(path: String, bytes: Int, limitBytes: Int)
    /// The output could not be written, or may not be replaced; `reason` says why.
    case unwritable(path: String, reason: String)

    /// The path the error is about, as the caller gave it.
    public var path: String {
        switch self {
        case let .unreadable(path, _), let .notRegularFile(path, _), let .tooLarge(path, _, _), let .unwritable(path, _):
            return path
        }
    }

    /// What is wrong, without the path, to follow "cannot read the file: " or "cannot write the
    /// output: " ("No such file or directory", "it is a FIFO (named pipe), not a regular file").
    public var reason: String {
        switch self {
        case let .unreadable(_, reason), let .unwritable(_, reason):
            return reason
        case let .notRegularFile(_, kind):
            return "it is \(kind), not a regular file"
        case let .tooLarge(_, bytes, limit):
            return "it is \(FileError.megabytes(bytes)) MB, more than the \(FileError.megabytes(limit)) MB limit for an input file"
        }
    }

    /// One line: `PATH: cannot read the file: REASON` or `PATH: cannot write the output: REASON`
    /// (an empty path is shown as `(empty path)`).
    public var description: String {
        let shown = path.isEmpty ? "(empty path)" : path
        if case .unwritable = self { return "\(shown): cannot write the output: \(reason)" }
        return "\(shown): cannot read the file: \(reason)"
    }

    /// The system's message for an errno value.
    static func text(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Megabytes (2^20 bytes) with at most one decimal, "256" or "300.5".
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
    }

    /// "a directory", "a FIFO (named pipe)", … for the file type bits of a `st_mode`.
    static func kind(ofMode mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        case S_IFREG: return "a regular file"
        default: return "a special file"
        }
    }
}

extension FileError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    public var errorDescription: String? { description }
}
