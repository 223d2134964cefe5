import FlipbookGeometry

extension Canvas {
    /// Draws `image` laid out in `rect` (points) by `contentMode`, multiplied by `opacity`
    /// (clamped to 0…1), inside `clip`.
    ///
    /// The image's size in points is its size in pixels (a UIImage of scale 1). Pixels are sampled
    /// at device-pixel centres, bilinearly, from the pyramid level that leaves a scale in [0.5, 1)
    /// (level 0 whenever the scale is ≥ 0.5); borders clamp to the edge pixel; the image rect's
    /// edge pixels get area coverage like a fill. scaleAspectFill overflows `rect` unless `clip`
    /// clips it (as `clipsToBounds`).
    public mutating func draw(_ image: ImagePyramid, in rect: Rect, contentMode: ContentMode,
                              opacity: Double = 1, clip: Clip? = nil) {
        guard image.width > 0, image.height > 0 else { return }
        let layout = contentMode.imageRect(imageSize: Size(width: Double(image.width), height: Double(image.height)), in: rect)
        let r = layout.scaled(by: scale)
        let b = pixelBounds
        let spanX = AxisSpan(r.minX, r.maxX, lower: b.x0, upper: b.x1)
        let spanY = AxisSpan(r.minY, r.maxY, lower: b.y0, upper: b.y1)
        let weight = PixelMath.weight(opacity)
        guard weight > 0, !spanX.isEmpty, !spanY.isEmpty else { return }

        // Level choice (once per draw): the smaller of the two axis scales decides, so an
        // anisotropic reduction blurs a little along one axis rather than aliasing along the other.
        let scaleX = r.width / Double(image.width), scaleY = r.height / Double(image.height)
        let minimumScale = min(scaleX, scaleY)
        var level = 0
        while level + 1 < image.levels.count, minimumScale * Double(1 << level) < 0.5 { level += 1 }
        let source = image.levels[level]
        let factor = Double(1 << level)

        // Source positions in 16.16 fixed point of the level's pixel-centre grid:
        // u(x) = (x + ½ − rect.x) · (width / rect.width) / 2^level − ½, stepped by an integer.
        let x0 = max(spanX.firstPixel, b.x0), x1 = min(spanX.endPixel, b.x1)
        let y0 = max(spanY.firstPixel, b.y0), y1 = min(spanY.endPixel, b.y1)
        guard x1 > x0, y1 > y0 else { return }
        let columns = SampleAxis(first: x0, end: x1, origin: r.minX, ratio: 1 / (scaleX * factor), size: source.width)
        let rows = SampleAxis(first: y0, end: y1, origin: r.minY, ratio: 1 / (scaleY * factor), size: source.height)

        source.pixels.withUnsafeBufferPointer { pixels in
            columns.index0.withUnsafeBufferPointer { index0 in
            columns.index1.withUnsafeBufferPointer { index1 in
            columns.fraction.withUnsafeBufferPointer { fraction in
                let src = pixels.baseAddress!
                forEachSegment(x: spanX, y: spanY, clip: clip, opacity: weight) { segment in
                    let j = segment.y - y0
                    let row0 = src + Int(rows.index0[j]) * source.width
                    let row1 = src + Int(rows.index1[j]) * source.width
                    let fy = UInt32(rows.fraction[j])
                    let c = segment.x - x0
                    Self.drawImageSegment(segment, row0: row0, row1: row1, fy: fy,
                                          index0: index0.baseAddress! + c, index1: index1.baseAddress! + c,
                                          fraction: fraction.baseAddress! + c, integral: columns.integral)
                }
            }
            }
            }
        }
    }

