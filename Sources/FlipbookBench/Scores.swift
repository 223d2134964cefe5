import FlipbookImageDiff
import FlipbookRaster

/// The perceptual scores on one thread (`scripts/bench scores`): ΔE and FLIP of two 1000 × 1000
/// images whose pixels all differ, once with few distinct pairs of colours (a gradient against
/// its neighbour row: the recent-pairs table computes each pair once) and once with a distinct
/// pair for most pixels (noise: every pixel a CIEDE2000). Per-pixel cost in ns.
func scoreBenchmarks() {
    let size = 1000
    let gradient = syntheticImage(width: size, height: size)
    func shifted(_ image: PremultipliedImage, _ pixel: (Int, Int, UInt32) -> UInt32) -> PremultipliedImage {
        var copy = image
        for y in 0..<size { for x in 0..<size { copy.pixels[y * size + x] = pixel(x, y, image.pixels[y * size + x]) } }
        return copy
    }
    // Red steps along x and green along y: the next row's colour, few distinct pairs.
    let flat = shifted(gradient) { x, y, _ in UInt32(x * 255 / (size - 1)) | UInt32(y * 255 / (size - 1)) << 8 | 0x8000_0000 | 0x7F00_0000 }
    let flatNext = shifted(flat) { _, _, p in (p & 0xFFFF_00FF) | (min(255, ((p >> 8) & 0xFF) + 3) << 8) }
    // The synthetic image's noise channel changed by a per-pixel amount: most pairs distinct.
    let noisy = shifted(gradient) { x, y, p in (p & 0xFF00_FFFF) | ((((p >> 16) & 0xFF) ^ UInt32((x * 7 + y * 13) & 0x3F)) << 16) }
    print("scores, \(size)×\(size), single thread (ns per pixel = ms × 1e6 / \(size * size))")
    benchmark("scores: ΔE2000, few distinct pairs", pixels: size * size, runs: 3) {
        _ = PerceptualComparison.compare(flat, flatNext, threads: 1)
    }
    benchmark("scores: ΔE2000, distinct pairs", pixels: size * size, runs: 3) {
        _ = PerceptualComparison.compare(gradient, noisy, threads: 1)
    }
    benchmark("scores: FLIP, every pixel differs", pixels: size * size, runs: 3) { _ = FLIPComparison.compare(gradient, noisy, threads: 1) }
}
