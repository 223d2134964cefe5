import Foundation

/// `--sandbox-photos` (`SceneOptions.sandboxPhotos`): every image a manifest names must resolve
/// inside the manifest's own folder, symbolic links included, so a manifest from elsewhere
/// cannot make flipbook read `../../etc/passwd` or `file:///etc/shadow`. A transition file's
/// images and its `manifest` must resolve inside the transition file's folder.
///
/// Both the folder and the file are resolved with realpath(3) (every link and `..` followed), and
/// the file's real path must start with the folder's. Checked when the manifest is loaded; a
/// file swapped for a link afterwards is not caught (the check is for manifests, not for a
/// hostile local user).
package enum PhotoSandbox {
    /// Throws `ManifestError.outsideSandbox` unless `file` (as resolved from the manifest's `url`
    /// in field `field`) lies inside the folder of `manifest`.
    package static func check(_ file: String, url: String, manifest: String, field: String) throws {
        if let problem = problem(file, insideFolderOf: manifest, folderName: "the manifest's folder") {
            throw ManifestError.outsideSandbox(path: manifest, field: field, url: url, problem: problem)
        }
    }

    /// Nil when `file` resolves inside the folder of `anchor` (a manifest or a transition file),
    /// else what is wrong ("it resolves to /etc/passwd, outside the manifest's folder /x").
    static func problem(_ file: String, insideFolderOf anchor: String, folderName: String) -> String? {
        let folder = (anchor as NSString).deletingLastPathComponent
        guard let root = resolve(folder.isEmpty ? "." : folder) else {
            return "\(folderName) cannot be resolved (\(String(cString: strerror(errno))))"
        }
        guard let resolved = resolve(file) else { return "it cannot be resolved (\(String(cString: strerror(errno))))" }
        return isInside(resolved, root) ? nil : "it resolves to \(resolved), outside \(folderName) \(root)"
    }

    /// True when `file` and `folder` both resolve (every link and `..` followed) and the file lies
    /// inside the folder. Says nothing else: for callers that must not tell a missing file from
    /// one outside (a lock's images, `SequenceLock`).
    package static func resolves(_ file: String, inside folder: String) -> Bool {
        guard let root = resolve(folder), let resolved = resolve(file) else { return false }
        return isInside(resolved, root)
    }

    /// Whether the canonical path `resolved` is `root` or below it.
    private static func isInside(_ resolved: String, _ root: String) -> Bool {
        root == "/" ? resolved.hasPrefix("/") : resolved == root || resolved.hasPrefix(root + "/")
    }

    /// The canonical absolute path of an existing file or folder, nil (errno set) otherwise.
    private static func resolve(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
