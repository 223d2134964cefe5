// Colour types and the exact integer pixel arithmetic every drawing operation uses.
// The maths is written down in docs/RASTER.md.

#if canImport(Glibc)
    import Glibc // links libm for rounded()/squareRoot() on Linux
#endif

/// A straight (not premultiplied) sRGB colour; each component in 0…1.
///
/// Components outside 0…1 (or NaN) are allowed in the value but clamped (NaN → 0) when the
/// colour is converted to pixels. This is the colour of the display list (`"color": [r, g, b, a]`).
public struct StraightColor: Hashable, Sendable {
    /// Red, 0…1 (sRGB-encoded, not premultiplied).
    public var red: Double
    /// Green, 0…1 (sRGB-encoded, not premultiplied).
    public var green: Double
    /// Blue, 0…1 (sRGB-encoded, not premultiplied).
    public var blue: Double
    /// Opacity, 0 (transparent) … 1 (opaque).
    public var alpha: Double

    /// Creates a colour from its components (alpha defaults to opaque).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A grey: red = green = blue = `white`.
    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    /// Opaque black.
    public static let black = StraightColor(white: 0)
    /// Opaque white.
    public static let white = StraightColor(white: 1)
    /// Fully transparent black.
    public static let clear = StraightColor(white: 0, alpha: 0)

    /// The colour as a straight 8-bit pixel: each component `c` becomes `round(clamp(c, 0, 1) · 255)`
    /// (halves away from zero; NaN → 0).
    package var straightPixel: StraightPixel {
        StraightPixel(
            red: Self.quantize(red), green: Self.quantize(green),
            blue: Self.quantize(blue), alpha: Self.quantize(alpha))
    }

    /// The colour as a premultiplied pixel: quantised to a straight 8-bit pixel first
    /// (see `straightPixel`), then premultiplied exactly (see `StraightPixel.premultiplied`).
    public var premultipliedPixel: PremultipliedPixel { straightPixel.premultiplied }

    private static func quantize(_ value: Double) -> UInt8 {
        guard value > 0 else { return 0 } // also NaN
        guard value < 1 else { return 255 }
        return UInt8((value * 255).rounded())
    }
}

/// A premultiplied RGBA8 pixel packed in a `UInt32`: red in the low byte, alpha in the high byte
/// (memory order R, G, B, A on little-endian).
///
/// Invariant: red, green, blue ≤ alpha (a colour component is already multiplied by alpha).
/// `init(red:green:blue:alpha:)` traps when it is broken; `init(packed:)` trusts its caller.
public struct PremultipliedPixel: Hashable, Sendable {
    /// The four bytes: `red | green << 8 | blue << 16 | alpha << 24`.
    public var packed: UInt32

    /// Wraps a packed value (which must satisfy the invariant).
    public init(packed: UInt32) { self.packed = packed }

    /// Creates a pixel from premultiplied components; traps unless red, green, blue ≤ alpha.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        precondition(red <= alpha && green <= alpha && blue <= alpha, "premultiplied components exceed alpha")
        packed = UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
    }

    /// Premultiplied red.
    public var red: UInt8 { UInt8(truncatingIfNeeded: packed) }
    /// Premultiplied green.
    public var green: UInt8 { UInt8(truncatingIfNeeded: packed >> 8) }
    /// Premultiplied blue.
    public var blue: UInt8 { UInt8(truncatingIfNeeded: packed >> 16) }
    /// Alpha (coverage × opacity), 255 = opaque.
    public var alpha: UInt8 { UInt8(truncatingIfNeeded: packed >> 24) }

    /// Transparent black, the only pixel with alpha 0.
    public static let transparent = PremultipliedPixel(packed: 0)

    /// The pixel un-premultiplied: `c = min(255, (c·255 + ⌊a/2⌋) / a)` (integer division, i.e.
    /// `c·255/a` rounded half up), alpha kept; alpha 0 gives transparent black.
    /// `straight.premultiplied` gives this pixel back exactly.
    package var straight: StraightPixel {
        let a = UInt32(alpha)
        guard a != 0 else { return StraightPixel(red: 0, green: 0, blue: 0, alpha: 0) }
        func unpremultiply(_ c: UInt8) -> UInt8 { UInt8(PixelMath.unpremultiply(UInt32(c), alpha: a)) }
        return StraightPixel(red: unpremultiply(red), green: unpremultiply(green), blue: unpremultiply(blue), alpha: alpha)
    }
}

/// A straight-alpha RGBA8 pixel, as stored in PNG files. Any four bytes are valid.
package struct StraightPixel: Hashable, Sendable {
    /// Red, not multiplied by alpha.
    package var red: UInt8
    /// Green, not multiplied by alpha.
    package var green: UInt8
    /// Blue, not multiplied by alpha.
    package var blue: UInt8
    /// Alpha, 255 = opaque.
    package var alpha: UInt8

    /// Creates a pixel from its four bytes.
    package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// The pixel premultiplied: each colour component `c` becomes `round(c·a/255)` exactly
    /// (computed by `PixelMath.multiplyDivide255`), which keeps c ≤ a.
    package var premultiplied: PremultipliedPixel {
        let a = UInt32(alpha)
        let r = PixelMath.multiplyDivide255(UInt32(red), a)
        let g = PixelMath.multiplyDivide255(UInt32(green), a)
        let b = PixelMath.multiplyDivide255(UInt32(blue), a)
        return PremultipliedPixel(packed: r | g << 8 | b << 16 | a << 24)
    }
}

