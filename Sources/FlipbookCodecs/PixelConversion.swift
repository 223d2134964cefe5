package import FlipbookRaster

#if _endian(big)
    #error("FlipbookCodecs assumes a little-endian machine: a UInt32 pixel's low byte is red, stored first.")
#endif

/// Straight ↔ premultiplied conversion and EXIF orientation over packed RGBA8 pixels
/// (red in the low byte, alpha in the high byte). Integer maths only, exact rounding.
package enum PixelConversion {
    /// Premultiplies straight RGBA8 pixels in place: each colour becomes round(c · a / 255).
    package static func premultiplyInPlace(_ pixels: inout [UInt32]) {
        pixels.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices {
                let pixel = buffer[index]
                let alpha = pixel &>> 24
                if alpha == 255 { continue }
                let red = PixelMath.multiplyDivide255(pixel & 0xFF, alpha)
                let green = PixelMath.multiplyDivide255((pixel &>> 8) & 0xFF, alpha)
                let blue = PixelMath.multiplyDivide255((pixel &>> 16) & 0xFF, alpha)
                buffer[index] = red | green &<< 8 | blue &<< 16 | alpha &<< 24
            }
        }
    }

    /// One premultiplied pixel as straight RGBA8: each colour becomes round(c · 255 / a),
    /// clamped to 255; alpha 0 gives (0, 0, 0, 0). For every valid premultiplied value
    /// (c ≤ a) premultiplying the result gives back exactly c, so encode → decode round-trips.
    @inline(__always)
    package static func unpremultiply(_ pixel: UInt32) -> UInt32 {
        let alpha = pixel &>> 24
        if alpha == 255 { return pixel }
        if alpha == 0 { return 0 }
        let red = PixelMath.unpremultiply(pixel & 0xFF, alpha: alpha)
        let green = PixelMath.unpremultiply((pixel &>> 8) & 0xFF, alpha: alpha)
        let blue = PixelMath.unpremultiply((pixel &>> 16) & 0xFF, alpha: alpha)
        return red | green &<< 8 | blue &<< 16 | alpha &<< 24
    }

    /// The upright image for pixels stored with EXIF `orientation` (1…8, as UIImage applies it).
    /// Orientations 5–8 swap width and height.
    package static func oriented(_ pixels: [UInt32], width: Int, height: Int, orientation: Int) -> PremultipliedImage {
        precondition(pixels.count == width * height && (1...8).contains(orientation))
        // Output pixel (x, y) reads stored index start + x·stepX + y·stepY.
        let last = height - 1, right = width - 1
        let (start, stepX, stepY): (Int, Int, Int)
        switch orientation {
        case 1: (start, stepX, stepY) = (0, 1, width)
        case 2: (start, stepX, stepY) = (right, -1, width) // mirror horizontally
        case 3: (start, stepX, stepY) = (last * width + right, -1, -width) // rotate 180°
        case 4: (start, stepX, stepY) = (last * width, 1, -width) // mirror vertically
        case 5: (start, stepX, stepY) = (0, width, 1) // transpose
        case 6: (start, stepX, stepY) = (last * width, -width, 1) // rotate 90° clockwise
        case 7: (start, stepX, stepY) = (last * width + right, -width, -1) // transverse
        default: (start, stepX, stepY) = (right, width, -1) // 8: rotate 90° counter-clockwise
        }
        let swaps = orientation >= 5
        let outWidth = swaps ? height : width, outHeight = swaps ? width : height
        let out = [UInt32](unsafeUninitializedCapacity: pixels.count) { target, initialized in
            pixels.withUnsafeBufferPointer { source in
                var rowStart = start
                var index = 0
                for _ in 0..<outHeight {
                    var from = rowStart
                    for _ in 0..<outWidth {
                        target[index] = source[from]
                        from &+= stepX
                        index &+= 1
                    }
                    rowStart &+= stepY
                }
            }
            initialized = pixels.count
        }
        return PremultipliedImage(width: outWidth, height: outHeight, pixels: out)
    }
}
