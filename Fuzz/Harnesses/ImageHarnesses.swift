import FlipbookCodecs
import FlipbookRaster

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

/// The `flipbook` PNG writer against libpng's decoder: the input makes an image of 1×1 to
/// 8192×8 pixels (bytes 0–1: width − 1 mod 8192, byte 2: height − 1 mod 8, byte 3: how the
/// pixels are made, the rest: the pixels' bytes, repeated as needed), which is encoded with every
/// filter and at level 0 (stored), on the CPU's default code path; one filter, chosen by the
/// input, is encoded on every other path the CPU has too. Each file must decode to exactly the
/// pixels, and the paths must write the same bytes; anything else traps.
func fuzzPNGEncoder(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count >= 5 else { return }
    let width = 1 + (Int(bytes[0]) | Int(bytes[1]) << 8) % 8192, height = 1 + Int(bytes[2]) % 8
    let mode = bytes[3], source = Array(bytes[4...])
    // Mode bits: 1 opaque, 2 colours quantized to 16 levels (runs, equal neighbours), 4 rows
    // copied from the row above where the source byte is even (copies at a row's distance),
    // 8 forced RGBA, 16…64 the filter compared across paths and stored at level 0. A
    // translucent pixel's colours are at most its alpha (premultiplied).
    var pixels = [UInt32](repeating: 0, count: width * height)
    for index in pixels.indices {
        let at = 4 * index
        if mode & 4 != 0, index >= width, source[at % source.count] & 1 == 0 { pixels[index] = pixels[index - width]; continue }
        var channel = (0..<4).map { source[(at + $0) % source.count] }
        if mode & 2 != 0 { channel = channel.map { $0 & 0xF0 } }
        let alpha = mode & 1 != 0 ? 255 : channel[3]
        let straight = StraightPixel(red: channel[0], green: channel[1], blue: channel[2], alpha: alpha)
        pixels[index] = straight.premultiplied.packed
    }
    let image = PremultipliedImage(width: width, height: height, pixels: pixels)
    let channels: PNGChannels = mode & 8 != 0 ? .rgba : .automatic
    let chosen = PNGFilter.allCases[Int(mode >> 4) % PNGFilter.allCases.count]
    func encode(_ filter: PNGFilter, level: Int, path: OnePassCodePath) -> [UInt8] {
        let encoder = PNGFrameEncoder(
            options: PNGEncodeOptions(writer: .flipbook, compressionLevel: level, filter: filter, channels: channels))
        precondition(encoder.useCodePath(path))
        guard let png = try? encoder.encode(image) else {
            fatalError("flipbook writer failed on \(width)×\(height), \(filter), level \(level), \(path)")
        }
        return png
    }
    for (filter, level) in PNGFilter.allCases.map({ ($0, 1) }) + [(chosen, 0)] {
        let png = encode(filter, level: level, path: .default)
        guard let decoded = try? ImageDecoder.decode(png, name: "fuzz-encoded.png"), decoded == image else {
            fatalError("libpng did not decode the flipbook writer's file to its pixels: \(width)×\(height), \(filter), level \(level)")
        }
        guard filter == chosen, level == 1 else { continue }
        for path in OnePassCodePath.allCases where path != .default && path.isAvailable {
            precondition(
                encode(filter, level: level, path: path) == png,
                "\(path) wrote other bytes than \(OnePassCodePath.default) for \(width)×\(height), \(filter)")
        }
    }
}
