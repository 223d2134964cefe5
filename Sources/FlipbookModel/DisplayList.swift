package import FlipbookGeometry
import FlipbookMotion
package import FlipbookRaster
package import FlipbookText

/// One draw operation of a frame, in window points.
package indirect enum DisplayOp: Hashable, Sendable {
    /// Fill `rect` with a straight colour.
    case fill(rect: Rect, color: StraightColor, opacity: Double, clip: Clip?)
    /// Draw an image file into `rect` with a content mode.
    case image(source: String, rect: Rect, contentMode: ContentMode, opacity: Double, clip: Clip?)
    /// Draw set text (glyph runs: per run the font file and face, size, every glyph's id and
    /// position) with the layout box's top-left at `origin` (window points).
    case text(TextLayout, origin: Point, color: StraightColor, opacity: Double, clip: Clip?)
    /// Draw `ops` into an offscreen layer and composite it with `opacity` (group opacity).
    case group(opacity: Double, ops: [DisplayOp])
    /// Draw set text laid out in a layer's own points (the box's top-left at `origin`) under
    /// `transform` (layer → window points): a label on a rotated, flipped or unevenly scaled
    /// layer. Drawn offscreen at the transform's resolution and resampled bilinearly, as Core
    /// Animation draws a layer's contents under a transform.
    case transformedText(TextLayout, origin: Point, transform: Transform2D, color: StraightColor, opacity: Double, clip: Clip?)
    /// Fill a (rounded) rect given in a layer's own points, under `transform` (layer → window
    /// points): a background that a rotation or flip keeps from being an axis-aligned `fill`.
    case shape(ClipShape, color: StraightColor, opacity: Double, clip: Clip?)
    /// Draw an image file into `rect` (a layer's own points) under `transform` (layer → window
    /// points), sampled bilinearly.
    case transformedImage(source: String, rect: Rect, contentMode: ContentMode, transform: Transform2D, opacity: Double, clip: Clip?)
    /// Draw `ops` offscreen and composite them through `mask` with `opacity`: the clip of a
    /// rotated (or flipped) layer with `clipsToBounds`.
    case maskedGroup(opacity: Double, mask: ClipShape, ops: [DisplayOp])
    /// Fill a path given in window points with a straight colour (non-zero rule): a layer's
    /// vector content (`Layer.shapes`: status bar glyphs, the back chevron).
    case path(Path, color: StraightColor, opacity: Double, clip: Clip?)
    /// Draw an image or a label laid out in a layer's plane (its points) through `projection`
    /// (layer points → window points, a 3-D transform with perspective): exact coverage of the
    /// projected outline, each pixel sampled through the inverse map.
    case projected(ProjectedContent, projection: Homography, opacity: Double, clip: Clip?)
    /// Draw `ops` offscreen and composite them through `mask` (window points, non-zero) with
    /// `opacity`: the clip of a layer whose shape is not a rounded rect under an affine map
    /// (masked or continuous corners, a 3-D transform).
    case pathMaskedGroup(opacity: Double, mask: Path, ops: [DisplayOp])
    /// Draw the shadow of a path given in window points (a layer's `shadowPath`, or its plain
    /// rounded background): the path's coverage blurred, moved and coloured as `shadow` says.
    case shadow(Path, shadow: Shadow, opacity: Double, clip: Clip?)
    /// Draw `ops` offscreen, then the shadow of their alpha, then the ops over it, all with
    /// `opacity`: the shadow of a layer without a `shadowPath` (Core Animation's offscreen pass).
    case shadowedGroup(opacity: Double, shadow: Shadow, clip: Clip?, ops: [DisplayOp])
    /// Fill a (rounded) rect in a layer's own points, placed by the shape's transform, with a
    /// gradient in the rect's unit coordinates (a `CAGradientLayer`).
    case gradient(Gradient, shape: ClipShape, opacity: Double, clip: Clip?)
    /// Blur, saturate and tint what is already drawn inside a (rounded) rect in a layer's own
    /// points (a `UIVisualEffectView`), mixed in with `opacity`.
    case backdrop(BackdropFilter, shape: ClipShape, opacity: Double, clip: Clip?)
    /// Fill or stroke a vector path given in a layer's own points, mapped by `transform` (layer
    /// → window points), with a straight colour: a `CAShapeLayer`'s fill and stroke. The curves
    /// are flattened at the canvas's resolution (within 1/16 device pixel), a stroke's width,
    /// dashes and trim in the layer's points, as Core Graphics strokes in user space.
    case vector(BezierPath, paint: VectorPaint, transform: Transform2D, color: StraightColor, opacity: Double, clip: Clip?)
    /// Draw `ops` offscreen and composite them through the alpha of what `mask` draws (also
    /// offscreen, its colours ignored) with `opacity`: a layer with a `mask` layer.
    case layerMaskedGroup(opacity: Double, mask: [DisplayOp], ops: [DisplayOp])

    /// The op's own opacity.
    package var opacity: Double {
        switch self {
        case let .fill(_, _, opacity, _), let .image(_, _, _, opacity, _), let .text(_, _, _, opacity, _),
            let .group(opacity, _), let .shape(_, _, opacity, _), let .transformedImage(_, _, _, _, opacity, _),
            let .maskedGroup(opacity, _, _), let .path(_, _, opacity, _), let .transformedText(_, _, _, _, opacity, _),
            let .projected(_, _, opacity, _), let .pathMaskedGroup(opacity, _, _),
            let .shadow(_, _, opacity, _), let .shadowedGroup(opacity, _, _, _), let .gradient(_, _, opacity, _),
            let .backdrop(_, _, opacity, _), let .vector(_, _, _, _, opacity, _), let .layerMaskedGroup(opacity, _, _):
            return opacity
        }
    }

    /// The same op with its opacity multiplied by `factor` (clamped to 0…1).
    package func multiplyingOpacity(by factor: Double) -> DisplayOp {
        let scaled = { (value: Double) in clampOpacity(value * factor) }
        switch self {
        case let .fill(rect, color, opacity, clip): return .fill(rect: rect, color: color, opacity: scaled(opacity), clip: clip)
        case let .image(source, rect, mode, opacity, clip):
            return .image(source: source, rect: rect, contentMode: mode, opacity: scaled(opacity), clip: clip)
        case let .text(layout, origin, color, opacity, clip):
            return .text(layout, origin: origin, color: color, opacity: scaled(opacity), clip: clip)
        case let .group(opacity, ops): return .group(opacity: scaled(opacity), ops: ops)
        case let .shape(shape, color, opacity, clip): return .shape(shape, color: color, opacity: scaled(opacity), clip: clip)
        case let .transformedImage(source, rect, mode, transform, opacity, clip):
            return .transformedImage(
                source: source, rect: rect, contentMode: mode, transform: transform, opacity: scaled(opacity), clip: clip)
        case let .maskedGroup(opacity, mask, ops): return .maskedGroup(opacity: scaled(opacity), mask: mask, ops: ops)
        case let .path(path, color, opacity, clip): return .path(path, color: color, opacity: scaled(opacity), clip: clip)
        case let .transformedText(layout, origin, transform, color, opacity, clip):
            return .transformedText(layout, origin: origin, transform: transform, color: color, opacity: scaled(opacity), clip: clip)
        case let .projected(content, projection, opacity, clip):
            return .projected(content, projection: projection, opacity: scaled(opacity), clip: clip)
        case let .pathMaskedGroup(opacity, mask, ops): return .pathMaskedGroup(opacity: scaled(opacity), mask: mask, ops: ops)
        case let .shadow(path, shadow, opacity, clip): return .shadow(path, shadow: shadow, opacity: scaled(opacity), clip: clip)
        case let .shadowedGroup(opacity, shadow, clip, ops):
            return .shadowedGroup(opacity: scaled(opacity), shadow: shadow, clip: clip, ops: ops)
        case let .gradient(gradient, shape, opacity, clip): return .gradient(gradient, shape: shape, opacity: scaled(opacity), clip: clip)
        case let .backdrop(filter, shape, opacity, clip): return .backdrop(filter, shape: shape, opacity: scaled(opacity), clip: clip)
        case let .vector(path, paint, transform, color, opacity, clip):
            return .vector(path, paint: paint, transform: transform, color: color, opacity: scaled(opacity), clip: clip)
        case let .layerMaskedGroup(opacity, mask, ops): return .layerMaskedGroup(opacity: scaled(opacity), mask: mask, ops: ops)
        }
    }
}

