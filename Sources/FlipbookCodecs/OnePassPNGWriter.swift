import CPNGEncoder
import FlipbookRaster

/// The PNG writer of the `flipbook` option: the C encoder `CPNGEncoder` (docs/CODECS.md), which
/// packs, filters and codes each block of rows in one pass over the frame, with its own deflate
/// (runs of any byte, copies of the row above, a Huffman table per block) and its own CRC-32
/// and Adler-32. Not thread-safe: it keeps the encoder's buffers between images (one per thread).
final class OnePassPNGWriter {
    private let encoder: OpaquePointer
    let compressionLevel: Int
    let filter: PNGFilter

    /// A writer at `compressionLevel` (0 stored, 1 coded) with `filter`.
    init(compressionLevel: Int, filter: PNGFilter) {
        precondition((0...Int(FPE_LEVEL_MAX)).contains(compressionLevel), "the flipbook writer's levels are 0…1")
        guard let encoder = fpe_encoder_create() else { fatalError("fpe_encoder_create failed: out of memory") }
        self.encoder = encoder
        self.compressionLevel = compressionLevel
        self.filter = filter
    }

    deinit { fpe_encoder_destroy(encoder) }

    /// Encodes `image` (RGB when every pixel is opaque and `forceRGBA` is false, else straight
    /// RGBA) and passes the file's bytes to `body`; they are valid only during the call.
    func encode<R>(_ image: PremultipliedImage, forceRGBA: Bool, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        var png: UnsafePointer<UInt8>?
        var count = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            fpe_encode(
                encoder, pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.width,
                Self.cFilter(filter), Int32(compressionLevel), forceRGBA ? 1 : 0, &png, &count)
        }
        guard status == FPE_OK, let png else {
            throw CodecError.encodeFailed(width: image.width, height: image.height, message: Self.describe(status))
        }
        return try body(UnsafeRawBufferPointer(start: png, count: count))
    }

    /// Makes the encoder use `path`'s kernels; false when the CPU lacks it.
    func use(_ path: OnePassCodePath) -> Bool { fpe_encoder_set_path(encoder, path.cPath) != 0 }

    /// Closes an IDAT chunk after `bytes` of stream (tests: many chunks from small files).
    func setIDATBytes(_ bytes: Int) { fpe_encoder_set_idat_bytes(encoder, bytes) }

    private static func cFilter(_ filter: PNGFilter) -> fpe_filter {
        switch filter {
        case .none: return FPE_FILTER_NONE
        case .sub: return FPE_FILTER_SUB
        case .up: return FPE_FILTER_UP
        case .average: return FPE_FILTER_AVERAGE
        case .paeth: return FPE_FILTER_PAETH
        case .adaptive: return FPE_FILTER_ADAPTIVE
        }
    }

    private static func describe(_ status: fpe_status) -> String {
        switch status {
        case FPE_EMPTY: return "a PNG needs at least one pixel"
        case FPE_TOO_LARGE: return "the image is too large for one PNG (a row over 2^30 bytes)"
        case FPE_OUT_OF_MEMORY: return "out of memory"
        default: return "the encoder refused its arguments (status \(status.rawValue))"
        }
    }
}

/// The code paths of the `flipbook` writer's kernels (packing, filters, byte comparisons,
/// checksums, the block coder): each writes the same bytes, which the tests and the fuzz
/// harness check by forcing every path the CPU has.
package enum OnePassCodePath: String, CaseIterable, Sendable {
    case portable, sse41, avx2, neon

    /// Whether this CPU runs the path.
    package var isAvailable: Bool { fpe_available_paths() & (1 << cPath.rawValue) != 0 }

    /// The path a new encoder uses: the fastest the CPU has.
    package static var `default`: OnePassCodePath {
        allCases.first { $0.cPath == fpe_default_path() } ?? .portable
    }

    var cPath: fpe_path {
        switch self {
        case .portable: return FPE_PATH_PORTABLE
        case .sse41: return FPE_PATH_SSE41
        case .avx2: return FPE_PATH_AVX2
        case .neon: return FPE_PATH_NEON
        }
    }
}
