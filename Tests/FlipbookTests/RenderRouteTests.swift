import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import Foundation
import Synchronization
// Every route to a frame's pixels — `flipbook render` (the job's frame windows and caches),
// `RenderJob.renderFrame(s)`, a shard's frame range and `flipbook inspect`'s display list —
// gives the same pixels, on a phone with a home indicator, whose tone depends on the frames
// before it (docs/CHROME.md).
import XCTest

@testable import Flipbook

final class RenderRouteTests: XCTestCase {
    /// A small phone with the X's 88 pt of bars, so the notch layout and the home indicator, at
    /// 1×: 180×400 px frames keep the test cheap in debug builds.
    static let device = Device(
        name: "180x400 notch", sizePoints: Size(width: 180, height: 400), scale: 1,
        topBarHeightPoints: 88, cutout: .notch)

    /// Frame ranges a shard or `--frames` may get, besides the whole sequence: one starting
    /// mid-sequence and running to its end — where the sequence is longer than one window of
    /// `FrameRenderer.windowFrames`, longer than a window too (its own window boundary inside it)
    /// — and, there, one across the whole job's window boundary.
    static func ranges(frameCount: Int) -> [ClosedRange<Int>] {
        let window = FrameRenderer.windowFrames
        guard frameCount > window + 8 else { return [(frameCount / 3)...(frameCount - 1)] }
        return [5...(frameCount - 1), (window - 3)...(window + 1)]
    }

    /// Renders `settings`' frames through the job's own frame renderer (what `render` and a shard
    /// write), keyed by frame index, with the display list each was drawn from.
    static func rendered(_ settings: RenderSettings) throws -> [Int: (list: DisplayList, image: PremultipliedImage)] {
        try rendered(RenderJob(settings: settings))
    }

    static func rendered(_ job: RenderJob) throws -> [Int: (list: DisplayList, image: PremultipliedImage)] {
        let results = Mutex<[Int: (list: DisplayList, image: PremultipliedImage)]>([:])
        try job.frameRenderer().run(threads: 2, progress: nil) { _, sample, list, image in
            results.withLock { $0[sample.index] = (list, image) }
        }
        return results.withLock { $0 }
    }

    func testEveryRouteDrawsTheSamePixelsOnAHomeIndicatorPhone() throws {
        for preset in TransitionPreset.allCases {
            var settings = RenderSettings.small(preset, select: 3, returnIndex: 3)
            settings.scene.device = Self.device
            let job = try RenderJob(settings: settings)
            let count = job.sequence.count
            XCTAssertNotNil(StatusBar.homeIndicator(device: job.device), "the device draws the indicator")
            // `render`: every frame through the frame windows.
            let whole = try Self.rendered(job)
            XCTAssertEqual(whole.count, count, "\(preset)")
            // Shards: each range's frames as in the whole render.
            for range in Self.ranges(frameCount: count) {
                var part = settings
                part.frameRange = range
                let shard = try Self.rendered(part)
                XCTAssertEqual(shard.keys.sorted(), Array(range), "\(preset) shard \(range)")
                for index in range where shard[index]?.image != whole[index]?.image {
                    XCTFail("\(preset) frame \(index): shard \(range) vs render")
                }
            }
            // `renderFrame(s)`: the first and last frames, either side of each range's start, and
            // either side of the window boundary.
            let window = FrameRenderer.windowFrames
            let picked = Set(
                [0, 1, count - 1, window - 1, window] + Self.ranges(frameCount: count).flatMap { [$0.lowerBound - 1, $0.lowerBound] }
            )
            .filter { (0..<count).contains($0) }.sorted()
            let images = try job.renderFrames(picked)
            for (index, image) in zip(picked, images) where image != whole[index]?.image {
                XCTFail("\(preset) frame \(index): renderFrames vs render")
            }
            XCTAssertEqual(try job.renderFrame(count - 1), whole[count - 1]?.image, "\(preset): renderFrame")
            // `inspect`: the display list it prints (`displayList(frameIndex:)`, which renderFrames
            // draws too) is the one `render` drew.
            for index in picked {
                XCTAssertEqual(try job.displayList(frameIndex: index), whole[index]?.list, "\(preset) frame \(index): inspect vs render")
            }
        }
    }

    /// The ranges above start mid-sequence and cross the window boundary where there is one.
    func testTheRangesCrossTheWindowBoundary() {
        XCTAssertEqual(Self.ranges(frameCount: 91), [5...90, 61...65])
        XCTAssertEqual(Self.ranges(frameCount: 43), [14...42])
    }

    /// `fade-present` over 1.5 s (91 frames), the pill's centre pixel at frames 0, 45, 50, 63, 64,
    /// 70 and 90, through `render`, a frame range and `renderFrames` (on an iPhone X `render` drew
    /// 0, 0, 255, 255, 24, 33, 61 when its first 64 frames snapped to the tone): the container
    /// turns black with the progress p (its alpha is p over the grid's white), so the indicator
    /// heads for white from the first frame whose backdrop is darker than mid-grey, and its grey is
    /// 255 · (t − t_flip) / 3 from there, 3 s being SpringBoard's linear fade.
    func testFadePresentFadesThePillInEveryRoute() throws {
        var settings = RenderSettings.small(.fadePresent, select: 3)
        settings.scene.device = Self.device
        settings.timing = Timing(curve: .bezier(.easeInEaseOut), durationSeconds: 1.5)
        let job = try RenderJob(settings: settings)
        XCTAssertEqual(job.sequence.count, 91)
        let targets = job.sequence.map { StatusBar.homeIndicatorTargetTone(job.ops(frame: $0), device: job.device) }
        let flip = try XCTUnwrap(targets.firstIndex(of: 1))
        XCTAssertTrue(targets[..<flip].allSatisfy { $0 == 0 } && targets[flip...].allSatisfy { $0 == 1 })
        var part = settings
        part.frameRange = 40...70
        let range = try Self.rendered(part)
        let picked = [0, 45, 50, 63, 64, 70, 90]
        for (index, image) in zip(picked, try job.renderFrames(picked)) {
            let time = job.sequence[index].timeSeconds
            let grey = index < flip ? 0 : 255 * (time - job.sequence[flip].timeSeconds) / 3
            XCTAssertEqual(Double(image[Int(image.width / 2), image.height - 11].red), grey, accuracy: 1, "frame \(index)")
            if let fromRange = range[index]?.image { XCTAssertEqual(fromRange, image, "frame \(index): range 40…70 vs renderFrames") }
        }
    }
}
