import FlipbookGeometry
import FlipbookRaster

/// Text carried by a layer: a label drawn from a baseline origin in the layer's coordinates.
public struct TextContent: Hashable, Sendable {
    /// The string to draw.
    public var string: String
    /// Font size in points.
    public var sizePoints: Double
    /// Font weight (bar titles are semibold on iOS).
    public var weight: FontWeight
    /// Left end of the baseline, in the layer's own coordinates (points); for centred text, the
    /// left end of the box the line is centred in.
    public var baselineOrigin: Point
    /// Straight sRGB colour.
    public var color: StraightColor
    /// Where the line sits horizontally.
    public var alignment: TextAlignment
    /// The widest the line may be, in points; a longer line is cut and ends in "…" (UILabel's
    /// `byTruncatingTail`). nil: never truncated.
    public var maxWidthPoints: Double?

    /// Creates a line of text.
    public init(string: String, sizePoints: Double, weight: FontWeight = .regular, baselineOrigin: Point,
                color: StraightColor, alignment: TextAlignment = .leading, maxWidthPoints: Double? = nil) {
        self.string = string; self.sizePoints = sizePoints; self.weight = weight; self.baselineOrigin = baselineOrigin
        self.color = color; self.alignment = alignment; self.maxWidthPoints = maxWidthPoints
    }
}

/// The weight of a font (`UIFont.Weight`'s common values).
public enum FontWeight: String, Hashable, Sendable, CaseIterable {
    /// Regular (400).
    case regular
    /// Semibold (600): navigation bar titles.
    case semibold
    /// Bold (700).
    case bold
}

/// Horizontal placement of a line of text.
public enum TextAlignment: Hashable, Sendable {
    /// Starts at the baseline origin.
    case leading
    /// Centred in a box `widthPoints` wide starting at the baseline origin (resolved to an exact
    /// origin when flattened, with the font's advance widths).
    case centered(widthPoints: Double)
    /// Ends at the right edge of a box `widthPoints` wide starting at the baseline origin.
    case trailing(widthPoints: Double)
}

/// Measures the advance width of a line of text in points: `(string, sizePoints) -> width`.
public typealias TextMeasure = @Sendable (String, Double) -> Double

/// A node of the view hierarchy a frame is built from — the properties of a `UIView`/`CALayer`
/// that transitions use.
///
/// `frame` is in the parent's coordinate space, which is offset by the parent's `boundsOrigin`
/// (a scroll view's content offset). `transform` applies about the frame's centre (UIKit's
/// default anchor point) and `frame` is the untransformed frame (as `center` + `bounds.size`).
/// Drawing order: background, image, text, shapes, then sublayers in order (later on top).
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
    public var shapes: [ChromeShape] = []
    /// When set, the layer shows a snapshot of the named layer as it is at the start of the
    /// transition (`snapshotView(afterScreenUpdates:)`): that layer's content and sublayers,
    /// stretched from its bounds to this layer's frame. The named layer's own position, opacity,
    /// transform and `isHidden` belong to it, not to the snapshot.
    public var snapshotOf: String?
    /// Children, back to front.
    public var sublayers: [Layer] = []

    /// Creates a layer with a name and a frame; set the other properties as needed.
    public init(name: String, frame: Rect) { self.name = name; self.frame = frame }
}

extension Layer {
    /// A copy with a different opacity.
    public func with(opacity: Double) -> Layer { var copy = self; copy.opacity = opacity; return copy }
    /// A copy hidden or shown.
    public func with(hidden: Bool) -> Layer { var copy = self; copy.isHidden = hidden; return copy }
}
