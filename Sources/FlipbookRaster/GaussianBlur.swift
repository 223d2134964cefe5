/// A Gaussian blur made of three successive *extended* box blurs, in integer arithmetic.
///
/// Three box blurs approach a Gaussian closely (the central limit theorem at work: the SVG
/// and Filter Effects specifications suggest them for `feGaussianBlur`), but plain boxes have
/// whole-pixel widths, so their variance — and the blur — jumps in steps: up to ±10 % of σ
/// (Skia's raster blur shows the same staircase). An extended box (Gwosdek, Grewenig, Bruhn and
/// Weickert, "Theoretical foundations of Gaussian convolution by extended box filtering",
/// 2011) adds the next pixel on either side with a fractional weight α, which makes the variance
/// continuous: each of the three passes has radius r (the widest plain box whose variance
/// r(r+1)/3 does not exceed σ²/3) and end weight
/// α = (2r+1)(σ²/3 − r(r+1)/3) / (2((r+1)² − σ²/3)), in 1/256 steps, so the three passes have
/// the variance σ² of the Gaussian (to α's rounding).
///
/// Each pass is a running sum of integers divided with rounding: exact, the same on every
/// machine, and its cost per pixel does not depend on σ. σ below about a tenth of a pixel
/// (r = 0 and α under half of 1/256) leaves the input as it is.
package enum GaussianBlur {
    /// What a pass reads beyond the buffer's ends.
    package enum Edge {
        /// Zeros (a shadow's coverage: nothing outside the buffer).
        case transparent
        /// The nearest pixel of the buffer (a backdrop at the screen's edge: iOS samples no
        /// black or transparent border into its blur).
        case clamp
    }

    /// One pass's extended box: `radius` pixels of full weight on either side of the centre,
    /// and the pixel beyond on each side with weight `endWeight`/256.
    package struct Box: Hashable, Sendable {
        /// Pixels of weight 1 on each side of the centre.
        package var radius: Int
        /// The weight of the two pixels beyond, in 1/256 (0…255).
        package var endWeight: Int

        /// Creates a box.
        package init(radius: Int, endWeight: Int) { self.radius = radius; self.endWeight = endWeight }
    }

    /// The box of each of the three passes for σ device pixels; nil when no blur is needed.
    package static func box(sigmaPixels sigma: Double) -> Box? {
        guard sigma.isFinite, sigma > 0 else { return nil }
        let v = min(sigma, 1e5) * min(sigma, 1e5) / 3
        // The widest plain box whose variance r(r+1)/3 stays within v.
        var r = Int(((12 * v + 1).squareRoot() - 1) / 2)
        while r > 0 && Double(r * (r + 1)) / 3 > v { r -= 1 }
        while Double((r + 1) * (r + 2)) / 3 <= v { r += 1 }
        let n = Double(2 * r + 1), rr = Double(r)
        let alpha = n * (v - rr * (rr + 1) / 3) / (2 * ((rr + 1) * (rr + 1) - v))
        var weight = Int((max(0, min(1, alpha)) * 256).rounded())
        if weight >= 256 { r += 1; weight = 0 }
        guard r > 0 || weight > 0 else { return nil }
        return Box(radius: r, endWeight: weight)
    }

    /// How far the blur reaches on each side, in pixels: a buffer with this margin around what
    /// is drawn holds the whole blurred result.
    package static func reach(sigmaPixels sigma: Double) -> Int {
        guard let box = box(sigmaPixels: sigma) else { return 0 }
        return 3 * (box.radius + (box.endWeight > 0 ? 1 : 0))
    }

    /// Blurs a `width × height` plane of values (row-major) in place: three horizontal box
    /// passes, then three vertical ones.
    package static func blur(_ plane: inout [Int32], width: Int, height: Int, sigmaPixels sigma: Double, edge: Edge) {
        guard let box = box(sigmaPixels: sigma), width > 0, height > 0 else { return }
        precondition(plane.count == width * height, "plane holds \(plane.count) values, not \(width)×\(height)")
        let longest = max(width, height)
        var scratch = [Int32](repeating: 0, count: longest + 2 * box.radius + 2)
        var line = [Int32](repeating: 0, count: longest)
        plane.withUnsafeMutableBufferPointer { values in
            let base = values.baseAddress!
            for y in 0..<height {
                for _ in 0..<3 { boxPass(base + y * width, count: width, stride: 1, box: box, edge: edge, scratch: &scratch, line: &line) }
            }
            for x in 0..<width {
                for _ in 0..<3 { boxPass(base + x, count: height, stride: width, box: box, edge: edge, scratch: &scratch, line: &line) }
            }
        }
    }

    /// One pass over `count` values `stride` apart: out[i] = round((256·Σ in[i−r…i+r] +
    /// α·(in[i−r−1] + in[i+r+1])) / (256·(2r+1) + 2α)), values beyond the ends read as `edge` says.
    static func boxPass(_ values: UnsafeMutablePointer<Int32>, count: Int, stride: Int, box: Box,
                        edge: Edge, scratch: inout [Int32], line: inout [Int32]) {
        let r = box.radius, left = r + 1
        let padded = count + 2 * left
        scratch.withUnsafeMutableBufferPointer { scratch in
            let s = scratch.baseAddress!
            for j in 0..<padded {
                let i = j - left
                if i >= 0 && i < count {
                    s[j] = values[i * stride]
                } else if edge == .clamp {
                    s[j] = values[(i < 0 ? 0 : count - 1) * stride]
                } else {
                    s[j] = 0
                }
            }
            // s[i + left] is in[i]; the inner window of out[i] is s[i+1 … i+2r+1]. Int64 sums:
            // no overflow whatever the radius.
            var inner: Int64 = 0
            for j in 1...(2 * r + 1) { inner += Int64(s[j]) }
            let a = Int64(box.endWeight)
            let denominator = 256 * Int64(2 * r + 1) + 2 * a, half = denominator / 2
            for i in 0..<count {
                let ends = Int64(s[i]) + Int64(s[i + 2 * r + 2])
                line[i] = Int32((256 * inner + a * ends + half) / denominator)
                if i + 1 < count { inner += Int64(s[i + 2 * r + 2]) - Int64(s[i + 1]) }
            }
        }
        for i in 0..<count { values[i * stride] = line[i] }
    }
}
