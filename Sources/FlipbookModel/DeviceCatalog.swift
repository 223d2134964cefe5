import FlipbookGeometry

extension Device {
    /// Every iPhone from the SE (2nd generation, 2020) to the iPhone 17 Pro Max (2025) by model
    /// name, in release order: portrait points, scale, safe-area insets, status bar height, cutout
    /// and screen corner radius as iOS reports them (docs/DEVICES.md has the table and its
    /// sources). Models that share a screen share every number.
    public static let iPhones: [Device] = {
        /// A home-button phone: 20 pt status bar, no home indicator, square corners.
        func classic(_ name: String, _ width: Double, _ height: Double, _ scale: Double) -> Device {
            Device(name: name, sizePoints: Size(width: width, height: height), scale: scale, topBarHeightPoints: 64)
        }
        /// A Face ID phone: the navigation bar starts at the safe area's top (`safeTop` + 44 pt of
        /// bars), 34 pt of home-indicator inset at the bottom.
        func faceID(
            _ name: String, _ width: Double, _ height: Double, safeTop: Double, statusBar: Double,
            _ cutout: ScreenCutout, corner: Double
        ) -> Device {
            Device(
                name: name, sizePoints: Size(width: width, height: height), scale: 3, topBarHeightPoints: safeTop + 44,
                safeAreaInsets: EdgeInsets(top: safeTop, bottom: 34), statusBarHeightPoints: statusBar, cutout: cutout,
                screenCornerRadiusPoints: corner)
        }
        func twoX(_ device: Device) -> Device { var copy = device; copy.scale = 2; return copy }
        // 375×812 (X, XS, 11 Pro): 44 pt notch bar, 39 pt corners.
        let x = { (name: String) in faceID(name, 375, 812, safeTop: 44, statusBar: 44, .notch, corner: 39) }
        // 414×896 (XR and 11 @2x; XS Max and 11 Pro Max @3x): 48 pt bar on the LCD models
        // since iOS 14 (44 on the OLED ones), 41.5 or 39 pt corners.
        let lcd = { (name: String) in twoX(faceID(name, 414, 896, safeTop: 48, statusBar: 48, .notch, corner: 41.5)) }
        let xsMax = { (name: String) in faceID(name, 414, 896, safeTop: 44, statusBar: 44, .notch, corner: 39) }
        // 375×812 mini (12 mini, 13 mini): 50 pt bar, 44 pt corners.
        let mini = { (name: String) in faceID(name, 375, 812, safeTop: 50, statusBar: 50, .notch, corner: 44) }
        // 390×844 (12, 12 Pro, 13, 13 Pro, 14, 16e) and 428×926 (12/13 Pro Max, 14 Plus): 47 pt bars.
        let six1 = { (name: String) in faceID(name, 390, 844, safeTop: 47, statusBar: 47, .notch, corner: 47.33) }
        let six7 = { (name: String) in faceID(name, 428, 926, safeTop: 47, statusBar: 47, .notch, corner: 53.33) }
        // Dynamic Island, 393×852 and 430×932 (14 Pro/Pro Max, 15 family, 16/16 Plus): a 54 pt
        // status bar inside a 59 pt safe area, 55 pt corners.
        let island1 = { (name: String) in faceID(name, 393, 852, safeTop: 59, statusBar: 54, .dynamicIsland, corner: 55) }
        let island7 = { (name: String) in faceID(name, 430, 932, safeTop: 59, statusBar: 54, .dynamicIsland, corner: 55) }
        // 402×874 and 440×956 (16 Pro/Pro Max, 17, 17 Pro/Pro Max): 62 pt safe area, 62 pt corners;
        // 420×912 (Air): 68 pt.
        let island3 = { (name: String) in faceID(name, 402, 874, safeTop: 62, statusBar: 62, .dynamicIsland, corner: 62) }
        let island9 = { (name: String) in faceID(name, 440, 956, safeTop: 62, statusBar: 62, .dynamicIsland, corner: 62) }
        /// The chrome of the iOS a phone shipped with: iOS 15 for the 13 family and the SE (3rd
        /// generation), iOS 16–18 for the 14, 15 and 16 families; the 17 family and the Air ship
        /// with iOS 26, whose redesign is not drawn: they get the latest drawn, iOS 16–18's.
        func shipping(_ era: SystemEra, _ device: Device) -> Device { var copy = device; copy.era = era; return copy }
        let ios15 = { (device: Device) in shipping(.ios15, device) }, ios16 = { (device: Device) in shipping(.ios16, device) }
        return [
            classic("se2", 375, 667, 2),
            x("xs"), xsMax("xsmax"), lcd("xr"),
            lcd("iphone11"), x("iphone11pro"), xsMax("iphone11promax"),
            ios15(classic("se3", 375, 667, 2)),
            mini("iphone12mini"), six1("iphone12"), six1("iphone12pro"), six7("iphone12promax"),
            ios15(mini("iphone13mini")), ios15(six1("iphone13")), ios15(six1("iphone13pro")), ios15(six7("iphone13promax")),
            ios16(six1("iphone14")), ios16(six7("iphone14plus")), ios16(island1("iphone14pro")), ios16(island7("iphone14promax")),
            ios16(island1("iphone15")), ios16(island7("iphone15plus")), ios16(island1("iphone15pro")), ios16(island7("iphone15promax")),
            ios16(island1("iphone16")), ios16(island7("iphone16plus")), ios16(island3("iphone16pro")), ios16(island9("iphone16promax")),
            ios16(six1("iphone16e")),
            ios16(island3("iphone17")), ios16(faceID("iphoneair", 420, 912, safeTop: 68, statusBar: 68, .dynamicIsland, corner: 62)),
            ios16(island3("iphone17pro")), ios16(island9("iphone17promax"))
        ]
    }()

    /// One line for `flipbook devices`: points, scale, safe area, status bar, corners.
    package var helpLine: String {
        func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
        let bar: String
        switch cutout {
        case .none: bar = "\(number(statusBarHeightPoints)) pt classic bar"
        case .notch: bar = "\(number(statusBarHeightPoints)) pt notch bar"
        case .dynamicIsland: bar = "\(number(statusBarHeightPoints)) pt Dynamic Island bar"
        }
        let inset = safeAreaInsets
        return "\(name): \(number(width))x\(number(height)) @\(number(scale))x, safe area \(number(inset.top))/\(number(inset.bottom)) pt, "
            + "\(bar), corners \(number(screenCornerRadiusPoints)) pt"
    }
}
