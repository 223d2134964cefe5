import CISAL
import CImageCodecs
import CLibDeflate
import FlipbookRaster

/// The PNG writer of the `isal` and `libdeflate` options: rows are packed and filtered in Swift
/// (`PNGRowFilter`) straight into the compressor's input, compressed into one zlib stream
/// (ISA-L's `isal_deflate` with its zlib wrapper, or `libdeflate_zlib_compress`), and the chunks
/// are written here (signature, IHDR, IDAT split into `idatChunkBytes` pieces, IEND), with the
/// CRC-32 of the same library (`crc32_gzip_refl`, `libdeflate_crc32`).
///
/// Each pixel is read once: packing tests opacity on the way (RGB until a pixel is not opaque,
/// then the image starts again as RGBA; RGB rows are packed by the C shim's
/// `fbc_pack_rgb_opaque`, four pixels per SSSE3 shuffle when the CPU has it), and ISA-L is fed `isalBatchBytes` of filtered rows at a
/// time, so its input stays in the cache; libdeflate has no streaming interface and gets the
/// whole filtered image.
///
/// Not thread-safe: it keeps its compressor and its buffers between images (a 750×1334 frame
/// needs a few MB of them; allocating them afresh costs page faults on every frame). Use one per thread.
final class FilteredPNGWriter {
    /// The deflate library behind the writer.
    enum Library { case isal, libdeflate }

    /// The most bytes of compressed data per IDAT chunk. libpng writes 8 KiB chunks; larger ones
    /// cost fewer headers and CRC calls, and every decoder reads chunks of any size.
    static let idatChunkBytes = 256 * 1024

    /// Filtered bytes handed to ISA-L per call (whole rows, at least one): large enough that the
    /// per-call work (ISA-L keeps the last 32 KiB of history) is noise, small enough to stay in
    /// this machine's 1 MiB L2 cache next to the compressor's tables. The batches depend only on
    /// the image's width and height, so the stream does not depend on the thread or the call.
    static let isalBatchBytes = 256 * 1024

    let library: Library
    let compressionLevel: Int
    let filter: PNGFilter
    private let libdeflateCompressor: OpaquePointer?
    private let isalStream: UnsafeMutablePointer<isal_zstream>?
    /// ISA-L's working memory for levels 1…3 (hash tables and tokens).
    private var isalLevelBuffer = Buffer()
    /// Two packed rows (current and above) with 16 zero bytes before and 16 spare bytes after each.
    private var rows = Buffer()
    /// Filter type byte + filtered bytes of a batch of rows (libdeflate: of every row): the
    /// compressor's input.
    private var filtered = Buffer()
    /// The zlib stream.
    private var deflated = Buffer()
    /// The PNG file.
    private var file = Buffer()
    /// The five candidate rows of the adaptive filter.
    private var candidates = Buffer()
    /// Set by `packFilterAndCRC`: batches are CRC'd instead of compressed.
    private var measuring = false
    private var measuredCRC: UInt32 = 0

    /// A writer using `library` at `compressionLevel` (ISA-L 0…3, libdeflate 0…12) with `filter`.
    init(library: Library, compressionLevel: Int, filter: PNGFilter) {
        self.library = library
        self.compressionLevel = compressionLevel
        self.filter = filter
        switch library {
        case .isal:
            precondition((0...Int(ISAL_DEF_MAX_LEVEL)).contains(compressionLevel), "ISA-L levels are 0…3")
            isalStream = .allocate(capacity: 1)
            libdeflateCompressor = nil
        case .libdeflate:
            precondition((0...12).contains(compressionLevel), "libdeflate levels are 0…12")
            guard let compressor = libdeflate_alloc_compressor(Int32(compressionLevel)) else {
                fatalError("libdeflate_alloc_compressor(\(compressionLevel)) failed: out of memory")
            }
            libdeflateCompressor = compressor
            isalStream = nil
        }
    }

    deinit {
        if let libdeflateCompressor { libdeflate_free_compressor(libdeflateCompressor) }
        isalStream?.deallocate()
        isalLevelBuffer.free(); rows.free(); filtered.free(); deflated.free(); file.free(); candidates.free()
    }

    /// Encodes `image` (straight RGB when every pixel is opaque and `forceRGBA` is false, else
    /// straight RGBA) and passes the file's bytes to `body`; they are valid only during the call.
    func encode<R>(_ image: PremultipliedImage, forceRGBA: Bool, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        var channels = forceRGBA ? 4 : 3
        var streamCount = try compress(image, channels: channels)
        if streamCount == nil {
            channels = 4
            streamCount = try compress(image, channels: 4)
        }
        return try body(assemble(width: image.width, height: image.height, channels: channels, streamCount: streamCount!))
    }

