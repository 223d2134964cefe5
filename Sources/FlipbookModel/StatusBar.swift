package import FlipbookGeometry
public import FlipbookRaster

/// The iOS status bar (iOS 11–13, the system the supported phones shipped with or ran) drawn
/// as vector glyphs in points: cellular signal, Wi-Fi and battery, the clock's placement, and on
/// notched phones the home indicator. See docs/CHROME.md for the measurements and their sources.
///
/// Two layouts, chosen by the device:
/// - **classic** (iPhone 8, SE, Plus and `WxH` devices): a 20 pt bar; signal bars and Wi-Fi at
///   the left, the clock centred, the battery at the right.
/// - **notch** (iPhone X): a 44 pt bar split by the sensor housing; the clock in the left ear,
///   signal, Wi-Fi and battery in the right ear; a home indicator at the bottom of the screen.
///
/// No carrier name and no battery percentage are drawn (the percentage is off by default on
/// these phones; a carrier name is text whose width would move the Wi-Fi glyph).
public enum StatusBar {
    /// The colour of the status bar's glyphs (`UIStatusBarStyle`).
    public enum Style: String, Hashable, Sendable, CaseIterable {
        /// Black glyphs, for light content (`.default` before iOS 13, `.darkContent` after):
        /// what the reference apps keep, even over a black modal container.
        case dark
        /// White glyphs, for dark content (`.lightContent`).
        case light

        /// The glyph colour at full strength.
        public var color: StraightColor { self == .dark ? .black : .white }

        /// The glyph colour at `alpha`.
        func color(alpha: Double) -> StraightColor { StraightColor(white: self == .dark ? 0 : 1, alpha: alpha) }
    }

    /// Which arrangement of the bar a device gets.
    package enum Layout: String, Hashable, Sendable {
        /// 20 pt, the iPhone 8 family.
        case classic
        /// 44 pt around the sensor housing, iPhone X (44–50 pt on the later notched phones).
        case notch
        /// Around the Dynamic Island (iPhone 14 Pro and later): the ears either side of the pill.
        case dynamicIsland

        /// The layout of `device`: its cutout's (`Device.cutout`); for a device without one,
        /// notch when its status bar is 44 pt (bars of 88 pt: 44 + the 44 pt navigation bar),
        /// else classic.
        package init(device: Device) {
            switch device.cutout {
            case .notch: self = .notch
            case .dynamicIsland: self = .dynamicIsland
            case .none: self = device.topBarHeightPoints - navigationBarHeightPoints >= 44 ? .notch : .classic
            }
        }

        /// The bar's height in points on the iPhone X family's screens: 20 or 44 (54 around the
        /// Dynamic Island); a device's own is `Device.statusBarHeightPoints`.
        package var heightPoints: Double {
            switch self {
            case .classic: return 20
            case .notch: return 44
            case .dynamicIsland: return 54
            }
        }
    }

    /// UINavigationBar's height below the status bar on every phone, in points.
    static let navigationBarHeightPoints = 44.0

    /// Where and how big the clock is drawn: centred in `box` on the baseline `baselineY`.
    package struct Clock: Hashable, Sendable {
        /// The time shown: iOS's marketing time, "9:41".
        package var string: String
        /// Font size in points (iOS uses SF Pro Text Semibold: 12 pt classic, 15 pt notch).
        package var sizePoints: Double
        /// The box the text is centred in horizontally, in screen points.
        package var box: Rect
        /// The baseline's y in screen points.
        package var baselineY: Double
        /// The text colour.
        package var color: StraightColor
    }

    /// The signal, Wi-Fi and battery glyphs of `device`'s status bar in `style`, in screen
    /// points, back to front. The bar's top is y = 0.
    package static func shapes(device: Device, style: Style = .dark) -> [ChromeShape] {
        switch Layout(device: device) {
        case .classic: return classicShapes(width: device.width, style: style)
        case .notch, .dynamicIsland: return tallBarShapes(device: device, style: style)
        }
    }

    /// The clock of `device`'s status bar: 12 pt centred on the screen on a 20 pt bar, its
    /// baseline on the signal bars' bottom (14.5); 15 pt centred in the left ear (21…75) on a
    /// notched bar, its baseline on the right-hand glyphs' bottom (28⅓).
    package static func clock(device: Device, style: Style = .dark, time: String = "9:41") -> Clock {
        switch Layout(device: device) {
        case .classic:
            return Clock(
                string: time, sizePoints: 12, box: Rect(x: 0, y: 0, width: device.width, height: 20),
                baselineY: 14.5, color: style.color)
        case .notch, .dynamicIsland:
            return tallBarClock(device: device, style: style, time: time)
        }
    }

