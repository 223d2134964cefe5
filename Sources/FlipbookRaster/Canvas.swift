package import FlipbookGeometry

/// A premultiplied RGBA8 drawing surface addressed in points at `scale` device pixels per point.
///
/// Every operation takes rects and clips in **points**, multiplies them by `scale` and draws with
/// exact area coverage at fractional pixel edges, composited source-over (see docs/RASTER.md).
/// Drawing outside the canvas, empty/negative/NaN rects and zero-size images are harmless no-ops.
package struct Canvas {
    /// The pixels drawn so far.
    package internal(set) var image: PremultipliedImage
    /// Device pixels per point (2 for an @2x screen).
    package let scale: Double
    /// Device-pixel position of `image`'s top-left pixel (non-zero for a group's offscreen canvas).
    var originX = 0, originY = 0
    /// The most scratch — offscreen buffers of groups and shadows, blur planes, coverage bands —
    /// alive at once while drawing on this canvas so far, in 4-byte values (pixels), the canvas
    /// itself not counted: what the budgets of `drawShadow`, `drawShadowedGroup` and
    /// `applyBackdrop` (and the renderer's for groups) bound.
    package internal(set) var peakBufferPixels = 0

    /// A canvas of `widthPixels × heightPixels` device pixels filled with `background`.
    package init(widthPixels: Int, heightPixels: Int, scale: Double, background: PremultipliedPixel = .transparent) {
        precondition(scale > 0 && scale.isFinite, "canvas scale must be positive, got \(scale)")
        image = PremultipliedImage(width: widthPixels, height: heightPixels, fill: background)
        self.scale = scale
    }

    /// A canvas that starts from `image`'s pixels, e.g. a background drawn once and shared by
    /// many frames (the array is copied on the first write, as arrays are).
    package init(image: PremultipliedImage, scale: Double) {
        precondition(scale > 0 && scale.isFinite, "canvas scale must be positive, got \(scale)")
        self.image = image
        self.scale = scale
    }

    /// The area the canvas covers, in points (a group's offscreen canvas covers part of the
    /// frame): drawing outside it has no effect, so callers may skip work there.
    package var coveredPoints: Rect {
        Rect(
            x: Double(originX) / scale, y: Double(originY) / scale,
            width: Double(image.width) / scale, height: Double(image.height) / scale)
    }

    /// The canvas's pixels in device coordinates: `[x0, x1) × [y0, y1)`.
    var pixelBounds: (x0: Int, y0: Int, x1: Int, y1: Int) {
        (originX, originY, originX + image.width, originY + image.height)
    }

    /// Draws `body` as a group with group opacity (a UIView with `alpha` and subviews).
    ///
    /// With opacity ≥ 1 the body draws straight onto this canvas (identical result, no buffer).
    /// With opacity ≤ 0 (or NaN) nothing is drawn and `body` is not called. Otherwise the body
    /// draws into a transparent offscreen buffer covering `bounds` (points, rounded out to whole
    /// pixels; nil = the whole canvas) ∩ the canvas, which is then composited source-over with
    /// the opacity weight. Drawing outside `bounds` is lost, so `bounds` must contain the group.
    package mutating func drawGroup(opacity: Double, bounds: Rect?, _ body: (inout Canvas) -> Void) {
        let weight = PixelMath.weight(opacity)
        if weight >= 256 { body(&self); return }
        if weight == 0 { return }
        guard let region = region(pixelBounds, limitedTo: bounds) else { return }
        let layer = offscreen(region, body)
        noteBuffers(Self.cells(region) + layer.peakBufferPixels)
        composite(layer.image, atPixelX: region.x0, y: region.y0, weight: weight)
    }

    /// `region` (device pixels, inside this canvas) ∩ `bounds` (points, rounded out to whole
    /// pixels; nil = no limit), or nil when that is empty.
    func region(_ region: (x0: Int, y0: Int, x1: Int, y1: Int), limitedTo bounds: Rect?) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var (x0, y0, x1, y1) = region
        if let bounds {
            let r = bounds.scaled(by: scale), b = pixelBounds
            let bx = AxisSpan(r.minX, r.maxX, lower: b.x0, upper: b.x1), by = AxisSpan(r.minY, r.maxY, lower: b.y0, upper: b.y1)
            if bx.isEmpty || by.isEmpty { return nil }
            x0 = max(x0, bx.firstPixel); x1 = min(x1, bx.endPixel)
            y0 = max(y0, by.firstPixel); y1 = min(y1, by.endPixel)
        }
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1, y1)
    }

    /// A transparent canvas over the device-pixel `region` at this canvas's scale and pixel grid,
    /// after `body` has drawn into it (a group's offscreen buffer).
    func offscreen(_ region: (x0: Int, y0: Int, x1: Int, y1: Int), _ body: (inout Canvas) -> Void) -> Canvas {
        offscreen(region, scale: scale, body)
    }

    /// The same at another `scale` (a coarser grid for a shadow's blur): `region` is in that
    /// scale's pixels.
    func offscreen(_ region: (x0: Int, y0: Int, x1: Int, y1: Int), scale: Double, _ body: (inout Canvas) -> Void) -> Canvas {
        var layer = Canvas(widthPixels: region.x1 - region.x0, heightPixels: region.y1 - region.y0, scale: scale)
        layer.originX = region.x0; layer.originY = region.y0
        body(&layer)
        return layer
    }

    /// Composites `source` with its top-left pixel at device (x, y), scaled by `weight` (0…256).
    mutating func composite(_ source: PremultipliedImage, atPixelX x: Int, y: Int, weight: UInt32) {
        let bounds = pixelBounds
        let x0 = max(x, bounds.x0), x1 = min(x + source.width, bounds.x1)
        let y0 = max(y, bounds.y0), y1 = min(y + source.height, bounds.y1)
        guard x1 > x0, y1 > y0 else { return }
        let stride = image.width
        source.pixels.withUnsafeBufferPointer { src in
            image.pixels.withUnsafeMutableBufferPointer { dst in
                for py in y0..<y1 {
                    let s = src.baseAddress! + ((py - y) * source.width + (x0 - x))
                    let d = dst.baseAddress! + ((py - originY) * stride + (x0 - originX))
                    let count = x1 - x0
                    var i = 0
                    while i + 4 <= count { // four pixels per SIMD step, same arithmetic as below
                        let p = PixelMath.scale(UnsafeRawPointer(s + i).loadUnaligned(as: SIMD4<UInt32>.self), by: weight)
                        let out = UnsafeMutableRawPointer(d + i)
                        out.storeBytes(of: PixelMath.sourceOver(p, out.loadUnaligned(as: SIMD4<UInt32>.self)), as: SIMD4<UInt32>.self)
                        i += 4
                    }
                    while i < count {
                        let p = PixelMath.scale(s[i], by: weight)
                        if p != 0 { d[i] = PixelMath.sourceOver(p, d[i]) }
                        i += 1
                    }
                }
            }
        }
    }
}
