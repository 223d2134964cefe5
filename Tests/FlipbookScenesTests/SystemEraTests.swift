import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookRaster
import FlipbookScenes
import Foundation
import XCTest

/// Which iOS's chrome a device gets (docs/CHROME.md, "Eras"): each phone the iOS it shipped with,
/// `--era` (`SceneOptions.era`) or a file's `"era"` another.
final class SystemEraTests: XCTestCase {
    let photos = (0..<4).map { ScenePhoto(source: "p\($0).jpg", sizePixels: Size(width: 500, height: 500)) }

    func find(_ name: String, in layer: Layer) -> Layer? {
        layer.name == name ? layer : layer.sublayers.lazy.compactMap { self.find(name, in: $0) }.first
    }

    /// The iOS each phone shipped with: the X to the 12 (iOS 11–14) keep today's chrome; the 13
    /// family and the SE (3rd generation) shipped with iOS 15; the 14 with iOS 16, the 15 with
    /// iOS 17, the 16 and 16e with iOS 18; the 17 family and the Air (iOS 26) get the latest drawn.
    func testEachPhoneRunsTheIOSItShippedWith() throws {
        for name in ["iphone8", "se", "plus", "x", "se2", "xs", "xr", "iphone11", "iphone11promax", "iphone12", "iphone12mini", "390x844"] {
            XCTAssertEqual(Device(named: name)?.era, .ios13, name)
        }
        for name in ["se3", "iphone13mini", "iphone13", "iphone13pro", "iphone13promax"] {
            XCTAssertEqual(Device(named: name)?.era, .ios15, name)
        }
        for name in [
            "iphone14", "iphone14plus", "iphone14pro", "iphone15", "iphone15pro", "iphone16", "iphone16pro", "iphone16e",
            "iphone17", "iphoneair", "iphone17promax"
        ] {
            XCTAssertEqual(Device(named: name)?.era, .ios16, name)
        }
        XCTAssertTrue(SystemEra.ios13 < .ios15 && SystemEra.ios15 < .ios16)
        XCTAssertFalse(SystemEra.ios13.usesScrollEdgeAppearance)
        XCTAssertTrue(SystemEra.ios15.usesScrollEdgeAppearance && SystemEra.ios16.usesScrollEdgeAppearance)
    }

    /// From iOS 16 the Face ID status bar's clock is 17 pt, its baseline 2 · 0.705 / 2 = 0.705 pt
    /// lower (SF Pro's cap height), so the digits stay centred; the X's 15 pt clock is unchanged,
    /// and so is the classic bar's 12 pt one (the SE 3rd generation runs iOS 15).
    func testTheClockGrowsFromIOS16() throws {
        var pro = try XCTUnwrap(Device(named: "iphone15pro"))
        let seventeen = StatusBar.clock(device: pro)
        pro.era = .ios13
        let fifteen = StatusBar.clock(device: pro)
        XCTAssertEqual(seventeen.sizePoints, 17)
        XCTAssertEqual(fifteen.sizePoints, 15)
        XCTAssertEqual(seventeen.baselineY - fifteen.baselineY, 0.705, accuracy: 1e-9)
        XCTAssertEqual(seventeen.box, fifteen.box)
        XCTAssertEqual(StatusBar.clock(device: .iPhoneX).sizePoints, 15)
        XCTAssertEqual(StatusBar.clock(device: try XCTUnwrap(Device(named: "se3"))).sizePoints, 12)
        XCTAssertEqual(StatusBar.clock(device: try XCTUnwrap(Device(named: "iphone13"))).sizePoints, 15)
    }

    /// From iOS 15 a navigation bar over a scroll view at its top has no background and no
    /// hairline; scrolled, the standard grey and hairline. Before iOS 15 always the standard.
    func testTheScrollEdgeAppearanceFromIOS15() throws {
        let item = NavigationItem(title: "Photos")
        let thirteen = try XCTUnwrap(Device(named: "iphone13"))
        let edge = NavigationBar.layer(device: thirteen, showing: item, atScrollEdge: true)
        XCTAssertEqual(edge.backgroundColor?.alpha, 0)
        XCTAssertEqual(find("bar hairline", in: edge)?.opacity, 0)
        let scrolled = NavigationBar.layer(device: thirteen, showing: item, atScrollEdge: false)
        XCTAssertEqual(scrolled.backgroundColor, StraightColor(white: 248.0 / 255))
        XCTAssertEqual(find("bar hairline", in: scrolled)?.opacity, 1)
        XCTAssertEqual(
            NavigationBar.layer(device: .iPhoneX, showing: item, atScrollEdge: true),
            NavigationBar.layer(device: .iPhoneX, showing: item), "iOS 11–13: no scroll-edge appearance")
    }