    /// The home indicator of a notched device: a 134×5 pt pill centred 8 pt above the bottom
    /// edge (the iOS 11–13 UI kit's size and inset); nil on a classic device (home button).
    package static func homeIndicator(device: Device, style: Style = .dark) -> ChromeShape? {
        guard Layout(device: device) != .classic else { return nil }
        var path = Path()
        path.addRoundedRect(Rect(x: (device.width - 134) / 2, y: device.height - 8 - 5, width: 134, height: 5), cornerRadius: 2.5)
        return ChromeShape(name: "home indicator", path: path, color: style.color)
    }

    /// The name of the status bar's layer (`layer(device:style:)`), the topmost of every frame.
    package static let layerName = "status bar"

    /// The whole status bar as a layer the size of the screen, with no background (the app's
    /// bar or content shows through, as iOS's status bar window): the clock (semibold, iOS's SF
    /// Pro Text Semibold), the signal, Wi-Fi and battery glyphs, and on notched devices the home
    /// indicator. Sublayers are named `"status bar clock"`, `"status bar glyphs"` and
    /// `"home indicator"`.
    package static func layer(device: Device, style: Style = .dark) -> Layer {
        var bar = Layer(name: layerName, frame: device.bounds)
        let clock = clock(device: device, style: style)
        var clockLayer = Layer(name: layerName + " clock", frame: clock.box)
        clockLayer.text = TextContent(
            string: clock.string, sizePoints: clock.sizePoints, weight: .semibold,
            baselineOrigin: Point(x: 0, y: clock.baselineY - clock.box.y), color: clock.color,
            alignment: .centered(widthPoints: clock.box.width))
        var glyphs = Layer(name: layerName + " glyphs", frame: Rect(x: 0, y: 0, width: device.width, height: barHeightPoints(device)))
        glyphs.shapes = shapes(device: device, style: style)
        bar.sublayers = [clockLayer, glyphs]
        if let home = homeIndicator(device: device, style: style) {
            var indicator = Layer(name: "home indicator", frame: device.bounds)
            indicator.shapes = [home]
            bar.sublayers.append(indicator)
        }
        return bar
    }

    // MARK: - Classic (20 pt)

    // Measured on the iOS 11 UI kit's 20 pt status bar (iPhone SE/8 artboards, 1 pt grid, glyphs
    // anchored left or right): signal at (7, 5), 14.5×9.5; Wi-Fi 13×9, 5.5 from the top; battery
    // 24.5×10.5 ending 4.5 pt from the right edge, 5 from the top.

    static func classicShapes(width: Double, style: Style) -> [ChromeShape] {
        // Four 2.5 pt bars on a 4 pt pitch, 3, 5, 7 and 9.5 pt tall, bottoms on y = 14.5,
        // corners rounded 0.5 pt.
        let signal = bars(left: 7, bottom: 14.5, width: 2.5, pitch: 4, heights: [3, 5, 7, 9.5], cornerRadius: 0.5)
        // Where the kit's carrier name starts: 4.5 pt after the bars. A 90° fan, 13×9: a
        // 3 pt wedge and bands 4.5…6 and 7.5…9 pt from its apex, 1.5 pt apart.
        let wifi = fan(apex: Point(x: 26 + 6.5, y: 14.5), bands: [(0, 3), (4.5, 6), (7.5, 9)])
        let battery = battery(
            origin: Point(x: width - 29, y: 5), body: Size(width: 22, height: 10.5), outerRadius: 2.5,
            level: Rect(x: 2, y: 2, width: 18, height: 6.5), levelRadius: 1.6,
            cap: (x: 23, top: 3.5, bottom: 7.37, width: 1.5),
            outlineAlpha: 0.5, capAlpha: 0.5, style: style)
        return [
            ChromeShape(name: "signal", path: signal, color: style.color),
            ChromeShape(name: "wifi", path: wifi, color: style.color)
        ] + battery
    }

    // MARK: - Notch (44 pt)

    // Measured on the iOS 13 UI kit's iPhone X status bar (375 pt wide; the kit works in thirds
    // of a point, the @3x pixel): the right-hand group is 66⅔×11⅓ pt at x = 293⅔, y = 17⅓ —
    // signal 17×10⅔, Wi-Fi 15⅓×11 and the battery 24⅓×11⅓, 5 pt apart — so it ends 14⅔ pt from
    // the right edge. Every glyph's bottom is on y = 28⅓.

