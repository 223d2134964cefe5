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
                canvas.drawGroup(opacity: opacity, bounds: FrameRasterizer.bounds(of: children)) { inner in
                    draw(children, on: &inner)
                }
            case .shape, .transformedImage, .maskedGroup:
                preconditionFailure("TEMP: transformed drawing lands with the raster branch")
            }
        }
    }

    /// The union of the ops' clipped rects (text ops: nil, meaning the whole canvas).
    static func bounds(of ops: [DisplayOp]) -> Rect? {
        var union: Rect?
        for op in ops {
            let rect: Rect?
            switch op {
            case let .fill(r, _, _, clip): rect = clip.map { $0.rect.intersection(r) ?? .zero } ?? r
            case let .image(_, r, mode, _, clip):
                // aspectFill and center may draw outside their rect unless clipped.
                if let clip { rect = clip.rect } else { rect = [.scaleToFill, .scaleAspectFit].contains(mode) ? r : nil }
            case .text: rect = nil
            case let .group(_, children): rect = bounds(of: children)
            case let .shape(shape, _, _, clip): rect = clip.map { $0.rect.intersection(shape.boundingBox) ?? .zero } ?? shape.boundingBox
            case let .transformedImage(_, r, mode, transform, _, clip):
                if let clip { rect = clip.rect } else {
                    rect = [.scaleToFill, .scaleAspectFit].contains(mode) ? ClipShape(rect: r, cornerRadius: 0, transform: transform).boundingBox : nil
                }
            case let .maskedGroup(_, mask, _): rect = mask.boundingBox
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
