import CImageCodecs
import FlipbookFiles
package import FlipbookRaster
import Foundation

/// Size limits checked before memory is allocated: the file's size before it is read, the
/// header's pixel count before any pixel buffer exists.
public struct DecodeLimits: Sendable, Hashable {
    /// The largest width × height accepted. Default 100 megapixels (400 MB of RGBA8).
    public var maxPixels: Int
    /// The largest file read, in bytes. Default `InputFile.defaultMaximumBytes` (256 MiB).
    public var maxFileBytes: Int
    /// Limits with `maxPixels` and `maxFileBytes` (both must be positive).
    // 256 MiB, the same as every other input file's default bound (`InputFile.defaultMaximumBytes`;
    // a public default cannot name that package constant).
    public init(maxPixels: Int = 100_000_000, maxFileBytes: Int = 256 << 20) {
        precondition(maxPixels > 0, "maxPixels must be positive")
        precondition(maxFileBytes > 0, "maxFileBytes must be positive")
        self.maxPixels = maxPixels
        self.maxFileBytes = maxFileBytes
    }
    /// 100 megapixels.
    public static let `default` = DecodeLimits()
}

/// What an image file's header says, read without decoding pixels.
package struct ImageHeader: Sendable, Hashable {
    /// The file's format, from its first bytes.
    package var format: ImageFormat
    /// Width in pixels once the EXIF orientation is applied (as UIImage reports it).
    package var width: Int
    /// Height in pixels once the EXIF orientation is applied.
    package var height: Int
    /// The EXIF orientation (1…8) applied at decode; always 1 for PNG and for JPEGs without one.
    package var orientation: Int
    /// Bytes the decode allocates for a while besides the pixels: a progressive (multi-scan)
    /// JPEG's whole-image coefficient buffer, about 2 bytes per pixel and component at the full
    /// stored size, even for a reduced decode; 0 for single-scan JPEGs and PNGs.
    package var workingBytes: Int
    /// A header with the given fields.
    package init(format: ImageFormat, width: Int, height: Int, orientation: Int = 1, workingBytes: Int = 0) {
        self.format = format; self.width = width; self.height = height; self.orientation = orientation
        self.workingBytes = workingBytes
    }
}

/// Something a decode noticed that the caller should tell the user once; the image is good.
package enum CodecWarning: Error, CustomStringConvertible, Equatable, Sendable {
    /// A JPEG whose every scan is complete but whose end-of-image marker (FF D9) is missing,
    /// as browsers, Pillow and libjpeg show it.
    case missingEndOfImage(path: String)

    /// One line naming the file.
    package var description: String {
        switch self {
        case let .missingEndOfImage(path):
            return "\(path): the JPEG file lacks its end-of-image marker (FF D9); its image data is complete, so it was decoded"
        }
    }
}

