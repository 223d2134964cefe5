extension Canvas {
    /// Composites `color` through a coverage mask (a glyph) whose top-left pixel is at device
    /// pixel (x, y), multiplied by `opacity` (clamped to 0…1), inside `clip` (points).
    ///
    /// Mask coverage c (0…255) becomes the weight `c + (c >> 7)` = round(c·256/255) and multiplies
    /// the clip/opacity weight (`PixelMath.multiplyWeights`).
    package mutating func draw(
        _ mask: CoverageMask, atPixelX x: Int, y: Int, color: StraightColor,
        opacity: Double = 1, clip: Clip? = nil
    ) {
        let source = color.premultipliedPixel.packed
        guard source != 0, mask.width > 0, mask.height > 0 else { return }
        let weights = mask.coverage.map { UInt16(PixelMath.weight(coverage: UInt32($0))) }
        draw(
            weights: weights, x: x, y: y, width: mask.width, height: mask.height, color: source,
            opacity: PixelMath.weight(opacity), clip: clip)
    }
}
