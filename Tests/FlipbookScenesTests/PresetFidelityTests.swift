import Flipbook
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import XCTest

/// The presets against the reference apps' code: chrome, snapshots, hidden
/// views and completions as the apps set them (docs/PRESETS.md). Expected values are
/// worked out by hand from the apps' constants on an iPhone 8 (375×667 pt, bar B = 64).
final class PresetFidelityTests: XCTestCase {
    func job(_ preset: TransitionPreset, select: Int, returnIndex: Int? = nil, scroll: Double = 0, scale: Double = 1) throws -> RenderJob {
        var settings = RenderSettings.small(preset, select: select, returnIndex: returnIndex)
        settings.scene.scrollPoints = scroll
        settings.scene.device.scale = scale
        return try RenderJob(settings: settings)
    }

    func window(_ job: RenderJob, atSeconds t: Double, isFinal: Bool = false) throws -> Layer {
        try TransitionAnimator(job.transition).window(atSeconds: t, isFinal: isFinal)
    }

    func find(_ name: String, in layer: Layer) -> Layer? {
        if layer.name == name { return layer }
        for sublayer in layer.sublayers { if let found = find(name, in: sublayer) { return found } }
        return nil
    }

    func layer(_ name: String, _ window: Layer, file: StaticString = #filePath, line: UInt = #line) throws -> Layer {
        try XCTUnwrap(find(name, in: window), "no layer '\(name)'", file: file, line: line)
    }

    func target(_ name: String, of job: RenderJob) throws -> Rect {
        try XCTUnwrap(
            job.transition.animations.first { $0.target == name && $0.to.frame != nil }?.to.frame, "no frame animation of '\(name)'")
    }

    func assertEqual(_ a: Rect, _ b: Rect, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in [(a.x, b.x), (a.y, b.y), (a.width, b.width), (a.height, b.height)] {
            XCTAssertEqual(x, y, accuracy: 1e-9, "\(a) vs \(b)", file: file, line: line)
        }
    }

    func fills(_ ops: [DisplayOp]) -> [(rect: Rect, color: StraightColor, opacity: Double)] {
        ops.flatMap { op -> [(Rect, StraightColor, Double)] in
            switch op {
            case let .fill(rect, color, opacity, _): return [(rect, color, opacity)]
            case let .group(_, children), let .maskedGroup(_, _, children): return fills(children)
            default: return []
            }
        }
    }

    // MARK: 1. fade-dismiss

    /// The fading modal browser: the browser is removed at once and the container stays clear, so frame 0 shows
    /// the grid, not black; the photo returns to the rect it was presented from even when that
    /// thumbnail is scrolled off screen. Thumbnail 0 at `--scroll 200`: side (375 − 20)/3, at
    /// content (5, 5); the 16 sample photos make 6 rows, 6·(side + 5) + 5 = 745 pt of content, so
    /// the grid scrolls at most 745 − (667 − 64) = 142 pt, and thumbnail 0 is on screen at
    /// y = 64 − 142 + 5 = −73.
    func testFadeDismissShowsTheGridAtOnceAndReturnsToTheStartRect() throws {
        let first = try job(.fadeDismiss, select: 0, scroll: 200)
        let side = 355.0 / 3, maximumScroll = 6 * (side + 5) + 5 - (667 - 64)
        let list = try first.displayList(frameIndex: 0)
        XCTAssertFalse(
            fills(list.ops).contains {
                $0.rect == Rect(x: 0, y: 0, width: 375, height: 667) && $0.color.red == 0 && $0.color.alpha > 0 && $0.opacity > 0
            },
            "no black over the screen in frame 0")
        XCTAssertNil(try layer("container", window(first, atSeconds: 0)).backgroundColor)
        assertEqual(try target("moving image", of: first), Rect(x: 5, y: 64 - maximumScroll + 5, width: side, height: side))
        // On screen too: thumbnail 6 (row 2) at content y = 5 + 2·(355/3 + 5).
        assertEqual(
            try target("moving image", of: job(.fadeDismiss, select: 6)),
            Rect(x: 5, y: 64 + 5 + 2 * (355.0 / 3 + 5), width: 355.0 / 3, height: 355.0 / 3))
    }

    // MARK: 2–4. card-push / card-pop

    /// `toVC.tableView.hidden = YES` during the move; shown in the move's completion (0.5 s).
    func testCardPushHidesTheListUntilTheMoveEnds() throws {
        let push = try job(.cardPush, select: 1)
        XCTAssertTrue(try layer("comment list", window(push, atSeconds: 0)).isHidden)
        XCTAssertTrue(try layer("comment list", window(push, atSeconds: 0.45)).isHidden)
        XCTAssertFalse(try layer("comment list", window(push, atSeconds: 0.55)).isHidden)
        XCTAssertFalse(try layer("comment list", window(push, atSeconds: 0, isFinal: true)).isHidden)
    }

