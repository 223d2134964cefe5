public import FlipbookGeometry
public import FlipbookMotion
public import FlipbookRaster

#if canImport(Glibc)
    import Glibc
#endif

/// A layer's 2-D transform as Core Animation animates it: translation, rotation and scale, each
/// interpolated on its own (so a half-way rotation keeps its size, unlike a lerp of matrices).
///
/// The matrix is `scale`, then `rotation`, then `translation` (a point `p` maps to
/// `R·S·p + t`), applied about the layer's centre.
public struct LayerTransform: Hashable, Sendable {
    /// Translation in points.
    public var translation: Point
    /// Rotation in degrees, clockwise on screen (y down), as `CGAffineTransform(rotationAngle:)`
    /// with a positive angle.
    public var rotationDegrees: Double
    /// Horizontal and vertical scale factors.
    public var scale: Size
    /// Rotation about the layer's x axis in degrees (`transform.rotation.x`): positive tips the
    /// top edge away from the viewer. 3-D: see `matrix3D` for the order.
    public var rotationXDegrees: Double = 0
    /// Rotation about the layer's y axis in degrees (`transform.rotation.y`): positive turns the
    /// right edge away from the viewer (a card flip).
    public var rotationYDegrees: Double = 0
    /// The eye's distance from the layer's plane in points (`m34 = −1 / distance`); 0 = none
    /// (an orthographic 3-D rotation, Core Animation's default).
    public var perspectiveDistancePoints: Double = 0
    /// Translation along the layer's z axis in points (`transform.translation.z`), applied with
    /// `translation`: positive toward the viewer; seen only through a perspective (its own, or
    /// a parent's `sublayerTransform`).
    package var translationZPoints: Double = 0
    /// A whole 4 × 4 matrix the components above cannot express (a z translation, a hinge about
    /// an edge, stacked rotations), applied after them: the transform is `matrix3D` of the
    /// components, then this (`LayerTransform+3D.swift`). nil for every transform the
    /// components express, so presets and files without one are unchanged.
    package var fullMatrix: Transform3D?

    /// Creates a transform; the defaults are the identity.
    public init(translation: Point = .zero, rotationDegrees: Double = 0, scale: Size = Size(width: 1, height: 1)) {
        self.translation = translation; self.rotationDegrees = rotationDegrees; self.scale = scale
    }

    /// No transform.
    public static let identity = LayerTransform()

    /// True for the identity.
    public var isIdentity: Bool { self == .identity }

    /// The matrix (about the origin; the flattener moves it to the layer's centre).
    package var affineTransform: Transform2D {
        if fullMatrix != nil { return matrix3D.flattened.affine }
        let (cosine, sine) = LayerTransform.cosineAndSine(degrees: rotationDegrees)
        return Transform2D(scaleX: scale.width, y: scale.height)
            .concatenating(Transform2D(rotationCosine: cosine, sine: sine))
            .concatenating(Transform2D(translationX: translation.x, y: translation.y))
    }

    /// cos and sin of an angle in degrees, exact at multiples of 90° (so a quarter turn has no
    /// 6e-17 residue that would make an axis-aligned layer take the rotated drawing path).
    static func cosineAndSine(degrees: Double) -> (Double, Double) {
        let turns = degrees / 90
        if turns == turns.rounded(), abs(turns) < 1e15 {
            switch ((Int64(turns) % 4) + 4) % 4 {
            case 0: return (1, 0)
            case 1: return (0, 1)
            case 2: return (-1, 0)
            default: return (0, -1)
            }
        }
        let radians = degrees * Double.pi / 180
        return (DeterministicMath.cos(radians), DeterministicMath.sin(radians))
    }
}

extension LayerTransform: Interpolatable {
    /// Each component interpolated with the same progress (Core Animation's key-path animation
    /// of `transform.translation`, `transform.rotation.z` and `transform.scale`).
    package static func interpolate(from a: LayerTransform, to b: LayerTransform, progress p: Double) -> LayerTransform {
        if a.fullMatrix != b.fullMatrix { return interpolateMatrices(from: a, to: b, progress: p) }
        var result = LayerTransform(
            translation: .interpolate(from: a.translation, to: b.translation, progress: p),
            rotationDegrees: .interpolate(from: a.rotationDegrees, to: b.rotationDegrees, progress: p),
            scale: .interpolate(from: a.scale, to: b.scale, progress: p))
        if a.is3D || b.is3D { result.interpolate3D(from: a, to: b, progress: p) }
        result.fullMatrix = a.fullMatrix
        return result
    }
}

