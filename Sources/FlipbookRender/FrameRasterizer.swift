import FlipbookGeometry
import FlipbookRaster
import FlipbookText
import FlipbookModel

/// Draws display lists onto canvases: the only place that turns `DisplayOp`s into pixels.
package struct FrameRasterizer: Sendable {
    /// Decoded images for `image` ops.
    package let images: ImageStore

    /// Creates a rasterizer. Text ops carry their fonts (glyph runs), so none is needed here.
    package init(images: ImageStore) { self.images = images }

    /// Draws a whole frame on a new canvas the size of the display list's device.
    package func render(_ list: DisplayList) -> PremultipliedImage {
        let pixels = list.device.pixelSize
        var canvas = Canvas(widthPixels: pixels.width, heightPixels: pixels.height, scale: list.device.scale,
                            background: PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255))
        draw(list.ops, on: &canvas)
        return canvas.image
    }

    /// Draws ops in order.
    ///
    /// Group opacity and rotated clips draw offscreen, each group into a buffer over its
    /// content's bounds; the buffers alive at once (a group's and its enclosing groups') hold at
    /// most `groupBufferFrames` times the canvas's pixels. A group that would go over is drawn
    /// without a buffer of its own: its ops one by one with its opacity multiplied in (what Core
    /// Animation does for a layer with `allowsGroupOpacity` off), a rotated clip left out. Only
    /// hostile nesting (16 full-screen groups inside each other asked for 4 GB at
    /// 8000 × 8000 px) reaches that.
    package func draw(_ ops: [DisplayOp], on canvas: inout Canvas) {
        let framePixels = canvas.image.width * canvas.image.height
        draw(ops, on: &canvas, groupPixelsLeft: FrameRasterizer.groupBufferFrames * framePixels)
    }

    /// How many canvases' worth of pixels the offscreen buffers of nested groups may hold at
    /// once: two, so a frame drawing costs at most three frames of memory. Two full-screen
    /// groups, one inside the other, draw exactly; the presets and samples nest at most one.
    static let groupBufferFrames = 2

    /// The device pixels an offscreen buffer over `bounds` (points; nil = the canvas) ∩ the
    /// canvas takes, rounded out to whole pixels (at least what `drawGroup` allocates).
    static func bufferPixels(_ bounds: Rect?, on canvas: Canvas) -> Int {
        let covered = canvas.coveredPoints
        guard let region = bounds.map({ $0.intersection(covered) }) ?? covered else { return 0 }
        let width = Int(clamping: (region.width * canvas.scale).rounded(.up) + 1, to: 0...canvas.image.width)
        let height = Int(clamping: (region.height * canvas.scale).rounded(.up) + 1, to: 0...canvas.image.height)
        return width * height
    }

    private func draw(_ ops: [DisplayOp], on canvas: inout Canvas, groupPixelsLeft budget: Int) {
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
                let bounds = FrameRasterizer.bounds(of: children) { FrameRasterizer.textBounds($0) }
                let pixels = opacity < 1 ? FrameRasterizer.bufferPixels(bounds, on: canvas) : 0
                guard pixels <= budget else {
                    draw(children.map { $0.multiplyingOpacity(by: opacity) }, on: &canvas, groupPixelsLeft: budget)
                    continue
                }
                canvas.drawGroup(opacity: opacity, bounds: bounds) { inner in
                    draw(children, on: &inner, groupPixelsLeft: budget - pixels)
                }
            case let .shape(shape, color, opacity, clip):
                canvas.fill(shape.rect, cornerRadius: shape.cornerRadius, transform: shape.transform, color: color, opacity: opacity, clip: clip)
            case let .transformedImage(source, rect, contentMode, transform, opacity, clip):
                guard let image = images[source] else {
                    preconditionFailure("image \(source) was not loaded: the store is built from the display lists")
                }
                canvas.draw(image, in: rect, contentMode: contentMode, transform: transform, opacity: opacity, clip: clip)
            case let .maskedGroup(opacity, mask, children):
                let pixels = FrameRasterizer.bufferPixels(mask.boundingBox, on: canvas)
                guard pixels <= budget else {
                    draw(children.map { $0.multiplyingOpacity(by: opacity) }, on: &canvas, groupPixelsLeft: budget)
                    continue
                }
                canvas.drawGroup(opacity: opacity, bounds: mask.boundingBox,
                                 mask: Path(roundedRect: mask.rect, cornerRadius: mask.cornerRadius, transform: mask.transform)) { inner in
                    draw(children, on: &inner, groupPixelsLeft: budget - pixels)
                }
            case let .path(path, color, opacity, clip):
                canvas.fill(path, color: color, opacity: opacity, clip: clip)
            case let .transformedText(layout, origin, transform, color, opacity, clip):
                FrameRasterizer.draw(layout, at: origin, transform: transform, color: color, opacity: opacity, clip: clip, on: &canvas)
            }
        }
    }

    /// The most pixels of an offscreen text bitmap (`transformedText`): 2048², 16 MB — more than
    /// a label filling an @3x phone screen needs (1242 × 2688 px); a larger one (a label scaled
    /// up many times in a transition file) is drawn at a lower resolution, so a frame's memory
    /// stays bounded whatever the file says.
    static let maximumTextBitmapPixels = 2048.0 * 2048.0

    /// Draws text laid out in a layer's points under `transform`: the glyphs are drawn upright
    /// into an offscreen bitmap at the resolution the transform asks for (device pixels per
    /// point times its larger axis stretch, so no bitmap pixel is magnified), which is then drawn
    /// through the transform like an image (exact coverage of its rotated quad, bilinear
    /// sampling). Core Animation likewise renders a label's contents upright, then transforms them.
    static func draw(_ layout: TextLayout, at origin: Point, transform: Transform2D, color: StraightColor,
                     opacity: Double, clip: Clip?, on canvas: inout Canvas) {
        guard let glyphs = glyphBounds(layout, at: origin), glyphs.width > 0, glyphs.height > 0 else { return }
        let stretch = max((transform.a * transform.a + transform.b * transform.b).squareRoot(),
                          (transform.c * transform.c + transform.d * transform.d).squareRoot())
        var pixelsPerPoint = canvas.scale * stretch
        let area = glyphs.width * glyphs.height * pixelsPerPoint * pixelsPerPoint
        if area > maximumTextBitmapPixels { pixelsPerPoint *= (maximumTextBitmapPixels / area).squareRoot() }
        guard pixelsPerPoint.isFinite, pixelsPerPoint > 0 else { return }
        // The bitmap's grid starts on a multiple of its pixel size in the layer's points: glyphs
        // keep the sub-pixel phase they have upright, and under a quarter turn or a flip that
        // lands on device pixels the bitmap's pixels land on device pixels (no resampling blur).
        let minX = (glyphs.minX * pixelsPerPoint).rounded(.down) / pixelsPerPoint
        let minY = (glyphs.minY * pixelsPerPoint).rounded(.down) / pixelsPerPoint
        let box = Rect(x: minX, y: minY, width: glyphs.maxX - minX, height: glyphs.maxY - minY)
        // The area is bounded above, so a side beyond it has a partner under one pixel: bounding
        // each side by the area keeps a box of extreme proportions inside Int and the budget.
        let maximumSide = Int(maximumTextBitmapPixels)
        let width = Int(clamping: (box.width * pixelsPerPoint).rounded(.up), to: 1...maximumSide)
        let height = Int(clamping: (box.height * pixelsPerPoint).rounded(.up), to: 1...maximumSide)
        var offscreen = Canvas(widthPixels: width, heightPixels: height, scale: pixelsPerPoint)
        offscreen.draw(layout, at: Point(x: origin.x - box.minX, y: origin.y - box.minY), color: color)
        let rect = Rect(x: box.minX, y: box.minY, width: Double(width) / pixelsPerPoint, height: Double(height) / pixelsPerPoint)
        canvas.draw(ImagePyramid(offscreen.image), in: rect, contentMode: .scaleToFill, transform: transform, opacity: opacity, clip: clip)
    }

    /// The union of every glyph's `GlyphRun.reach` (points, the layout's coordinates offset by
    /// `origin`); nil when the layout has no glyph.
    static func glyphBounds(_ layout: TextLayout, at origin: Point) -> Rect? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for line in layout.lines {
            for run in line.runs {
                for glyph in run.glyphs {
                    let reach = run.reach(of: glyph, at: .zero)
                    x0 = min(x0, reach.minX); x1 = max(x1, reach.maxX)
                    y0 = min(y0, reach.minY); y1 = max(y1, reach.maxY)
                }
            }
        }
        guard x0 <= x1 else { return nil }
        return Rect(x: origin.x + x0, y: origin.y + y0, width: x1 - x0, height: y1 - y0)
    }

    /// A rect in points that holds every pixel a text op can touch (`glyphBounds`, under the
    /// op's transform), inside its clip. nil for other ops.
    static func textBounds(_ op: DisplayOp) -> Rect? {
        let rect: Rect, clip: Clip?
        switch op {
        case let .text(layout, origin, _, _, textClip):
            rect = glyphBounds(layout, at: origin) ?? Rect(origin: origin, size: .zero)
            clip = textClip
        case let .transformedText(layout, origin, transform, _, _, textClip):
            guard let box = glyphBounds(layout, at: origin) else { return .zero }
            rect = ClipShape(rect: box, cornerRadius: 0, transform: transform).boundingBox
            clip = textClip
        default:
            return nil
        }
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
            case .text, .transformedText: rect = textBounds(op)
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
