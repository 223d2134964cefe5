import Foundation
import FlipbookCodecs
import FlipbookGeometry
import FlipbookScene

/// The photos of a manifest, with every size known: declared in the manifest, or read from the
/// file's header when missing (as the reference app's layout needs sizes up front).
public struct PhotoLibrary: Sendable {
    /// The photos, in manifest order.
    public var photos: [ScenePhoto]
    /// Non-fatal findings, one line each (e.g. a declared size that disagrees with the file).
    public var warnings: [String]
    /// Each photo file's header (upright size in pixels, format), keyed by source path.
    public var headers: [String: ImageHeader]
    /// The manifest field naming each photo file ("content[3].url"; the first, when several
    /// entries name one file), keyed by source path: errors at any later stage name it.
    public var fields: [String: String]

    /// How far a declared aspect ratio may differ from the file's before a warning (1%).
    public static let aspectTolerance = 0.01

    /// Loads a manifest and checks every photo file's header (once: the job reuses them).
    ///
    /// Headers are read for all photos (cheap) so a missing or broken file is reported before
    /// any frame is drawn, naming the manifest field and the file. `limits` bound each file's
    /// size and pixels.
    /// - Throws: `ManifestError`, or `PhotoLibraryError` wrapping a codec error.
    public init(manifestPath: String, limits: DecodeLimits = .default) throws {
        let manifest = try PhotoManifest(contentsOf: manifestPath)
        var photos: [ScenePhoto] = []
        var warnings: [String] = []
        var headers: [String: ImageHeader] = [:]
        var fields: [String: String] = [:]
        for (index, photo) in manifest.photos.enumerated() {
            let field = "content[\(index)].url"
            let header: ImageHeader
            do {
                header = try headers[photo.path] ?? ImageDecoder.readHeader(fileAtPath: photo.path, limits: limits)
            } catch {
                throw PhotoLibraryError.photo(manifest: manifestPath, field: field, underlying: "\(error)")
            }
            headers[photo.path] = header
            if fields[photo.path] == nil { fields[photo.path] = field }
            let fileSize = Size(width: Double(header.width), height: Double(header.height))
            if let declared = photo.declaredSize {
                let declaredAspect = declared.width / declared.height
                let fileAspect = fileSize.width / fileSize.height
                if abs(declaredAspect / fileAspect - 1) > PhotoLibrary.aspectTolerance {
                    warnings.append("\(manifestPath): content[\(index)] declares \(Int(declared.width))x\(Int(declared.height)) "
                        + "but \(photo.path) is \(header.width)x\(header.height) (aspect \(PhotoLibrary.rounded(declaredAspect)) vs \(PhotoLibrary.rounded(fileAspect))); "
                        + "the grid uses the declared size, the photo is drawn with its own")
                }
            }
            photos.append(ScenePhoto(source: photo.path, sizePixels: photo.declaredSize ?? fileSize))
        }
        self.photos = photos
        self.warnings = warnings
        self.headers = headers
        self.fields = fields
    }

    private static func rounded(_ value: Double) -> String { String(format: "%.3f", value) }
}

/// A photo of the manifest cannot be used.
public enum PhotoLibraryError: Error, CustomStringConvertible, Equatable {
    /// Reading the photo's file failed; `underlying` is the codec's message (it names the file).
    case photo(manifest: String, field: String, underlying: String)

    /// A one-line explanation naming the manifest field and the file.
    public var description: String {
        switch self {
        case let .photo(manifest, field, underlying): return "\(manifest): \(field): \(underlying)"
        }
    }
}
