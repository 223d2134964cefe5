import FlipbookFiles
public import FlipbookGeometry
import FlipbookModel
import FlipbookSupport
public import Foundation

/// One photo of a manifest: where its file is and, optionally, the size the manifest claims.
package struct ManifestPhoto: Hashable, Sendable {
    /// The `url` string exactly as the manifest writes it.
    package var url: String
    /// The file path: `url` resolved against the manifest's folder (or `url` itself when absolute).
    /// This is also the `source` named in display lists.
    package var path: String
    /// The width and height the manifest gives (pixels of the decoded, upright image), if any.
    package var declaredSize: Size?

    /// Creates a photo entry.
    package init(url: String, path: String, declaredSize: Size?) {
        self.url = url; self.path = path; self.declaredSize = declaredSize
    }
}

/// A list of photos in the waterfall app's `photos.plist` shape (docs/REFERENCE-APPS.md):
/// `{"content": [{"url": "a.jpg", "width": 720, "height": 288}, …]}`, as JSON or a property list.
package struct PhotoManifest: Hashable, Sendable {
    /// The manifest file, as given.
    package var path: String
    /// The photos in grid order.
    package var photos: [ManifestPhoto]

    /// Creates a manifest from its parts.
    package init(path: String, photos: [ManifestPhoto]) { self.path = path; self.photos = photos }

    /// Reads and validates a manifest file (JSON, or a property list: XML or binary, by content).
    /// - Throws: `ManifestError` naming the file and the line or field that is wrong.
    /// With `sandboxPhotos`, every photo must resolve inside the manifest's folder (`PhotoSandbox`).
    package init(contentsOf path: String, sandboxPhotos: Bool = false) throws {
        let data = try PhotoManifest.read(path)
        let directory = (path as NSString).deletingLastPathComponent
        try self.init(data: data, path: path, baseDirectory: directory)
        if sandboxPhotos {
            for (index, photo) in photos.enumerated() {
                try PhotoSandbox.check(photo.path, url: photo.url, manifest: path, field: "$.content[\(index)].url")
            }
        }
    }

    /// Parses manifest bytes; `path` names the file in errors, `baseDirectory` resolves relative urls.
    /// Fields are read by `JSONField`, as transition and gesture files are: JSON paths
    /// (`$.content[3].width`), and unknown keys refused with a "did you mean".
    package init(data: Data, path: String, baseDirectory: String) throws {
        let root = try PhotoManifest.parseRoot(data, path: path)
        let photos = try PhotoManifest.fields(of: root, path: path) { top in
            let content = try top.object(known: ["content"]).required("content", "the photos, in grid order")
            let entries = try content.array()
            guard !entries.isEmpty else { throw content.fail("is empty: a grid needs at least one photo") }
            return try entries.map { entry in
                let item = try entry.object(known: ["url", "width", "height"])
                let urlField = try item.required("url", "the photo's file")
                let url = try urlField.nonEmptyString()
                let filePath = try PhotoManifest.resolve(url, manifest: path, field: urlField.path, baseDirectory: baseDirectory)
                let width = try item.optional("width").map(PhotoManifest.dimension)
                let height = try item.optional("height").map(PhotoManifest.dimension)
                if (width == nil) != (height == nil) {
                    throw entry.fail(
                        "missing \"\(width == nil ? "width" : "height")\" (give both width and height, or neither to read them from the file)"
                    )
                }
                let size = width.map { Size(width: $0, height: height!) }
                return ManifestPhoto(url: url, path: filePath, declaredSize: size)
            }
        }
        self.init(path: path, photos: photos)
    }

    /// `body` over the manifest's root as a `JSONField`, its `TransitionFileError.invalid`s as
    /// `ManifestError.invalidField`s naming the manifest and the JSON path.
    static func fields<T>(of root: JSONValue, path: String, _ body: (JSONField) throws -> T) throws -> T {
        do {
            return try body(JSONField(value: root, path: "$", file: path))
        } catch let TransitionFileError.invalid(file, field, message) {
            throw ManifestError.invalidField(path: file, field: field, problem: message)
        }
    }

    /// The largest manifest file read: 64 MiB, half a million photos in JSON. The parsed value
    /// costs several times the file (docs/LIMITS.md, "JSON memory"), so the cap keeps a
    /// manifest within a few hundred megabytes.
    package static let maximumBytes = 64 << 20

    /// The largest XML property-list manifest: 16 MiB. Foundation parses it whole before a value
    /// can be counted, at about 14 times the file (40 MB of `<true/>`: 555 MB).
    package static let maximumXMLPropertyListBytes = 16 << 20

    /// The bytes of a manifest file: a regular file of at most `maximumBytes` (a FIFO or a
    /// device is refused at once). - Throws: `ManifestError.unreadable` naming the file.
    static func read(_ path: String) throws -> Data {
        do {
            return Data(try InputFile.read(path, maximumBytes: maximumBytes))
        } catch let error as FileError {
            throw ManifestError.unreadable(path: path, reason: error.reason)
        }
    }

    /// The file an image reference of a manifest names (photos' `url`, cards' `image`): a
    /// `file://` URL's path, an absolute path, or a path relative to `baseDirectory`.
    /// - Throws: `ManifestError.remoteImage` for http(s) URLs.
    static func resolve(_ url: String, manifest path: String, field: @autoclosure () -> String, baseDirectory: String) throws -> String {
        let lowerURL = url.lowercased()
        if lowerURL.hasPrefix("http://") || lowerURL.hasPrefix("https://") {
            throw ManifestError.remoteImage(path: path, field: field(), url: url)
        }
        if lowerURL.hasPrefix("file://") { return URL(string: url)?.path ?? String(url.dropFirst(7)) }
        return url.hasPrefix("/") || baseDirectory.isEmpty ? url : (baseDirectory as NSString).appendingPathComponent(url)
    }

    /// The manifest's root value: JSON read by `JSONValue.parse` (strict), a property list (XML
    /// through Foundation, binary through `BinaryPropertyList`) turned into the same `JSONValue`,
    /// so both formats are validated by one code path.
    static func parseRoot(_ data: Data, path: String) throws -> JSONValue {
        let firstByte = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) })
        let looksLikePlist = data.starts(with: Array("bplist".utf8)) || firstByte == UInt8(ascii: "<")
        if data.starts(with: Array("bplist".utf8)) {
            // Our own reader: Foundation's crashed on a set and leaked on damaged object tables.
            do {
                return try BinaryPropertyList.parse([UInt8](data))
            } catch let failure as BinaryPropertyList.Failure {
                throw ManifestError.malformed(path: path, format: "binary property list", detail: failure.message)
            }
        }
        if looksLikePlist {
            // Foundation builds every value before any can be counted: 40 MB of `<true/>` took 555 MB.
            guard data.count <= maximumXMLPropertyListBytes else {
                throw ManifestError.unreadable(
                    path: path,
                    reason: "it is \(data.count >> 20) MB, more than the "
                        + "\(maximumXMLPropertyListBytes >> 20) MB limit for an XML property list (write it as JSON or a binary property list)"
                )
            }
            do {
                return JSONValue(propertyList: try PropertyListSerialization.propertyList(from: data, format: nil))
            } catch {
                let info = (error as NSError).userInfo
                let detail = (info["NSDebugDescription"] as? String) ?? "\(error)"
                throw ManifestError.malformed(path: path, format: "property list", detail: detail)
            }
        }
        do {
            return try JSONValue.parse(data)
        } catch let error as JSONSyntaxError {
            throw ManifestError.malformed(path: path, format: "JSON", detail: error.description)
        }
    }

    /// A declared width or height: a number of pixels (a string holding one is refused with
    /// the fix).
    private static func dimension(_ field: JSONField) throws -> Double {
        if case let .string(text) = field.value, let number = Double(text) {
            throw field.fail("must be a number, not the string \(InputText.quoted(text)) (write \(number) without quotes)")
        }
        guard case let .number(number) = field.value else { throw field.fail("expected a number, got \(field.value.kind)") }
        // At least one pixel: a width of 1e-300 or 5e-324 made the grid's cells infinitely tall.
        guard number >= 1, number <= 1_000_000 else {
            throw field.fail("must be a number of pixels from 1 to 1000000, not \(number)")
        }
        return number
    }
}

