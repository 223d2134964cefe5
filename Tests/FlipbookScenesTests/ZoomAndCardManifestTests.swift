import Flipbook
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import Foundation
import XCTest

final class ZoomTests: XCTestCase {
    // Two 600×400 photos in 3 columns on an iPhone 8: colWidth 118, photo 0 spans two columns
    // (236 wide, trunc(236·400/600) = 157 tall) at (5, 5); photo 1 goes to column 2: (251, 5, 118, 78).
    let photos = [
        ScenePhoto(source: "a.jpg", sizePixels: Size(width: 600, height: 400)),
        ScenePhoto(source: "b.jpg", sizePixels: Size(width: 600, height: 400))
    ]

    func testZoomPopFadesTheGridInOverTheDetail() throws {
        // The zoom app's screens run under a translucent bar: its detail is full screen.
        let scene = PhotoBrowserScene(photos: photos, device: .iPhone8, columns: 3, assumedBarPoints: 64, barIsOpaque: false)
        let pop = scene.zoomPop(1, name: "zoom-pop", timing: linearSecond)
        let cell = Rect(x: 251, y: 69, width: 118, height: 78)
        // Detail frame: 365 wide, 365·400/600 = 243.33 tall, centred in 64…667.
        let detail = Rect(x: 5, y: 64 + (603 - 365.0 * 400 / 600) / 2, width: 365, height: 365.0 * 400 / 600)
        assertRect(windowFrame(of: "snapshot", in: try window(pop, at: 0)), detail)
        assertRect(windowFrame(of: "snapshot", in: try window(pop, at: 1)), cell)
        let drawn = try ops(pop, at: 0.5)
        // Painter's order: the window's white, the detail's black (opaque), then the grid at group opacity 0.5 with the
        // return cell's image hidden, then the snapshot, then the bar.
        guard case let .fill(blackRect, black, _, _) = drawn[1].op else { return XCTFail("no detail fill") }
        XCTAssertEqual(blackRect, Rect(x: 0, y: 0, width: 375, height: 667))
        XCTAssertEqual(black, .black)
        XCTAssertEqual(drawn[1].groupOpacity, 1, "the source stays opaque")
        let gridImages = imageOps(drawn, source: "a.jpg")
        XCTAssertEqual(gridImages.map(\.opacity), [0.5], "the grid fades in")
        let moving = imageOps(drawn, source: "b.jpg")
        XCTAssertEqual(moving.count, 1, "the cell's own image and the detail's are hidden: only the snapshot")
        XCTAssertEqual(moving.first?.mode, .scaleToFill)
        XCTAssertEqual(moving.first?.opacity, 1)
        // Halfway from the detail frame to the cell, by hand: x (5 + 251) / 2, width (365 + 118) / 2.
        assertRect(
            moving.first?.rect,
            Rect(
                x: 128, y: (64 + (603 - 365.0 * 400 / 600) / 2 + 69) / 2,
                width: 241.5, height: (365.0 * 400 / 600 + 78) / 2))
        // No white patch (pop has one): the only white fills are the window's and the grid's background.
        let whiteFills = drawn.filter { if case let .fill(_, color, _, _) = $0.op { return color == .white } else { return false } }
        XCTAssertEqual(whiteFills.map(\.op.opacity), [1, 1])
        XCTAssertEqual(whiteFills.map(\.groupOpacity), [1, 0.5])
        // Completed: the grid with both images.
        XCTAssertEqual(imageOps(try ops(pop, at: 1, isFinal: true), source: "b.jpg").map(\.rect), [cell])
    }

