import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import XCTest

final class ModalBrowserTests: XCTestCase {
    /// 20 photos: 0 is 600×400 (3:2), 1 is 900×1800 (taller than the screen when fitted), others square.
    let photos: [ScenePhoto] = (0..<20).map { index in
        let size = index == 0 ? Size(width: 600, height: 400) : index == 1 ? Size(width: 900, height: 1800) : Size(width: 500, height: 500)
        return ScenePhoto(source: "p\(index).jpg", sizePixels: size)
    }
    let side = (375.0 - 20) / 3 // 118.333…

    func scene(scroll: Double = 0) -> ModalBrowserScene { ModalBrowserScene(photos: photos, device: .iPhone8, scrollPoints: scroll) }

    func testThumbnailGridIsThreeSquareColumnsBelowTheBar() {
        let scene = scene(scroll: 30)
        XCTAssertEqual(scene.cellSidePoints, side, accuracy: 1e-12)
        // Photo 4: column 1, row 1 → content (5 + side + 5, 5 + side + 5); on screen + 64 − 30.
        assertRect(scene.cellFrame(4), Rect(x: 10 + side, y: 10 + side + 34, width: side, height: side))
        // The cells in the display list are aspect-fill and clipped to their squares, inside the content area.
        let cell = imageOps(ops(screen: scene.gridScreen()), source: "p4.jpg")
        XCTAssertEqual(cell.count, 1)
        XCTAssertEqual(cell.first?.mode, .scaleAspectFill)
        assertRect(cell.first?.clip?.rect, scene.cellFrame(4))
    }

    /// `--scroll` is clamped as a scroll view clamps `contentOffset`: 20 photos make 7 rows,
    /// 7·(side + 5) + 5 = 868.33 pt of content in the 603 pt below the bar, so at most 265.33 pt;
    /// scrolled that far the last row's bottom (plus the 5 pt inset) is the screen's bottom edge,
    /// and no white shows under it. A negative offset is 0; a grid that fits does not scroll.
    func testScrollIsClampedToTheContent() {
        let maximum = 7 * (side + 5) + 5 - (667 - 64)
        XCTAssertEqual(scene(scroll: 10_000).scrollPoints, maximum, accuracy: 1e-9)
        XCTAssertEqual(scene(scroll: 200).scrollPoints, 200)
        XCTAssertEqual(scene(scroll: -5).scrollPoints, 0)
        let last = scene(scroll: 10_000).cellFrame(18)
        XCTAssertEqual(last.maxY + 5, 667, accuracy: 1e-9)
        XCTAssertEqual(ModalBrowserScene(photos: Array(photos.prefix(4)), device: .iPhone8, scrollPoints: 100).scrollPoints, 0)
    }

    func testBrowserFrameIsFullWidthAspectFitCentred() {
        // h = W·ih/iw = 375·400/600 = 250, y = (667 − 250)/2.
        XCTAssertEqual(scene().browserFrame(0), Rect(x: 0, y: 208.5, width: 375, height: 250))
        // A 1:2 photo is 750 tall and runs off both ends, as the apps' endRect: y = (667 − 750)/2.
        XCTAssertEqual(scene().browserFrame(1), Rect(x: 0, y: -41.5, width: 375, height: 750))
    }

    func testPresentIsBlackAtOnceAndGrowsAClippedAspectFillImage() throws {
        let present = scene().present(0, style: .clipped, name: "present", timing: linearSecond)
        let cell = Rect(x: 5, y: 69, width: side, height: side)
        for (progress, expected) in [
            (0.0, cell),
            (0.5, Rect(x: 2.5, y: 138.75, width: (side + 375) / 2, height: (side + 250) / 2)),
            (1.0, Rect(x: 0, y: 208.5, width: 375, height: 250))
        ] {
            let drawn = try ops(present, at: progress)
            // The container's black covers the whole screen, bar included, from the first frame.
            guard case let .fill(rect, color, opacity, clip) = drawn[drawn.count - 2].op else { return XCTFail("no container fill") }
            XCTAssertEqual(rect, Rect(x: 0, y: 0, width: 375, height: 667))
            XCTAssertEqual(color, .black)
            XCTAssertEqual(opacity, 1)
            XCTAssertNil(clip)
            // The moving image is the last op: aspect-fill, clipped to its own frame.
            guard case let .image(source, imageRect, mode, _, imageClip) = drawn.last!.op else { return XCTFail("no moving image") }
            XCTAssertEqual(source, "p0.jpg")
            assertRect(imageRect, expected)
            XCTAssertEqual(mode, .scaleAspectFill)
            assertRect(imageClip?.rect, expected)
        }
        // The last frame is the browser alone: black, the photo aspect-fit.
        let final = try ops(present, at: 1, isFinal: true).map(\.op)
        XCTAssertEqual(
            final,
            [
                .fill(rect: Rect(x: 0, y: 0, width: 375, height: 667), color: .black, opacity: 1, clip: nil),
                .image(
                    source: "p0.jpg", rect: Rect(x: 0, y: 208.5, width: 375, height: 250), contentMode: .scaleAspectFit, opacity: 1,
                    clip: nil)
            ])
    }

