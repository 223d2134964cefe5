public import FlipbookGeometry
import FlipbookMotion
public import FlipbookRaster

/// A `UIBlurEffect.Style`: what a blur layer (`UIVisualEffectView`) does to what is under it.
///
/// The numbers are approximations, and where they come from is said per group: iOS computes
/// its materials from private recipes Flipbook cannot read. `light`, `extraLight` and `dark` are
/// the blur radius, saturation and tint of Apple's `UIImage+ImageEffects` sample (WWDC 2013:
/// `applyLightEffect`, `applyExtraLightEffect`, `applyDarkEffect`), whose blur radius is a
/// standard deviation in points. The system materials take their tint opacities from Apple's
/// iOS 18 design kit for Figma (the foreground fill of each material, as the Haze project
/// transcribed them: ultra thin 0.44, thin 0.70, regular 0.82, thick 0.97 light, 0.55 / 0.70 /
/// 0.82 / 0.90 dark; chrome, missing there, 0.85), a white tint for light and the kit's #252525
/// for dark (Flipbook has no colour-dodge layer, the kit's second fill), a 12 pt blur (the kit's
/// 24 pt background blur read as twice the standard deviation, as CSS reads a blur radius) and
/// the 1.8 saturation of the sample. `regular` and `prominent` (iOS 10) are `systemMaterial` and
/// `systemThickMaterial`. The styles without Light or Dark follow the appearance
/// (`resolved(for:)`): a transition file in dark appearance draws `systemMaterial` as
/// `systemMaterialDark`, as UIKit resolves an adaptive effect against the trait collection.
public enum BlurStyle: String, Hashable, Sendable, CaseIterable {
    case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
    case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight, systemChromeMaterialLight
    case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark, systemChromeMaterialDark
    case regular, prominent, light, dark, extraLight

    /// The style drawn in `appearance`: the adaptive styles (`systemMaterial` … without Light
    /// or Dark, and `regular`, `prominent`, which UIKit documents as adapting to the user
    /// interface style) become their Dark variant in dark appearance; every other style is
    /// itself. In light appearance every style is itself (the adaptive ones are the light ones).
    package func resolved(for appearance: Appearance) -> BlurStyle {
        guard appearance == .dark else { return self }
        switch self {
        case .systemUltraThinMaterial: return .systemUltraThinMaterialDark
        case .systemThinMaterial: return .systemThinMaterialDark
        case .systemMaterial, .regular: return .systemMaterialDark
        case .systemThickMaterial, .prominent: return .systemThickMaterialDark
        case .systemChromeMaterial: return .systemChromeMaterialDark
        default: return self
        }
    }

    /// The style's filter, fully applied.
    package var filter: BackdropFilter {
        func material(_ alpha: Double, dark: Bool) -> BackdropFilter {
            // #252525 = 37/255.
            BackdropFilter(blurRadiusPoints: 12, saturation: 1.8, tint: StraightColor(white: dark ? 37.0 / 255 : 1, alpha: alpha))
        }
        switch self {
        case .systemUltraThinMaterial, .systemUltraThinMaterialLight: return material(0.44, dark: false)
        case .systemThinMaterial, .systemThinMaterialLight: return material(0.70, dark: false)
        case .systemMaterial, .systemMaterialLight, .regular: return material(0.82, dark: false)
        case .systemThickMaterial, .systemThickMaterialLight, .prominent: return material(0.97, dark: false)
        case .systemChromeMaterial, .systemChromeMaterialLight: return material(0.85, dark: false)
        case .systemUltraThinMaterialDark: return material(0.55, dark: true)
        case .systemThinMaterialDark: return material(0.70, dark: true)
        case .systemMaterialDark: return material(0.82, dark: true)
        case .systemThickMaterialDark: return material(0.90, dark: true)
        case .systemChromeMaterialDark: return material(0.85, dark: true)
        case .light: return BackdropFilter(blurRadiusPoints: 30, saturation: 1.8, tint: StraightColor(white: 1, alpha: 0.3))
        case .extraLight: return BackdropFilter(blurRadiusPoints: 20, saturation: 1.8, tint: StraightColor(white: 0.97, alpha: 0.82))
        case .dark: return BackdropFilter(blurRadiusPoints: 20, saturation: 1.8, tint: StraightColor(white: 0.11, alpha: 0.73))
        }
    }
}

