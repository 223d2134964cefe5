package import FlipbookCodecs
import FlipbookFiles
package import FlipbookRaster
public import Foundation

/// The format of a picture flipbook writes besides frames (contact sheets, plots), chosen by the
/// file's extension: `.png`, or `.jpg`/`.jpeg` (any case). Other extensions are refused, so a
/// `sheet.webp` never holds PNG bytes.
package enum ImageFileFormat: Sendable, Equatable {
    /// PNG, lossless (`PNGEncoder`).
    case png
    /// Baseline JPEG at `JPEGEncoder.defaultQuality` (`JPEGEncoder`): about a third of the PNG's size.
    case jpeg

    /// The format for `path`'s extension; nil for any other extension or none.
    package init?(path: String) {
        switch (path as NSString).pathExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        default: return nil
        }
    }

    /// The file bytes of `image` in this format (`pngOptions` for PNG).
    package func encode(_ image: PremultipliedImage, pngOptions: PNGEncodeOptions = .default) throws -> [UInt8] {
        switch self {
        case .png: return try PNGEncoder.encode(image, options: pngOptions)
        case .jpeg: return try JPEGEncoder.encode(image)
        }
    }

    /// Encodes `image` in the format `path` names and writes it atomically (`OutputFile.write`),
    /// creating the parent folder. Throws `ImageFileNameError` for an extension other than
    /// .png/.jpg/.jpeg, `FileError.unwritable` when the file cannot be written.
    package static func write(_ image: PremultipliedImage, to path: String, pngOptions: PNGEncodeOptions = .default) throws {
        guard let format = ImageFileFormat(path: path) else {
            throw ImageFileNameError(path: path)
        }
        let bytes = try format.encode(image, pngOptions: pngOptions)
        try OutputFile.write(bytes, to: path, createFolders: true)
    }
}

/// A picture's file name whose extension is not one of the formats flipbook writes
/// (`ImageFileFormat`): `.png`, `.jpg`, `.jpeg`.
public struct ImageFileNameError: Error, CustomStringConvertible, LocalizedError, Equatable {
    /// The file name as given.
    public let path: String

    /// Creates the error for `path`.
    public init(path: String) { self.path = path }

    /// A one-line explanation.
    public var description: String { "\(path): cannot write the output: the name must end in .png, .jpg or .jpeg" }
    /// The same as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