    /// Samples, weights and blends one row segment of an image. Specialised loops for the common
    /// cases (full weight; a row exactly on source pixel centres) keep the per-pixel work small.
    @inline(__always)
    static func drawImageSegment(_ segment: RowSegment, row0: UnsafePointer<UInt32>, row1: UnsafePointer<UInt32>, fy: UInt32,
                                 index0: UnsafePointer<Int32>, index1: UnsafePointer<Int32>, fraction: UnsafePointer<UInt16>,
                                 integral: Bool) {
        let d = segment.destination, count = segment.count
        let gy = 256 &- fy
        let fy64 = UInt64(fy), gy64 = UInt64(gy)
        @inline(__always) func sample(_ i: Int) -> UInt32 {
            let i0 = Int(index0[i]), i1 = Int(index1[i])
            let fx = UInt64(fraction[i]), gx = 256 &- fx
            let top = lerp(spread(row0[i0]), spread(row0[i1]), fx, gx)
            let bottom = lerp(spread(row1[i0]), spread(row1[i1]), fx, gx)
            return pack(lerp(top, bottom, fy64, gy64))
        }
        @inline(__always) func put(_ s: UInt32, _ i: Int) {
            if s >= 0xFF00_0000 { d[i] = s } else if s != 0 { d[i] = PixelMath.sourceOver(s, d[i]) }
        }
        if let weights = segment.weights {
            for i in 0..<count { put(PixelMath.scale(sample(i), by: UInt32(weights[i])), i) }
        } else if segment.weight == 256 {
            if fy == 0 && integral {
                // Source pixel centres hit exactly (a 1:1 draw on whole pixels): a copy.
                for i in 0..<count { put(row0[Int(index0[i])], i) }
            } else if fy == 0 {
                for i in 0..<count {
                    let fx = UInt64(fraction[i])
                    put(pack(lerp(spread(row0[Int(index0[i])]), spread(row0[Int(index1[i])]), fx, 256 &- fx)), i)
                }
            } else {
                for i in 0..<count { put(sample(i), i) }
            }
        } else {
            let w = segment.weight
            for i in 0..<count { put(PixelMath.scale(sample(i), by: w), i) }
        }
    }

    /// A packed pixel with each channel in its own 16-bit lane of a `UInt64` (R, B, G, A from
    /// the low lane up), so one multiplication weights all four channels.
    @inline(__always)
    static func spread(_ p: UInt32) -> UInt64 { UInt64(p & 0x00FF_00FF) | UInt64(p & 0xFF00_FF00) &<< 24 }

    /// The inverse of `spread`.
    @inline(__always)
    static func pack(_ v: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: v & 0x00FF_00FF) | UInt32(truncatingIfNeeded: (v &>> 24) & 0xFF00_FF00)
    }

    /// `(a·g + b·f + 128) >> 8` per lane with g = 256 − f, f in 0…255: one rounded linear
    /// interpolation of spread pixels (lanes stay below 2^16, so they never carry into each other).
    @inline(__always)
    static func lerp(_ a: UInt64, _ b: UInt64, _ f: UInt64, _ g: UInt64) -> UInt64 {
        ((a &* g &+ b &* f &+ 0x0080_0080_0080_0080) &>> 8) & 0x00FF_00FF_00FF_00FF
    }
}

/// Precomputed sampling positions along one axis of an image draw: for each destination pixel,
/// the two neighbouring source pixels (clamped to the edge) and the 8-bit fraction between them.
///
/// Positions are 16.16 fixed point, stepped incrementally by an integer step, so every
/// destination pixel's sample position is exact integer arithmetic after two rounded Doubles.
struct SampleAxis {
    var index0: [Int32], index1: [Int32], fraction: [UInt16]
    /// True when every fraction is 0 (samples fall exactly on source pixels).
    var integral = true

    init(first: Int, end: Int, origin: Double, ratio: Double, size: Int) {
        let count = end - first
        index0 = [Int32](repeating: 0, count: count)
        index1 = [Int32](repeating: 0, count: count)
        fraction = [UInt16](repeating: 0, count: count)
        let limit = 1e12  // keeps the Int conversion in range for absurd rects (never hit by real ones)
        let startPosition = ((Double(first) + 0.5 - origin) * ratio - 0.5) * 65536
        var position = Int(min(max(startPosition.rounded(), -limit), limit))
        let step = Int(min(max((ratio * 65536).rounded(), 0), limit / 65536))
        let last = size - 1
        for i in 0..<count {
            let whole = position >> 16
            if whole < 0 {
                index0[i] = 0; index1[i] = 0
            } else if whole >= last {
                index0[i] = Int32(last); index1[i] = Int32(last)
            } else {
                index0[i] = Int32(whole); index1[i] = Int32(whole + 1)
                fraction[i] = UInt16((position >> 8) & 0xFF)
                if fraction[i] != 0 { integral = false }
            }
            position += step
        }
    }
}
