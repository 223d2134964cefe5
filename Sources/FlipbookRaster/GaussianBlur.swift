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
    /// passes, then three vertical ones (run row by row over all columns at once, so memory is
    /// read in order).
    package static func blur(_ plane: inout [Int32], width: Int, height: Int, sigmaPixels sigma: Double, edge: Edge) {
        precondition(plane.count == width * height, "plane holds \(plane.count) values, not \(width)×\(height)")
        guard let box = box(sigmaPixels: sigma) else { return }
        plane.withUnsafeMutableBufferPointer { blur($0, width: width, height: height, box: box, edge: edge) }
    }

    /// The same blur with a given box, over any integer plane whose values (and so every mean of
    /// them) fit its type: 0…256 coverage weights in `UInt16`, 0…255 channels in `UInt8`. The
    /// arithmetic is the same whatever the type (Int64 sums), so the values are too.
    ///
    /// Scratch besides the plane: one padded row, `radius + 2` rows of the plane (the rows a
    /// vertical pass has overwritten but still reads; at most `height`) and a row of Int64 sums
    /// — see `scratchBytes`.
    package static func blur<Value: FixedWidthInteger>(
        _ values: UnsafeMutableBufferPointer<Value>, width: Int, height: Int, box: Box,
        edge: Edge
    ) {
        guard width > 0, height > 0 else { return }
        precondition(values.count >= width * height, "plane holds \(values.count) values, not \(width)×\(height)")
        let base = values.baseAddress!
        let scratch = UnsafeMutablePointer<Value>.allocate(capacity: width + 2 * box.radius + 2)
        let ring = UnsafeMutablePointer<Value>.allocate(capacity: ringRows(box: box, height: height) * width)
        let sums = UnsafeMutablePointer<Int64>.allocate(capacity: width)
        defer { scratch.deallocate(); ring.deallocate(); sums.deallocate() }
        for y in 0..<height {
            for _ in 0..<3 { horizontalPass(base + y * width, count: width, box: box, edge: edge, scratch: scratch) }
        }
        for _ in 0..<3 { verticalPass(base, width: width, height: height, box: box, edge: edge, ring: ring, sums: sums) }
    }

    /// The bytes of scratch `blur` allocates besides a `width × height` plane of
    /// `valueBytes`-byte values, for `box`.
    package static func scratchBytes(width: Int, height: Int, box: Box, valueBytes: Int) -> Int {
        (width + 2 * box.radius + 2 + ringRows(box: box, height: height) * width) * valueBytes + 8 * width
    }

    /// The rows a vertical pass keeps aside: `radius + 2`, or the plane's `height` when that is
    /// fewer (no more rows exist to keep; row k is kept in slot k mod the count either way).
    static func ringRows(box: Box, height: Int) -> Int { max(1, min(box.radius + 2, height)) }

    /// The rounded weighted mean of one pass: (256 · inner + α · ends + half) / denominator.
    @inline(__always)
    static func mean(inner: Int64, ends: Int64, box: Box) -> Int32 {
        let a = Int64(box.endWeight)
        let denominator = 256 * Int64(2 * box.radius + 1) + 2 * a
        return Int32((256 * inner + a * ends + denominator / 2) / denominator)
    }

    /// One horizontal pass over a row of `count` values: out[i] = round((256·Σ in[i−r…i+r] +
    /// α·(in[i−r−1] + in[i+r+1])) / (256·(2r+1) + 2α)), values beyond the ends read as `edge`
    /// says. Int64 sums: no overflow whatever the radius.
    static func horizontalPass<Value: FixedWidthInteger>(
        _ values: UnsafeMutablePointer<Value>, count: Int, box: Box, edge: Edge,
        scratch s: UnsafeMutablePointer<Value>
    ) {
        let r = box.radius, left = r + 1
        // s[j] is in[j − left].
        for j in 0..<(count + 2 * left) {
            let i = j - left
            s[j] = i >= 0 && i < count ? values[i] : edge == .clamp ? values[i < 0 ? 0 : count - 1] : 0
        }
        var inner: Int64 = 0
        for j in 1...(2 * r + 1) { inner += Int64(s[j]) }
        for i in 0..<count {
            values[i] = Value(mean(inner: inner, ends: Int64(s[i]) + Int64(s[i + 2 * r + 2]), box: box))
            if i + 1 < count { inner += Int64(s[i + 2 * r + 2]) - Int64(s[i + 1]) }
        }
    }

    /// The same pass down every column at once, in place: row y is written once every row it
    /// reads is known, and the `radius + 2` rows above it that it and its successors still read
    /// are kept as they were in `ring` (row k in slot k mod (radius + 2)).
    static func verticalPass<Value: FixedWidthInteger>(
        _ values: UnsafeMutablePointer<Value>, width: Int, height: Int, box: Box,
        edge: Edge, ring: UnsafeMutablePointer<Value>, sums: UnsafeMutablePointer<Int64>
    ) {
        let r = box.radius, slots = ringRows(box: box, height: height)
        /// Row k of the pass's input while row `current` is being written: rows after it are
        /// still in place, it and those before it are in the ring; nil for a row of zeros
        /// beyond a transparent edge.
        func row(_ k: Int, current: Int) -> UnsafePointer<Value>? {
            let k = k >= 0 && k < height ? k : edge == .clamp ? (k < 0 ? 0 : height - 1) : -1
            if k < 0 { return nil }
            return k > current ? UnsafePointer(values + k * width) : UnsafePointer(ring + (k % slots) * width)
        }
        sums.update(repeating: 0, count: width)
        for k in -r...r {
            guard let p = row(k, current: -1) else { continue }
            for x in 0..<width { sums[x] += Int64(p[x]) }
        }
        for y in 0..<height {
            (ring + (y % slots) * width).update(from: values + y * width, count: width)
            let above = row(y - r - 1, current: y), below = row(y + r + 1, current: y), out = values + y * width
            for x in 0..<width {
                let ends = Int64(above?[x] ?? 0) + Int64(below?[x] ?? 0)
                out[x] = Value(mean(inner: sums[x], ends: ends, box: box))
            }
            if y + 1 < height {
                let leaving = row(y - r, current: y)
                for x in 0..<width { sums[x] += Int64(below?[x] ?? 0) - Int64(leaving?[x] ?? 0) }
            }
        }
    }
}
