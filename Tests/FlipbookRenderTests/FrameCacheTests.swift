import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import Foundation
import XCTest

@testable import Flipbook
@testable import FlipbookOutput
@testable import FlipbookRender

/// The frame cache (occlusion + shared prefixes drawn once) must give exactly the pixels of
/// drawing every op of every frame, for every preset, in any order and on any thread count.
final class FrameCacheTests: XCTestCase {
    static let presets = TestScenes.presets
    static let tinyDevice = TestScenes.tinyDevice

    func testEveryPresetFrameIsIdenticalToDrawingEveryOp() throws {
        var framesFromBases = 0, framesSkippingOps = 0
        for (preset, select, returnIndex) in Self.presets {
            var settings = RenderSettings.small(preset, select: select, returnIndex: returnIndex)
            settings.scene.device = Self.tinyDevice
            let job = try RenderJob(settings: settings)
            let renderer = try job.frameRenderer()
            let lists = job.frames.map { job.displayList(frame: $0) }
            let cache = FrameCache(lists: lists, rasterizer: renderer.rasterizer)
            framesFromBases += cache.framesUsingBases
            framesSkippingOps += cache.framesSkippingOccludedOps
            // Two threads, frames handed out in order; results collected by position.
            let images = PositionedResults<PremultipliedImage>(count: job.frames.count)
            try renderer.run(threads: 2, progress: nil) { position, _, list, image in
                XCTAssertEqual(list, lists[position])
                images.set(position, image)
            }
            for (position, image) in images.all().enumerated() {
                XCTAssertEqual(image, cache.rasterizer.render(lists[position]), "\(preset) frame \(position)")
            }
            if preset == .push {
                // The grid under the fading detail is shared; once the detail is opaque the
                // grid is not drawn at all.
                XCTAssertGreaterThanOrEqual(cache.baseCount, 1)
                XCTAssertGreaterThan(cache.framesUsingBases, 10)
                XCTAssertGreaterThan(cache.framesSkippingOccludedOps, 5)
            }
        }
        XCTAssertGreaterThan(framesFromBases, 100)
        XCTAssertGreaterThan(framesSkippingOps, 50)
    }

    /// A sequence longer than two windows of frames (push at 200 fps: 141 frames, three windows,
    /// each with its own display lists and cache): every frame is the plain rendering of its
    /// display list, on 1 and 2 threads alike.
    func testFramesAcrossWindowsAreIdenticalOnAnyThreadCount() throws {
        var settings = RenderSettings.small(.push, select: 3)
        settings.scene.device = Self.tinyDevice
        settings.framesPerSecond = 200
        var results: [[PremultipliedImage]] = []
        for threads in [1, 2] {
            settings.threads = threads
            let job = try RenderJob(settings: settings)
            XCTAssertGreaterThan(job.frames.count, 2 * FrameRenderer.windowFrames)
            let images = PositionedResults<PremultipliedImage>(count: job.frames.count)
            let renderer = try job.frameRenderer()
            try renderer.run(threads: threads, progress: nil) { position, sample, list, image in
                if threads == 2 {
                    XCTAssertEqual(list, job.displayList(frame: sample))
                    XCTAssertEqual(image, renderer.rasterizer.render(list), "frame \(position)")
                }
                images.set(position, image)
            }
            results.append(images.all())
        }
        XCTAssertEqual(results[0], results[1])
    }

    /// Frames rendered alone, out of order and repeated (renderFrames) match a whole run.
    func testRenderFramesInAnyOrder() throws {
        var settings = RenderSettings.small(.pop, select: 3, returnIndex: 9)
        settings.scene.device = Self.tinyDevice
        let job = try RenderJob(settings: settings)
        let all = try job.renderFrames(Array(0..<job.sequence.count))
        let some = try job.renderFrames([30, 2, 2, 41, 0])
        XCTAssertEqual(some, [all[30], all[2], all[2], all[41], all[0]])
    }

    // MARK: occlusion

