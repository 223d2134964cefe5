package import FlipbookCodecs
package import FlipbookRaster
public import Foundation

/// Animated PNG (APNG, the `acTL`/`fcTL`/`fdAT` chunks of the APNG 1.0 specification): frames
/// that play inline on GitHub and in every current browser, and read as their first frame by a
/// plain PNG decoder.
///
/// Each frame is encoded as a PNG by `PNGEncoder` and its IDAT data reused: frame 0 keeps
/// IDAT, the others become `fdAT` (a sequence number, then the same data). Every frame covers
/// the whole canvas (`dispose_op` none, `blend_op` source), so each is exactly its own image.
package enum AnimatedPNG {
    /// The most frames one file may hold: enough for 16 s at 60 fps, small enough for a PR.
    package static let maximumFrames = 1000

    /// An APNG of `frames` (all the same size, at least one), each shown for
    /// `delayNumerator / delayDenominator` seconds, looping forever.
    package static func encode(
        _ frames: [PremultipliedImage], delayNumerator: UInt16, delayDenominator: UInt16,
        options: PNGEncodeOptions = .default
    ) throws -> [UInt8] {
        precondition(!frames.isEmpty && frames.count <= maximumFrames, "an APNG holds 1…\(maximumFrames) frames")
        precondition(frames.allSatisfy { $0.width == frames[0].width && $0.height == frames[0].height }, "APNG frames share one size")
        return try assemble(
            frames.map { try PNGEncoder.encode($0, options: options) },
            delayNumerator: delayNumerator, delayDenominator: delayDenominator)
    }

    /// An APNG of frames already encoded as PNGs (all the same size, at least one): their IHDR
    /// and IDAT data reused, as `encode` does. Lets frames be encoded as they arrive.
    package static func assemble(_ encodedFrames: [[UInt8]], delayNumerator: UInt16, delayDenominator: UInt16) throws -> [UInt8] {
        precondition(!encodedFrames.isEmpty && encodedFrames.count <= maximumFrames, "an APNG holds 1…\(maximumFrames) frames")
        var assembler = Assembler(frameCount: encodedFrames.count, delayNumerator: delayNumerator, delayDenominator: delayDenominator)
        var out: [UInt8] = []
        for encoded in encodedFrames { out += try assembler.chunks(of: encoded) }
        return out + assembler.end()
    }

    /// The bytes of an APNG frame by frame: frame 0 brings the signature, its IHDR and `acTL`,
    /// each frame its `fcTL` and its data (IDAT for frame 0, `fdAT` with sequence numbers after),
    /// `end()` the IEND.
    struct Assembler {
        let frameCount: Int, delayNumerator: UInt16, delayDenominator: UInt16
        private var position = 0
        private var sequence: UInt32 = 0
        private var size: [UInt8] = []

        init(frameCount: Int, delayNumerator: UInt16, delayDenominator: UInt16) {
            self.frameCount = frameCount; self.delayNumerator = delayNumerator; self.delayDenominator = delayDenominator
        }

        /// The next frame's chunks, from its PNG encoding.
        mutating func chunks(of encoded: [UInt8]) throws -> [UInt8] {
            precondition(position < frameCount, "frame \(position) of an APNG of \(frameCount)")
            let chunks = try PNGChunks.read(encoded)
            guard let header = chunks.first(where: { $0.type == "IHDR" }), header.data.count == 13 else {
                preconditionFailure("PNGEncoder writes IHDR")
            }
            var out: [UInt8] = []
            if position == 0 {
                out = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                PNGChunks.append("IHDR", header.data, to: &out)
                PNGChunks.append("acTL", bigEndian(UInt32(frameCount)) + bigEndian(UInt32(0)), to: &out)
                size = Array(header.data[0..<8])
            }
            precondition(Array(header.data[0..<8]) == size, "APNG frames share one size")
            // Width and height straight from this frame's IHDR (bytes 0–7).
            let control =
                bigEndian(sequence) + size + bigEndian(UInt32(0)) + bigEndian(UInt32(0))
                + bigEndian16(delayNumerator) + bigEndian16(delayDenominator) + [0, 0]
            PNGChunks.append("fcTL", control, to: &out)
            sequence += 1
            for chunk in chunks where chunk.type == "IDAT" {
                if position == 0 {
                    PNGChunks.append("IDAT", chunk.data, to: &out)
                } else {
                    PNGChunks.append("fdAT", bigEndian(sequence) + chunk.data, to: &out)
                    sequence += 1
                }
            }
            position += 1
            return out
        }

        /// The file's end, once every frame is in.
        func end() -> [UInt8] {
            precondition(position == frameCount, "an APNG of \(frameCount) frames ended after \(position)")
            var out: [UInt8] = []
            PNGChunks.append("IEND", [], to: &out)
            return out
        }
    }

    /// The frame delay `numerator / denominator` (both 16-bit, as `fcTL` stores them) closest to
    /// one frame at `framesPerSecond`: exact for whole rates up to 65535 fps, else in
    /// thousandths of a frame (29.97 fps → 1000/29970), else 1/round(fps).
    package static func frameDelay(framesPerSecond: Double) -> (numerator: UInt16, denominator: UInt16) {
        precondition(framesPerSecond > 0, "a frame rate is positive")
        if framesPerSecond == framesPerSecond.rounded(), framesPerSecond <= 65535 { return (1, UInt16(framesPerSecond)) }
        let thousandths = (framesPerSecond * 1000).rounded()
        if thousandths >= 1, thousandths <= 65535 { return (1000, UInt16(thousandths)) }
        return (1, UInt16(min(65535, max(1, framesPerSecond.rounded()))))
    }

    /// What an APNG file says about its animation: frame count, plays, and each frame's delay in seconds.
    package struct Summary: Sendable, Equatable {
        /// `acTL`'s frame count.
        package var frameCount: Int
        /// `acTL`'s play count (0 = forever).
        package var plays: Int
        /// Each `fcTL`'s delay, seconds (a zero denominator means 1/100 s, as the specification says).
        package var delaysSeconds: [Double]
    }

    /// Reads the animation chunks of `bytes` (CRCs checked); throws `CodecError`-style
    /// `AnimatedPNGError` for a file that is not an APNG or whose counts disagree.
    package static func summary(of bytes: [UInt8]) throws -> Summary {
        let chunks = try PNGChunks.read(bytes)
        guard let control = chunks.first(where: { $0.type == "acTL" }), control.data.count == 8 else {
            throw AnimatedPNGError.notAnimated
        }
        let frames = chunks.filter { $0.type == "fcTL" }
        let delays = try frames.map { chunk -> Double in
            guard chunk.data.count == 26 else { throw AnimatedPNGError.malformed("an fcTL chunk of \(chunk.data.count) bytes, not 26") }
            let numerator = Double(UInt16(chunk.data[20]) << 8 | UInt16(chunk.data[21]))
            let denominator = Double(UInt16(chunk.data[22]) << 8 | UInt16(chunk.data[23]))
            return numerator / (denominator == 0 ? 100 : denominator)
        }
        let count = Int(readUInt32(control.data, 0))
        guard count == frames.count else {
            throw AnimatedPNGError.malformed("acTL says \(count) frames, the file has \(frames.count) fcTL chunks")
        }
        return Summary(frameCount: count, plays: Int(readUInt32(control.data, 4)), delaysSeconds: delays)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
    static func bigEndian16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    static func readUInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}

/// An animated PNG that cannot be read.
public enum AnimatedPNGError: Error, CustomStringConvertible, LocalizedError, Equatable {
    /// A PNG without `acTL`.
    case notAnimated
    /// Broken structure: a bad signature, a truncated chunk, a CRC mismatch, counts that disagree.
    case malformed(String)

    /// One line.
    public var description: String {
        switch self {
        case .notAnimated: return "not an animated PNG (no acTL chunk)"
        case let .malformed(reason): return "malformed PNG: \(reason)"
        }
    }

    /// The same line, for `LocalizedError`.
    public var errorDescription: String? { description }
}

/// PNG chunk reading and writing with CRC-32 (ISO 3309, the polynomial 0xEDB88320 reflected).
enum PNGChunks {
    struct Chunk { var type: String; var data: [UInt8] }

    static let table: [UInt32] = (0..<256).map { value in
        var c = UInt32(value)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 { crcEnd(crcUpdate(0xFFFF_FFFF, bytes)) }

    /// A CRC computed in pieces: `crcStart` over the first, `crcUpdate` for each next, `crcEnd`.
    static func crcStart(_ bytes: ArraySlice<UInt8>) -> UInt32 { crcUpdate(0xFFFF_FFFF, bytes) }

    static func crcUpdate(_ running: UInt32, _ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c = running
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c
    }

    static func crcEnd(_ running: UInt32) -> UInt32 { running ^ 0xFFFF_FFFF }

    static func append(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        out += AnimatedPNG.bigEndian(UInt32(data.count))
        let start = out.count
        out += Array(type.utf8) + data
        out += AnimatedPNG.bigEndian(crc(out[start...]))
    }

    static func read(_ bytes: [UInt8]) throws -> [Chunk] {
        guard bytes.count >= 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw AnimatedPNGError.malformed("no PNG signature")
        }
        var chunks: [Chunk] = []
        var offset = 8
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw AnimatedPNGError.malformed("a truncated chunk at byte \(offset)") }
            let length = Int(AnimatedPNG.readUInt32(bytes, offset))
            guard length <= bytes.count - offset - 12 else {
                throw AnimatedPNGError.malformed("a chunk at byte \(offset) runs past the end")
            }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let stored = AnimatedPNG.readUInt32(bytes, offset + 8 + length)
            guard crc(bytes[(offset + 4)..<(offset + 8 + length)]) == stored else {
                throw AnimatedPNGError.malformed("the CRC of the \(type) chunk at byte \(offset) does not match")
            }
            chunks.append(Chunk(type: type, data: Array(bytes[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
            if type == "IEND" { break }
        }
        return chunks
    }
}
