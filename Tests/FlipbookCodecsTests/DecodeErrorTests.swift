import FlipbookCodecs
import FlipbookRaster
import Foundation
import XCTest

/// Limits, unsupported inputs, damaged files and harmless warnings.
final class DecodeErrorTests: XCTestCase {
    // MARK: Crafted files

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8], corruptCRC: Bool = false) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body) ^ (corruptCRC ? 1 : 0))
    }

    /// A PNG with a valid IHDR for width × height (RGBA 8-bit), a token IDAT and IEND.
    private static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x01]) + chunk("IEND", [])
    }

    /// SOI, a baseline SOF0 for width × height (1 component), an SOS, EOI.
    static func jpegHeader(width: UInt16, height: UInt16) -> [UInt8] {
        [
            0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, UInt8(height >> 8), UInt8(height & 0xFF),
            UInt8(width >> 8), UInt8(width & 0xFF), 0x01, 0x01, 0x11, 0x00,
            0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0xFF, 0xD9
        ]
    }

    // MARK: Limits

    func testHugePNGHeaderFailsBeforeDecoding() throws {
        let bytes = Self.pngHeader(width: 100_000, height: 100_000)
        XCTAssertEqual(
            try ImageDecoder.readHeader(bytes, name: "huge.png"),
            ImageHeader(format: .png, width: 100_000, height: 100_000))
        let error = Fixtures.codecError { try ImageDecoder.decode(bytes, name: "huge.png") }
        XCTAssertEqual(error, .tooLarge(path: "huge.png", width: 100_000, height: 100_000, maxPixels: 100_000_000))
        XCTAssertEqual(
            error?.description,
            "huge.png: the image is 100000x100000 = 10000000000 pixels, more than the limit of 100000000 pixels")
    }

    func testHugeJPEGHeaderFailsBeforeDecoding() throws {
        let bytes = Self.jpegHeader(width: 65000, height: 65000)
        XCTAssertEqual(try ImageDecoder.readHeader(bytes, name: "huge.jpg"), ImageHeader(format: .jpeg, width: 65000, height: 65000))
        let error = Fixtures.codecError { try ImageDecoder.decode(bytes, name: "huge.jpg") }
        XCTAssertEqual(error, .tooLarge(path: "huge.jpg", width: 65000, height: 65000, maxPixels: 100_000_000))
    }

    func testLimitIsOverridable() throws {
        let path = Fixtures.path("pngsuite/basn2c08.png")
        XCTAssertEqual(
            Fixtures.codecError { try ImageDecoder.decode(fileAtPath: path, limits: DecodeLimits(maxPixels: 1023)) },
            .tooLarge(path: path, width: 32, height: 32, maxPixels: 1023))
        XCTAssertEqual(try ImageDecoder.decode(fileAtPath: path, limits: DecodeLimits(maxPixels: 1024)).width, 32)
    }

    func testZeroSizedImagesFail() {
        for (bytes, name) in [(Self.pngHeader(width: 0, height: 10), "zero.png"), (Self.jpegHeader(width: 10, height: 0), "zero.jpg")] {
            let error = Fixtures.codecError { try ImageDecoder.decode(bytes, name: name) }
            XCTAssertTrue(error?.description.hasPrefix("\(name): ") ?? false, String(describing: error))
        }
        XCTAssertEqual(
            Fixtures.codecError { try ImageDecoder.decode(Self.pngHeader(width: 0, height: 10), name: "zero.png") },
            .corrupt(path: "zero.png", format: .png, message: "Invalid IHDR data"))
    }

    // MARK: Formats

    func testOtherFormatsAreNamed() {
        let cases: [([UInt8], String)] = [
            (Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0], "x.gif: is a GIF image; only PNG and JPEG are supported"),
            (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8), "x.gif: is a WebP image; only PNG and JPEG are supported"),
            (Array("BM".utf8) + [0, 0, 0, 0, 0, 0], "x.gif: is a BMP image; only PNG and JPEG are supported"),
            ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], "x.gif: is a TIFF image; only PNG and JPEG are supported"),
            ([0, 0, 0, 0x1C] + Array("ftypavif".utf8), "x.gif: is an AVIF image; only PNG and JPEG are supported"),
            (Array("hello, world".utf8), "x.gif: not a PNG or JPEG file (it starts with neither signature)"),
            ([], "x.gif: the file is empty; not a PNG or JPEG file")
        ]
        for (bytes, message) in cases {
            XCTAssertEqual(Fixtures.codecError { try ImageDecoder.decode(bytes, name: "x.gif") }?.description, message)
        }
    }

    func testUnsupportedJPEGVariants() {
        for file in ["libjpeg-turbo/testorig12.jpg", "extra/monkey12_12bit.jpg", "extra/lossless_sof3_sel1.jpg"] {
            let path = Fixtures.path("jpeg/\(file)")
            let error = Fixtures.codecError { try ImageDecoder.decode(fileAtPath: path) }
            guard case .unsupportedFeature(path, .jpeg, _)? = error else { XCTFail("\(file): \(String(describing: error))"); continue }
            XCTAssertTrue(error!.description.contains("unsupported JPEG"), error!.description)
        }
        XCTAssertEqual(
            Fixtures.codecError { try ImageDecoder.decode(fileAtPath: Fixtures.path("jpeg/libjpeg-turbo/testorig12.jpg")) }?.description,
            Fixtures.path("jpeg/libjpeg-turbo/testorig12.jpg") + ": unsupported JPEG variant: Unsupported JPEG data precision 12 "
                + "(only 8-bit baseline, progressive and arithmetic-coded JPEGs are supported)")
    }

    func testMissingFile() {
        XCTAssertEqual(
            Fixtures.codecError { try ImageDecoder.decode(fileAtPath: "/nonexistent/a.png") },
            .unreadable(path: "/nonexistent/a.png", reason: "No such file or directory"))
    }

    // MARK: Damage

    func testTruncatedFilesFailWithTheLibraryMessage() throws {
        let png = try Fixtures.bytes("pngsuite/basn2c08.png")
        XCTAssertEqual(
            Fixtures.codecError { try ImageDecoder.decode(Array(png.prefix(png.count / 2)), name: "half.png") },
            .corrupt(
                path: "half.png", format: .png,
                message:
                    "chunk 'IDAT' at byte 49 declares 72 bytes of data, but the file ends 15 bytes later (truncated, or the length is damaged)"
            ))
        XCTAssertEqual(
            Fixtures.codecError { try ImageDecoder.decode(Array(png.prefix(40)), name: "short.png") },
            .corrupt(path: "short.png", format: .png, message: "unexpected end of file (the file is truncated)"))
        // Cut just before IEND: every pixel is there, but the file is still incomplete.
        XCTAssertNotNil(Fixtures.codecError { try ImageDecoder.decode(Array(png.dropLast(12)), name: "noend.png") })
        let jpeg = try Fixtures.bytes("jpeg/libjpeg-turbo/testorig.jpg")
        XCTAssertEqual(
            Fixtures.codecError { try ImageDecoder.decode(Array(jpeg.prefix(jpeg.count / 2)), name: "half.jpg") },
            .corrupt(path: "half.jpg", format: .jpeg, message: "Premature end of JPEG file"))
        // Progressive files cut short: HostileInputTests.testAProgressiveJPEGCutBeforeItsLastScanStaysAnError.
    }

    func testCorruptEntropyDataFails() throws {
        var jpeg = try Fixtures.bytes("jpeg/libjpeg-turbo/testorig.jpg")
        for index in stride(from: jpeg.count / 2, to: jpeg.count / 2 + 400, by: 3) where jpeg[index] != 0xFF && jpeg[index - 1] != 0xFF {
            jpeg[index] = 0xFF // stray markers in the scan
            jpeg.insert(0xD5, at: index + 1)
        }
        let error = Fixtures.codecError { try ImageDecoder.decode(jpeg, name: "damaged.jpg") }
        guard case .corrupt("damaged.jpg", .jpeg, let message)? = error else { return XCTFail(String(describing: error)) }
        XCTAssertTrue(message.hasPrefix("Corrupt JPEG data"), message)
    }

    func testHarmlessPNGWarningsDoNotFail() throws {
        let png = try Fixtures.bytes("pngsuite/basn2c08.png")
        let expected = try ImageDecoder.decode(png, name: "basn2c08.png")
        // A tEXt chunk with a bad CRC (ancillary: libpng warns and skips it) and junk after IEND.
        let damaged =
            Array(png.dropLast(12)) + Self.chunk("tEXt", Array("Comment\u{0}hello".utf8), corruptCRC: true)
            + Array(png.suffix(12)) + Array("junk after IEND".utf8)
        XCTAssertEqual(try ImageDecoder.decode(damaged, name: "warned.png"), expected)
    }
}
