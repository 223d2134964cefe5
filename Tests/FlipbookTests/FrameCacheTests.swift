import XCTest
import Foundation
@testable import Flipbook
@testable import FlipbookRender
@testable import FlipbookOutput
import FlipbookGeometry
import FlipbookRaster
import FlipbookModel
import FlipbookScenes
import FlipbookFormats

/// The frame cache (occlusion + shared prefixes drawn once) must give exactly the pixels of
/// drawing every op of every frame, for every preset, in any order and on any thread count.
final class FrameCacheTests: XCTestCase {
    /// scripts/render's selections.
    static let presets: [(TransitionPreset, Int, Int?)] = [
        (.push, 3, nil), (.pop, 3, 9), (.zoomPush, 4, nil), (.zoomPop, 4, 10), (.present, 3, nil),
        (.dismiss, 3, 15), (.fadePresent, 6, nil), (.fadeDismiss, 6, nil), (.cardPush, 1, nil), (.cardPop, 1, nil),
    ]

    /// An iPhone SE at 0.25 px/pt (80×142 px, whole pixels, so a full-screen fill covers the
    /// canvas exactly, as at @2x): a debug build draws the ~470 frames twice in seconds.
    static let tinyDevice = Device(name: "se", sizePoints: Size(width: 320, height: 568), scale: 0.25)

    func testEveryPresetFrameIsIdenticalToDrawingEveryOp() throws {
        var framesFromBases = 0, framesSkippingOps = 0
        for (preset, select, returnIndex) in Self.presets {
            var settings = RenderSettings.small(preset, select: select, returnIndex: returnIndex)
            settings.scene.device = Self.tinyDevice
            let job = try RenderJob(settings: settings)
            let renderer = try job.frameRenderer()
            let cache = renderer.cache
            framesFromBases += cache.framesUsingBases
            framesSkippingOps += cache.framesSkippingOccludedOps
            // Two threads, frames handed out in order; results collected by position.
            let images = Slots(count: job.frames.count)
            try renderer.run(threads: 2, progress: nil) { position, _, image in images.set(position, image) }
            for (position, image) in images.all().enumerated() {
                XCTAssertEqual(image, cache.rasterizer.render(cache.lists[position]), "\(preset) frame \(position)")
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
    private let image = DisplayOp.image(source: "a.png", rect: Rect(x: 0, y: 0, width: 10, height: 10),
                                        contentMode: .scaleToFill, opacity: 1, clip: nil)

    private func start(_ cover: DisplayOp) -> (background: UInt32, firstOp: Int) {
        FrameCache.visibleStart(DisplayList(device: device, frameIndex: 0, timeSeconds: 0, progress: 0,
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
            .group(opacity: 1, ops: [full]),
        ]
        for op in notHiding {
            XCTAssertEqual(start(op).firstOp, 0, "\(op)")
            XCTAssertEqual(start(op).background, white)
        }
    }
}