    /// The detail has no navigation bar: a 30×30 round back button at (15, 27) and the top image
    /// from y = −1.5·m = −30, nothing over it.
    func testCardDetailHasNoBarButARoundBackButton() throws {
        let push = try job(.cardPush, select: 1)
        let final = try window(push, atSeconds: 0, isFinal: true)
        XCTAssertTrue(try layer(NavigationBar.layerName, final).isHidden, "no navigation bar on the detail (removed layers are hidden)")
        let button = try layer("back button", final)
        XCTAssertEqual(button.frame, Rect(x: 15, y: 27, width: 30, height: 30))
        XCTAssertEqual(button.cornerRadius, 15)
        XCTAssertEqual(try layer("detail cover", final).frame, Rect(x: 0, y: -30, width: 375, height: 330))
        let list = try push.displayList(frameIndex: push.sequence.count - 1)
        XCTAssertFalse(list.json.contains("Featured"))
        // The carousel's bar slides up off the screen with the move (never fading) and is gone in
        // the detail; the pop slides it back down.
        let pop = try job(.cardPop, select: 1)
        XCTAssertEqual(try layer(NavigationBar.layerName, window(pop, atSeconds: 0)).frame, Rect(x: 0, y: -64, width: 375, height: 64))
        XCTAssertEqual(
            try layer(NavigationBar.layerName, window(pop, atSeconds: 0, isFinal: true)).frame, Rect(x: 0, y: 0, width: 375, height: 64))
        XCTAssertEqual(try layer(NavigationBar.layerName, window(pop, atSeconds: 0.25)).opacity, 1)
    }

    /// Card pop starts from the push's leftover snapshots, above the detail: the white background
    /// at (0, 300, W, H − 300) hiding the list, the card-sized (300×80) title at (0, 300), the
    /// cover on the top image; the detail's own title view is hidden.
    func testCardPopStartsFromThePushLeftovers() throws {
        let pop = try job(.cardPop, select: 1)
        let start = try window(pop, atSeconds: 0)
        XCTAssertEqual(try layer("snapshot card background", start).frame, Rect(x: 0, y: 300, width: 375, height: 367))
        XCTAssertEqual(try layer("snapshot title view", start).frame, Rect(x: 0, y: 300, width: 300, height: 80))
        XCTAssertEqual(try layer("snapshot cover", start).frame, Rect(x: 0, y: -30, width: 375, height: 330))
        XCTAssertTrue(try layer("detail title view", start).isHidden)
        let container = try layer("container", start).sublayers.map(\.name)
        XCTAssertEqual(container, ["carousel", "detail", "snapshot card background", "snapshot title view", "snapshot cover"])
        // They end on card 1, centred: x = (375 − 300)/2, y = 64 + (603 − 344)/2.
        assertEqual(try target("snapshot card background", of: pop), Rect(x: 37.5, y: 193.5, width: 300, height: 344))
        assertEqual(try target("snapshot title view", of: pop), Rect(x: 37.5, y: 457.5, width: 300, height: 80))
    }

    /// Push's follow-up: the table's top to T + K − m − 30 = 330; the title view does not clip;
    /// the background snapshot to (0, 300, W, H − 300) above the detail; the title snapshot only
    /// moves (stays 300×80); no snapshot corner animates.
    func testCardPushFollowUpAndSnapshots() throws {
        let push = try job(.cardPush, select: 1)
        let final = try window(push, atSeconds: 0, isFinal: true)
        XCTAssertEqual(try layer("comment list", final).frame, Rect(x: 0, y: 330, width: 375, height: 337))
        XCTAssertEqual(try layer("detail title view", final).frame, Rect(x: 0, y: 280, width: 375, height: 20))
        XCTAssertFalse(try layer("detail title view", final).clipsToBounds)
        XCTAssertEqual(try target("snapshot card background", of: push), Rect(x: 0, y: 300, width: 375, height: 367))
        XCTAssertEqual(try target("snapshot title view", of: push), Rect(x: 0, y: 300, width: 300, height: 80))
        XCTAssertFalse(push.transition.animations.contains { $0.to.cornerRadius != nil }, "snapshot corners do not animate")
        let container = try layer("container", window(push, atSeconds: 0)).sublayers.map(\.name)
        XCTAssertEqual(container, ["carousel", "detail", "snapshot card background", "snapshot title view", "snapshot cover"])
    }

    // MARK: 7. transparent photos in pop

