import FlipbookGeometry

extension Canvas {
    /// Composites `color` through a coverage mask (a glyph) whose top-left pixel is at device
    /// pixel (x, y), multiplied by `opacity` (clamped to 0…1), inside `clip` (points).
    ///
    /// Mask coverage c (0…255) becomes the weight `c + (c >> 7)` = round(c·256/255) and multiplies
    /// the clip/opacity weight (`PixelMath.multiplyWeights`).
    public mutating func draw(_ mask: CoverageMask, atPixelX x: Int, y: Int, color: StraightColor,
                              opacity: Double = 1, clip: Clip? = nil) {
        let source = color.premultipliedPixel.packed
        guard source != 0, mask.width > 0, mask.height > 0 else { return }
        mask.coverage.withUnsafeBufferPointer { coverage in
            forEachSegment(x: AxisSpan(start: x << 8, end: (x + mask.width) << 8),
                           y: AxisSpan(start: y << 8, end: (y + mask.height) << 8),
                           clip: clip, opacity: PixelMath.weight(opacity)) { segment in
                let row = coverage.baseAddress! + ((segment.y - y) * mask.width + (segment.x - x))
                let d = segment.destination
                for i in 0..<segment.count {
                    let w = PixelMath.multiplyWeights(PixelMath.weight(coverage: UInt32(row[i])),
                                                      segment.weights.map { UInt32($0[i]) } ?? segment.weight)
                    let s = PixelMath.scale(source, by: w)
                    if s != 0 { d[i] = PixelMath.sourceOver(s, d[i]) }
                }
            }
        }
    }
}
