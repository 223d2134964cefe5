public import FlipbookGeometry
public import Foundation

/// Why an image could not be read, decoded or written. Every case names the file.
public enum CodecError: SettingNamingError, Equatable, Sendable {
    /// The file could not be read: missing, no permission (`reason` is strerror's text), not a
    /// regular file (a directory, a FIFO, a device).
    case unreadable(path: String, reason: String)
    /// The file is larger than `DecodeLimits.maxFileBytes`; `reason` gives both sizes.
    case fileTooLarge(path: String, reason: String)
    /// The bytes are a known image format other than PNG and JPEG (`formatName` e.g. "GIF").
    case unsupportedFormat(path: String, formatName: String)
    /// The bytes are not a PNG or JPEG file (`isEmpty`: there are none). The file's content is
    /// never quoted: a manifest may name a file the user cannot otherwise read.
    case unrecognizedFormat(path: String, isEmpty: Bool)
    /// The header declares more pixels than the limit allows (oriented width × height).
    case tooLarge(path: String, width: Int, height: Int, maxPixels: Int)
    /// Valid data that would cost more than the decoder spends: more JPEG scans than allowed for
    /// the image's size, a PNG chunk over the size limit; `message` says which (docs/LIMITS.md).
    case exceedsLimit(path: String, format: ImageFormat, message: String)
    /// The header declares a zero width or height.
    case emptyImage(path: String, width: Int, height: Int)
    /// A valid file using a feature not decoded here (12-bit or lossless JPEG, …); `message` is the library's.
    case unsupportedFeature(path: String, format: ImageFormat, message: String)
    /// Damaged or truncated data; `message` is the library's text.
    case corrupt(path: String, format: ImageFormat, message: String)
    /// The PNG or JPEG encoder failed (zero-sized image, out of memory); `message` is the library's or the shim's text.
    case encodeFailed(width: Int, height: Int, message: String)

    /// The file the error is about (the name given to the decoder), or "" for encoder errors.
    public var path: String {
        switch self {
        case let .unreadable(path, _), let .fileTooLarge(path, _), let .unsupportedFormat(path, _), let .unrecognizedFormat(path, _),
            let .tooLarge(path, _, _, _),
            let .exceedsLimit(path, _, _), let .emptyImage(path, _, _), let .unsupportedFeature(path, _, _), let .corrupt(path, _, _):
            return path
        case .encodeFailed:
            return ""
        }
    }

    /// One line naming the file and what is wrong (with the library's message where there is
    /// one); `message` keeps the setting it names apart.
    public var message: SettingText {
        switch self {
        case let .unreadable(path, reason):
            return "\(path): cannot read the file: \(reason)"
        case let .fileTooLarge(path, reason):
            return "\(path): cannot read the file: \(reason) (\(field: .maxFileBytes))"
        case let .unsupportedFormat(path, name):
            let article = "AEIOU".contains(name.first ?? "x") ? "an" : "a"
            return "\(path): is \(article) \(name) image; only PNG and JPEG are supported"
        case let .unrecognizedFormat(path, isEmpty):
            if isEmpty { return "\(path): the file is empty; not a PNG or JPEG file" }
            return "\(path): not a PNG or JPEG file (it starts with neither signature)"
        case let .tooLarge(path, width, height, maxPixels):
            return "\(path): the image is \(width)x\(height) = \(width * height) pixels, more than the limit of \(maxPixels) pixels"
        case let .exceedsLimit(path, format, message):
            return "\(path): the \(format.displayName) file exceeds a decoding limit: \(message)"
        case let .emptyImage(path, width, height):
            return "\(path): the image has no pixels (\(width)x\(height))"
        case let .unsupportedFeature(path, format, message):
            let supported =
                format == .jpeg
                ? "only 8-bit baseline, progressive and arithmetic-coded JPEGs are supported"
                : "only standard PNGs are supported"
            return "\(path): unsupported \(format.displayName) variant: \(message) (\(supported))"
        case let .corrupt(path, format, message):
            return "\(path): corrupt or truncated \(format.displayName) file: \(message)"
        case let .encodeFailed(width, height, message):
            return "cannot encode a \(width)x\(height) image: \(message)"
        }
    }
}

extension CodecError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    public var errorDescription: String? { description }
}