    /// push on an iPhone 13 from an unscrolled grid (photo 0's cell needs no scroll) to the detail
    /// (a pager with no vertical offset): transparent all along. With `era` iOS 13 the bar is
    /// today's grey, hairline and all; dark mode keeps the transparent bar transparent.
    func testPresetsTakeTheEraOfTheirDeviceOrTheOneAskedFor() throws {
        var options = SceneOptions()
        options.device = try XCTUnwrap(Device(named: "iphone13"))
        let push = try TransitionPreset.push.makeTransition(photos: photos, options: options)
        let bar = try XCTUnwrap(find(NavigationBar.layerName, in: push.window))
        XCTAssertEqual(bar.backgroundColor?.alpha, 0)
        XCTAssertFalse(push.animations.contains { $0.target == NavigationBar.layerName }, "no change of appearance")
        options.era = .ios13
        let older = try TransitionPreset.push.makeTransition(photos: photos, options: options)
        XCTAssertEqual(older.device.era, .ios13)
        XCTAssertEqual(find(NavigationBar.layerName, in: older.window)?.backgroundColor, StraightColor(white: 248.0 / 255))
        options.era = nil
        options.appearance = .dark
        let dark = try TransitionPreset.push.makeTransition(photos: photos, options: options)
        XCTAssertEqual(find(NavigationBar.layerName, in: dark.window)?.backgroundColor?.alpha, 0)
    }

    /// pop from the detail (at the edge) to a grid scrolled to reveal its cell: the bar's grey and
    /// hairline come back on the bar's curve over the pop.
    func testAPopToAScrolledGridBringsTheStandardAppearanceBack() throws {
        let tall = (0..<30).map { ScenePhoto(source: "p\($0).jpg", sizePixels: Size(width: 500, height: 800)) }
        var options = SceneOptions()
        options.device = try XCTUnwrap(Device(named: "iphone14"))
        options.selectedIndex = 25
        let pop = try TransitionPreset.pop.makeTransition(photos: tall, options: options)
        let background = try XCTUnwrap(pop.animations.first { $0.target == NavigationBar.layerName })
        XCTAssertEqual(background.to.backgroundColor, StraightColor(white: 248.0 / 255))
        XCTAssertEqual(pop.animations.first { $0.target == "bar hairline" }?.to.opacity, 1)
    }

    /// A file's `"era"`, the command line's over it, the navigation bar generator's `scrollEdge`,
    /// and the era written back by `export-transition` only when it is not the device's own.
    func testAFileTakesAnEra() throws {
        func decode(_ json: String, options: SceneOptions = SceneOptions()) throws -> Transition {
            try TransitionFile(data: Data(json.utf8), path: "t.json").transition(photos: [], options: options)
        }
        XCTAssertEqual(try decode(#"{"device": "iphone15pro", "layers": []}"#).device.era, .ios16)
        XCTAssertEqual(try decode(#"{"device": "iphone15pro", "era": "ios13", "layers": []}"#).device.era, .ios13)
        var options = SceneOptions()
        options.era = .ios15
        XCTAssertEqual(try decode(#"{"device": "iphone15pro", "era": "ios13", "layers": []}"#, options: options).device.era, .ios15)
        let bar = try decode(#"{"device": "iphone13", "layers": [{"name": "b", "navigationBar": {"title": "T", "scrollEdge": true}}]}"#)
        XCTAssertEqual(find("b", in: bar.window)?.backgroundColor?.alpha, 0)
        do {
            _ = try decode(#"{"era": "ios14", "layers": []}"#)
            XCTFail("ios14 is not an era")
        } catch {
            XCTAssertTrue("\(error)".hasPrefix("t.json: $.era: "), "\(error)")
        }
        let older = try decode(#"{"device": "iphone15pro", "era": "ios13", "layers": []}"#)
        let text = TransitionFile.json(for: older, relativeTo: "/tmp")
        XCTAssertTrue(text.contains(#""device": "iphone15pro""#), text)
        XCTAssertTrue(text.contains(#""era": "ios13""#), text)
        XCTAssertFalse(
            TransitionFile.json(for: try decode(#"{"device": "iphone15pro", "layers": []}"#), relativeTo: "/tmp").contains(#""era""#))
    }
}