    /// Packs and filters `image` as `encode` does and takes the CRC-32 of every filtered byte
    /// (ISA-L's) instead of compressing: everything the writer does but deflate, the CRC over
    /// ~3.7× the bytes of a frame's stream (an upper bound). For FlipbookBench.
    func packFilterAndCRC(_ image: PremultipliedImage) throws -> UInt32 {
        measuring = true
        measuredCRC = 0
        defer { measuring = false }
        if try compress(image, channels: 3) == nil { _ = try compress(image, channels: 4) }
        return measuredCRC
    }

    /// Packs, filters and compresses `image` with `channels` (3 or 4) into `deflated`; returns the
    /// stream's length, or nil when `channels` is 3 and a pixel is not opaque.
    private func compress(_ image: PremultipliedImage, channels: Int) throws -> Int? {
        let width = image.width, height = image.height
        let rowBytes = width * channels
        let (filteredCount, overflow) = (rowBytes + 1).multipliedReportingOverflow(by: height)
        guard !overflow, filteredCount < Int(Int32.max) else {
            throw CodecError.encodeFailed(width: width, height: height, message: "the image is too large for one PNG")
        }
        let batchRows = library == .libdeflate ? height : min(height, max(1, Self.isalBatchBytes / (rowBytes + 1)))
        let stride = 16 + rowBytes + 16
        let padded = rows.reserve(2 * stride)
        padded.initializeMemory(as: UInt8.self, repeating: 0, count: 2 * stride)
        let batch = filtered.reserve(batchRows * (rowBytes + 1))
        let trial = filter == .adaptive ? candidates.reserve(PNGRowFilter.single.count * rowBytes) : nil
        var stream = startStream(inputCount: filteredCount)
        return try image.pixels.withUnsafeBufferPointer { pixels -> Int? in
            var current = padded + 16, above = padded + stride + 16 // above: zeros for the first row
            var y = 0
            while y < height {
                let count = min(batchRows, height - y)
                for row in 0..<count {
                    let source = pixels.baseAddress! + (y + row) * width
                    if channels == 3 {
                        guard fbc_pack_rgb_opaque(source, width, current.assumingMemoryBound(to: UInt8.self)) != 0 else { return nil }
                    } else {
                        Self.packStraight(source, count: width, into: current)
                    }
                    filterRow(
                        current, above: above, rowBytes: rowBytes, channels: channels,
                        into: batch + row * (rowBytes + 1), trial: trial)
                    swap(&current, &above)
                }
                y += count
                try feed(&stream, batch, count: count * (rowBytes + 1), isLast: y == height, width: width, height: height)
            }
            return stream.written
        }
    }

    /// Writes the filter type byte and the filtered bytes of one packed row at `out`.
    @inline(__always)
    private func filterRow(
        _ current: UnsafeMutableRawPointer, above: UnsafeMutableRawPointer, rowBytes: Int, channels: Int,
        into out: UnsafeMutableRawPointer, trial: UnsafeMutableRawPointer?
    ) {
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
    }

    // MARK: compressors

    /// Where the zlib stream of the image being encoded stands.
    private struct Stream {
        /// Bytes of the stream in `deflated` so far.
        var written = 0
    }

    /// Prepares `deflated` and the compressor for an image of `inputCount` filtered bytes.
    private func startStream(inputCount: Int) -> Stream {
        guard let isalStream else { return Stream() }
        // Room for the worst case at once: ISA-L stores a block that does not compress (5 bytes
        // of header per 64 KiB), so its stream stays within the input plus a few hundred bytes of
        // Huffman header per block. Only the pages the stream touches become resident. (ISA-L
        // 2.30 does not always resume correctly when the output runs out mid-stream, so the
        // writer never lets it: a full output buffer is an error.)
        let capacity = inputCount + inputCount / 8 + 64 * 1024
        let output = deflated.reserve(capacity)
        isal_deflate_init(isalStream)
        isalStream.pointee.level = UInt32(compressionLevel)
        let levelBytes = Int(
            withUnsafeBytes(of: cisal_level_buffer_bytes) { $0.load(fromByteOffset: 4 * compressionLevel, as: UInt32.self) })
        isalStream.pointee.level_buf = levelBytes == 0 ? nil : isalLevelBuffer.reserve(levelBytes).assumingMemoryBound(to: UInt8.self)
        isalStream.pointee.level_buf_size = UInt32(levelBytes)
        isalStream.pointee.gzip_flag = UInt16(IGZIP_ZLIB) // zlib header and Adler-32 trailer, as IDAT requires
        isalStream.pointee.flush = UInt16(NO_FLUSH)
        isalStream.pointee.next_out = output.assumingMemoryBound(to: UInt8.self)
        isalStream.pointee.avail_out = UInt32(min(capacity, Int(UInt32.max)))
        return Stream()
    }

