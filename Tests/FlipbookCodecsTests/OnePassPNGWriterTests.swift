import FlipbookRaster
import Foundation
import XCTest

@testable import FlipbookCodecs

/// The `flipbook` writer (the C encoder `CPNGEncoder`): every code path writes the same bytes,
/// the files decode with libpng (here), Pillow (FilteredPNGWriterTests) and Chromium, the chunk
/// layout and CRCs are right, and the coder's choices show in the sizes.
final class OnePassPNGWriterTests: XCTestCase {
    /// xorshift32: deterministic pseudo-random words.
    private struct Random {
        var state: UInt32
        mutating func next() -> UInt32 {
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return state
        }
    }

    /// Premultiplied pixels of a kind the coder treats differently: noise (literals, stored
    /// blocks), flat areas (runs), rows repeating the row above (copies at a row's distance),
    /// gradients (constant filtered bytes), and runs of single colours; opaque or not.
    private func image(width: Int, height: Int, kind: Int, translucent: Bool, seed: UInt32) -> PremultipliedImage {
        var random = Random(state: seed | 1)
        var pixels = [UInt32](repeating: 0, count: width * height)
        for i in pixels.indices {
            var value: UInt32
            switch kind % 5 {
            case 0: value = random.next()
            case 1: value = random.next() % 7 == 0 ? random.next() : 0xFFFF_FFFF
            case 2: value = i >= width && random.next() % 5 != 0 ? pixels[i - width] : random.next()
            case 3: value = UInt32(truncatingIfNeeded: (i % width) * 3 + (i / width) * 5) &* 0x0001_0101
            default: value = i > 0 && random.next() % 9 != 0 ? pixels[i - 1] : random.next()
            }
            let alpha = translucent && random.next() % 4 == 0 ? random.next() & 0xFF : 0xFF
            let straight = StraightPixel(
                red: UInt8(truncatingIfNeeded: value), green: UInt8(truncatingIfNeeded: value >> 8),
                blue: UInt8(truncatingIfNeeded: value >> 16), alpha: UInt8(alpha))
            pixels[i] = straight.premultiplied.packed
        }
        return PremultipliedImage(width: width, height: height, pixels: pixels)
    }

    /// Sizes that reach every case: 1×1, a row or a column, rows too wide for a copy of the row
    /// above (8192 RGBA pixels: 32 769 bytes a row, past deflate's 32 KiB window), several blocks.
    private let sizes = [(1, 1), (1, 40), (37, 1), (5, 3), (61, 17), (300, 200), (8192, 3), (2000, 40)]

    func testEveryCodePathWritesTheSameBytesAndLibpngDecodesThem() throws {
        let paths = OnePassCodePath.allCases.filter(\.isAvailable)
        XCTAssertTrue(paths.contains(.portable))
        #if arch(x86_64)
            XCTAssertTrue(paths.contains(.sse41), "every x86-64 CPU this runs on has SSE4.1")
        #elseif arch(arm64)
            XCTAssertTrue(paths.contains(.neon))
        #endif
        for (index, (width, height)) in sizes.enumerated() {
            for kind in 0..<5 {
                for translucent in [false, true] {
                    let picture = image(width: width, height: height, kind: kind, translucent: translucent, seed: UInt32(index * 10 + kind))
                    let filters: [PNGFilter] = width * height > 100_000 ? [.paeth, .adaptive] : PNGFilter.allCases
                    for filter in filters {
                        for level in PNGWriter.flipbook.compressionLevels {
                            let options = PNGEncodeOptions(writer: .flipbook, compressionLevel: level, filter: filter)
                            var files: [[UInt8]] = []
                            for path in paths {
                                let encoder = PNGFrameEncoder(options: options)
                                XCTAssertTrue(encoder.useCodePath(path))
                                files.append(try encoder.encode(picture))
                            }
                            let what = "\(width)×\(height) kind \(kind) translucent \(translucent) \(filter) level \(level)"
                            for (path, file) in zip(paths, files) { XCTAssertEqual(file, files[0], "\(what): \(path) against \(paths[0])") }
                            XCTAssertEqual(files[0][25], picture.isOpaque ? 2 : 6, what)
                            XCTAssertEqual(try ImageDecoder.decode(files[0], name: "t.png"), picture, what)
                        }
                    }
                }
            }
        }
    }

