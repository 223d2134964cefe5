package import FlipbookGeometry

extension Canvas {
    /// Draws `image` laid out in `rect` (points) by `contentMode`, multiplied by `opacity`
    /// (clamped to 0…1), inside `clip`.
    ///
    /// The image's size in points is its full-resolution size in pixels (a UIImage of scale 1;
    /// `ImagePyramid.widthPoints`, even when decoded reduced). Pixels are sampled
    /// at device-pixel centres, bilinearly, from the pyramid level that leaves a scale in [0.5, 1)
    /// (level 0 whenever the scale is ≥ 0.5); borders clamp to the edge pixel; the image rect's
    /// edge pixels get area coverage like a fill. scaleAspectFill overflows `rect` unless `clip`
    /// clips it (as `clipsToBounds`).
    package mutating func draw(
        _ image: ImagePyramid, in rect: Rect, contentMode: ContentMode,
        opacity: Double = 1, clip: Clip? = nil
    ) {
        guard image.width > 0, image.height > 0 else { return }
        let layout = contentMode.imageRect(imageSize: Size(width: Double(image.widthPoints), height: Double(image.heightPoints)), in: rect)
        let r = layout.scaled(by: scale)
        let b = pixelBounds
        let spanX = AxisSpan(r.minX, r.maxX, lower: b.x0, upper: b.x1)
        let spanY = AxisSpan(r.minY, r.maxY, lower: b.y0, upper: b.y1)
        let weight = PixelMath.weight(opacity)
        guard weight > 0, !spanX.isEmpty, !spanY.isEmpty else { return }

        // Level choice (once per draw): the smaller of the two axis scales decides, so an
        // anisotropic reduction blurs a little along one axis rather than aliasing along the other.
        // Device pixels per base pixel. A reduced decode's base pixel covers `reduction` points
        // (its last one partly), so the exact points / reduction is used, not the rounded-up
        // pixel count; with reduction 1 this is exactly width and height, as before.
        let reduction = Double(image.reduction)
        let scaleX = r.width / (Double(image.widthPoints) / reduction), scaleY = r.height / (Double(image.heightPoints) / reduction)
        let minimumScale = min(scaleX, scaleY)
        var level = 0
        while level + 1 < image.levelCount, minimumScale * Double(1 << level) < 0.5 { level += 1 }
        let source = image.level(level)
        let factor = Double(1 << level)

        // Source positions in 16.16 fixed point of the level's pixel-centre grid:
        // u(x) = (x + ½ − rect.x) · (width / rect.width) / 2^level − ½, stepped by an integer.
        let x0 = max(spanX.firstPixel, b.x0), x1 = min(spanX.endPixel, b.x1)
        let y0 = max(spanY.firstPixel, b.y0), y1 = min(spanY.endPixel, b.y1)
        guard x1 > x0, y1 > y0 else { return }
        let columns = SampleAxis(first: x0, end: x1, origin: r.minX, ratio: 1 / (scaleX * factor), size: source.width)
        let rows = SampleAxis(first: y0, end: y1, origin: r.minY, ratio: 1 / (scaleY * factor), size: source.height)
        let pairs = columns.pairs

        source.pixels.withUnsafeBufferPointer { pixels in
            columns.index.withUnsafeBufferPointer { index in
                columns.fraction.withUnsafeBufferPointer { fraction in
                    columns.fraction.map { SIMD8(lowHalf: SIMD4(repeating: UInt16(256 - $0)), highHalf: SIMD4(repeating: UInt16($0))) }
                        .withUnsafeBufferPointer { columnWeights in
                            rows.index.withUnsafeBufferPointer { rowIndex in
                                rows.fraction.withUnsafeBufferPointer { rowFraction in
                                    let src = pixels.baseAddress!
                                    // The vertical pass's output for one row, one spread pixel per source column (see
                                    // `drawImageSegment`). Spare elements: a clamped last column reads `index + 1` with
                                    // fraction 0, so its value never matters but must be readable.
                                    let vertical = UnsafeMutablePointer<UInt64>.allocate(capacity: source.width + 4)
                                    vertical.initialize(repeating: 0, count: source.width + 4)
                                    defer { vertical.deallocate() }
                                    forEachSegment(x: spanX, y: spanY, clip: clip, opacity: weight) { segment in
                                        let j = segment.y - y0
                                        let row0 = src + Int(rowIndex[j]) * source.width
                                        let fy = rowFraction[j]
                                        // A clamped row has fraction 0: its second row gets weight 0, so reuse the first.
                                        let row1 = fy == 0 ? row0 : row0 + source.width
                                        func general(_ part: RowSegment) {
                                            let c = part.x - x0
                                            Self.drawImageSegment(
                                                part, row0: row0, row1: row1, fy: fy, lastColumn: source.width - 1,
                                                index: index.baseAddress! + c, fraction: fraction.baseAddress! + c,
                                                columnWeights: columnWeights.baseAddress! + c,
                                                integral: columns.integral, vertical: vertical)
                                        }
                                        // An exact 2:1 reduction along x (step 2, one fraction): the interior run's
                                        // columns inside `pairs` are sampled in one pass, the rest as usual.
                                        let start = max(segment.x, x0 + pairs.lowerBound),
                                            end = min(segment.x + segment.count, x0 + pairs.upperBound)
                                        guard segment.weights == nil, end - start >= 4 else { return general(segment) }
                                        func part(_ from: Int, _ to: Int) -> RowSegment {
                                            RowSegment(
                                                y: segment.y, x: from, count: to - from,
                                                destination: segment.destination + (from - segment.x), weights: nil, weight: segment.weight)
                                        }
                                        if start > segment.x { general(part(segment.x, start)) }
                                        let k = Int(index[start - x0])
                                        Self.drawPairSegment(
                                            part(start, end), row0: row0 + k, row1: row1 + k, fy: fy, fx: fraction[start - x0])
                                        if segment.x + segment.count > end { general(part(end, segment.x + segment.count)) }
                                    }
                                }
                            }
                        }
                }
            }
        }
    }