extension StraightColor: Interpolatable {
    /// Each straight component interpolated with the same progress (what Core Animation does for
    /// `backgroundColor`); drawing clamps the result to 0…1.
    package static func interpolate(from a: StraightColor, to b: StraightColor, progress p: Double) -> StraightColor {
        StraightColor(
            red: .interpolate(from: a.red, to: b.red, progress: p), green: .interpolate(from: a.green, to: b.green, progress: p),
            blue: .interpolate(from: a.blue, to: b.blue, progress: p), alpha: .interpolate(from: a.alpha, to: b.alpha, progress: p))
    }
}

/// Property values to set on a layer: the `to` (and optional `from`) of an animation, or what a
/// completion sets. nil fields are left alone.
///
/// The animatable ones (`AnimatableProperty`) are interpolated with an animation's progress; the rest are set at
/// once, and only in completions and a layer's initial state.
public struct LayerPatch: Hashable, Sendable {
    /// Frame in the parent's coordinates (animatable).
    public var frame: Rect?
    /// Opacity 0…1 (animatable; drawn clamped).
    public var opacity: Double?
    /// Background colour (animatable); `.clear` for none.
    public var backgroundColor: StraightColor?
    /// Corner radius in points (animatable).
    public var cornerRadius: Double?
    /// Transform about the centre (animatable).
    public var transform: LayerTransform?
    /// Scroll offset, `bounds.origin` (animatable).
    public var boundsOrigin: Point?
    /// Hidden or shown (set at once).
    public var isHidden: Bool?
    /// The image file (set at once).
    public var imageSource: String?
    /// How the image fills the frame (set at once).
    public var contentMode: ContentMode?
    /// Clip to the (rounded) bounds (set at once).
    public var clipsToBounds: Bool?
    /// The label (set at once).
    public var text: TextContent?
    /// Remove the layer and its sublayers from the window (`removeFromSuperview`), in completions.
    public var isRemoved: Bool?
    /// The anchor point, unit coordinates (animatable, as `CALayer.anchorPoint`).
    public var anchorPoint: Point?
    /// Border width in points (animatable).
    public var borderWidth: Double?
    /// Border colour (animatable).
    public var borderColor: StraightColor?
    /// The sublayers' transform (animatable).
    public var sublayerTransform: LayerTransform?
    /// The rounded corners (set at once).
    public var maskedCorners: CornerMask?
    /// The corner shape (set at once).
    public var cornerCurve: CornerCurve?
    /// Drawn while showing its back or not (set at once).
    public var isDoubleSided: Bool?
    /// Shadow colour (animatable).
    public var shadowColor: StraightColor?
    /// Shadow opacity 0…1 (animatable).
    public var shadowOpacity: Double?
    /// Shadow offset in points (animatable).
    public var shadowOffset: Size?
    /// Shadow blur radius in points (animatable).
    public var shadowRadius: Double?
    /// Shadow shape in the layer's points (set at once).
    package var shadowPath: Path?
    /// Gradient (animatable: colours, locations and points, stop by stop).
    public var gradient: Gradient?
    /// Blur effect (animatable: `.none` to a style grows the blur, saturation and tint).
    public var blur: BlurEffect?
    /// The label's colour (`UILabel.textColor`; animatable, as a transition animates it); a
    /// layer without text ignores it.
    public var textColor: StraightColor?
    /// The label's font size in points (`font.pointSize`, animatable: the text is set again at
    /// every size, as a label whose font changes in an animation block); a layer without text
    /// ignores it.
    public var fontSizePoints: Double?
    /// A shape layer's path in its points (animatable; `ShapeContent.path`).
    package var shapePath: BezierPath?
    /// A shape layer's fill colour, `.clear` for none (animatable).
    public var fillColor: StraightColor?
    /// A shape layer's stroke colour, `.clear` for none (animatable).
    public var strokeColor: StraightColor?
    /// A shape layer's line width in points (animatable).
    public var lineWidth: Double?
    /// A shape layer's `strokeStart`, 0…1 of the path's length (animatable).
    public var strokeStart: Double?
    /// A shape layer's `strokeEnd`, 0…1 of the path's length (animatable).
    public var strokeEnd: Double?
    /// A shape layer's fill rule, caps, joins, miter limit and dashes (set at once; makes the
    /// layer a shape layer).
    package var shapeStyle: ShapeStyle?

