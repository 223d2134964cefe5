import FlipbookCodecs
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookTestSupport
import Foundation
import XCTest

@testable import Flipbook
@testable import FlipbookLock
@testable import FlipbookOutput

/// Review pages, `verify --review` and animated PNGs hold a few frames, not sequences: `verify
/// --review` of a 43-frame 2000 × 2000 lock drew every lock frame before writing any (0.9 GB),
/// `review A B --markdown` held up to 300 decoded frames a side (out of memory at 2000 px), and
/// an animated PNG kept every encoded frame until its end (40 MB more per 8000-px frame).
final class ComparisonMemoryTests: ScratchFolderTestCase {
    /// Drawing a lock again draws nothing until a frame is asked for: a lock of 23 frames of
    /// 400 × 600 px (0.96 MB each) costs its display lists and the photos it draws, not 22 MB
    /// of frames, and drawing frames one after the other holds about one.
    func testALockDrawnAgainDrawsAFrameWhenAsked() throws {
        var settings = RenderSettings.small(.push, select: 3)
        settings.scene.device = Device(name: "tall", sizePoints: Size(width: 400, height: 600), scale: 1)
        settings.framesPerSecond = 40
        let job = try RenderJob(settings: settings)
        let lock = try SequenceLock.make(job: job)
        XCTAssertGreaterThanOrEqual(lock.frames.count, 20)
        let frameBytes = 400 * 600 * 4
        var reference: LockedReference?
        let made = try XCTUnwrap(try peakMemoryGrowth { reference = try LockedReference(lock: lock, job: job) }, "no /proc/self/clear_refs")
        XCTAssertLessThan(made, 8 * frameBytes, "drawing the lock again held \(made) bytes before any frame was asked for")
        let drawn = try XCTUnwrap(
            peakMemoryGrowth {
                for position in stride(from: 0, to: reference!.count, by: 3) {
                    XCTAssertEqual(SequenceLock.pixelHash(reference!.image(at: position)), lock.frames[position].pixelHash)
                }
            })
        XCTAssertLessThan(drawn, 8 * frameBytes, "drawing frames in turn held \(drawn) bytes")
    }

    /// A render folder of `count` frames of `width × height` px: grey, with a square that moves
    /// by `shift` px, and its timeline.json.
    private func folder(_ name: String, count: Int, width: Int, height: Int, shift: Int) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var frames: [String] = []
        for index in 0..<count {
            var image = PremultipliedImage(
                width: width, height: height, fill: PremultipliedPixel(red: 200, green: 200, blue: 200, alpha: 255))
            for y in 100..<140 {
                for x in (100 + index + shift)..<(140 + index + shift) {
                    image[x, y] = PremultipliedPixel(red: 20, green: 60, blue: 160, alpha: 255)
                }
            }
            try PNGEncoder.write(image, toPath: path + "/" + String(format: "frame_%04d.png", index))
            frames.append("{\"index\": \(index), \"time\": \(Double(index) / 30), \"progress\": \(Double(index) / Double(count - 1))}")
        }
        try "{\"preset\": \"push\", \"fingerprint\": \"0000000000000000\", \"fps\": 30, \"frames\": [\(frames.joined(separator: ", "))]}"
            .write(toFile: path + "/timeline.json", atomically: true, encoding: .utf8)
        return path
    }

    /// `review A B --markdown` of two 24-frame sequences of 800 × 800 px: before, both sides'
    /// decoded frames were held for the animated PNGs (151 MB at its peak); now each thread
    /// holds its pair and the animated PNGs are written a frame at a time (38 MB).
    func testReviewWithMarkdownHoldsAFewFramesNotTheSequences() throws {
        let a = try folder("a", count: 24, width: 800, height: 800, shift: 0)
        let b = try folder("b", count: 24, width: 800, height: 800, shift: 3)
        let page = directory.appendingPathComponent("page").path
        let run = try runMeasuringMemory(["review", a, b, "--out", page, "--markdown", page + ".md"])
        XCTAssertEqual(run.status, 1)
        XCTAssertLessThan(run.maxResidentKilobytes, 80_000, "review held \(run.maxResidentKilobytes) KB")
        for side in 0..<2 {
            let summary = try AnimatedPNG.summary(ofFileAt: page + "/side\(side).apng")
            XCTAssertEqual(summary.frameCount, 24)
            // 1/30 s as the page writes it: 100/3000.
            XCTAssertEqual(summary.delaysSeconds, Array(repeating: 100.0 / 3000, count: 24))
        }
    }

    /// An animated PNG export writes each frame as soon as the frames before it are written:
    /// its temporary file grows frame by frame (before, it stayed empty until the end, every
    /// encoded frame in memory), and a frame that arrives early is the only one held.
    func testAnAnimatedPNGIsWrittenFrameByFrame() throws {
        let path = directory.appendingPathComponent("clip.apng").path
        let export = try AnimatedPNGExport(path: path, widthPixels: 64, heightPixels: 48, framesPerSecond: 10, frameCount: 6, scale: 1)
        func temporarySize() throws -> Int {
            let name = try XCTUnwrap(
                try FileManager.default.contentsOfDirectory(atPath: directory.path).first { $0.hasPrefix(".clip.apng.tmp") })
            return try XCTUnwrap(FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.size] as? Int)
        }
        func frame(_ index: Int) -> PremultipliedImage {
            PremultipliedImage(width: 64, height: 48, fill: PremultipliedPixel(red: UInt8(40 * index), green: 90, blue: 200, alpha: 255))
        }
        var sizes: [Int] = []
        for index in [0, 1, 3, 2, 5, 4] {
            try export.append(frame(index), at: index)
            sizes.append(try temporarySize())
        }
        // Frame 3 waits for 2, then both are written; 5 waits for 4.
        XCTAssertGreaterThan(sizes[0], 0)
        XCTAssertGreaterThan(sizes[1], sizes[0])
        XCTAssertEqual(sizes[2], sizes[1])
        XCTAssertGreaterThan(sizes[3], sizes[2])
        XCTAssertEqual(sizes[4], sizes[3])
        XCTAssertEqual(export.mostFramesHeld, 1)
        try export.finish()
        try export.commit()
        XCTAssertEqual(try AnimatedPNG.summary(ofFileAt: path).frameCount, 6)
        let frames = try AnimatedPNG.framePNGs(of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        for (index, png) in frames.enumerated() { XCTAssertEqual(try ImageDecoder.decode(png, name: "frame \(index)"), frame(index)) }
    }
}
