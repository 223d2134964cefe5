// Flipbook benchmarks: run with `scripts/bench` (release build). Results go to docs/PERFORMANCE.md.
// Each benchmark reports the median of several runs and its throughput in destination Mpixels/s.
// To add one: call `benchmark("name", pixels: …) { … }` with the work in the closure.
import FlipbookGeometry
import FlipbookRaster

#if canImport(Glibc)
    import Glibc
#endif

/// CPU seconds used by this thread. The machine is shared, so wall-clock time would also count
/// the time this thread waits for a core; CPU time does not (memory-bandwidth contention remains).
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// Times `body` `runs` times (only when the first command-line argument, if any, is part of `name`) (after one warm-up run) and prints the median and the throughput
/// for `pixels` destination pixels per run.
func benchmark(_ name: String, pixels: Int, runs: Int = 7, _ body: () -> Void) {
    if let filter = CommandLine.arguments.dropFirst().first, !name.contains(filter) { return }
    let median = medianSeconds(runs: runs, body)
    let mpx = Double(pixels) / median / 1e6
    print(
        pad(name, 38) + pad(fixed(median * 1e3, decimals: 3), 10, left: true) + " ms"
            + pad(fixed(mpx, decimals: 0), 9, left: true) + " Mpx/s")
}

/// The median of `runs` CPU times of `body`, in seconds (after one warm-up run).
func medianSeconds(runs: Int, _ body: () -> Void) -> Double {
    body()
    var times: [Double] = []
    for _ in 0..<runs {
        let start = now()
        body()
        times.append(now() - start)
    }
    return times.sorted()[runs / 2]
}

/// `value` with `decimals` digits after the point (no Foundation here).
func fixed(_ value: Double, decimals: Int) -> String {
    var factor = 1.0
    for _ in 0..<decimals { factor *= 10 }
    let scaled = Int((value * factor).rounded())
    guard decimals > 0 else { return String(scaled) }
    let digits = String(scaled % Int(factor))
    return "\(scaled / Int(factor))." + String(repeating: "0", count: decimals - digits.count) + digits
}

/// `text` padded with spaces to `width` characters.
func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let spaces = String(repeating: " ", count: max(0, width - text.count))
    return left ? spaces + text : text + spaces
}

/// A deterministic opaque test image (integer hash pattern: gradients plus noise).
func syntheticImage(width: Int, height: Int) -> PremultipliedImage {
    var pixels = [UInt32](repeating: 0, count: width * height)
    for y in 0..<height {
        for x in 0..<width {
            var h = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663)
            h = (h ^ (h >> 13)) &* 0x5bd1_e995
            let r = UInt32(x * 255 / max(width - 1, 1)), g = UInt32(y * 255 / max(height - 1, 1))
            let b = (h >> 24) & 0xFF
            pixels[y * width + x] = r | g << 8 | b << 16 | 0xFF00_0000
        }
    }
    return PremultipliedImage(width: width, height: height, pixels: pixels)
}

// MARK: Raster

let widthPixels = 750, heightPixels = 1334, screenScale = 2.0
let screenPixels = widthPixels * heightPixels
let screen = Rect(x: 0, y: 0, width: Double(widthPixels) / screenScale, height: Double(heightPixels) / screenScale)
var canvas = Canvas(
    widthPixels: widthPixels, heightPixels: heightPixels, scale: screenScale,
    background: StraightColor.white.premultipliedPixel)

print("raster, \(widthPixels)×\(heightPixels) canvas, single thread")
benchmark("fill opaque", pixels: screenPixels) {
    canvas.fill(screen, color: StraightColor(red: 0.2, green: 0.4, blue: 0.6))
}
benchmark("fill 50% opacity (blend)", pixels: screenPixels) {
    canvas.fill(screen, color: StraightColor(red: 0.2, green: 0.4, blue: 0.6), opacity: 0.5)
}
benchmark("fill fractional edges + round clip", pixels: screenPixels) {
    canvas.fill(screen.insetBy(dx: 0.3, dy: 0.3), color: .black, opacity: 0.5, clip: Clip(rect: screen, cornerRadius: 40))
}

