import FlipbookGeometry
import FlipbookMotion
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookText
import Foundation
import XCTest

@testable import FlipbookFormats
@testable import FlipbookModel
@testable import FlipbookScenes

/// System colours in both appearances, `appearance` in files and on presets, the named iPhones,
/// the nine font weights, animatable text colour and size, frames relative to the window, the
/// safe area or the parent, and the home indicator's tint over its backdrop.
final class AppearanceAndDevicesTests: XCTestCase {
    func decode(_ json: String, options: SceneOptions = SceneOptions(), device: Device? = nil) throws -> Transition {
        try TransitionFile(data: Data(json.utf8), path: "t.json").transition(photos: [], options: options, device: device)
    }

    func error(_ json: String, line: UInt = #line) -> String { transitionFileError(json, line: line) }

    /// `#RRGGBB` or `#RRGGBBAA` as a colour: the hex notation of the tables these values were
    /// checked against (docs/COLORS.md), independent of the 0…255 + alpha literals in the code.
    func hex(_ text: String) -> StraightColor {
        let bits = UInt32(text.dropFirst(), radix: 16)!
        let value = text.count == 7 ? bits << 8 | 0xFF : bits
        func component(_ shift: UInt32) -> Double { Double((value >> shift) & 0xFF) / 255 }
        return StraightColor(red: component(24), green: component(16), blue: component(8), alpha: component(0))
    }

    func assertClose(_ a: StraightColor, _ b: StraightColor, _ message: String, line: UInt = #line) {
        // Alphas in the hex tables are rounded to 1/255.
        for (x, y) in [(a.red, b.red), (a.green, b.green), (a.blue, b.blue), (a.alpha, b.alpha)] {
            XCTAssertEqual(x, y, accuracy: 0.5 / 255 + 1e-12, message, line: line)
        }
    }

    // MARK: - Colours

    func testSystemColoursMatchPublishedValuesInBothAppearances() {
        let expected: [(String, light: String, dark: String)] = [
            ("systemRed", "#FF3B30", "#FF453A"), ("systemOrange", "#FF9500", "#FF9F0A"), ("systemYellow", "#FFCC00", "#FFD60A"),
            ("systemGreen", "#34C759", "#30D158"), ("systemMint", "#00C7BE", "#63E6E2"), ("systemTeal", "#30B0C7", "#40C8E0"),
            ("systemCyan", "#32ADE6", "#64D2FF"), ("systemBlue", "#007AFF", "#0A84FF"), ("systemIndigo", "#5856D6", "#5E5CE6"),
            ("systemPurple", "#AF52DE", "#BF5AF2"), ("systemPink", "#FF2D55", "#FF375F"), ("systemBrown", "#A2845E", "#AC8E68"),
            ("systemGray", "#8E8E93", "#8E8E93"), ("systemGray2", "#AEAEB2", "#636366"), ("systemGray3", "#C7C7CC", "#48484A"),
            ("systemGray4", "#D1D1D6", "#3A3A3C"), ("systemGray5", "#E5E5EA", "#2C2C2E"), ("systemGray6", "#F2F2F7", "#1C1C1E"),
            ("label", "#000000", "#FFFFFF"), ("secondaryLabel", "#3C3C4399", "#EBEBF599"), ("tertiaryLabel", "#3C3C434D", "#EBEBF54D"),
            ("quaternaryLabel", "#3C3C432E", "#EBEBF529"), ("placeholderText", "#3C3C434D", "#EBEBF54D"), ("link", "#007AFF", "#0984FF"),
            ("separator", "#3C3C434A", "#54545899"), ("opaqueSeparator", "#C6C6C8", "#38383A"),
            ("systemFill", "#78788033", "#7878805C"), ("secondarySystemFill", "#78788029", "#78788052"),
            ("tertiarySystemFill", "#7676801F", "#7676803D"), ("quaternarySystemFill", "#74748014", "#7676802E"),
            ("systemBackground", "#FFFFFF", "#000000"), ("secondarySystemBackground", "#F2F2F7", "#1C1C1E"),
            ("tertiarySystemBackground", "#FFFFFF", "#2C2C2E"), ("systemGroupedBackground", "#F2F2F7", "#000000"),
            ("secondarySystemGroupedBackground", "#FFFFFF", "#1C1C1E"), ("tertiarySystemGroupedBackground", "#F2F2F7", "#2C2C2E"),
            ("darkText", "#000000", "#000000"), ("lightText", "#FFFFFF99", "#FFFFFF99")
        ]
        XCTAssertEqual(SystemColor.all.map(\.name), expected.map(\.0), "every colour, in the documented order")
        for (name, light, dark) in expected {
            let colour = SystemColor.named(name)!
            assertClose(colour.light, hex(light), "\(name) light")
            assertClose(colour.dark, hex(dark), "\(name) dark")
            XCTAssertEqual(StraightColor(named: name), colour.light)
            XCTAssertEqual(StraightColor(named: name, appearance: .dark), colour.dark)
        }
        // The names a file accepted before keep their values.
        XCTAssertEqual(StraightColor(named: "systemBlue"), StraightColor(red: 0, green: 122.0 / 255, blue: 1))
        XCTAssertEqual(StraightColor(named: "systemGray"), StraightColor(red: 142.0 / 255, green: 142.0 / 255, blue: 147.0 / 255))
        XCTAssertEqual(StraightColor(named: "groupTableViewBackground", appearance: .dark), StraightColor(white: 0.94))
    }

    func testAFileTakesItsAppearanceAndTheCommandLineOverridesIt() throws {
        let layers =
            #""layers": [{"name": "a", "frame": [0, 0, 10, 10], "backgroundColor": "secondarySystemBackground", "text": {"string": "x"}}]"#
        let light = try decode(#"{"background": "systemGroupedBackground", \#(layers)}"#)
        XCTAssertEqual(light.window.backgroundColor, hex("#F2F2F7"))
        XCTAssertEqual(light.window.sublayers[0].backgroundColor, hex("#F2F2F7"))
        XCTAssertEqual(light.window.sublayers[0].text?.color, .black, "text defaults to label")
        XCTAssertEqual(light.statusBar, .dark)
        let dark = try decode(#"{"appearance": "dark", "background": "systemGroupedBackground", \#(layers)}"#)
        XCTAssertEqual(dark.window.backgroundColor, .black)
        XCTAssertEqual(dark.window.sublayers[0].backgroundColor, hex("#1C1C1E"))
        XCTAssertEqual(dark.window.sublayers[0].text?.color, .white)
        XCTAssertEqual(dark.statusBar, .light, "light glyphs in dark mode")
        var options = SceneOptions()
        options.appearance = .light
        XCTAssertEqual(
            try decode(#"{"appearance": "dark", "background": "systemGroupedBackground", \#(layers)}"#, options: options)
                .window.backgroundColor, hex("#F2F2F7"), "--appearance light wins over the file")
        // An explicit style stays.
        XCTAssertEqual(try decode(#"{"appearance": "dark", "statusBar": {"style": "dark"}, \#(layers)}"#).statusBar, .dark)
        XCTAssertEqual(
            error(#"{"appearance": "dim", \#(layers)}"#),
            #"t.json: $.appearance: unknown value "dim"; expected one of "light", "dark""#)
        XCTAssertTrue(
            error(#"{"background": "systemGroupedBackgrund", \#(layers)}"#)
                .hasSuffix(#"got "systemGroupedBackgrund" (did you mean "systemGroupedBackground"?)"#))
    }

    func testDarkAppearanceRestylesThePresetsChromeOnly() throws {
        let photos = (0..<4).map { ScenePhoto(source: "p\($0).jpg", sizePixels: Size(width: 500, height: 500)) }
        var options = SceneOptions()
        let light = try TransitionPreset.push.makeTransition(photos: photos, options: options)
        options.appearance = .light
        XCTAssertEqual(try TransitionPreset.push.makeTransition(photos: photos, options: options), light, "light is the preset as it was")
        options.appearance = .dark
        let dark = try TransitionPreset.push.makeTransition(photos: photos, options: options)
        XCTAssertEqual(dark.statusBar, .light)
        func find(_ name: String, in layer: Layer) -> Layer? {
            layer.name == name ? layer : layer.sublayers.lazy.compactMap { find(name, in: $0) }.first
        }
        let bar = try XCTUnwrap(find(NavigationBar.layerName, in: dark.window))
        XCTAssertEqual(bar.backgroundColor, hex("#1C1C1E"))
        XCTAssertEqual(find(NavigationBar.layerName, in: light.window)?.backgroundColor, StraightColor(white: 248.0 / 255))
        // Everything outside the bar is the reference app's, unchanged.
        var lightContent = light.window, darkContent = dark.window
        lightContent.sublayers.removeAll { $0.name == NavigationBar.layerName }
        darkContent.sublayers.removeAll { $0.name == NavigationBar.layerName }
        func strip(_ layer: inout Layer) {
            layer.sublayers.removeAll { $0.name == NavigationBar.layerName }
            for index in layer.sublayers.indices { strip(&layer.sublayers[index]) }
        }
        strip(&lightContent); strip(&darkContent)
        XCTAssertEqual(lightContent, darkContent)
    }

    // MARK: - Devices

    func testTheFirstFourDevicesAreUnchanged() {
        XCTAssertEqual(Device(named: "iphone8")?.sizePoints, Size(width: 375, height: 667))
        XCTAssertEqual(Device(named: "se")?.sizePoints, Size(width: 320, height: 568))
        XCTAssertEqual(Device(named: "plus")?.scale, 3)
        let x = Device(named: "X")!
        XCTAssertEqual(x.sizePoints, Size(width: 375, height: 812))
        XCTAssertEqual(x.topBarHeightPoints, 88)
        XCTAssertEqual(x.safeAreaInsets, EdgeInsets(top: 44, bottom: 34))
        XCTAssertEqual(StatusBar.Layout(device: x), .notch)
        XCTAssertEqual(Device.presets.prefix(4).map(\.name), ["iphone8", "se", "plus", "x"])
        XCTAssertEqual(Device.iPhone8.safeAreaInsets, EdgeInsets(top: 20))
        XCTAssertEqual(Device(named: "390x844")?.topBarHeightPoints, 64)
        XCTAssertEqual(Device(named: "390x844")?.scale, 2)
    }

    func testEveryIPhoneByName() throws {
        XCTAssertEqual(Device.iPhones.count, 33)
        XCTAssertEqual(Set(Device.presets.map(\.name)).count, Device.presets.count, "names are unique")
        let pro = try XCTUnwrap(Device(named: "iPhone 15 Pro"))
        XCTAssertEqual(pro.name, "iphone15pro")
        XCTAssertEqual(pro.sizePoints, Size(width: 393, height: 852))
        XCTAssertEqual(pro.pixelSize.width, 1179)
        XCTAssertEqual(pro.pixelSize.height, 2556)
        XCTAssertEqual(pro.safeArea, Rect(x: 0, y: 59, width: 393, height: 759))
        XCTAssertEqual(pro.statusBarHeightPoints, 54)
        XCTAssertEqual(pro.topBarHeightPoints, 103, "the navigation bar starts at the safe area's top")
        XCTAssertEqual(StatusBar.Layout(device: pro), .dynamicIsland)
        XCTAssertEqual(pro.screenCornerRadiusPoints, 55)
        let max = try XCTUnwrap(Device(named: "iphone17promax"))
        XCTAssertEqual(max.pixelSize.width, 1320)
        XCTAssertEqual(max.pixelSize.height, 2868)
        XCTAssertEqual(Device(named: "se2")?.sizePoints, Device.iPhone8.sizePoints)
        XCTAssertEqual(Device(named: "xr")?.scale, 2)
        XCTAssertEqual(Device(named: "iphone12")?.safeAreaInsets.top, 47)
        XCTAssertEqual(Device(named: "iphone13mini")?.safeAreaInsets.top, 50)
        XCTAssertEqual(Device(named: "iphone16pro")?.screenCornerRadiusPoints, 62)
        XCTAssertEqual(Device(named: "iphone16e")?.cutout, .notch)
        // Any other screen: WxH@S.
        let custom = try XCTUnwrap(Device(named: "400x900@3"))
        XCTAssertEqual(custom.scale, 3)
        XCTAssertEqual(custom.sizePoints, Size(width: 400, height: 900))
        XCTAssertNil(Device(named: "400x900@5"))
        XCTAssertNil(Device(named: "400x900@"))
        XCTAssertNil(Device(named: "iphone99"))
        XCTAssertTrue(Device.presets.allSatisfy { !$0.helpLine.isEmpty })
        XCTAssertEqual(pro.helpLine, "iphone15pro: 393x852 @3x, safe area 59/34 pt, 54 pt Dynamic Island bar, corners 55 pt")
    }

    /// A named phone at another scale — what a recording for small goldens is — is written and
    /// read as `{"name": …, "scale": …}`: the phone's size, bars, safe area and status bar kept.
    func testANamedPhoneAtAnotherScaleKeepsItsName() throws {
        var small = try XCTUnwrap(Device(named: "iphone15pro"))
        small.scale = 1
        let transition = Transition(
            name: "t", device: small, window: Layer(name: "window", frame: small.bounds),
            timing: Timing(curve: .bezier(.linear), durationSeconds: 0.1))
        let json = TransitionFile.json(for: transition, relativeTo: "/tmp")
        XCTAssertTrue(json.contains(#""device": {"name": "iphone15pro", "scale": 1}"#), json)
        let read = try decode(json)
        XCTAssertEqual(read.device, small)
        XCTAssertEqual(StatusBar.Layout(device: read.device), .dynamicIsland)
        // At the phone's own scale the name alone; a name with its own scale is the same phone.
        XCTAssertTrue(
            TransitionFile.json(for: try decode(#"{"device": {"name": "iphone15pro", "scale": 3}, "layers": []}"#), relativeTo: "/tmp")
                .contains(#""device": "iphone15pro""#))
        XCTAssertEqual(try decode(#"{"device": {"name": "iPhone 15 Pro"}, "layers": []}"#).device, Device(named: "iphone15pro"))
        for (json, message) in [
            (#"{"device": {"name": "iphone99"}, "layers": []}"#, #"$.device.name: expected the name of a phone"#),
            (#"{"device": {"name": "390x844"}, "layers": []}"#, #"$.device.name: expected the name of a phone"#),
            (#"{"device": {"name": "x", "width": 300}, "layers": []}"#, #"$.device.width: does not go with "name""#),
            (#"{"device": {"name": "x", "scale": 5}, "layers": []}"#, #"$.device.scale"#)
        ] {
            XCTAssertThrowsError(try decode(json), json) { XCTAssertTrue("\($0)".contains(message), "\($0)") }
        }
    }

    func testStatusBarsOfTheTallerBars() throws {
        // iPhone 12 (47 pt bar): the X layout 1.5 pt lower, the same distance from the right edge.
        let twelve = try XCTUnwrap(Device(named: "iphone12"))
        let x = StatusBar.shapes(device: .iPhoneX)
        let shifted = StatusBar.shapes(device: twelve)
        let xBattery = try XCTUnwrap(x.first { $0.name == "battery level" }?.path.boundingBox)
        let battery = try XCTUnwrap(shifted.first { $0.name == "battery level" }?.path.boundingBox)
        XCTAssertEqual(battery.minY - xBattery.minY, 1.5, accuracy: 1e-9)
        XCTAssertEqual((twelve.width - battery.maxX) - (375 - xBattery.maxX), 0, accuracy: 1e-9)
        XCTAssertEqual(StatusBar.clock(device: twelve).baselineY, 85.0 / 3 + 1.5, accuracy: 1e-9)
        // Dynamic Island: the clock centred in the left ear, the glyph group in the right ear,
        // both centred on the island (y = 11 + 18.5 on a 54 pt bar).
        let pro = try XCTUnwrap(Device(named: "iphone15pro"))
        let ear = (393.0 - 126) / 2
        let clock = StatusBar.clock(device: pro)
        XCTAssertEqual(clock.box.midX, ear / 2, accuracy: 1e-9)
        let glyphs = StatusBar.shapes(device: pro).compactMap(\.path.boundingBox)
        let minX = glyphs.map(\.minX).min()!, maxX = glyphs.map(\.maxX).max()!
        let minY = glyphs.map(\.minY).min()!, maxY = glyphs.map(\.maxY).max()!
        XCTAssertEqual((minX + maxX) / 2, 393 - ear / 2, accuracy: 0.01)
        XCTAssertEqual((minY + maxY) / 2, 29.5, accuracy: 0.01)
        XCTAssertNotNil(StatusBar.homeIndicator(device: pro))
        XCTAssertNil(StatusBar.homeIndicator(device: try XCTUnwrap(Device(named: "se3"))))
    }

    // MARK: - Font weights

    func testAWeightTheFontLacksTakesTheCSSMatch() {
        let inter = [400, 600, 700]
        let expected: [TextStyle.Weight: Int] = [
            .ultraLight: 400, .thin: 400, .light: 400, .regular: 400, .medium: 400,
            .semibold: 600, .bold: 700, .heavy: 700, .black: 700
        ]
        for (weight, face) in expected { XCTAssertEqual(weight.matched(in: inter), face, "\(weight)") }
        XCTAssertEqual(TextStyle.Weight.regular.matched(in: [300, 500, 700]), 500, "400 takes 500 first")
        XCTAssertEqual(TextStyle.Weight.medium.matched(in: [300, 600]), 300, "500 takes lighter before heavier")
        XCTAssertEqual(TextStyle.Weight.light.matched(in: [200, 400]), 200)
        XCTAssertEqual(TextStyle.Weight.semibold.matched(in: [500, 800]), 800)
        XCTAssertNil(TextStyle.Weight.bold.matched(in: []))
        XCTAssertEqual(TextStyle.Weight.allCases.map(\.rawValue), [100, 200, 300, 400, 500, 600, 700, 800, 900])
        XCTAssertEqual(FontWeight.allCases.map(\.textWeight), TextStyle.Weight.allCases)
    }

    func testTheFixtureFontsDrawEveryWeightWithTheirNearestFace() {
        let fonts = fixtureTypesetter.fonts
        XCTAssertEqual(fonts.primary(.medium).styleName, "Regular")
        XCTAssertEqual(fonts.primary(.ultraLight).styleName, "Regular")
        XCTAssertEqual(fonts.primary(.semibold).styleName, "Semi Bold")
        XCTAssertEqual(fonts.primary(.heavy).styleName, "Bold")
        XCTAssertEqual(fonts.primary(.black).styleName, "Bold")
    }

    func testEveryWeightInAFile() throws {
        for weight in FontWeight.allCases {
            let transition = try decode(
                #"{"layers": [{"name": "a", "frame": [0, 0, 10, 10], "text": {"string": "x", "weight": "\#(weight.rawValue)"}}]}"#)
            XCTAssertEqual(transition.window.sublayers[0].text?.weight, weight)
        }
    }

    // MARK: - Animatable text

    func testTextColorAndFontSizeAnimate() throws {
        let transition = try decode(
            #"""
            {"timing": {"curve": "linear", "duration": 1},
             "layers": [{"name": "a", "frame": [0, 0, 100, 40], "text": {"string": "x", "size": 17, "color": "red"}}],
             "animations": [{"target": "a", "to": {"textColor": "blue", "fontSize": 34}}]}
            """#)
        let animator = try TransitionAnimator(transition)
        let half = animator.window(atSeconds: 0.5, isFinal: false).sublayers[0].text!
        XCTAssertEqual(half.sizePoints, 25.5, accuracy: 1e-12)
        XCTAssertEqual(half.color, StraightColor(red: 0.5, green: 0, blue: 0.5))
        let end = animator.window(atSeconds: 1, isFinal: true).sublayers[0].text!
        XCTAssertEqual(end.sizePoints, 34)
        XCTAssertEqual(end.color, StraightColor(red: 0, green: 0, blue: 1))
        // Exported and read back: the same animation.
        let json = TransitionFile.json(for: transition, relativeTo: "/tmp")
        XCTAssertTrue(json.contains(#""fontSize": 34"#), json)
        XCTAssertEqual(
            try TransitionFile(data: Data(json.utf8), path: "/tmp/t.json").transition(photos: [], options: SceneOptions()).animations,
            transition.animations)
        // A spring that overshoots below zero keeps a drawable size.
        var layer = Layer(name: "a", frame: .zero)
        layer.text = TextContent(string: "x", sizePoints: 10, baselineOrigin: .zero, color: .black)
        PropertyValue.fontSize(-3).apply(to: &layer)
        XCTAssertEqual(layer.text?.sizePoints, 0.01)
    }

    // MARK: - Relative frames

    func testRelativeFramesOnThreeDevices() throws {
        let json = #"""
            {"layers": [
              {"name": "title", "frame": {"relativeTo": "safeArea", "left": 16, "right": 16, "top": 8, "height": 41}},
              {"name": "card", "frame": {"relativeTo": "safeArea", "left": 16, "right": 16, "top": 60, "height": "45%"}},
              {"name": "sheet", "frame": {"top": "100%", "height": "50%"}, "sublayers": [
                {"name": "grabber", "frame": {"relativeTo": "parent", "width": 36, "top": 5, "height": 5}},
                {"name": "done", "frame": {"relativeTo": "parent", "right": 16, "width": 80, "top": 20, "height": 24}}
              ]},
              {"name": "badge", "frame": {"centerX": -10, "width": 20, "bottom": "10%", "height": 20}}
            ],
             "animations": [{"target": "sheet", "to": {"frame": {"bottom": -12, "height": "50%"}}}]}
            """#
        // Worked out by hand from each screen's size and safe area.
        let cases: [(String, title: Rect, card: Rect, sheetStart: Rect, sheetEnd: Rect, grabber: Rect, done: Rect, badge: Rect)] = [
            (
                "se", Rect(x: 16, y: 28, width: 288, height: 41), Rect(x: 16, y: 80, width: 288, height: 0.45 * 548),
                Rect(x: 0, y: 568, width: 320, height: 284), Rect(x: 0, y: 296, width: 320, height: 284),
                Rect(x: 142, y: 5, width: 36, height: 5), Rect(x: 224, y: 20, width: 80, height: 24),
                Rect(x: 140, y: 491.2, width: 20, height: 20)
            ),
            (
                "iphone15pro", Rect(x: 16, y: 67, width: 361, height: 41), Rect(x: 16, y: 119, width: 361, height: 0.45 * 759),
                Rect(x: 0, y: 852, width: 393, height: 426), Rect(x: 0, y: 438, width: 393, height: 426),
                Rect(x: 178.5, y: 5, width: 36, height: 5), Rect(x: 297, y: 20, width: 80, height: 24),
                Rect(x: 176.5, y: 746.8, width: 20, height: 20)
            ),
            (
                "iphone16promax", Rect(x: 16, y: 70, width: 408, height: 41), Rect(x: 16, y: 122, width: 408, height: 0.45 * 860),
                Rect(x: 0, y: 956, width: 440, height: 478), Rect(x: 0, y: 490, width: 440, height: 478),
                Rect(x: 202, y: 5, width: 36, height: 5), Rect(x: 344, y: 20, width: 80, height: 24),
                Rect(x: 200, y: 840.4, width: 20, height: 20)
            )
        ]
        func assertRect(_ a: Rect?, _ b: Rect, _ what: String, line: UInt = #line) {
            guard let a else { return XCTFail("no \(what)", line: line) }
            for (x, y) in [(a.x, b.x), (a.y, b.y), (a.width, b.width), (a.height, b.height)] {
                XCTAssertEqual(x, y, accuracy: 1e-9, "\(what): \(a) vs \(b)", line: line)
            }
        }
        for (name, title, card, sheetStart, sheetEnd, grabber, done, badge) in cases {
            let device = try XCTUnwrap(Device(named: name))
            let transition = try decode(json, device: device)
            let layers = transition.window.sublayers
            assertRect(layers[0].frame, title, "\(name) title")
            assertRect(layers[1].frame, card, "\(name) card")
            assertRect(layers[2].frame, sheetStart, "\(name) sheet")
            assertRect(layers[2].sublayers[0].frame, grabber, "\(name) grabber")
            assertRect(layers[2].sublayers[1].frame, done, "\(name) done")
            assertRect(layers[3].frame, badge, "\(name) badge")
            assertRect(transition.animations[0].to.frame, sheetEnd, "\(name) sheet end")
        }
    }

    func testRelativeFrameErrors() {
        func layer(_ frame: String) -> String { #"{"layers": [{"name": "a", "frame": \#(frame)}]}"# }
        XCTAssertEqual(
            error(layer(#"{"left": 1, "right": 2, "width": 3}"#)),
            #"t.json: $.layers[0].frame.width: give at most two of "left", "right", "width" (or "centerX" with "width"), not "left", "right", "width""#
        )
        XCTAssertEqual(
            error(layer(#"{"centerX": 4}"#)),
            #"t.json: $.layers[0].frame.centerX: give at most two of "left", "right", "width" (or "centerX" with "width"), not "centerX""#)
        XCTAssertEqual(
            error(layer(#"{"top": "half"}"#)),
            #"t.json: $.layers[0].frame.top: expected points or a percentage of the window such as "50%", got "half""#)
        XCTAssertEqual(
            error(layer(#"{"relativeTo": "screen"}"#)),
            #"t.json: $.layers[0].frame.relativeTo: unknown value "screen"; expected one of "window", "safeArea", "parent""#)
        XCTAssertEqual(
            error(layer(#"{"left": 300, "right": 300}"#)),
            #"t.json: $.layers[0].frame.right: leaves a width of -225 points on this device (iphone8); the frame needs a size of 0 or more"#
        )
        XCTAssertEqual(
            error(layer(#"{"left": 1, "cellOf": "g"}"#)),
            #"t.json: $.layers[0].frame.cellOf: "cellOf" does not go with a frame relative to the window or safe area ("relativeTo", "left", …)"#
        )
    }

    // MARK: - Home indicator

    func testTheHomeIndicatorTakesTheOppositeToneOfItsBackdrop() throws {
        let device = Device.iPhoneX
        let home = try XCTUnwrap(StatusBar.homeIndicator(device: device))
        func tint(over ops: [DisplayOp]) -> StraightColor? {
            let adapted = StatusBar.adaptingHomeIndicator(ops + [.path(home.path, color: .black, opacity: 1, clip: nil)], device: device)
            if case let .path(_, color, _, _) = adapted.last! { return color }
            return nil
        }
        let screen = device.bounds
        XCTAssertEqual(tint(over: [.fill(rect: screen, color: .black, opacity: 1, clip: nil)]), .white)
        XCTAssertEqual(tint(over: [.fill(rect: screen, color: .white, opacity: 1, clip: nil)]), .black)
        XCTAssertEqual(tint(over: []), .white, "nothing drawn: the black behind the window")
        // 50 % black over white: sRGB 0.5, linear 0.214 (above mid-grey 0.184): still light.
        XCTAssertEqual(
            tint(over: [
                .fill(rect: screen, color: .white, opacity: 1, clip: nil),
                .group(opacity: 0.5, ops: [.fill(rect: screen, color: .black, opacity: 1, clip: nil)])
            ]), .black)
        // 60 % black: sRGB 0.4, linear 0.133: dark.
        XCTAssertEqual(
            tint(over: [
                .fill(rect: screen, color: .white, opacity: 1, clip: nil),
                .fill(rect: screen, color: .black, opacity: 0.6, clip: nil)
            ]), .white)
        // A dark fill that stops above the indicator does not count.
        XCTAssertEqual(
            tint(over: [
                .fill(rect: screen, color: .white, opacity: 1, clip: nil),
                .fill(rect: Rect(x: 0, y: 0, width: 375, height: 700), color: .black, opacity: 1, clip: nil)
            ]), .black)
        XCTAssertEqual(StatusBar.relativeLuminance(red: 0.5, green: 0.5, blue: 0.5), 0.21404, accuracy: 1e-5)
        XCTAssertEqual(StatusBar.relativeLuminance(red: 1, green: 1, blue: 1), 1, accuracy: 1e-12)
        // No indicator on a home-button phone: nothing changes.
        let ops: [DisplayOp] = [.path(home.path, color: .black, opacity: 1, clip: nil)]
        XCTAssertEqual(StatusBar.adaptingHomeIndicator(ops, device: .iPhone8), ops)
    }
}
