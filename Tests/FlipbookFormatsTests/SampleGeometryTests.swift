import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookPipelineTestSupport
import FlipbookTesting
import Foundation
// The App Store card's continuous corners, the bottom sheet pulled down by a finger and the
// blur modal in dark appearance, each checked against numbers worked out here from the
// published formulas, not from the renderer. Goldens: __Goldens__/SampleGeometryTests/
// (record with FLIPBOOK_RECORD=failed and look at them).
import XCTest

@testable import Flipbook

final class SampleGeometryTests: XCTestCase {
    /// A file at @1x on its own device, with the fixture fonts (as the sample goldens).
    func job(file: String, gesture: Gesture? = nil) throws -> RenderJob {
        var settings = try RenderSettings.transitionFile(file)
        settings.gesture = gesture
        return try RenderJob(settings: settings)
    }

    func layer(_ name: String, in root: Layer) -> Layer? {
        if root.name == name { return root }
        return root.sublayers.lazy.compactMap { self.layer(name, in: $0) }.first
    }

    // MARK: - The App Store card's continuous corners

    /// The top-right corner of `UIBezierPath(roundedRect:cornerRadius:)` as iOS 14–17 prints its
    /// `CGPath` (published in ChouTiUI's `NSBezierPath+RoundedRect.swift`; the points in radii
    /// back from the right edge and down from the top: (maxX − X·r, minY + Y·r)): three cubics
    /// from the top edge to the right edge, flattened densely, x increasing.
    static func continuousTopRightCorner(maxX: Double, minY: Double, radius r: Double) -> [Point] {
        func p(_ x: Double, _ y: Double) -> Point { Point(x: maxX - x * r, y: minY + y * r) }
        let segments: [[Point]] = [
            [p(1.528665, 0), p(1.0884929576185285, 0), p(0.8684069440630026, 0), p(0.6314937928309916, 0.07491138784701601)],
            [
                p(0.6314937928309916, 0.07491138784701601), p(0.3728238266257463, 0.16905955604436995),
                p(0.16905955604436967, 0.3728238266257472), p(0.07491138784701548, 0.6314937928309927)
            ],
            [p(0.07491138784701548, 0.6314937928309927), p(0, 0.8684069440630022), p(0, 1.088492957618529), p(0, 1.5286649847295823)]
        ]
        var points: [Point] = []
        for segment in segments {
            if segment.count == 2 { points.append(segment[1]); continue }
            for step in 1...4000 {
                let t = Double(step) / 4000, u = 1 - t
                let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                points.append(
                    Point(
                        x: a * segment[0].x + b * segment[1].x + c * segment[2].x + d * segment[3].x,
                        y: a * segment[0].y + b * segment[1].y + c * segment[2].y + d * segment[3].y))
            }
        }
        return [p(1.528665, 0)] + points
    }

    /// The area of pixel (i, j) (1×1 at @1x) inside a shape whose top edge near a top-right
    /// corner is y = top(x) and which ends at x = maxX: 400 columns per pixel, each its exact
    /// covered height.
    static func coverage(column i: Int, row j: Int, maxX: Double, top: (Double) -> Double) -> Double {
        var area = 0.0
        for k in 0..<400 {
            let x = Double(i) + (Double(k) + 0.5) / 400
            guard x < maxX else { continue }
            area += min(max(Double(j + 1) - max(Double(j), top(x)), 0), 1) / 400
        }
        return area
    }