let oneToOne = ImagePyramid(syntheticImage(width: widthPixels, height: heightPixels))
benchmark("image 1:1", pixels: screenPixels) {
    canvas.draw(oneToOne, in: screen, contentMode: .scaleToFill)
}
let half = ImagePyramid(syntheticImage(width: 2 * widthPixels, height: 2 * heightPixels))
benchmark("image 0.5× (bilinear)", pixels: screenPixels) {
    canvas.draw(half, in: screen, contentMode: .scaleToFill)
}
// Same scale, shifted by 0.3 pt: general fractions instead of 128 everywhere (and area-covered edges).
benchmark("image 0.5× fractional position", pixels: screenPixels) {
    canvas.draw(half, in: Rect(x: 0.3, y: 0.3, width: screen.width, height: screen.height), contentMode: .scaleToFill)
}
benchmark("image 0.5× at 50% opacity", pixels: screenPixels) {
    canvas.draw(half, in: screen, contentMode: .scaleToFill, opacity: 0.5)
}
benchmark("image 0.77× fractional position", pixels: screenPixels) {
    canvas.draw(oneToOne, in: screen.insetBy(dx: 0.3, dy: 0.3), contentMode: .scaleAspectFill, clip: Clip(rect: screen))
}
// 0.1×: a 2400×4270 image drawn as 240×427-pixel tiles covering the canvas exactly (pyramid level 3).
let large = ImagePyramid(syntheticImage(width: 2400, height: 4270))
benchmark("image 0.1× (pyramid)", pixels: screenPixels) {
    for row in 0..<4 {
        for column in 0..<4 {
            canvas.draw(
                large, in: Rect(x: Double(column) * 120, y: Double(row) * 213.5, width: 120, height: 213.5),
                contentMode: .scaleToFill)
        }
    }
}
benchmark("pyramid build 2400×4270", pixels: 2400 * 4270, runs: 5) {
    _ = ImagePyramid(large.base).levels // every level (a draw builds only the levels it samples)
}
benchmark("group 50% opacity, full screen", pixels: screenPixels) {
    canvas.drawGroup(opacity: 0.5, bounds: nil) { $0.fill(screen, color: .white) }
}
// Under a 30° rotation (general path: polygon coverage, per-pixel bilinear sampling). The screen
// rect scaled by 0.8 about its centre and turned: the quad covers 0.64 of the canvas area, the
// pixel count used for the throughput.
let turned = Transform2D(translationX: -screen.midX, y: -screen.midY)
    .concatenating(Transform2D(a: 0.8 * 0.75.squareRoot(), b: 0.4, c: -0.4, d: 0.8 * 0.75.squareRoot(), tx: screen.midX, ty: screen.midY))
let turnedPixels = Int(0.64 * Double(screenPixels))
benchmark("image 0.5× rotated 30°", pixels: turnedPixels) {
    canvas.draw(half, in: screen, contentMode: .scaleToFill, transform: turned)
}
benchmark("image 1:1 rotated 30° at 50% opacity", pixels: turnedPixels) {
    canvas.draw(oneToOne, in: screen, contentMode: .scaleToFill, transform: turned, opacity: 0.5)
}
benchmark("rounded fill rotated 30°", pixels: turnedPixels) {
    canvas.fill(screen, cornerRadius: 40, transform: turned, color: StraightColor(red: 0.2, green: 0.4, blue: 0.6))
}
let turnedMask = Path(roundedRect: screen, cornerRadius: 40, transform: turned)
benchmark("group masked by rotated rounded rect", pixels: turnedPixels) {
    canvas.drawGroup(opacity: 1, bounds: nil, mask: turnedMask) { $0.fill(screen, color: .white) }
}
// Gradients: the stops are found by a lookup built once per fill, so 100 000 stops cost about
// what two do (scanning the stops for each pixel took minutes for a full @3x frame).
let colorsOfStops: [StraightColor] = (0..<100_000).map { (i: Int) -> StraightColor in
    let red = Double(i % 7) / 6, green = Double(i % 5) / 4, blue = Double(i % 3) / 2
    return StraightColor(red: red, green: green, blue: blue)
}
benchmark("gradient, 2 stops", pixels: screenPixels) {
    canvas.fill(Gradient(colors: Array(colorsOfStops.prefix(2))), in: screen, cornerRadius: 0, transform: .identity)
}
benchmark("gradient, 100 000 stops", pixels: screenPixels) {
    canvas.fill(Gradient(colors: colorsOfStops), in: screen, cornerRadius: 0, transform: .identity)
}
// Shadows within the two-frame budget: a card's (exact), and a layer scaled ×1000 whose blur
// (σ = 40 000 px) runs on a coarse grid.
let card = Rect(x: 20, y: 120, width: screen.width - 40, height: 300)
benchmark("shadowed group, card, σ 12 pt", pixels: screenPixels) {
    canvas.drawShadowedGroup(
        shadow: Shadow(color: StraightColor(white: 0, alpha: 0.3), offset: Point(x: 0, y: 8), blurRadiusPoints: 12),
        opacity: 1, bounds: card, clip: nil, budgetPixels: 2 * screenPixels
    ) { inner, _ in
        inner.fill(card, color: .white)
    }
}
benchmark("shadowed group, layer ×1000, σ 20 000 pt", pixels: screenPixels) {
    let huge = Rect(x: -20_000, y: -20_000, width: 40_000, height: 40_000)
    canvas.drawShadowedGroup(
        shadow: Shadow(color: StraightColor(white: 0, alpha: 0.3), offset: Point(x: 0, y: -3), blurRadiusPoints: 20_000),
        opacity: 1, bounds: huge, clip: nil, budgetPixels: 2 * screenPixels
    ) { inner, _ in
        inner.fill(huge, color: .white)
    }
}

