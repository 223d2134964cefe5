import FlipbookCodecs

/// Pixel limit for fuzzed images: 4 megapixels keeps each decode fast and well inside libFuzzer's
/// memory limit, while every code path (headers, transforms, orientation, scaling) stays reachable.
let fuzzLimits = DecodeLimits(maxPixels: 4_000_000)

/// The PNG decoder: header, then a full decode (the C shim's chunk checks, libpng's transforms,
/// premultiplication in Swift).
func fuzzPNG(_ bytes: UnsafeRawBufferPointer) {
    let data = [UInt8](bytes)
    _ = try? ImageDecoder.readHeader(data, name: "fuzz.png")
    _ = try? ImageDecoder.decode(data, name: "fuzz.png", limits: fuzzLimits)
}

/// The JPEG decoder: header (marker walk, scan count, EXIF orientation), then a decode at full
/// size or reduced by 2, 4 or 8 in the DCT domain (chosen by the input's length, so every
/// reduction is fuzzed), with the orientation applied.
func fuzzJPEG(_ bytes: UnsafeRawBufferPointer) {
    let data = [UInt8](bytes)
    guard let header = try? ImageDecoder.readHeader(data, name: "fuzz.jpg") else { return }
    let divisor = [1, 2, 4, 8][data.count % 4]
    let minimum = divisor == 1 ? nil : (width: max(1, header.width / divisor), height: max(1, header.height / divisor))
    _ = try? ImageDecoder.decode(data, name: "fuzz.jpg", limits: fuzzLimits, minimumSize: minimum, warn: { _ in })
}