/// A blur layer's effect (`UIVisualEffectView.effect`): a style, or the filter values between
/// two when `effect` is animated (iOS animates from no effect to a style by growing the blur,
/// the saturation and the tint's opacity together).
public struct BlurEffect: Hashable, Sendable {
    /// The style, when the effect is exactly one (nil between two, or for `none`).
    public var style: BlurStyle?
    /// The filter drawn.
    package var filter: BackdropFilter

    /// A style's effect.
    public init(style: BlurStyle) { self.style = style; filter = style.filter }

    /// An effect with explicit filter values (no style).
    package init(filter: BackdropFilter) { style = nil; self.filter = filter }

    /// No effect (`effect = nil`): no blur, saturation 1, no tint.
    public static let none = BlurEffect(filter: BackdropFilter(blurRadiusPoints: 0, saturation: 1, tint: .clear))

    /// True when the effect changes nothing.
    package var isNone: Bool { !(filter.blurRadiusPoints > 0) && filter.saturation == 1 && !(filter.tint.alpha > 0) }
}

extension BlurEffect: Interpolatable {
    /// The blur, the saturation and the tint interpolated; a transparent tint takes the other
    /// tint's colour, so a tint fades in rather than passing through grey.
    package static func interpolate(from a: BlurEffect, to b: BlurEffect, progress p: Double) -> BlurEffect {
        var from = a.filter.tint, to = b.filter.tint
        if !(from.alpha > 0) { from = StraightColor(red: to.red, green: to.green, blue: to.blue, alpha: 0) }
        if !(to.alpha > 0) { to = StraightColor(red: from.red, green: from.green, blue: from.blue, alpha: 0) }
        var effect = BlurEffect(
            filter: BackdropFilter(
                blurRadiusPoints: max(0, .interpolate(from: a.filter.blurRadiusPoints, to: b.filter.blurRadiusPoints, progress: p)),
                saturation: .interpolate(from: a.filter.saturation, to: b.filter.saturation, progress: p),
                tint: .interpolate(from: from, to: to, progress: p)))
        if p == 0 { effect.style = a.style } else if p == 1 { effect.style = b.style }
        return effect
    }
}

extension Gradient: Interpolatable {
    /// Colours, locations and points interpolated stop by stop (what Core Animation animates);
    /// gradients with different numbers of stops or kinds switch half way.
    package static func interpolate(from a: Gradient, to b: Gradient, progress p: Double) -> Gradient {
        guard a.colors.count == b.colors.count, a.kind == b.kind else { return p < 0.5 ? a : b }
        if p == 0 { return a }
        if p == 1 { return b }
        let colors = zip(a.colors, b.colors).map { StraightColor.interpolate(from: $0, to: $1, progress: p) }
        let locations: [Double]? =
            a.locations == nil && b.locations == nil
            ? nil
            : zip(a.stopLocations, b.stopLocations).map { Double.interpolate(from: $0, to: $1, progress: p) }
        return Gradient(
            colors: colors, locations: locations, startPoint: .interpolate(from: a.startPoint, to: b.startPoint, progress: p),
            endPoint: .interpolate(from: a.endPoint, to: b.endPoint, progress: p), kind: a.kind)
    }

    /// The same stops, transparent: what "no gradient" animates from.
    var transparent: Gradient {
        var copy = self
        copy.colors = colors.map { StraightColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: 0) }
        return copy
    }
}

extension Layer {
    /// True when the layer casts a shadow: `shadowOpacity` and the colour's alpha above 0 and
    /// not `clipsToBounds` (Core Animation's `masksToBounds` clips a layer's own shadow away,
    /// which is why iOS code puts the shadow on a container of the clipped view).
    var castsShadow: Bool { shadowOpacity > 0 && shadowColor.alpha > 0 && !clipsToBounds }

    /// The shadow in window points for a layer drawn through `local` (layer → window): the
    /// offset turned and scaled with the layer, the radius scaled by the transform's mean scale.
    func windowShadow(local: Transform2D) -> Shadow {
        let offset = Point(
            x: local.a * shadowOffset.width + local.c * shadowOffset.height,
            y: local.b * shadowOffset.width + local.d * shadowOffset.height)
        let scale = abs(local.a * local.d - local.b * local.c).squareRoot()
        let color = StraightColor(
            red: shadowColor.red, green: shadowColor.green, blue: shadowColor.blue,
            alpha: max(0, min(1, shadowColor.alpha)) * clampOpacity(shadowOpacity))
        return Shadow(color: color, offset: offset, blurRadiusPoints: max(0, shadowRadius) * (scale.isFinite ? scale : 1))
    }

