package import FlipbookCodecs
public import FlipbookGeometry
package import FlipbookModel
import FlipbookSupport
public import Foundation

/// The photos of a manifest, with every size known: declared in the manifest, or read from the
/// file's header when missing (as the waterfall app's layout needs sizes up front).
package struct PhotoLibrary: Sendable {
    /// The photos, in manifest order.
    package var photos: [ScenePhoto]
    /// Non-fatal findings, one line each (e.g. a declared size that disagrees with the file).
    package var warnings: [String]
    /// Each photo file's header (upright size in pixels, format), keyed by source path.
    package var headers: [String: ImageHeader]
    /// The manifest field naming each photo file ("$.content[3].url"; the first, when several
    /// entries name one file), keyed by source path: errors at any later stage name it.
    package var fields: [String: String]

    /// The manifest's path, for warnings and errors.
    package let manifestPath: String
    /// Entries whose header is still to be read (their size is declared), by source path:
    /// each entry's index and declared size.
    private var unchecked: [String: [(index: Int, declared: Size)]] = [:]
    /// Entries whose header `checkHeader` read, their aspect not compared yet.
    private var uncheckedAspects: [(index: Int, declared: Size, path: String)] = []
    private let limits: DecodeLimits

    /// How far a declared aspect ratio may differ from the file's before a warning (1%).
    package static let aspectTolerance = 0.01

    /// Which photo files `init` opens.
    package enum HeaderReading: Sendable {
        /// Every photo's (so a missing or broken file anywhere in the manifest fails at once).
        case all
        /// Only those whose size the manifest leaves out (the layout needs it); the others are
        /// read by `checkHeader(of:)` as a job finds the photos it draws, so a manifest of
        /// 10,000 photos costs the few on screen, not 10,000 file reads.
        case undeclaredSizesOnly
    }

    /// Loads a manifest and reads photo file headers (once: the job reuses them) as `reading`
    /// says. A header read checks the file (missing, broken, over `limits`: an error naming the
    /// manifest field and the file) and compares its aspect ratio with a declared size (a
    /// warning when they differ by more than `aspectTolerance`).
    /// - Throws: `ManifestError`, or `PhotoLibraryError` wrapping a codec error.
    /// With `sandboxPhotos`, every photo must resolve inside the manifest's folder.
    package init(manifestPath: String, limits: DecodeLimits = .default, reading: HeaderReading = .all, sandboxPhotos: Bool = false) throws {
        let manifest = try PhotoManifest(contentsOf: manifestPath, sandboxPhotos: sandboxPhotos)
        self.manifestPath = manifestPath
        self.limits = limits
        photos = []
        warnings = []
        headers = [:]
        fields = [:]
        photos.reserveCapacity(manifest.photos.count)
        for (index, photo) in manifest.photos.enumerated() {
            if fields[photo.path] == nil { fields[photo.path] = "$.content[\(index)].url" }
            if let declared = photo.declaredSize, reading == .undeclaredSizesOnly, headers[photo.path] == nil {
                unchecked[photo.path, default: []].append((index, declared))
                photos.append(ScenePhoto(source: photo.path, sizePixels: declared))
                continue
            }
            let header = try readHeader(photo.path, field: "$.content[\(index)].url")
            if let declared = photo.declaredSize { checkAspect(index: index, declared: declared, photo.path, header) }
            photos.append(
                ScenePhoto(
                    source: photo.path, sizePixels: photo.declaredSize ?? Size(width: Double(header.width), height: Double(header.height))))
        }
    }

    /// The header of photo file `source`, read and checked now if `init` left it unread (its
    /// aspect warnings wait for `finishHeaderChecks`); nil when no entry names the file.
    /// - Throws: `PhotoLibraryError` naming the first manifest field of the file.
    package mutating func checkHeader(of source: String) throws -> ImageHeader? {
        guard let pending = unchecked.removeValue(forKey: source) else { return headers[source] }
        let header = try readHeader(source, field: fields[source] ?? source)
        uncheckedAspects += pending.map { ($0.index, $0.declared, source) }
        return header
    }

    /// Adds the warnings of the headers `checkHeader` read, in manifest order.
    package mutating func finishHeaderChecks() {
        for entry in uncheckedAspects.sorted(by: { $0.index < $1.index }) {
            checkAspect(index: entry.index, declared: entry.declared, entry.path, headers[entry.path]!)
        }
        uncheckedAspects = []
    }

    /// The header of `path` (read once), errors naming `field`.
    private mutating func readHeader(_ path: String, field: String) throws -> ImageHeader {
        if let header = headers[path] { return header }
        do {
            let header = try ImageDecoder.readHeader(fileAtPath: path, limits: limits)
            headers[path] = header
            return header
        } catch {
            throw PhotoLibraryError.photo(manifest: manifestPath, field: field, underlying: "\(error: error)")
        }
    }

    /// Warns when entry `index`'s declared size differs in aspect from the file's.
    private mutating func checkAspect(index: Int, declared: Size, _ path: String, _ header: ImageHeader) {
        let declaredAspect = declared.width / declared.height
        let fileAspect = Double(header.width) / Double(header.height)
        if abs(declaredAspect / fileAspect - 1) > PhotoLibrary.aspectTolerance {
            warnings.append(
                "\(manifestPath): $.content[\(index)] declares \(Int(declared.width))x\(Int(declared.height)) "
                    + "but \(path) is \(header.width)x\(header.height) (aspect \(PhotoLibrary.rounded(declaredAspect)) vs \(PhotoLibrary.rounded(fileAspect))); "
                    + "the grid uses the declared size, the photo is drawn with its own")
        }
    }

    private static func rounded(_ value: Double) -> String { NumberText.fixed(value, decimals: 3) }
}

/// A photo of the manifest cannot be used.
public enum PhotoLibraryError: SettingNamingError, Equatable {
    /// Reading the photo's file failed; `underlying` is the codec's message (it names the file).
    case photo(manifest: String, field: String, underlying: SettingText)

    /// A one-line explanation naming the manifest field and the file; `message` keeps the
    /// settings the codec's message names apart.
    public var message: SettingText {
        switch self {
        case let .photo(manifest, field, underlying): return "\(manifest): \(field): \(underlying)"
        }
    }
}

extension PhotoLibraryError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    public var errorDescription: String? { description }
}
