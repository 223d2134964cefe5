import FlipbookGeometry
import FlipbookRaster
import FlipbookScene
import FlipbookText

/// Draws display lists onto canvases: the only place that turns `DisplayOp`s into pixels.
public struct FrameRasterizer: Sendable {
    /// Decoded images for `image` ops.
    public let images: ImageStore

    /// Creates a rasterizer. Text ops carry their fonts (glyph runs), so none is needed here.
    public init(images: ImageStore) { self.images = images }

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
            case let .text(layout, origin, color, opacity, clip):
                canvas.draw(layout, at: origin, color: color, opacity: opacity, clip: clip)
            case let .group(opacity, children):
                canvas.drawGroup(opacity: opacity, bounds: FrameRasterizer.bounds(of: children) { FrameRasterizer.textBounds($0) }) { inner in
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

    /// A rect in points that holds every pixel a text op can touch: each glyph's origin widened
    /// by its run's size on the left and right and by twice the size above and once below. No
    /// glyph of the fonts used reaches that far from its origin (Noto Color Emoji's bitmaps, the
    /// widest, are 1.25 em wide and rise 0.95 em; Devanagari marks stay within 1.1 em above),
    /// and a looser rect only costs offscreen pixels. nil for other ops.
    static func textBounds(_ op: DisplayOp) -> Rect? {
        guard case let .text(layout, origin, _, _, clip) = op else { return nil }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for line in layout.lines {
            for run in line.runs {
                let size = run.sizePoints
                for glyph in run.glyphs {
                    x0 = min(x0, glyph.x - size); x1 = max(x1, glyph.x + glyph.advance + size)
                    y0 = min(y0, glyph.y - 2 * size); y1 = max(y1, glyph.y + size)
                }
            }
        }
        guard x0 <= x1 else { return Rect(origin: origin, size: .zero) }
        let rect = Rect(x: origin.x + x0, y: origin.y + y0, width: x1 - x0, height: y1 - y0)
        guard let clip else { return rect }
        return clip.rect.intersection(rect) ?? .zero
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
