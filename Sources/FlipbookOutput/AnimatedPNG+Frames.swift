import Foundation

extension AnimatedPNG {
    /// Each frame of an APNG whose frames all cover the whole canvas at offset 0,0 (what `encode`
    /// writes), as a standalone PNG: the file's IHDR with the frame's width and height, the
    /// frame's data as IDAT (an `fdAT`'s data without its sequence number), IEND. Decode them
    /// with any PNG decoder; the sequence goldens compare frames this way.
    /// - Throws: `AnimatedPNGError` for a file that is not an APNG, a frame that does not cover
    ///   the canvas, or a frame with no data.
    package static func framePNGs(of bytes: [UInt8]) throws -> [[UInt8]] {
        let chunks = try PNGChunks.read(bytes)
        guard let header = chunks.first(where: { $0.type == "IHDR" }), header.data.count == 13 else {
            throw AnimatedPNGError.malformed("no IHDR chunk")
        }
        guard chunks.contains(where: { $0.type == "acTL" }) else { throw AnimatedPNGError.notAnimated }
        var frames: [(control: [UInt8], data: [[UInt8]])] = []
        for chunk in chunks {
            switch chunk.type {
            case "fcTL":
                guard chunk.data.count == 26 else { throw AnimatedPNGError.malformed("an fcTL chunk of \(chunk.data.count) bytes, not 26") }
                guard Array(chunk.data[4..<12]) == Array(header.data[0..<8]), readUInt32(chunk.data, 12) == 0,
                    readUInt32(chunk.data, 16) == 0
                else {
                    throw AnimatedPNGError.malformed("frame \(frames.count) does not cover the whole canvas")
                }
                frames.append((chunk.data, []))
            case "IDAT" where !frames.isEmpty:
                frames[frames.count - 1].data.append(chunk.data)
            case "fdAT" where !frames.isEmpty && chunk.data.count >= 4:
                frames[frames.count - 1].data.append(Array(chunk.data.dropFirst(4)))
            default:
                continue
            }
        }
        return try frames.enumerated().map { position, frame in
            guard !frame.data.isEmpty else { throw AnimatedPNGError.malformed("frame \(position) has no image data") }
            var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            PNGChunks.append("IHDR", header.data, to: &png)
            for data in frame.data { PNGChunks.append("IDAT", data, to: &png) }
            PNGChunks.append("IEND", [], to: &png)
            return png
        }
    }
}
