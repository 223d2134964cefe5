import FlipbookCodecs
import FlipbookFiles
import FlipbookRaster
import Foundation
import XCTest

final class PNGEncoderTests: XCTestCase {
    /// IHDR colour type: 2 = RGB, 6 = RGBA.
    private func colorType(_ png: [UInt8]) -> UInt8 { png[25] }

    /// A deterministic pseudo-random opaque image.
    private func opaqueImage(width: Int, height: Int) -> PremultipliedImage {
        var state: UInt32 = 12345
        let pixels = (0..<width * height).map { _ -> UInt32 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return (state >> 8) | 0xFF00_0000
        }
        return PremultipliedImage(width: width, height: height, pixels: pixels)
    }

    func testOpaqueImageRoundTripsAsRGB() throws {
        let image = opaqueImage(width: 37, height: 23)
        for writer in PNGWriter.allCases {
            for filter in PNGFilter.allCases {
                for level in [0, 1, 2, 3, 6, 9, 12] where writer.compressionLevels.contains(level) {
                    let png = try PNGEncoder.encode(
                        image, options: PNGEncodeOptions(writer: writer, compressionLevel: level, filter: filter))
                    XCTAssertEqual(colorType(png), 2)
                    XCTAssertEqual(try ImageDecoder.decode(png, name: "rgb.png"), image, "\(writer) \(filter) \(level)")
                }
            }
        }
    }

    /// Every valid premultiplied value (c ≤ a, including a = 0 and 255) survives encode → decode.
    func testEveryPremultipliedValueRoundTripsThroughRGBA() throws {
        var pixels: [UInt32] = []
        for alpha in 0...255 {
            for c in 0...alpha {
                let g = (c * 7) % (alpha + 1), b = alpha - c
                pixels.append(UInt32(c) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(alpha) << 24)
            }
        }
        while pixels.count % 256 != 0 { pixels.append(0) }
        let image = PremultipliedImage(width: 256, height: pixels.count / 256, pixels: pixels)
        for writer in PNGWriter.allCases {
            let png = try PNGEncoder.encode(image, options: PNGEncodeOptions(writer: writer))
            XCTAssertEqual(colorType(png), 6)
            XCTAssertEqual(try ImageDecoder.decode(png, name: "rgba.png"), image, "\(writer)")
        }
    }

    func testStraightAlphaRounding() {
        // round(c·255/a): 1 at alpha 2 → 127.5 → 128; 100 at alpha 200 → 127.5 → 128.
        XCTAssertEqual(PixelConversion.unpremultiply(0x0200_0001), 0x0200_0080)
        XCTAssertEqual(PixelConversion.unpremultiply(0xC800_0064), 0xC800_0080)
        XCTAssertEqual(PixelConversion.unpremultiply(0x0000_0000), 0)
        XCTAssertEqual(PixelConversion.unpremultiply(0xFF10_2030), 0xFF10_2030)
        var pixels: [UInt32] = [0x8080_8080, 0x80FF_FFFF, 0x0101_0101] // straight
        PixelConversion.premultiplyInPlace(&pixels)
        XCTAssertEqual(pixels, [0x8040_4040, 0x8080_8080, 0x0100_0000]) // 128·128/255 = 64.25 → 64
    }

    func testChannelsOptionForcesRGBA() throws {
        let image = opaqueImage(width: 4, height: 4)
        for writer in PNGWriter.allCases {
            let png = try PNGEncoder.encode(image, options: PNGEncodeOptions(writer: writer, channels: .rgba))
            XCTAssertEqual(colorType(png), 6)
            XCTAssertEqual(try ImageDecoder.decode(png, name: "forced.png"), image, "\(writer)")
        }
    }

    func testEncodingIsDeterministic() throws {
        let image = opaqueImage(width: 64, height: 64)
        for writer in PNGWriter.allCases {
            let options = PNGEncodeOptions(writer: writer)
            XCTAssertEqual(try PNGEncoder.encode(image, options: options), try PNGEncoder.encode(image, options: options))
            // A reused encoder gives the same bytes as a fresh one (no state leaks between images).
            let encoder = PNGFrameEncoder(options: options)
            let first = try encoder.encode(opaqueImage(width: 200, height: 3))
            XCTAssertEqual(try encoder.encode(image), try PNGEncoder.encode(image, options: options))
            XCTAssertEqual(try encoder.encode(opaqueImage(width: 200, height: 3)), first)
        }
    }

    func testDefaults() {
        // FLIPBOOK_PNG_WRITER may pick the default writer (scripts/test runs the suite with each).
        let paeth = PNGWriter.default == .libpng || PNGWriter.default == .flipbook
        XCTAssertEqual(
            PNGEncodeOptions.default,
            PNGEncodeOptions(
                writer: PNGWriter.default, compressionLevel: 1,
                filter: paeth ? .paeth : .average, channels: .automatic))
        XCTAssertEqual(PNGEncodeOptions(writer: .flipbook), PNGEncodeOptions(writer: .flipbook, compressionLevel: 1, filter: .paeth))
        XCTAssertEqual(PNGEncodeOptions(writer: .isal), PNGEncodeOptions(writer: .isal, compressionLevel: 1, filter: .average))
        XCTAssertEqual(PNGEncodeOptions(writer: .libdeflate), PNGEncodeOptions(writer: .libdeflate, compressionLevel: 1, filter: .average))
        XCTAssertEqual(PNGEncodeOptions(writer: .libpng), PNGEncodeOptions(writer: .libpng, compressionLevel: 1, filter: .paeth))
        XCTAssertEqual(PNGWriter.flipbook.compressionLevels, 0...1)
        XCTAssertEqual(PNGWriter.isal.compressionLevels, 0...3)
        XCTAssertEqual(PNGWriter.libdeflate.compressionLevels, 0...12)
        XCTAssertEqual(PNGWriter.libpng.compressionLevels, 0...9)
        if ProcessInfo.processInfo.environment["FLIPBOOK_PNG_WRITER"] == nil { XCTAssertEqual(PNGWriter.default, .flipbook) }
    }

    func testZeroSizedImageCannotBeEncoded() {
        for writer in PNGWriter.allCases {
            let error = Fixtures.codecError {
                try PNGEncoder.encode(PremultipliedImage(width: 0, height: 5), options: PNGEncodeOptions(writer: writer))
            }
            XCTAssertEqual(error, .encodeFailed(width: 0, height: 5, message: "a PNG needs at least one pixel"))
        }
    }

    func testWriteIsAtomic() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fbc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("out.png").path
        let image = opaqueImage(width: 9, height: 5)
        try PNGEncoder.write(image, toPath: path)
        XCTAssertEqual(try ImageDecoder.decode(fileAtPath: path), image)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["out.png"])
        let missing = directory.appendingPathComponent("no/such/dir.png").path
        XCTAssertThrowsError(try PNGEncoder.write(image, toPath: missing)) { error in
            XCTAssertEqual(error as? FileError, .unwritable(path: missing, reason: "No such file or directory"))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["out.png"])
    }
}
