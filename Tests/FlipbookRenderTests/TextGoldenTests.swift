import FlipbookGeometry
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookTesting
import FlipbookText
import Foundation
import XCTest

/// Text through the whole path: FreeType masks composited by the canvas (colour, opacity, clip).
/// Uses the DejaVu Sans copy in Tests/Fixtures/fonts, so the result does not depend on the system.
final class TextGoldenTests: XCTestCase {
    static let font = try! Font(path: Package.fixtureFont)

    func drawLabel(opacity: Double = 1, clip: Clip? = nil) -> PremultipliedImage {
        var canvas = Canvas(
            widthPixels: 320, heightPixels: 64, scale: 2,
            background: PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255))
        canvas.drawText(
            "Flipbook ★★★☆☆", font: Self.font, sizePoints: 17, baselineOrigin: Point(x: 4.3, y: 21.6),
            color: StraightColor(red: 0, green: 122.0 / 255, blue: 1), opacity: opacity, clip: clip)
        return canvas.image
    }

    func testLabelMatchesItsGolden() {
        assertGolden(of: drawLabel(), as: .image, named: "label")
    }

    func testOpacityAndClip() {
        let faded = drawLabel(opacity: 0.5)
        let full = drawLabel()
        // Darkest pixel: full coverage of system blue over white; at 50 % it is halfway to white.
        let darkest = full.pixels.min { ($0 & 0xFF) + ($0 >> 8 & 0xFF) < ($1 & 0xFF) + ($1 >> 8 & 0xFF) }!
        XCTAssertEqual(PremultipliedPixel(packed: darkest), PremultipliedPixel(red: 0, green: 122, blue: 255, alpha: 255))
        XCTAssertTrue(faded.pixels.allSatisfy { $0 & 0xFF >= 127 }, "no pixel darker than 50 % blue over white")
        // A clip to the left half leaves the right half white.
        let clipped = drawLabel(clip: Clip(rect: Rect(x: 0, y: 0, width: 80, height: 32)))
        for y in 0..<64 {
            for x in 160..<320 { XCTAssertEqual(clipped[x, y].packed, 0xFFFF_FFFF) }
            for x in 0..<160 { XCTAssertEqual(clipped[x, y], full[x, y]) }
        }
    }
}

/// The typesetter through the canvas at @2x with the fixture fonts (Tests/Fixtures/fonts): a
/// card with a Chinese title and an emoji, a wrapped multi-line comment, Hindi, Arabic (right
/// aligned, natural), a truncated title and a missing character's .notdef box.
final class TypesetGoldenTests: XCTestCase {
    static let typesetter = Typesetter(fonts: try! FontCollection(directory: Package.path("Tests/Fixtures/fonts")))

    static func drawCard() -> PremultipliedImage {
        var canvas = Canvas(
            widthPixels: 2 * 300, heightPixels: 2 * 236, scale: 2,
            background: PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255))
        let ink = StraightColor(white: 0.1), grey = StraightColor(white: 0.45)
        let width = 268.0
        var y = 12.0
        func draw(
            _ text: String, _ style: TextStyle, lines: Int = 1, color: StraightColor = ink,
            alignment: TextLayout.Alignment = .natural, mode: TextLayout.LineBreakMode = .truncateTail
        ) {
            let layout = typesetter.layout(
                text, style: style, maxWidthPoints: width, numberOfLines: lines,
                lineBreakMode: mode, alignment: alignment)
            canvas.draw(layout, at: Point(x: 16, y: y), color: color)
            y += layout.heightPoints + 6
        }
        draw("西湖边的一个下午 🌸", TextStyle(sizePoints: 20, weight: .semibold), alignment: .center)
        draw("你好，世界！今天的天气真好，我们去公园散步吧。😀🎉", TextStyle(sizePoints: 15), lines: 0)
        draw("दिल्ली की एक शाम — क्षितिज", TextStyle(sizePoints: 17, weight: .bold))
        draw("غروب الشمس في القاهرة", TextStyle(sizePoints: 17))
        draw("Hello مرحبا world ★★★☆☆ 👍🏽🇨🇳👨‍👩‍👧", TextStyle(sizePoints: 15), color: grey)
        draw("A very long title that certainly does not fit on one line", TextStyle(sizePoints: 17, weight: .semibold))
        draw("Missing: \u{1200} ตลาดน้ำยามเช้า", TextStyle(sizePoints: 15))
        return canvas.image
    }

    func testCardMatchesItsGolden() {
        assertGolden(of: Self.drawCard(), as: .image, named: "card")
    }

    /// Emoji keep their own colours (the text colour does not tint them) and follow opacity and clip.
    func testEmojiKeepTheirColoursAndFollowOpacityAndClip() {
        let layout = Self.typesetter.layout("😀", style: TextStyle(sizePoints: 20))
        func draw(opacity: Double, clip: Clip? = nil) -> PremultipliedImage {
            var canvas = Canvas(widthPixels: 60, heightPixels: 60, scale: 2)
            canvas.draw(layout, at: Point(x: 2, y: 2), color: StraightColor(red: 0, green: 0, blue: 1), opacity: opacity, clip: clip)
            return canvas.image
        }
        let full = draw(opacity: 1)
        // The face is yellow-orange: opaque pixels with much more red than blue.
        let yellow = full.pixels.filter { $0 >> 24 == 255 && $0 & 0xFF > 200 && ($0 >> 16) & 0xFF < 100 }
        XCTAssertGreaterThan(yellow.count, 300)
        // Noto's 136×128 bitmaps (109 ppem strike, transparent margins) scaled by 20/109 at @2x:
        // at most 50 device pixels, the face itself a little less.
        let columns = (0..<60).filter { x in (0..<60).contains { y in full[x, y].alpha > 0 } }
        XCTAssertTrue((40...50).contains(columns.count), "\(columns.count) columns")
        let half = draw(opacity: 0.5)
        XCTAssertEqual(Int(half.pixels.map { $0 >> 24 }.max()!), 128, "alpha halves")
        let clipped = draw(opacity: 1, clip: Clip(rect: Rect(x: 0, y: 0, width: 12, height: 30)))
        XCTAssertTrue((24..<60).allSatisfy { x in (0..<60).allSatisfy { clipped[x, $0].alpha == 0 } }, "nothing right of the clip")
    }
}
