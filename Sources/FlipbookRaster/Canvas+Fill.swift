package import FlipbookGeometry

extension Canvas {
    /// Fills `rect` (points) with `color`, multiplied by `opacity` (clamped to 0…1), inside `clip`.
    ///
    /// Edge pixels get their exact area coverage (quantised to 1/256 pixel per edge).
    package mutating func fill(_ rect: Rect, color: StraightColor, opacity: Double = 1, clip: Clip? = nil) {
        let source = color.premultipliedPixel.packed
        guard source != 0 else { return }
        let r = rect.scaled(by: scale)
        let b = pixelBounds
        forEachSegment(
            x: AxisSpan(r.minX, r.maxX, lower: b.x0, upper: b.x1),
            y: AxisSpan(r.minY, r.maxY, lower: b.y0, upper: b.y1),
            clip: clip, opacity: PixelMath.weight(opacity)
        ) { segment in
            Self.fillSegment(segment, color: source)
        }
    }

    /// Blends `color` (premultiplied) over one row segment.
    @inline(__always)
    static func fillSegment(_ segment: RowSegment, color: UInt32) {
        let d = segment.destination
        if let weights = segment.weights {
            for i in 0..<segment.count {
                let s = PixelMath.scale(color, by: UInt32(weights[i]))
                if s != 0 { d[i] = PixelMath.sourceOver(s, d[i]) }
            }
            return
        }
        let s = PixelMath.scale(color, by: segment.weight)
        let inverseAlpha = 255 &- (s &>> 24)
        if inverseAlpha == 0 {
            d.update(repeating: s, count: segment.count)
        } else if s != 0 {
            // Four pixels per SIMD step (`PixelMath.sourceOver`, the same exact rounding): a
            // translucent full-screen fill — a detail view fading in — is a million of these.
            let source = SIMD4<UInt32>(repeating: s)
            var i = 0
            while i + 4 <= segment.count {
                let out = UnsafeMutableRawPointer(d + i)
                out.storeBytes(of: PixelMath.sourceOver(source, out.loadUnaligned(as: SIMD4<UInt32>.self)), as: SIMD4<UInt32>.self)
                i += 4
            }
            while i < segment.count {
                d[i] = s &+ PixelMath.multiplyDivide255(pixel: d[i], inverseAlpha)
                i += 1
            }
        }
    }
}
