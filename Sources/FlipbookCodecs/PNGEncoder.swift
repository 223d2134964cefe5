import CImageCodecs
import FlipbookFiles
import FlipbookRaster

/// The PNG row filter(s) the encoder may use (PNG spec §9).
public enum PNGFilter: String, Sendable, CaseIterable {
    /// No filtering (raw bytes).
    case none
    /// Difference from the pixel to the left.
    case sub
    /// Difference from the pixel above.
    case up
    /// Difference from the mean of left and above.
    case average
    /// Difference from the Paeth predictor (left, above or upper-left): the default.
    case paeth
    /// libpng picks per row among all five (minimum sum of absolute differences): smaller, slower.
    case adaptive

    var libpngMask: Int32 {
        switch self {
        case .none: return Int32(FBC_PNG_FILTER_NONE)
        case .sub: return Int32(FBC_PNG_FILTER_SUB)
        case .up: return Int32(FBC_PNG_FILTER_UP)
        case .average: return Int32(FBC_PNG_FILTER_AVG)
        case .paeth: return Int32(FBC_PNG_FILTER_PAETH)
        case .adaptive: return Int32(FBC_PNG_FILTER_ALL)
        }
    }
}

/// Which colour type the encoder writes.
public enum PNGChannels: String, Sendable {
    /// 8-bit RGB when every pixel is opaque, else 8-bit RGBA (straight alpha).
    case automatic
    /// Always 8-bit RGBA (straight alpha), e.g. for `flipbook decode`.
    case rgba
}

/// PNG encoder settings. The default (zlib level 1, `paeth` filter) was chosen by measuring
/// photographic 750×1334 frames: see docs/CODECS.md.
public struct PNGEncodeOptions: Sendable, Hashable {
    /// zlib compression level, 0 (store) … 9 (smallest).
    public var compressionLevel: Int
    /// The row filter.
    public var filter: PNGFilter
    /// RGB-when-opaque or always RGBA.
    public var channels: PNGChannels
    /// Options; `compressionLevel` must be in 0…9.
    public init(compressionLevel: Int = 1, filter: PNGFilter = .paeth, channels: PNGChannels = .automatic) {
        precondition((0...9).contains(compressionLevel), "PNG compression level must be 0…9")
        self.compressionLevel = compressionLevel
        self.filter = filter
        self.channels = channels
    }
    /// Level 1, `paeth` filter, automatic channels.
    public static let `default` = PNGEncodeOptions()
}

/// Encodes premultiplied images as 8-bit PNG (RGB when opaque, else straight-alpha RGBA).
///
/// Straight alpha is round(c · 255 / a), which premultiplies back to exactly the same values.
/// No time or text chunks: the bytes depend only on the pixels and the options.
public enum PNGEncoder {
    /// The PNG file bytes for `image`. Throws `CodecError.encodeFailed` for a zero-sized image.
    public static func encode(_ image: PremultipliedImage, options: PNGEncodeOptions = .default) throws -> [UInt8] {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else {
            throw CodecError.encodeFailed(width: width, height: height, message: "a PNG needs at least one pixel")
        }
        let hasAlpha = options.channels == .rgba || !isOpaque(image.pixels)
        let channels = hasAlpha ? 4 : 3
        let rows = straightRows(image.pixels, channels: channels)
        var encoded = fbc_buffer()
        var message = MessageBuffer()
        let status = rows.withUnsafeBufferPointer { input in
            message.withPointer { text, capacity in
                fbc_png_encode(input.baseAddress, UInt32(width), UInt32(height), Int32(channels), width * channels,
                               Int32(options.compressionLevel), options.filter.libpngMask, &encoded, text, capacity)
            }
        }
        defer { fbc_buffer_free(&encoded) }
        guard status == FBC_OK else {
            throw CodecError.encodeFailed(width: width, height: height, message: message.text)
        }
        return Array(UnsafeBufferPointer(start: encoded.bytes, count: encoded.count))
    }

    /// Encodes `image` and writes it to `path` atomically (`OutputFile.write`: a temporary
    /// sibling, flushed, renamed; a symbolic link is written through; a device, FIFO, socket or
    /// folder at `path` is refused). - Throws: `CodecError.encodeFailed`, `FileError.unwritable`.
    public static func write(_ image: PremultipliedImage, toPath path: String, options: PNGEncodeOptions = .default) throws {
        try OutputFile.write(try encode(image, options: options), to: path)
    }

    private static func isOpaque(_ pixels: [UInt32]) -> Bool {
        pixels.withUnsafeBufferPointer { buffer in
            var all: UInt32 = 0xFF00_0000
            for pixel in buffer { all &= pixel }
            return all == 0xFF00_0000
        }
    }

    /// Straight RGB or RGBA bytes, rows packed.
    private static func straightRows(_ pixels: [UInt32], channels: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: pixels.count * channels) { out, initialized in
            pixels.withUnsafeBufferPointer { source in
                var index = 0
                if channels == 4 {
                    for pixel in source {
                        let straight = PixelConversion.unpremultiply(pixel)
                        out[index] = UInt8(truncatingIfNeeded: straight)
                        out[index &+ 1] = UInt8(truncatingIfNeeded: straight &>> 8)
                        out[index &+ 2] = UInt8(truncatingIfNeeded: straight &>> 16)
                        out[index &+ 3] = UInt8(truncatingIfNeeded: straight &>> 24)
                        index &+= 4
                    }
                } else {
                    for pixel in source {  // opaque: premultiplied = straight
                        out[index] = UInt8(truncatingIfNeeded: pixel)
                        out[index &+ 1] = UInt8(truncatingIfNeeded: pixel &>> 8)
                        out[index &+ 2] = UInt8(truncatingIfNeeded: pixel &>> 16)
                        index &+= 3
                    }
                }
            }
            initialized = pixels.count * channels
        }
    }
}
