public import FlipbookRaster

/// Light or dark mode (`UIUserInterfaceStyle`): which value every dynamic system colour takes
/// and how the system chrome (status bar, navigation bar) is drawn. docs/COLORS.md.
public enum Appearance: String, Hashable, Sendable, CaseIterable {
    /// Light mode (`.light`), the default: what every preset models.
    case light
    /// Dark mode (`.dark`).
    case dark
}

/// A UIColor system or semantic colour (`UIColor.systemBlue`, `.label`, `.systemBackground`, …):
/// its name and its value in each appearance, in sRGB (iOS 13–18 values, the base
/// "default contrast, non-elevated" variant; docs/COLORS.md gives the sources).
public struct SystemColor: Hashable, Sendable {
    /// The name as UIColor spells it (`"secondarySystemBackground"`).
    public var name: String
    /// The value in light mode.
    public var light: StraightColor
    /// The value in dark mode.
    public var dark: StraightColor

    /// Creates a colour.
    public init(name: String, light: StraightColor, dark: StraightColor) { self.name = name; self.light = light; self.dark = dark }

    /// The value in `appearance`.
    public func color(in appearance: Appearance) -> StraightColor { appearance == .light ? light : dark }

    /// The colour named `name` (exact spelling), or nil.
    public static func named(_ name: String) -> SystemColor? { byName[name] }

    /// Every system colour, in the order docs/COLORS.md lists them.
    public static let all: [SystemColor] = {
        /// 0…255 components and an alpha, as Apple's tables give them.
        func rgb(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) -> StraightColor {
            StraightColor(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
        }
        func color(_ name: String, _ light: StraightColor, _ dark: StraightColor) -> SystemColor {
            SystemColor(name: name, light: light, dark: dark)
        }
        return [
            // Adaptable accent colours (HIG "Color", specifications table, iOS 13–18).
            color("systemRed", rgb(255, 59, 48), rgb(255, 69, 58)),
            color("systemOrange", rgb(255, 149, 0), rgb(255, 159, 10)),
            color("systemYellow", rgb(255, 204, 0), rgb(255, 214, 10)),
            color("systemGreen", rgb(52, 199, 89), rgb(48, 209, 88)),
            color("systemMint", rgb(0, 199, 190), rgb(99, 230, 226)),
            color("systemTeal", rgb(48, 176, 199), rgb(64, 200, 224)),
            color("systemCyan", rgb(50, 173, 230), rgb(100, 210, 255)),
            color("systemBlue", rgb(0, 122, 255), rgb(10, 132, 255)),
            color("systemIndigo", rgb(88, 86, 214), rgb(94, 92, 230)),
            color("systemPurple", rgb(175, 82, 222), rgb(191, 90, 242)),
            color("systemPink", rgb(255, 45, 85), rgb(255, 55, 95)),
            color("systemBrown", rgb(162, 132, 94), rgb(172, 142, 104)),
            // Greys.
            color("systemGray", rgb(142, 142, 147), rgb(142, 142, 147)),
            color("systemGray2", rgb(174, 174, 178), rgb(99, 99, 102)),
            color("systemGray3", rgb(199, 199, 204), rgb(72, 72, 74)),
            color("systemGray4", rgb(209, 209, 214), rgb(58, 58, 60)),
            color("systemGray5", rgb(229, 229, 234), rgb(44, 44, 46)),
            color("systemGray6", rgb(242, 242, 247), rgb(28, 28, 30)),
            // Labels.
            color("label", rgb(0, 0, 0), rgb(255, 255, 255)),
            color("secondaryLabel", rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6)),
            color("tertiaryLabel", rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3)),
            color("quaternaryLabel", rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.16)),
            color("placeholderText", rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3)),
            color("link", rgb(0, 122, 255), rgb(9, 132, 255)),
            // Separators.
            color("separator", rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6)),
            color("opaqueSeparator", rgb(198, 198, 200), rgb(56, 56, 58)),
            // Fills.
            color("systemFill", rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36)),
            color("secondarySystemFill", rgb(120, 120, 128, 0.16), rgb(120, 120, 128, 0.32)),
            color("tertiarySystemFill", rgb(118, 118, 128, 0.12), rgb(118, 118, 128, 0.24)),
            color("quaternarySystemFill", rgb(116, 116, 128, 0.08), rgb(118, 118, 128, 0.18)),
            // Backgrounds.
            color("systemBackground", rgb(255, 255, 255), rgb(0, 0, 0)),
            color("secondarySystemBackground", rgb(242, 242, 247), rgb(28, 28, 30)),
            color("tertiarySystemBackground", rgb(255, 255, 255), rgb(44, 44, 46)),
            color("systemGroupedBackground", rgb(242, 242, 247), rgb(0, 0, 0)),
            color("secondarySystemGroupedBackground", rgb(255, 255, 255), rgb(28, 28, 30)),
            color("tertiarySystemGroupedBackground", rgb(242, 242, 247), rgb(44, 44, 46)),
            // Fixed (not dynamic) UIColor names.
            color("darkText", rgb(0, 0, 0), rgb(0, 0, 0)),
            color("lightText", rgb(255, 255, 255, 0.6), rgb(255, 255, 255, 0.6))
        ]
    }()

    /// The colour names that are not UIColor system colours, the same in both appearances
    /// (`groupTableViewBackground`: UIKit's pre-iOS 13 grouped table background, 0.94 white).
    package static let plainColors: [String: StraightColor] = [
        "white": .white, "black": .black, "clear": .clear,
        "red": StraightColor(red: 1, green: 0, blue: 0), "green": StraightColor(red: 0, green: 1, blue: 0),
        "blue": StraightColor(red: 0, green: 0, blue: 1),
        "groupTableViewBackground": StraightColor(white: 0.94)
    ]

    private static let byName: [String: SystemColor] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
}

extension StraightColor {
    /// The colour a transition file names `name` in `appearance`: a UIColor system or semantic
    /// colour (`SystemColor.all`) or one of the plain names (`white`, `black`, `clear`, `red`,
    /// `green`, `blue`, `groupTableViewBackground`); nil for any other name.
    package init?(named name: String, appearance: Appearance) {
        if let system = SystemColor.named(name) {
            self = system.color(in: appearance)
        } else if let plain = SystemColor.plainColors[name] {
            self = plain
        } else {
            return nil
        }
    }
}

extension StraightColor {
    /// The colour a transition file names `name` in light mode (`"systemBlue"`, `"label"`,
    /// `"groupTableViewBackground"`, `"white"`, …; `StraightColor.names` lists them), so Swift
    /// code says what a file says; nil for any other name. `init(named:appearance:)` for dark mode.
    package init?(named name: String) {
        self.init(named: name, appearance: .light)
    }

    /// The names `init(named:)` and transition files accept, sorted.
    package static var names: [String] { (Array(SystemColor.plainColors.keys) + SystemColor.all.map(\.name)).sorted() }
}
