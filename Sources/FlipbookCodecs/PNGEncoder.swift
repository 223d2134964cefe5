import CImageCodecs
import FlipbookFiles
package import FlipbookRaster

#if canImport(Glibc)
    import Glibc
#endif

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
    /// Difference from the Paeth predictor (left, above or upper-left): libpng's default.
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

/// Which library writes PNG files.
public enum PNGWriter: String, Sendable, CaseIterable {
    /// Flipbook's own encoder (C, SIMD; `CPNGEncoder`): rows packed, filtered and deflated in
    /// one pass, with runs, copies of the row above and a Huffman table per block. The default:
    /// about twice as fast as ISA-L's writer on rendered frames, files ~11 % smaller than its and
    /// ~18 % smaller than libpng level 1's, the same bytes on every CPU (docs/CODECS.md).
    case flipbook
    /// Rows filtered in Swift, compressed with Intel ISA-L's igzip (`isal_deflate`), chunks
    /// written here: ~2.3× faster than libdeflate and ~6× faster than libpng, files ~1 % smaller
    /// than libpng's in total (some frames a few % larger) and ~3 % larger than libdeflate's.
    case isal
    /// Rows filtered in Swift, compressed with libdeflate (`libdeflate_zlib_compress`): slower
    /// than ISA-L, files ~3 % smaller at level 1 and much smaller at its high levels.
    case libdeflate
    /// libpng's classic write API with zlib, as before the other writers.
    case libpng

    /// The writer used when none is named: `flipbook`, or the value of the environment variable
    /// `FLIPBOOK_PNG_WRITER` when it names a writer (`scripts/test` runs the suites that write
    /// PNGs once with each). `PNGWriter.environmentProblem` reports an unusable value.
    public static let `default`: PNGWriter = PNGWriter(rawValue: environmentValue ?? "") ?? .flipbook

    /// A one-line complaint when `FLIPBOOK_PNG_WRITER` is set to something other than a writer's name.
    package static var environmentProblem: String? {
        guard let value = environmentValue, PNGWriter(rawValue: value) == nil else { return nil }
        return "FLIPBOOK_PNG_WRITER must be \(nameList), not '\(value)'"
    }

    /// The writers' names for messages: "flipbook, isal, libdeflate or libpng".
    package static var nameList: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    private static var environmentValue: String? { getenv("FLIPBOOK_PNG_WRITER").map { String(cString: $0) } }

    /// The compression levels the writer accepts, each library's own: flipbook 0…1 (0 stores,
    /// 1 codes), ISA-L 0…3 (0 is its fastest compressing level, not stored), libdeflate 0…12 and
    /// zlib (libpng) 0…9, where 0 stores.
    public var compressionLevels: ClosedRange<Int> {
        switch self {
        case .flipbook: return 0...1
        case .isal: return 0...3
        case .libdeflate: return 0...12
        case .libpng: return 0...9
        }
    }

    /// The default level, 1 for every writer. ISA-L: level 1 has the best time × size (level 0
    /// is hardly faster for 27 % more bytes, level 2 ~8 % slower for 0.4 % fewer, level 3 ~1.6×
    /// slower and no smaller).
    /// libdeflate: the fastest level whose frames (with the default filter) are each no larger
    /// than libpng's level-1 Paeth frames. Measured on the 472 frames of every preset in docs/CODECS.md.
    public var defaultCompressionLevel: Int { 1 }

    /// The default filter. flipbook: Paeth, its smallest single filter on rendered frames (its
    /// runs and row copies follow flat areas, which Paeth turns into zeros). ISA-L: Average, the
    /// best time × size (Paeth is 1.5 % smaller but ~45 % slower to filter and compress; Up and
    /// Sub are no faster and 2 % larger).
    /// libdeflate: Average, the fastest filter whose level-1 frames are all no larger than
    /// libpng's. libpng: Paeth, its smallest single filter at level 1. See docs/CODECS.md.
    public var defaultFilter: PNGFilter { self == .libpng || self == .flipbook ? .paeth : .average }
}

public struct PNGEncodeOptions: Sendable, Hashable {
    /// The library that writes the file.
    public var writer: PNGWriter
    /// Compression level, within `writer.compressionLevels` (0 = stored).
    public var compressionLevel: Int
    /// The row filter.
    public var filter: PNGFilter
    /// RGB-when-opaque or always RGBA.
    public var channels: PNGChannels
    /// Options; a missing level or filter is the writer's default. The level must be in
    /// `writer.compressionLevels` (a programmer error otherwise: the CLI checks user input).
    public init(
        writer: PNGWriter = .default, compressionLevel: Int? = nil, filter: PNGFilter? = nil,
        channels: PNGChannels = .automatic
    ) {
        let level = compressionLevel ?? writer.defaultCompressionLevel
        precondition(
            writer.compressionLevels.contains(level),
            "\(writer) PNG compression level must be \(writer.compressionLevels.lowerBound)…\(writer.compressionLevels.upperBound)")
        self.writer = writer
        self.compressionLevel = level
        self.filter = filter ?? writer.defaultFilter
        self.channels = channels
    }
    /// The default writer with its default level and filter, automatic channels.
    public static let `default` = PNGEncodeOptions()
}

