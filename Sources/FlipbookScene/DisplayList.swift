import FlipbookGeometry
import FlipbookRaster

/// One draw operation of a frame, in window points (DESIGN §7).
public indirect enum DisplayOp: Hashable, Sendable {
    /// Fill `rect` with a straight colour.
    case fill(rect: Rect, color: StraightColor, opacity: Double, clip: Clip?)
    /// Draw an image file into `rect` with a content mode.
    case image(source: String, rect: Rect, contentMode: ContentMode, opacity: Double, clip: Clip?)
    /// Draw a line of text from a baseline origin.
    case text(string: String, font: String, sizePoints: Double, origin: Point, color: StraightColor, opacity: Double, clip: Clip?)
    /// Draw `ops` into an offscreen layer and composite it with `opacity` (group opacity).
    case group(opacity: Double, ops: [DisplayOp])

    /// The op's own opacity.
    public var opacity: Double {
        switch self {
        case let .fill(_, _, opacity, _), let .image(_, _, _, opacity, _), let .text(_, _, _, _, _, opacity, _),
             let .group(opacity, _):
            return opacity
        }
    }

    /// The same op with its opacity multiplied by `factor` (clamped to 0…1).
    public func multiplyingOpacity(by factor: Double) -> DisplayOp {
        let scaled = { (value: Double) in clampOpacity(value * factor) }
        switch self {
        case let .fill(rect, color, opacity, clip): return .fill(rect: rect, color: color, opacity: scaled(opacity), clip: clip)
        case let .image(source, rect, mode, opacity, clip):
            return .image(source: source, rect: rect, contentMode: mode, opacity: scaled(opacity), clip: clip)
        case let .text(string, font, size, origin, color, opacity, clip):
            return .text(string: string, font: font, sizePoints: size, origin: origin, color: color, opacity: scaled(opacity), clip: clip)
        case let .group(opacity, ops): return .group(opacity: scaled(opacity), ops: ops)
        }
    }
}

/// Clamps an opacity to 0…1 (NaN → 0): geometry may overshoot on a spring, opacity may not.
@inlinable public func clampOpacity(_ value: Double) -> Double {
    value >= 1 ? 1 : (value > 0 ? value : 0)
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
    public var ops: [DisplayOp]

    /// Creates a display list.
    public init(device: Device, frameIndex: Int, timeSeconds: Double, progress: Double, ops: [DisplayOp]) {
        self.device = device; self.frameIndex = frameIndex; self.timeSeconds = timeSeconds; self.progress = progress; self.ops = ops
    }

    /// Flattens a layer tree (the window) into draw operations.
    ///
    /// Opacity on a layer with more than one op beneath it becomes a `group` (drawn offscreen);
    /// with a single op it is folded into that op, which gives the same picture without an
    /// offscreen buffer. Ops entirely outside the screen or their clip are dropped.
    /// `measure` places centred text; without it centred text is drawn from the box's left edge.
    public static func ops(flattening root: Layer, screen: Rect, fontName: String = "DejaVu Sans",
                           measure: TextMeasure? = nil) -> [DisplayOp] {
        var flattener = Flattener(screen: screen, fontName: fontName, measure: measure)
        return flattener.flatten(root, parentOrigin: .zero, clip: nil)
    }
}

private struct Flattener {
    let screen: Rect
    let fontName: String
    let measure: TextMeasure?

    mutating func flatten(_ layer: Layer, parentOrigin: Point, clip: Clip?) -> [DisplayOp] {
        guard !layer.isHidden else { return [] }
        let opacity = clampOpacity(layer.opacity)
        guard opacity > 0 else { return [] }
        let frame = layer.frame.offsetBy(dx: parentOrigin.x, dy: parentOrigin.y)
        var ops: [DisplayOp] = []
        let ownClip = Clip(rect: frame, cornerRadius: layer.cornerRadius)
        if let color = layer.backgroundColor, color.alpha > 0, visible(frame, clip: clip) {
            let fillClip = layer.cornerRadius > 0 ? intersect(clip, ownClip) : clip
            if fillClip?.rect.isEmpty != true { ops.append(.fill(rect: frame, color: color, opacity: 1, clip: fillClip)) }
        }
        let contentClip = layer.clipsToBounds ? intersect(clip, ownClip) : clip
        let contentVisible = contentClip?.rect.isEmpty != true
        if let source = layer.imageSource, contentVisible,
           layer.clipsToBounds || [.scaleToFill, .scaleAspectFit].contains(layer.contentMode) ? visible(frame, clip: contentClip) : true {
            ops.append(.image(source: source, rect: frame, contentMode: layer.contentMode, opacity: 1, clip: contentClip))
        }
        if let text = layer.text, contentVisible {
            var origin = Point(x: frame.x + text.baselineOrigin.x, y: frame.y + text.baselineOrigin.y)
            if case let .centered(width) = text.alignment, let measure {
                origin.x += (width - measure(text.string, text.sizePoints)) / 2
            }
            ops.append(.text(string: text.string, font: fontName, sizePoints: text.sizePoints, origin: origin,
                             color: text.color, opacity: 1, clip: contentClip))
        }
        if contentVisible {
            let childOrigin = Point(x: frame.x - layer.boundsOrigin.x, y: frame.y - layer.boundsOrigin.y)
            for sublayer in layer.sublayers {
                ops += flatten(sublayer, parentOrigin: childOrigin, clip: contentClip)
            }
        }
        if opacity >= 1 || ops.isEmpty { return ops }
        if ops.count == 1 { return [ops[0].multiplyingOpacity(by: opacity)] }
        return [.group(opacity: opacity, ops: ops)]
    }

    /// True when `rect` can show anything on screen inside `clip`.
    func visible(_ rect: Rect, clip: Clip?) -> Bool {
        guard let onScreen = rect.intersection(screen) else { return false }
        guard let clip else { return true }
        return onScreen.intersects(clip.rect)
    }

    /// The intersection of two clips. Rects intersect exactly; a rounded corner is kept from
    /// the inner clip when it has one, else from the outer (nested rounded clips are not
    /// combined — no reference transition needs it).
    func intersect(_ outer: Clip?, _ inner: Clip) -> Clip {
        guard let outer else { return inner }
        let rect = outer.rect.intersection(inner.rect) ?? Rect(origin: inner.rect.origin, size: .zero)
        let radius = inner.cornerRadius > 0 ? inner.cornerRadius : (rect == outer.rect ? outer.cornerRadius : 0)
        return Clip(rect: rect, cornerRadius: radius)
    }
}