    static func notchShapes(width: Double, style: Style) -> [ChromeShape] {
        let group = Point(x: width - 44.0 / 3 - 200.0 / 3, y: 52.0 / 3)
        let bottom = 85.0 / 3
        // Four 3 pt bars on a 4⅔ pt pitch, 4, 6, 8⅓ and 10⅔ pt tall, 1 pt corners.
        let signal = bars(left: group.x, bottom: bottom, width: 3, pitch: 14.0 / 3, heights: [4, 6, 25.0 / 3, 32.0 / 3], cornerRadius: 1)
        // 15⅓×11 fan: a 3.39 pt wedge and bands 4.91…7.2 and 8.72…11 pt from the apex (the kit's
        // curves measured at their tops).
        let wifi = fan(apex: Point(x: group.x + 22 + 23.0 / 3, y: bottom), bands: [(0, 3.39), (4.91, 7.2), (8.72, 11)])
        let battery = battery(
            origin: Point(x: group.x + 127.0 / 3, y: group.y), body: Size(width: 22, height: 34.0 / 3),
            outerRadius: 8.0 / 3, level: Rect(x: 2, y: 2, width: 18, height: 22.0 / 3), levelRadius: 4.0 / 3,
            cap: (x: 23, top: 11.0 / 3, bottom: 23.0 / 3, width: 4.0 / 3),
            outlineAlpha: 0.35, capAlpha: 0.4, style: style)
        return [
            ChromeShape(name: "signal", path: signal, color: style.color),
            ChromeShape(name: "wifi", path: wifi, color: style.color)
        ] + battery
    }

    // MARK: - Glyph builders

    /// Bars of increasing height, bottoms aligned on `bottom`, the first at `left`.
    static func bars(left: Double, bottom: Double, width: Double, pitch: Double, heights: [Double], cornerRadius: Double) -> Path {
        var path = Path()
        for (i, height) in heights.enumerated() {
            path.addRoundedRect(
                Rect(x: left + Double(i) * pitch, y: bottom - height, width: width, height: height), cornerRadius: cornerRadius)
        }
        return path
    }

    /// The Wi-Fi glyph: concentric ring sectors opening upward over 90° (−135°…−45° on
    /// screen), each band `(inner, outer)` in points from `apex`; an inner radius of 0 is the
    /// wedge at the bottom.
    static func fan(apex: Point, bands: [(inner: Double, outer: Double)]) -> Path {
        var path = Path()
        for band in bands {
            path.addRingSector(
                center: apex, innerRadius: band.inner, outerRadius: band.outer,
                startRadians: -0.75 * Double.pi, endRadians: -0.25 * Double.pi)
        }
        return path
    }

    /// The battery: a 1 pt rounded outline (`body`, outer corner radius `outerRadius`) at
    /// `outlineAlpha`, the terminal cap (flat on the left, a half-lens on the right) 1 pt to its
    /// right at `capAlpha`, and the level (full) inside — all relative to `origin`.
    static func battery(
        origin: Point, body: Size, outerRadius: Double, level: Rect, levelRadius: Double,
        cap: (x: Double, top: Double, bottom: Double, width: Double),
        outlineAlpha: Double, capAlpha: Double, style: Style
    ) -> [ChromeShape] {
        var outline = Path()
        let outer = Rect(origin: origin, size: body)
        outline.addRoundedRect(outer, cornerRadius: outerRadius)
        outline.addRoundedRect(outer.insetBy(dx: 1, dy: 1), cornerRadius: outerRadius - 1, clockwise: false)
        var terminal = Path()
        let left = origin.x + cap.x, right = left + cap.width
        let top = origin.y + cap.top, bottom = origin.y + cap.bottom, middle = (top + bottom) / 2
        // Two cubics from the top-left corner round to the bottom-left, bulging to `right`
        // (the kit's control points: 60 % of the way across at the ends, the full width at mid-height).
        terminal.move(to: Point(x: left, y: top))
        terminal.curve(
            to: Point(x: right, y: middle), control1: Point(x: left + 0.6 * cap.width, y: top + 0.06 * (bottom - top)),
            control2: Point(x: right, y: top + 0.27 * (bottom - top)))
        terminal.curve(
            to: Point(x: left, y: bottom), control1: Point(x: right, y: bottom - 0.27 * (bottom - top)),
            control2: Point(x: left + 0.6 * cap.width, y: bottom - 0.06 * (bottom - top)))
        terminal.close()
        var fill = Path()
        fill.addRoundedRect(level.offsetBy(dx: origin.x, dy: origin.y), cornerRadius: levelRadius)
        return [
            ChromeShape(name: "battery outline", path: outline, color: style.color(alpha: outlineAlpha)),
            ChromeShape(name: "battery cap", path: terminal, color: style.color(alpha: capAlpha)),
            ChromeShape(name: "battery level", path: fill, color: style.color)
        ]
    }
}
