import Foundation

/// The hidden names beside an output that hold work in progress, and the recovery of those a
/// killed run left behind.
///
/// `.NAME.tmp-PID-RANDOM` (optionally followed by `.EXT`) holds new contents being written;
/// `.NAME.old-PID-RANDOM` holds a previous directory that stepped aside during a two-rename swap.
/// PID is the writing process, so a later run can tell a live run's work (left alone) from a dead
/// one's (recovered, then removed).
enum Leftovers {
    /// What a hidden name is for.
    enum Role: String {
        /// New contents, complete only once the swap started.
        case temporary = "tmp"
        /// The previous directory, moved aside by the fallback swap.
        case old
    }

    /// A fresh token for one run's hidden names: `PID-RANDOM`.
    static func makeToken() -> String { "\(getpid())-\(UInt32.random(in: 0...UInt32.max))" }

    /// `.NAME.ROLE-TOKEN` plus `.EXT` when given.
    static func name(for base: String, role: Role, token: String, extension: String? = nil) -> String {
        ".\(base).\(role.rawValue)-\(token)" + (`extension`.map { ".\($0)" } ?? "")
    }

    /// The role, process id and token of a hidden name made by `name(for:role:token:extension:)`
    /// for `base`, or nil for any other name.
    static func parse(_ entry: String, for base: String) -> (role: Role, pid: Int32, token: String)? {
        for role in [Role.temporary, .old] {
            let prefix = ".\(base).\(role.rawValue)-"
            guard entry.hasPrefix(prefix) else { continue }
            let rest = entry.dropFirst(prefix.count)
            let token = rest.prefix { $0 != "." }
            let parts = token.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let pid = Int32(parts[0]), pid > 0, UInt32(parts[1]) != nil,
                parts.allSatisfy({ $0.allSatisfy(\.isASCII) })
            else { return nil }
            return (role, pid, String(token))
        }
        return nil
    }

    /// True while process `pid` exists (signal 0 probes without sending anything; EPERM means it
    /// exists but belongs to someone else).
    static func isRunning(_ pid: Int32) -> Bool {
        if pid == getpid() { return true }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// Finishes or undoes swaps that dead runs interrupted for the output `base` in `folder`, and
    /// removes what dead runs left for it. Hidden names of running processes are left alone, and
    /// so is anything this code cannot prove it wrote:
    /// - a regular file is a dead run's temporary file (`PendingOutput`): unlinked;
    /// - a directory is touched only when `isOwned` accepts it (or it is empty): a folder a user
    ///   named `.out.tmp-1-2` keeps its contents;
    /// - a symbolic link (or anything else) is never followed, adopted as the output or removed.
    ///
    /// A fallback swap moves the previous directory to `.old-TOKEN`, then the complete new one
    /// from `.tmp-TOKEN` to the output's name. Killed between the two, the output is missing:
    /// when `.tmp-TOKEN` is still there the swap is finished (it was complete before the swap
    /// began), otherwise the previous directory is moved back.
    static func recover(base: String, in folder: String, isOwned: (String) -> Bool = { _ in false }) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return }
        var stale: [String: [Role: String]] = [:]
        var files: [String] = []
        for entry in entries {
            guard let parsed = parse(entry, for: base), !isRunning(parsed.pid) else { continue }
            var info = stat()
            guard lstat(join(folder, entry), &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                files.append(entry)
            case S_IFDIR:
                let path = join(folder, entry)
                if rmdir(path) == 0 { continue } // empty: killed before anything was written
                if isOwned(path) { stale[parsed.token, default: [:]][parsed.role] = entry }
            default:
                continue
            }
        }
        for entry in files { unlink(join(folder, entry)) }
        guard !stale.isEmpty else { return }
        let output = join(folder, base)
        for token in stale.keys.sorted() {
            guard let old = stale[token]?[.old] else { continue }
            var info = stat()
            guard lstat(output, &info) != 0, errno == ENOENT else { continue }
            if let temporary = stale[token]?[.temporary], rename(join(folder, temporary), output) == 0 {
                stale[token]?[.temporary] = nil
            } else if rename(join(folder, old), output) == 0 {
                stale[token]?[.old] = nil
            }
        }
        for names in stale.values {
            for entry in names.values { try? FileManager.default.removeItem(atPath: join(folder, entry)) }
        }
    }

    /// `folder/name` (just `name` for an empty folder).
    static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
    }
}