    /// An empty patch.
    public init(
        frame: Rect? = nil, opacity: Double? = nil, backgroundColor: StraightColor? = nil, cornerRadius: Double? = nil,
        transform: LayerTransform? = nil, boundsOrigin: Point? = nil, isHidden: Bool? = nil, imageSource: String? = nil,
        contentMode: ContentMode? = nil, clipsToBounds: Bool? = nil, text: TextContent? = nil, isRemoved: Bool? = nil,
        textColor: StraightColor? = nil, fontSizePoints: Double? = nil
    ) {
        self.frame = frame; self.opacity = opacity; self.backgroundColor = backgroundColor; self.cornerRadius = cornerRadius
        self.transform = transform; self.boundsOrigin = boundsOrigin; self.isHidden = isHidden; self.imageSource = imageSource
        self.contentMode = contentMode; self.clipsToBounds = clipsToBounds; self.text = text; self.isRemoved = isRemoved
        self.textColor = textColor; self.fontSizePoints = fontSizePoints
    }

    /// True when the patch sets something that cannot be animated.
    /// Removes `property`'s value.
    mutating func clear(_ property: AnimatableProperty) {
        switch property {
        case .frame: frame = nil
        case .opacity: opacity = nil
        case .backgroundColor: backgroundColor = nil
        case .cornerRadius: cornerRadius = nil
        case .transform: transform = nil
        case .boundsOrigin: boundsOrigin = nil
        case .anchorPoint: anchorPoint = nil
        case .borderWidth: borderWidth = nil
        case .borderColor: borderColor = nil
        case .sublayerTransform: sublayerTransform = nil
        case .shadowColor: shadowColor = nil
        case .shadowOpacity: shadowOpacity = nil
        case .shadowOffset: shadowOffset = nil
        case .shadowRadius: shadowRadius = nil
        case .gradient: gradient = nil
        case .blur: blur = nil
        case .textColor: textColor = nil
        case .fontSize: fontSizePoints = nil
        case .shapePath: shapePath = nil
        case .fillColor: fillColor = nil
        case .strokeColor: strokeColor = nil
        case .lineWidth: lineWidth = nil
        case .strokeStart: strokeStart = nil
        case .strokeEnd: strokeEnd = nil
        }
    }

    package var setsUnanimatable: Bool {
        isHidden != nil || imageSource != nil || contentMode != nil || clipsToBounds != nil || text != nil || isRemoved != nil
            || maskedCorners != nil || cornerCurve != nil || isDoubleSided != nil
            || shadowPath != nil || shapeStyle != nil
    }

    /// The animatable properties this patch sets.
    package var animatedProperties: [AnimatableProperty] {
        AnimatableProperty.allCases.filter { $0.value(in: self) != nil }
    }
}

/// When an animation's clock runs: its curve and duration, each the transition's main timing's
/// unless given.
public struct AnimationTiming: Hashable, Sendable {
    /// The curve; nil = the transition's main curve (what `--curve`, `--damping` and `--velocity`
    /// change).
    public var curve: TimingCurve?
    /// The duration in seconds; nil = the transition's main duration (what `--duration` changes).
    public var durationSeconds: Double?

    /// Creates a timing; both nil (the default) follows the transition's main timing.
    public init(curve: TimingCurve? = nil, durationSeconds: Double? = nil) { self.curve = curve; self.durationSeconds = durationSeconds }

    /// The transition's main timing.
    public static let main = AnimationTiming()

    /// The concrete timing with `main` filling the gaps.
    package func resolved(main: Timing) -> Timing {
        Timing(curve: curve ?? main.curve, durationSeconds: durationSeconds ?? main.durationSeconds)
    }
}