/// The exact integer arithmetic of the rasterizer on packed premultiplied pixels (see docs/RASTER.md).
///
/// Two weight scales are used: alpha in 0…255 (pixels) and *weights* in 0…256 (coverage and
/// opacity, so that "fully covered" is a power of two and scaling is a shift).
package enum PixelMath {
    /// `round(x · a / 255)` for `x, a` in 0…255, exactly (halves cannot occur: 255 is odd).
    ///
    /// Computed as `t = x·a + 128; (t + (t >> 8)) >> 8`, the classic exact form (Blinn).
    @inlinable @inline(__always)
    package static func multiplyDivide255(_ x: UInt32, _ a: UInt32) -> UInt32 {
        let t = x &* a &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// A premultiplied channel `c` (≤ `a`) made straight: `min(255, (c·255 + ⌊a/2⌋) / a)`, i.e.
    /// `c·255/a` rounded half up, for alpha `a` in 1…255. Premultiplying the result with
    /// `multiplyDivide255` gives `c` back exactly. (The one copy: pixels and codecs use it.)
    @inlinable @inline(__always)
    package static func unpremultiply(_ c: UInt32, alpha a: UInt32) -> UInt32 {
        min((c &* 255 &+ (a &>> 1)) / a, 255)
    }

    /// `multiplyDivide255(c, factor)` applied to each of the four bytes of `pixel` (two bytes at a
    /// time in 16-bit lanes), `factor` in 0…255: every channel becomes `round(c · factor / 255)`.
    @inlinable @inline(__always)
    package static func multiplyDivide255(pixel: UInt32, _ factor: UInt32) -> UInt32 {
        var rb = (pixel & 0x00FF_00FF) &* factor &+ 0x0080_0080
        rb = ((rb &+ ((rb &>> 8) & 0x00FF_00FF)) &>> 8) & 0x00FF_00FF
        var ga = ((pixel &>> 8) & 0x00FF_00FF) &* factor &+ 0x0080_0080
        ga = (ga &+ ((ga &>> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ga
    }

    /// Source-over of premultiplied pixels: `D = S + round(D · (255 − Sa) / 255)` per channel.
    ///
    /// The result keeps the premultiplied invariant and never overflows a byte.
    @inlinable @inline(__always)
    package static func sourceOver(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let inverseAlpha = 255 &- (source &>> 24)
        return source &+ multiplyDivide255(pixel: destination, inverseAlpha)
    }

    /// All four channels scaled by `weight`/256, `weight` in 0…256: `(c·weight + 128) >> 8`
    /// (round half up); weight 256 returns the pixel unchanged, 0 returns transparent.
    @inlinable @inline(__always)
    package static func scale(_ pixel: UInt32, by weight: UInt32) -> UInt32 {
        let rb = (((pixel & 0x00FF_00FF) &* weight &+ 0x0080_0080) &>> 8) & 0x00FF_00FF
        let ga = (((pixel &>> 8) & 0x00FF_00FF) &* weight &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ga
    }

    /// The product of two weights in 0…256, rounded half up: `(a·b + 128) >> 8`.
    @inlinable @inline(__always)
    package static func multiplyWeights(_ a: UInt32, _ b: UInt32) -> UInt32 { (a &* b &+ 128) &>> 8 }

    /// An opacity or coverage fraction as a weight in 0…256: `round(clamp(f, 0, 1) · 256)`
    /// (halves away from zero; NaN → 0). Done once per operation, never per pixel.
    @inlinable
    package static func weight(_ fraction: Double) -> UInt32 {
        guard fraction > 0 else { return 0 }
        guard fraction < 1 else { return 256 }
        return UInt32((fraction * 256).rounded())
    }

    /// An 8-bit coverage value (0…255) as a weight in 0…256: `round(c · 256 / 255)`, which is
    /// exactly `c + (c >> 7)`.
    @inlinable @inline(__always)
    package static func weight(coverage c: UInt32) -> UInt32 { c &+ (c &>> 7) }
}

extension PixelMath {
    /// `scale(_:by:)` of four packed pixels at once (16-bit lanes of two channels each).
    @inline(__always)
    static func scale(_ pixels: SIMD4<UInt32>, by weight: UInt32) -> SIMD4<UInt32> {
        let v = unsafeBitCast(pixels, to: SIMD8<UInt16>.self), w = SIMD8<UInt16>(repeating: UInt16(weight))
        let low = (((v & 0xFF) &* w &+ 128) &>> 8), high = ((v &>> 8) &* w &+ 128) & 0xFF00
        return unsafeBitCast(low | high, to: SIMD4<UInt32>.self)
    }

    /// `sourceOver(_:_:)` of four packed pixels at once, with the same exact rounding (16-bit
    /// lanes of two channels each; every intermediate is below 2^16). Exact for opaque and
    /// transparent sources too, so callers need not special-case them.
    @inline(__always)
    static func sourceOver(_ source: SIMD4<UInt32>, _ destination: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let inverse32 = 255 &- (source &>> 24)
        let inverse = unsafeBitCast(inverse32 | (inverse32 &<< 16), to: SIMD8<UInt16>.self)
        let d = unsafeBitCast(destination, to: SIMD8<UInt16>.self)
        let low = (d & 0xFF) &* inverse &+ 128, high = (d &>> 8) &* inverse &+ 128
        let scaled = ((low &+ (low &>> 8)) &>> 8) | ((high &+ (high &>> 8)) & 0xFF00)
        return source &+ unsafeBitCast(scaled, to: SIMD4<UInt32>.self)
    }
}
