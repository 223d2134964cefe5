import Flipbook
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import XCTest

/// The push/pop frames at the display-list level: which views are drawn where (docs/PRESETS.md).
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

    /// The flying snapshot at frames 0, 5, 15 (the overshoot), 30 and 41. Expected values worked
    /// out by hand from the layout rules (3 columns of 118 pt, gutter 5, heights truncated) and the
    /// reference spring's progress (Tests/Fixtures/timing/spring_d0.7_z0.6_v1.0.csv, frame = row):
    /// push 4 (petra_portrait 1200×1800) flies from its cell (5, 330, 118, 177), unscrolled, to
    /// the detail (5, 91.75, 365, 547.5); pop from 2 returning to 11 (astronaut, 512×512, reached
    /// by a swipe, so the app laid its temporary image view out again in the 603 pt tall view:
    /// y = 64 + (603 − 64 − 365)/2 = 151) flies from (5, 151, 365, 365) to the cell
    /// (128, 544, 118, 118), the grid scrolled by 24 pt.
    func testSnapshotFollowsTheSpring() throws {
        let progress: [Int: Double] = [0: 0, 5: 0.498894908113923, 15: 1.09498047889152, 30: 0.991004817010718, 41: 1.00005170533314]
        let cases: [(TransitionPreset, select: Int, returnIndex: Int?, photo: String, rects: [Int: Rect])] = [
            (
                .push, 4, nil, "photos/petra_portrait.jpg",
                [
                    0: Rect(x: 5, y: 330, width: 118, height: 177),
                    5: Rect(x: 5, y: 211.138288142, width: 241.227042304, height: 361.840563456),
                    15: Rect(x: 5, y: 69.120900904, width: 388.460178286, height: 582.690267429),
                    30: Rect(x: 5, y: 93.893102347, width: 362.778189802, height: 544.167284702),
                    41: Rect(x: 5, y: 91.737681204, width: 365.012771217, height: 547.519156826)
                ]
            ),
            (
                .pop, 2, 11, "photos/astronaut.png",
                [
                    0: Rect(x: 5, y: 151, width: 365, height: 365),
                    5: Rect(x: 66.364073698, y: 347.065698889, width: 241.772957696, height: 241.772957696),
                    15: Rect(x: 139.682598904, y: 581.327328204, width: 94.539821714, height: 94.539821714),
                    30: Rect(x: 126.893592492, y: 540.464893085, width: 120.221810198, height: 120.221810198),
                    41: Rect(x: 128.006359756, y: 544.020320196, width: 117.987228783, height: 117.987228783)
                ]
            )
        ]
        for (preset, select, returnIndex, photo, rects) in cases {
            let job = try RenderJob(settings: .small(preset, select: select, returnIndex: returnIndex))
            for (frame, expected) in rects.sorted(by: { $0.key < $1.key }) {
                let list = try job.displayList(frameIndex: frame)
                XCTAssertEqual(list.progress, progress[frame]!, accuracy: 1e-12, "\(preset) frame \(frame)")
                let snapshot = try XCTUnwrap(images(list.ops).last, "no snapshot in \(preset) frame \(frame)")
                XCTAssertTrue(snapshot.source.hasSuffix(photo), "\(preset) frame \(frame): \(snapshot.source)")
                XCTAssertEqual(snapshot.mode, .scaleToFill)
                XCTAssertEqual(snapshot.rect.x, expected.x, accuracy: 1e-9, "\(preset) frame \(frame)")
                XCTAssertEqual(snapshot.rect.y, expected.y, accuracy: 1e-9, "\(preset) frame \(frame)")
                XCTAssertEqual(snapshot.rect.width, expected.width, accuracy: 1e-9, "\(preset) frame \(frame)")
                XCTAssertEqual(snapshot.rect.height, expected.height, accuracy: 1e-9, "\(preset) frame \(frame)")
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
        let list = try job.displayList(frameIndex: job.timeline.frames.count - 1)
        let drawn = images(list.ops)
        // The grid scrolled 107 pt to reveal photo 14: every cell that intersects the content
        // area (photos 1…15; photo 0 ends above it) drawn once, at its scrolled frame. Three
        // columns of 118 pt at x 5, 128, 251 with 5 pt gutters; heights from the manifest's aspects.
        let expected: [(file: String, rect: Rect)] = [
            ("grace_hopper.jpg", Rect(x: 251, y: -38, width: 118, height: 153)),
            ("coffee.jpg", Rect(x: 5, y: 61, width: 236, height: 157)),
            ("retina.png", Rect(x: 251, y: 120, width: 118, height: 118)),
            ("petra_portrait.jpg", Rect(x: 5, y: 223, width: 118, height: 177)),
            ("harvesters_pano.jpg", Rect(x: 128, y: 223, width: 118, height: 50)),
            ("raccoon.jpg", Rect(x: 251, y: 243, width: 118, height: 88)),
            ("arches_portrait.jpg", Rect(x: 128, y: 278, width: 118, height: 178)),
            ("spices_square.jpg", Rect(x: 251, y: 336, width: 118, height: 118)),
            ("rocket.jpg", Rect(x: 5, y: 405, width: 118, height: 78)),
            ("petra_pano.jpg", Rect(x: 251, y: 459, width: 118, height: 47)),
            ("astronaut.png", Rect(x: 128, y: 461, width: 118, height: 118)),
            ("petra_tall.jpg", Rect(x: 5, y: 488, width: 118, height: 236)),
            ("hubble_deep_field.jpg", Rect(x: 251, y: 511, width: 118, height: 102)),
            ("arches.jpg", Rect(x: 128, y: 584, width: 118, height: 78)),
            ("camera.png", Rect(x: 251, y: 618, width: 118, height: 118))
        ]
        XCTAssertEqual(drawn.map { ($0.source as NSString).lastPathComponent }, expected.map(\.file))
        XCTAssertEqual(drawn.map(\.rect), expected.map(\.rect))
        // The return cell (photo 14, arches.jpg) is fully visible: its bottom + gutter touches the
        // screen's bottom edge, 584 + 78 + 5 = 667.
        XCTAssertEqual(expected[13].rect.maxY + 5, 667)
    }

    func testPopMidFlightHasTheWhitePatchAndFadingDetail() throws {
        let job = try RenderJob(settings: .small(.pop, select: 3))
        let list = try job.displayList(frameIndex: 10)
        XCTAssertEqual(list.progress, 0.975713219842295, accuracy: 1e-12) // the reference CSV, frame 10
        // Photo 3 (retina, 1000×1000) sits at (251, 163, 118, 118) in content, unscrolled: + 64 pt of bars.
        let patch = Rect(x: 251, y: 227, width: 118, height: 118)
        XCTAssertTrue(list.ops.contains(.fill(rect: patch, color: .white, opacity: 1, clip: Clip(rect: Device.iPhone8.contentArea))))
        // The detail view starts below the opaque 64 pt bar (from iOS 15 a transparent bar shows
        // the window, not the detail's black, above it): 375 × (667 − 64).
        let detailRect = Rect(x: 0, y: 64, width: 375, height: 603)
        let detail = list.ops.first { if case .fill(detailRect, .black, _, nil) = $0 { return true } else { return false } }
        guard case let .fill(_, _, opacity, _)? = detail else { return XCTFail("no fading black detail background") }
        XCTAssertEqual(opacity, 1 - 0.975713219842295, accuracy: 1e-12)
    }

    func testBadIndicesNameTheOption() {
        var settings = RenderSettings.small(.push, select: 16)
        XCTAssertThrowsError(try RenderJob(settings: settings)) { error in
            XCTAssertEqual("\(error)", "SceneOptions.selectedIndex 16 is out of range: the manifest has 16 photos (0…15)")
        }
        settings = .small(.pop, select: 0, returnIndex: 99)
        XCTAssertThrowsError(try RenderJob(settings: settings)) { error in
            XCTAssertEqual("\(error)", "SceneOptions.returnIndex 99 is out of range: the manifest has 16 photos (0…15)")
        }
        settings = .small(.push)
        settings.frameRange = 40...43
        XCTAssertThrowsError(try RenderJob(settings: settings)) { error in
            XCTAssertEqual("\(error)", "RenderSettings.frameRange 40-43 is outside the sequence: it has 43 frames (0-42)")
        }
    }
}
