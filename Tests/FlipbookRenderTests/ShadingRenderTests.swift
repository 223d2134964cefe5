import FlipbookFormats
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookScenes
import FlipbookTesting
import Foundation
import XCTest

@testable import Flipbook
@testable import FlipbookLock
@testable import FlipbookOutput
@testable import FlipbookRender

/// Shadows, gradients and blur layers end to end: the samples' display lists say what the
/// files say, exporting them renders the same bytes, and bad values fail with the JSON path.
final class ShadingRenderTests: XCTestCase {
    func job(_ file: String, scale: Double = 1) throws -> RenderJob {
        try RenderJob(settings: .transitionFile(file, scale: scale))
    }

    func flattened(_ ops: [DisplayOp]) -> [DisplayOp] { flattenedOps(ops) }

    /// The card's container casts its shadow through an offscreen pass (it has sublayers and no
    /// `shadowPath`): 0.3 black, 12 pt, 8 pt down, fading out as the card fills the screen; the
    /// scrim is the file's gradient over the card's bottom.
    func testTheAppStoreCardsShadowAndScrim() throws {
        let card = try job(Samples.path("transitions/app-store-card.json"))
        let first = flattened(card.displayList(frame: card.sequence[0]).ops)
        let shadows = first.compactMap { op -> Shadow? in
            if case let .shadowedGroup(_, shadow, _, _) = op { return shadow }
            return nil
        }
        XCTAssertEqual(shadows, [Shadow(color: StraightColor(white: 0, alpha: 0.3), offset: Point(x: 0, y: 8), blurRadiusPoints: 12)])
        let gradients = first.compactMap { op -> (Gradient, ClipShape)? in
            if case let .gradient(gradient, shape, _, _) = op { return (gradient, shape) }
            return nil
        }
        XCTAssertEqual(gradients.count, 1)
        XCTAssertEqual(gradients.first?.0.colors, [StraightColor(white: 0, alpha: 0), StraightColor(white: 0, alpha: 0.65)])
        XCTAssertEqual(gradients.first?.1.rect, Rect(x: 0, y: 0, width: 335, height: 180))
        XCTAssertEqual(gradients.first?.1.transform.ty, 120 + 240, "the scrim sits on the card's bottom 180 pt")
        // Part way the shadow is lighter; at the end there is none (opacity 0).
        // (A quarter of the way: later the spring overshoots, and a negative opacity draws no shadow.)
        let middle = flattened(card.displayList(frame: card.sequence[card.sequence.count / 4]).ops)
        let middleAlpha = middle.compactMap { op -> Double? in
            if case let .shadowedGroup(_, shadow, _, _) = op { return shadow.color.alpha }
            return nil
        }
        XCTAssertEqual(middleAlpha.count, 1)
        XCTAssertLessThan(middleAlpha[0], 0.3)
        // The resting card and the first step of its expansion, as goldens (@1x).
        assertGolden(of: try card.renderFrame(0), as: .image, named: "app-store-card-start")
        assertGolden(of: try card.renderFrame(2), as: .image, named: "app-store-card-lifting")
        let last = flattened(card.displayList(frame: card.sequence.last!).ops)
        XCTAssertFalse(
            last.contains {
                if case .shadowedGroup = $0 { return true }; return false
            })
    }

    /// Below the resting card (@1x) the shadow darkens the background as 1 − 0.3 · Φ((548 − y) / 12):
    /// the card's bottom edge at 540 pt moved 8 pt down, σ = `shadowRadius` = 12 pt, computed
    /// here with Foundation's erfc, pixel by pixel down the card's middle column.
    func testTheCardsShadowFallsOffAsTheErfBelowTheCard() throws {
        let card = try job(Samples.path("transitions/app-store-card.json"))
        let frame = try card.renderFrame(0)
        let background = 0.949 * 255
        for y in 541..<600 {
            let coverage = 0.5 * erfc(-(548 - (Double(y) + 0.5)) / 12 / 2.0.squareRoot())
            let expected = background * (1 - 0.3 * coverage)
            XCTAssertEqual(Double(frame[187, y].red), expected, accuracy: 2.5, "y \(y)")
        }
    }

    /// The modal's backdrop starts with no effect (no op) and ends as systemUltraThinMaterialDark;
    /// half way its blur, saturation and tint opacity are part way there, its tint already the
    /// style's colour (a fade, not a pass through grey).
    func testTheBlurModalAnimatesFromNoEffectToAStyle() throws {
        let modal = try job(Samples.path("transitions/blur-modal.json"))
        func backdrops(_ frame: Int) -> [BackdropFilter] {
            flattened(modal.displayList(frame: modal.sequence[frame]).ops).compactMap { op in
                if case let .backdrop(filter, _, _, _) = op { return filter }
                return nil
            }
        }
        XCTAssertEqual(backdrops(0), [])
        let end = backdrops(modal.sequence.count - 1)
        XCTAssertEqual(end.first, BlurStyle.systemUltraThinMaterialDark.filter)
        XCTAssertEqual(end.count, 2, "the screen's backdrop and the panel's")
        let middle = try XCTUnwrap(backdrops(modal.sequence.count / 2).first)
        let style = BlurStyle.systemUltraThinMaterialDark.filter
        XCTAssertGreaterThan(middle.blurRadiusPoints, 0)
        XCTAssertLessThan(middle.blurRadiusPoints, style.blurRadiusPoints)
        XCTAssertGreaterThan(middle.saturation, 1)
        XCTAssertLessThan(middle.tint.alpha, style.tint.alpha)
        XCTAssertEqual(middle.tint.red, style.tint.red, accuracy: 1e-12)
    }