    func testDismissRemovesTheBrowserAtOnceAndShrinksOntoTheCell() throws {
        // Photo 4 at scroll 30 is on screen.
        let dismiss = scene(scroll: 30).dismiss(4, style: .clipped, name: "dismiss", timing: linearSecond)
        let cell = Rect(x: 10 + side, y: 44 + side, width: side, height: side)
        let start = try ops(dismiss, at: 0).map(\.op)
        XCTAssertFalse(
            start.contains { if case let .fill(_, color, _, _) = $0 { return color == .black } else { return false } },
            "the browser's black is gone at once")
        let images = imageOps(try ops(dismiss, at: 0.5), source: "p4.jpg")
        XCTAssertEqual(images.count, 2, "the grid's cell and the moving image")
        let mid = Rect(x: (cell.x + 0) / 2, y: (cell.y + (667 - 375) / 2) / 2, width: (side + 375) / 2, height: (side + 375) / 2)
        assertRect(images.last?.rect, mid)
        XCTAssertEqual(images.last?.mode, .scaleAspectFill)
        assertRect(windowFrame(of: "moving image", in: try window(dismiss, at: 1)), cell)
        XCTAssertEqual(scene(scroll: 30).returnFrame(4), scene(scroll: 30).cellFrame(4))
    }

    func testDismissToAnOffScreenCellShrinksToTheBottomCentre() throws {
        // Scrolled by 200, photo 0's cell is at y = 69 − 200 … −12.7: above the content area.
        let scrolledUp = scene(scroll: 200)
        XCTAssertFalse(scrolledUp.isCellOnScreen(0))
        XCTAssertEqual(scrolledUp.returnFrame(0), Rect(x: 187.5, y: 667, width: 0, height: 0))
        // Unscrolled, photo 18 (row 6, content y = 5 + 6·(side + 5) = 745) is below the screen.
        XCTAssertFalse(scene().isCellOnScreen(18))
        XCTAssertTrue(scene().isCellOnScreen(12), "row 4 spans 64 + 498.33 … 680.67: partly visible")
        XCTAssertFalse(scene().isCellOnScreen(15), "row 5 starts at 64 + 621.67 > 667")
        let dismiss = scrolledUp.dismiss(0, style: .clipped, name: "dismiss", timing: linearSecond)
        // Halfway between (0, 208.5, 375, 250) and the zero-size rect at (187.5, 667).
        assertRect(
            imageOps(try ops(dismiss, at: 0.5), source: "p0.jpg").last?.rect,
            Rect(x: 93.75, y: 437.75, width: 187.5, height: 125))
        // At progress 1 the image has no area: nothing is drawn for it.
        XCTAssertEqual(imageOps(try ops(dismiss, at: 1), source: "p0.jpg").count, 0)
        // The fade variant (the fading modal browser) has no fallback: back to the start rect, off screen at (5, 69 − 200).
        let fade = scrolledUp.dismiss(0, style: .fade, name: "dismiss", timing: linearSecond)
        assertRect(windowFrame(of: "moving image", in: try window(fade, at: 1)), Rect(x: 5, y: -131, width: 355.0 / 3, height: 355.0 / 3))
    }

    func testFadeVariantsAnimateTheBackgroundAndStretchTheImage() throws {
        let present = scene().present(0, style: .fade, name: "present", timing: linearSecond)
        let drawn = try ops(present, at: 0.5).map(\.op)
        guard case let .fill(rect, color, _, _) = drawn[drawn.count - 2] else { return XCTFail("no container fill") }
        XCTAssertEqual(rect, Rect(x: 0, y: 0, width: 375, height: 667))
        XCTAssertEqual(color, StraightColor(white: 0, alpha: 0.5))
        guard case let .image(_, _, mode, _, clip) = drawn.last! else { return XCTFail("no moving image") }
        XCTAssertEqual(mode, .scaleToFill)
        XCTAssertNil(clip, "not clipped")
        // Clear at the start: no container fill at all.
        let first = try ops(present, at: 0)
        XCTAssertEqual(first.count, drawn.count - 1)

        // Dismiss: the container stays clear (present cleared it), so nothing covers the grid.
        let dismiss = scene().dismiss(0, style: .fade, name: "dismiss", timing: linearSecond)
        let dismissOps = try ops(dismiss, at: 0.25).map(\.op)
        XCTAssertFalse(
            dismissOps.contains {
                if case let .fill(rect, color, _, _) = $0 {
                    return rect == Rect(x: 0, y: 0, width: 375, height: 667) && color.red == 0
                } else {
                    return false
                }
            },
            "no black over the screen: the grid shows from the start")
    }

    func testCompletedDismissIsTheGridScreen() throws {
        let dismiss = scene().dismiss(0, style: .clipped, name: "dismiss", timing: linearSecond)
        XCTAssertEqual(try displayOps(dismiss, at: 1, isFinal: true), displayOps(screen: scene().gridScreen()))
    }
}
