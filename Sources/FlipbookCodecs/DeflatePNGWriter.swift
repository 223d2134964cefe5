import CLibDeflate
import FlipbookRaster

/// The libdeflate PNG writer: rows are packed and filtered in Swift (`PNGRowFilter`), the whole
/// filtered image is compressed at once with `libdeflate_zlib_compress`, and the chunks are
/// written here (signature, IHDR, IDAT split into `idatChunkBytes` pieces, IEND; CRCs with
/// `libdeflate_crc32`).
///
/// Not thread-safe: it keeps its compressor and its buffers between images (a 750×1334 frame
/// needs ~6 MB of them; allocating them afresh costs page faults on every frame). Use one per thread.
final class DeflatePNGWriter {
    /// The most bytes of compressed data per IDAT chunk. libpng writes 8 KiB chunks; larger ones
    /// cost fewer headers and CRC calls, and every decoder reads chunks of any size.
    static let idatChunkBytes = 256 * 1024

    let compressionLevel: Int
    let filter: PNGFilter
    private let compressor: OpaquePointer
    /// Two packed rows (current and above) with 16 zero bytes before and 16 spare bytes after each.
    private var rows = Buffer()
    /// Every row's filter type byte and filtered bytes: the zlib stream's input.
    private var filtered = Buffer()
    /// The zlib stream.
    private var deflated = Buffer()
    /// The PNG file.
    private var file = Buffer()
    /// The five candidate rows of the adaptive filter.
    private var candidates = Buffer()

    /// A writer at libdeflate `compressionLevel` (0…12) with `filter`.
    init(compressionLevel: Int, filter: PNGFilter) {
        precondition((0...12).contains(compressionLevel), "libdeflate levels are 0…12")
        guard let compressor = libdeflate_alloc_compressor(Int32(compressionLevel)) else {
            fatalError("libdeflate_alloc_compressor(\(compressionLevel)) failed: out of memory")
        }
        self.compressor = compressor
        self.compressionLevel = compressionLevel
        self.filter = filter
    }

    deinit {
        libdeflate_free_compressor(compressor)
        rows.free(); filtered.free(); deflated.free(); file.free(); candidates.free()
    }

    /// Encodes `image` (straight RGB when `channels` is 3 — every pixel must then be opaque —,
    /// else straight RGBA) and passes the file's bytes to `body`; they are valid only during the call.
    func encode<R>(_ image: PremultipliedImage, channels: Int, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        precondition(channels == 3 || channels == 4)
        let width = image.width, height = image.height
        let rowBytes = width * channels
        let (filteredCount, overflow) = (rowBytes + 1).multipliedReportingOverflow(by: height)
        guard !overflow, filteredCount < Int(Int32.max) else {
            throw CodecError.encodeFailed(width: width, height: height, message: "the image is too large for one PNG")
        }
        let stride = 16 + rowBytes + 16
        let padded = rows.reserve(2 * stride)
        padded.initializeMemory(as: UInt8.self, repeating: 0, count: 2 * stride)
        let output = filtered.reserve(filteredCount)
        let trial = filter == .adaptive ? candidates.reserve(PNGRowFilter.single.count * rowBytes) : nil
        image.pixels.withUnsafeBufferPointer { pixels in
            var current = padded + 16, above = padded + stride + 16  // above: zeros for the first row
            for y in 0..<height {
                Self.pack(pixels.baseAddress! + y * width, count: width, channels: channels, into: current)
                let out = output + y * (rowBytes + 1)
                let row = UnsafePointer(current.assumingMemoryBound(to: UInt8.self))
                let up = UnsafePointer(above.assumingMemoryBound(to: UInt8.self))
                let target = (out + 1).assumingMemoryBound(to: UInt8.self)
                if let trial {
                    var best = 0, bestCost = Int.max
                    for (index, candidate) in PNGRowFilter.single.enumerated() {
                        let bytes = (trial + index * rowBytes).assumingMemoryBound(to: UInt8.self)
                        PNGRowFilter.filter(candidate, row: row, above: up, count: rowBytes, bytesPerPixel: channels, into: bytes)
                        let cost = PNGRowFilter.cost(bytes, count: rowBytes)
                        if cost < bestCost { best = index; bestCost = cost }
                    }
                    out.storeBytes(of: UInt8(best), as: UInt8.self)
                    target.update(from: (trial + best * rowBytes).assumingMemoryBound(to: UInt8.self), count: rowBytes)
                } else {
                    out.storeBytes(of: PNGRowFilter.typeByte(filter), as: UInt8.self)
                    PNGRowFilter.filter(filter, row: row, above: up, count: rowBytes, bytesPerPixel: channels, into: target)
                }
                swap(&current, &above)
            }
        }
        let bound = libdeflate_zlib_compress_bound(compressor, filteredCount)
        let stream = deflated.reserve(bound)
        let streamCount = libdeflate_zlib_compress(compressor, output, filteredCount, stream, bound)
        guard streamCount > 0 else {
            throw CodecError.encodeFailed(width: width, height: height, message: "libdeflate_zlib_compress failed")
        }
        let chunks = (streamCount + Self.idatChunkBytes - 1) / Self.idatChunkBytes
        let size = 8 + (12 + 13) + chunks * 12 + streamCount + 12
        var writer = ChunkWriter(base: file.reserve(size))
        writer.bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        writer.chunk("IHDR") { w in
            w.bigEndian(UInt32(width)); w.bigEndian(UInt32(height))
            // Bit depth 8; colour type 2 (RGB) or 6 (RGBA); deflate; adaptive filtering; no interlace.
            w.bytes([8, channels == 3 ? 2 : 6, 0, 0, 0])
        }
        var offset = 0
        while offset < streamCount {
            let count = min(Self.idatChunkBytes, streamCount - offset)
            writer.chunk("IDAT") { $0.copy(UnsafeRawPointer(stream + offset), count: count) }
            offset += count
        }
        writer.chunk("IEND") { _ in }
        precondition(writer.offset == size, "PNG size computed wrongly")
        return try body(UnsafeRawBufferPointer(start: writer.base, count: size))
    }

