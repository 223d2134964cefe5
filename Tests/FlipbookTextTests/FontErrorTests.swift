import FlipbookText
import Foundation
import XCTest

final class FontErrorTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("FlipbookTextTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func openingError(_ path: String) -> FontError? {
        do {
            _ = try Font(path: path)
            return nil
        } catch {
            return error as? FontError
        }
    }

    func testMissingFileNamesThePath() {
        let path = directory.appendingPathComponent("NoSuchFont.ttf").path
        XCTAssertEqual(openingError(path), .notFound(path: path))
        XCTAssertEqual(openingError(path)?.description, "\(path): font file not found (or not readable)")
    }

    func testTruncatedFontIsNotAFont() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: fixtureFontPath))
        for length in [0, 11, 100, 4096, bytes.count / 2, bytes.count - 1] {
            let path = directory.appendingPathComponent("truncated-\(length).ttf").path
            try bytes.prefix(length).write(to: URL(fileURLWithPath: path))
            let error = openingError(path)
            XCTAssertNotNil(error, "a font truncated to \(length) bytes must not open")
            XCTAssertTrue(error?.description.hasPrefix(path + ":") ?? false, "\(String(describing: error))")
        }
        let cut = directory.appendingPathComponent("truncated-100.ttf").path
        XCTAssertEqual(
            openingError(cut), .truncated(path: cut, reason: "the table directory lists 20 tables but the file has only 100 bytes"))
        XCTAssertEqual(
            openingError(cut)?.description,
            "\(cut): the font file is truncated: the table directory lists 20 tables but the file has only 100 bytes")
        // Only the last byte missing: FreeType alone would open it (it never reads 'prep' unhinted).
        let short = directory.appendingPathComponent("truncated-\(bytes.count - 1).ttf").path
        XCTAssertEqual(
            openingError(short), .truncated(path: short, reason: "table 'prep' ends at byte 759720 but the file has 759719 bytes"))
        // Too short for a header: FreeType does not recognise it.
        let header = directory.appendingPathComponent("truncated-11.ttf").path
        XCTAssertEqual(openingError(header), .notAFont(path: header, code: 2))
        XCTAssertEqual(
            openingError(header)?.description,
            "\(header): not a font file FreeType can read, or the file is truncated "
                + "(FreeType error 0x2 Unknown_File_Format: unknown file format)")
    }

    func testCorruptGlyphDataFailsAtOpening() throws {
        // Directory intact, glyf table overwritten after its first 2000 bytes: FreeType opens the
        // face, but loading glyph 12 fails; init's validation reports it instead of drawing holes.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixtureFontPath)))
        let glyf = try XCTUnwrap(TrueTypeTables(path: fixtureFontPath).tables["glyf"])
        for index in glyf.offset + 2000..<glyf.offset + glyf.length { bytes[index] = 0x7F }
        let path = directory.appendingPathComponent("corrupt-glyf.ttf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(openingError(path), .freeType(path: path, operation: "FT_Load_Glyph for glyph 12", code: 0x14))
        XCTAssertEqual(
            openingError(path)?.description,
            "\(path): FT_Load_Glyph for glyph 12 failed (FreeType error 0x14 Invalid_Outline: invalid outline)")
    }

    func testTextFileIsNotAFont() throws {
        let path = directory.appendingPathComponent("notes.ttf").path
        try Data("This is not a font.\n".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(openingError(path), .notAFont(path: path, code: 2))
    }

    func testDirectoryIsUnusable() {
        guard case .unusable(let path, _)? = openingError(directory.path) else {
            return XCTFail("a directory must be refused")
        }
        XCTAssertEqual(path, directory.path)
    }

    func testErrorNames() {
        XCTAssertEqual(FontError.freeTypeErrorName(0x02), "Unknown_File_Format")
        XCTAssertEqual(FontError.freeTypeErrorName(0x40), "Out_Of_Memory")
        XCTAssertEqual(FontError.freeTypeErrorName(0x7FFF), "unknown")
        let error = FontError.freeType(path: "/x.ttf", operation: "FT_Load_Glyph for glyph 3", code: 0x10)
        XCTAssertEqual(
            error.description,
            "/x.ttf: FT_Load_Glyph for glyph 3 failed (FreeType error 0x10 Invalid_Glyph_Index: invalid glyph index)")
        XCTAssertTrue(FontError.defaultFontNotFound(searched: ["/a.ttf"]).description.contains("apt-get install fonts-dejavu-core"))
        XCTAssertTrue(
            FontError.defaultFontNotFound(searched: ["/a.ttf"]).description.contains("a font file (RenderSettings.labelFontPath)"))
    }

    func testLocateDefaultFindsDejaVuSans() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf") else {
            throw XCTSkip("DejaVu Sans is not installed on this machine")
        }
        let font = try Font.locateDefault()
        XCTAssertEqual(font.familyName, "DejaVu Sans")
        XCTAssertEqual(font.styleName, "Book")
        XCTAssertEqual(font.measure("Flipbook", sizePoints: 17), 71.453125)
    }
}
