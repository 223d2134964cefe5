import FlipbookGeometry
import FlipbookRaster

extension StatusBar {
    /// The Dynamic Island's size in points (126×37, 11 pt from the top of the screen on the
    /// iPhone 14 Pro): the status bar's ears are what is left either side of it.
    static let islandSizePoints = Size(width: 126, height: 37)

    /// The status bar's height on `device`: 20 pt on a classic device, else the device's own
    /// (44 on the X, 47–50 on the later notched phones, 54 or 62 around the Dynamic Island).
    static func barHeightPoints(_ device: Device) -> Double {
        switch Layout(device: device) {
        case .classic: return Layout.classic.heightPoints
        case .notch, .dynamicIsland: return device.cutout == .none ? Layout.notch.heightPoints : device.statusBarHeightPoints
        }
    }

    /// How far the iPhone X notch layout (clock in the left ear, glyph group ending 14⅔ pt from
    /// the right edge, everything on y = 28⅓) moves on `device`.
    ///
    /// - notch: down by half of what the bar is taller than 44 pt (the glyphs stay centred in
    ///   the bar), not sideways — the ears are as wide on every notched phone.
    /// - Dynamic Island: the clock is centred in the left ear and the glyph group in the right
    ///   one, both centred vertically on the island (its centre 29.5 pt from the top on a 54 pt
    ///   bar, 4 pt lower on a 62 pt bar). An approximation read off screenshots, not a kit
    ///   measurement (docs/CHROME.md).
    static func tallBarOffsets(_ device: Device) -> (clock: Point, glyphs: Point) {
        let bar = barHeightPoints(device)
        switch Layout(device: device) {
        case .dynamicIsland:
            // Notch glyph group: 66⅔ wide at x = W − 81⅓, its vertical centre 23 (17⅓ + 11⅓/2).
            let ear = (device.width - islandSizePoints.width) / 2
            let islandCentre = 11 + islandSizePoints.height / 2 + (bar - Layout.dynamicIsland.heightPoints) / 2
            let dy = islandCentre - 23
            let groupLeft = device.width - ear / 2 - 100.0 / 3
            return (Point(x: ear / 2 - 48, y: dy), Point(x: groupLeft - (device.width - 244.0 / 3), y: dy))
        default:
            let dy = (bar - Layout.notch.heightPoints) / 2
            return (Point(x: 0, y: dy), Point(x: 0, y: dy))
        }
    }

    /// The glyphs of a notch or Dynamic Island bar: the iPhone X ones, moved (`tallBarOffsets`).
    static func tallBarShapes(device: Device, style: Style) -> [ChromeShape] {
        let offset = tallBarOffsets(device).glyphs
        let shapes = notchShapes(width: device.width, style: style)
        guard offset != .zero else { return shapes }
        let move = Transform2D(translationX: offset.x, y: offset.y)
        return shapes.map { ChromeShape(name: $0.name, path: $0.path.applying(move), color: $0.color) }
    }

    /// The clock of a notch or Dynamic Island bar: 15 pt (17 pt from iOS 16, `clockSizePoints`)
    /// centred in the box x = 21…75 (moved by `tallBarOffsets`), its baseline on the glyphs'
    /// bottom — for the larger clock lower by half its taller capitals (SF Pro's cap height,
    /// 0.705 em), so the digits stay centred on the same line.
    static func tallBarClock(device: Device, style: Style, time: String) -> Clock {
        let offset = tallBarOffsets(device).clock, size = clockSizePoints(device)
        return Clock(
            string: time, sizePoints: size, box: Rect(x: 21 + offset.x, y: 0, width: 54, height: barHeightPoints(device)),
            baselineY: 85.0 / 3 + (size - 15) * 0.705 / 2 + offset.y, color: style.color)
    }

    /// The clock's size on a notch or Dynamic Island bar: 15 pt, the iOS 11–13 kit's (and iOS
    /// 15's); 17 pt from iOS 16, the body text size, as the iOS 16–18 status bar's time reads on
    /// screenshots (no kit measurement here: docs/CHROME.md, "Eras").
    static func clockSizePoints(_ device: Device) -> Double { device.era >= .ios16 ? 17 : 15 }
}
