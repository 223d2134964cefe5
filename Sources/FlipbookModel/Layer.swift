public import FlipbookGeometry
public import FlipbookRaster
public import FlipbookText

/// Text carried by a layer: a label (UILabel) placed by its first line's baseline in the layer's
/// coordinates, set by the text engine (FlipbookText: shaping, font fallback, wrapping,
/// truncation; docs/TEXT.md) when the layer tree is flattened.
public struct TextContent: Hashable, Sendable {
    /// The string to draw; hard line breaks start new paragraphs.
    public var string: String
    /// Font size in points.
    public var sizePoints: Double
    /// Font weight (bar titles are semibold on iOS).
    public var weight: FontWeight
    /// The first line's baseline, in the layer's own coordinates (points): y is the baseline,
    /// x the left edge of the box lines are aligned in.
    public var baselineOrigin: Point
    /// Straight sRGB colour.
    public var color: StraightColor
    /// Where lines sit horizontally.
    public var alignment: TextAlignment
    /// The widest a line may be, in points: longer text wraps (up to `numberOfLines`) and the last
    /// line ends as `lineBreakMode` says. nil: never wrapped or truncated (one line per paragraph).
    public var maxWidthPoints: Double?
    /// The most lines shown, 0 = no limit (UILabel's `numberOfLines`; default 1). Only matters
    /// with `maxWidthPoints`.
    public var numberOfLines: Int
    /// How lines wrap and how the last one ends when text is left over (UILabel's
    /// `lineBreakMode`; default `.truncateTail`: "…" at the end).
    public var lineBreakMode: LineBreakMode

    /// Creates a label.
    public init(
        string: String, sizePoints: Double, weight: FontWeight = .regular, baselineOrigin: Point,
        color: StraightColor, alignment: TextAlignment = .leading, maxWidthPoints: Double? = nil,
        numberOfLines: Int = 1, lineBreakMode: LineBreakMode = .truncateTail
    ) {
        self.string = string; self.sizePoints = sizePoints; self.weight = weight; self.baselineOrigin = baselineOrigin
        self.color = color; self.alignment = alignment; self.maxWidthPoints = maxWidthPoints
        self.numberOfLines = numberOfLines; self.lineBreakMode = lineBreakMode
    }

    /// The engine's style for this label.
    package var style: TextStyle { TextStyle(sizePoints: sizePoints, weight: weight.textWeight) }

    /// Sets the label with `typesetter`: wrapped and truncated in `maxWidthPoints` (or the
    /// alignment's box when there is no maximum), aligned as `alignment` says. The layout's box
    /// starts `boxOffsetPoints` right of `baselineOrigin.x` (a centred or trailing label whose
    /// maximum is narrower than its box).
    package func layout(with typesetter: Typesetter) -> (layout: TextLayout, boxOffsetPoints: Double) {
        let box: Double?, engineAlignment: TextLayout.Alignment
        switch alignment {
        case .leading: box = nil; engineAlignment = .left
        case .natural: box = nil; engineAlignment = .natural
        case let .centered(width): box = width; engineAlignment = .center
        case let .trailing(width): box = width; engineAlignment = .right
        }
        let width = [maxWidthPoints, box].compactMap { $0 }.filter { $0 > 0 }.min()
        let layout = typesetter.layout(
            string, style: style, maxWidthPoints: width, numberOfLines: numberOfLines,
            lineBreakMode: lineBreakMode, alignment: engineAlignment)
        var offset = 0.0
        if let box {
            let used = width ?? layout.boxWidthPoints
            offset = engineAlignment == .center ? (box - used) / 2 : box - used
        }
        return (layout, offset)
    }
}

/// The weight of a font (`UIFont.Weight`): the nine of the system font.
public enum FontWeight: String, Hashable, Sendable, CaseIterable {
    /// Ultralight (100).
    case ultraLight
    /// Thin (200).
    case thin
    /// Light (300).
    case light
    /// Regular (400).
    case regular
    /// Medium (500).
    case medium
    /// Semibold (600): navigation bar titles.
    case semibold
    /// Bold (700).
    case bold
    /// Heavy (800).
    case heavy
    /// Black (900).
    case black

    /// The text engine's weight.
    package var textWeight: TextStyle.Weight {
        switch self {
        case .ultraLight: return .ultraLight
        case .thin: return .thin
        case .light: return .light
        case .regular: return .regular
        case .medium: return .medium
        case .semibold: return .semibold
        case .bold: return .bold
        case .heavy: return .heavy
        case .black: return .black
        }
    }
}

/// Horizontal placement of the lines of a label.
public enum TextAlignment: Hashable, Sendable {
    /// Lines start at the baseline origin (NSTextAlignment.left).
    case leading
    /// Left-to-right paragraphs start at the baseline origin, right-to-left ones end at the right
    /// edge of `maxWidthPoints` (NSTextAlignment.natural, UILabel's default); like `leading`
    /// without a maximum width.
    case natural
    /// Centred in a box `widthPoints` wide starting at the baseline origin (resolved to an exact
    /// origin when flattened, with the font's advance widths).
    case centered(widthPoints: Double)
    /// Ends at the right edge of a box `widthPoints` wide starting at the baseline origin.
    case trailing(widthPoints: Double)
}