    /// The waterfall app's pop snapshot has a red background: behind retina.png (RGBA) it shows red.
    func testPopSnapshotIsRedBehindTransparentPhotos() throws {
        let pop = try job(.pop, select: 3)
        let snapshot = try layer("snapshot", window(pop, atSeconds: 0))
        XCTAssertEqual(snapshot.backgroundColor, StraightColor(red: 1, green: 0, blue: 0))
        let list = try pop.displayList(frameIndex: 0)
        XCTAssertTrue(fills(list.ops).contains { $0.rect == snapshot.frame && $0.color == StraightColor(red: 1, green: 0, blue: 0) })
    }

    // MARK: 8. rounded clips at the screen edge

    /// card-push --select 1, frame 0 at 2×: card 2 runs off the right edge (x 352.5 … 652.5 pt)
    /// from y = 193.5 pt. The screen cuts it straight: the last column (x = 749 px) is the card's
    /// cover from its first row (387 px) on, not the grey carousel behind a rounded corner.
    func testCardsAreCutStraightAtTheScreenEdge() throws {
        let image = try job(.cardPush, select: 1, scale: 2).renderFrame(0)
        XCTAssertEqual(image.width, 750)
        let grey = StraightPixel(red: 240, green: 240, blue: 240, alpha: 255)
        XCTAssertEqual(image[749, 385].straight, grey, "above the card: carousel grey")
        for y in [387, 388, 390] { XCTAssertNotEqual(image[749, y].straight, grey, "row \(y) at the screen edge is the card") }
        // The card's own rounded corner (at its left edge, 705 px) is still rounded.
        XCTAssertEqual(image[705, 387].straight, grey)
    }

    // MARK: Subtle: tall photos, zoom, cell vs snapshot

    /// The waterfall app flies to the width-fit rect: petra_tall (900×1800) at w = 365, h = 730,
    /// y = 64 + (603 − 730)/2 = 0.5; the detail then shows it aspect-fit (the jump). Seeds
    /// 003/004: (0, (667 − 750)/2, 375, 750) = (0, −41.5, 375, 750).
    func testTallPhotosFlyToTheWidthFitRect() throws {
        assertEqual(try target("snapshot", of: job(.push, select: 12)), Rect(x: 5, y: 0.5, width: 365, height: 730))
        let detail = try layer("detail image", window(job(.push, select: 12), atSeconds: 0, isFinal: true))
        XCTAssertEqual(detail.frame.height, 603)
        for preset in [TransitionPreset.present, .fadePresent] {
            assertEqual(try target("moving image", of: job(preset, select: 12)), Rect(x: 0, y: -41.5, width: 375, height: 750))
        }
    }

    /// The zoom browser pops to the selected item with the grid where push left it: `--return` does not
    /// apply, and the snapshot lands on the selected cell.
    func testZoomPopReturnsToTheSelectedCell() throws {
        XCTAssertFalse(TransitionPreset.zoomPop.sceneOptions.contains(.return))
        XCTAssertEqual(
            try target("snapshot", of: job(.zoomPop, select: 3, returnIndex: 9)),
            try target("snapshot", of: job(.zoomPop, select: 3)))
        XCTAssertEqual(
            try window(job(.zoomPush, select: 3), atSeconds: 0).sublayers[0].sublayers[0].boundsOrigin,
            try window(job(.zoomPop, select: 3), atSeconds: 0).sublayers[0].sublayers[1].boundsOrigin)
    }

    /// Zoom push's snapshot is `snapshotView` of the aspect-fill cell: the crop, stretched.
    func testZoomPushSnapshotsTheCell() throws {
        let snapshot = try layer("snapshot", window(job(.zoomPush, select: 4), atSeconds: 0))
        XCTAssertEqual(snapshot.snapshotOf, "cell 4")
        XCTAssertNil(snapshot.imageSource)
    }

    /// At the tap the cell gives way to the snapshot without a pixel changing: push's frame 0 (the
    /// snapshot over the hidden cell) and pop's last frame (the cell itself, same scroll) are the
    /// same inside the cell, for every photo on the first screen.
    func testCellAndSnapshotShowTheSamePixels() throws {
        for index in [0, 1, 3, 5, 8] {
            let push = try job(.push, select: index), pop = try job(.pop, select: index)
            let a = try push.renderFrame(0), b = try pop.renderFrame(pop.sequence.count - 1)
            let cell = try layer("snapshot", window(push, atSeconds: 0)).frame
            var changed = 0, total = 0
            for y in Int(cell.minY.rounded(.up))..<Int(cell.maxY.rounded(.down)) where y >= 64 {
                for x in Int(cell.minX.rounded(.up))..<Int(cell.maxX.rounded(.down)) {
                    total += 1
                    if a[x, y] != b[x, y] { changed += 1 }
                }
            }
            XCTAssertGreaterThan(total, 1000)
            XCTAssertEqual(changed, 0, "photo \(index): \(changed) of \(total) pixels change at the tap")
        }
    }
}
