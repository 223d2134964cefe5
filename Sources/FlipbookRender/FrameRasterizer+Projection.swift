import FlipbookGeometry
import FlipbookModel
import FlipbookRaster

extension FrameRasterizer {
    /// Draws a `projected` op: an image through the homography (`Canvas.draw(_:in:contentMode:projection:…)`),
    /// or a label drawn upright offscreen — at the resolution the map asks for at its most
    /// stretched glyph-box corner, within `maximumTextBitmapPixels` — and then drawn through the
    /// homography like an image, as `transformedText` is under an affine map.
    func drawProjected(_ content: ProjectedContent, projection: Homography, opacity: Double, clip: Clip?, on canvas: inout Canvas) {
        switch content {
        case let .image(source, rect, contentMode):
            guard let image = images[source] else {
                preconditionFailure("image \(source) was not loaded: the store is built from the display lists")
            }
            canvas.draw(image, in: rect, contentMode: contentMode, projection: projection, opacity: opacity, clip: clip)
        case let .text(layout, origin, color):
            guard let glyphs = FrameRasterizer.glyphBounds(layout, at: origin), glyphs.width > 0, glyphs.height > 0,
                let pixelsPerPoint = FrameRasterizer.bitmapResolution(for: glyphs, projection: projection, scale: canvas.scale)
            else { return }
            let (bitmap, rect) = FrameRasterizer.textBitmap(
                layout, at: origin, glyphs: glyphs, color: color, pixelsPerPoint: pixelsPerPoint)
            canvas.draw(bitmap, in: rect, contentMode: .scaleToFill, projection: projection, opacity: opacity, clip: clip)
        case let .gradient(gradient, rect):
            // Upright offscreen, as a label is, then through the homography like an image.
            guard rect.width > 0, rect.height > 0,
                let pixelsPerPoint = FrameRasterizer.bitmapResolution(for: rect, projection: projection, scale: canvas.scale)
            else { return }
            let maximumSide = Int(FrameRasterizer.maximumTextBitmapPixels)
            let width = Int(clamping: (rect.width * pixelsPerPoint).rounded(.up), to: 1...maximumSide)
            let height = Int(clamping: (rect.height * pixelsPerPoint).rounded(.up), to: 1...maximumSide)
            var offscreen = Canvas(widthPixels: width, heightPixels: height, scale: pixelsPerPoint)
            // The bitmap spans whole pixels: the gradient, laid out over `rect`'s size, is
            // stretched by under a pixel to cover it exactly, and the bitmap drawn onto `rect`.
            let stretchToBitmap = Transform2D(
                scaleX: Double(width) / pixelsPerPoint / rect.width, y: Double(height) / pixelsPerPoint / rect.height)
            offscreen.fill(
                gradient, in: Rect(x: 0, y: 0, width: rect.width, height: rect.height), cornerRadius: 0, transform: stretchToBitmap)
            canvas.draw(
                ImagePyramid(offscreen.image), in: rect, contentMode: .scaleToFill, projection: projection, opacity: opacity, clip: clip)
        }
    }

    /// Pixels per point of an upright offscreen bitmap of `rect` (a layer's points) drawn
    /// through `projection`: what the map asks for at `rect`'s most stretched corner on a canvas
    /// of `scale`, lowered to keep the bitmap within `maximumTextBitmapPixels`; nil when the map
    /// gives no usable resolution.
    static func bitmapResolution(for rect: Rect, projection: Homography, scale: Double) -> Double? {
        let stretch =
            Transform2D.identity.corners(of: rect).map { corner -> Double in
                let j = projection.jacobian(at: corner)
                return max((j.a * j.a + j.b * j.b).squareRoot(), (j.c * j.c + j.d * j.d).squareRoot())
            }.max() ?? 1
        var pixelsPerPoint = scale * stretch
        let area = rect.width * rect.height * pixelsPerPoint * pixelsPerPoint
        if area > maximumTextBitmapPixels { pixelsPerPoint *= (maximumTextBitmapPixels / area).squareRoot() }
        return pixelsPerPoint.isFinite && pixelsPerPoint > 0 ? pixelsPerPoint : nil
    }

    /// The points a `projected` op can touch: its (layout) rect through the map, inside its clip;
    /// nil (the whole canvas) for an overflowing image mode without a clip.
    static func projectedBounds(_ content: ProjectedContent, projection: Homography, clip: Clip?) -> Rect? {
        let rect: Rect
        switch content {
        case let .image(_, r, mode):
            guard clip != nil || [.scaleToFill, .scaleAspectFit].contains(mode) else { return nil }
            rect = r
        case let .text(layout, origin, _):
            rect = glyphBounds(layout, at: origin) ?? Rect(origin: origin, size: .zero)
        case let .gradient(_, r):
            rect = r
        }
        let box = Path(polygon: projection.project(Transform2D.identity.corners(of: rect))).boundingBox ?? .zero
        guard let clip else { return box }
        return clip.rect.intersection(box) ?? .zero
    }
}
