import FlipbookGeometry
import FlipbookRaster
import FlipbookScene
import FlipbookText

/// Draws display lists onto canvases: the only place that turns `DisplayOp`s into pixels.
public struct FrameRasterizer: Sendable {
    /// Decoded images for `image` ops.
    public let images: ImageStore
    /// The font for `text` ops; nil when no op draws text.
    public let font: Font?

    /// Creates a rasterizer.
    public init(images: ImageStore, font: Font?) { self.images = images; self.font = font }

    /// Draws a whole frame on a new canvas the size of the display list's device.
    public func render(_ list: DisplayList) -> PremultipliedImage {
        let pixels = list.device.pixelSize
        var canvas = Canvas(widthPixels: pixels.width, heightPixels: pixels.height, scale: list.device.scale,
                            background: PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255))
        draw(list.ops, on: &canvas)
        return canvas.image
    }

    /// Draws ops in order.
    public func draw(_ ops: [DisplayOp], on canvas: inout Canvas) {
        for op in ops {
            switch op {
            case let .fill(rect, color, opacity, clip):
                canvas.fill(rect, color: color, opacity: opacity, clip: clip)
            case let .image(source, rect, contentMode, opacity, clip):
                guard let image = images[source] else {
                    preconditionFailure("image \(source) was not loaded: the store is built from the display lists")
                }
                canvas.draw(image, in: rect, contentMode: contentMode, opacity: opacity, clip: clip)
            case let .text(string, _, size, origin, color, opacity, clip):
                guard let font else { preconditionFailure("a text op needs a font: the job loads one when any op draws text") }
                canvas.drawText(string, font: font, sizePoints: size, baselineOrigin: origin, color: color, opacity: opacity, clip: clip)
            case let .group(opacity, children):
                let scale = canvas.scale
                canvas.drawGroup(opacity: opacity, bounds: FrameRasterizer.bounds(of: children) { textBounds($0, scale: scale) }) { inner in
                    draw(children, on: &inner)
                }
            case let .shape(shape, color, opacity, clip):
                canvas.fill(shape.rect, cornerRadius: shape.cornerRadius, transform: shape.transform, color: color, opacity: opacity, clip: clip)
            case let .transformedImage(source, rect, contentMode, transform, opacity, clip):
                guard let image = images[source] else {
                    preconditionFailure("image \(source) was not loaded: the store is built from the display lists")
                }
                canvas.draw(image, in: rect, contentMode: contentMode, transform: transform, opacity: opacity, clip: clip)
            case let .maskedGroup(opacity, mask, children):
                canvas.drawGroup(opacity: opacity, bounds: mask.boundingBox,
                                 mask: Path(roundedRect: mask.rect, cornerRadius: mask.cornerRadius, transform: mask.transform)) { inner in
                    draw(children, on: &inner)
                }
            case let .path(path, color, opacity, clip):
                canvas.fill(path, color: color, opacity: opacity, clip: clip)
            }
        }
    }

    /// Where a text op's glyphs land, in points, one device pixel larger on every side than
    /// the union of their masks (so rounding the rect back to pixels cannot lose one); nil
    /// without a font. The same placement `Canvas.drawText` uses, so the rect holds every
    /// pixel the op can touch.
    func textBounds(_ op: DisplayOp, scale: Double) -> Rect? {
        guard case let .text(string, _, size, origin, _, _, _) = op, let font else { return nil }
        let glyphs = font.placeGlyphs(string, sizePoints: size, scale: scale, baselineOrigin: origin)
        guard let first = glyphs.first else { return Rect(origin: origin, size: .zero) }
        var x0 = first.pixelX, y0 = first.pixelY, x1 = x0, y1 = y0
        for glyph in glyphs {
            x0 = min(x0, glyph.pixelX); y0 = min(y0, glyph.pixelY)
            x1 = max(x1, glyph.pixelX + glyph.mask.width); y1 = max(y1, glyph.pixelY + glyph.mask.height)
        }
        return Rect(x: Double(x0 - 1) / scale, y: Double(y0 - 1) / scale,
                    width: Double(x1 - x0 + 2) / scale, height: Double(y1 - y0 + 2) / scale)
    }

    /// The union of the ops' clipped rects; a text op's is `textBounds(op)`, and nil there
    /// (the default) means the whole canvas.
    static func bounds(of ops: [DisplayOp], textBounds: (DisplayOp) -> Rect? = { _ in nil }) -> Rect? {
        var union: Rect?
        for op in ops {
            let rect: Rect?
            switch op {
            case let .fill(r, _, _, clip): rect = clip.map { $0.rect.intersection(r) ?? .zero } ?? r
            case let .image(_, r, mode, _, clip):
                // aspectFill and center may draw outside their rect unless clipped.
                if let clip { rect = clip.rect } else { rect = [.scaleToFill, .scaleAspectFit].contains(mode) ? r : nil }
            case .text: rect = textBounds(op)
            case let .group(_, children): rect = bounds(of: children, textBounds: textBounds)
            case let .shape(shape, _, _, clip): rect = clip.map { $0.rect.intersection(shape.boundingBox) ?? .zero } ?? shape.boundingBox
            case let .transformedImage(_, r, mode, transform, _, clip):
                if let clip { rect = clip.rect } else {
                    rect = [.scaleToFill, .scaleAspectFit].contains(mode) ? ClipShape(rect: r, cornerRadius: 0, transform: transform).boundingBox : nil
                }
            case let .maskedGroup(_, mask, _): rect = mask.boundingBox
            case let .path(path, _, _, clip):
                // An empty or non-finite path draws nothing: an empty rect at the origin.
                let box = path.boundingBox ?? .zero
                rect = clip.map { $0.rect.intersection(box) ?? .zero } ?? box
            }
            guard let rect else { return nil }
            if let current = union {
                let x0 = min(current.minX, rect.minX), y0 = min(current.minY, rect.minY)
                union = Rect(x: x0, y: y0, width: max(current.maxX, rect.maxX) - x0, height: max(current.maxY, rect.maxY) - y0)
            } else {
                union = rect
            }
        }
        return union
    }
}
