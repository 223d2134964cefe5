import FlipbookGeometry
import FlipbookRaster
import FlipbookText
import Foundation
import XCTest

final class GlyphMaskTests: XCTestCase {
    var font: Font!

    override func setUpWithError() throws {
        font = try Font(path: fixtureFontPath)
    }

    private func ink(_ mask: GlyphMask) -> Int { mask.coverage.coverage.reduce(0) { $0 + Int($1) } }

    func testCapitalHBoundingBoxAndCoverage() throws {
        // "H" outline in design units (glyf header): x 201…1339, y 0…1493 of 2048. At 34 px:
        // x 3.34…22.23, y 0…24.79 → columns 3…22 and 25 rows above the baseline.
        let h = font.glyphID(for: "H")
        let tables = try TrueTypeTables(path: fixtureFontPath)
        let box = tables.glyphBox(glyph: Int(h))
        XCTAssertTrue(box == (201, 0, 1339, 1493))
        let scale = 34.0 / 2048
        let mask = try font.glyphMask(glyphID: h, sizePixels: 34)
        XCTAssertEqual(mask.leftPixels, Int((Double(box.xMin) * scale).rounded(.down)))
        XCTAssertEqual(mask.coverage.width, Int((Double(box.xMax) * scale).rounded(.up)) - mask.leftPixels)
        XCTAssertEqual(mask.topPixels, Int((Double(box.yMax) * scale).rounded(.up)))
        XCTAssertEqual(mask.coverage.height, mask.topPixels)
        XCTAssertEqual(mask.coverage.width, 20)
        XCTAssertEqual(mask.coverage.height, 25)
        XCTAssertEqual(mask.leftPixels, 3)
        XCTAssertEqual(mask.topPixels, 25)

        // Coverage is the exact covered area: the ink equals the outline's area (shoelace over
        // the straight-edged glyf contour) within 8-bit rounding (≤ 0.5/255 per pixel).
        let areaPixels = Double(abs(tables.straightOutlineArea(glyph: Int(h)))) * scale * scale // TrueType contours run clockwise
        XCTAssertEqual(areaPixels, 200.63, accuracy: 0.01)
        let inkPixels = Double(ink(mask)) / 255
        XCTAssertEqual(inkPixels, areaPixels, accuracy: 0.5) // measured: 200.78 vs 200.63

        // The stems' middle columns are fully covered on every row below the partial top row;
        // the middle of the H is empty above and below the crossbar.
        let coverage = mask.coverage.coverage, width = mask.coverage.width
        for row in 1..<25 {
            XCTAssertEqual(coverage[row * width + 1], 255, "left stem, row \(row)")
            XCTAssertEqual(coverage[row * width + 17], 255, "right stem, row \(row)")
        }
        XCTAssertEqual(coverage[2 * width + 9], 0)
        XCTAssertEqual(coverage[22 * width + 9], 0)
        XCTAssertTrue((1..<25).contains { coverage[$0 * width + 9] == 255 }, "crossbar")
        // The top row is covered 0.79 of a pixel deep: anti-aliased, not 0 or 255.
        XCTAssertEqual(Double(coverage[1]), 0.79 * 255, accuracy: 8)
    }

    func testSubpixelOffsetsShiftTheGlyph() throws {
        let h = font.glyphID(for: "H")
        let base = try font.glyphMask(glyphID: h, sizePixels: 34)
        // +0.75 px: x 4.09…22.98 → columns 4…22.
        let right = try font.glyphMask(glyphID: h, sizePixels: 34, subpixelX: 3)
        XCTAssertEqual(right.leftPixels, 4)
        XCTAssertEqual(right.coverage.width, 19)
        // +0.25 px down: the foot crosses the baseline, one more row.
        let down = try font.glyphMask(glyphID: h, sizePixels: 34, subpixelY: 1)
        XCTAssertEqual(down.topPixels, 25)
        XCTAssertEqual(down.coverage.height, 26)
        // Shifting moves ink, it does not create or lose it (within rounding of 8-bit coverage).
        for mask in [right, down, try font.glyphMask(glyphID: h, sizePixels: 34, subpixelX: 2, subpixelY: 2)] {
            XCTAssertEqual(Double(ink(mask)), Double(ink(base)), accuracy: Double(ink(base)) * 0.01)
            XCTAssertNotEqual(mask.coverage, base.coverage)
        }
    }

    func testSpaceHasAnEmptyMask() throws {
        let mask = try font.glyphMask(glyphID: font.glyphID(for: " "), sizePixels: 34)
        XCTAssertEqual(mask.coverage.width, 0)
        XCTAssertEqual(mask.coverage.height, 0)
        XCTAssertFalse(
            font.placeGlyphs("a b", sizePoints: 17, scale: 2, baselineOrigin: .zero)
                .contains { $0.glyphID == 3 }, "spaces are not placed")
    }