    /// y on a polyline whose x increases, by linear interpolation.
    static func interpolate(_ points: [Point], x: Double) -> Double {
        guard x > points[0].x else { return points[0].y }
        var low = 0, high = points.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if points[mid].x <= x { low = mid } else { high = mid }
        }
        let a = points[low], b = points[high]
        return b.x == a.x ? b.y : a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)
    }

    /// The card (and its shadow's container) are drawn with the continuous corner: at frame 0
    /// the card's photo is masked by, and the container's white background filled with, a path
    /// spanning the card's rect; and that shape's pixels are the continuous curve's area: a
    /// white layer with the sample's rect, radius and curve over black has, at every pixel of
    /// its top-right corner, 255 × the area under PixelCut's published curve (computed above),
    /// not the quarter circle's (which differs by up to 0.2 px of coverage there).
    func testTheAppStoreCardsCornersAreContinuous() throws {
        let file = Samples.path("transitions/app-store-card.json")
        // The sample's own numbers, read here with Foundation.
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        let container = try XCTUnwrap((json["layers"] as? [[String: Any]])?.first { $0["name"] as? String == "card shadow" })
        let card = try XCTUnwrap((container["sublayers"] as? [[String: Any]])?.first)
        XCTAssertEqual(container["cornerCurve"] as? String, "continuous")
        XCTAssertEqual(card["cornerCurve"] as? String, "continuous")
        let frame = try XCTUnwrap(container["frame"] as? [Double]), radius = try XCTUnwrap(container["cornerRadius"] as? Double)
        let rect = Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3])

        let sample = try job(file: file)
        let ops = flattenedOps(sample.displayList(frame: sample.sequence[0]).ops)
        let masks = ops.compactMap { op -> Rect? in
            if case let .pathMaskedGroup(_, mask, _) = op { return mask.boundingBox } else { return nil }
        }
        XCTAssertTrue(
            masks.contains { abs($0.x - rect.x) < 1e-9 && abs($0.y - rect.y) < 1e-9 && abs($0.width - rect.width) < 1e-9 }, "\(masks)")
        XCTAssertTrue(
            ops.contains { op in
                if case let .path(path, color, _, _) = op {
                    return color == .white
                        && path.boundingBox.map { abs($0.maxX - rect.maxX) < 1e-9 && abs($0.minY - rect.minY) < 1e-9 } == true
                }
                return false
            }, "the container's white background in the continuous shape")
        XCTAssertTrue(
            ops.contains {
                if case .shadowedGroup = $0 { return true }; return false
            }, "and still its shadow")

        // The same shape alone, white over black, @1x.
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shapeFile = directory.appendingPathComponent("corner.json").path
        try """
        {"device": {"width": 375, "height": 667, "scale": 1}, "statusBar": false, "background": "black",
         "layers": [{"name": "card", "frame": [\(rect.x), \(rect.y), \(rect.width), \(rect.height)], "cornerRadius": \(radius),
                     "cornerCurve": "continuous", "backgroundColor": "white"}]}
        """.write(toFile: shapeFile, atomically: true, encoding: .utf8)
        let image = try job(file: shapeFile).renderFrame(0)
        let curve = Self.continuousTopRightCorner(maxX: rect.maxX, minY: rect.minY, radius: radius)
        func circular(_ x: Double) -> Double {
            let cx = rect.maxX - radius
            guard x > cx else { return rect.minY }
            return rect.minY + radius - (radius * radius - (x - cx) * (x - cx)).squareRoot()
        }
        var distinguishing = 0
        for j in Int(rect.minY)..<Int(rect.minY + 26) {
            for i in Int(rect.maxX - 26)..<Int(rect.maxX) {
                let expected = 255 * Self.coverage(column: i, row: j, maxX: rect.maxX) { Self.interpolate(curve, x: $0) }
                let round = 255 * Self.coverage(column: i, row: j, maxX: rect.maxX, top: circular)
                // 5 levels: the renderer flattens curves into chords within 1/64 pt, which inside
                // a convex corner takes up to 1/64 of a pixel's area off (4 levels at @1x), plus
                // its 8-bit rounding.
                XCTAssertEqual(Double(image[i, j].red), expected, accuracy: 5, "pixel (\(i), \(j)): circular would be \(round)")
                if abs(expected - round) > 12 {
                    distinguishing += 1
                    XCTAssertGreaterThan(abs(Double(image[i, j].red) - round), 6, "pixel (\(i), \(j)) is not the circular corner's")
                }
            }
        }
        XCTAssertGreaterThan(distinguishing, 10, "pixels where the two corners differ by more than 12 levels")
    }

    // MARK: - The bottom sheet pulled down

    /// UIKit's `easeInOut` completion curve, the Bézier (0.42, 0, 0.58, 1), solved for x by
    /// bisection.
    static func easeInOut(_ x: Double) -> Double {
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var low = 0.0, high = 1.0
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if bezier(mid, 0.42, 0.58) < x { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, 0, 1)
    }

    /// `bottom-sheet-dismiss.json` with `--gesture sample:pull-down` on the 568-point SE: the
    /// finger is at y = 200 + 600·t (20 samples, 12 pt every 0.02 s) until it lifts at 0.38 s
    /// (frame 11 is the last at 30 fps with it down), so the fraction at frame k is 20k/568;
    /// at lift-off 228/568 at 600 pt/s (above UIKit's 100 pt/s: finish), and then
    /// 228/568 + (340/568)·easeInOut((t − 0.38) / ((340/568)·0.5 s)) to the last frame, which
    /// is 1. The sheet (linear, 568 pt of travel) is at 148 + 568·fraction, right under the
    /// finger while it is down, and the dimming at 0.4·(1 − fraction).
    func testThePullDownDrivesTheSheetsDismissal() throws {
        let gesture = try GestureFile.read(Package.path("Samples/gestures/pull-down.json"))
        let sheet = try job(file: Samples.path("transitions/bottom-sheet-dismiss.json"), gesture: gesture)
        let interaction = try XCTUnwrap(sheet.interaction)
        let release = 228.0 / 568, completion = (1 - release) * 0.5
        XCTAssertEqual(interaction.timeline.releaseFraction, release, accuracy: 1e-12)
        XCTAssertTrue(interaction.timeline.finishes)
        XCTAssertEqual(interaction.frames.count, 21, "frames 0…round((0.38 + \(completion)) · 30)")
        for frame in interaction.frames {
            let t = Double(frame.index) / 30
            let expected: Double
            if frame.index == 20 {
                expected = 1
            } else if frame.index <= 11 {
                expected = 20 * Double(frame.index) / 568
            } else {
                expected = release + (1 - release) * Self.easeInOut((t - 0.38) / completion)
            }
            XCTAssertEqual(frame.fraction, expected, accuracy: 1e-9, "frame \(frame.index)")
            let window = interaction.window(frame: frame.index, animator: sheet.animator)
            let sheetY = try XCTUnwrap(layer("sheet", in: window)).frame.y
            XCTAssertEqual(sheetY, 148 + 568 * expected, accuracy: 1e-6, "frame \(frame.index)")
            XCTAssertEqual(
                try XCTUnwrap(layer("dimming", in: window)).opacity, 0.4 * (1 - expected), accuracy: 1e-9, "frame \(frame.index)")
            if let finger = frame.finger {
                XCTAssertEqual(finger.y, 200 + 600 * t, accuracy: 1e-9)
                XCTAssertEqual(sheetY - 148, finger.y - 200, accuracy: 1e-6, "the sheet stays under the finger")
            }
        }
        XCTAssertTrue(sheet.warnings.isEmpty, "\(sheet.warnings)")
        // Half way down under the finger, and finishing on its own.
        assertGolden(of: try sheet.renderFrame(8), as: .image, named: "bottom-sheet-dismiss-pulled")
        assertGolden(of: try sheet.renderFrame(15), as: .image, named: "bottom-sheet-dismiss-finishing")
    }

    // MARK: - The blur modal in dark appearance

    /// In dark appearance the adaptive materials are the dark ones: the panel's
    /// `systemThickMaterial` is drawn as `systemThickMaterialDark`, a tint of #252525 (37/255)
    /// at 90 %, so every pixel of the panel away from its text is 0.9·37 + 0.1·s for some
    /// backdrop value s in 0…255 — between 33.3 and 58.8 in each channel (the light material,
    /// white at 97 %, would give at least 247). The screen's backdrop ends as
    /// `systemUltraThinMaterialDark` (#252525 at 55 %: 20.35 + 0.45·s), and the status bar is
    /// the dark appearance's light style.
    func testTheBlurModalIsDark() throws {
        let modal = try job(file: Samples.path("transitions/blur-modal.json"))
        XCTAssertEqual(modal.transition.statusBar, .light)
        let end = try TransitionAnimator(modal.transition).window(atSeconds: 10, isFinal: true)
        XCTAssertEqual(layer("panel", in: end)?.blur, BlurEffect(style: .systemThickMaterialDark))
        XCTAssertEqual(layer("backdrop", in: end)?.blur, BlurEffect(style: .systemUltraThinMaterialDark))
        XCTAssertEqual(BlurStyle.systemThickMaterialDark.filter.tint, StraightColor(white: 37.0 / 255, alpha: 0.9))
        let image = try modal.renderFrame(modal.sequence.count - 1)
        // The panel is [24, 420, 327, 200]; its text ends by y = 420 + 56 + 3 lines of 18 pt.
        for y in stride(from: 590, to: 612, by: 3) {
            for x in stride(from: 44, to: 330, by: 7) {
                let pixel = image[x, y]
                for channel in [pixel.red, pixel.green, pixel.blue] {
                    XCTAssertGreaterThanOrEqual(Double(channel), 0.9 * 37 - 1, "(\(x), \(y))")
                    XCTAssertLessThanOrEqual(Double(channel), 0.9 * 37 + 0.1 * 255 + 1, "(\(x), \(y))")
                }
            }
        }
        for (x, y) in [(30, 100), (187, 250), (340, 380)] {
            for channel in [image[x, y].red, image[x, y].green, image[x, y].blue] {
                XCTAssertGreaterThanOrEqual(Double(channel), 0.55 * 37 - 1, "(\(x), \(y))")
                XCTAssertLessThanOrEqual(Double(channel), 0.55 * 37 + 0.45 * 255 + 1, "(\(x), \(y))")
            }
        }
        assertGolden(of: image, as: .image, named: "blur-modal-dark-last")
    }

    // MARK: - The navigation samples' bars and edges

    /// `slide-over.json` (a push) and `swipe-back.json` (a pop) at the middle of their sequence:
    /// "Photos" as the old title (semibold) and "Photos" as the back label (regular) have the same
    /// leading edge, the back label's 26 pt plus the travel's eased share of
    /// (375 − w)/2 − 26 = 133.93 pt (w = 55.15 pt, "Photos" at 17 pt semibold in the fixture
    /// fonts, which are the scene fonts), and opacities adding up to 1 — one word cross-fading
    /// from one style to the other. The sliding screen casts its shadow from a 4 pt strip at its
    /// left edge at opacity 0.2; the dimming is black at up to 10 %.
    func testTheNavigationSamplesCarryTitleAndBackLabelTogether() throws {
        for name in ["slide-over", "swipe-back"] {
            let sample = try job(file: Samples.path("transitions/\(name).json"))
            let middle = sample.sequence.count / 2
            let ops = try sample.displayList(frameIndex: middle).ops
            func photos(_ ops: [DisplayOp]) -> [(x: Double, opacity: Double)] {
                ops.flatMap { op -> [(x: Double, opacity: Double)] in
                    switch op {
                    case let .text(layout, origin, _, opacity, _) where layout.text == "Photos":
                        return [(origin.x + (layout.lines.first?.xPoints ?? 0), opacity)]
                    case let .group(opacity, children): return photos(children).map { ($0.x, $0.opacity * opacity) }
                    default: return []
                    }
                }
            }
            let both = photos(ops)
            XCTAssertEqual(both.count, 2, "\(name): \(both)")
            guard both.count == 2 else { continue }
            XCTAssertEqual(both[0].x, both[1].x, accuracy: 0.01, "\(name): one leading edge")
            XCTAssertEqual(both[0].opacity + both[1].opacity, 1, accuracy: 1e-6, "\(name): one word's strength")
            XCTAssertGreaterThan(both[0].x, 26)
            XCTAssertLessThan(both[0].x, 26 + 133.93)
            let screen = try XCTUnwrap(sample.animator.transition.window.sublayers.first { $0.name == "new screen" })
            XCTAssertEqual(screen.shadowOpacity, 0.2)
            XCTAssertEqual(screen.shadowPath?.boundingBox, Rect(x: -4, y: -20, width: 4, height: 707))
            let dimming = try XCTUnwrap(sample.animator.transition.window.sublayers.first { $0.name == "dimming" })
            XCTAssertEqual(dimming.backgroundColor, StraightColor(white: 0, alpha: 1))
        }
    }
}
