import FlipbookModel
import FlipbookRaster
public import Foundation

/// A colour (`UIColor`): straight sRGB components and alpha. The system and semantic colours
/// resolve in the recording's appearance when they are read (a colour read in a recording made
/// with `appearance: .dark` is its dark value; it does not change afterwards).
///
/// Sendable, as UIKit's is. `@unchecked` because its superclass, `NSObject`, is not `Sendable`,
/// so the compiler cannot check it: every stored property is a `let` of a `Sendable` type.
open class UIColor: NSObject, @unchecked Sendable {
    /// Components 0…1 (extended sRGB may go outside).
    let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    /// An sRGB colour.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// A grey.
    public convenience init(white: CGFloat, alpha: CGFloat) { self.init(red: white, green: white, blue: white, alpha: alpha) }
    /// A colour from hue, saturation and brightness (each 0…1).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6, sector = Int(h) % 6, f = h - CGFloat(Int(h))
        let v = brightness, p = v * (1 - saturation), q = v * (1 - saturation * f), t = v * (1 - saturation * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][sector]
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }
    /// A Display P3 colour, taken as sRGB (recorded; the rasterizer draws sRGB only).
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// The colour of a `CGColor`.
    public convenience init(cgColor: CGColor) {
        let c = cgColor.components ?? [0, 0, 0, 1]
        self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    /// The same colour with another alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(red: red, green: green, blue: blue, alpha: alpha) }
    /// The Core Graphics colour.
    open var cgColor: CGColor { CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha) }
    /// Reads the components; always succeeds (every colour here is RGB).
    open func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        red?.pointee = self.red; green?.pointee = self.green; blue?.pointee = self.blue; alpha?.pointee = self.alpha
        return true
    }
    /// Reads a grey's white and alpha; false unless red, green and blue are equal.
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard red == green, green == blue else { return false }
        white?.pointee = red; alpha?.pointee = self.alpha
        return true
    }
    /// Equal components.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return red == other.red && green == other.green && blue == other.blue && alpha == other.alpha
    }
    /// Hashes the components.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(red); hasher.combine(green); hasher.combine(blue); hasher.combine(alpha)
        return hasher.finalize()
    }
    /// `UIExtendedSRGBColorSpace r g b a`, as UIKit prints colours.
    open override var description: String { "UIExtendedSRGBColorSpace \(red) \(green) \(blue) \(alpha)" }

    /// The colour in the model's terms.
    var straightColor: StraightColor { StraightColor(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha)) }

    private static func rgb(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: a)
    }

    // The fixed colours, as UIKit defines them.
    /// 0 white.
    open class var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// 1/3 white.
    open class var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    /// 2/3 white.
    open class var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    /// 1 white.
    open class var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// 0.5 white.
    open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    /// 1, 0, 0.
    open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// 0, 1, 0.
    open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// 0, 0, 1.
    open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// 0, 1, 1.
    open class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    /// 1, 1, 0.
    open class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    /// 1, 0, 1.
    open class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    /// 1, 0.5, 0.
    open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    /// 0.5, 0, 0.5.
    open class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    /// 0.6, 0.4, 0.2.
    open class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    /// 0 white, 0 alpha.
    open class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    /// A system or semantic colour in the recording's appearance (`Transition.record`'s
    /// `appearance`): the model's value for that appearance, else `light` (light mode, outside
    /// a recording and off the main actor, where no recording runs).
    private static func dynamic(_ name: String, _ light: UIColor) -> UIColor {
        guard let appearance = Recorder.inRecording({ $0.appearance }), appearance != .light,
            let color = SystemColor.named(name)?.color(in: appearance)
        else { return light }
        return UIColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }

    // The system colours (iOS 15 light appearance values; the dark ones from the model's table).
    /// 255, 59, 48.
    open class var systemRed: UIColor { dynamic("systemRed", rgb(255, 59, 48)) }
    /// 52, 199, 89.
    open class var systemGreen: UIColor { dynamic("systemGreen", rgb(52, 199, 89)) }
    /// 0, 122, 255.
    open class var systemBlue: UIColor { dynamic("systemBlue", rgb(0, 122, 255)) }
    /// 255, 149, 0.
    open class var systemOrange: UIColor { dynamic("systemOrange", rgb(255, 149, 0)) }
    /// 255, 204, 0.
    open class var systemYellow: UIColor { dynamic("systemYellow", rgb(255, 204, 0)) }
    /// 255, 45, 85.
    open class var systemPink: UIColor { dynamic("systemPink", rgb(255, 45, 85)) }
    /// 175, 82, 222.
    open class var systemPurple: UIColor { dynamic("systemPurple", rgb(175, 82, 222)) }
    /// 48, 176, 199.
    open class var systemTeal: UIColor { dynamic("systemTeal", rgb(48, 176, 199)) }
    /// 88, 86, 214.
    open class var systemIndigo: UIColor { dynamic("systemIndigo", rgb(88, 86, 214)) }
    /// 142, 142, 147.
    open class var systemGray: UIColor { dynamic("systemGray", rgb(142, 142, 147)) }
    /// 174, 174, 178.
    open class var systemGray2: UIColor { dynamic("systemGray2", rgb(174, 174, 178)) }
    /// 199, 199, 204.
    open class var systemGray3: UIColor { dynamic("systemGray3", rgb(199, 199, 204)) }
    /// 209, 209, 214.
    open class var systemGray4: UIColor { dynamic("systemGray4", rgb(209, 209, 214)) }
    /// 229, 229, 234.
    open class var systemGray5: UIColor { dynamic("systemGray5", rgb(229, 229, 234)) }
    /// 242, 242, 247.
    open class var systemGray6: UIColor { dynamic("systemGray6", rgb(242, 242, 247)) }

    // The semantic colours (light appearance values; the dark ones from the model's table).
    /// White.
    open class var systemBackground: UIColor { dynamic("systemBackground", .white) }
    /// 242, 242, 247.
    open class var secondarySystemBackground: UIColor { dynamic("secondarySystemBackground", rgb(242, 242, 247)) }
    /// White.
    open class var tertiarySystemBackground: UIColor { dynamic("tertiarySystemBackground", .white) }
    /// 242, 242, 247.
    open class var systemGroupedBackground: UIColor { dynamic("systemGroupedBackground", rgb(242, 242, 247)) }
    /// White.
    open class var secondarySystemGroupedBackground: UIColor { dynamic("secondarySystemGroupedBackground", .white) }
    /// Black.
    open class var label: UIColor { dynamic("label", .black) }
    /// 60, 60, 67 at 60 %.
    open class var secondaryLabel: UIColor { dynamic("secondaryLabel", rgb(60, 60, 67, 0.6)) }
    /// 60, 60, 67 at 30 %.
    open class var tertiaryLabel: UIColor { dynamic("tertiaryLabel", rgb(60, 60, 67, 0.3)) }
    /// 60, 60, 67 at 18 %.
    open class var quaternaryLabel: UIColor { dynamic("quaternaryLabel", rgb(60, 60, 67, 0.18)) }
    /// 60, 60, 67 at 29 %.
    open class var separator: UIColor { dynamic("separator", rgb(60, 60, 67, 0.29)) }
    /// 120, 120, 128 at 20 %.
    open class var systemFill: UIColor { dynamic("systemFill", rgb(120, 120, 128, 0.2)) }
    /// 0, 122, 255.
    open class var link: UIColor { dynamic("link", rgb(0, 122, 255)) }
    /// 0, 122, 255 (the default tint).
    open class var tintColor: UIColor { dynamic("tintColor", rgb(0, 122, 255)) }
}