    func testPlacementRoundsPenToQuarterPixels() throws {
        let origin = Point(x: 10.3, y: 40.13)
        let placed = font.placeGlyphs("Flipbook", sizePoints: 17, scale: 2, baselineOrigin: origin)
        let shaped = font.shape("Flipbook", sizePoints: 17)
        XCTAssertEqual(placed.count, 8)
        // Baseline y = 80.26 px → nearest quarter 80.25 → row 80, subpixel 1.
        for (glyph, place) in zip(shaped.glyphs, placed) {
            let penPixels = 20.6 + Double(glyph.penXUnits) * 34 / 2048
            let quarter = Int((penPixels * 4).rounded(.down) + ((penPixels * 4).truncatingRemainder(dividingBy: 1) >= 0.5 ? 1 : 0))
            let mask = try font.glyphMask(glyphID: glyph.glyphID, sizePixels: 34, subpixelX: quarter % 4, subpixelY: 1)
            XCTAssertEqual(place.glyphID, glyph.glyphID)
            XCTAssertEqual(place.mask, mask.coverage)
            XCTAssertEqual(place.pixelX, quarter / 4 + mask.leftPixels, "glyph \(glyph.scalar) pen \(penPixels)")
            XCTAssertEqual(place.pixelY, 80 - mask.topPixels)
        }
        // "F" starts at 20.6 px → 20.5: column 20 + bitmap_left, subpixel 2.
        XCTAssertEqual(placed[0].pixelX, 20 + (try font.glyphMask(glyphID: 41, sizePixels: 34, subpixelX: 2, subpixelY: 1)).leftPixels)
    }

    func testPlacedTextCoversItsAdvance() throws {
        // Composite into a plain coverage buffer (Canvas compositing is another module's job).
        let placed = font.placeGlyphs("Flipbook", sizePoints: 17, scale: 2, baselineOrigin: Point(x: 10, y: 40))
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for glyph in placed {
            for row in 0..<glyph.mask.height {
                for column in 0..<glyph.mask.width where glyph.mask.coverage[row * glyph.mask.width + column] > 0 {
                    minX = min(minX, glyph.pixelX + column); maxX = max(maxX, glyph.pixelX + column)
                    minY = min(minY, glyph.pixelY + row); maxY = max(maxY, glyph.pixelY + row)
                }
            }
        }
        let advancePixels = font.measure("Flipbook", sizePoints: 17) * 2 // 142.9 px
        XCTAssertEqual(minX, 20 + 3, "F's stem starts ~0.1 em·(201/2048) right of the pen")
        XCTAssertTrue(maxX <= 20 + Int(advancePixels) && maxX > 20 + Int(advancePixels) - 8, "ink ends at \(maxX)")
        let tables = try TrueTypeTables(path: fixtureFontPath)
        let top = tables.glyphBox(glyph: Int(font.glyphID(for: "l"))).yMax // ascender of l/b/k
        let bottom = tables.glyphBox(glyph: Int(font.glyphID(for: "p"))).yMin // descender of p
        XCTAssertEqual(minY, 80 - Int((Double(top) * 34 / 2048).rounded(.up)))
        XCTAssertEqual(maxY, 80 - Int((Double(bottom) * 34 / 2048).rounded(.down)) - 1)
    }

    func testRenderingIsDeterministicAcrossFontsAndThreads() throws {
        let texts = ["Flipbook", "Sunset over the bay ★★★☆☆", "12 comments", "AVATAR To"]
        let reference = texts.map { font.placeGlyphs($0, sizePoints: 17, scale: 3, baselineOrigin: Point(x: 7.31, y: 20.9)) }
        // A fresh Font (empty cache) renders the same masks.
        let fresh = try Font(path: fixtureFontPath)
        XCTAssertEqual(
            texts.map { fresh.placeGlyphs($0, sizePoints: 17, scale: 3, baselineOrigin: Point(x: 7.31, y: 20.9)) },
            reference)
        // Two threads on one shared Font with an empty cache, interleaving glyph renders.
        let shared = try Font(path: fixtureFontPath)
        // Each thread writes only its own element, so the buffer needs no lock.
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<[[PlacedGlyph]]>.allocate(capacity: 2)
        results.initialize(repeating: [])
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            var collected: [[PlacedGlyph]] = []
            for round in 0..<20 {
                for text in (thread == 0 ? texts : texts.reversed()) {
                    let origin = Point(x: 7.31 + Double(round) * 0.125, y: 20.9)
                    let glyphs = shared.placeGlyphs(text, sizePoints: 17, scale: 3, baselineOrigin: origin)
                    if round == 0 { collected.append(glyphs) }
                }
            }
            results[thread] = thread == 0 ? collected : collected.reversed()
        }
        XCTAssertEqual(results[0], reference)
        XCTAssertEqual(results[1], reference)
    }
}
