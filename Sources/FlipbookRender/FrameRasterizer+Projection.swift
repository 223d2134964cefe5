import FlipbookGeometry
import FlipbookRaster
import FlipbookModel
import FlipbookText

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
            guard let glyphs = FrameRasterizer.glyphBounds(layout, at: origin), glyphs.width > 0, glyphs.height > 0 else { return }
            let stretch = Transform2D.identity.corners(of: glyphs).map { corner -> Double in
                let j = projection.jacobian(at: corner)
                return max((j.a * j.a + j.b * j.b).squareRoot(), (j.c * j.c + j.d * j.d).squareRoot())
            }.max() ?? 1
            var pixelsPerPoint = canvas.scale * stretch
            let area = glyphs.width * glyphs.height * pixelsPerPoint * pixelsPerPoint
            if area > FrameRasterizer.maximumTextBitmapPixels { pixelsPerPoint *= (FrameRasterizer.maximumTextBitmapPixels / area).squareRoot() }
            guard pixelsPerPoint.isFinite, pixelsPerPoint > 0 else { return }
            let (bitmap, rect) = FrameRasterizer.textBitmap(layout, at: origin, glyphs: glyphs, color: color, pixelsPerPoint: pixelsPerPoint)
            canvas.draw(bitmap, in: rect, contentMode: .scaleToFill, projection: projection, opacity: opacity, clip: clip)
        }
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
        }
        let box = Path(polygon: projection.project(Transform2D.identity.corners(of: rect))).boundingBox ?? .zero
        guard let clip else { return box }
        return clip.rect.intersection(box) ?? .zero
    }
}
