import FlipbookGeometry
import FlipbookRaster
import XCTest

/// Alpha bytes of a canvas, row by row.
func alphas(_ canvas: Canvas) -> [[UInt8]] {
    (0..<canvas.image.height).map { y in (0..<canvas.image.width).map { x in canvas.image[x, y].alpha } }
}

/// Red bytes of a canvas, row by row.
func reds(_ canvas: Canvas) -> [[UInt8]] {
    (0..<canvas.image.height).map { y in (0..<canvas.image.width).map { x in canvas.image[x, y].red } }
}

func alphaSum(_ canvas: Canvas) -> Int { canvas.image.pixels.reduce(0) { $0 + Int($1 >> 24) } }

/// PSNR in dB between two images of the same size, over the four channels.
func psnr(_ a: PremultipliedImage, _ b: PremultipliedImage) -> Double {
    precondition(a.width == b.width && a.height == b.height)
    var sum = 0.0
    for (p, q) in zip(a.pixels, b.pixels) {
        for shift in stride(from: 0, to: 32, by: 8) {
            let d = Double(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
            sum += d * d
        }
    }
    let mse = sum / Double(a.pixels.count * 4)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

/// The exact `factor`×`factor` area average of `image` (rounded), the reference for downscaling.
func areaAverage(_ image: PremultipliedImage, factor: Int) -> PremultipliedImage {
    let w = image.width / factor, h = image.height / factor
    var out = PremultipliedImage(width: w, height: h)
    let n = factor * factor
    for y in 0..<h {
        for x in 0..<w {
            var sums = [Int](repeating: 0, count: 4)
            for yy in 0..<factor {
                for xx in 0..<factor {
                    let p = image.pixels[(y * factor + yy) * image.width + x * factor + xx]
                    for c in 0..<4 { sums[c] += Int((p >> UInt32(8 * c)) & 0xFF) }
                }
            }
            var packed: UInt32 = 0
            for c in 0..<4 { packed |= UInt32((sums[c] + n / 2) / n) << UInt32(8 * c) }
            out.pixels[y * w + x] = packed
        }
    }
    return out
}

/// A deterministic photo-like opaque image: smooth gradients, a soft blob, value noise,
/// fine texture and hard edges.
func syntheticPhoto(width: Int, height: Int, seed: UInt64 = 1) -> PremultipliedImage {
    var generator = SplitMix(seed: seed)
    var pixels = [UInt32](repeating: 0, count: width * height)
    // Coarse value noise on a 16-pixel lattice, bilinearly interpolated (photo-like blotches).
    let cell = 16, gw = width / cell + 2, gh = height / cell + 2
    let lattice = (0..<(gw * gh)).map { _ in generator.unit() }
    for y in 0..<height {
        for x in 0..<width {
            let u = Double(x) / Double(width), v = Double(y) / Double(height)
            let gx = Double(x) / Double(cell), gy = Double(y) / Double(cell)
            let ix = Int(gx), iy = Int(gy), fx = gx - Double(ix), fy = gy - Double(iy)
            let n = lattice[iy * gw + ix] * (1 - fx) * (1 - fy) + lattice[iy * gw + ix + 1] * fx * (1 - fy)
                + lattice[(iy + 1) * gw + ix] * (1 - fx) * fy + lattice[(iy + 1) * gw + ix + 1] * fx * fy
            let dx = u - 0.6, dy = v - 0.4
            let blob = exp(-(dx * dx + dy * dy) * 12)
            let grain = generator.unit() - 0.5  // per-pixel sensor noise
            let texture = sin(Double(x) * 0.9) * sin(Double(y) * 1.3)  // fine detail near Nyquist
            let edge: Double = (x / 97 + y / 131) % 2 == 0 ? 0.15 : 0  // hard edges
            var r = 0.25 + 0.5 * u + 0.2 * blob + 0.15 * n + 0.04 * grain + 0.05 * texture + edge
            var g = 0.2 + 0.4 * v + 0.3 * blob + 0.1 * n + 0.04 * grain + 0.05 * texture
            var b = 0.6 - 0.3 * u + 0.1 * n + 0.04 * grain - edge
            r = min(max(r, 0), 1); g = min(max(g, 0), 1); b = min(max(b, 0), 1)
            pixels[y * width + x] = UInt32((r * 255).rounded()) | UInt32((g * 255).rounded()) << 8
                | UInt32((b * 255).rounded()) << 16 | 0xFF00_0000
        }
    }
    return PremultipliedImage(width: width, height: height, pixels: pixels)
}