/// A rect with rounded corners in a layer's own points, placed in the window by `transform`.
package struct ClipShape: Hashable, Sendable {
    /// The rect, in the layer's points.
    package var rect: Rect
    /// Corner radius in the layer's points (0 = square).
    package var cornerRadius: Double
    /// Layer points → window points.
    package var transform: Transform2D

    /// Creates a shape.
    package init(rect: Rect, cornerRadius: Double, transform: Transform2D) {
        self.rect = rect; self.cornerRadius = cornerRadius; self.transform = transform
    }

    /// The smallest axis-aligned rect holding the shape, in window points.
    package var boundingBox: Rect {
        let corners = transform.corners(of: rect)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }
}

/// Clamps an opacity to 0…1 (NaN → 0): geometry may overshoot on a spring, opacity may not.
/// The rule lives in `Double.clampedOpacity` (FlipbookMotion), which animations use too.
package func clampOpacity(_ value: Double) -> Double {
    Double.clampedOpacity(value)
}

/// Everything drawn in one frame, in painter's order, plus the frame's place on the timeline.
public struct DisplayList: Hashable, Sendable {
    /// The screen: size in points and device pixels per point.
    public var device: Device
    /// Frame index in the sequence.
    public var frameIndex: Int
    /// Time of the frame in seconds from the start of the transition.
    public var timeSeconds: Double
    /// The drawn progress value (1 once the transition is over).
    public var progress: Double
    /// Draw operations, back to front.
    package var ops: [DisplayOp]