    /// The chunks of a PNG file, each CRC checked with a bitwise CRC-32 (not the encoder's).
    private func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
        func u32(_ i: Int) -> UInt32 { png[i..<i + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var result: [(String, [UInt8])] = []
        var at = 8
        while at + 12 <= png.count {
            let length = Int(u32(at))
            let type = String(decoding: png[at + 4..<at + 8], as: UTF8.self)
            XCTAssertEqual(u32(at + 8 + length), crc32(png[at + 4..<at + 8 + length]), "CRC of \(type) at byte \(at)")
            result.append((type, Array(png[at + 8..<at + 8 + length])))
            at += 12 + length
        }
        XCTAssertEqual(at, png.count, "bytes after the last chunk")
        return result
    }

    /// The Adler-32 of `bytes` (RFC 1950), computed plainly.
    private func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }

    func testChunkLayoutAndChecksums() throws {
        let picture = image(width: 40, height: 30, kind: 2, translucent: false, seed: 5)
        let png = try PNGEncoder.encode(picture, options: PNGEncodeOptions(writer: .flipbook, filter: PNGFilter.none))
        let parts = chunks(png)
        XCTAssertEqual(parts.map(\.type), ["IHDR", "IDAT", "IEND"])
        // 40×30, bit depth 8, colour type 2 (RGB), deflate, adaptive filtering, not interlaced.
        XCTAssertEqual(parts[0].data, [0, 0, 0, 40, 0, 0, 0, 30, 8, 2, 0, 0, 0])
        // zlib: deflate, 32 KiB window, fastest level; the check bits make the pair a multiple of 31.
        XCTAssertEqual(Array(parts[1].data.prefix(2)), [0x78, 0x01])
        // With filter None the stream's bytes are each row's type byte (0) and RGB bytes: the
        // trailer is their Adler-32.
        var raw: [UInt8] = []
        for y in 0..<30 {
            raw.append(0)
            for x in 0..<40 { let p = picture.pixels[y * 40 + x]; raw += [UInt8(p & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p >> 16 & 0xFF)] }
        }
        let trailer = parts[1].data.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        XCTAssertEqual(trailer, adler32(raw))
    }

    /// A chunk is closed at the end of the first block past the limit: a small limit splits a
    /// file of many blocks into many IDAT chunks, each decodable as one stream.
    func testSmallChunkLimitSplitsTheStreamIntoManyChunks() throws {
        let picture = image(width: 700, height: 300, kind: 0, translucent: false, seed: 9)
        XCTAssertEqual(
            try PNGEncoder.encode(picture, options: PNGEncodeOptions(writer: .flipbook)).count,
            try PNGFrameEncoder(options: PNGEncodeOptions(writer: .flipbook)).encode(picture).count)
        let encoder = PNGFrameEncoder(options: PNGEncodeOptions(writer: .flipbook))
        encoder.setIDATChunkBytes(1000)
        let png = try encoder.encode(picture)
        let idat = chunks(png).filter { $0.type == "IDAT" }
        XCTAssertGreaterThanOrEqual(idat.count, 4, "~630 KB of noise in blocks of ~128 KiB, one chunk a block")
        XCTAssertTrue(idat.dropLast().allSatisfy { $0.data.count >= 1000 })
        XCTAssertEqual(try ImageDecoder.decode(png, name: "split.png"), picture)
        // The default: 256 KiB and at most one block (~128 KiB stored) more, but for the last.
        encoder.setIDATChunkBytes(0)
        let large = chunks(try encoder.encode(picture)).filter { $0.type == "IDAT" }
        XCTAssertGreaterThanOrEqual(large.count, 2, "~630 KB of noise")
        XCTAssertTrue(large.dropLast().allSatisfy { (262_144..<262_144 + 140_000).contains($0.data.count) }, "\(large.map(\.data.count))")
    }

    /// Sizes that follow from the coding: a flat frame is runs and copies (a few bytes a row);
    /// noise is stored (each block ≤ 65 535 bytes + 5, never larger than its filtered bytes plus
    /// that); level 0 is stored whatever the pixels.
    func testFlatFramesAreTinyAndNoiseIsStored() throws {
        let white = PremultipliedImage(width: 750, height: 1334, pixels: [UInt32](repeating: 0xFFFF_FFFF, count: 750 * 1334))
        let flat = try PNGEncoder.encode(white, options: PNGEncodeOptions(writer: .flipbook))
        // 1334 rows of 2251 bytes: each row's type byte and first byte as literals, then a run
        // of 2249 zeros in 9 pieces of ≤ 258 (a few bits each, no distance bits): ~4 bytes a
        // row. Copies of the row above would cost ~10 more bits a piece (~15 bytes a row).
        XCTAssertLessThan(flat.count, 1334 * 6)
        XCTAssertEqual(try ImageDecoder.decode(flat, name: "white.png"), white)

        var random = Random(state: 77)
        let noise = PremultipliedImage(width: 600, height: 400, pixels: (0..<600 * 400).map { _ in random.next() | 0xFF00_0000 })
        let filtered = 400 * (600 * 3 + 1)
        // Signature, IHDR, IDAT and IEND chunk overhead, zlib header and trailer, and 5 bytes per
        // stored block of ≤ 65 535 bytes (at most one more block per coding block of 128 KiB).
        let bound = 8 + 25 + 12 * 3 + 12 + 6 + 5 * (2 * filtered / 65535 + 2)
        for level in [0, 1] {
            let png = try PNGEncoder.encode(
                noise, options: PNGEncodeOptions(writer: .flipbook, compressionLevel: level, filter: PNGFilter.none))
            XCTAssertLessThanOrEqual(png.count, filtered + bound, "level \(level)")
            XCTAssertEqual(try ImageDecoder.decode(png, name: "noise.png"), noise)
        }
    }