// MARK: Pixel digest
// A hash of the pixels of a fixed set of image draws (scales, positions, opacities, clips,
// translucent sources): a kernel optimisation that must not change pixels keeps this value.
func pixelDigest() -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var source = syntheticImage(width: 97, height: 61)
    for i in stride(from: 0, to: source.pixels.count, by: 3) {
        // Some translucent pixels (premultiplied: scale every channel by the same factor).
        let a = UInt32(i % 256), p = source.pixels[i]
        source.pixels[i] = (PremultipliedPixel(packed: p).straight.premultipliedWith(alpha: a))
    }
    let image = ImagePyramid(source)
    for (n, scale) in [0.05, 0.1, 0.3, 0.5, 0.77, 1, 1.6, 3.3].enumerated() {
        for opacity in [1.0, 0.5, 0.93] {
            var c = Canvas(
                widthPixels: 150, heightPixels: 110, scale: 1, background: StraightColor(white: 0.5, alpha: 0.7).premultipliedPixel)
            let rect = Rect(x: 3.3 + Double(n), y: -2.6, width: 97 * scale + 0.4, height: 61 * scale * 1.1)
            c.draw(image, in: rect, contentMode: .scaleToFill, opacity: opacity)
            c.draw(
                image, in: Rect(x: 10, y: 40, width: 97 * scale, height: 61 * scale), contentMode: .scaleAspectFill,
                opacity: opacity, clip: Clip(rect: Rect(x: 12.5, y: 41, width: 60, height: 40), cornerRadius: 9))
            c.draw(image, in: Rect(x: 20, y: 30, width: 97, height: 61), contentMode: .scaleToFill, opacity: opacity)
            c.drawGroup(opacity: 0.6, bounds: nil) { $0.draw(image, in: rect, contentMode: .center) }
            for p in c.image.pixels { hash = (hash ^ UInt64(p)) &* 0x100_0000_01b3 }
        }
    }
    return hash
}

extension StraightPixel {
    func premultipliedWith(alpha: UInt32) -> UInt32 {
        StraightPixel(red: red, green: green, blue: blue, alpha: UInt8(alpha)).premultiplied.packed
    }
}

if CommandLine.arguments.count < 2 || "pixel digest".contains(CommandLine.arguments[1]) {
    print("pixel digest \(String(pixelDigest(), radix: 16))")
}

if CommandLine.arguments.count < 2 || CommandLine.arguments[1].hasPrefix("text") {
    do { try textBenchmarks() } catch { print("text benchmarks failed: \(error)") }
}
if CommandLine.arguments.count < 2 || "job: frame: pipeline".contains(CommandLine.arguments[1]) {
    do { try pipelineBenchmarks() } catch { print("pipeline benchmarks failed: \(error)") }
}

if CommandLine.arguments.count < 2 || CommandLine.arguments[1] == "scores" {
    scoreBenchmarks()
}

if CommandLine.arguments.count < 2 || CommandLine.arguments[1] == "layout" {
    layoutBenchmarks()
}

if CommandLine.arguments.count < 2 || CommandLine.arguments[1] == "job" {
    do { try jobBenchmarks() } catch { print("job benchmarks failed: \(error)") }
}

if CommandLine.arguments.count < 2 || CommandLine.arguments[1] == "verify" {
    do { try verifyBenchmark() } catch { print("verify benchmark failed: \(error)") }
}

if CommandLine.arguments.count >= 2 && CommandLine.arguments[1] == "render" {
    do { try renderOnlyBenchmark(runs: 41) } catch { print("render benchmark failed: \(error)") }
}

if CommandLine.arguments.count >= 2 && CommandLine.arguments[1] == "png-levels" {
    // `png-levels` sweeps Up, Paeth, Sub and Average over every level of ISA-L and libdeflate;
    // `png-levels 2` only up to level 2.
    let top = CommandLine.arguments.count >= 3 ? Int(CommandLine.arguments[2]) ?? 12 : 12
    do { try levelSweep(filters: [.paeth, .average, .up, .sub], maxLevel: max(1, top)) } catch { print("level sweep failed: \(error)") }
}

if CommandLine.arguments.count >= 2 && CommandLine.arguments[1] == "encode" {
    // `encode`: only the encoding figures of `job` (every writer and filter, then file sizes).
    do { try pushEncodingBenchmarks() } catch { print("encode benchmark failed: \(error)") }
}