    /// Zoom push flies the same rects as push, but its cells are aspect-fill and its snapshot is a
    /// snapshot of the tapped cell (the crop, stretched), not the whole photo.
    func testZoomPushSnapshotsTheAspectFillCell() throws {
        var options = SceneOptions()
        options.selectedIndex = 1
        let zoom = try TransitionPreset.zoomPush.makeTransition(photos: photos, options: options, timing: linearSecond)
        let push = try TransitionPreset.push.makeTransition(photos: photos, options: options, timing: linearSecond)
        for t in [0, 0.3, 1] {
            assertRect(
                windowFrame(of: "snapshot", in: try window(zoom, at: t)),
                try XCTUnwrap(windowFrame(of: "snapshot", in: try window(push, at: t))))
        }
        // The same rects on every frame of the default spring, the overshoot past the detail included.
        // (Not the same display lists: the cells and the snapshot's picture differ, see below.)
        let springZoom = try TransitionPreset.zoomPush.makeTransition(photos: photos, options: options)
        let springPush = try TransitionPreset.push.makeTransition(photos: photos, options: options)
        let samples = try TransitionAnimator(springPush).frames(framesPerSecond: 60)
        XCTAssertEqual(try TransitionAnimator(springZoom).frames(framesPerSecond: 60), samples)
        XCTAssertTrue(samples.contains { $0.progress > 1.05 }, "the spring overshoots")
        for sample in samples {
            let isFinal = sample.index == samples.count - 1
            let zoomWindow = try window(springZoom, at: sample.timeSeconds, isFinal: isFinal)
            let pushWindow = try window(springPush, at: sample.timeSeconds, isFinal: isFinal)
            // To rounding: the two presets compute the start rect by different arithmetic (a few 1e-14 apart).
            assertRect(
                windowFrame(of: "snapshot", in: zoomWindow), try XCTUnwrap(windowFrame(of: "snapshot", in: pushWindow)), accuracy: 1e-9)
        }
        let start = try window(zoom, at: 0)
        let cell = start.sublayers[0].sublayers[0].sublayers[1]
        XCTAssertEqual(cell.name, "cell 1")
        XCTAssertEqual(cell.contentMode, .scaleAspectFill)
        XCTAssertEqual(start.sublayers[0].sublayers[2].snapshotOf, "cell 1")
        XCTAssertEqual(
            try window(push, at: 0).sublayers[0].sublayers[0].sublayers[1].contentMode, .scaleToFill, "the waterfall app's cells stretch")
        // The same detail, but for its black: full screen under the zoom app's translucent bar,
        // from 64 below the waterfall app's opaque one (the bar covers the difference).
        var zoomEnd = try displayOps(zoom, at: 1, isFinal: true), pushEnd = try displayOps(push, at: 1, isFinal: true)
        XCTAssertEqual(zoomEnd.count, pushEnd.count)
        guard case let .fill(zoomBlack, _, _, _) = zoomEnd[1], case let .fill(pushBlack, _, _, _) = pushEnd[1] else {
            return XCTFail("no detail fills")
        }
        XCTAssertEqual(zoomBlack, Rect(x: 0, y: 0, width: 375, height: 667))
        XCTAssertEqual(pushBlack, Rect(x: 0, y: 64, width: 375, height: 603))
        zoomEnd.remove(at: 1); pushEnd.remove(at: 1)
        XCTAssertEqual(zoomEnd, pushEnd, "the same detail")
        XCTAssertEqual(TransitionPreset.zoomPop.defaultTiming, TransitionPreset.push.defaultTiming)
    }
}

final class CardManifestTests: XCTestCase {
    func parse(_ json: String) throws -> CardManifest {
        try CardManifest(data: Data(json.utf8), path: "cards.json", baseDirectory: "Samples")
    }

