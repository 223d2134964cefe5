import Flipbook
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import Foundation
import XCTest

/// The status bar at the display-list level: on top of every frame of every preset, in the
/// device's layout, dark by default; a layer's vector content flattened to `path` ops.
final class StatusBarDisplayListTests: XCTestCase {
    /// The last ops of a frame: the clock, then signal, Wi-Fi, battery outline, cap and level,
    /// then (iPhone X) the home indicator — nothing drawn above them.
    func testEveryPresetDrawsTheFullStatusBarAboveEverythingInEveryFrame() throws {
        for preset in TransitionPreset.allCases {
            for device in [Device.iPhone8, Device.iPhoneX] {
                var settings = RenderSettings.small(preset, select: 1)
                settings.scene.device = device
                settings.scene.device.scale = 1
                let job = try RenderJob(settings: settings)
                for index in [0, job.sequence.count / 2, job.sequence.count - 1] {
                    let ops = try job.displayList(frameIndex: index).ops
                    let notch = device == .iPhoneX
                    let count = notch ? 7 : 6
                    let where_ = "\(preset) \(device.name) frame \(index)"
                    XCTAssertGreaterThanOrEqual(ops.count, count, where_)
                    let tail = Array(ops.suffix(count))
                    guard case let .text(layout, origin, color, opacity, _) = tail[0], let line = layout.lines.first else {
                        XCTFail("\(where_): expected the clock, found \(tail[0])"); continue
                    }
                    XCTAssertEqual(layout.text, "9:41", where_)
                    XCTAssertEqual(line.runs.map(\.sizePoints), [notch ? 15 : 12], where_)
                    // The op's origin is the layout box's top-left: the baseline is one ascent below.
                    XCTAssertEqual(origin.y + line.baselinePoints, notch ? 85.0 / 3 : 14.5, accuracy: 1e-9, where_)
                    XCTAssertEqual(color, .black, where_)
                    XCTAssertEqual(opacity, 1, where_)
                    // Colours of signal, Wi-Fi, outline, cap, level: dark style.
                    let alphas = [1, 1, notch ? 0.35 : 0.5, notch ? 0.4 : 0.5, 1]
                    for (op, alpha) in zip(tail.dropFirst(), alphas) {
                        guard case let .path(path, color, opacity, _) = op else {
                            XCTFail("\(where_): expected a path, found \(op)"); continue
                        }
                        XCTAssertEqual(color, StraightColor(white: 0, alpha: alpha), where_)
                        XCTAssertEqual(opacity, 1, where_)
                        XCTAssertFalse(path.isEmpty, where_)
                    }
                    if notch, case let .path(path, color, _, _) = tail[6] {
                        XCTAssertEqual(path.boundingBox, Rect(x: 120.5, y: 812 - 13, width: 134, height: 5), where_)
                        // Later frames may show the pill part way through a fade to a new tone (a
                        // grey, tested frame by frame in FitEveryScreenTests); the first has none.
                        XCTAssertEqual(color.red, color.green, where_)
                        XCTAssertEqual(color.red, color.blue, where_)
                        XCTAssertEqual(color.alpha, 1, where_)
                        guard index == 0 else { continue }
                        // The home indicator's tone is the opposite of the rendered pixels around it
                        // (a 4 pt band above the pill, @1x): white over dark, black over light.
                        let image = try job.renderFrame(index)
                        var sum = 0.0, count = 0.0
                        for y in (812 - 17)..<(812 - 13) {
                            for x in 117..<258 {
                                let packed = image[x, y].packed
                                let red = Double(packed & 0xFF), green = Double((packed >> 8) & 0xFF), blue = Double((packed >> 16) & 0xFF)
                                // Relative luminance: sRGB linearised, Rec. 709 weights.
                                func linear(_ v: Double) -> Double {
                                    v / 255 <= 0.04045 ? v / 255 / 12.92 : pow((v / 255 + 0.055) / 1.055, 2.4)
                                }
                                let luminance: Double = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
                                sum += luminance
                                count += 1
                            }
                        }
                        // Mid-grey, CIE L* = 50. A transition whose first frame already differs
                        // from the screen before it (a modal container black at once, a browser
                        // removed at once) starts from that screen's tone instead.
                        let backdropIsDark = sum / count < 0.184
                        let expected =
                            job.transition.homeIndicatorToneBefore.map { StraightColor(white: $0, alpha: 1) }
                            ?? (backdropIsDark ? .white : .black)
                        XCTAssertEqual(color, expected, "\(where_): backdrop \(sum / count)")
                        if [.present, .dismiss, .fadeDismiss].contains(preset) {
                            XCTAssertEqual(job.transition.homeIndicatorToneBefore, preset == .present ? 0 : 1, where_)
                            XCTAssertNotEqual(color, backdropIsDark ? .white : .black, "\(where_): heads for the other tone")
                        }
                    }
                    if !notch, case let .path(path, _, _, _) = tail[1] {
                        // The signal bars: 14.5×9.5 at (7, 5) (docs/CHROME.md).
                        XCTAssertEqual(path.boundingBox, Rect(x: 7, y: 5, width: 14.5, height: 9.5), where_)
                    }
                }
            }
        }
    }

    /// A layer's shapes are placed by its frame, its ancestors' scroll and its transform.
    func testShapesAreFlattenedIntoWindowPoints() {
        var triangle = Path()
        triangle.move(to: Point(x: 0, y: 0)); triangle.line(to: Point(x: 10, y: 0)); triangle.line(to: Point(x: 0, y: 10)); triangle.close()
        var parent = Layer(name: "parent", frame: Rect(x: 100, y: 200, width: 50, height: 50))
        parent.boundsOrigin = Point(x: 0, y: 30)
        var child = Layer(name: "child", frame: Rect(x: 10, y: 40, width: 20, height: 20))
        child.shapes = [ChromeShape(name: "t", path: triangle, color: .black)]
        child.transform = LayerTransform(scale: Size(width: 2, height: 2))
        parent.sublayers = [child]
        let ops = DisplayList.ops(flattening: parent, screen: Rect(x: 0, y: 0, width: 375, height: 667))
        XCTAssertEqual(ops.count, 1)
        guard case let .path(path, color, opacity, clip) = ops[0] else { return XCTFail("\(ops)") }
        // The child's (0, 0) is at window (110, 210) untransformed; scaled 2× about its centre
        // (120, 220) it moves to (100, 200), and (10, 0) to (120, 200), (0, 10) to (100, 220).
        XCTAssertEqual(path.contours, [[Point(x: 100, y: 200), Point(x: 120, y: 200), Point(x: 100, y: 220)]])
        XCTAssertEqual(color, .black)
        XCTAssertEqual(opacity, 1)
        XCTAssertNil(clip)
        XCTAssertEqual(
            DisplayList(device: .iPhone8, frameIndex: 0, timeSeconds: 0, progress: 0, ops: ops).json.split(separator: "\n")[3],
            "  {\"op\": \"path\", \"contours\": [[100, 200, 120, 200, 100, 220]], \"color\": [0, 0, 0, 1], \"opacity\": 1, \"clip\": null}")
    }
}
