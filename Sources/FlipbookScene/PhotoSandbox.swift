import Foundation

/// `--sandbox-photos` (`SceneOptions.sandboxPhotos`): every image a manifest names must resolve
/// inside the manifest's own folder, symbolic links included, so a manifest from elsewhere
/// cannot make flipbook read `../../etc/passwd` or `file:///etc/shadow`.
///
/// Both the folder and the file are resolved with realpath(3) (every link and `..` followed), and
/// the file's real path must start with the folder's. Checked when the manifest is loaded; a
/// file swapped for a link afterwards is not caught (the check is for manifests, not for a
/// hostile local user).
enum PhotoSandbox {
    /// Throws `ManifestError.outsideSandbox` unless `file` (as resolved from the manifest's `url`
    /// in field `field`) lies inside the folder of `manifest`.
    static func check(_ file: String, url: String, manifest: String, field: String) throws {
        let folder = (manifest as NSString).deletingLastPathComponent
        guard let root = resolve(folder.isEmpty ? "." : folder) else {
            throw ManifestError.outsideSandbox(path: manifest, field: field, url: url,
                                               problem: "the manifest's folder cannot be resolved (\(String(cString: strerror(errno))))")
        }
        guard let resolved = resolve(file) else {
            throw ManifestError.outsideSandbox(path: manifest, field: field, url: url,
                                               problem: "it cannot be resolved (\(String(cString: strerror(errno))))")
        }
        let inside = root == "/" ? resolved.hasPrefix("/") : resolved == root || resolved.hasPrefix(root + "/")
        guard inside else {
            throw ManifestError.outsideSandbox(path: manifest, field: field, url: url,
                                               problem: "it resolves to \(resolved), outside the manifest's folder \(root)")
        }
    }

    /// The canonical absolute path of an existing file or folder, nil (errno set) otherwise.
    private static func resolve(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
