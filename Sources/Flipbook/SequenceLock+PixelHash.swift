import CISAL
import FlipbookRaster

/// The pixel hashes of the lock formats (`SequenceLock.pixelHash(_:format:)`).
enum PixelHash {
    /// Format 2: CRC-64/XZ of the width and height (32-bit little-endian) and the RGBA bytes.
    static func crc64(_ image: PremultipliedImage) -> UInt64 {
        // ISA-L's crc64_ecma_refl inverts the value on entry and exit: 0 starts CRC-64/XZ and a
        // previous result continues it.
        var size = [UInt32(image.width).littleEndian, UInt32(image.height).littleEndian]
        var crc = size.withUnsafeMutableBytes { cisal_crc64_ecma_refl(0, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 8) }
        image.pixels.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            #if _endian(little)
            crc = cisal_crc64_ecma_refl(crc, base.assumingMemoryBound(to: UInt8.self), UInt64(bytes.count))
            #else
            // The packed words hold R in the low byte: write them little-endian first.
            var row = image.pixels.map(\.littleEndian)
            crc = row.withUnsafeMutableBytes { cisal_crc64_ecma_refl(crc, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64($0.count)) }
            #endif
        }
        return crc
    }

    /// Format 1: FNV-1a 64 over 32-bit words.
    static func fnv1aWords(_ image: PremultipliedImage) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let prime: UInt64 = 0x100_0000_01b3
        hash = (hash ^ UInt64(UInt32(image.width))) &* prime
        hash = (hash ^ UInt64(UInt32(image.height))) &* prime
        image.pixels.withUnsafeBufferPointer { pixels in
            for pixel in pixels { hash = (hash ^ UInt64(pixel)) &* prime }
        }
        return hash
    }
}
