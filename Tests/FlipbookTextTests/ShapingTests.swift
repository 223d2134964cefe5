import FlipbookText
import Foundation
import Synchronization
import XCTest

/// The fixture fonts (Tests/Fixtures/fonts, subsets of Debian's packages; see SOURCE.md).
let fixtureFontDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fonts").path

/// One typesetter over the fixture fonts for all text tests (opening fonts is the slow part).
let fixtureTypesetter = Typesetter(fonts: try! FontCollection(directory: fixtureFontDirectory))

/// Shaping results. Expected glyph ids and advances (design units) were read with HarfBuzz's
/// own command-line shaper on the same fixture files, e.g.
/// `hb-shape --no-glyph-names Tests/Fixtures/fonts/Inter-Regular.otf AVATAR` (Debian
/// libharfbuzz-bin 6.0.0), and kerning-free advances with `--features=-kern`.
final class ShapingTests: XCTestCase {
    let typesetter = fixtureTypesetter

    /// The single run of a one-line layout.
    func onlyRun(_ text: String, size: Double = 17, weight: TextStyle.Weight = .regular) -> GlyphRun {
        let layout = typesetter.layout(text, style: TextStyle(sizePoints: size, weight: weight))
        XCTAssertEqual(layout.lines.count, 1)
        XCTAssertEqual(layout.lines.first?.runs.count, 1, "runs: \(layout.lines.first?.runs.map(\.text) ?? [])")
        return layout.lines[0].runs[0]
    }

    /// x of each glyph from unit advances at `size` with `unitsPerEm`, each advance plus
    /// `tracking` points (SF Pro's tracking at that size, which the stand-in family gets).
    func penPositions(_ advances: [Int], size: Double, unitsPerEm: Double, tracking: Double = 0) -> [Double] {
        var pen = 0.0
        return advances.map { advance in
            defer { pen += Double(advance) * size / unitsPerEm + tracking }; return pen
        }
    }