/// A node of the view hierarchy a frame is built from — the properties of a `UIView`/`CALayer`
/// that transitions use.
///
/// `frame` is in the parent's coordinate space, which is offset by the parent's `boundsOrigin`
/// (a scroll view's content offset). `transform` applies about the frame's centre (UIKit's
/// default anchor point) and `frame` is the untransformed frame (as `center` + `bounds.size`).
/// Drawing order: shadow, blur, background, gradient, image, text, shapes, a shape layer's
/// fill and stroke, then sublayers in order (later on top); all of it through `mask` when set.
public struct Layer: Hashable, Sendable {
    /// The layer's name: animations and snapshots refer to it, so names are unique within a
    /// transition (`Transition.validate()` checks it).
    public var name: String
    /// Position and size in the parent's coordinates, in points (before `transform`).
    public var frame: Rect
    /// A transform about the frame's centre (identity by default).
    public var transform: LayerTransform = .identity
    /// The origin of this layer's own coordinate space (`bounds.origin`): a scroll offset.
    public var boundsOrigin: Point = .zero
    /// Opacity 0…1; values outside are clamped when drawn (a spring may overshoot).
    /// With sublayers this is group opacity, as on iOS.
    public var opacity: Double = 1
    /// Fill colour of the whole frame, if any.
    public var backgroundColor: StraightColor?
    /// The image file drawn in the frame, named as in the manifest.
    public var imageSource: String?
    /// How the image fills the frame.
    public var contentMode: ContentMode = .scaleToFill
    /// Clip the image and sublayers to the frame (rounded by `cornerRadius`).
    public var clipsToBounds = false
    /// Rounds the background always, and the clip when `clipsToBounds`, in points.
    public var cornerRadius: Double = 0
    /// Hidden layers and their sublayers are not drawn.
    public var isHidden = false
    /// A line of text, if any.
    public var text: TextContent?
    /// Vector content: filled paths in the layer's own points, back to front (the status bar's
    /// glyphs, the back chevron). Drawn after the text, under the sublayers; clipped like the
    /// image. Under a transform the paths are transformed with the layer.
    package var shapes: [ChromeShape] = []
    /// When set, the layer shows a snapshot of the named layer as it is at the start of the
    /// transition (`snapshotView(afterScreenUpdates:)`): that layer's content and sublayers,
    /// stretched from its bounds to this layer's frame. The named layer's own position, opacity,
    /// transform and `isHidden` belong to it, not to the snapshot.
    public var snapshotOf: String?
    /// Children, back to front.
    public var sublayers: [Layer] = []
    /// Where in the layer, in unit coordinates of its size, `transform` pivots and `position`
    /// sits (`CALayer.anchorPoint`; default the centre). `frame` stays the untransformed frame:
    /// `position` = frame origin + anchorPoint × size.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// False: the layer (with its sublayers) is not drawn while it shows its back
    /// (`CALayer.isDoubleSided`).
    public var isDoubleSided = true
    /// The corners `cornerRadius` rounds (`CALayer.maskedCorners`; default all four).
    public var maskedCorners: CornerMask = .all
    /// The shape of the rounded corners (`CALayer.cornerCurve`).
    public var cornerCurve: CornerCurve = .circular
    /// Width of the border in points, drawn inside the bounds above the content and sublayers,
    /// following the corners (`CALayer.borderWidth`; 0 = none).
    public var borderWidth: Double = 0
    /// The border's colour (`CALayer.borderColor`; opaque black by default, as Core Animation).
    public var borderColor: StraightColor = .black
    /// A transform applied to the sublayers about the anchor point (`CALayer.sublayerTransform`):
    /// one `perspective` that every sublayer's 3-D transform is seen through (a cube's faces).
    public var sublayerTransform: LayerTransform = .identity
    /// The shadow's colour (`shadowColor`; opaque black, Core Animation's default).
    public var shadowColor: StraightColor = .black
    /// The shadow's opacity 0…1 (`shadowOpacity`; 0, no shadow, by default).
    public var shadowOpacity: Double = 0
    /// How far the shadow is moved, in points (`shadowOffset`; Core Animation's default (0, −3)).
    public var shadowOffset = Size(width: 0, height: -3)
    /// The shadow's blur: the Gaussian's standard deviation in points (`shadowRadius`; default 3).
    public var shadowRadius: Double = 3
    /// The shadow's shape in the layer's points (`shadowPath`); nil = the layer's own alpha.
    package var shadowPath: Path?
    /// A gradient drawn over the background, rounded like it (a `CAGradientLayer`'s).
    public var gradient: Gradient?
    /// A blur effect on what is under the layer (a `UIVisualEffectView`'s `effect`), drawn first.
    public var blur: BlurEffect?
    /// Storage of `shapeContent`, out of line: the flattener recurses once per level with layers
    /// on its stack, so a layer stays small (a debug build's frame holds several).
    private var shapeStorage: [ShapeContent] = []
    /// Storage of `mask` (a struct cannot hold a value of its own type directly).
    private var maskStorage: [Layer] = []

    /// A `CAShapeLayer`'s path, fill and stroke, in the layer's own points; drawn above the
    /// content, under the sublayers.
    package var shapeContent: ShapeContent? {
        get { shapeStorage.first }
        set { shapeStorage = newValue.map { [$0] } ?? [] }
    }

    /// The layer whose alpha clips this one (`CALayer.mask`, `UIView.mask`): placed in this
    /// layer's own (bounds) coordinates, not drawn itself; this layer, its content, sublayers,
    /// border and shadow show only where the mask is opaque, in proportion to its alpha. Its
    /// name is unique among all layers, so animations reach it (a circular reveal animates its
    /// path). A hidden mask masks nothing: the layer draws as without one (a mask set after the
    /// start is hidden until then, one taken away is hidden from then on).
    public var mask: Layer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }

    /// Creates a layer with a name and a frame; set the other properties as needed.
    public init(name: String, frame: Rect) { self.name = name; self.frame = frame }
}

extension Layer {
    /// A copy with a different opacity.
    public func with(opacity: Double) -> Layer { var copy = self; copy.opacity = opacity; return copy }
    /// A copy hidden or shown.
    public func with(hidden: Bool) -> Layer { var copy = self; copy.isHidden = hidden; return copy }
}
