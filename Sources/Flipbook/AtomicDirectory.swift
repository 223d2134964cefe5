import Foundation

/// Replaces directories and files so a reader sees the old or the new version, never half.
enum AtomicDirectory {
    /// Builds a directory's new contents in a temporary sibling and renames it over `path`;
    /// on any error the sibling is removed and `path` is left as it was.
    static func replace<T>(_ path: String, _ build: (String) throws -> T) throws -> T {
        let manager = FileManager.default
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let parent = url.deletingLastPathComponent()
        let name = url.lastPathComponent
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw RenderError.output(path: path, reason: "cannot create its parent folder (\(error.localizedDescription))")
        }
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw RenderError.output(path: path, reason: "exists and is not a directory") }
            // The old directory is deleted after the swap, so only ever replace a previous output:
            // `--out .` or `--out ~/project` must not take a user's files with it.
            let contents = (try? manager.contentsOfDirectory(atPath: url.path)) ?? []
            if let foreign = contents.sorted().first(where: { !isRenderOutput($0) }) {
                throw RenderError.output(path: path, reason: "exists and holds '\(foreign)', which flipbook did not write; "
                    + "name a new or empty directory, or one that holds only a previous render")
            }
        }
        let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let temporary = parent.appendingPathComponent(".\(name).tmp-\(token)")
        let old = parent.appendingPathComponent(".\(name).old-\(token)")
        do {
            try manager.createDirectory(at: temporary, withIntermediateDirectories: false)
        } catch {
            throw RenderError.output(path: path, reason: "cannot create a temporary folder beside it (\(error.localizedDescription))")
        }
        let result: T
        do {
            result = try build(temporary.path)
        } catch {
            try? manager.removeItem(at: temporary)
            throw error
        }
        // Two renames: the old directory steps aside, the new one takes its name. rename(2)
        // cannot replace a non-empty directory in one step.
        let hadOld = manager.fileExists(atPath: url.path)
        if hadOld, rename(url.path, old.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(at: temporary)
            throw RenderError.output(path: path, reason: "cannot move the previous output aside: \(reason)")
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            if hadOld { _ = rename(old.path, url.path) }
            try? manager.removeItem(at: temporary)
            throw RenderError.output(path: path, reason: "cannot move the new output into place: \(reason)")
        }
        if hadOld { try? manager.removeItem(at: old) }
        return result
    }

    /// True for the names a render writes: `frame_NNNN.png` (4 or more digits) and `timeline.json`.
    static func isRenderOutput(_ name: String) -> Bool {
        if name == "timeline.json" { return true }
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst("frame_".count).dropLast(".png".count)
        return digits.count >= 4 && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }

    /// Writes a file via a temporary sibling and a rename.
    static func write(_ data: Data, to path: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw RenderError.output(path: path, reason: error.localizedDescription)
        }
    }
}
