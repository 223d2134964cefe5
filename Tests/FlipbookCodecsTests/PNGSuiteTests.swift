import FlipbookCodecs
import FlipbookRaster
import Foundation
import XCTest

/// Every PngSuite file against the lunapaint reference pixels (straight RGBA in the JSON;
/// compared after premultiplying the reference with the decoder's documented rounding).
final class PNGSuiteTests: XCTestCase {
    private func reference(_ name: String) throws -> [Int] {
        try JSONDecoder().decode(
            [Int].self, from: Data(contentsOf: URL(fileURLWithPath: Fixtures.path("pngsuite/reference-rgba-json/\(name).json"))))
    }

    func testEveryValidFileMatchesItsReference() throws {
        let files = try Fixtures.files(in: "pngsuite", suffix: ".png").filter { !$0.hasPrefix("x") }
        XCTAssertEqual(files.count, 161)
        var sixteenBit = 0
        for file in files {
            let name = String(file.dropLast(4))
            let image = try ImageDecoder.decode(fileAtPath: Fixtures.path("pngsuite/\(file)"))
            var expected = try reference(name)
            XCTAssertEqual(image.width * image.height * 4, expected.count, file)
            guard image.width * image.height * 4 == expected.count else { continue }
            if expected.contains(where: { $0 > 255 }) || name.hasSuffix("16") {
                // 16-bit samples: the decoder keeps the high byte (documented), so the 16-bit
                // reference >> 8 must match exactly; lunapaint's own _to8 files within ±1.
                sixteenBit += 1
                expected = expected.map { $0 >> 8 }
                if FileManager.default.fileExists(atPath: Fixtures.path("pngsuite/reference-rgba-json/\(name)_to8.json")) {
                    let to8 = PremultipliedImage(
                        width: image.width, height: image.height,
                        pixels: Fixtures.premultiplied(straight: try reference(name + "_to8")))
                    XCTAssertLessThanOrEqual(Fixtures.maxDifference(image, to8), 1, file)
                }
            }
            let want = Fixtures.premultiplied(straight: expected)
            let mismatches = zip(image.pixels, want).filter { $0 != $1 }.count
            XCTAssertEqual(mismatches, 0, "\(file): \(mismatches) pixels differ")
        }
        XCTAssertGreaterThanOrEqual(sixteenBit, 29)
    }

    func testEveryCorruptFileThrowsWithAMessage() throws {
        let files = try Fixtures.files(in: "pngsuite", suffix: ".png").filter { $0.hasPrefix("x") }
        XCTAssertEqual(files.count, 14)
        for file in files {
            let path = Fixtures.path("pngsuite/\(file)")
            guard let error = Fixtures.codecError({ try ImageDecoder.decode(fileAtPath: path) }) else { continue }
            XCTAssertTrue(error.description.hasPrefix(path + ": "), error.description)
            XCTAssertGreaterThan(error.description.count, path.count + 10, error.description)
        }
    }

    func testLibpngMessagesArePassedOn() throws {
        let cases = [
            "xcsn0g01": "IDAT: CRC error", "xhdn0g08": "IHDR: CRC error",
            "xs7n0g01": "PNG file corrupted by ASCII conversion", "xc1n0g08": "Invalid IHDR data"
        ]
        for (name, message) in cases {
            let path = Fixtures.path("pngsuite/\(name).png")
            let error = Fixtures.codecError { try ImageDecoder.decode(fileAtPath: path) }
            XCTAssertEqual(error, .corrupt(path: path, format: .png, message: message))
        }
    }

    func testInterlacedEqualsNonInterlaced() throws {
        for name in ["basn3p04": "basi3p04", "basn6a16": "basi6a16", "s35n3p04": "s35i3p04"].sorted(by: { $0.key < $1.key }) {
            let plain = try ImageDecoder.decode(fileAtPath: Fixtures.path("pngsuite/\(name.key).png"))
            let interlaced = try ImageDecoder.decode(fileAtPath: Fixtures.path("pngsuite/\(name.value).png"))
            XCTAssertEqual(plain, interlaced, name.key)
        }
    }

    func testReadHeader() throws {
        let header = try ImageDecoder.readHeader(fileAtPath: Fixtures.path("pngsuite/s39i3p04.png"))
        XCTAssertEqual(header, ImageHeader(format: .png, width: 39, height: 39, orientation: 1))
    }
}