    /// Creates a display list.
    package init(device: Device, frameIndex: Int, timeSeconds: Double, progress: Double, ops: [DisplayOp]) {
        self.device = device; self.frameIndex = frameIndex; self.timeSeconds = timeSeconds; self.progress = progress; self.ops = ops
    }

    /// Flattens a layer tree (the window) into draw operations.
    ///
    /// Opacity on a layer with more than one op beneath it becomes a `group` (drawn offscreen);
    /// with a single op it is folded into that op, which gives the same picture without an
    /// offscreen buffer. Ops entirely outside the screen or their clip are dropped. Layers under
    /// a translation or a positive axis-aligned scale become plain rects; a rotation or flip
    /// gives `shape`, `transformedImage` and `maskedGroup` ops. `typesetter` sets text layers
    /// into glyph runs (shaped, wrapped, truncated, aligned); without one, text is left out.
    /// `snapshotSource` gives the layer a `snapshotOf` names, as it is at the start of the
    /// transition (`TransitionAnimator.initialLayer(named:)`). Groups nest at most
    /// `DisplayOp.maximumNestingDepth` deep (`DisplayOp.limitingNesting`).
    package static func ops(
        flattening root: Layer, screen: Rect, typesetter: Typesetter? = nil,
        snapshotSource: ((String) -> Layer?)? = nil
    ) -> [DisplayOp] {
        var flattener = Flattener(screen: screen, typesetter: typesetter, snapshotSource: snapshotSource)
        return DisplayOp.limitingNesting(flattener.flatten(root, parent: .identity, clip: nil))
    }
}

struct Flattener {
    let screen: Rect
    let typesetter: Typesetter?
    let snapshotSource: ((String) -> Layer?)?