    // MARK: Chromium

    /// Chromium decodes the writer's files to the pixels written: each file, as a data URL, is
    /// drawn on a canvas and its RGBA bytes hashed (FNV-1a) in the page, against the hash of the
    /// expected straight pixels. Opaque files are compared whole; for translucent ones alpha and
    /// the colour of opaque pixels (a canvas premultiplies, so other colours may round).
    func testChromiumDecodesTheFilesExactly() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            throw XCTSkip(
                "chromium is not installed (scripts/test installs it): the browser decode of the flipbook writer's files was not run")
        }
        var cases: [(name: String, png: [UInt8], hash: UInt32)] = []
        for (index, (width, height)) in [(1, 1), (61, 17), (300, 200), (750, 40)].enumerated() {
            for kind in 0..<5 {
                for translucent in [false, true] {
                    let picture = image(
                        width: width, height: height, kind: kind, translucent: translucent, seed: UInt32(100 + index * 10 + kind))
                    for filter in [PNGFilter.paeth, .adaptive] {
                        let png = try PNGEncoder.encode(picture, options: PNGEncodeOptions(writer: .flipbook, filter: filter))
                        var hash: UInt32 = 0x811C_9DC5
                        for pixel in picture.pixels {
                            let straight = PremultipliedPixel(packed: pixel).straight
                            let opaque = straight.alpha == 255
                            for byte in [opaque ? straight.red : 0, opaque ? straight.green : 0, opaque ? straight.blue : 0, straight.alpha]
                            {
                                hash = (hash ^ UInt32(byte)) &* 0x0100_0193
                            }
                        }
                        cases.append(("\(width)x\(height)-\(kind)-\(translucent)-\(filter)", png, hash))
                    }
                }
            }
        }
        let entries = cases.map { "[\"\($0.name)\", \"data:image/png;base64,\(Data($0.png).base64EncodedString())\", \($0.hash)]" }
        let page = """
            <!DOCTYPE html><html><body><pre id="test-result"></pre><script>
            const cases = [\(entries.joined(separator: ",\n"))];
            async function check([name, url, expected]) {
              const image = new Image();
              await new Promise((resolve, reject) => { image.onload = resolve; image.onerror = reject; image.src = url; });
              const canvas = document.createElement("canvas");
              canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
              const context = canvas.getContext("2d", {colorSpace: "srgb"});
              context.drawImage(image, 0, 0);
              const bytes = context.getImageData(0, 0, canvas.width, canvas.height).data;
              let hash = 0x811c9dc5;
              for (let i = 0; i < bytes.length; i += 4) {
                const opaque = bytes[i + 3] === 255;
                for (const byte of [opaque ? bytes[i] : 0, opaque ? bytes[i + 1] : 0, opaque ? bytes[i + 2] : 0, bytes[i + 3]]) {
                  hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
                }
              }
              return (hash === expected ? "PASS " : "FAIL ") + name;
            }
            Promise.all(cases.map(check)).then(lines => { document.getElementById("test-result").textContent = lines.join("\\n"); },
                                               error => { document.getElementById("test-result").textContent = "FAIL " + error; });
            </script></body></html>
            """
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fpe-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pagePath = directory.appendingPathComponent("page.html").path
        try Data(page.utf8).write(to: URL(fileURLWithPath: pagePath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chromium")
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + directory.appendingPathComponent("profile").path,
            "--virtual-time-budget=20000", "--dump-dom", "file://" + pagePath
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The result lines, from the <pre> the page fills (the script's text is in the DOM too).
        let result =
            dom.components(separatedBy: "<pre id=\"test-result\">").dropFirst().first?.components(separatedBy: "</pre>").first ?? ""
        let lines = result.components(separatedBy: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("PASS ") }.count, cases.count, "Chromium's results:\n" + result)
        XCTAssertEqual(lines.filter { $0.hasPrefix("FAIL ") }, [])
    }
}
