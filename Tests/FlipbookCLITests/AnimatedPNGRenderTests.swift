import Flipbook
import FlipbookCodecs
import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// `flipbook render --video NAME.apng`: an animated PNG written in-process, with the other previews' output rules.
final class AnimatedPNGRenderTests: XCTestCase {
    func testAnAPNGHoldsEveryFrameAtTheRenderRateAndFrameZeroIsThePNG() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let frames = directory.appendingPathComponent("frames").path
        let apng = directory.appendingPathComponent("push.apng").path
        // No ffmpeg needed: PATH holds none.
        let run = try runFlipbook(
            [
                "render", "push", "--scale", "1", "--fps", "10", "--out", frames, "--video", apng,
                "--video-scale", "1", "--progress", "none"
            ], environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let pngs = try FileManager.default.contentsOfDirectory(atPath: frames).filter { $0.hasSuffix(".png") }.sorted()
        // push lasts 0.7 s: frames at 0, 0.1 … 0.7 s.
        XCTAssertEqual(pngs.count, 8)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: apng)))
        let summary = try AnimatedPNG.summary(of: bytes)
        XCTAssertEqual(summary.frameCount, 8)
        XCTAssertEqual(summary.plays, 0)
        XCTAssertEqual(summary.delaysSeconds, Array(repeating: 0.1, count: 8))
        // A plain PNG decoder reads frame 0 (the IDAT): pixel for pixel the PNG of frame 0.
        let first = try ImageDecoder.decode(bytes, name: apng)
        XCTAssertEqual(first, try ImageDecoder.decode(fileAtPath: (frames as NSString).appendingPathComponent(pngs[0])))
        XCTAssertEqual(first.width, 375)
        XCTAssertEqual(first.height, 667)

        // ffprobe, when present, counts the same frames at the same rate.
        if let ffmpeg = try? VideoExport.locateFFmpeg() {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: (ffmpeg as NSString).deletingLastPathComponent + "/ffprobe")
            probe.arguments = [
                "-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames,r_frame_rate,width,height",
                "-of", "default=noprint_wrappers=1", apng
            ]
            let out = Pipe()
            probe.standardOutput = out
            try probe.run()
            probe.waitUntilExit()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(
                Set(text.split(separator: "\n").map(String.init)),
                ["width=375", "height=667", "r_frame_rate=10/1", "nb_read_frames=8"], text)
        }
    }

    func testVideoScaleShrinksTheAPNGAndTheDefaultIsAtMost480Wide() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let half = directory.appendingPathComponent("half.apng").path
        let run = try runFlipbook([
            "render", "push", "--scale", "1", "--fps", "10", "--frames", "0-2", "--no-frames",
            "--video", half, "--video-scale", "0.5", "--progress", "none"
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        let image = try ImageDecoder.decode(fileAtPath: half)
        // 375 × 0.5 = 187.5 → 188, 667 × 0.5 = 333.5 → 334 (rounded half up).
        XCTAssertEqual([image.width, image.height], [188, 334])
        XCTAssertEqual(try AnimatedPNG.summary(of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: half)))).frameCount, 3)

        let full = directory.appendingPathComponent("full.apng").path
        let three = try runFlipbook([
            "render", "push", "--scale", "3", "--fps", "10", "--frames", "0-0", "--no-frames",
            "--video", full, "--progress", "none"
        ])
        XCTAssertEqual(three.status, 0, three.stderr)
        // 1125 px wide at scale 3 → 480 wide by default; 2001 × 480 / 1125 = 853.76 → 854.
        let shrunk = try ImageDecoder.decode(fileAtPath: full)
        XCTAssertEqual([shrunk.width, shrunk.height], [480, 854])
    }

    func testAnAPNGInsideTheFrameFolderIsRefusedAndLeavesEverythingAsItWas() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let frames = directory.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        let old = frames.appendingPathComponent("old.apng")
        try Data("previous".utf8).write(to: old)
        let run = try runFlipbook([
            "render", "push", "--scale", "1", "--fps", "10", "--out", frames.path, "--video", old.path,
            "--progress", "none"
        ])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("it is inside the frame folder"), run.stderr)
        XCTAssertEqual(try String(contentsOf: old, encoding: .utf8), "previous")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: frames.path), ["old.apng"])
    }

    func testTheFrameCountAndDelayLimitsAreCheckedBeforeRendering() throws {
        XCTAssertThrowsError(
            try AnimatedPNGExport.checkSize(
                path: "long.apng", widthPixels: 10, heightPixels: 10,
                frameCount: AnimatedPNG.maximumFrames + 1, scale: 1)
        ) { error in
            XCTAssertTrue("\(error)".contains("at most 1000 frames, not 1001"), "\(error)")
        }
        XCTAssertNoThrow(try AnimatedPNGExport.checkSize(path: "ok.apng", widthPixels: 10, heightPixels: 10, frameCount: 1000, scale: 1))
        XCTAssertThrowsError(
            try AnimatedPNGExport.checkSize(path: "huge.apng", widthPixels: 20000, heightPixels: 20000, frameCount: 2, scale: 1))
        XCTAssertTrue(AnimatedPNG.frameDelay(framesPerSecond: 60) == (1, 60))
        XCTAssertTrue(AnimatedPNG.frameDelay(framesPerSecond: 29.97) == (1000, 29970))
        // 120 500 thousandths do not fit 16 bits: the nearest whole rate.
        XCTAssertTrue(AnimatedPNG.frameDelay(framesPerSecond: 120.5) == (1, 121))
    }

    func testABadVideoExtensionNamesTheThreeFormats() throws {
        let run = try runFlipbook(["render", "push", "--no-frames", "--video", "/tmp/x.webp"])
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.stderr.contains("--video must name a .mp4, .gif or .apng file"), run.stderr)
    }

    func testCompareWritesTheVariantsSideBySideAsAnAPNG() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let apng = directory.appendingPathComponent("damping.apng").path
        let run = try runFlipbook(
            [
                "compare", "push", "--vary", "damping=0.6,1", "--scale", "1", "--fps", "10",
                "--out", directory.appendingPathComponent("damping.png").path, "--video", apng, "--progress", "none"
            ],
            environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("video: 8 frames, 758x691 px → \(apng)"), run.stdout)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: apng)))
        XCTAssertEqual(try AnimatedPNG.summary(of: bytes).delaysSeconds, Array(repeating: 0.1, count: 8))
        // 758 px → 480 by default; 691 × 480 / 758 = 437.6 → 438.
        let first = try ImageDecoder.decode(bytes, name: apng)
        XCTAssertEqual([first.width, first.height], [480, 438])
    }
}
