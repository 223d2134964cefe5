import FlipbookModel
public import Foundation

/// A font (`UIFont`): the system font at a size and weight. The text engine draws every font
/// with its own default family (docs/TEXT.md), at any of UIKit's nine weights.
///
/// Sendable, as UIKit's is. `@unchecked` because its superclass, `NSObject`, is not `Sendable`,
/// so the compiler cannot check it: every stored property is a `let` of a `Sendable` type.
open class UIFont: NSObject, @unchecked Sendable {
    /// A weight (`UIFont.Weight`), with UIKit's raw values.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        /// UIKit's value, −1…1.
        public var rawValue: CGFloat
        /// A weight.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// −0.8.
        public static let ultraLight = Weight(rawValue: -0.8)
        /// −0.6.
        public static let thin = Weight(rawValue: -0.6)
        /// −0.4.
        public static let light = Weight(rawValue: -0.4)
        /// 0.
        public static let regular = Weight(rawValue: 0)
        /// 0.23.
        public static let medium = Weight(rawValue: 0.23)
        /// 0.3.
        public static let semibold = Weight(rawValue: 0.3)
        /// 0.4.
        public static let bold = Weight(rawValue: 0.4)
        /// 0.56.
        public static let heavy = Weight(rawValue: 0.56)
        /// 0.62.
        public static let black = Weight(rawValue: 0.62)
    }

    /// Size in points.
    public let pointSize: CGFloat
    /// The weight asked for.
    let weight: Weight
    /// The family asked for (`UIFont(name:size:)`), or ".SFUI" for the system font.
    public let fontName: String

    init(pointSize: CGFloat, weight: Weight, fontName: String = ".SFUI") {
        self.pointSize = pointSize; self.weight = weight; self.fontName = fontName
    }

    /// A named font; drawn with the text engine's default family.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        self.init(pointSize: fontSize, weight: fontName.lowercased().contains("bold") ? .bold : .regular, fontName: fontName)
    }
    /// The system font.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(pointSize: fontSize, weight: .regular) }
    /// The system font at a weight.
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont { UIFont(pointSize: fontSize, weight: weight) }
    /// The bold system font.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(pointSize: fontSize, weight: .bold) }
    /// The same font at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(pointSize: fontSize, weight: weight, fontName: fontName) }
    /// 17 pt, UIKit's label size.
    open class var labelFontSize: CGFloat { 17 }
    /// 17 pt.
    open class var systemFontSize: CGFloat { 17 }

    /// The model's weight: the one of UIKit's nine named weights nearest to this raw value (a
    /// custom `Weight(rawValue:)` between two takes the nearer; a tie takes the lighter).
    var modelWeight: FontWeight {
        let named: [(Weight, FontWeight)] = [
            (.ultraLight, .ultraLight), (.thin, .thin), (.light, .light), (.regular, .regular),
            (.medium, .medium), (.semibold, .semibold), (.bold, .bold), (.heavy, .heavy), (.black, .black)
        ]
        return named.min { abs($0.0.rawValue - weight.rawValue) < abs($1.0.rawValue - weight.rawValue) }!.1
    }
    /// Ascender and line height, from the text engine's default family's proportions (Inter:
    /// 0.97 em and 1.21 em), used to centre a label's lines vertically.
    var ascenderPoints: Double { 0.97 * Double(pointSize) }
    var lineHeightPoints: Double { 1.21 * Double(pointSize) }
}