/// A manifest that cannot be used; every case names the file.
public enum ManifestError: SettingNamingError, Equatable {
    /// The file cannot be read.
    case unreadable(path: String, reason: String)
    /// The file is not valid JSON / property-list syntax.
    case malformed(path: String, format: String, detail: String)
    /// A field is missing or has the wrong type or value; `problem` keeps a setting it names
    /// (a limit, an option) apart, as `message` does, for the reader to name.
    case invalidField(path: String, field: String, problem: SettingText)
    /// A photo is an http(s) URL.
    case remoteImage(path: String, field: String, url: String)
    /// With `--sandbox-photos`: the image `url` names is not inside the manifest's folder, or
    /// cannot be resolved; `problem` says which.
    case outsideSandbox(path: String, field: String, url: String, problem: String)

    /// A one-line explanation naming the file; `message` keeps its settings apart.
    public var message: SettingText {
        switch self {
        case let .unreadable(path, reason): return "\(path): cannot read the manifest: \(reason)"
        case let .malformed(path, format, detail): return "\(path): not valid \(format): \(detail)"
        case let .invalidField(path, field, problem): return "\(path): \(field): \(problem)"
        case let .outsideSandbox(path, field, url, problem):
            return "\(path): \(field) is \(InputText.excerpt(url)): \(problem) (\(field: .sandboxPhotos))"
        case let .remoteImage(path, field, url):
            return
                "\(path): \(field) is \(InputText.excerpt(url)): remote images are not supported; download them first and name the local file"
        }
    }
}

extension ManifestError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    public var errorDescription: String? { description }
}
