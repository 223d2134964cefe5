import Flipbook
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import FlipbookTesting
import FlipbookText
import XCTest

/// The navigation bar during push and pop at the display-list level (docs/CHROME.md, "The
/// navigation bar in a push or pop"): the waterfall app's items, cross-faded in place (a custom animator)
/// on the bar's own ease-in-out over the whole 0.7 s, never overprinting; UIKit's own shift; the
/// chevron as a path.
final class NavigationBarDisplayListTests: XCTestCase {
    static let typesetter = Typesetter(fonts: try! FontCollection(directory: Package.fixtureFonts))
    /// A 17 pt bar text's width in the fixture fonts (titles are semibold).
    static func width(_ string: String, _ weight: TextStyle.Weight = .regular) -> Double {
        typesetter.layout(string, style: TextStyle(sizePoints: 17, weight: weight)).widthPoints
    }
    /// The items row of an iPhone 8 bar: y = 20…64; titles and buttons sit on the baseline y = 48.
    static let baseline = 48.0

    struct BarText: Equatable { var string: String; var x: Double; var width: Double; var opacity: Double }

    /// The text ops on the bar's baseline (titles, back label, bar buttons), with their widths.
    func barTexts(_ ops: [DisplayOp]) -> [BarText] {
        ops.flatMap { op -> [BarText] in
            switch op {
            case let .text(layout, origin, _, opacity, _):
                // The op's origin is the layout box's top-left; its first line's baseline and left edge place it.
                guard let line = layout.lines.first, abs(origin.y + line.baselinePoints - Self.baseline) < 1e-9 else { return [] }
                return [BarText(string: layout.text, x: origin.x + line.xPoints, width: line.widthPoints, opacity: opacity)]
            case let .group(_, children): return barTexts(children)
            default: return []
            }
        }
    }

    func text(_ string: String, in ops: [DisplayOp]) -> BarText? { barTexts(ops).first { $0.string == string } }

    /// Path ops other than the status bar's five glyphs (which are the last five ops).
    func nonStatusBarPaths(_ ops: [DisplayOp]) -> [(Path, StraightColor, Double)] {
        ops.dropLast(6).compactMap { op in
            if case let .path(path, color, opacity, _) = op { return (path, color, opacity) }
            return nil
        }
    }

    func job(_ preset: TransitionPreset) throws -> RenderJob { try RenderJob(settings: .small(preset, select: 3)) }

    /// At every frame of push and pop (`--select 3`), two bar texts whose extents overlap never
    /// show at full strength together: their opacities add up to less than 1. (Before, frames
    /// 1–10 of pop drew "Photos" and "4 of 16" both on y = 48 at opacities adding up to 1,
    /// centred on each other.) No text is a "‹" glyph.
    func testTitlesNeverOverprint() throws {
        for preset in [TransitionPreset.push, .pop] {
            let job = try job(preset)
            XCTAssertEqual(job.sequence.count, 43)
            for sample in job.sequence {
                let texts = barTexts(job.displayList(frame: sample).ops)
                XCTAssertFalse(texts.contains { $0.string.contains("‹") })
                for (i, a) in texts.enumerated() {
                    for b in texts[(i + 1)...] where a.x < b.x + b.width && b.x < a.x + a.width {
                        XCTAssertLessThan(a.opacity + b.opacity, 1, "\(preset) frame \(sample.index): \(a) over \(b)")
                    }
                }
            }
        }
    }

