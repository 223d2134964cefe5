import FlipbookGeometry
import FlipbookRaster
import FlipbookTestSupport
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
            let n =
                lattice[iy * gw + ix] * (1 - fx) * (1 - fy) + lattice[iy * gw + ix + 1] * fx * (1 - fy)
                + lattice[(iy + 1) * gw + ix] * (1 - fx) * fy + lattice[(iy + 1) * gw + ix + 1] * fx * fy
            let dx = u - 0.6, dy = v - 0.4
            let blob = exp(-(dx * dx + dy * dy) * 12)
            let grain = generator.unit() - 0.5 // per-pixel sensor noise
            let texture = sin(Double(x) * 0.9) * sin(Double(y) * 1.3) // fine detail near Nyquist
            let edge: Double = (x / 97 + y / 131) % 2 == 0 ? 0.15 : 0 // hard edges
            var r = 0.25 + 0.5 * u + 0.2 * blob + 0.15 * n + 0.04 * grain + 0.05 * texture + edge
            var g = 0.2 + 0.4 * v + 0.3 * blob + 0.1 * n + 0.04 * grain + 0.05 * texture
            var b = 0.6 - 0.3 * u + 0.1 * n + 0.04 * grain - edge
            r = min(max(r, 0), 1); g = min(max(g, 0), 1); b = min(max(b, 0), 1)
            pixels[y * width + x] =
                UInt32((r * 255).rounded()) | UInt32((g * 255).rounded()) << 8
                | UInt32((b * 255).rounded()) << 16 | 0xFF00_0000
        }
    }
    return PremultipliedImage(width: width, height: height, pixels: pixels)
}
