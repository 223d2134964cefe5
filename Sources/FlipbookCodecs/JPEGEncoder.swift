import CImageCodecs
package import FlipbookRaster

/// Encodes premultiplied images as baseline JPEG (for contact sheets and plots written as .jpg).
///
/// JPEG has no alpha: transparent pixels are composited over white first (premultiplied c over
/// white is c + 255 − a, exact in integers). 4:2:0 chroma, libjpeg's integer DCT and optimised
/// Huffman tables, no metadata: the bytes depend only on the pixels and the quality.
package enum JPEGEncoder {
    /// libjpeg quality used when none is given: 90 keeps thumbnail edges and 10 pt labels
    /// clean while making a contact sheet about a third of its PNG size.
    package static let defaultQuality = 90

    /// The JPEG file bytes for `image`; `quality` 1…100 (libjpeg's scale).
    /// Throws `CodecError.encodeFailed` for a zero-sized image or one over 65 500 pixels a side.
    package static func encode(_ image: PremultipliedImage, quality: Int = defaultQuality) throws -> [UInt8] {
        precondition((1...100).contains(quality), "JPEG quality must be 1…100")
        let width = image.width, height = image.height
        guard width > 0, height > 0 else {
            throw CodecError.encodeFailed(width: width, height: height, message: "a JPEG needs at least one pixel")
        }
        let rows = [UInt8](unsafeUninitializedCapacity: image.pixels.count * 3) { out, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                var index = 0
                for pixel in source {
                    let white = 255 &- (pixel &>> 24) // what white shows through
                    out[index] = UInt8(truncatingIfNeeded: (pixel & 0xFF) &+ white)
                    out[index &+ 1] = UInt8(truncatingIfNeeded: ((pixel &>> 8) & 0xFF) &+ white)
                    out[index &+ 2] = UInt8(truncatingIfNeeded: ((pixel &>> 16) & 0xFF) &+ white)
                    index &+= 3
                }
            }
            initialized = image.pixels.count * 3
        }
        var encoded = fbc_buffer()
        var message = MessageBuffer()
        let status = rows.withUnsafeBufferPointer { input in
            message.withPointer { text, capacity in
                fbc_jpeg_encode(input.baseAddress, UInt32(width), UInt32(height), width * 3, Int32(quality), &encoded, text, capacity)
            }
        }
        defer { fbc_buffer_free(&encoded) }
        guard status == FBC_OK else {
            throw CodecError.encodeFailed(width: width, height: height, message: message.text)
        }
        return Array(UnsafeBufferPointer(start: encoded.bytes, count: encoded.count))
    }
}
