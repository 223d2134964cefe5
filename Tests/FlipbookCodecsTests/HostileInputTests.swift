import CImageCodecs
import FlipbookRaster
import Foundation
import XCTest

@testable import FlipbookCodecs

/// Crafted files that made the decoders allocate gigabytes, spin for seconds or answer wrongly
/// (docs/LIMITS.md, "Images"). Fixtures: Tests/Fixtures/hostile (see its SOURCE.md).
final class HostileInputTests: XCTestCase {
    // MARK: 6. PNG chunk lengths

    /// Before: libpng allocated and zero-filled the declared 2 GB, then said "the file is truncated".
    func testAChunkLongerThanTheFileFailsAtOnceNamingTheChunk() throws {
        for (file, type, offset, remaining) in [
            ("huge-chunk-ztxt.png", "zTXt", 33, 11), ("huge-chunk-itxt.png", "iTXt", 33, 10),
            ("huge-chunk-splt.png", "sPLT", 33, 9)
        ] {
            let path = Fixtures.path("hostile/\(file)")
            let expected = CodecError.corrupt(
                path: path, format: .png,
                message: "chunk '\(type)' at byte \(offset) declares 2147483647 bytes "
                    + "of data, but the file ends \(remaining) bytes later (truncated, or the length is damaged)")
            XCTAssertEqual(Fixtures.codecError { try ImageDecoder.readHeader(fileAtPath: path) }, expected)
            XCTAssertEqual(Fixtures.codecError { try ImageDecoder.decode(fileAtPath: path) }, expected)
        }
    }

    /// A chunk that is present in full but longer than libpng's 8 000 000-byte limit: an error,
    /// no longer a warning libpng lets pass (and then allocates for).
    func testAChunkOverTheSizeLimitIsAnError() throws {
        let png = try Fixtures.bytes("pngsuite/basn0g08.png")
        let text = DecodeErrorTests.chunk("tEXt", Array("Comment\u{0}".utf8) + [UInt8](repeating: 0x41, count: 8_000_001))
        let bytes = Array(png.prefix(33)) + text + Array(png.dropFirst(33))
        XCTAssertEqual(
            Fixtures.codecError { try ImageDecoder.decode(bytes, name: "big-text.png") },
            .exceedsLimit(
                path: "big-text.png", format: .png,
                message: "chunk 'tEXt' is larger than the 8000000 bytes allowed for a chunk other than IDAT"))
    }

    // MARK: 7. Ancillary chunks are not decompressed (memory: CommandLineTests.testAZTXtBombDecodesInLittleMemory)

    func testTextChunksAreSkippedAndThePixelsAreTheSame() throws {
        let bomb = try ImageDecoder.decode(fileAtPath: Fixtures.path("hostile/ztxt-bomb.png"))
        XCTAssertEqual(bomb, PremultipliedImage(width: 1, height: 1, pixels: [0xFF80_8080]))
        // Every PngSuite file with ancillary chunks (gamma, text, time, palettes, …) still matches
        // its reference: PNGSuiteTests.testEveryValidFileMatchesItsReference.
    }

    // MARK: 8. Progressive JPEG scans

    /// Before: 694 valid scans over a 10000×10000 grey image took ~34 s and 200 MB, even at 1/8.
    func testTooManyScansAreRefusedFromTheHeader() throws {
        let path = Fixtures.path("hostile/progressive-694-scans.jpg")
        let expected = CodecError.exceedsLimit(
            path: path, format: .jpeg,
            message: "it has 694 scans, more than the 64 decoded for an "
                + "image of 10000x10000 pixels (progressive encoders use about 10)")
        XCTAssertEqual(Fixtures.codecError { try ImageDecoder.readHeader(fileAtPath: path) }, expected)
        XCTAssertEqual(Fixtures.codecError { try ImageDecoder.decode(fileAtPath: path, minimumSize: (100, 100)) }, expected)
        XCTAssertEqual(
            expected.description,
            "\(path): the JPEG file exceeds a decoding limit: it has 694 scans, more than the 64 "
                + "decoded for an image of 10000x10000 pixels (progressive encoders use about 10)")
    }

    func testScanLimitFollowsTheImageSize() {
        XCTAssertEqual(fbc_jpeg_max_scans(10_000, 10_000), 64) // 2.5e9 / 1e8 = 25, at least 64
        XCTAssertEqual(fbc_jpeg_max_scans(4_000, 3_000), 208) // 12 MP
        XCTAssertEqual(fbc_jpeg_max_scans(1_000, 1_000), 1_000) // 2 500, at most 1000
        XCTAssertEqual(fbc_jpeg_max_scans(0, 0), 1_000)
        XCTAssertEqual(fbc_jpeg_max_scans(65_535, 65_535), 64)
    }