    /// `parent` maps the parent's bounds coordinates (after its scroll offset) to window points.
    mutating func flatten(_ layer: Layer, parent: Transform2D, clip: Clip?) -> [DisplayOp] {
        guard !layer.isHidden else { return [] }
        let opacity = clampOpacity(layer.opacity)
        guard opacity > 0 else { return [] }
        if layer.hasVisibleMask { return flattenMasked(layer, parent: Homography(parent), through: nil, clip: clip) }
        // Borders, masked or continuous corners and 3-D: DisplayList+Shapes.swift.
        if layer.needsShapedDrawing { return flattenShaped(layer, parent: Homography(parent), clip: clip) }
        let local = Self.localTransform(layer, parent: parent)
        let bounds = Rect(origin: .zero, size: layer.frame.size)
        let aligned = local.isPositiveAxisAligned
        let frame = aligned ? local.apply(to: bounds) : ClipShape(rect: bounds, cornerRadius: 0, transform: local).boundingBox
        let radius = aligned ? layer.cornerRadius * min(local.a, local.d) : layer.cornerRadius
        var ops: [DisplayOp] = []
        let ownClip = Clip(rect: frame, cornerRadius: radius)
        if let op = layer.backdropOp(bounds: bounds, local: local, clip: clip), visible(frame, clip: clip) { ops.append(op) }
        if let color = layer.backgroundColor, color.alpha > 0, visible(frame, clip: clip) {
            if aligned {
                let fillClip = radius > 0 ? intersect(clip, ownClip) : clip
                if fillClip?.rect.isEmpty != true { ops.append(.fill(rect: frame, color: color, opacity: 1, clip: fillClip)) }
            } else {
                ops.append(
                    .shape(
                        ClipShape(rect: bounds, cornerRadius: layer.cornerRadius, transform: local), color: color, opacity: 1, clip: clip))
            }
        }
        if let op = layer.gradientOp(bounds: bounds, local: local, clip: clip), visible(frame, clip: clip) { ops.append(op) }
        // Content: aligned layers clip with an axis-aligned (rounded) clip; rotated ones draw
        // their content into a masked group.
        let contentClip = layer.clipsToBounds && aligned ? intersect(clip, ownClip) : clip
        let contentVisible = contentClip?.rect.isEmpty != true
        var content: [DisplayOp] = []
        // Stretched unevenly (a snapshot stretched from its source's size, a scale transform), a
        // layer's picture stretches as a bitmap does: the content mode is applied in the layer's
        // own bounds and the result stretched, not re-applied at the stretched size (which would
        // re-crop an aspect-fill image undistorted). Even scales (to rounding) keep the plain op.
        let unevenStretch = aligned && abs(local.a - local.d) > 1e-9 * max(abs(local.a), abs(local.d))
        if let source = layer.imageSource, contentVisible,
            let op = imageOp(
                source, layer: layer, local: local, frame: frame, aligned: aligned, unevenStretch: unevenStretch, clip: contentClip)
        {
            content.append(op)
        }
        if let text = layer.text, contentVisible, let op = textOp(text, local: local, clip: contentClip) { content.append(op) }
        if contentVisible {
            for shape in layer.shapes {
                let path = shape.path.applying(local)
                guard shape.color.alpha > 0, let box = path.boundingBox, visible(box, clip: contentClip) else { continue }
                content.append(.path(path, color: shape.color, opacity: 1, clip: contentClip))
            }
            if layer.shapeContent != nil { content += shapeOps(of: layer, local: Homography(local), clip: contentClip) }
        }
        if contentVisible {
            if let name = layer.snapshotOf, let source = snapshotSource?(name), source.frame.width > 0, source.frame.height > 0 {
                // The snapshot's picture: the source's own content, stretched from its bounds to ours.
                let stretch = Transform2D(scaleX: layer.frame.width / source.frame.width, y: layer.frame.height / source.frame.height)
                content += flatten(source.snapshotPicture, parent: stretch.concatenating(local), clip: contentClip)
            }
            let children = local.translated(by: Point(x: -layer.boundsOrigin.x, y: -layer.boundsOrigin.y))
            for sublayer in layer.sublayers {
                content += flatten(sublayer, parent: children, clip: contentClip)
            }
        }
        if layer.clipsToBounds && !aligned && !content.isEmpty {
            ops.append(
                .maskedGroup(opacity: 1, mask: ClipShape(rect: bounds, cornerRadius: layer.cornerRadius, transform: local), ops: content))
        } else {
            ops += content
        }
        ops = layer.addingShadow(to: ops, local: local, clip: clip)
        if opacity >= 1 || ops.isEmpty { return ops }
        if ops.count == 1 { return [ops[0].multiplyingOpacity(by: opacity)] }
        if case .backdrop = ops[0] { return Layer.fadingBlur(ops, opacity: opacity) }
        return [.group(opacity: opacity, ops: ops)]
    }

    /// Layer coordinates (0…w, 0…h) → window points. Without a transform this is a pure
    /// translation whose arithmetic matches `frame.offsetBy(parent origin)` exactly.
    static func localTransform(_ layer: Layer, parent: Transform2D) -> Transform2D {
        if layer.transform.isIdentity { return parent.translated(by: layer.frame.origin) }
        // About the anchor point (the centre by default: `position` is the frame's midpoint).
        let anchor = layer.position
        return Transform2D(translationX: -layer.anchorPoint.x * layer.frame.width, y: -layer.anchorPoint.y * layer.frame.height)
            .concatenating(layer.transform.affineTransform)
            .concatenating(Transform2D(translationX: anchor.x, y: anchor.y))
            .concatenating(parent)
    }

