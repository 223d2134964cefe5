import FlipbookGeometry
package import FlipbookModel
package import FlipbookRaster
import FlipbookText

/// Draws display lists onto canvases: the only place that turns `DisplayOp`s into pixels.
package struct FrameRasterizer: Sendable {
    /// Decoded images for `image` ops.
    package let images: ImageStore

    /// Creates a rasterizer. Text ops carry their fonts (glyph runs), so none is needed here.
    package init(images: ImageStore) { self.images = images }

    /// Draws a whole frame on a new canvas the size of the display list's device.
    package func render(_ list: DisplayList) -> PremultipliedImage {
        let pixels = list.device.pixelSize
        var canvas = Canvas(
            widthPixels: pixels.width, heightPixels: pixels.height, scale: list.device.scale,
            background: PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255))
        draw(list.ops, on: &canvas)
        return canvas.image
    }

    /// Draws ops in order.
    ///
    /// Group opacity and rotated clips draw offscreen, each group into a buffer over its
    /// content's bounds; shadows and blurs blur buffers of their own. The buffers alive at once
    /// (a group's and its enclosing groups', a shadow's plane, a blur's bands) hold at most
    /// `groupBufferFrames` times the canvas's pixels, in 4-byte values. A group that would go
    /// over is drawn without a buffer of its own: its ops one by one with its opacity multiplied
    /// in (what Core Animation does for a layer with `allowsGroupOpacity` off), a rotated clip
    /// left out. Only hostile nesting (16 full-screen groups inside each other asked for 4 GB at
    /// 8000 × 8000 px) reaches that. Shadows and blurs fit their buffers into what is left
    /// (`Canvas.drawShadow`, `drawShadowedGroup`, `applyBackdrop`: over what can reach the frame,
    /// on a coarser grid when a blur's reach is larger than that allows).
    package func draw(_ ops: [DisplayOp], on canvas: inout Canvas) {
        let framePixels = canvas.image.width * canvas.image.height
        draw(
            ops, on: &canvas,
            allowance: Allowance(
                pixels: FrameRasterizer.groupBufferFrames * framePixels,
                repeatedDrawings: FrameRasterizer.maximumRepeatedDrawingDepth))
    }

    /// How many canvases' worth of pixels the offscreen buffers of nested groups may hold at
    /// once: two, so a frame drawing costs at most three frames of memory. Two full-screen
    /// groups, one inside the other, draw exactly; the presets and samples nest at most one.
    static let groupBufferFrames = 2

    /// How deep shadowed groups drawn twice (`Canvas.drawShadowedGroup`'s second buffer) may
    /// nest: two, so nothing is drawn more than four times; a deeper one is drawn without its
    /// shadow. Nesting each doubling the work would otherwise make a file of a few hundred
    /// bytes take forever.
    static let maximumRepeatedDrawingDepth = 2

    /// What the ops drawn inside the current groups may still use: buffer pixels (4-byte
    /// values) and the depth of repeated drawing.
    struct Allowance {
        var pixels: Int
        var repeatedDrawings: Int
        func with(pixels: Int, repeated: Bool = false) -> Allowance {
            Allowance(pixels: pixels, repeatedDrawings: repeated ? repeatedDrawings - 1 : repeatedDrawings)
        }
    }

    /// The device pixels an offscreen buffer over `bounds` (points; nil = the canvas) ∩ the
    /// canvas takes, rounded out to whole pixels (at least what `drawGroup` allocates).
    static func bufferPixels(_ bounds: Rect?, on canvas: Canvas) -> Int {
        let covered = canvas.coveredPoints
        guard let region = bounds.map({ $0.intersection(covered) }) ?? covered else { return 0 }
        let width = Int(clamping: (region.width * canvas.scale).rounded(.up) + 1, to: 0...canvas.image.width)
        let height = Int(clamping: (region.height * canvas.scale).rounded(.up) + 1, to: 0...canvas.image.height)
        return width * height
    }

    private func draw(_ ops: [DisplayOp], on canvas: inout Canvas, allowance: Allowance) {
        let budget = allowance.pixels
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
                    draw(children.map { $0.multiplyingOpacity(by: opacity) }, on: &canvas, allowance: allowance)
                    continue
                }
                canvas.drawGroup(opacity: opacity, bounds: bounds) { inner in
                    draw(children, on: &inner, allowance: allowance.with(pixels: budget - pixels))
                }
            case let .shape(shape, color, opacity, clip):
                canvas.fill(
                    shape.rect, cornerRadius: shape.cornerRadius, transform: shape.transform, color: color, opacity: opacity, clip: clip)
            case let .transformedImage(source, rect, contentMode, transform, opacity, clip):
                guard let image = images[source] else {
                    preconditionFailure("image \(source) was not loaded: the store is built from the display lists")
                }
                canvas.draw(image, in: rect, contentMode: contentMode, transform: transform, opacity: opacity, clip: clip)
            case let .maskedGroup(opacity, mask, children):
                let pixels = FrameRasterizer.bufferPixels(mask.boundingBox, on: canvas)
                guard pixels <= budget else {
                    draw(children.map { $0.multiplyingOpacity(by: opacity) }, on: &canvas, allowance: allowance)
                    continue
                }
                canvas.drawGroup(
                    opacity: opacity, bounds: mask.boundingBox,
                    mask: Path(roundedRect: mask.rect, cornerRadius: mask.cornerRadius, transform: mask.transform)
                ) { inner in
                    draw(children, on: &inner, allowance: allowance.with(pixels: budget - pixels))
                }
            case let .path(path, color, opacity, clip):
                canvas.fill(path, color: color, opacity: opacity, clip: clip)
            case let .transformedText(layout, origin, transform, color, opacity, clip):
                FrameRasterizer.draw(layout, at: origin, transform: transform, color: color, opacity: opacity, clip: clip, on: &canvas)
            case let .projected(content, projection, opacity, clip):
                drawProjected(content, projection: projection, opacity: opacity, clip: clip, on: &canvas)
            case let .pathMaskedGroup(opacity, mask, children):
                let box = mask.boundingBox ?? .zero
                let pixels = FrameRasterizer.bufferPixels(box, on: canvas)
                guard pixels <= budget else {
                    draw(children.map { $0.multiplyingOpacity(by: opacity) }, on: &canvas, allowance: allowance)
                    continue
                }
                canvas.drawGroup(opacity: opacity, bounds: box, mask: mask) { inner in
                    draw(children, on: &inner, allowance: allowance.with(pixels: budget - pixels))
                }
            case let .shadow(path, shadow, opacity, clip):
                canvas.drawShadow(of: path, shadow: shadow, opacity: opacity, clip: clip, budgetPixels: budget)
            case let .shadowedGroup(opacity, shadow, clip, children):
                let bounds = FrameRasterizer.bounds(of: children) { FrameRasterizer.textBounds($0) }
                let drawn = canvas.drawShadowedGroup(
                    shadow: shadow, opacity: opacity, bounds: bounds, clip: clip, budgetPixels: budget,
                    allowsRepeatedDrawing: allowance.repeatedDrawings > 0
                ) { inner, pass in
                    draw(children, on: &inner, allowance: allowance.with(pixels: pass.budgetPixels, repeated: pass.isRepeated))
                }
                if !drawn { draw(children.map { $0.multiplyingOpacity(by: opacity) }, on: &canvas, allowance: allowance) }
            case let .gradient(gradient, shape, opacity, clip):
                canvas.fill(
                    gradient, in: shape.rect, cornerRadius: shape.cornerRadius, transform: shape.transform, opacity: opacity, clip: clip)
            case let .backdrop(filter, shape, opacity, clip):
                canvas.applyBackdrop(
                    filter, to: Path(roundedRect: shape.rect, cornerRadius: shape.cornerRadius, transform: shape.transform),
                    opacity: opacity, clip: clip, budgetPixels: budget)
            case let .vector(path, .fill(rule), transform, color, opacity, clip):
                canvas.fill(path, rule: rule, transform: transform, color: color, opacity: opacity, clip: clip)
            case let .vector(path, .stroke(style), transform, color, opacity, clip):
                canvas.stroke(path, style: style, transform: transform, color: color, opacity: opacity, clip: clip)
            case let .layerMaskedGroup(opacity, mask, children):
                // Two buffers over what the mask can show (its content's, which `bounds` bounds).
                let box = FrameRasterizer.bounds(of: mask) { FrameRasterizer.textBounds($0) }
                let pixels = 2 * FrameRasterizer.bufferPixels(box, on: canvas)
                guard pixels <= budget else {
                    draw(children.map { $0.multiplyingOpacity(by: opacity) }, on: &canvas, allowance: allowance)
                    continue
                }
                let inner = allowance.with(pixels: budget - pixels)
                canvas.drawGroup(opacity: opacity, bounds: box, alphaMask: { draw(mask, on: &$0, allowance: inner) }) { body in
                    draw(children, on: &body, allowance: inner)
                }
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
    static func draw(
        _ layout: TextLayout, at origin: Point, transform: Transform2D, color: StraightColor,
        opacity: Double, clip: Clip?, on canvas: inout Canvas
    ) {
        guard let glyphs = glyphBounds(layout, at: origin), glyphs.width > 0, glyphs.height > 0 else { return }
        let stretch = max(
            (transform.a * transform.a + transform.b * transform.b).squareRoot(),
            (transform.c * transform.c + transform.d * transform.d).squareRoot())
        var pixelsPerPoint = canvas.scale * stretch
        let area = glyphs.width * glyphs.height * pixelsPerPoint * pixelsPerPoint
        if area > maximumTextBitmapPixels { pixelsPerPoint *= (maximumTextBitmapPixels / area).squareRoot() }
        guard pixelsPerPoint.isFinite, pixelsPerPoint > 0 else { return }
        let (bitmap, rect) = textBitmap(layout, at: origin, glyphs: glyphs, color: color, pixelsPerPoint: pixelsPerPoint)
        canvas.draw(bitmap, in: rect, contentMode: .scaleToFill, transform: transform, opacity: opacity, clip: clip)
    }

    /// The glyphs of `layout` (inside `glyphs`, points) drawn upright at `pixelsPerPoint` into a
    /// bitmap, and the rect in the layout's points that bitmap covers.
    static func textBitmap(
        _ layout: TextLayout, at origin: Point, glyphs: Rect, color: StraightColor,
        pixelsPerPoint: Double
    ) -> (ImagePyramid, Rect) {
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
        return (ImagePyramid(offscreen.image), rect)
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

    /// How far a shadow's blur spreads past its shape, in points: 3σ (beyond it a Gaussian's
    /// tail is under 0.14 %, less than one 8-bit step), plus a pixel for rounding.
    static func shadowReachPoints(_ shadow: Shadow) -> Double {
        let sigma = shadow.blurRadiusPoints.isFinite ? max(0, shadow.blurRadiusPoints) : 0
        return 3 * sigma + 1
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
                if let clip {
                    rect = clip.rect
                } else {
                    rect =
                        [.scaleToFill, .scaleAspectFit].contains(mode)
                        ? ClipShape(rect: r, cornerRadius: 0, transform: transform).boundingBox : nil
                }
            case let .maskedGroup(_, mask, _): rect = mask.boundingBox
            case let .pathMaskedGroup(_, mask, _): rect = mask.boundingBox ?? .zero
            case let .projected(content, projection, _, clip): rect = projectedBounds(content, projection: projection, clip: clip)
            case let .shadow(path, shadow, _, clip):
                let box = (path.boundingBox ?? .zero).offsetBy(dx: shadow.offset.x, dy: shadow.offset.y)
                let reach = FrameRasterizer.shadowReachPoints(shadow)
                let grown = Rect(x: box.minX - reach, y: box.minY - reach, width: box.width + 2 * reach, height: box.height + 2 * reach)
                rect = clip.map { $0.rect.intersection(grown) ?? .zero } ?? grown
            case let .shadowedGroup(_, shadow, clip, children):
                guard let box = bounds(of: children, textBounds: textBounds) else { return nil }
                let reach = FrameRasterizer.shadowReachPoints(shadow)
                let moved = box.offsetBy(dx: shadow.offset.x, dy: shadow.offset.y)
                let x0 = min(box.minX, moved.minX - reach), y0 = min(box.minY, moved.minY - reach)
                let grown = Rect(
                    x: x0, y: y0, width: max(box.maxX, moved.maxX + reach) - x0, height: max(box.maxY, moved.maxY + reach) - y0)
                rect = clip.map { $0.rect.intersection(grown) ?? .zero } ?? grown
            case let .gradient(_, shape, _, clip), let .backdrop(_, shape, _, clip):
                rect = clip.map { $0.rect.intersection(shape.boundingBox) ?? .zero } ?? shape.boundingBox
            case let .vector(path, paint, transform, _, _, clip):
                rect =
                    vectorBounds(path, paint: paint, transform: transform).map { box in
                        clip.map { $0.rect.intersection(box) ?? .zero } ?? box
                    } ?? .zero
            case let .layerMaskedGroup(_, mask, _): rect = bounds(of: mask, textBounds: textBounds)
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

    /// The window-point box a `vector` op can draw in: the path's control points (which hold
    /// its curves) under `transform`, grown by a stroke's reach — half the line width times the
    /// miter limit (at least √2 for square caps) — mapped by the transform's larger stretch.
    /// nil for an empty or non-finite path.
    static func vectorBounds(_ path: BezierPath, paint: VectorPaint, transform: Transform2D) -> Rect? {
        guard let box = path.controlPointBounds else { return nil }
        var reach = 0.0
        if case let .stroke(style) = paint {
            reach = style.lineWidth / 2 * max(style.miterLimit, 1.5)
            guard reach.isFinite else { return nil }
        }
        let grown = Rect(x: box.minX - reach, y: box.minY - reach, width: box.width + 2 * reach, height: box.height + 2 * reach)
        return ClipShape(rect: grown, cornerRadius: 0, transform: transform).boundingBox
    }
}
