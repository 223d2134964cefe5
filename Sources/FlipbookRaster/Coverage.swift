import FlipbookGeometry

/// An interval `[start, end)` of one axis in device pixels, quantised to 1/256 pixel.
///
/// The edges are rounded once (`round(edge · 256)`); a pixel `i` then gets the integer coverage
/// weight `clamp(min(end, 256(i+1)) − max(start, 256i), 0, 256)`, so the weights of an interval
/// always sum to `end − start` exactly, wherever it sits: moving a rect moves its coverage
/// smoothly, with no pixel jumps and no per-pixel floating point.
struct AxisSpan {
    /// Start and end in 1/256 pixel; `end > start` unless empty.
    var start: Int, end: Int

    /// The span of `[minimum, maximum)`, restricted to `[lower, upper]` pixels so that huge or
    /// infinite coordinates cannot overflow; NaN or an empty interval gives an empty span.
    init(_ minimum: Double, _ maximum: Double, lower: Int, upper: Int) {
        let lo = Double(lower - 1), hi = Double(upper + 1)
        guard minimum < maximum, maximum > lo, minimum < hi else { start = 0; end = 0; return }
        let a = Swift.max(minimum, lo), b = Swift.min(maximum, hi)
        start = Int((a * 256).rounded()); end = Int((b * 256).rounded())
    }

    init(start: Int, end: Int) { self.start = start; self.end = end }

    var isEmpty: Bool { end <= start }
    /// The overlap of two spans (empty when they do not overlap).
    func intersection(_ other: AxisSpan) -> AxisSpan {
        AxisSpan(start: Swift.max(start, other.start), end: Swift.min(end, other.end))
    }
    /// First pixel touched.
    var firstPixel: Int { start >> 8 }
    /// One past the last pixel touched.
    var endPixel: Int { (end + 255) >> 8 }

    /// The coverage weight (0…256) of pixel `i`.
    @inline(__always) func weight(_ i: Int) -> UInt32 {
        let w = Swift.min(end, (i + 1) << 8) - Swift.max(start, i << 8)
        return w <= 0 ? 0 : UInt32(w)
    }
}

/// A clip in device pixels: an anti-aliased rect with optional round corners.
struct DeviceClip {
    /// The square part of the region: `clip.rect ∩ clip.cornerRect`, intersected as quantised
    /// spans (the larger start, the smaller end), which is exactly `clip.rect`'s span whenever
    /// `cornerRect` is nil or contains `rect`.
    var x: AxisSpan, y: AxisSpan
    /// Corner radius in device pixels (0 = square); the corner circles' centres below.
    var radius: Double
    var left: Double, right: Double, top: Double, bottom: Double

    init(_ clip: Clip, scale: Double, bounds: (x0: Int, y0: Int, x1: Int, y1: Int)) {
        let r = clip.rect.scaled(by: scale)
        x = AxisSpan(r.minX, r.maxX, lower: bounds.x0, upper: bounds.x1)
        y = AxisSpan(r.minY, r.maxY, lower: bounds.y0, upper: bounds.y1)
        // The rounded rect: its square sides cut too (they matter only when `rect` sticks out).
        let rounded = clip.cornerRect.map { $0.scaled(by: scale) } ?? r
        if clip.cornerRect != nil {
            x = x.intersection(AxisSpan(rounded.minX, rounded.maxX, lower: bounds.x0, upper: bounds.x1))
            y = y.intersection(AxisSpan(rounded.minY, rounded.maxY, lower: bounds.y0, upper: bounds.y1))
        }
        let limit = Swift.min(rounded.width, rounded.height) / 2
        let radius = Swift.min(clip.cornerRadius * scale, limit)
        self.radius = radius > 0 && radius.isFinite ? radius : 0
        left = rounded.minX + self.radius; right = rounded.maxX - self.radius
        top = rounded.minY + self.radius; bottom = rounded.maxY - self.radius
    }

    /// Coverage (0…256) of the rounded corner at pixel (px, py), or nil where the pixel centre is
    /// not inside a corner square. Computed from the distance of the pixel centre to the corner
    /// circle (`clamp(r − d + ½, 0, 1)`), a standard one-pixel-wide AA ramp; only corner pixels pay
    /// for it (IEEE `sqrt` is exact-rounded, so it is deterministic).
    func cornerWeight(_ px: Int, _ py: Int) -> UInt32? {
        let cx = Double(px) + 0.5, cy = Double(py) + 0.5
        let dx = Swift.max(left - cx, cx - right, 0), dy = Swift.max(top - cy, cy - bottom, 0)
        guard dx > 0, dy > 0 else { return nil }
        let d = (dx * dx + dy * dy).squareRoot()
        return PixelMath.weight(radius - d + 0.5)
    }

    /// Rows whose pixel centres lie in a corner band (above `top` or below `bottom`).
    func rowHasCorners(_ py: Int) -> Bool {
        radius > 0 && (Double(py) + 0.5 < top || Double(py) + 0.5 > bottom)
    }

    /// Pixel columns whose centres lie between the corner circles: `[first, end)`.
    var straightColumns: (first: Int, end: Int) {
        // x + 0.5 ≥ left  ⇔  x ≥ ⌈left − 0.5⌉;  x + 0.5 ≤ right  ⇔  x ≤ ⌊right − 0.5⌋.
        let first = (left - 0.5).rounded(.up), last = (right - 0.5).rounded(.down)
        guard first.isFinite, last.isFinite, last >= first else { return (0, 0) }
        let limit = 1_000_000_000 // far beyond any canvas; keeps `end` and the caller's sums in range
        return (Int(clamping: first, to: -limit...limit), Int(clamping: last, to: -limit...limit) + 1)
    }
}