    func assertPositions(_ run: GlyphRun, _ expected: [Double], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.glyphs.count, expected.count, file: file, line: line)
        for (glyph, x) in zip(run.glyphs, expected) { XCTAssertEqual(glyph.x, x, accuracy: 1e-9, file: file, line: line) }
    }

    func testLatinIsInterWithGPOSKerning() {
        let run = onlyRun("AVATAR")
        XCTAssertEqual(run.font.familyName, "Inter")
        XCTAssertEqual(run.font.styleName, "Regular")
        XCTAssertEqual(run.glyphs.map(\.id), [1, 118, 1, 104, 1, 94])
        // Kerned advances: A before V is 1712 units (1904 unkerned), V before A 1728 (1904); each
        // glyph then −0.43 pt, SF Pro's tracking at 17 pt (Apple's HIG table).
        assertPositions(run, penPositions([1712, 1728, 1664, 1568, 1904, 1800], size: 17, unitsPerEm: 2816, tracking: -0.43))
        XCTAssertEqual(run.glyphs[0].advance, 1712.0 * 17 / 2816 - 0.43, accuracy: 1e-12)
        XCTAssertTrue(run.glyphs.allSatisfy { $0.y == 16.46875 }, "on the first baseline: Inter's ascender 2728/2816 em")
    }

    func testWeightsAreInterFaces() {
        XCTAssertEqual(onlyRun("Title", weight: .semibold).font.styleName, "Semi Bold")
        XCTAssertEqual(onlyRun("Title", weight: .bold).font.styleName, "Bold")
    }

    func testLigatureInDejaVu() throws {
        let dejaVu = try Font(path: fixtureFontDirectory + "/DejaVuSans.ttf")
        let run = dejaVu.shapeRun("fi", sizePoints: 20)
        XCTAssertEqual(run.glyphs.map(\.id), [5042], "the 'liga' fi ligature")
        XCTAssertEqual(run.glyphs[0].advance, 1290.0 * 20 / 2048, accuracy: 1e-12)
    }

    func testDevanagariConjuncts() {
        // क्ष (ka, virama, ssa) is one conjunct glyph.
        let ksha = onlyRun("क्ष")
        XCTAssertEqual(ksha.font.familyName, "Noto Sans Devanagari UI")
        XCTAssertEqual(ksha.glyphs.map(\.id), [173])
        XCTAssertEqual(ksha.glyphs[0].advance, 712.0 * 17 / 1000, accuracy: 1e-12)
        // नमस्ते: स्त is a conjunct (209) and the vowel sign े a zero-width mark (72).
        let namaste = onlyRun("नमस्ते")
        XCTAssertEqual(namaste.glyphs.map(\.id), [42, 48, 209, 38, 72])
        assertPositions(namaste, penPositions([555, 598, 389, 570, 0], size: 17, unitsPerEm: 1000))
    }

    func testArabicJoinsRightToLeft() {
        // سلام: final meem (520), the lam-alef ligature (470), initial seen (728), listed left to right.
        let run = onlyRun("سلام")
        XCTAssertEqual(run.font.familyName, "Noto Sans Arabic UI")
        XCTAssertTrue(run.isRightToLeft)
        XCTAssertEqual(run.glyphs.map(\.id), [520, 470, 728])
        assertPositions(run, penPositions([484, 599, 784], size: 17, unitsPerEm: 1000))
        XCTAssertTrue(typesetter.layout("سلام", style: TextStyle(sizePoints: 17)).lines[0].isRightToLeft)
    }

    func testMixedLeftToRightAndRightToLeftLine() {
        let line = typesetter.layout("Hello مرحبا world", style: TextStyle(sizePoints: 17)).lines[0]
        XCTAssertFalse(line.isRightToLeft, "the first strong character is Latin")
        XCTAssertEqual(line.runs.map(\.text), ["Hello ", "مرحبا", " ", "world"])
        XCTAssertEqual(line.runs.map(\.isRightToLeft), [false, true, false, false])
        XCTAssertEqual(line.runs[1].glyphs.map(\.id), [32, 63, 265, 663, 522], "مرحبا in visual order")
        // Runs follow each other left to right without gaps.
        let xs = line.runs.flatMap(\.glyphs).map(\.x)
        XCTAssertEqual(xs, xs.sorted())
        let arabicStart = line.runs[1].glyphs[0].x
        XCTAssertEqual(arabicStart, line.runs[0].glyphs.last!.x + line.runs[0].glyphs.last!.advance, accuracy: 1e-9)

        // An Arabic paragraph with a Latin word: right to left, the Latin run on the left of the last Arabic word.
        let rtl = typesetter.layout("مرحبا Flipbook سلام", style: TextStyle(sizePoints: 17)).lines[0]
        XCTAssertTrue(rtl.isRightToLeft)
        XCTAssertEqual(rtl.runs.map(\.text), ["سلام", " ", "Flipbook", "مرحبا "], "the Arabic font keeps the space after its word")
    }

    func testChineseUsesTheSimplifiedChineseFace() {
        let run = onlyRun("你好，世界！")
        XCTAssertEqual(run.font.familyName, "Noto Sans CJK SC")
        XCTAssertEqual(run.font.faceIndex, 1, "face 0 of the fixture collection is Japanese")
        XCTAssertEqual(run.glyphs.map(\.id), [36, 56, 122, 24, 82, 143])
        assertPositions(run, penPositions([1000, 1000, 1000, 1000, 1000, 1000], size: 17, unitsPerEm: 1000))
        // 直 has different glyphs in the Japanese (84) and Simplified Chinese (85) faces.
        XCTAssertEqual(onlyRun("直").glyphs.map(\.id), [85])
    }

    func testEmojiAreColourGlyphs() {
        let run = onlyRun("👍🏽🇨🇳👨‍👩‍👧")
        XCTAssertEqual(run.font.familyName, "Noto Color Emoji")
        XCTAssertTrue(run.font.isColorBitmap)
        XCTAssertEqual(run.font.strikePixelsPerEm, 109)
        // Skin-tone sequence, flag and ZWJ family are one glyph each.
        XCTAssertEqual(run.glyphs.map(\.id), [19, 17, 26])
        assertPositions(run, penPositions([2550, 2550, 2550], size: 17, unitsPerEm: 2048))
    }

    func testThaiMarksStack() {
        let run = onlyRun("สวัสดี")
        XCTAssertEqual(run.font.familyName, "Noto Sans Thai UI")
        XCTAssertEqual(run.glyphs.map(\.id), [103, 121, 39, 103, 10, 87])
        // Mai han-akat (39) sits over wo waen with an x offset of 10 units and no advance.
        XCTAssertEqual(run.glyphs[2].x, (572.0 + 492 + 10) * 17 / 1000, accuracy: 1e-9)
        XCTAssertEqual(run.glyphs[2].advance, 0)
    }

    func testMissingCharacterIsNotdefAndWarnedOnce() {
        let warnings = WarningLog()
        let typesetter = Typesetter(fonts: fixtureTypesetter.fonts) { warnings.append($0) }
        let layout = typesetter.layout("Hi \u{1200}!", style: TextStyle(sizePoints: 17))
        XCTAssertEqual(layout.missingScalars, ["\u{1200}"])
        let glyphs = layout.lines[0].runs.flatMap(\.glyphs)
        XCTAssertTrue(layout.lines[0].runs.allSatisfy { $0.font.familyName == "Inter" })
        XCTAssertEqual(glyphs.map(\.id).filter { $0 == 0 }.count, 1, "one .notdef box")
        _ = typesetter.layout("Hi \u{1200}!", style: TextStyle(sizePoints: 34))
        XCTAssertEqual(warnings.lines, ["no font has U+1200 in \"Hi \u{1200}!\"; it is drawn as the .notdef box of Inter"])
        XCTAssertEqual(typesetter.warnings, warnings.lines)
    }

    func testFontconfigFindsAFontForOtherScripts() {
        // Greek is in none of the listed families' fixture subsets: fontconfig's catch-all finds
        // the DejaVu Sans fixture (which has it), weight nearest the style's.
        let run = onlyRun("αβγ")
        XCTAssertEqual(run.font.familyName, "DejaVu Sans")
        XCTAssertEqual(run.font.location, FontFaceLocation(path: fixtureFontDirectory + "/DejaVuSans.ttf"))
        XCTAssertFalse(run.glyphs.contains { $0.id == 0 })
    }

    func testCommonCharactersStayInTheScriptFont() {
        // The space between two Hindi words is Devanagari's, not Inter's.
        let line = typesetter.layout("नमस्ते दुनिया", style: TextStyle(sizePoints: 17)).lines[0]
        XCTAssertEqual(line.runs.map(\.font.familyName), ["Noto Sans Devanagari UI"])
        // …but a space after an emoji is Inter's: the emoji font's space is as wide as an emoji.
        let emoji = typesetter.layout("Trip 🌸 ok", style: TextStyle(sizePoints: 17)).lines[0]
        XCTAssertEqual(emoji.runs.map(\.text), ["Trip ", "🌸", " ok"])
        XCTAssertEqual(emoji.runs.map(\.font.familyName), ["Inter", "Noto Color Emoji", "Inter"])
    }
}

/// Collects warnings from any thread.
final class WarningLog: Sendable {
    private let stored = Mutex<[String]>([])
    func append(_ line: String) { stored.withLock { $0.append(line) } }
    var lines: [String] { stored.withLock { $0 } }
}