    /// The adaptive styles take the appearance's material, as UIKit resolves them against the
    /// trait collection; the styles that name Light or Dark, and the old fixed ones, stay.
    func testAdaptiveBlurStylesFollowTheAppearance() {
        let dark: [(BlurStyle, BlurStyle)] = [
            (.systemUltraThinMaterial, .systemUltraThinMaterialDark), (.systemThinMaterial, .systemThinMaterialDark),
            (.systemMaterial, .systemMaterialDark), (.systemThickMaterial, .systemThickMaterialDark),
            (.systemChromeMaterial, .systemChromeMaterialDark), (.regular, .systemMaterialDark),
            (.prominent, .systemThickMaterialDark), (.systemMaterialLight, .systemMaterialLight),
            (.light, .light), (.extraLight, .extraLight), (.dark, .dark)
        ]
        for (style, resolved) in dark { XCTAssertEqual(style.resolved(for: .dark), resolved, "\(style)") }
        for style in BlurStyle.allCases { XCTAssertEqual(style.resolved(for: .light), style) }
    }

    /// Exported back to a file, each sample renders the same display lists and the same bytes.
    func testTheShadingSamplesExportAndRenderByteIdentically() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["app-store-card", "blur-modal"] {
            let original = try job(Samples.path("transitions/\(name).json"))
            let file = directory.appendingPathComponent("\(name).json").path
            let text = TransitionFile.json(for: original.transition, relativeTo: directory.path)
            XCTAssertTrue(text.contains(name == "blur-modal" ? "\"blur\": \"systemThickMaterialDark\"" : "\"shadowRadius\": 12"), name)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let exported = try job(file)
            XCTAssertEqual(exported.sequence, original.sequence, name)
            for sample in original.sequence {
                XCTAssertEqual(
                    exported.displayList(frame: sample).lockLines(), original.displayList(frame: sample).lockLines(),
                    "\(name) frame \(sample.index)")
            }
            let frames = [0, original.sequence.count / 2, original.sequence.count - 1]
            XCTAssertEqual(try exported.renderFrames(frames), try original.renderFrames(frames), name)
        }
    }

    /// The same frame on one thread and on several is the same bytes (blurs included).
    func testShadowsAndBlursRenderTheSameOnAnyThreadCount() throws {
        let card = try job(Samples.path("transitions/blur-modal.json"))
        let frames = [0, 3, 6, card.sequence.count - 1]
        var serial = card.settings
        serial.threads = 1
        var parallel = card.settings
        parallel.threads = 2
        XCTAssertEqual(try RenderJob(settings: serial).renderFrames(frames), try RenderJob(settings: parallel).renderFrames(frames))
    }

    /// Bad shading values fail before anything is drawn, naming the key.
    func testBadShadingValuesNameTheirKey() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [(String, String)] = [
            (
                #"{"name": "a", "frame": [0, 0, 10, 10], "blur": "systemMaterail"}"#,
                #"$.layers[0].blur: unknown value "systemMaterail" (did you mean "systemMaterial"?)"#
            ),
            (
                #"{"name": "a", "frame": [0, 0, 10, 10], "gradient": {"colors": ["red"]}}"#,
                "$.layers[0].gradient.colors: a gradient needs at least two colours, got 1"
            ),
            (
                #"{"name": "a", "frame": [0, 0, 10, 10], "gradient": {"colors": ["red", "blue"], "locations": [0.5, 0.2]}}"#,
                "$.layers[0].gradient.locations: locations must not decrease"
            ),
            (
                #"{"name": "a", "frame": [0, 0, 10, 10], "shadowRadius": 500}"#,
                "$.layers[0].shadowRadius: "
            ),
            (
                #"{"name": "a", "frame": [0, 0, 10, 10], "shadowOffset": [1]}"#,
                "$.layers[0].shadowOffset: expected 2 numbers [dx, dy], got 1"
            )
        ]
        for (index, (layer, message)) in cases.enumerated() {
            let file = directory.appendingPathComponent("bad\(index).json").path
            try #"{"device": {"width": 100, "height": 100, "scale": 1}, "layers": [\#(layer)]}"#.write(
                toFile: file, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try job(file)) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
        let animated = directory.appendingPathComponent("path.json").path
        try
            #"{"layers": [{"name": "a", "frame": [0, 0, 10, 10]}], "animations": [{"target": "a", "to": {"shadowPath": {"rect": [0, 0, 5, 5]}}}]}"#
            .write(toFile: animated, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try job(animated)) { error in
            XCTAssertTrue("\(error)".contains(#"$.animations[0].to.shadowPath: "shadowPath" cannot be animated"#), "\(error)")
        }
    }
}