/// Encodes premultiplied images as 8-bit PNG (RGB when opaque, else straight-alpha RGBA).
///
/// Straight alpha is round(c · 255 / a), which premultiplies back to exactly the same values.
/// No time or text chunks: the bytes depend only on the pixels and the options (and the
/// library versions). Each call sets up a new `PNGFrameEncoder`; encode many images with one.
package enum PNGEncoder {
    /// The PNG file bytes for `image`. Throws `CodecError.encodeFailed` for a zero-sized image.
    package static func encode(_ image: PremultipliedImage, options: PNGEncodeOptions = .default) throws -> [UInt8] {
        try PNGFrameEncoder(options: options).encode(image)
    }

    /// Encodes `image` and writes it to `path` atomically (see `PNGFrameEncoder.write`).
    package static func write(_ image: PremultipliedImage, toPath path: String, options: PNGEncodeOptions = .default) throws {
        try PNGFrameEncoder(options: options).write(image, toPath: path)
    }
}

/// Encodes images one after another with the same options, keeping the ISA-L or libdeflate
/// compressor and the row, filter and output buffers between them (no allocation or page faults per
/// image once warm). Not thread-safe: use one per thread.
package final class PNGFrameEncoder {
    /// The options every image is encoded with.
    package let options: PNGEncodeOptions
    private let filteredWriter: FilteredPNGWriter?
    private let onePassWriter: OnePassPNGWriter?

    /// An encoder for `options`.
    package init(options: PNGEncodeOptions = .default) {
        self.options = options
        onePassWriter =
            options.writer == .flipbook
            ? OnePassPNGWriter(compressionLevel: options.compressionLevel, filter: options.filter) : nil
        switch options.writer {
        case .isal: filteredWriter = FilteredPNGWriter(library: .isal, compressionLevel: options.compressionLevel, filter: options.filter)
        case .libdeflate:
            filteredWriter = FilteredPNGWriter(library: .libdeflate, compressionLevel: options.compressionLevel, filter: options.filter)
        case .flipbook, .libpng: filteredWriter = nil
        }
    }

    /// Encodes `image` and passes the PNG file's bytes to `body`; they are valid only during the call.
    /// - Throws: `CodecError.encodeFailed` for a zero-sized image; what `body` throws.
    package func withEncoded<R>(_ image: PremultipliedImage, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else {
            throw CodecError.encodeFailed(width: width, height: height, message: "a PNG needs at least one pixel")
        }
        if let onePassWriter { return try onePassWriter.encode(image, forceRGBA: options.channels == .rgba, body) }
        if let filteredWriter { return try filteredWriter.encode(image, forceRGBA: options.channels == .rgba, body) }
        let channels = options.channels == .rgba || !PNGFrameEncoder.isOpaque(image.pixels) ? 4 : 3
        let rows = PNGFrameEncoder.straightRows(image.pixels, channels: channels)
        var encoded = fbc_buffer()
        var message = MessageBuffer()
        let status = rows.withUnsafeBufferPointer { input in
            message.withPointer { text, capacity in
                fbc_png_encode(
                    input.baseAddress, UInt32(width), UInt32(height), Int32(channels), width * channels,
                    Int32(options.compressionLevel), options.filter.libpngMask, &encoded, text, capacity)
            }
        }
        defer { fbc_buffer_free(&encoded) }
        guard status == FBC_OK else {
            throw CodecError.encodeFailed(width: width, height: height, message: message.text)
        }
        return try body(UnsafeRawBufferPointer(start: encoded.bytes, count: encoded.count))
    }

    /// Makes the `flipbook` writer use `path`'s kernels (tests and the fuzz harness compare the
    /// bytes of every path); false for another writer or a path the CPU lacks.
    package func useCodePath(_ path: OnePassCodePath) -> Bool { onePassWriter?.use(path) ?? false }

    /// Makes the `flipbook` writer close an IDAT chunk once it holds `bytes` of stream (0: the
    /// default, 256 KiB), so that tests get many chunks from small files.
    package func setIDATChunkBytes(_ bytes: Int) { onePassWriter?.setIDATBytes(bytes) }

    /// Everything the ISA-L or libdeflate writer does to `image` but deflate: packing, filtering
    /// and a CRC-32 of every filtered byte (FlipbookBench measures it). Nil for libpng.
    package func packFilterAndCRC(_ image: PremultipliedImage) throws -> UInt32? {
        try filteredWriter?.packFilterAndCRC(image)
    }

    /// The PNG file bytes for `image`.
    package func encode(_ image: PremultipliedImage) throws -> [UInt8] {
        try withEncoded(image) { Array($0.bindMemory(to: UInt8.self)) }
    }

    /// Encodes `image` and writes it to `path` atomically (`OutputFile.write`: a temporary
    /// sibling, flushed, renamed; a symbolic link is written through; a device, FIFO, socket or
    /// folder at `path` is refused). - Throws: `CodecError.encodeFailed`, `FileError.unwritable`.
    package func write(_ image: PremultipliedImage, toPath path: String) throws {
        try withEncoded(image) { try OutputFile.write($0, to: path) }
    }

    private static func isOpaque(_ pixels: [UInt32]) -> Bool {
        pixels.withUnsafeBufferPointer { buffer in
            var all: UInt32 = 0xFF00_0000
            for pixel in buffer { all &= pixel }
            return all >= 0xFF00_0000
        }
    }

    /// Straight RGB or RGBA bytes, rows packed (libpng's input).
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
                    for pixel in source { // opaque: premultiplied = straight
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