    /// Samples, weights and blends one row segment of an image.
    ///
    /// Bilinear filtering is done vertically first, over the contiguous source columns the
    /// segment needs, four columns per SIMD operation, into `vertical`: one spread pixel per
    /// source column, a `UInt64` with red, blue, green, alpha in 16-bit lanes from the low end.
    /// Then each destination pixel interpolates columns `index` and `index + 1` horizontally,
    /// all four channels in one scalar 64-bit multiply. Both steps compute the rounded lerp
    /// `(a·(256 − f) + b·f + 128) >> 8` per channel (see `lerp`).
    @inline(__always)
    static func drawImageSegment(
        _ segment: RowSegment, row0: UnsafePointer<UInt32>, row1: UnsafePointer<UInt32>, fy: UInt32,
        lastColumn: Int, index: UnsafePointer<Int32>, fraction: UnsafePointer<UInt32>, columnWeights: UnsafePointer<SIMD8<UInt16>>,
        integral: Bool,
        vertical: UnsafeMutablePointer<UInt64>
    ) {
        let d = segment.destination, count = segment.count
        let w = segment.weight
        if segment.weights == nil && w == 256 && fy == 0 && integral {
            // Source pixel centres hit exactly (a 1:1 draw on whole pixels): a copy.
            for i in 0..<count { blend(row0[Int(index[i])], into: d + i) }
            return
        }
        // Vertical pass over source columns [first, last]. Four packed pixels are eight 16-bit
        // lanes of two channels each; masking and shifting split them into R,B and G,A lanes,
        // which are interleaved per pixel on the way out.
        let first = Int(index[0]), last = min(Int(index[count - 1]) + 1, lastColumn)
        var c = first
        let low = SIMD8<UInt16>(repeating: 0xFF), high = SIMD8<UInt16>(repeating: 0xFF00), half = SIMD8<UInt16>(repeating: 128)
        let f = SIMD8<UInt16>(repeating: UInt16(fy))
        if fy == 128 {
            // Half way between two rows (every row of an aligned 2:1 reduction): the lerp is
            // (a + b + 1) >> 1 per channel, a rounded-up byte average, computed on packed pixels
            // as (a | b) − ((a ^ b) >> 1) with the bit shifted across bytes masked off (no
            // byte borrows: a | b ≥ (a ^ b) per byte). Then split into R,B and G,A lanes.
            while c + 4 <= last + 1 {
                let a = UnsafeRawPointer(row0 + c).loadUnaligned(as: SIMD4<UInt32>.self)
                let b = UnsafeRawPointer(row1 + c).loadUnaligned(as: SIMD4<UInt32>.self)
                let average = (a | b) &- (((a ^ b) &>> 1) & 0x7F7F_7F7F)
                let rb = average & 0x00FF_00FF, ga = (average &>> 8) & 0x00FF_00FF
                let out = UnsafeMutableRawPointer(vertical + c)
                out.storeBytes(of: SIMD4(rb[0], ga[0], rb[1], ga[1]), as: SIMD4<UInt32>.self)
                out.storeBytes(of: SIMD4(rb[2], ga[2], rb[3], ga[3]), toByteOffset: 16, as: SIMD4<UInt32>.self)
                c += 4
            }
        }
        while c + 4 <= last + 1 {
            let a = UnsafeRawPointer(row0 + c).loadUnaligned(as: SIMD8<UInt16>.self)
            let b = UnsafeRawPointer(row1 + c).loadUnaligned(as: SIMD8<UInt16>.self)
            let aLow = a & low, bLow = b & low, aHigh = a &>> 8, bHigh = b &>> 8
            // a·256 + (b − a)·f + 128 wraps per lane, but its true value is in 0…65 535.
            // (aLow·256 is a << 8 and aHigh·256 is a & 0xFF00, one operation each.)
            let rb = unsafeBitCast(((a &<< 8) &+ (bLow &- aLow) &* f &+ half) &>> 8, to: SIMD4<UInt32>.self)
            let ga = unsafeBitCast(((a & high) &+ (bHigh &- aHigh) &* f &+ half) &>> 8, to: SIMD4<UInt32>.self)
            let out = UnsafeMutableRawPointer(vertical + c)
            out.storeBytes(of: SIMD4(rb[0], ga[0], rb[1], ga[1]), as: SIMD4<UInt32>.self)
            out.storeBytes(of: SIMD4(rb[2], ga[2], rb[3], ga[3]), toByteOffset: 16, as: SIMD4<UInt32>.self)
            c += 4
        }
        while c <= last {
            let a = row0[c], b = row1[c]
            vertical[c] = lerp(spread(a), spread(b), UInt64(fy))
            c += 1
        }

        // Horizontal pass: one destination pixel per iteration.
        @inline(__always) func sample(_ i: Int) -> UInt64 {
            let k = Int(index[i])
            return lerp(vertical[k], vertical[k + 1], UInt64(fraction[i]))
        }
        if let weights = segment.weights {
            for i in 0..<count { blend(pack(scale(sample(i), by: UInt64(weights[i]))), into: d + i) }
        } else {
            // Four destination pixels per iteration. One 16-byte load brings both source columns
            // of a pixel (left in the low half), weighted by (256 − f, f) in one multiply.
            let verticalBytes = UnsafeRawPointer(vertical)
            @inline(__always) func samplePair(_ i: Int) -> SIMD4<UInt32> {
                let p0 = verticalBytes.loadUnaligned(fromByteOffset: Int(index[i]) &* 8, as: SIMD8<UInt16>.self) &* columnWeights[i]
                let p1 = verticalBytes.loadUnaligned(fromByteOffset: Int(index[i + 1]) &* 8, as: SIMD8<UInt16>.self) &* columnWeights[i + 1]
                let v =
                    (SIMD8(lowHalf: p0.lowHalf, highHalf: p1.lowHalf) &+ SIMD8(lowHalf: p0.highHalf, highHalf: p1.highHalf) &+ half) &>> 8
                let x = unsafeBitCast(v, to: SIMD2<UInt64>.self)
                return unsafeBitCast(x | (x &>> 24), to: SIMD4<UInt32>.self) // packed pixels in lanes 0 and 2, see `pack`
            }
            var i = 0
            while i + 4 <= count {
                let a = samplePair(i), b = samplePair(i + 2)
                blend4(SIMD4(a[0], a[2], b[0], b[2]), weight: w, into: d + i)
                i += 4
            }
            while i < count { blend(pack(scale(sample(i), by: UInt64(w))), into: d + i); i += 1 }
        }
    }