    /// The op drawing a layer's image: stretched as a bitmap when the layer is stretched
    /// unevenly, in window points when axis-aligned, else through `local`; nil when an aligned,
    /// clipped (or fitting) image lies outside `clip`.
    func imageOp(
        _ source: String, layer: Layer, local: Transform2D, frame: Rect, aligned: Bool, unevenStretch: Bool,
        clip: Clip?
    ) -> DisplayOp? {
        if unevenStretch && layer.contentMode != .scaleToFill || !aligned {
            return .transformedImage(
                source: source, rect: Rect(origin: .zero, size: layer.frame.size), contentMode: layer.contentMode,
                transform: local, opacity: 1, clip: clip)
        }
        let fits = layer.clipsToBounds || [.scaleToFill, .scaleAspectFit].contains(layer.contentMode)
        guard !fits || visible(frame, clip: clip) else { return nil }
        return .image(source: source, rect: frame, contentMode: layer.contentMode, opacity: 1, clip: clip)
    }

    /// A text op: the label set by the typesetter. Under a translation or an even positive scale
    /// a `text` op in window points (the layout scaled, so glyphs are rasterized at their drawn
    /// size); under a rotation, flip or uneven scale a `transformedText` op in the layer's points.
    /// nil without a typesetter or for text that draws nothing.
    func textOp(_ text: TextContent, local: Transform2D, clip: Clip?) -> DisplayOp? {
        guard let typesetter, !text.string.isEmpty, text.sizePoints > 0 else { return nil }
        let (layout, offset) = text.layout(with: typesetter)
        guard let first = layout.lines.first, !first.runs.isEmpty || layout.lines.count > 1 else { return nil }
        let topLeft = Point(x: text.baselineOrigin.x + offset, y: text.baselineOrigin.y - first.baselinePoints)
        // Even: the two axis scales agree to rounding (a snapshot's stretch of equal ratios).
        if local.isPositiveAxisAligned && abs(local.a - local.d) <= 1e-9 * max(local.a, local.d) {
            guard local.d.isFinite else { return nil }
            return .text(layout.scaled(by: local.d), origin: local.apply(to: topLeft), color: text.color, opacity: 1, clip: clip)
        }
        let determinant = local.a * local.d - local.b * local.c
        guard determinant != 0, determinant.isFinite, local.tx.isFinite, local.ty.isFinite else { return nil }
        return .transformedText(layout, origin: topLeft, transform: local, color: text.color, opacity: 1, clip: clip)
    }

    /// True when `rect` can show anything on screen inside `clip`.
    func visible(_ rect: Rect, clip: Clip?) -> Bool {
        guard let onScreen = rect.intersection(screen) else { return false }
        guard let clip else { return true }
        return onScreen.intersects(clip.rect)
    }

    /// The intersection of two clips. Rects intersect exactly and the region is cut straight
    /// there; a rounded corner is kept from the inner clip when it has one (its own rounded rect,
    /// not the intersection's), else from the outer. Two rounded clips keep the inner's corners
    /// only (no transition here nests rounded clips whose corners overlap).
    func intersect(_ outer: Clip?, _ inner: Clip) -> Clip {
        guard let outer else { return inner }
        let rect = outer.rect.intersection(inner.rect) ?? Rect(origin: inner.rect.origin, size: .zero)
        let rounded = inner.cornerRadius > 0 ? inner : outer
        guard rounded.cornerRadius > 0 else { return Clip(rect: rect) }
        let cornerRect = rounded.cornerRect ?? rounded.rect
        return Clip(rect: rect, cornerRadius: rounded.cornerRadius, cornerRect: cornerRect == rect ? nil : cornerRect)
    }
}

extension Transform2D {
    /// A translation by `offset` applied before this transform (`translatedBy(x:y:)`): for a pure
    /// translation `tx + offset.x` exactly.
    func translated(by offset: Point) -> Transform2D {
        var copy = self
        copy.tx = tx + a * offset.x + c * offset.y
        copy.ty = ty + b * offset.x + d * offset.y
        return copy
    }
}
