import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Synchronization
import XCTest

@testable import FlipbookCodecs

/// The ISA-L and libdeflate PNG writers: SIMD row filters against the spec's scalar definitions,
/// the chunk layout, and round trips of every colour type they write through libpng and Pillow.
final class FilteredPNGWriterTests: XCTestCase {
    /// The writers built on `FilteredPNGWriter`.
    private let filteredWriters: [PNGWriter] = [.isal, .libdeflate]
    /// Those and the `flipbook` writer, which also packs while testing opacity and keeps its
    /// buffers between images.
    private let packingWriters: [PNGWriter] = [.isal, .libdeflate, .flipbook]

    /// Deterministic pseudo-random bytes.
    private func randomBytes(_ count: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    /// PNG spec §9.2–9.4, one byte at a time, with Ints (no wrapping tricks).
    private func referenceFilter(_ filter: PNGFilter, row: [UInt8], above: [UInt8], bpp: Int) -> [UInt8] {
        row.indices.map { i in
            let x = Int(row[i]), a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(above[i])
            let c = i >= bpp ? Int(above[i - bpp]) : 0
            let predictor: Int
            switch filter {
            case .none: predictor = 0
            case .sub: predictor = a
            case .up: predictor = b
            case .average: predictor = (a + b) / 2
            case .paeth:
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            case .adaptive: fatalError("not a single filter")
            }
            return UInt8((x - predictor + 256) % 256)
        }
    }

    /// Runs the SIMD filter on padded copies (16 zero bytes before, 16 junk bytes after, as the
    /// writer lays rows out) and returns exactly `row.count` bytes, checking nothing else is written.
    private func simdFilter(_ filter: PNGFilter, row: [UInt8], above: [UInt8], bpp: Int) -> [UInt8] {
        let pad = [UInt8](repeating: 0, count: 16), junk = [UInt8](repeating: 0xA5, count: 16)
        let paddedRow = pad + row + junk, paddedAbove = pad + above + junk
        var out = [UInt8](repeating: 0x5A, count: row.count + 16)
        paddedRow.withUnsafeBufferPointer { r in
            paddedAbove.withUnsafeBufferPointer { u in
                out.withUnsafeMutableBufferPointer { o in
                    PNGRowFilter.filter(
                        filter, row: r.baseAddress! + 16, above: u.baseAddress! + 16, count: row.count,
                        bytesPerPixel: bpp, into: o.baseAddress!)
                }
            }
        }
        XCTAssertEqual(Array(out[row.count...]), [UInt8](repeating: 0x5A, count: 16), "wrote past the row")
        return Array(out[..<row.count])
    }

    func testSIMDFiltersMatchTheSpec() {
        for bpp in [3, 4] {
            for count in [bpp, 5 * bpp, 16, 33, 48, 100 * bpp + bpp] where count % bpp == 0 {
                for seed: UInt32 in [1, 2, 3] {
                    let row = randomBytes(count, seed: seed), above = randomBytes(count, seed: seed &* 7 &+ 11)
                    for filter in PNGRowFilter.single {
                        XCTAssertEqual(
                            simdFilter(filter, row: row, above: above, bpp: bpp),
                            referenceFilter(filter, row: row, above: above, bpp: bpp), "\(filter) bpp \(bpp) count \(count)")
                    }
                }
            }
        }
    }

    /// Paeth's ties and extremes: every (a, b, c) triple of {0, 1, 127, 128, 254, 255} and
    /// a sample of all triples, including sums over 255 (the saturated case).
    func testPaethPredictorOnEdgeValues() {
        let values: [UInt8] = [0, 1, 2, 127, 128, 129, 200, 254, 255]
        var a: [UInt8] = [], b: [UInt8] = [], c: [UInt8] = []
        for x in values { for y in values { for z in values { a.append(x); b.append(y); c.append(z) } } }
        var state: UInt32 = 99
        while a.count % 16 != 0 || a.count < 4096 {
            state = state &* 1_664_525 &+ 1_013_904_223
            a.append(UInt8(truncatingIfNeeded: state >> 8)); b.append(UInt8(truncatingIfNeeded: state >> 16));
            c.append(UInt8(truncatingIfNeeded: state >> 24))
        }
        for start in stride(from: 0, to: a.count, by: 16) {
            let va = PNGRowFilter.Bytes(a[start..<start + 16]), vb = PNGRowFilter.Bytes(b[start..<start + 16])
            let vc = PNGRowFilter.Bytes(c[start..<start + 16])
            let predicted = PNGRowFilter.paeth(va, vb, vc)
            for lane in 0..<16 {
                let x = Int(va[lane]), y = Int(vb[lane]), z = Int(vc[lane])
                let p = x + y - z, pa = abs(p - x), pb = abs(p - y), pc = abs(p - z)
                let expected = pa <= pb && pa <= pc ? x : (pb <= pc ? y : z)
                XCTAssertEqual(Int(predicted[lane]), expected, "a \(x) b \(y) c \(z)")
            }
        }
    }

    func testAdaptiveCostIsTheSignedMagnitudeSum() {
        let bytes: [UInt8] = [0, 1, 255, 128, 127, 129, 2, 254] + randomBytes(45, seed: 5)
        let expected = bytes.reduce(0) { $0 + min(Int($1), 256 - Int($1)) }
        XCTAssertEqual(PNGRowFilter.cost(bytes, count: bytes.count), expected)
    }

    // MARK: file layout

    /// The chunks of a PNG file: type and data, checking lengths and CRCs on the way.
    private func chunks(_ png: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> [(type: String, data: [UInt8])] {
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], file: file, line: line)
        var result: [(String, [UInt8])] = []
        var at = 8
        func u32(_ i: Int) -> UInt32 { png[i..<i + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        while at + 12 <= png.count {
            let length = Int(u32(at))
            let type = String(decoding: png[at + 4..<at + 8], as: UTF8.self)
            let data = Array(png[at + 8..<at + 8 + length])
            XCTAssertEqual(u32(at + 8 + length), crc32(Array(png[at + 4..<at + 8 + length])), "CRC of \(type)", file: file, line: line)
            result.append((type, data))
            at += 12 + length
        }
        XCTAssertEqual(at, png.count, "bytes after the last chunk", file: file, line: line)
        return result
    }

    /// CRC-32 (ISO 3309, as PNG uses), bit by bit: independent of ISA-L's and libdeflate's.
    private func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    func testChunkLayout() throws {
        let image = PremultipliedImage(
            width: 3, height: 2, pixels: [0xFF00_00FF, 0xFF00_FF00, 0xFFFF_0000, 0xFFFF_FFFF, 0xFF00_0000, 0xFF80_8080])
        for writer in filteredWriters {
            try checkChunkLayout(try PNGEncoder.encode(image, options: PNGEncodeOptions(writer: writer)))
        }
    }

    private func checkChunkLayout(_ png: [UInt8]) throws {
        let parts = chunks(png)
        XCTAssertEqual(parts.map(\.type), ["IHDR", "IDAT", "IEND"])
        // 3×2, bit depth 8, colour type 2 (RGB), deflate, adaptive filtering, not interlaced.
        XCTAssertEqual(parts[0].data, [0, 0, 0, 3, 0, 0, 0, 2, 8, 2, 0, 0, 0])
        XCTAssertEqual(parts[2].data, [])
        // zlib header: deflate with a 32 KiB window (0x78), check bits make it a multiple of 31.
        XCTAssertEqual(parts[1].data[0], 0x78)
        XCTAssertEqual((Int(parts[1].data[0]) << 8 | Int(parts[1].data[1])) % 31, 0)
    }

    /// Incompressible pixels make a stream over 256 KiB: several IDAT chunks, all full but the last.
    func testLargeStreamsAreSplitIntoIDATChunks() throws {
        let width = 300, height = 400
        let noise = randomBytes(width * height * 4, seed: 42)
        let pixels = (0..<width * height).map { i -> UInt32 in
            let alpha = UInt32(noise[4 * i + 3] | 1) // translucent: colour type 6
            let straight = StraightPixel(red: noise[4 * i], green: noise[4 * i + 1], blue: noise[4 * i + 2], alpha: UInt8(alpha))
            return straight.premultiplied.packed
        }
        let image = PremultipliedImage(width: width, height: height, pixels: pixels)
        for writer in filteredWriters {
            let png = try PNGEncoder.encode(image, options: PNGEncodeOptions(writer: writer, filter: PNGFilter.none))
            let parts = chunks(png)
            let idat = parts.filter { $0.type == "IDAT" }
            XCTAssertEqual(parts[0].data[9], 6)
            XCTAssertGreaterThanOrEqual(idat.count, 2, "\(writer)")
            XCTAssertEqual(Set(idat.dropLast().map(\.data.count)), [FilteredPNGWriter.idatChunkBytes], "\(writer)")
            XCTAssertEqual(try ImageDecoder.decode(png, name: "noise.png"), image, "\(writer)")
        }
    }

    /// A frame-sized image is fed to ISA-L in several batches of rows; the same encoder then
    /// encodes incompressible, smaller and larger images (the sequence that once made ISA-L run
    /// out of output space and never finish). Every file decodes to exactly the pixels, and a
    /// reused encoder gives a fresh one's bytes.
    func testManyBatchesAndReusedEncodersRoundTrip() throws {
        let smooth = PremultipliedImage(
            width: 750, height: 300,
            pixels: (0..<750 * 300).map { (i: Int) -> UInt32 in
                let red = UInt32(i % 750 / 3), green = UInt32(i / 750 % 256)
                return red | green << 8 | 0x40_0000 | 0xFF00_0000
            })
        let noiseBytes = randomBytes(400 * 300 * 4, seed: 9)
        let noise = PremultipliedImage(
            width: 400, height: 300,
            pixels: (0..<400 * 300).map { (i: Int) -> UInt32 in
                let red = UInt32(noiseBytes[4 * i]), green = UInt32(noiseBytes[4 * i + 1]), blue = UInt32(noiseBytes[4 * i + 2])
                return red | green << 8 | blue << 16 | 0xFF00_0000
            })
        let tiny = PremultipliedImage(width: 1, height: 1, pixels: [0x8040_2010])
        XCTAssertGreaterThan(smooth.width * 3 * smooth.height, 2 * FilteredPNGWriter.isalBatchBytes)
        for writer in packingWriters {
            for level in writer == .isal ? Array(writer.compressionLevels) : [1] {
                let options = PNGEncodeOptions(writer: writer, compressionLevel: level, filter: .paeth)
                let encoder = PNGFrameEncoder(options: options)
                for image in [smooth, noise, tiny, smooth, noise, noise] {
                    let png = try encoder.encode(image)
                    XCTAssertEqual(png, try PNGEncoder.encode(image, options: options), "\(writer) \(level)")
                    XCTAssertEqual(try ImageDecoder.decode(png, name: "t.png"), image, "\(writer) \(level) \(image.width)×\(image.height)")
                }
            }
        }
    }

    /// Packing starts as RGB and tests opacity on the way: an image whose only translucent pixel
    /// is the very last starts again as RGBA, and one that is opaque but for its first row too;
    /// so does one in any lane of the four-pixel SIMD packing or in a row's last pixels after it.
    func testATranslucentPixelAnywhereMakesTheFileRGBA() throws {
        for (width, height) in [(1, 1), (7, 5), (300, 200)] {
            for index in Set([0, 1, 2, 3, 5, width * height / 2, width * height - 1]) where index < width * height {
                var pixels = (0..<width * height).map { UInt32($0 % 251) | 0xFF00_0000 }
                pixels[index] = 0x8040_2010
                let image = PremultipliedImage(width: width, height: height, pixels: pixels)
                for writer in packingWriters {
                    let png = try PNGEncoder.encode(image, options: PNGEncodeOptions(writer: writer))
                    XCTAssertEqual(png[25], 6, "\(writer) \(width)×\(height) pixel \(index)")
                    XCTAssertEqual(try ImageDecoder.decode(png, name: "t.png"), image, "\(writer) \(width)×\(height) pixel \(index)")
                }
            }
        }
    }

    /// Encoders on several threads at once give the bytes one encoder gives on one thread.
    func testEncodingOnSeveralThreadsGivesTheSameBytes() throws {
        let images = (0..<8).map { n in
            PremultipliedImage(
                width: 300 + n, height: 257,
                pixels: (0..<(300 + n) * 257).map { (i: Int) -> UInt32 in
                    let red = UInt32(i * (n + 3) % 256), green = UInt32(i / (300 + n) % 256), blue = UInt32(n * 20)
                    return red | green << 8 | blue << 16 | 0xFF00_0000
                })
        }
        for writer in packingWriters {
            let options = PNGEncodeOptions(writer: writer)
            let serial = try images.map { try PNGEncoder.encode($0, options: options) }
            let parallel = Mutex([[UInt8]](repeating: [], count: images.count))
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                let encoder = PNGFrameEncoder(options: options)
                for index in stride(from: worker, to: images.count, by: 4) {
                    let png = try! encoder.encode(images[index])
                    parallel.withLock { $0[index] = png }
                }
            }
            XCTAssertEqual(parallel.withLock { $0 }, serial, "\(writer)")
        }
    }

    /// Odd sizes, one-pixel rows and columns, every filter and several levels, RGB and RGBA, both writers.
    func testEveryFilterAndLevelRoundTripsThroughLibpng() throws {
        for (width, height) in [(1, 1), (1, 9), (7, 1), (5, 3), (61, 17)] {
            let noise = randomBytes(width * height * 4, seed: UInt32(width * 100 + height))
            let opaque = PremultipliedImage(
                width: width, height: height,
                pixels: (0..<width * height).map { i in
                    UInt32(noise[4 * i]) | UInt32(noise[4 * i + 1]) << 8 | UInt32(noise[4 * i + 2] / 8) << 16 | 0xFF00_0000
                })
            let translucent = PremultipliedImage(
                width: width, height: height,
                pixels: (0..<width * height).map { i in
                    StraightPixel(red: noise[4 * i], green: noise[4 * i + 1], blue: noise[4 * i + 2], alpha: noise[4 * i + 3] / 3 * 3)
                        .premultiplied.packed
                })
            for image in [opaque, translucent] {
                for writer in filteredWriters {
                    for filter in PNGFilter.allCases {
                        for level in [0, 1, 2, 3, 4, 9, 12] where writer.compressionLevels.contains(level) {
                            let png = try PNGEncoder.encode(
                                image, options: PNGEncodeOptions(writer: writer, compressionLevel: level, filter: filter))
                            XCTAssertEqual(png[25], image.isOpaque ? 2 : 6)
                            XCTAssertEqual(
                                try ImageDecoder.decode(png, name: "t.png"), image, "\(writer) \(width)×\(height) \(filter) level \(level)")
                        }
                    }
                }
            }
        }
    }

    // MARK: Pillow

    /// A Python 3 with Pillow: `/usr/bin/python3` (Debian's python3-pil) or `python3` on PATH.
    private func pythonWithPillow() throws -> String {
        if let python = try pythonImporting("PIL.Image") { return python }
        throw XCTSkip(
            "Pillow is not installed (apt-get install python3-pil; scripts/test installs it): "
                + "the Pillow round trip of the PNG writers' files was not run")
    }

    /// Pillow decodes RGB and RGBA files of every writer, at every ISA-L level, to exactly the
    /// straight pixels written: odd sizes, 1×1, opaque and translucent.
    func testPillowDecodesBothColourTypesBitExactly() throws {
        let python = try pythonWithPillow()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fbc-pil-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var expected: [String: (mode: String, bytes: [UInt8])] = [:]
        // 1×1, odd sizes, and one large enough for several of ISA-L's batches of rows.
        for (width, height) in [(45, 31), (1, 1), (7, 3), (1, 5), (400, 260)] {
            let noise = randomBytes(width * height * 4, seed: UInt32(7 + width))
            var opaquePixels: [UInt32] = [], translucentPixels: [UInt32] = []
            for i in 0..<width * height {
                let red = UInt32(noise[4 * i]), green = UInt32(noise[4 * i + 1]), blue = UInt32(i % 256)
                opaquePixels.append(red | green << 8 | blue << 16 | 0xFF00_0000)
                let straight = StraightPixel(red: noise[4 * i], green: UInt8(i % 256), blue: noise[4 * i + 2], alpha: noise[4 * i + 3])
                translucentPixels.append(straight.premultiplied.packed)
            }
            let opaque = PremultipliedImage(width: width, height: height, pixels: opaquePixels)
            let translucent = PremultipliedImage(width: width, height: height, pixels: translucentPixels)
            // Every writer, filter and ISA-L level on the small ones; ISA-L's default on the large one.
            let large = width * height > 10_000
            for writer in large ? [PNGWriter.isal] : PNGWriter.allCases {
                for filter in large ? [PNGWriter.isal.defaultFilter, .adaptive] : PNGFilter.allCases {
                    for level in writer == .isal && !large ? Array(writer.compressionLevels) : [writer.defaultCompressionLevel] {
                        for (name, image) in [("rgb", opaque), ("rgba", translucent)] {
                            let file = "\(writer)-\(level)-\(filter)-\(width)x\(height)-\(name).png"
                            try PNGEncoder.write(
                                image, toPath: directory.appendingPathComponent(file).path,
                                options: PNGEncodeOptions(writer: writer, compressionLevel: level, filter: filter))
                            var bytes: [UInt8] = []
                            for pixel in image.pixels {
                                let straight = PremultipliedPixel(packed: pixel).straight
                                bytes += [straight.red, straight.green, straight.blue]
                                if name == "rgba" { bytes.append(straight.alpha) }
                            }
                            expected[file] = (name.uppercased(), bytes)
                        }
                    }
                }
            }
        }
        // Pillow writes each file's mode and raw pixels next to it.
        let script = """
            import sys, glob, os
            from PIL import Image
            for path in sorted(glob.glob(os.path.join(sys.argv[1], '*.png'))):
                with Image.open(path) as image:
                    image.load()
                    open(path + '.mode', 'w').write(image.mode)
                    open(path + '.raw', 'wb').write(image.tobytes())
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, directory.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        for (file, want) in expected.sorted(by: { $0.key < $1.key }) {
            let base = directory.appendingPathComponent(file).path
            XCTAssertEqual(try String(contentsOfFile: base + ".mode", encoding: .utf8), want.mode, file)
            XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: base + ".raw"))), want.bytes, file)
        }
    }
}
