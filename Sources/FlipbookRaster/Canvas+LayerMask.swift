package import FlipbookGeometry

extension Canvas {
    /// Draws `body` through the alpha of what `mask` draws (a `CALayer.mask`), with group
    /// `opacity`: Core Animation's offscreen pass for a masked layer.
    ///
    /// Both draw into transparent offscreen buffers over `bounds` (points, rounded out to whole
    /// device pixels; nil = the canvas) ∩ the canvas — the mask's colours do not matter, only
    /// its alpha. Each content pixel is scaled by `multiplyWeights(weight(coverage: mask alpha),
    /// opacity weight)` and composited source-over: where the mask is opaque the content shows
    /// as drawn, where it is transparent (or outside `bounds`) nothing shows. Opacity ≤ 0 (or
    /// NaN) or an empty region draws nothing and calls neither closure.
    package mutating func drawGroup(opacity: Double, bounds: Rect?, alphaMask mask: (inout Canvas) -> Void, _ body: (inout Canvas) -> Void)
    {
        let weight = PixelMath.weight(opacity)
        guard weight > 0, let region = region(pixelBounds, limitedTo: bounds) else { return }
        let maskLayer = offscreen(region, mask)
        let content = offscreen(region, body)
        noteBuffers(2 * Self.cells(region) + max(maskLayer.peakBufferPixels, content.peakBufferPixels))
        let width = region.x1 - region.x0
        let stride = image.width
        let (originX, originY) = (self.originX, self.originY)
        content.image.pixels.withUnsafeBufferPointer { source in
            maskLayer.image.pixels.withUnsafeBufferPointer { alpha in
                image.pixels.withUnsafeMutableBufferPointer { destination in
                    for y in region.y0..<region.y1 {
                        let row = (y - region.y0) * width
                        let out = destination.baseAddress! + ((y - originY) * stride + (region.x0 - originX))
                        for i in 0..<width {
                            let pixel = source[row + i]
                            guard pixel != 0 else { continue }
                            let coverage = PixelMath.weight(coverage: alpha[row + i] &>> 24)
                            let p = PixelMath.scale(pixel, by: PixelMath.multiplyWeights(coverage, weight))
                            if p != 0 { out[i] = PixelMath.sourceOver(p, out[i]) }
                        }
                    }
                }
            }
        }
    }
}
