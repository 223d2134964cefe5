// The app's push, recorded from its own animator and checked against goldens (in __Goldens__
// beside this file; `FLIPBOOK_RECORD=missing swift test` writes missing ones).
import Flipbook
import FlipbookTesting
import FlipbookUIKit
import Foundation
import XCTest

#if canImport(GalleryApp)
    import GalleryApp
#endif

/// The app's images (Assets/ beside Package.swift).
private let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Assets")

// UIKit (and so a recording) is main-actor isolated: the tests that record are `@MainActor`
// and `async` — on Linux, XCTest aborts at a synchronous test that is `@MainActor`, itself or
// through its class.
final class ZoomTransitionTests: XCTestCase {
    /// A tap on the second photo: the push the app's ZoomAnimator animates, its images found
    /// in `resources` (the package's Assets folder unless a test says otherwise), on an iPhone 8
    /// at `scale` (1 by default: small goldens; the geometry is the same at every scale).
    @MainActor
    private func recordPush(resources: URL = assets, scale: Double = 1) throws -> Transition {
        var device = Device.iPhone8
        device.scale = scale
        return try Transition.record(device: device, resources: resources) { window in
            let gallery = GalleryViewController()
            gallery.photoNames = ["rocket.jpg", "coffee.jpg", "rocket.jpg", "coffee.jpg"]
            window.rootViewController = UINavigationController(rootViewController: gallery)
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            let tapped = IndexPath(item: 1, section: 0)
            gallery.collectionView.selectItem(at: tapped, animated: false, scrollPosition: [])
            gallery.collectionView(gallery.collectionView, didSelectItemAt: tapped)
        }
    }

    @MainActor
    func testPushFrames() async throws {
        let job = try RenderJob(settings: RenderSettings(transition: try recordPush()))
        // 0.6 s spring, then the caption's 0.25 s follow-up: 0.85 s at 60 fps.
        XCTAssertEqual(job.sequence.count, 52)
        assertGolden(of: try job.renderFrame(0), as: .image, named: "zoom-push-0")
        assertGolden(of: try job.renderFrame(12), as: .image, named: "zoom-push-12")
        assertGolden(of: try job.renderFrame(job.sequence.count - 1), as: .image, named: "zoom-push-last")
    }

    /// The push at 15 frames a second, for its sequence lock: a few kilobytes per frame's
    /// display list and pixel hash, so every frame is checked without a PNG per frame.
    @MainActor
    private func pushJob(resources: URL = assets) throws -> RenderJob {
        var settings = RenderSettings(transition: try recordPush(resources: resources))
        settings.framesPerSecond = 15
        return try RenderJob(settings: settings)
    }

    /// Every frame of the push, locked. The lock names the photos relative to the recording's
    /// `resources:` folder (`image "$RESOURCES/coffee.jpg"`), never by the recording machine's path.
    @MainActor
    func testPushSequence() async throws {
        assertGolden(of: try pushJob(), as: .sequence, named: "zoom-push")
    }

    /// The frames of the locked push, for a review page: written only when `REVIEW_FRAMES` names a
    /// folder (the CI workflow does so after a failure, once on the pull request's code and once on
    /// the base branch's, docs/APP-CI.md), to `$REVIEW_FRAMES/zoom-push/` as `flipbook render`
    /// writes a folder: the PNG frames and their `timeline.json`.
    @MainActor
    func testReviewFrames() async throws {
        guard let folder = ProcessInfo.processInfo.environment["REVIEW_FRAMES"] else {
            throw XCTSkip("writes the push's frames for a review page when REVIEW_FRAMES names a folder")
        }
        try await pushJob().write(to: URL(fileURLWithPath: folder).appendingPathComponent("zoom-push").path)
    }

    /// The same lock verified with the assets somewhere else, as in another checkout (a CI
    /// runner's): it holds, because no path of the machine that recorded it is in it.
    @MainActor
    func testPushSequenceHoldsWithTheAssetsElsewhere() async throws {
        let checkout = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gallery-\(ProcessInfo.processInfo.globallyUniqueString)")
        defer { try? FileManager.default.removeItem(at: checkout) }
        let moved = checkout.appendingPathComponent("runner/work/GalleryApp/Assets")
        try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: assets, to: moved)
        assertGolden(of: try pushJob(resources: moved), as: .sequence, named: "zoom-push", record: .never)
    }

    /// The workload of `scripts/bench consumer` (docs/PERFORMANCE.md), not part of the suite: the
    /// push recorded at the iPhone 8's own 375×667 @2x and 49 fps (43 frames), then locked and
    /// verified against the lock in `FLIPBOOK_BENCH_GOLDENS` (recorded by the bench's first run).
    @MainActor
    func testBenchRecordAndVerifyAtTwoX() async throws {
        guard let goldens = ProcessInfo.processInfo.environment["FLIPBOOK_BENCH_GOLDENS"] else {
            throw XCTSkip("the workload of scripts/bench consumer (FLIPBOOK_BENCH_GOLDENS names its lock's folder)")
        }
        let transition = try recordPush(scale: 2)
        var settings = RenderSettings(transition: transition)
        settings.framesPerSecond = 49
        let job = try RenderJob(settings: settings)
        XCTAssertEqual(job.sequence.count, 43)
        assertGolden(of: job, as: .sequence, named: "bench-zoom-push-2x", record: .missing, goldensDirectory: goldens)
    }

    @MainActor
    func testPushExportsToATransitionFileThatRendersTheSame() async throws {
        let transition = try recordPush()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gallery-\(ProcessInfo.processInfo.globallyUniqueString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("zoom-push.json")
        try TransitionFile.json(for: transition, relativeTo: folder.path).write(to: file, atomically: true, encoding: .utf8)
        let fromFile = try RenderJob(settings: RenderSettings(transitionFile: file.path))
        let direct = try RenderJob(settings: RenderSettings(transition: transition))
        XCTAssertEqual(try fromFile.renderFrame(12).pixels, try direct.renderFrame(12).pixels)
    }
}
