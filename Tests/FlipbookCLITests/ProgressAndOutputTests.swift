import Flipbook
import FlipbookCodecs
import FlipbookPipelineTestSupport
import FlipbookRaster
import Foundation
import XCTest

/// `--progress` (lines a CI log can show) and the formats of picture outputs.
final class ProgressAndOutputTests: XCTestCase {
    func testPlainProgressPrintsLinesWithPercentageAndTimeLeft() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("push").path
        let run = try runFlipbook([
            "render", "push", "--scale", "1", "--frames", "0-3", "--threads", "1", "--out", out,
            "--progress", "plain", "--progress-interval", "0"
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.errorLines
        XCTAssertEqual(lines.count, 4, run.stderr)
        for (k, line) in lines.enumerated() {
            XCTAssertTrue(line.hasPrefix("push: frame \(k + 1)/4 (\((k + 1) * 25)%), "), line)
            XCTAssertTrue(line.contains(" s elapsed"), line)
            XCTAssertEqual(line.contains("left"), k < 3, "time left until the last frame: \(line)")
        }
        XCTAssertFalse(run.stderr.contains("\r"), "no carriage returns in a log")
        XCTAssertTrue(run.stdout.hasPrefix("push: 4 frames (frames 0-3 of 43)"), run.stdout)
    }

    func testProgressNoneAndTheDefaultIntervalAreQuiet() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for extra in [["--progress", "none"], []] {
            // Not a terminal: auto means plain, one line every 5 s; two @1x frames take less.
            let run = try runFlipbook(
                ["render", "push", "--scale", "1", "--frames", "0-1", "--out", directory.appendingPathComponent("p").path] + extra)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(run.stderr, "", "\(extra)")
        }
        let misuse = try runFlipbook(["render", "push", "--progress", "tty", "--progress-interval", "1"])
        XCTAssertEqual(misuse.status, 64)
        XCTAssertEqual(
            misuse.errorLines.first, "error: --progress-interval applies to --progress plain (the default when stderr is not a terminal)")
    }

    func testContactSheetsAndPlotsAreJPEGWhenNamedSo() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jpeg = directory.appendingPathComponent("sheet.JPG").path
        let png = directory.appendingPathComponent("sheet.png").path
        for sheet in [jpeg, png] {
            let run = try runFlipbook([
                "render", "fade-present", "--scale", "1", "--frames", "0-2", "--out", directory.appendingPathComponent("f").path,
                "--contact-sheet", sheet
            ])
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let jpegBytes = try Data(contentsOf: URL(fileURLWithPath: jpeg))
        XCTAssertEqual(Array(jpegBytes.prefix(3)), [0xFF, 0xD8, 0xFF], "JPEG bytes, not PNG")
        let decodedJPEG = try ImageDecoder.decode(fileAtPath: jpeg)
        let decodedPNG = try ImageDecoder.decode(fileAtPath: png)
        XCTAssertEqual(decodedJPEG.width, decodedPNG.width)
        XCTAssertEqual(decodedJPEG.height, decodedPNG.height)
        XCTAssertLessThan(jpegBytes.count, try Data(contentsOf: URL(fileURLWithPath: png)).count)
        // Close to the PNG: quality 90 leaves the picture, not just the size.
        var total = 0
        for (a, b) in zip(decodedJPEG.pixels, decodedPNG.pixels) {
            for shift in [0, 8, 16] { total += abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)) }
        }
        XCTAssertLessThan(Double(total) / Double(decodedPNG.pixels.count * 3), 3.0, "mean channel error")

        let plot = directory.appendingPathComponent("curve.jpeg").path
        let curve = try runFlipbook(["curve", "--plot", plot])
        XCTAssertEqual(curve.status, 0, curve.stderr)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: plot)).prefix(2)), [0xFF, 0xD8])

        for (arguments, option) in [
            (["render", "push", "--contact-sheet", directory.appendingPathComponent("s.webp").path], "--contact-sheet"),
            (["curve", "--plot", directory.appendingPathComponent("c.gif").path], "--plot")
        ] {
            let refused = try runFlipbook(arguments)
            XCTAssertEqual(refused.status, 64, refused.stderr)
            XCTAssertTrue(refused.stderr.hasPrefix("error: \(option) must name a .png, .jpg or .jpeg file"), refused.stderr)
        }
    }

    func testJPEGEncoderCompositesOverWhiteAndIsDeterministic() throws {
        // Premultiplied half-transparent red over white: (255·0.5 + 255·0.5, 255·0.5, 255·0.5).
        let half = PremultipliedImage(width: 16, height: 16, pixels: Array(repeating: 0x8000_0080, count: 256))
        let bytes = try JPEGEncoder.encode(half)
        XCTAssertEqual(bytes, try JPEGEncoder.encode(half))
        let path = temporaryDirectory().appendingPathComponent("half.jpg").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let decoded = try ImageDecoder.decode(fileAtPath: path)
        let pixel = decoded.pixels[8 * 16 + 8]
        XCTAssertEqual(Double(pixel & 0xFF), 255, accuracy: 2)
        XCTAssertEqual(Double((pixel >> 8) & 0xFF), 127, accuracy: 2)
        XCTAssertEqual(Double((pixel >> 16) & 0xFF), 127, accuracy: 2)
        XCTAssertThrowsError(try JPEGEncoder.encode(PremultipliedImage(width: 0, height: 4, pixels: [])))
    }

    func testOutputPathsTakeThePresetName() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try runFlipbook([
            "render", "fade-dismiss", "--scale", "1", "--frames", "0-1",
            "--out", directory.appendingPathComponent("{preset}-frames").path,
            "--contact-sheet", directory.appendingPathComponent("{preset}.png").path
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
            ["fade-dismiss-frames", "fade-dismiss.png"])
    }
}

extension ProgressAndOutputTests {
    func testDecodeAndDiffOutputsFollowTheirExtension() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let refused = try runFlipbook(["decode", "Samples/photos/camera.png", "--out", directory.appendingPathComponent("camera.jpg").path])
        XCTAssertEqual(refused.status, 64)
        XCTAssertEqual(
            refused.errorLines.first, "error: --out must name a .png file, not '\(directory.appendingPathComponent("camera.jpg").path)'")
        let diff = directory.appendingPathComponent("diff.jpg").path
        let run = try runFlipbook(["diff", "Samples/photos/camera.png", "Samples/photos/astronaut.png", "--out", diff])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: diff)).prefix(2)), [0xFF, 0xD8])
        let bad = try runFlipbook([
            "diff", "Samples/photos/camera.png", "Samples/photos/astronaut.png", "--out", directory.appendingPathComponent("d.bmp").path
        ])
        XCTAssertEqual(bad.status, 64)
    }
}