/// One piece of a row handed to a drawing kernel: `count` destination pixels starting at device
/// column `x`, each with a weight (0…256) that already includes coverage, clip and opacity.
/// Either every pixel has the same `weight` (`weights == nil`), or `weights[i]` is pixel i's.
struct RowSegment {
    var y: Int
    var x: Int
    var count: Int
    var destination: UnsafeMutablePointer<UInt32>
    var weights: UnsafePointer<UInt16>?
    var weight: UInt32
}

extension Canvas {
    /// Walks the pixels of the device-pixel rect `shape` ∩ `clip` ∩ this canvas and calls `body`
    /// with row segments carrying the exact coverage weights of every pixel, opacity included.
    ///
    /// Each row is split into a left edge, a run of equal weight (the interior: the fast path)
    /// and a right edge; weights are computed from integer axis spans (`AxisSpan`), products
    /// rounded with `PixelMath.multiplyWeights`.
    mutating func forEachSegment(
        x shapeX: AxisSpan, y shapeY: AxisSpan, clip: Clip?, opacity: UInt32,
        _ body: (RowSegment) -> Void
    ) {
        guard opacity > 0, !shapeX.isEmpty, !shapeY.isEmpty else { return }
        let bounds = pixelBounds
        let deviceClip = clip.map { DeviceClip($0, scale: scale, bounds: bounds) }
        var x0 = Swift.max(shapeX.firstPixel, bounds.x0), x1 = Swift.min(shapeX.endPixel, bounds.x1)
        var y0 = Swift.max(shapeY.firstPixel, bounds.y0), y1 = Swift.min(shapeY.endPixel, bounds.y1)
        if let c = deviceClip {
            if c.x.isEmpty || c.y.isEmpty { return }
            x0 = Swift.max(x0, c.x.firstPixel); x1 = Swift.min(x1, c.x.endPixel)
            y0 = Swift.max(y0, c.y.firstPixel); y1 = Swift.min(y1, c.y.endPixel)
        }
        guard x1 > x0, y1 > y0 else { return }
        let width = x1 - x0

        // Per-column weights: shape × clip (rect part). The full-weight columns are contiguous.
        var shapeColumns = [UInt16](repeating: 0, count: width)
        var clipColumns = [UInt16](repeating: 256, count: width)
        var columns = [UInt16](repeating: 0, count: width)
        var runStart = x1, runEnd = x1
        for i in 0..<width {
            let s = shapeX.weight(x0 + i)
            let c = deviceClip.map { $0.x.weight(x0 + i) } ?? 256
            shapeColumns[i] = UInt16(s); clipColumns[i] = UInt16(c)
            let w = PixelMath.multiplyWeights(s, c)
            columns[i] = UInt16(w)
            if w == 256 {
                if runStart == x1 { runStart = x0 + i }
                runEnd = x0 + i + 1
            }
        }
        let straight = deviceClip?.straightColumns ?? (0, 0)
        var weights = [UInt16](repeating: 0, count: width)
        let stride = image.width
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            weights.withUnsafeMutableBufferPointer { weights in
                let base = pixels.baseAddress!, weightBase = weights.baseAddress!
                for py in y0..<y1 {
                    let shapeRow = shapeY.weight(py)
                    let clipRow = deviceClip.map { $0.y.weight(py) } ?? 256
                    let rowWeight = PixelMath.multiplyWeights(PixelMath.multiplyWeights(shapeRow, clipRow), opacity)
                    if rowWeight == 0 { continue }
                    var rs = runStart, re = runEnd
                    let corners = deviceClip.map { $0.rowHasCorners(py) } ?? false
                    if corners { rs = Swift.max(rs, straight.0); re = Swift.min(re, straight.1) }
                    if re <= rs { rs = x1; re = x1 }
                    // Edge weights (outside the run).
                    func edgeWeight(_ px: Int) {
                        let i = px - x0
                        var w = PixelMath.multiplyWeights(UInt32(columns[i]), rowWeight)
                        if corners, let c = deviceClip, let corner = c.cornerWeight(px, py) {
                            let rectClip = PixelMath.multiplyWeights(UInt32(clipColumns[i]), clipRow)
                            let clipWeight = Swift.min(corner, rectClip)
                            let shape = PixelMath.multiplyWeights(UInt32(shapeColumns[i]), shapeRow)
                            w = PixelMath.multiplyWeights(PixelMath.multiplyWeights(shape, clipWeight), opacity)
                        }
                        weightBase[i] = UInt16(w)
                    }
                    for px in x0..<rs { edgeWeight(px) }
                    for px in re..<x1 { edgeWeight(px) }
                    let rowPointer = base + (py - originY) * stride
                    if rs > x0 {
                        body(
                            RowSegment(
                                y: py, x: x0, count: rs - x0, destination: rowPointer + (x0 - originX),
                                weights: UnsafePointer(weightBase), weight: 0))
                    }
                    if re > rs {
                        body(
                            RowSegment(
                                y: py, x: rs, count: re - rs, destination: rowPointer + (rs - originX),
                                weights: nil, weight: rowWeight))
                    }
                    if x1 > re {
                        body(
                            RowSegment(
                                y: py, x: re, count: x1 - re, destination: rowPointer + (re - originX),
                                weights: UnsafePointer(weightBase + (re - x0)), weight: 0))
                    }
                }
            }
        }
    }
}
