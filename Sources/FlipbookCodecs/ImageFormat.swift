/// An image file format Flipbook decodes, recognised by the file's first bytes (never its name).
public enum ImageFormat: String, Sendable {
    case png, jpeg

    /// The format whose signature starts `bytes`, or nil when the bytes are neither PNG nor JPEG.
    ///
    /// PNG: `89 50 4E 47` (libpng then checks the rest of the 8-byte signature and reports a
    /// damaged one). JPEG: SOI `FF D8` (libjpeg then reports what follows, e.g. a file that ends
    /// right after it).
    public init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            self = .jpeg
        } else {
            return nil
        }
    }

    /// The name used in messages ("PNG", "JPEG").
    package var displayName: String { self == .png ? "PNG" : "JPEG" }

    /// The name of another well-known image format whose signature starts `bytes` ("GIF",
    /// "WebP", …), or nil when the bytes match none of them.
    public static func otherFormatName(sniffing bytes: [UInt8]) -> String? {
        func has(_ text: String, at offset: Int = 0) -> Bool {
            let signature = Array(text.utf8)
            return bytes.count >= offset + signature.count && Array(bytes[offset..<offset + signature.count]) == signature
        }
        if has("GIF87a") || has("GIF89a") { return "GIF" }
        if has("RIFF") && has("WEBP", at: 8) { return "WebP" }
        if has("II*\u{0}") || has("MM\u{0}*") { return "TIFF" }
        if has("ftyp", at: 4) {
            if has("avif", at: 8) || has("avis", at: 8) { return "AVIF" }
            if has("heic", at: 8) || has("heix", at: 8) || has("mif1", at: 8) || has("msf1", at: 8) { return "HEIF" }
        }
        if bytes.starts(with: [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) { return "JPEG 2000" }
        if bytes.starts(with: [0xFF, 0x0A]) || bytes.starts(with: [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) {
            return "JPEG XL"
        }
        if has("qoif") { return "QOI" }
        if has("8BPS") { return "Photoshop (PSD)" }
        if has("%PDF") { return "PDF" }
        if bytes.starts(with: [0x00, 0x00, 0x01, 0x00]) { return "ICO" }
        if has("BM") { return "BMP" }
        return nil
    }
}
