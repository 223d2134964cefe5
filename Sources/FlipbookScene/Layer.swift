import FlipbookGeometry
import FlipbookRaster

/// Text carried by a layer: one line, drawn from a baseline origin in the layer's coordinates.
public struct TextContent: Hashable, Sendable {
    /// The string to draw.
    public var string: String
    /// Font size in points.
    public var sizePoints: Double
    /// Left end of the baseline, in the layer's own coordinates (points); for centred text, the
    /// left end of the box the line is centred in.
    public var baselineOrigin: Point
    /// Straight sRGB colour.
    public var color: StraightColor
    /// Where the line sits horizontally.
    public var alignment: TextAlignment

    /// Creates a line of text.
    public init(string: String, sizePoints: Double, baselineOrigin: Point, color: StraightColor,
                alignment: TextAlignment = .leading) {
        self.string = string; self.sizePoints = sizePoints; self.baselineOrigin = baselineOrigin; self.color = color
        self.alignment = alignment
    }
}

/// Horizontal placement of a line of text.
public enum TextAlignment: Hashable, Sendable {
    /// Starts at the baseline origin.
    case leading
    /// Centred in a box `widthPoints` wide starting at the baseline origin (resolved to an exact
    /// origin when flattened, with the font's advance widths).
    case centered(widthPoints: Double)
}

/// Measures the advance width of a line of text in points: `(string, sizePoints) -> width`.
public typealias TextMeasure = @Sendable (String, Double) -> Double

/// A node of the view hierarchy a frame is built from — the properties of a `UIView`/`CALayer`
/// that the reference transitions use.
///
/// `frame` is in the parent's coordinate space, which is offset by the parent's `boundsOrigin`
/// (a scroll view's content offset). Drawing order: background, image, text, then sublayers in
/// order (later on top).
public struct Layer: Hashable, Sendable {
    /// A name for debugging (not drawn).
    public var name: String
    /// Position and size in the parent's coordinates, in points.
    public var frame: Rect
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
