import FlipbookFiles
import Foundation

/// An animated PNG written to a file frame by frame (`AnimatedPNG`'s chunks): frames may arrive
/// from any thread in any order, each is written as soon as every frame before it is, and only
/// those waiting for an earlier one are held — with frames taken in order by a few threads, a
/// few frames, whatever the sequence's length. `@unchecked Sendable` because `lock` guards the
/// assembler, the waiting frames and the file.
package final class AnimatedPNGWriter: @unchecked Sendable {
    private let lock = NSLock()
    private let file: AppendingFile
    private var assembler: AnimatedPNG.Assembler
    private var waiting: [Int: [UInt8]] = [:]
    private var next = 0
    /// The most encoded frames held at once waiting for an earlier one.
    package private(set) var mostFramesHeld = 0

    /// Creates the file at `path` (nothing may exist there) for `frameCount` frames (1…
    /// `AnimatedPNG.maximumFrames`), each shown `delayNumerator / delayDenominator` seconds.
    /// - Throws: `FileError.unwritable` naming `name` (default: `path`).
    package init(
        creating path: String, reportingAs name: String? = nil, frameCount: Int, delayNumerator: UInt16,
        delayDenominator: UInt16
    ) throws {
        precondition(frameCount >= 1 && frameCount <= AnimatedPNG.maximumFrames, "an APNG holds 1…\(AnimatedPNG.maximumFrames) frames")
        file = try AppendingFile(creating: path, reportingAs: name)
        assembler = AnimatedPNG.Assembler(frameCount: frameCount, delayNumerator: delayNumerator, delayDenominator: delayDenominator)
    }

    /// Adds frame `position` (0-based, each exactly once), encoded as a PNG of the file's size.
    package func append(_ encodedFrame: [UInt8], at position: Int) throws {
        lock.lock()
        defer { lock.unlock() }
        precondition(
            position >= next && waiting[position] == nil && position < assembler.frameCount,
            "frame \(position) appended twice or out of range")
        waiting[position] = encodedFrame
        mostFramesHeld = max(mostFramesHeld, waiting.count - 1)
        while let frame = waiting.removeValue(forKey: next) {
            try file.append(try assembler.chunks(of: frame))
            next += 1
        }
    }

    /// Ends the file (every frame appended) and flushes it to disk.
    package func finish() throws {
        lock.lock()
        defer { lock.unlock() }
        precondition(next == assembler.frameCount, "finish() with \(assembler.frameCount - next) frames missing")
        try file.append(assembler.end())
        try file.close()
    }
}

extension AnimatedPNG {
    /// `summary(of:)` of the file at `path`, read a chunk at a time (CRCs checked), so a file of
    /// many large frames is not held in memory.
    package static func summary(ofFileAt path: String) throws -> Summary {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw AnimatedPNGError.malformed("cannot open \(path)") }
        defer { try? handle.close() }
        func read(_ count: Int) throws -> [UInt8] {
            let data = try handle.read(upToCount: count) ?? Data()
            guard data.count == count else { throw AnimatedPNGError.malformed("a truncated chunk") }
            return [UInt8](data)
        }
        guard try read(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw AnimatedPNGError.malformed("no PNG signature") }
        var frames: Int?, plays = 0, delays: [Double] = []
        while true {
            let head = try read(8)
            let length = Int(readUInt32(head, 0)), type = String(decoding: head[4..<8], as: UTF8.self)
            // Small chunks are kept to be read; large ones (image data) checked in pieces.
            var crc = PNGChunks.crcStart(head[4..<8]), data: [UInt8] = []
            var left = length
            while left > 0 {
                let piece = try read(min(left, 1 << 20))
                crc = PNGChunks.crcUpdate(crc, piece[...])
                if length <= 64 { data += piece }
                left -= piece.count
            }
            guard PNGChunks.crcEnd(crc) == readUInt32(try read(4), 0) else {
                throw AnimatedPNGError.malformed("the CRC of the \(type) chunk does not match")
            }
            switch type {
            case "acTL" where data.count == 8:
                frames = Int(readUInt32(data, 0)); plays = Int(readUInt32(data, 4))
            case "fcTL":
                guard data.count == 26 else { throw AnimatedPNGError.malformed("an fcTL chunk of \(length) bytes, not 26") }
                let numerator = Double(UInt16(data[20]) << 8 | UInt16(data[21]))
                let denominator = Double(UInt16(data[22]) << 8 | UInt16(data[23]))
                delays.append(numerator / (denominator == 0 ? 100 : denominator))
            default:
                break
            }
            if type == "IEND" { break }
        }
        guard let frames else { throw AnimatedPNGError.notAnimated }
        guard frames == delays.count else {
            throw AnimatedPNGError.malformed("acTL says \(frames) frames, the file has \(delays.count) fcTL chunks")
        }
        return Summary(frameCount: frames, plays: plays, delaysSeconds: delays)
    }
}