    /// Straight RGB or RGBA bytes of `count` premultiplied pixels. RGB stores four bytes per
    /// pixel three bytes apart (each store's fourth byte is overwritten by the next pixel, the
    /// last one lands in the row's spare bytes).
    @inline(__always)
    private static func pack(_ pixels: UnsafePointer<UInt32>, count: Int, channels: Int, into row: UnsafeMutableRawPointer) {
        if channels == 3 {
            for x in 0..<count { row.storeBytes(of: pixels[x], toByteOffset: 3 &* x, as: UInt32.self) }
        } else {
            for x in 0..<count { row.storeBytes(of: PixelConversion.unpremultiply(pixels[x]), toByteOffset: 4 &* x, as: UInt32.self) }
        }
    }
}

/// A growable raw byte buffer, reused between images.
private struct Buffer {
    private(set) var pointer: UnsafeMutableRawPointer?
    private(set) var capacity = 0

    /// At least `count` bytes (contents undefined).
    mutating func reserve(_ count: Int) -> UnsafeMutableRawPointer {
        if count > capacity || pointer == nil {
            pointer?.deallocate()
            // 16-byte alignment suits the SIMD loads; at least one byte so the pointer exists.
            pointer = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
            capacity = count
        }
        return pointer!
    }

    mutating func free() { pointer?.deallocate(); pointer = nil; capacity = 0 }
}

/// Writes PNG chunks (length, type, data, CRC-32 of type and data) into a buffer of known size.
private struct ChunkWriter {
    let base: UnsafeMutableRawPointer
    var offset = 0

    mutating func bytes(_ values: [UInt8]) {
        for value in values { base.storeBytes(of: value, toByteOffset: offset, as: UInt8.self); offset += 1 }
    }

    mutating func bigEndian(_ value: UInt32) {
        base.storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt32.self)
        offset += 4
    }

    mutating func copy(_ source: UnsafeRawPointer, count: Int) {
        (base + offset).copyMemory(from: source, byteCount: count)
        offset += count
    }

    /// A chunk whose data `body` writes.
    mutating func chunk(_ type: String, _ body: (inout ChunkWriter) -> Void) {
        let start = offset
        offset += 4
        bytes(Array(type.utf8))
        body(&self)
        let dataCount = offset - start - 8
        base.storeBytes(of: UInt32(dataCount).bigEndian, toByteOffset: start, as: UInt32.self)
        let crc = libdeflate_crc32(0, base + start + 4, 4 + dataCount)
        bigEndian(crc)
    }
}