    /// Pop, 0.7 s at 60 fps, by the app's custom animator: UINavigationBar cross-fades the items
    /// in place (docs/CHROME.md): the detail's "Browzer" and "Back" stay where they are and fade
    /// out over the first 80 % (0.56 s); the grid's "Clear" and "Add" fade in over the last 80 %
    /// (from 0.14 s). Frame 21 is t = 0.35 s, half the duration, where the symmetric ease-in-out
    /// is at exactly 0.5.
    func testPopCrossFadesInPlaceOverTheWholeDurationOnItsOwnEaseInOut() throws {
        let job = try job(.pop)
        let browzer = Self.width("Browzer", .semibold), add = Self.width("Add")
        let first = try job.displayList(frameIndex: 0).ops
        XCTAssertEqual(barTexts(first).map(\.string), ["Browzer", "Back"])
        XCTAssertEqual(try XCTUnwrap(text("Browzer", in: first)).x, (375 - browzer) / 2, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(text("Back", in: first)).x, 26)
        // The chevron: a path in the tint colour, its box 12.5×21 at (8, 20 + 22 − 10.5), up to
        // the round caps' flattening into chords (within 1/64 pt on each side).
        let chevron = try XCTUnwrap(nonStatusBarPaths(first).last)
        XCTAssertEqual(chevron.0.boundingBox!.x, 8, accuracy: 1.0 / 64)
        XCTAssertEqual(chevron.0.boundingBox!.y, 31.5, accuracy: 1.0 / 64)
        XCTAssertEqual(chevron.0.boundingBox!.width, 12.5, accuracy: 2.0 / 64)
        XCTAssertEqual(chevron.0.boundingBox!.height, 21, accuracy: 2.0 / 64)
        XCTAssertEqual(chevron.1, StraightColor(red: 0, green: 122.0 / 255, blue: 1))

        // Nothing moves; the outgoing texts fade, slowly at first (frame 10, t ≈ 0.167 s).
        for frame in [10, 21, 32] {
            let ops = try job.displayList(frameIndex: frame).ops
            XCTAssertEqual(try XCTUnwrap(text("Browzer", in: ops)).x, (375 - browzer) / 2, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(try XCTUnwrap(text("Back", in: ops)).x, 26, accuracy: 1e-9, "frame \(frame)")
        }
        let early = try XCTUnwrap(text("Browzer", in: job.displayList(frameIndex: 10).ops))
        XCTAssertGreaterThan(early.opacity, 0.5)
        XCTAssertLessThan(early.opacity, 1)
        // Outgoing gone after 0.56 s (frame 33.6), incoming absent before 0.14 s (frame 8.4).
        XCTAssertNotNil(text("Browzer", in: try job.displayList(frameIndex: 33).ops))
        XCTAssertNil(text("Browzer", in: try job.displayList(frameIndex: 34).ops))
        XCTAssertNil(text("Clear", in: try job.displayList(frameIndex: 8).ops))
        XCTAssertGreaterThan(try XCTUnwrap(text("Clear", in: job.displayList(frameIndex: 9).ops)).opacity, 0)
        XCTAssertEqual(try XCTUnwrap(text("Clear", in: job.displayList(frameIndex: 21).ops)).x, 16, accuracy: 1e-9)

        let last = try job.displayList(frameIndex: 42).ops
        XCTAssertEqual(
            barTexts(last),
            [
                BarText(string: "Clear", x: 16, width: Self.width("Clear"), opacity: 1),
                BarText(string: "Add", x: 375 - 16 - add, width: add, opacity: 1)
            ])
        XCTAssertTrue(nonStatusBarPaths(last).isEmpty, "the chevron is gone")
    }

    /// Push: the grid's buttons at frame 0, the detail's title, back chevron and "Back" at the end.
    func testPushEndsOnTheDetailsBar() throws {
        let job = try job(.push)
        XCTAssertEqual(barTexts(try job.displayList(frameIndex: 0).ops).map(\.string), ["Clear", "Add"])
        XCTAssertTrue(nonStatusBarPaths(try job.displayList(frameIndex: 0).ops).isEmpty)
        let last = try job.displayList(frameIndex: 42).ops
        let browzer = Self.width("Browzer", .semibold)
        XCTAssertEqual(barTexts(last).map(\.string), ["Browzer", "Back"])
        XCTAssertEqual(try XCTUnwrap(text("Browzer", in: last)).x, (375 - browzer) / 2, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(text("Browzer", in: last)).opacity, 1)
        XCTAssertEqual(try XCTUnwrap(text("Back", in: last)).x, 26)
        XCTAssertEqual(nonStatusBarPaths(last).count, 1)
        XCTAssertEqual(nonStatusBarPaths(last).first?.2, 1)
    }

    /// UIKit's own push (`.shift`): "Photos", the old title, and "Photos", the new back label,
    /// travel the same path, leading edge on leading edge, from the title's place
    /// `(375 − w)/2` (w the semibold title's width in the fixture fonts) to 26, and cross-fade
    /// over the whole duration: at half time (the bar's ease-in-out at exactly 0.5) both are
    /// half-way, `(375 − w)/2 − travel/2 = 26 + travel/2`, at opacities 0.5 + 0.5 — one word.
    /// The new title "Detail" is half-way in from the right.
    func testUIKitsOwnShiftCarriesTitleAndBackLabelLeadingEdgeOnLeadingEdge() throws {
        let device = Device.iPhone8
        let bar = NavigationBar.transition(
            device: device, from: NavigationItem(title: "Photos"),
            to: NavigationItem(title: "Detail", backTitle: "Photos"), animation: .shift,
            textWidth: { text, weight in Self.width(text, weight == .semibold ? .semibold : .regular) })
        var window = Layer(name: "window", frame: device.bounds)
        window.sublayers = [bar.layer]
        let transition = Transition(
            name: "shift", device: device, window: window, animations: bar.animations, completion: bar.completion,
            timing: Timing(curve: .bezier(.linear), durationSeconds: 1), statusBar: nil)
        let animator = try TransitionAnimator(transition)
        let ops = animator.displayOps(flattening: animator.window(atSeconds: 0.5, isFinal: false), typesetter: Self.typesetter)
        let texts = barTexts(ops)
        let title = try XCTUnwrap(texts.first { $0.string == "Photos" && $0.width == Self.width("Photos", .semibold) })
        let back = try XCTUnwrap(texts.first { $0.string == "Photos" && $0.width == Self.width("Photos") })
        let travel = (375 - Self.width("Photos", .semibold)) / 2 - 26
        XCTAssertEqual(title.x, 26 + travel / 2, accuracy: 1e-9)
        XCTAssertEqual(back.x, 26 + travel / 2, accuracy: 1e-9)
        XCTAssertEqual(title.opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(back.opacity, 0.5, accuracy: 1e-9)
        let detail = try XCTUnwrap(text("Detail", in: ops))
        XCTAssertEqual(detail.x, (375 - Self.width("Detail", .semibold)) / 2 + 375.0 / 4, accuracy: 1e-9)
    }

    /// The bar strip (top 64 pt) of pop `--select 3` on an iPhone 8 at @2x, at frames 0, 10, 21,
    /// 32 and 42: references `__Goldens__/NavigationBarDisplayListTests/pop-bar-<frame>.png`.
    func testPopBarGoldens() throws {
        var settings = RenderSettings.small(.pop, select: 3)
        settings.scene.device.scale = 2
        let job = try RenderJob(settings: settings)
        let frames = [0, 10, 21, 32, 42]
        for (frame, image) in zip(frames, try job.renderFrames(frames)) {
            let rows = 64 * 2
            let strip = PremultipliedImage(width: image.width, height: rows, pixels: Array(image.pixels[0..<(image.width * rows)]))
            assertGolden(of: strip, as: .image, named: "pop-bar-\(frame)")
        }
    }
}
