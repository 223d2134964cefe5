import FlipbookGeometry

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

    /// Creates a device.
    public init(name: String, sizePoints: Size, scale: Double, topBarHeightPoints: Double = 64) {
        self.name = name; self.sizePoints = sizePoints; self.scale = scale; self.topBarHeightPoints = topBarHeightPoints
    }

    /// iPhone 8: 375×667 pt @2x (750×1334 px), the default.
    public static let iPhone8 = Device(name: "iphone8", sizePoints: Size(width: 375, height: 667), scale: 2)
    /// iPhone SE (1st generation): 320×568 pt @2x.
    public static let iPhoneSE = Device(name: "se", sizePoints: Size(width: 320, height: 568), scale: 2)
    /// iPhone 8 Plus: 414×736 pt @3x.
    public static let iPhonePlus = Device(name: "plus", sizePoints: Size(width: 414, height: 736), scale: 3)
    /// iPhone X: 375×812 pt @3x with 88 pt of bars (44 pt status bar under the notch + 44 pt bar).
    public static let iPhoneX = Device(name: "x", sizePoints: Size(width: 375, height: 812), scale: 3, topBarHeightPoints: 88)

    /// The named devices, in the order the help lists them.
    public static let presets: [Device] = [.iPhone8, .iPhoneSE, .iPhonePlus, .iPhoneX]

    /// Looks up a preset by name, or parses `WxH` (points, scale 2, 64 pt bars).
    /// Returns nil for anything else, or for a size outside 100…2000 points.
    public init?(named text: String) {
        let lower = text.lowercased()
        if let preset = Device.presets.first(where: { $0.name == lower }) {
            self = preset
            return
        }
        let parts = lower.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              (100...2000).contains(width), (100...2000).contains(height) else { return nil }
        self.init(name: text, sizePoints: Size(width: width, height: height), scale: 2)
    }

    /// Screen width in points.
    public var width: Double { sizePoints.width }
    /// Screen height in points.
    public var height: Double { sizePoints.height }
    /// The whole screen, in points.
    public var bounds: Rect { Rect(origin: .zero, size: sizePoints) }
    /// The area below the bars, where content is visible, in points.
    public var contentArea: Rect {
        Rect(x: 0, y: topBarHeightPoints, width: width, height: height - topBarHeightPoints)
    }
    /// The canvas size in device pixels: points × scale, rounded to whole pixels.
    public var pixelSize: (width: Int, height: Int) {
        (Int((width * scale).rounded()), Int((height * scale).rounded()))
    }
}
