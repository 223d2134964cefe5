import FlipbookGeometry
import FlipbookRaster
import FlipbookText
import Foundation
import XCTest

/// The DejaVu Sans copy under Tests/Fixtures/fonts (independent of the system's fonts).
let fixtureFontPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fonts/DejaVuSans.ttf").path

final class FontTests: XCTestCase {
    var font: Font!
    var tables: TrueTypeTables!

    override func setUpWithError() throws {
        font = try Font(path: fixtureFontPath)
        tables = try TrueTypeTables(path: fixtureFontPath)
    }

    func testFaceProperties() {
        XCTAssertEqual(font.familyName, "DejaVu Sans")
        XCTAssertEqual(font.styleName, "Book")
        XCTAssertEqual(font.unitsPerEm, 2048)
        XCTAssertEqual(font.unitsPerEm, tables.unitsPerEm)
        XCTAssertTrue(font.hasKerning, "DejaVu Sans has a legacy 'kern' table")
    }

    func testShapingFlipbookMatchesHmtx() {
        let shaped = font.shape("Flipbook", sizePoints: 17)
        // Glyph ids and advances verified with FreeType's C API (FT_Get_Char_Index, FT_LOAD_NO_SCALE).
        XCTAssertEqual(shaped.glyphs.map(\.glyphID), [41, 79, 76, 83, 69, 82, 82, 78])
        XCTAssertEqual(shaped.glyphs.map(\.advanceUnits), [1178, 569, 569, 1300, 1300, 1253, 1253, 1186])
        // Independently from the raw hmtx table.
        XCTAssertEqual(shaped.glyphs.map(\.advanceUnits), shaped.glyphs.map { tables.advance(glyph: Int($0.glyphID)) })
        // No kerning pair occurs in "Flipbook": pens are running sums.
        XCTAssertEqual(shaped.glyphs.map(\.penXUnits), [0, 1178, 1747, 2316, 3616, 4916, 6169, 7422])
        XCTAssertEqual(shaped.advanceUnits, 8608)
        XCTAssertEqual(shaped.advancePoints, 8608.0 * 17 / 2048, accuracy: 1e-12) // 71.453125 pt
        XCTAssertEqual(shaped.advancePoints, 71.453125)
        XCTAssertEqual(shaped.penXPoints[1], 1178.0 * 17 / 2048, accuracy: 1e-12)
        XCTAssertEqual(font.measure("Flipbook", sizePoints: 17), 71.453125)
        XCTAssertEqual(font.measure("Flipbook", sizePoints: 34), 2 * 71.453125)
    }

    func testKerningFromKernTable() {
        let shaped = font.shape("AVATAR To", sizePoints: 10)
        let ids = shaped.glyphs.map { Int($0.glyphID) }
        XCTAssertEqual(ids, [36, 57, 36, 55, 36, 53, 3, 55, 82])
        XCTAssertEqual(tables.kerning(left: 36, right: 57), -131)
        XCTAssertEqual(tables.kerning(left: 55, right: 82), -348)
        var pen = 0
        for (index, glyph) in shaped.glyphs.enumerated() {
            if index > 0 { pen += tables.kerning(left: ids[index - 1], right: ids[index]) }
            XCTAssertEqual(glyph.penXUnits, pen, "glyph \(index)")
            pen += tables.advance(glyph: ids[index])
        }
        XCTAssertEqual(shaped.advanceUnits, pen)
        XCTAssertLessThan(font.measure("AV", sizePoints: 10), font.measure("A", sizePoints: 10) + font.measure("V", sizePoints: 10))
    }

    func testMeasureEmptyAndSpace() {
        XCTAssertEqual(font.measure("", sizePoints: 17), 0)
        XCTAssertEqual(font.shape("", sizePoints: 17).glyphs.count, 0)
        XCTAssertEqual(font.measure(" ", sizePoints: 2048), Double(tables.advance(glyph: 3))) // 651 units
        XCTAssertEqual(font.measure("Flipbook", sizePoints: 0), 0)
    }

    func testLineMetricsAtSeventeenPoints() {
        let metrics = font.lineMetrics(sizePoints: 17)
        let scale = 17.0 / 2048
        XCTAssertEqual(tables.ascender, 1901)
        XCTAssertEqual(tables.descender, -483)
        XCTAssertEqual(metrics.ascenderPoints, 1901 * scale, accuracy: 1e-12) // 15.780 pt
        XCTAssertEqual(metrics.descenderPoints, -483 * scale, accuracy: 1e-12) // −4.009 pt
        XCTAssertEqual(metrics.lineHeightPoints, Double(1901 + 483 + tables.lineGap) * scale, accuracy: 1e-12)
        XCTAssertEqual(metrics.lineHeightPoints, 19.7890625, accuracy: 1e-12)
        // DejaVu's OS/2 table is version 1 (no sCapHeight): the cap height is the top of "H".
        XCTAssertNil(tables.capHeight)
        XCTAssertEqual(tables.glyphBox(glyph: Int(font.glyphID(for: "H"))).yMax, 1493)
        XCTAssertEqual(metrics.capHeightPoints, 1493 * scale, accuracy: 1e-12)
    }

    func testMissingCharacterIsNotdef() {
        let shaped = font.shape("a\u{4E00}b", sizePoints: 10)
        XCTAssertEqual(shaped.glyphs[1].glyphID, 0)
        XCTAssertEqual(shaped.glyphs[1].scalar, "\u{4E00}")
        XCTAssertEqual(shaped.glyphs[1].advanceUnits, 1229) // DejaVu's .notdef box
        XCTAssertEqual(font.glyphID(for: "\u{4E00}"), 0)
        // Combining sequences are iterated per scalar: "é" as e + U+0301 gives two glyphs.
        XCTAssertEqual(font.shape("e\u{301}", sizePoints: 10).glyphs.count, 2)
    }

    func testRatingStarsArePresent() throws {
        XCTAssertEqual(font.glyphID(for: "\u{2605}"), 3805) // ★ BLACK STAR
        XCTAssertEqual(font.glyphID(for: "\u{2606}"), 3806) // ☆ WHITE STAR
        let filled = try font.glyphMask(glyphID: 3805, sizePixels: 30)
        let outline = try font.glyphMask(glyphID: 3806, sizePixels: 30)
        XCTAssertGreaterThan(filled.coverage.width, 20)
        XCTAssertEqual(filled.coverage.width, outline.coverage.width)
        let inkFilled = filled.coverage.coverage.reduce(0) { $0 + Int($1) }
        let inkOutline = outline.coverage.coverage.reduce(0) { $0 + Int($1) }
        XCTAssertGreaterThan(inkFilled, inkOutline, "★ is filled, ☆ only outlined")
    }
}
