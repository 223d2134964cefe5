import XCTest
import Flipbook
import FlipbookGeometry
import FlipbookMotion
import FlipbookRaster
@_spi(Scenes) import FlipbookScene

/// The push/pop frames at the display-list level: which views are drawn where (DESIGN §2, §4).
final class PushPopDisplayListTests: XCTestCase {
    func images(_ ops: [DisplayOp]) -> [(source: String, rect: Rect, mode: ContentMode, opacity: Double)] {
        ops.flatMap { op -> [(String, Rect, ContentMode, Double)] in
            switch op {
            case let .image(source, rect, mode, opacity, _): return [(source, rect, mode, opacity)]
            case let .group(_, children): return images(children)
            default: return []
            }
        }
    }

    func testSnapshotFollowsTheSpringExactly() throws {
        for (preset, select, ret) in [(TransitionPreset.push, 4, nil), (.pop, 2, 11)] as [(TransitionPreset, Int, Int?)] {
            let job = try RenderJob(settings: .small(preset, select: select, returnIndex: ret))
            let index = ret ?? select
            let browser = PhotoBrowserScene(photos: try PhotoLibrary(manifestPath: Package.samplesManifest).photos,
                                            device: job.settings.scene.device, columns: 3)
            let cell = browser.cellFrame(index, scroll: browser.gridScroll(revealing: index))
            let detail = browser.detailFrame(index)
            let (from, to) = preset == .push ? (cell, detail) : (detail, cell)
            let timing = Timing(curve: .spring(dampingRatio: 0.6, initialVelocity: 1), durationSeconds: 0.7)
            for frame in [0, 5, 15, 30, 41] {
                let list = try job.displayList(frameIndex: frame)
                let p = timing.progress(atSeconds: Double(frame) / 60)
                XCTAssertEqual(list.progress, p, accuracy: 1e-12)
                guard let snapshot = images(list.ops).last else { return XCTFail("no snapshot in frame \(frame)") }
                XCTAssertEqual(snapshot.source, browser.photos[index].source)
                XCTAssertEqual(snapshot.mode, .scaleToFill)
                let expected = Rect.interpolate(from: from, to: to, progress: p)
                XCTAssertEqual(snapshot.rect.x, expected.x, accuracy: 1e-9, "\(preset) frame \(frame)")
                XCTAssertEqual(snapshot.rect.y, expected.y, accuracy: 1e-9)
                XCTAssertEqual(snapshot.rect.width, expected.width, accuracy: 1e-9)
                XCTAssertEqual(snapshot.rect.height, expected.height, accuracy: 1e-9)
            }
        }
    }

    func testPushFirstFrameHidesTheCellAndCoversItWithTheSnapshot() throws {
        let job = try RenderJob(settings: .small(.push, select: 5))
        let list = try job.displayList(frameIndex: 0)
        let drawn = images(list.ops)
        let source = drawn.last!.source
        XCTAssertEqual(drawn.filter { $0.source == source }.count, 1, "the cell's own image is hidden")
        // Photo 5 (harvesters_pano) sits at (128, 266, 118, 50) in content; the grid is not scrolled for it.
        XCTAssertEqual(drawn.last!.rect, Rect(x: 128, y: 64 + 266, width: 118, height: 50))
        XCTAssertEqual(list.progress, 0)
        // The detail view is present but fully transparent at progress 0: not drawn.
        XCTAssertFalse(list.ops.contains { if case .fill(_, .black, _, _) = $0 { return true } else { return false } })
    }

    func testPushLastFrameIsTheSettledDetailScreen() throws {
        let job = try RenderJob(settings: .small(.push, select: 1))
        let last = job.timeline.frames.count - 1
        XCTAssertEqual(last, 42, "0.7 s at 60 fps is frames 0…42")
        let list = try job.displayList(frameIndex: last)
        XCTAssertEqual(list.progress, 1)
        let drawn = images(list.ops)
        XCTAssertEqual(drawn.count, 1, "only the detail image, no snapshot, no grid")
        XCTAssertEqual(drawn[0].mode, .scaleAspectFit)
        // grace_hopper 590×765 fitted to 365 wide: h = 365·765/590 = 473.2627…, centred in 64…667.
        let h = 365.0 * 765 / 590
        XCTAssertEqual(drawn[0].rect.x, 5)
        XCTAssertEqual(drawn[0].rect.width, 365, accuracy: 1e-9)
        XCTAssertEqual(drawn[0].rect.height, h, accuracy: 1e-9)
        XCTAssertEqual(drawn[0].rect.y, 64 + (603 - h) / 2, accuracy: 1e-9)
    }

    func testPopLastFrameShowsTheGridAtItsReturnPositionWithNothingMissing() throws {
        let job = try RenderJob(settings: .small(.pop, select: 0, returnIndex: 14))
        let library = try PhotoLibrary(manifestPath: Package.samplesManifest)
        let browser = PhotoBrowserScene(photos: library.photos, device: .iPhone8, columns: 3)
        let scroll = browser.gridScroll(revealing: 14)
        XCTAssertGreaterThan(scroll, 0, "photo 14 is below the first screen")
        let list = try job.displayList(frameIndex: job.timeline.frames.count - 1)
        let drawn = images(list.ops)
        // Every cell that intersects the content area is drawn, each exactly once, at its scrolled frame.
        let visible = browser.layout.cellFrames.indices.filter {
            browser.cellFrame($0, scroll: scroll).intersects(Device.iPhone8.contentArea)
        }
        XCTAssertEqual(drawn.map(\.source), visible.map { browser.photos[$0].source })
        XCTAssertEqual(drawn.map(\.rect), visible.map { browser.cellFrame($0, scroll: scroll) })
        XCTAssertTrue(visible.contains(14))
        // The return cell is fully visible: its bottom + gutter touches the screen's bottom edge.
        XCTAssertEqual(browser.cellFrame(14, scroll: scroll).maxY + 5, 667, accuracy: 1e-9)
    }

    func testPopMidFlightHasTheWhitePatchAndFadingDetail() throws {
        let job = try RenderJob(settings: .small(.pop, select: 3))
        let list = try job.displayList(frameIndex: 10)
        let p = list.progress
        let library = try PhotoLibrary(manifestPath: Package.samplesManifest)
        let browser = PhotoBrowserScene(photos: library.photos, device: .iPhone8, columns: 3)
        let patch = browser.cellFrame(3, scroll: browser.gridScroll(revealing: 3))
        XCTAssertTrue(list.ops.contains(.fill(rect: patch, color: .white, opacity: 1, clip: Clip(rect: Device.iPhone8.contentArea))))
        XCTAssertTrue(list.ops.contains(.fill(rect: Device.iPhone8.bounds, color: .black, opacity: clampOpacity(1 - p), clip: nil)))
    }

    func testBadIndicesNameTheOption() {
        var settings = RenderSettings.small(.push, select: 16)
        XCTAssertThrowsError(try RenderJob(settings: settings)) { error in
            XCTAssertEqual("\(error)", "--select 16 is out of range: the manifest has 16 photos (0…15)")
        }
        settings = .small(.pop, select: 0, returnIndex: 99)
        XCTAssertThrowsError(try RenderJob(settings: settings)) { error in
            XCTAssertEqual("\(error)", "--return 99 is out of range: the manifest has 16 photos (0…15)")
        }
        settings = .small(.push)
        settings.frameRange = 40...43
        XCTAssertThrowsError(try RenderJob(settings: settings)) { error in
            XCTAssertEqual("\(error)", "--frames 40-43 is outside the sequence: it has 43 frames (0-42)")
        }
    }
}
