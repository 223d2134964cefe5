import Flipbook
import FlipbookCodecs
import FlipbookPipelineTestSupport
import FlipbookRaster
import Foundation
import XCTest

/// `render`'s output options from the command line: PNG writer and level, --no-write,
/// --no-frames, --video-scale.
extension CommandLineTests {
    func testPNGWriterAndLevelOptions() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var decoded: [PremultipliedImageSummary] = []
        var sizes: [String: Int] = [:]
        for (writer, level, filter) in [
            ("flipbook", "0", "average"), ("flipbook", "1", "adaptive"), ("isal", "0", "none"), ("isal", "3", "paeth"),
            ("libdeflate", "12", "paeth"), ("libdeflate", "0", "up"), ("libpng", "9", "adaptive"), ("libpng", "1", "sub")
        ] {
            let out = directory.appendingPathComponent("\(writer)-\(level)").path
            let run = try flipbook(
                "render", "push", "--scale", "1", "--frames", "20-20", "--png-writer", writer,
                "--png-level", level, "--png-filter", filter, "--out", out)
            XCTAssertEqual(run.status, 0, run.stderr)
            let file = out + "/frame_0020.png"
            sizes["\(writer)-\(level)"] = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int
            decoded.append(PremultipliedImageSummary(try ImageDecoder.decode(fileAtPath: file)))
        }
        XCTAssertEqual(Set(decoded).count, 1, "every writer, level and filter gives the same pixels")
        // Level 0 stores: at least the raw RGB bytes (375×667×3 plus a filter byte per row).
        XCTAssertGreaterThan(sizes["libdeflate-0"]!, 375 * 667 * 3 + 667)
        XCTAssertLessThan(sizes["libdeflate-12"]!, sizes["libpng-1"]!)
        XCTAssertGreaterThan(sizes["flipbook-0"]!, 375 * 667 * 3 + 667)
        XCTAssertLessThan(sizes["flipbook-1"]!, sizes["libpng-1"]!)
        // ISA-L's level 0 compresses (it has no stored level).
        XCTAssertLessThan(sizes["isal-0"]!, 375 * 667 * 3)

        for (arguments, message) in [
            (["--png-writer", "zlib"], "error: --png-writer must be flipbook, isal, libdeflate or libpng, not 'zlib'"),
            (
                ["--png-writer", "flipbook", "--png-level", "2"],
                "error: --png-level must be between 0 and 1 with --png-writer flipbook, not 2"
            ),
            (["--png-writer", "isal", "--png-level", "4"], "error: --png-level must be between 0 and 3 with --png-writer isal, not 4"),
            (
                ["--png-writer", "libpng", "--png-level", "10"],
                "error: --png-level must be between 0 and 9 with --png-writer libpng, not 10"
            ),
            (["--png-level", "13"], "error: --png-level must be between 0 and 12, not 13"),
            (["--png-filter", "best"], "error: --png-filter must be one of none, sub, up, average, paeth, adaptive, not 'best'")
        ] {
            let run = try flipbook(["render", "push"] + arguments)
            XCTAssertEqual(run.status, 64, "\(arguments)")
            XCTAssertTrue(run.stderr.hasPrefix(message + "\n"), run.stderr)
        }
    }

    func testNoWriteRendersAndWritesNothing() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try flipbook(
            ["render", "push", "--scale", "1", "--frames", "0-4", "--manifest", Package.samplesManifest, "--no-write"],
            in: directory)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("push: 5 frames (frames 0-4 of 43), 375x667 px, "), run.stdout)
        XCTAssertTrue(run.stdout.contains("ms/frame on"), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("nothing written\n"), run.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [], "no Output folder")
    }

    func testOutputOptionConflictsAreUsageErrors() throws {
        for (arguments, message) in [
            (["--no-frames"], "error: --no-frames needs --video or --contact-sheet (to render without any output, use --no-write)"),
            (["--no-frames", "--video", "x.mp4", "--out", "o"], "error: --no-frames writes no frame folder, so --out has no use with it"),
            (["--no-write", "--video", "x.mp4"], "error: --no-write writes nothing, so --video has no use with it"),
            (["--no-write", "--png-level", "1"], "error: --no-write writes nothing, so --png-level has no use with it"),
            (["--video-scale", "0.5"], "error: --video-scale goes with --video"),
            (["--video", "x.gif", "--video-scale", "0"], "error: --video-scale must be between 0.05 and 1, not 0"),
            (["--video", "x.gif", "--video-scale", "2"], "error: --video-scale must be between 0.05 and 1, not 2")
        ] {
            let run = try flipbook(["render", "push"] + arguments)
            XCTAssertEqual(run.status, 64, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix(message + "\n"), "\(arguments): \(run.stderr)")
        }
    }
}

/// An image's size and pixel hash, to compare decoded frames in a Set.
struct PremultipliedImageSummary: Hashable {
    var width: Int, height: Int, pixels: [UInt32]
    init(_ image: FlipbookRaster.PremultipliedImage) { width = image.width; height = image.height; pixels = image.pixels }
}