/// A keyframe of a keyframe animation (`UIView.addKeyframe(withRelativeStartTime:relativeDuration:)`).
public struct Keyframe: Hashable, Sendable {
    /// Start as a fraction (0…1) of the animation's duration.
    public var relativeStart: Double
    /// Length as a fraction (0…1) of the animation's duration.
    public var relativeDuration: Double
    /// The values reached at the keyframe's end.
    public var to: LayerPatch
    /// The keyframe's own curve over its part of the time (default linear, as
    /// `calculationModeLinear`).
    public var curve: TimingCurve

    /// Creates a keyframe.
    public init(relativeStart: Double, relativeDuration: Double, to: LayerPatch, curve: TimingCurve = .bezier(.linear)) {
        self.relativeStart = relativeStart; self.relativeDuration = relativeDuration; self.to = to; self.curve = curve
    }
}

/// Timed property changes of one layer: `UIView.animate(withDuration:delay:…, animations:)` for
/// one view, or `animateKeyframes` when `keyframes` is not empty.
///
/// The animation starts `delaySeconds` after the transition starts, or after the animation named
/// `after` has finished (a completion block that starts another animation). Each property goes
/// from `from` (default: where the previous animation of that property left it, else the
/// layer's initial value) to `to`. Until it starts, a delayed animation shows its `from` (UIKit
/// fills delayed animations backwards). `completion` is set once it has finished.
public struct Animation: Hashable, Sendable {
    /// A name, so other animations can start `after` it (optional, unique when given).
    public var name: String?
    /// The layer animated.
    public var target: String
    /// Values at the start; nil fields start where the property is.
    public var from: LayerPatch
    /// Values at the end (animatable properties only).
    public var to: LayerPatch
    /// Keyframes (their `to`s are reached in turn); when not empty, `to` must be empty.
    public var keyframes: [Keyframe]
    /// Seconds after the start (or after `after` finished).
    public var delaySeconds: Double
    /// The name of an animation this one follows.
    public var after: String?
    /// Curve and duration.
    public var timing: AnimationTiming
    /// Set on any layer once this animation has finished (the completion block).
    public var completion: [LayerChange]

    /// Creates an animation.
    public init(
        name: String? = nil, target: String, from: LayerPatch = LayerPatch(), to: LayerPatch = LayerPatch(),
        keyframes: [Keyframe] = [], delaySeconds: Double = 0, after: String? = nil,
        timing: AnimationTiming = .main, completion: [LayerChange] = []
    ) {
        self.name = name; self.target = target; self.from = from; self.to = to; self.keyframes = keyframes
        self.delaySeconds = delaySeconds; self.after = after; self.timing = timing; self.completion = completion
    }
}

/// Properties set on a named layer at once (a completion block's assignments).
public struct LayerChange: Hashable, Sendable {
    /// The layer changed.
    public var target: String
    /// What is set.
    public var set: LayerPatch

    /// Creates a change.
    public init(target: String, set: LayerPatch) { self.target = target; self.set = set }
}

/// Changes made at a moment of the transition rather than at an animation's end: a value that
/// switches at a time (a view shown, a colour set, a view removed between two animations).
///
/// They apply exactly as an animation's `completion` does: in every frame whose time is strictly
/// after `atSeconds`, and in the final frame; an animatable property set here is a step in its
/// timeline, from which a later animation of it starts. At the same time, they apply after the
/// completions of the animations that end then, and in the order `Transition.timedChanges` lists
/// them. The transition lasts at least until `atSeconds` (so an empty `changes` only extends it).
public struct TimedChanges: Hashable, Sendable {
    /// Seconds from the transition's start: 0 … `TransitionAnimator.maximumDurationSeconds`.
    public var atSeconds: Double
    /// The changes, applied in order.
    public var changes: [LayerChange]

    /// Changes made `atSeconds` after the start.
    public init(atSeconds: Double, changes: [LayerChange]) { self.atSeconds = atSeconds; self.changes = changes }
}

extension LayerChange {
    /// Changes removing the `removed` layers, then showing the `shown` ones: what a completion
    /// block that tidies up a transition's temporary views does.
    package static func changes(removing removed: [String], showing shown: [String]) -> [LayerChange] {
        removed.map { LayerChange(target: $0, set: LayerPatch(isRemoved: true)) }
            + shown.map { LayerChange(target: $0, set: LayerPatch(isHidden: false)) }
    }
}