    /// Compresses the next `count` filtered bytes at `input` (libdeflate: all of them, once).
    private func feed(_ stream: inout Stream, _ input: UnsafeMutableRawPointer, count: Int, isLast: Bool, width: Int, height: Int) throws {
        if measuring {
            measuredCRC = cisal_crc32_gzip_refl(measuredCRC, input.assumingMemoryBound(to: UInt8.self), UInt64(count))
            return
        }
        guard let isalStream else {
            precondition(isLast, "libdeflate compresses the whole image at once")
            let bound = libdeflate_zlib_compress_bound(libdeflateCompressor, count)
            let output = deflated.reserve(bound)
            stream.written = libdeflate_zlib_compress(libdeflateCompressor, input, count, output, bound)
            guard stream.written > 0 else {
                throw CodecError.encodeFailed(width: width, height: height, message: "libdeflate_zlib_compress failed")
            }
            return
        }
        isalStream.pointee.next_in = input.assumingMemoryBound(to: UInt8.self)
        isalStream.pointee.avail_in = UInt32(count)
        isalStream.pointee.end_of_stream = isLast ? 1 : 0
        while isalStream.pointee.avail_in > 0 || (isLast && isalStream.pointee.internal_state.state != ZSTATE_END) {
            guard isalStream.pointee.avail_out > 0 else {
                throw CodecError.encodeFailed(
                    width: width, height: height, message: "isal_deflate needed more than \(deflated.capacity) bytes")
            }
            let status = cisal_deflate(isalStream)
            guard status == COMP_OK else {
                throw CodecError.encodeFailed(width: width, height: height, message: "isal_deflate failed (status \(status))")
            }
        }
        stream.written = Int(isalStream.pointee.total_out)
    }

    /// The CRC-32 of `count` bytes at `bytes`, from the compressor's library.
    private func crc32(_ bytes: UnsafeRawPointer, count: Int) -> UInt32 {
        switch library {
        case .isal: return cisal_crc32_gzip_refl(0, bytes.assumingMemoryBound(to: UInt8.self), UInt64(count))
        case .libdeflate: return libdeflate_crc32(0, bytes, count)
        }
    }

    /// The PNG file around the `streamCount` bytes of `deflated`.
    private func assemble(width: Int, height: Int, channels: Int, streamCount: Int) -> UnsafeRawBufferPointer {
        let stream = UnsafeRawPointer(deflated.pointer!)
        let chunks = (streamCount + Self.idatChunkBytes - 1) / Self.idatChunkBytes
        let size = 8 + (12 + 13) + chunks * 12 + streamCount + 12
        var writer = ChunkWriter(base: file.reserve(size)) { [unowned self] in crc32($0, count: $1) }
        writer.bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        writer.chunk("IHDR") { w in
            w.bigEndian(UInt32(width)); w.bigEndian(UInt32(height))
            // Bit depth 8; colour type 2 (RGB) or 6 (RGBA); deflate; adaptive filtering; no interlace.
            w.bytes([8, channels == 3 ? 2 : 6, 0, 0, 0])
        }
        var offset = 0
        while offset < streamCount {
            let count = min(Self.idatChunkBytes, streamCount - offset)
            writer.chunk("IDAT") { $0.copy(stream + offset, count: count) }
            offset += count
        }
        writer.chunk("IEND") { _ in }
        precondition(writer.offset == size, "PNG size computed wrongly")
        return UnsafeRawBufferPointer(start: writer.base, count: size)
    }

    // MARK: packing

    /// Straight RGBA bytes of `count` premultiplied pixels (unpremultiplied exactly, as
    /// `PixelConversion.unpremultiply`).
    @inline(__always)
    private static func packStraight(_ pixels: UnsafePointer<UInt32>, count: Int, into row: UnsafeMutableRawPointer) {
        for x in 0..<count { row.storeBytes(of: PixelConversion.unpremultiply(pixels[x]), toByteOffset: 4 &* x, as: UInt32.self) }
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
    /// The CRC-32 (PNG's, ISO 3309) of `count` bytes.
    let crc32: (UnsafeRawPointer, Int) -> UInt32
    var offset = 0

    init(base: UnsafeMutableRawPointer, crc32: @escaping (UnsafeRawPointer, Int) -> UInt32) {
        self.base = base
        self.crc32 = crc32
    }

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
        bigEndian(crc32(base + start + 4, 4 + dataCount))
    }
}