    func testSampleManifest() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples/cards.json").path
        let manifest = try CardManifest(contentsOf: path)
        XCTAssertGreaterThanOrEqual(manifest.cards.count, 5)
        for card in manifest.cards {
            XCTAssertTrue(FileManager.default.fileExists(atPath: card.imagePath), card.imagePath)
            XCTAssertFalse(card.comments.isEmpty)
        }
    }

    func testFieldsDefaultsAndStars() throws {
        let manifest = try parse(#"{"cards": [{"title": "A", "image": "photos/a.jpg", "rating": 4, "comments": ["x", "y"]}]}"#)
        XCTAssertEqual(
            manifest.cards, [Card(title: "A", imagePath: "Samples/photos/a.jpg", commentCount: 2, rating: 4, comments: ["x", "y"])])
        XCTAssertEqual(manifest.cards[0].stars, "★★★★☆")
        XCTAssertEqual(manifest.cards[0].commentLine, "2 comments")
        XCTAssertEqual(Card(title: "", imagePath: "", commentCount: 1, rating: 0, comments: []).commentLine, "1 comment")
    }

    /// Card images are resolved as photos' urls: `file://` URLs and absolute paths too.
    func testImagesResolveAsPhotoURLsDo() throws {
        let manifest = try parse(
            #"{"cards": [{"title": "A", "image": "file:///srv/a%20b.jpg", "rating": 1}, {"title": "B", "image": "/srv/c.jpg", "rating": 1}]}"#
        )
        XCTAssertEqual(manifest.cards.map(\.imagePath), ["/srv/a b.jpg", "/srv/c.jpg"])
    }

    /// Comment avatars are resolved as card images are: relative to the manifest, `file://`, absolute.
    func testCommentAvatarsResolveAsCardImagesDo() throws {
        let manifest = try parse(
            #"{"cards": [{"title": "A", "image": "a.jpg", "rating": 1, "comments": ["x", {"text": "y", "nickname": "n", "avatar": "photos/b.jpg"}, {"text": "z", "avatar": "file:///srv/d%20e.jpg"}, {"text": "w", "avatar": "/srv/f.jpg"}]}]}"#
        )
        XCTAssertEqual(
            manifest.cards[0].comments,
            [
                CardComment(text: "x"), CardComment(text: "y", nickname: "n", avatarPath: "Samples/photos/b.jpg"),
                CardComment(text: "z", avatarPath: "/srv/d e.jpg"), CardComment(text: "w", avatarPath: "/srv/f.jpg")
            ])
    }

    func testErrorsNameFileAndField() {
        let cases: [(String, String)] = [
            (#"[]"#, "cards.json: $: expected an object, got an array"),
            (#"{"cards": []}"#, "cards.json: $.cards: is empty: a carousel needs at least one card"),
            (#"{"cards": [{"image": "a.jpg", "rating": 1}]}"#, #"cards.json: $.cards[0]: missing "title" (the card's title)"#),
            (
                #"{"cards": [{"title": "A", "image": "a.jpg", "rating": 6}]}"#,
                "cards.json: $.cards[0].rating: must be between 0 and 5, not 6"
            ),
            (
                #"{"cards": [{"title": "A", "image": "a.jpg", "rating": true}]}"#,
                "cards.json: $.cards[0].rating: expected a number, got a boolean"
            ),
            (
                #"{"cards": [{"title": "A", "image": "a.jpg", "rating": 2, "comments": [3]}]}"#,
                #"cards.json: $.cards[0].comments[0]: expected a string or an object with "text", got a number"#
            ),
            (
                #"{"cards": [{"title": "A", "image": "https://x/a.jpg", "rating": 2}]}"#,
                "cards.json: $.cards[0].image is https://x/a.jpg: remote images are not supported; download them first and name the local file"
            ),
            (
                #"{"cards": [{"title": "A", "image": "a.jpg", "rating": 2, "comments": [{"text": "t", "avatar": "http://x/b.jpg"}]}]}"#,
                "cards.json: $.cards[0].comments[0].avatar is http://x/b.jpg: remote images are not supported; download them first and name the local file"
            ),
            (
                #"{"cards": [{"title": "A", "image": "a.jpg", "rating": 2, "comments": [{"text": "t", "likes": 3}]}]}"#,
                #"cards.json: $.cards[0].comments[0].likes: unknown key "likes"; expected one of "text", "nickname", "avatar""#
            )
        ]
        for (json, message) in cases {
            XCTAssertThrowsError(try parse(json), json) { XCTAssertEqual("\($0)", message) }
        }
        XCTAssertThrowsError(try CardManifest(contentsOf: "/nonexistent/cards.json")) {
            XCTAssertEqual("\($0)", "/nonexistent/cards.json: cannot read the manifest: No such file or directory")
        }
    }
}
