public import FlipbookGeometry
import Foundation

/// A screen to render on: its size in points, its scale (device pixels per point) and the height
/// of the status bar + navigation bar at its top.
public struct Device: Hashable, Sendable {
    /// Short name used on the command line (`iphone8`, `se`, `plus`, `x`, or `WxH`).
    public var name: String
    /// Screen size in points, portrait.
    public var sizePoints: Size
    /// Device pixels per point (2 on iPhone 8, 3 on Plus and X).
    public var scale: Double
    /// Status bar + navigation bar height in points: 64 (20 + 44), or 88 (44 + 44) on notched phones.
    public var topBarHeightPoints: Double
    /// The portrait safe-area insets (`UIView.safeAreaInsets` of a full-screen view), in points.
    public var safeAreaInsets: EdgeInsets
    /// The status bar's height in points (`UIStatusBarManager.statusBarFrame`).
    public var statusBarHeightPoints: Double
    /// What cuts into the top of the screen: which status bar layout the device gets.
    public var cutout: ScreenCutout
    /// The radius of the screen's rounded corners in points (0: square corners).
    public var screenCornerRadiusPoints: Double
    /// Which iOS's system chrome is drawn on it: by default the iOS the phone shipped with
    /// (`.ios13` for the X to the 12 and for `WxH` devices; docs/DEVICES.md).
    public var era: SystemEra

    /// Creates a device. Without `safeAreaInsets`, the top inset is the status bar
    /// (`topBarHeightPoints` − 44) and the bottom one 34 pt when the bars are 88 pt or more (a
    /// home-indicator phone), else 0.
    public init(
        name: String, sizePoints: Size, scale: Double, topBarHeightPoints: Double = 64,
        safeAreaInsets: EdgeInsets? = nil, statusBarHeightPoints: Double? = nil, cutout: ScreenCutout = .none,
        screenCornerRadiusPoints: Double = 0, era: SystemEra = .ios13
    ) {
        self.name = name; self.sizePoints = sizePoints; self.scale = scale; self.topBarHeightPoints = topBarHeightPoints
        let statusBar = max(0, topBarHeightPoints - 44)
        self.safeAreaInsets = safeAreaInsets ?? EdgeInsets(top: statusBar, left: 0, bottom: topBarHeightPoints >= 88 ? 34 : 0, right: 0)
        self.statusBarHeightPoints = statusBarHeightPoints ?? statusBar
        self.cutout = cutout; self.screenCornerRadiusPoints = screenCornerRadiusPoints; self.era = era
    }

    /// iPhone 8: 375×667 pt @2x (750×1334 px), the default.
    public static let iPhone8 = Device(name: "iphone8", sizePoints: Size(width: 375, height: 667), scale: 2)
    /// iPhone SE (1st generation): 320×568 pt @2x.
    public static let iPhoneSE = Device(name: "se", sizePoints: Size(width: 320, height: 568), scale: 2)
    /// iPhone 8 Plus: 414×736 pt @3x.
    public static let iPhonePlus = Device(name: "plus", sizePoints: Size(width: 414, height: 736), scale: 3)
    /// iPhone X: 375×812 pt @3x with 88 pt of bars (44 pt status bar under the notch + 44 pt bar).
    public static let iPhoneX = Device(
        name: "x", sizePoints: Size(width: 375, height: 812), scale: 3, topBarHeightPoints: 88,
        cutout: .notch, screenCornerRadiusPoints: 39)

    /// The named devices, in the order the help lists them: the four first names, then every
    /// iPhone from the SE (2nd generation) on (`Device.iPhones`, docs/DEVICES.md).
    public static let presets: [Device] = [.iPhone8, .iPhoneSE, .iPhonePlus, .iPhoneX] + iPhones

    /// Looks up a preset by name (case and spaces ignored: `"iPhone 15 Pro"` is `iphone15pro`),
    /// or parses `WxH` (points, scale 2, 64 pt bars) or `WxH@S` (scale S, 1…4).
    /// Returns nil for anything else, or for a size outside 100…2000 points.
    public init?(named text: String) {
        let lower = text.lowercased()
        let key = lower.replacingOccurrences(of: " ", with: "")
        if let preset = Device.presets.first(where: { $0.name == lower || $0.name == key }) {
            self = preset
            return
        }
        var size = Substring(lower), scale = 2.0
        if let at = lower.firstIndex(of: "@") {
            guard let value = Double(lower[lower.index(after: at)...]), (1...4).contains(value) else { return nil }
            size = lower[..<at]; scale = value
        }
        let parts = size.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            (100...2000).contains(width), (100...2000).contains(height)
        else { return nil }
        self.init(name: text, sizePoints: Size(width: width, height: height), scale: scale)
    }

    /// Screen width in points.
    public var width: Double { sizePoints.width }
    /// Screen height in points.
    public var height: Double { sizePoints.height }
    /// The whole screen, in points.
    public var bounds: Rect { Rect(origin: .zero, size: sizePoints) }
    /// The area below the bars, where content is visible, in points.
    package var contentArea: Rect {
        Rect(x: 0, y: topBarHeightPoints, width: width, height: height - topBarHeightPoints)
    }
    /// The screen inside the safe-area insets, in points.
    public var safeArea: Rect {
        Rect(
            x: safeAreaInsets.left, y: safeAreaInsets.top, width: width - safeAreaInsets.left - safeAreaInsets.right,
            height: height - safeAreaInsets.top - safeAreaInsets.bottom)
    }
    /// The canvas size in device pixels: points × scale, rounded to whole pixels.
    public var pixelSize: (width: Int, height: Int) {
        (Int((width * scale).rounded()), Int((height * scale).rounded()))
    }
}

/// What cuts into the top of a phone's screen, which decides its status bar's layout.
public enum ScreenCutout: String, Hashable, Sendable, CaseIterable {
    /// Nothing (a home-button phone, or a `WxH` device): the layout follows the bar height.
    case none
    /// The sensor housing of the iPhone X to 14 and 16e: a clock ear and a glyph ear.
    case notch
    /// The Dynamic Island (iPhone 14 Pro, 15, 16, 17 and later): the ears either side of a
    /// 126 pt pill 11 pt from the top.
    case dynamicIsland
}

/// Insets from the four edges of a rect, in points (`UIEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable {
    /// From the top edge.
    public var top: Double
    /// From the left edge.
    public var left: Double
    /// From the bottom edge.
    public var bottom: Double
    /// From the right edge.
    public var right: Double

    /// Creates insets.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// No insets.
    public static let zero = EdgeInsets()
}
