import CISAL
package import FlipbookRaster

/// The pixel hashes of the sequence lock formats (`SequenceLock.pixelHash(_:format:)`), here
/// because the CRC-64 is ISA-L's, which this module already wraps.
package enum PixelHash {
    /// Format 2: CRC-64/XZ of the width and height (32-bit little-endian) and the RGBA bytes.
    /// The packed words hold R in the low byte, so on the little-endian machines the package
    /// runs on (x86-64, arm64; its PNG encoders read the same words as R, G, B, A bytes) their
    /// memory is the RGBA bytes.
    package static func crc64(_ image: PremultipliedImage) -> UInt64 {
        // ISA-L's crc64_ecma_refl inverts the value on entry and exit: 0 starts CRC-64/XZ and a
        // previous result continues it.
        var size = [UInt32(image.width).littleEndian, UInt32(image.height).littleEndian]
        var crc = size.withUnsafeMutableBytes { cisal_crc64_ecma_refl(0, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 8) }
        image.pixels.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            crc = cisal_crc64_ecma_refl(crc, base.assumingMemoryBound(to: UInt8.self), UInt64(bytes.count))
        }
        return crc
    }

    /// Format 1: FNV-1a 64 over 32-bit words.
    package static func fnv1aWords(_ image: PremultipliedImage) -> UInt64 {
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
