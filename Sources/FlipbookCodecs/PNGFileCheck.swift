import CISAL

/// Whether a PNG file is whole, checked from its chunks without decoding it: for files copied
/// rather than read (`flipbook merge` copies a shard's frames), where a frame cut short by a
/// killed copy or damaged on the way must not pass as one. Costs a CRC-32 over the file (ISA-L,
/// several bytes a cycle), nothing inflated.
package enum PNGFileCheck {
    /// The eight bytes every PNG file starts with.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// nil when `bytes` are a whole PNG file — the signature; then chunks whose declared lengths
    /// fit in the file (and in 2³¹ − 1, as the format allows), whose types are four letters and
    /// whose CRC-32s match; `IHDR` of 13 bytes first, at least one `IDAT`, `IEND` last, empty,
    /// and nothing after it. Otherwise what is wrong, naming the chunk and its byte offset.
    package static func problem(in bytes: [UInt8]) -> String? {
        guard bytes.count >= signature.count, bytes[0..<signature.count].elementsEqual(signature) else { return "no PNG signature" }
        var offset = signature.count
        var sawImageData = false
        while true {
            guard bytes.count - offset >= 8 else {
                return offset == bytes.count
                    ? "the file ends before the IEND chunk" : "the file ends inside a chunk header at byte \(offset)"
            }
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                return "the chunk at byte \(offset) has no chunk type (four letters)"
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= Int(Int32.max) else {
                return "the \(type) chunk at byte \(offset) declares \(length) bytes, more than a chunk may hold"
            }
            guard length + 12 <= bytes.count - offset else {
                return
                    "the file ends inside the \(type) chunk at byte \(offset) (it declares \(length) bytes of data, the file holds \(bytes.count - offset - 8))"
            }
            let stored =
                UInt32(bytes[offset + 8 + length]) << 24 | UInt32(bytes[offset + 9 + length]) << 16
                | UInt32(bytes[offset + 10 + length]) << 8 | UInt32(bytes[offset + 11 + length])
            let computed = bytes.withUnsafeBufferPointer { buffer in
                cisal_crc32_gzip_refl(0, buffer.baseAddress! + offset + 4, UInt64(4 + length))
            }
            guard computed == stored else { return "the CRC of the \(type) chunk at byte \(offset) does not match its data" }
            if offset == signature.count, type != "IHDR" || length != 13 {
                return "the first chunk is \(type) of \(length) bytes, not IHDR of 13"
            }
            offset += 12 + length
            switch type {
            case "IDAT": sawImageData = true
            case "IEND":
                guard sawImageData else { return "no IDAT chunk before IEND" }
                guard length == 0 else { return "the IEND chunk holds \(length) bytes; it must be empty" }
                let after = bytes.count - offset
                return after == 0 ? nil : "\(after) byte\(after == 1 ? "" : "s") after the IEND chunk"
            default: continue
            }
        }
    }
}
