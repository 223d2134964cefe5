/// Why an image could not be read, decoded or written. Every case names the file.
public enum CodecError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file could not be read (missing, a directory, no permission); `reason` is strerror's text.
    case unreadable(path: String, reason: String)
    /// The bytes are a known image format other than PNG and JPEG (`formatName` e.g. "GIF").
    case unsupportedFormat(path: String, formatName: String)
    /// The bytes are not a PNG or JPEG file; `firstBytes` are up to 8 leading bytes (empty for an empty file).
    case unrecognizedFormat(path: String, firstBytes: [UInt8])
    /// The header declares more pixels than the limit allows (oriented width × height).
    case tooLarge(path: String, width: Int, height: Int, maxPixels: Int)
    /// The header declares a zero width or height.
    case emptyImage(path: String, width: Int, height: Int)
    /// A valid file using a feature not decoded here (12-bit or lossless JPEG, …); `message` is the library's.
    case unsupportedFeature(path: String, format: ImageFormat, message: String)
    /// Damaged or truncated data; `message` is the library's text.
    case corrupt(path: String, format: ImageFormat, message: String)
    /// The PNG or JPEG encoder failed (zero-sized image, out of memory); `message` is the library's or the shim's text.
    case encodeFailed(width: Int, height: Int, message: String)
    /// The output file could not be written; nothing is left at `path` (writes go through a temporary file).
    case unwritable(path: String, reason: String)

    /// One line naming the file and what is wrong (with the library's message where there is one).
    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "\(path): cannot read the file: \(reason)"
        case let .unsupportedFormat(path, name):
            let article = "AEIOU".contains(name.first ?? "x") ? "an" : "a"
            return "\(path): is \(article) \(name) image; only PNG and JPEG are supported"
        case let .unrecognizedFormat(path, firstBytes):
            if firstBytes.isEmpty { return "\(path): the file is empty; not a PNG or JPEG file" }
            let hex = firstBytes.map { ($0 < 16 ? "0x0" : "0x") + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            return "\(path): not a PNG or JPEG file (starts with \(hex))"
        case let .tooLarge(path, width, height, maxPixels):
            return "\(path): the image is \(width)x\(height) = \(width * height) pixels, more than the limit of \(maxPixels) pixels"
        case let .emptyImage(path, width, height):
            return "\(path): the image has no pixels (\(width)x\(height))"
        case let .unsupportedFeature(path, format, message):
            let supported = format == .jpeg
                ? "only 8-bit baseline, progressive and arithmetic-coded JPEGs are supported"
                : "only standard PNGs are supported"
            return "\(path): unsupported \(format.displayName) variant: \(message) (\(supported))"
        case let .corrupt(path, format, message):
            return "\(path): corrupt or truncated \(format.displayName) file: \(message)"
        case let .encodeFailed(width, height, message):
            return "cannot encode a \(width)x\(height) image: \(message)"
        case let .unwritable(path, reason):
            return "\(path): cannot write the file: \(reason)"
        }
    }
}
