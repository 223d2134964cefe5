import Flipbook
import FlipbookCodecs
import FlipbookPipelineTestSupport
import FlipbookRaster
import Foundation
import XCTest

/// Animated PNGs: frame count and delays read back, the first frame is what a plain decoder sees.
final class AnimatedPNGTests: XCTestCase {
    func testFrameCountDelaysAndFirstFrame() throws {
        let frames = (0..<3).map { shade in
            PremultipliedImage(width: 4, height: 2, fill: PremultipliedPixel(red: UInt8(shade * 100), green: 0, blue: 0, alpha: 255))
        }
        let bytes = try AnimatedPNG.encode(frames, delayNumerator: 100, delayDenominator: 3000)
        let summary = try AnimatedPNG.summary(of: bytes)
        XCTAssertEqual(summary.frameCount, 3)
        XCTAssertEqual(summary.plays, 0)
        XCTAssertEqual(summary.delaysSeconds, [1.0 / 30, 1.0 / 30, 1.0 / 30])
        XCTAssertEqual(try ImageDecoder.decode(bytes, name: "animation"), frames[0])
        var broken = bytes
        broken[40] ^= 0xFF
        XCTAssertThrowsError(try AnimatedPNG.summary(of: broken))
        XCTAssertThrowsError(try AnimatedPNG.summary(of: try PNGEncoder.encode(frames[0]))) {
            XCTAssertEqual($0 as? AnimatedPNGError, .notAnimated)
        }
    }

    /// An independent reader: ffprobe counts the frames when ffmpeg is installed.
    func testFFprobeCountsTheFrames() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe") else { throw XCTSkip("ffprobe is not installed") }
        let frames = (0..<5).map { shade in
            PremultipliedImage(width: 8, height: 8, fill: PremultipliedPixel(red: 0, green: UInt8(shade * 50), blue: 0, alpha: 255))
        }
        let path = temporaryDirectory().appendingPathComponent("a.apng").path
        try Data(try AnimatedPNG.encode(frames, delayNumerator: 1, delayDenominator: 10)).write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        process.arguments = [
            "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames,codec_name",
            "-of", "csv=p=0", path
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(
            String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines), "apng,5")
    }
}
