import Flipbook
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import FlipbookTesting
import FlipbookText
import Foundation
import XCTest

/// Scene text through the text engine, end to end: the card presets with titles in Chinese,
/// Hindi, Arabic and with emoji (Samples/cards-i18n.json) set in the fixture fonts, and the
/// warning for a character no font has.
final class SceneTextTests: XCTestCase {
    func cardJob(_ preset: TransitionPreset, select: Int) throws -> RenderJob {
        var settings = RenderSettings.small(preset, select: select)
        settings.scene.cardsManifestPath = Package.path("Samples/cards-i18n.json")
        settings.scene.device.scale = 2
        return try RenderJob(settings: settings)
    }

    /// @2x goldens: the carousel with the Chinese title and its 🌸 (frame 0) and the detail at the
    /// end (the title condensed, comment rows with avatars, nicknames, Chinese and an emoji).
    func testCardPushWithAChineseTitleAndEmojiAt2x() throws {
        let job = try cardJob(.cardPush, select: 0)
        let last = job.sequence.count - 1
        let images = try job.renderFrames([0, last])
        assertGolden(of: images[0], as: .image, named: "card-push-i18n-0")
        assertGolden(of: images[1], as: .image, named: "card-push-i18n-last")
        XCTAssertEqual(job.typesetter.warnings, [], "the fixture fonts have every character of the sample")
    }

    /// Every title of the sample is set in the font of its script, and the long one ends in "…".
    func testCardTitlesUseTheirScriptsFontsAndTheLongOneIsTruncated() throws {
        let job = try cardJob(.cardPush, select: 0)
        let ops = try job.displayList(frameIndex: 0).ops
        func texts(_ ops: [DisplayOp]) -> [TextLayout] {
            ops.flatMap { op -> [TextLayout] in
                switch op {
                case let .text(layout, _, _, _, _): return [layout]
                case let .group(_, children), let .maskedGroup(_, _, children): return texts(children)
                default: return []
                }
            }
        }
        let layouts = texts(ops)
        func families(_ text: String) -> Set<String> {
            Set(layouts.filter { $0.text == text }.flatMap { $0.lines.flatMap(\.runs).map(\.font.familyName) })
        }
        XCTAssertEqual(families("西湖边的一个下午 🌸"), ["Noto Sans CJK SC", "Noto Color Emoji"])
        XCTAssertEqual(families("दिल्ली की एक शाम"), ["Noto Sans Devanagari UI"])
        // The bar title is semibold.
        XCTAssertEqual(layouts.first { $0.text == "Featured" }?.lines.first?.runs.first?.font.styleName, "Semi Bold")
        // Card 4's long title is on screen in card-push --select 4: one line ending in "…".
        let long = try cardJob(.cardPush, select: 4)
        let title = texts(try long.displayList(frameIndex: 0).ops).first { $0.text.hasPrefix("A very long title") }
        XCTAssertEqual(title?.isTruncated, true)
        XCTAssertEqual(title?.lines.count, 1)
        XCTAssertTrue(title?.text.hasSuffix("…") ?? false, title?.text ?? "no title")
        XCTAssertLessThanOrEqual(title?.widthPoints ?? .infinity, 300 - 30, "inside the card's insets")
        // Arabic is right to left, right-aligned (natural) in the title's box.
        let arabic = texts(try cardJob(.cardPush, select: 2).displayList(frameIndex: 0).ops).first { $0.text == "غروب الشمس في القاهرة" }
        XCTAssertEqual(arabic?.lines.first?.isRightToLeft, true)
        let line = try XCTUnwrap(arabic?.lines.first)
        XCTAssertEqual(line.xPoints + line.widthPoints, (arabic?.boxWidthPoints ?? 0), accuracy: 0.01)
        // The Arabic comments in the detail are left-aligned, as the card carousel sets its comment labels
        // (textAlignment left, which does not flip for right-to-left text): each starts at the
        // left edge of its box, as a Latin nickname does.
        let detail = try cardJob(.cardPush, select: 2)
        let detailTexts = texts(try detail.displayList(frameIndex: detail.sequence.count - 1).ops)
        let comments = detailTexts.filter { $0.lines.first?.isRightToLeft == true && $0.text != "غروب الشمس في القاهرة" }
        XCTAssertEqual(comments.count, 2, detailTexts.map(\.text).joined(separator: " | "))
        for comment in comments {
            let line = try XCTUnwrap(comment.lines.first)
            XCTAssertEqual(line.xPoints, 0, accuracy: 0.01, comment.text)
        }
        XCTAssertEqual(detailTexts.first { $0.text == "omar" }?.lines.first?.xPoints, 0)
    }

    /// A character no font has: drawn as .notdef and reported once, naming the text and the code
    /// point, in the render summary.
    func testMissingGlyphWarningReachesTheSummary() throws {
        let device = Device(name: "test", sizePoints: Size(width: 200, height: 100), scale: 1)
        var window = Layer(name: "window", frame: device.bounds)
        window.backgroundColor = .white
        var label = Layer(name: "label", frame: Rect(x: 0, y: 0, width: 200, height: 40))
        label.text = TextContent(string: "Ethiopic ሀ", sizePoints: 17, baselineOrigin: Point(x: 10, y: 30), color: .black)
        window.sublayers = [label]
        let transition = Transition(
            name: "missing", device: device, window: window, animations: [],
            timing: Timing(curve: .bezier(.easeInEaseOut), durationSeconds: 0.1))
        var settings = RenderSettings(transition: transition)
        settings.sceneFontDirectory = Package.fixtureFonts
        settings.labelFontPath = Package.fixtureFont
        settings.framesPerSecond = 30
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let summary = try RenderJob(settings: settings).write(to: directory.appendingPathComponent("out").path)
        let expected = "no font has U+1200 in \"Ethiopic ሀ\"; it is drawn as the .notdef box of Inter"
        XCTAssertEqual(summary.warnings.filter { $0.contains("U+1200") }, [expected], "once, for every frame")
    }
}