    /// The whole-image coefficient buffer of a progressive decode is known from the header.
    func testWorkingBytesOfAProgressiveJPEG() throws {
        // testprog.jpg: 227×149, YCbCr 2×2/1×1/1×1. Y: 29×19 blocks rounded up to 30×20; Cb, Cr:
        // 114×75 pixels = 15×10 blocks each. 900 blocks of 64 two-byte coefficients.
        XCTAssertEqual(try ImageDecoder.readHeader(fileAtPath: Fixtures.path("jpeg/libjpeg-turbo/testprog.jpg")).workingBytes, 900 * 128)
        XCTAssertEqual(try ImageDecoder.readHeader(fileAtPath: Fixtures.path("jpeg/libjpeg-turbo/testorig.jpg")).workingBytes, 0)
        XCTAssertEqual(try ImageDecoder.readHeader(fileAtPath: Fixtures.path("pngsuite/basn0g08.png")).workingBytes, 0)
    }

    // MARK: 10. A missing end-of-image marker

    /// Before: rejected as corrupt although every scan is there (libjpeg, Pillow, browsers show it).
    func testAJPEGWithoutItsEndMarkerDecodesWithOneWarning() throws {
        let complete = try ImageDecoder.decode(fileAtPath: Fixtures.path("jpeg/libjpeg-turbo/testorig.jpg"))
        let path = Fixtures.path("hostile/jpg_no_eoi.jpg")
        var warnings: [CodecWarning] = []
        XCTAssertEqual(try ImageDecoder.decode(fileAtPath: path, warn: { warnings.append($0) }), complete)
        XCTAssertEqual(warnings, [.missingEndOfImage(path: path)])
        XCTAssertEqual(
            warnings.first?.description,
            "\(path): the JPEG file lacks its end-of-image marker (FF D9); its image data is "
                + "complete, so it was decoded")
        // Reduced decodes too.
        warnings = []
        XCTAssertEqual(try ImageDecoder.decode(fileAtPath: path, minimumSize: (50, 30), warn: { warnings.append($0) }).width, 57)
        XCTAssertEqual(warnings.count, 1)
        // Pillow's "truncated" progressive file lacks only the D9 of its end marker.
        warnings = []
        XCTAssertEqual(
            try ImageDecoder.decode(fileAtPath: Fixtures.path("jpeg/pillow/truncated_jpeg.jpg"), warn: { warnings.append($0) }).width, 100)
        XCTAssertEqual(warnings.count, 1)
        // A complete file warns about nothing.
        warnings = []
        _ = try ImageDecoder.decode(fileAtPath: Fixtures.path("jpeg/libjpeg-turbo/testorig.jpg"), warn: { warnings.append($0) })
        XCTAssertEqual(warnings, [])
    }

    /// A progressive file is complete without its marker only when its last scan completed every coefficient.
    func testAProgressiveJPEGCutBeforeItsLastScanStaysAnError() throws {
        let progressive = try Fixtures.bytes("jpeg/libjpeg-turbo/testprog.jpg")
        var warnings: [CodecWarning] = []
        let full = try ImageDecoder.decode(progressive, name: "testprog.jpg")
        XCTAssertEqual(try ImageDecoder.decode(Array(progressive.dropLast(2)), name: "no-eoi.jpg", warn: { warnings.append($0) }), full)
        XCTAssertEqual(warnings, [.missingEndOfImage(path: "no-eoi.jpg")])
        // Cut right before the last scan's SOS marker: every scan that is there is whole, but
        // the last refinement is missing.
        let lastScan = try XCTUnwrap((0..<progressive.count - 1).last { progressive[$0] == 0xFF && progressive[$0 + 1] == 0xDA })
        XCTAssertEqual(
            Fixtures.codecError { try ImageDecoder.decode(Array(progressive.prefix(lastScan)), name: "cut.jpg") },
            .corrupt(path: "cut.jpg", format: .jpeg, message: "Premature end of JPEG file"))
        // Cut in the middle of the last scan's data.
        let middle = lastScan + (progressive.count - lastScan) / 2
        XCTAssertEqual(
            Fixtures.codecError { try ImageDecoder.decode(Array(progressive.prefix(middle)), name: "cut.jpg") },
            .corrupt(path: "cut.jpg", format: .jpeg, message: "Premature end of JPEG file"))
    }

    // MARK: 11. Messages

    /// Before: "not a PNG or JPEG file (starts with 0xFF 0xD8)".
    func testAJPEGThatEndsAfterItsFirstMarkerSaysSo() {
        XCTAssertEqual(
            Fixtures.codecError { try ImageDecoder.decode([0xFF, 0xD8], name: "soi.jpg") },
            .corrupt(path: "soi.jpg", format: .jpeg, message: "Premature end of JPEG file"))
        XCTAssertEqual(
            Fixtures.codecError { try ImageDecoder.readHeader([0xFF, 0xD8, 0xFF], name: "soi.jpg") },
            .corrupt(path: "soi.jpg", format: .jpeg, message: "Premature end of JPEG file"))
    }

    // MARK: 13. Size arithmetic

    /// Before: two sides just below 2^32 overflowed `Int` and trapped; the comment said they could not.
    func testSidesWhoseProductOverflowsAreTooLarge() {
        let side = Int(UInt32.max)
        XCTAssertEqual(
            Fixtures.codecError { try ImageDecoder.checkSize(width: side, height: side, name: "x.png", limits: .default) },
            .tooLarge(path: "x.png", width: side, height: side, maxPixels: 100_000_000))
        XCTAssertNoThrow(try ImageDecoder.checkSize(width: 10_000, height: 10_000, name: "x.png", limits: .default))
    }
}