    /// True when nothing but the background is drawn (no image, text, shapes, gradient, blur,
    /// snapshot or sublayers): its shadow is then the shadow of its rounded rect, drawn without
    /// an offscreen pass.
    var drawsOnlyBackground: Bool {
        imageSource == nil && text == nil && shapes.isEmpty && gradient == nil && blur == nil && snapshotOf == nil && sublayers.isEmpty
    }

    /// Wraps a layer's ops (in painter's order) with its shadow: the `shadowPath`'s or a plain
    /// background's shadow drawn first, else the whole group offscreen with the shadow of its
    /// alpha (Core Animation's offscreen pass for a shadow without a path).
    /// A shaped layer (masked or continuous corners, a border, 3-D) passes its `outline` in
    /// window points and `place`, which maps a path in its points into the window.
    func addingShadow(
        to ops: [DisplayOp], local: Transform2D, clip: Clip?, outline: Path? = nil,
        place: ((Path) -> Path)? = nil
    ) -> [DisplayOp] {
        guard castsShadow, !ops.isEmpty || shadowPath != nil else { return ops }
        var shadow = windowShadow(local: local)
        if let shadowPath {
            return [.shadow(place?(shadowPath) ?? shadowPath.applying(local), shadow: shadow, opacity: 1, clip: clip)] + ops
        }
        if drawsOnlyBackground, let background = backgroundColor, borderWidth <= 0 || borderColor.alpha <= 0 {
            shadow.color.alpha *= max(0, min(1, background.alpha))
            let path = outline ?? Path(roundedRect: Rect(origin: .zero, size: frame.size), cornerRadius: cornerRadius, transform: local)
            return [.shadow(path, shadow: shadow, opacity: 1, clip: clip)] + ops
        }
        return [.shadowedGroup(opacity: 1, shadow: shadow, clip: clip, ops: ops)]
    }

    /// A blur layer's ops (its backdrop first) faded to `opacity`: the backdrop mixed in by the
    /// opacity outside the group the rest becomes, so it still blurs the picture under the layer
    /// (inside the group's offscreen buffer it would blur nothing) — a blur layer fading in
    /// shows its blur growing in, with no jump when the fade ends.
    static func fadingBlur(_ ops: [DisplayOp], opacity: Double) -> [DisplayOp] {
        let rest = Array(ops.dropFirst())
        let faded: [DisplayOp] = rest.count == 1 ? [rest[0].multiplyingOpacity(by: opacity)] : [.group(opacity: opacity, ops: rest)]
        return [ops[0].multiplyingOpacity(by: opacity)] + faded
    }

    /// The gradient op for the layer's `gradient` (above its background, rounded like it).
    func gradientOp(bounds: Rect, local: Transform2D, clip: Clip?) -> DisplayOp? {
        guard let gradient, gradient.colors.count >= 2, gradient.colors.contains(where: { $0.alpha > 0 }) else { return nil }
        return .gradient(gradient, shape: ClipShape(rect: bounds, cornerRadius: cornerRadius, transform: local), opacity: 1, clip: clip)
    }

    /// The backdrop op for the layer's `blur` (under everything the layer draws).
    func backdropOp(bounds: Rect, local: Transform2D, clip: Clip?) -> DisplayOp? {
        guard let blur, !blur.isNone else { return nil }
        let scale = abs(local.a * local.d - local.b * local.c).squareRoot()
        var filter = blur.filter
        filter.blurRadiusPoints *= scale.isFinite ? scale : 1
        return .backdrop(filter, shape: ClipShape(rect: bounds, cornerRadius: cornerRadius, transform: local), opacity: 1, clip: clip)
    }
}

extension Layer {
    /// Sets `shadowPath` to a rounded rect in the layer's points
    /// (`UIBezierPath(roundedRect:cornerRadius:)`); nil clears it (the shadow follows the
    /// layer's alpha again).
    public mutating func setShadowPath(roundedRect rect: Rect?, cornerRadius: Double = 0) {
        shadowPath = rect.map { Path(roundedRect: $0, cornerRadius: cornerRadius) }
    }
}