    private let device = Device(name: "test", sizePoints: Size(width: 100, height: 50), scale: 2)
    private let image = DisplayOp.image(
        source: "a.png", rect: Rect(x: 0, y: 0, width: 10, height: 10),
        contentMode: .scaleToFill, opacity: 1, clip: nil)

    private func start(_ cover: DisplayOp) -> (background: UInt32, firstOp: Int) {
        FrameCache.visibleStart(
            DisplayList(
                device: device, frameIndex: 0, timeSeconds: 0, progress: 0,
                ops: [image, cover, image]))
    }

    func testAnOpaqueFullCanvasFillHidesEverythingBelow() {
        let black = PremultipliedPixel(red: 0, green: 0, blue: 0, alpha: 255).packed
        let white = PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255).packed
        let screen = Rect(x: 0, y: 0, width: 100, height: 50)
        let full = DisplayOp.fill(rect: screen, color: .black, opacity: 1, clip: nil)
        XCTAssertEqual(start(full).firstOp, 2)
        XCTAssertEqual(start(full).background, black)
        // Larger than the screen, or clipped by a square clip that covers the screen: still hides.
        XCTAssertEqual(start(.fill(rect: screen.insetBy(dx: -5, dy: -5), color: .black, opacity: 1, clip: Clip(rect: screen))).firstOp, 2)
        // Translucent colour or opacity, a gap of a quarter pixel, a rounded or smaller clip: not hidden.
        let notHiding: [DisplayOp] = [
            .fill(rect: screen, color: StraightColor(white: 0, alpha: 0.99), opacity: 1, clip: nil),
            .fill(rect: screen, color: .black, opacity: 0.99, clip: nil),
            .fill(rect: Rect(x: 0.125, y: 0, width: 100, height: 50), color: .black, opacity: 1, clip: nil),
            .fill(rect: Rect(x: 0, y: 0, width: 100, height: 49.875), color: .black, opacity: 1, clip: nil),
            .fill(rect: screen, color: .black, opacity: 1, clip: Clip(rect: screen, cornerRadius: 4)),
            .fill(rect: screen, color: .black, opacity: 1, clip: Clip(rect: Rect(x: 0, y: 1, width: 100, height: 49))),
            .group(opacity: 1, ops: [full])
        ]
        for op in notHiding {
            XCTAssertEqual(start(op).firstOp, 0, "\(op)")
            XCTAssertEqual(start(op).background, white)
        }
    }
}

/// Photos decode while frames render (each when a frame first draws it); a broken photo still
/// fails the job with the same error whatever the thread count and whichever frame met it first.
final class OverlappedDecodeTests: ScratchFolderTestCase {
    func testTheFirstBrokenPhotoInPathOrderIsReportedOnAnyThreadCount() throws {
        var png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Package.path("Tests/Fixtures/pngsuite/basn2c08.png"))))
        png[70] ^= 0xFF // inside IDAT: the header reads, the pixels do not
        for name in ["a-broken.png", "z-broken.png"] { try Data(png).write(to: URL(fileURLWithPath: path(name))) }
        let good = Package.path("Samples/photos/camera.png")
        let entries = [good, "z-broken.png", good, good, "a-broken.png"].map { "{\"url\": \"\($0)\"}" }
        try ("{\"content\": [" + entries.joined(separator: ", ") + "]}").write(
            toFile: path("photos.json"), atomically: true, encoding: .utf8)
        for threads in [1, 2] {
            var settings = RenderSettings.small(.push, select: 0)
            settings.scene.device = FrameCacheTests.tinyDevice
            settings.manifestPath = path("photos.json")
            settings.threads = threads
            let job = try RenderJob(settings: settings)
            XCTAssertThrowsError(try job.render()) { error in
                XCTAssertTrue(
                    "\(error)".hasPrefix("\(path("photos.json")): $.content[4].url: \(path("a-broken.png")): corrupt or truncated PNG"),
                    "\(threads) threads: \(error)")
            }
        }
    }
}