/// Decodes PNG and JPEG files to upright premultiplied RGBA8 images.
///
/// PNG: every colour type and bit depth, tRNS and Adam7; 16-bit samples keep their high byte;
/// gamma, ICC and bKGD are ignored (raw values). JPEG: 8-bit baseline, progressive and
/// arithmetic-coded; gray, YCbCr, RGB, CMYK and YCCK; the EXIF orientation is applied.
/// Sizes are checked against `DecodeLimits` before any pixel buffer is allocated.
package enum ImageDecoder {
    /// Reads and decodes the file at `path`. Throws `CodecError` naming `path`.
    ///
    /// `minimumSize` (upright pixels) lets a JPEG be decoded smaller in the DCT domain: see
    /// `scaleDenominator(for:minimumSize:)`; nil (or a PNG) decodes at full size. `limits` apply
    /// to the header's full upright size either way (an absurd header is refused, and libjpeg
    /// entropy-decodes every coefficient even when scaling, so time follows the full size).
    /// `warn` receives what the user should hear about a good image (at most once per call).
    package static func decode(
        fileAtPath path: String, limits: DecodeLimits = .default,
        minimumSize: (width: Int, height: Int)? = nil,
        warn: (CodecWarning) -> Void = { _ in }
    ) throws -> PremultipliedImage {
        try decode(try readFile(path, limits: limits), name: path, limits: limits, minimumSize: minimumSize, warn: warn)
    }

    /// Decodes `bytes`; `name` (usually the path) is used in error messages. `minimumSize` and
    /// `warn` as in `decode(fileAtPath:limits:minimumSize:warn:)`. `skippingUnusedScans` (the
    /// default) leaves out a progressive JPEG's scans no pixel of a reduced decode depends on
    /// (docs/CODECS.md); false decodes every scan (tests compare the two).
    package static func decode(
        _ bytes: [UInt8], name: String, limits: DecodeLimits = .default,
        minimumSize: (width: Int, height: Int)? = nil, skippingUnusedScans: Bool = true,
        warn: (CodecWarning) -> Void = { _ in }
    ) throws -> PremultipliedImage {
        let format = try recognize(bytes, name: name)
        var stored = try storedHeader(bytes, format: format, name: name)
        try check(stored, format: format, name: name, limits: limits)
        let denominator = scaleDenominator(for: uprightHeader(stored, format: format), minimumSize: minimumSize)
        // libjpeg rounds a scaled size up; orientation only swaps the axes afterwards.
        let width = (Int(stored.width) + denominator - 1) / denominator
        let height = (Int(stored.height) + denominator - 1) / denominator
        var status = FBC_OK
        var message = MessageBuffer()
        // Allocated only now, after the limit check; C fills every byte or the call fails.
        var pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, initialized in
            let rawBytes = UnsafeMutableRawBufferPointer(buffer)
            let rgba = rawBytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            status = bytes.withUnsafeBufferPointer { input in
                message.withPointer { text, capacity in
                    switch format {
                    case .png: return fbc_png_decode(input.baseAddress, input.count, rgba, rawBytes.count, &stored, text, capacity)
                    case .jpeg:
                        return fbc_jpeg_decode(
                            input.baseAddress, input.count, UInt32(denominator), skippingUnusedScans ? 1 : 0,
                            rgba, rawBytes.count, &stored, text, capacity)
                    }
                }
            }
            initialized = status == FBC_OK ? width * height : 0
        }
        try throwIfFailed(status, message: message, format: format, name: name)
        if stored.missing_end != 0 { warn(.missingEndOfImage(path: name)) }
        if stored.has_alpha != 0 { PixelConversion.premultiplyInPlace(&pixels) }
        let orientation = Int(stored.orientation)
        if orientation == 1 { return PremultipliedImage(width: width, height: height, pixels: pixels) }
        return PixelConversion.oriented(pixels, width: width, height: height, orientation: orientation)
    }

    /// The reduction a decode with `minimumSize` applies: for a JPEG, the largest `d` in
    /// {1, 2, 4, 8} with `header.width ≥ d · minimumSize.width` and `header.height ≥ d ·
    /// minimumSize.height` (upright sizes, so orientations 5–8 are already swapped); 1 for a PNG
    /// or without a minimum. The decoded image is then `ceil(width / d) × ceil(height / d)`
    /// pixels, each covering d × d pixels of the full image (the last row/column partly). The
    /// test uses the exact `width / d`, not the rounded-up size, so the content is never below
    /// the minimum.
    package static func scaleDenominator(for header: ImageHeader, minimumSize: (width: Int, height: Int)?) -> Int {
        guard header.format == .jpeg, let minimumSize else { return 1 }
        // libjpeg's DCT scaling offers 1/2, 1/4 and 1/8 (coefficients of 4×4, 2×2 or 1×1 per block).
        for denominator in [8, 4, 2]
        where header.width >= denominator * max(1, minimumSize.width)
            && header.height >= denominator * max(1, minimumSize.height)
        {
            return denominator
        }
        return 1
    }

    /// The format and upright size of the file at `path`, without decoding pixels (the file
    /// is still read whole, within `limits.maxFileBytes`).
    package static func readHeader(fileAtPath path: String, limits: DecodeLimits = .default) throws -> ImageHeader {
        try readHeader(try readFile(path, limits: limits), name: path)
    }

    /// The file's bytes: a regular file of at most `limits.maxFileBytes` (a FIFO or a device
    /// is refused at once, see `InputFile`). - Throws: `CodecError.unreadable` naming `path`.
    static func readFile(_ path: String, limits: DecodeLimits) throws -> [UInt8] {
        do {
            return try InputFile.read(path, maximumBytes: limits.maxFileBytes)
        } catch let error as FileError {
            // The one limit a setting raises (`maxFileBytes`).
            if case .tooLarge = error { throw CodecError.fileTooLarge(path: path, reason: error.reason) }
            throw CodecError.unreadable(path: path, reason: error.reason)
        }
    }

    /// The format and upright size of `bytes`, without decoding pixels.
    package static func readHeader(_ bytes: [UInt8], name: String) throws -> ImageHeader {
        let format = try recognize(bytes, name: name)
        return uprightHeader(try storedHeader(bytes, format: format, name: name), format: format)
    }

    // MARK: - Steps

    private static func recognize(_ bytes: [UInt8], name: String) throws -> ImageFormat {
        if let format = ImageFormat(sniffing: bytes) { return format }
        if let other = ImageFormat.otherFormatName(sniffing: bytes) {
            throw CodecError.unsupportedFormat(path: name, formatName: other)
        }
        throw CodecError.unrecognizedFormat(path: name, isEmpty: bytes.isEmpty)
    }

    private static func uprightHeader(_ stored: fbc_header, format: ImageFormat) -> ImageHeader {
        let swaps = stored.orientation >= 5
        return ImageHeader(
            format: format,
            width: Int(swaps ? stored.height : stored.width),
            height: Int(swaps ? stored.width : stored.height),
            orientation: Int(stored.orientation),
            workingBytes: Int(clamping: stored.coefficient_bytes))
    }

    private static func storedHeader(_ bytes: [UInt8], format: ImageFormat, name: String) throws -> fbc_header {
        var header = fbc_header()
        var message = MessageBuffer()
        let status = bytes.withUnsafeBufferPointer { input in
            message.withPointer { text, capacity in
                switch format {
                case .png: return fbc_png_read_header(input.baseAddress, input.count, &header, text, capacity)
                case .jpeg: return fbc_jpeg_read_header(input.baseAddress, input.count, &header, text, capacity)
                }
            }
        }
        try throwIfFailed(status, message: message, format: format, name: name)
        return header
    }

    private static func check(_ header: fbc_header, format: ImageFormat, name: String, limits: DecodeLimits) throws {
        let swaps = header.orientation >= 5
        try checkSize(
            width: Int(swaps ? header.height : header.width), height: Int(swaps ? header.width : header.height),
            name: name, limits: limits)
    }

    /// Refuses an empty image or one with more than `limits.maxPixels` pixels. Two sides below
    /// 2^32 can multiply past `Int.max` (2^63 − 1), so an overflowing product counts as too large.
    static func checkSize(width: Int, height: Int, name: String, limits: DecodeLimits) throws {
        guard width > 0, height > 0 else { throw CodecError.emptyImage(path: name, width: width, height: height) }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= limits.maxPixels else {
            throw CodecError.tooLarge(path: name, width: width, height: height, maxPixels: limits.maxPixels)
        }
    }

    private static func throwIfFailed(_ status: fbc_status, message: MessageBuffer, format: ImageFormat, name: String) throws {
        switch status {
        case FBC_OK: return
        case FBC_UNSUPPORTED: throw CodecError.unsupportedFeature(path: name, format: format, message: message.text)
        case FBC_LIMIT: throw CodecError.exceedsLimit(path: name, format: format, message: message.text)
        case FBC_BAD_ARGUMENT: preconditionFailure("CImageCodecs rejected its arguments: \(message.text)")
        default: throw CodecError.corrupt(path: name, format: format, message: message.text)
        }
    }
}

/// A fixed C buffer receiving the shim's message text.
struct MessageBuffer {
    private var bytes = [CChar](repeating: 0, count: 256)

    mutating func withPointer<T>(_ body: (UnsafeMutablePointer<CChar>, Int) -> T) -> T {
        bytes.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
    }

    /// The NUL-terminated text as a String (invalid UTF-8 repaired).
    var text: String {
        let utf8 = bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: utf8, as: UTF8.self)
    }
}

extension CodecWarning: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    package var errorDescription: String? { description }
}