    /// Samples, weights and blends a run of destination pixels whose source columns are pairs
    /// `(2i, 2i + 1)` from `row0`/`row1` with one horizontal fraction `fx` (an exact 2:1 reduction
    /// along x), in one pass: four destination pixels per step from eight source pixels of each
    /// row, the vertical lerp then the horizontal lerp, the same formula and rounding as
    /// `drawImageSegment` (`(a·(256 − f) + b·f + 128) >> 8` per channel, twice).
    @inline(__always)
    static func drawPairSegment(_ segment: RowSegment, row0: UnsafePointer<UInt32>, row1: UnsafePointer<UInt32>, fy: UInt32, fx: UInt32) {
        // fy = 0 has row1 == row0 (see the caller), so the byte average is the row itself.
        let averageRows = fy == 128 || fy == 0
        switch (averageRows, fx == 128) {
        case (true, true): pairKernel(segment, row0, row1, fy, fx, averageRows: true, averageColumns: true)
        case (true, false): pairKernel(segment, row0, row1, fy, fx, averageRows: true, averageColumns: false)
        default: pairKernel(segment, row0, row1, fy, fx, averageRows: false, averageColumns: false)
        }
    }

    /// The loop of `drawPairSegment`, specialised (inlined) per case: rows half way apart use the
    /// packed rounded-up byte average `(a | b) − (((a ^ b) >> 1) & 0x7F7F7F7F)` (= the lerp with
    /// f = 128), likewise columns when `fx` = 128 too; otherwise the lerps run in 16-bit lanes
    /// of two channels each as `a·256 + (b − a)·f + 128` (see `lerp`).
    @inline(__always)
    static func pairKernel(
        _ segment: RowSegment, _ row0: UnsafePointer<UInt32>, _ row1: UnsafePointer<UInt32>, _ fy: UInt32, _ fx: UInt32,
        averageRows: Bool, averageColumns: Bool
    ) {
        let d = segment.destination, count = segment.count, w = segment.weight
        let low = SIMD8<UInt16>(repeating: 0xFF), high = SIMD8<UInt16>(repeating: 0xFF00), half = SIMD8<UInt16>(repeating: 128)
        let fy16 = SIMD8<UInt16>(repeating: UInt16(fy)), fx16 = SIMD8<UInt16>(repeating: UInt16(fx))
        let bytes = SIMD4<UInt32>(repeating: 0x00FF_00FF)
        @inline(__always) func average(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<UInt32> {
            (a | b) &- (((a ^ b) &>> 1) & 0x7F7F_7F7F)
        }
        /// (a·256 + (b − a)·f + 128) >> 8 per 16-bit lane; a, b ≤ 255 per lane.
        @inline(__always) func lerpLanes(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<UInt32> {
            let a16 = unsafeBitCast(a, to: SIMD8<UInt16>.self), b16 = unsafeBitCast(b, to: SIMD8<UInt16>.self)
            return unsafeBitCast(((a16 &<< 8) &+ (b16 &- a16) &* fx16 &+ half) &>> 8, to: SIMD4<UInt32>.self)
        }
        /// Vertical lerp of four pixels: R,B and G,A in 16-bit lanes (one pixel per 32-bit lane).
        @inline(__always) func vertical(_ a32: SIMD4<UInt32>, _ b32: SIMD4<UInt32>) -> (rb: SIMD4<UInt32>, ga: SIMD4<UInt32>) {
            let a = unsafeBitCast(a32, to: SIMD8<UInt16>.self), b = unsafeBitCast(b32, to: SIMD8<UInt16>.self)
            let rb = ((a &<< 8) &+ ((b & low) &- (a & low)) &* fy16 &+ half) &>> 8
            let ga = ((a & high) &+ ((b &>> 8) &- (a &>> 8)) &* fy16 &+ half) &>> 8
            return (unsafeBitCast(rb, to: SIMD4<UInt32>.self), unsafeBitCast(ga, to: SIMD4<UInt32>.self))
        }
        var i = 0
        while i + 4 <= count {
            let p0 = UnsafeRawPointer(row0 + 2 &* i), p1 = UnsafeRawPointer(row1 + 2 &* i)
            let a0 = p0.loadUnaligned(as: SIMD4<UInt32>.self), a1 = p0.loadUnaligned(fromByteOffset: 16, as: SIMD4<UInt32>.self)
            let b0 = p1.loadUnaligned(as: SIMD4<UInt32>.self), b1 = p1.loadUnaligned(fromByteOffset: 16, as: SIMD4<UInt32>.self)
            var s: SIMD4<UInt32>
            if averageRows {
                let v0 = average(a0, b0), v1 = average(a1, b1)
                let even = SIMD4(v0[0], v0[2], v1[0], v1[2]), odd = SIMD4(v0[1], v0[3], v1[1], v1[3])
                if averageColumns {
                    s = average(even, odd)
                } else {
                    s = lerpLanes(even & bytes, odd & bytes) | (lerpLanes((even &>> 8) & bytes, (odd &>> 8) & bytes) &<< 8)
                }
            } else {
                let v0 = vertical(a0, b0), v1 = vertical(a1, b1)
                let rb = lerpLanes(SIMD4(v0.rb[0], v0.rb[2], v1.rb[0], v1.rb[2]), SIMD4(v0.rb[1], v0.rb[3], v1.rb[1], v1.rb[3]))
                let ga = lerpLanes(SIMD4(v0.ga[0], v0.ga[2], v1.ga[0], v1.ga[2]), SIMD4(v0.ga[1], v0.ga[3], v1.ga[1], v1.ga[3]))
                s = rb | (ga &<< 8)
            }
            blend4(s, weight: w, into: d + i)
            i += 4
        }
        let fy64 = UInt64(fy), fx64 = UInt64(fx)
        while i < count {
            let left = lerp(spread(row0[2 &* i]), spread(row1[2 &* i]), fy64)
            let right = lerp(spread(row0[2 &* i &+ 1]), spread(row1[2 &* i &+ 1]), fy64)
            blend(pack(scale(lerp(left, right, fx64), by: UInt64(w))), into: d + i)
            i += 1
        }
    }

    /// A packed pixel spread to 16-bit lanes of a `UInt64`: red, blue, green, alpha from the low end.
    @inline(__always)
    static func spread(_ p: UInt32) -> UInt64 {
        UInt64(p & 0x00FF_00FF) | UInt64(p & 0xFF00_FF00) &<< 24
    }

    /// The inverse of `spread` (lanes must hold values ≤ 255).
    @inline(__always)
    static func pack(_ v: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: v | v &>> 24)
    }

    /// Each lane of a spread pixel scaled by `weight`/256 (0…256): `(c·weight + 128) >> 8`, as
    /// `PixelMath.scale`.
    @inline(__always)
    static func scale(_ v: UInt64, by weight: UInt64) -> UInt64 {
        ((v &* weight &+ 0x0080_0080_0080_0080) &>> 8) & 0x00FF_00FF_00FF_00FF
    }

    /// `(a·(256 − f) + b·f + 128) >> 8` in each 16-bit lane of spread pixels (f in 0…255),
    /// computed as `a·256 + (b − a)·f + 128`: a lane of `b − a` may be negative and borrow from
    /// the lane above, but the expression is linear and each lane's true result lies in
    /// 0…65 535, so the wrapping 64-bit total is exactly the lanes' results side by side.
    @inline(__always)
    static func lerp(_ a: UInt64, _ b: UInt64, _ f: UInt64) -> UInt64 {
        (((a &<< 8) &+ (b &- a) &* f &+ 0x0080_0080_0080_0080) &>> 8) & 0x00FF_00FF_00FF_00FF
    }

    /// Four packed samples scaled by `weight` (0…256, `PixelMath.scale`) and composited
    /// source-over onto `destination[0..<4]`: stored when all four are opaque, else the exact
    /// four-pixel `PixelMath.sourceOver`.
    @inline(__always)
    static func blend4(_ samples: SIMD4<UInt32>, weight: UInt32, into destination: UnsafeMutablePointer<UInt32>) {
        let s = weight == 256 ? samples : PixelMath.scale(samples, by: weight)
        let alpha = SIMD4<UInt32>(repeating: 0xFF00_0000)
        let out = UnsafeMutableRawPointer(destination)
        if all(s & alpha .== alpha) {
            out.storeBytes(of: s, as: SIMD4<UInt32>.self)
        } else {
            out.storeBytes(of: PixelMath.sourceOver(s, out.loadUnaligned(as: SIMD4<UInt32>.self)), as: SIMD4<UInt32>.self)
        }
    }

    /// Source-over of a packed source pixel onto `*destination`: stores it when opaque, skips it
    /// when transparent (both give the same result as `PixelMath.sourceOver`, faster).
    @inline(__always)
    static func blend(_ s: UInt32, into destination: UnsafeMutablePointer<UInt32>) {
        if s >= 0xFF00_0000 {
            destination.pointee = s
        } else if s != 0 {
            destination.pointee = PixelMath.sourceOver(s, destination.pointee)
        }
    }
}

/// Precomputed sampling positions along one axis of an image draw: for each destination pixel,
/// the first of the two neighbouring source pixels and the 8-bit fraction towards the second.
/// Outside the image the index is clamped to the edge pixel with fraction 0 (so the second
/// pixel, `index + 1`, is read but gets weight 0).
///
/// Positions are 16.16 fixed point, stepped incrementally by an integer step, so every
/// destination pixel's sample position is exact integer arithmetic after two rounded Doubles.
struct SampleAxis {
    var index: [Int32], fraction: [UInt32]
    /// True when every fraction is 0 (samples fall exactly on source pixels).
    var integral = true
    /// Destination pixels (offsets from `first`) whose samples are source pixels `(index, index + 1)`
    /// with `index` stepping by exactly 2 and one fraction (an exact 2:1 reduction, unclamped).
    var pairs = 0..<0

    init(first: Int, end: Int, origin: Double, ratio: Double, size: Int) {
        let count = end - first
        index = [Int32](repeating: 0, count: count)
        fraction = [UInt32](repeating: 0, count: count)
        let limit = 1_000_000_000_000 // keeps the Int conversion in range for absurd rects (never hit by real ones)
        let startPosition = ((Double(first) + 0.5 - origin) * ratio - 0.5) * 65536
        var position = Int(clamping: startPosition.rounded(), to: -limit...limit)
        let step = Int(clamping: (ratio * 65536).rounded(), to: 0...limit / 65536)
        let last = size - 1
        // Step 2.0 exactly keeps the low 16 bits, so the fraction is the same at every unclamped pixel.
        var pairStart = count, pairEnd = count
        for i in 0..<count {
            let whole = position >> 16
            if whole < 0 {
                index[i] = 0
            } else if whole >= last {
                index[i] = Int32(last)
            } else {
                index[i] = Int32(whole)
                let f = UInt32((position >> 8) & 0xFF)
                fraction[i] = f
                if f != 0 { integral = false }
                if pairStart == count { pairStart = i }
                pairEnd = i + 1
            }
            position += step
        }
        if step == 0x20000 { pairs = pairStart..<pairEnd }
    }
}
