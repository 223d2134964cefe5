import FlipbookCodecs
public import Foundation

/// An image file (`UIImage`): a PNG or JPEG on disk, drawn by the renderer from its path. Only
/// the header is read here (for `size`); pixels are decoded when frames are drawn.
///
/// Sendable, as UIKit's is. `@unchecked` because its superclass, `NSObject`, is not `Sendable`,
/// so the compiler cannot check it: every stored property is a `let` of a `Sendable` type.
open class UIImage: NSObject, @unchecked Sendable {
    /// The file's path.
    package let path: String
    /// Size in points: pixels divided by `scale`.
    public let size: CGSize
    /// 2 for an `@2x` file, 3 for `@3x`, else 1.
    public let scale: CGFloat

    /// Reads the header of the image at `path`; nil when it is missing or not a PNG or JPEG.
    public init?(contentsOfFile path: String) {
        guard let header = try? ImageDecoder.readHeader(fileAtPath: path) else { return nil }
        let name = (path as NSString).deletingPathExtension
        let scale: CGFloat = name.hasSuffix("@3x") ? 3 : (name.hasSuffix("@2x") ? 2 : 1)
        self.path = path; self.scale = scale; snapshotSource = nil
        size = CGSize(width: CGFloat(header.width) / scale, height: CGFloat(header.height) / scale)
    }

    /// The view an image renderer drew into this image (nil for a file's image): an image view
    /// showing it draws that view as it was, as a snapshot view does.
    let snapshotSource: SnapshotSource?

    /// An image with no file: an image context's with nothing drawn, or (with `source`) a view
    /// drawn into it by an image renderer.
    init(emptyOfSize size: CGSize, scale: CGFloat, source: SnapshotSource? = nil) {
        path = ""; self.size = size; self.scale = scale; snapshotSource = source
    }

    /// The image `name` in the recorder's resource folder (`Transition.record(resources:)`):
    /// `name` as given, else with `@2x`/`@3x`/no suffix and `.png`/`.jpg`/`.jpeg`; nil outside a
    /// recording (or off the main actor, where no recording runs), in a recording without a
    /// resource folder, or when no such file is found — the last two said once per name on
    /// standard error, with the folder and the names looked for: on a device the asset catalog
    /// has the image, so the app's code rarely checks for nil, and the frames would show an
    /// empty image view without a word.
    public convenience init?(named name: String) {
        guard let resources = Recorder.inRecording({ $0.resources }) else { return nil }
        guard let folder = resources else {
            _ = Recorder.inRecording { $0.noteMissingImage(name, lookedFor: [], in: nil) }
            return nil
        }
        var candidates = [name]
        if (name as NSString).pathExtension.isEmpty {
            for suffix in ["@2x", "@3x", ""] { for ext in ["png", "jpg", "jpeg"] { candidates.append("\(name)\(suffix).\(ext)") } }
        }
        for candidate in candidates {
            let path = folder.appendingPathComponent(candidate).path
            if FileManager.default.fileExists(atPath: path) {
                self.init(contentsOfFile: path)
                return
            }
        }
        _ = Recorder.inRecording { $0.noteMissingImage(name, lookedFor: candidates, in: folder) }
        return nil
    }
}

/// A view drawn into an image, and when: what a snapshot image shows. `@unchecked Sendable` so a
/// `UIImage` can hold one (Apple's images are Sendable): the compiler cannot see that `view`, a
/// main-actor object, is read only on the main actor, when a recording draws the snapshot.
final class SnapshotSource: @unchecked Sendable {
    /// The view drawn.
    let view: UIView
    /// The recorder's moment when it was drawn.
    let takenAtMoment: Int
    init(view: UIView, takenAtMoment: Int) { self.view = view; self.takenAtMoment = takenAtMoment }
}
