import Flipbook
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import Foundation
import XCTest

final class CardsTests: XCTestCase {
    let cards = (0..<3).map {
        Card(title: "Card \($0)", imagePath: "c\($0).jpg", commentCount: 2, rating: $0 + 2, comments: ["one", "two"])
    }
    var scene: CardScene { CardScene(cards: cards, device: .iPhone8, typesetter: fixtureTypesetter) }

    // Inter's vertical metrics (hhea: ascender 0.96875 em, descender 0.2421875 em): a 16 pt title's
    // baseline is 15.5 pt below its top, a 14 pt line is 16.95 pt tall with its baseline at 13.5625.
    /// The title's baseline in its title view: 15 pt inset + Inter's 16 pt ascender.
    let titleBaseline = 15 + 15.5
    /// A comment's first baseline in its row: 15 + 40 (avatar) + 10, then Inter's 14 pt ascender.
    let commentBaseline = 65 + 13.5625

    func testCarouselGeometry() {
        // 0.8·375 = 300 wide; cover 300·330/375 = 264; card 264 + 80 = 344, centred in 64…667.
        XCTAssertEqual(scene.cardWidthPoints, 300)
        XCTAssertEqual(scene.coverHeightPoints, 264)
        XCTAssertEqual(scene.cardFrame(1, centred: 1), Rect(x: 37.5, y: 193.5, width: 300, height: 344))
        XCTAssertEqual(scene.cardFrame(2, centred: 1), Rect(x: 352.5, y: 193.5, width: 300, height: 344), "neighbour peeks in")
        XCTAssertEqual(scene.coverFrame(1, centred: 1), Rect(x: 37.5, y: 193.5, width: 300, height: 264))
        XCTAssertEqual(scene.cardTitleFrame(1, centred: 1), Rect(x: 37.5, y: 457.5, width: 300, height: 80))
        // The detail: top image (0, −30, W, 330), title (0, 300, W, 80), list from 380.
        XCTAssertEqual(scene.topImageFrame, Rect(x: 0, y: -30, width: 375, height: 330))
        XCTAssertEqual(scene.detailTitleFrame(followUp: 0), Rect(x: 0, y: 300, width: 375, height: 80))
        XCTAssertEqual(scene.detailTitleFrame(followUp: 1), Rect(x: 0, y: 280, width: 375, height: 20))
        XCTAssertEqual(scene.listFrame(followUp: 0), Rect(x: 0, y: 380, width: 375, height: 287))
        XCTAssertEqual(scene.listFrame(followUp: 1), Rect(x: 0, y: 330, width: 375, height: 337), "T + K − m − 30")
        // The card draws its cover clipped to the card's rounded corners, and its three text lines.
        let carousel = ops(screen: scene.carousel(centred: 1))
        let cover = imageOps(carousel, source: "c1.jpg")
        XCTAssertEqual(cover.first?.rect, Rect(x: 37.5, y: 193.5, width: 300, height: 264))
        XCTAssertEqual(cover.first?.clip, Clip(rect: Rect(x: 37.5, y: 193.5, width: 300, height: 344), cornerRadius: 10))
        // "N comments" (14 pt) is centred in a 20 pt label 10 pt under the 16 pt title (19.36 pt
        // tall); the stars (five 14 pt cells, 13 pt glyphs) are centred on the same line to its right.
        let count = textOps(carousel, "2 comments")
        XCTAssertEqual(count.count, 3, "the neighbours peek in")
        XCTAssertEqual(count[1].origin.x, 52.5)
        XCTAssertEqual(count[1].origin.y, 457.5 + 15 + 19.36 + 10 + (20 - 16.94) / 2 + 13.5625, accuracy: 0.02)
        let stars = textOps(carousel, "★").filter { $0.origin.x > 52.5 && $0.origin.x < 337.5 }
        XCTAssertEqual(stars.count, 3, "card 1 has 3 of 5 stars")
        XCTAssertEqual(textOps(carousel, "☆").filter { $0.origin.x > 52.5 && $0.origin.x < 337.5 }.count, 2)
        // "2 comments" is 81.53 pt wide in Inter, less SF Pro's 14 pt tracking, 0.15 pt on each of
        // its 10 glyphs: 80.03 pt.
        XCTAssertGreaterThan(stars[0].origin.x, 52.5 + 80.0 + 10, "right of \"2 comments\" (80.03 pt wide) and 10 pt of space")
        XCTAssertLessThan(stars[0].origin.x, 52.5 + 80.1 + 10 + 14)
        XCTAssertEqual(stars[0].origin.y, 457.5 + 15 + 19.36 + 10 + (20 - 15.73) / 2 + 12.59, accuracy: 0.02)
    }

    func testPushMovesThreeSnapshotsWhileTheDetailFadesIn() throws {
        let push = scene.push(1, name: "card-push", timing: linearSecond)
        XCTAssertEqual(try followUpSeconds(push), 0.3, accuracy: 1e-12)
        // Progress 0: the snapshots sit on the card; the card itself is hidden; the detail is invisible.
        let start = try ops(push, at: 0)
        XCTAssertEqual(imageOps(start, source: "c1.jpg").map(\.rect), [Rect(x: 37.5, y: 193.5, width: 300, height: 264)])
        XCTAssertEqual(textOps(start, "Card 1").map(\.origin), [Point(x: 52.5, y: 457.5 + titleBaseline)])
        // Halfway: every rect is the midpoint of card part and detail place; the detail at 0.5.
        let mid = try ops(push, at: 0.5)
        let cover = imageOps(mid, source: "c1.jpg")
        XCTAssertEqual(cover.map(\.rect), [Rect(x: 18.75, y: 81.75, width: 337.5, height: 297)])
        // A bitmap of the card's cover: its corners stretch with it (300 → 337.5 pt: ×1.125, so
        // 10 → 11.25 pt), and only its top ones are rounded — the clip is the whole card's rounded
        // shape (264 + 80 = 344 pt tall, ×1.125 = 387), below which the cover ends square.
        XCTAssertEqual(cover.first?.clip?.cornerRadius ?? 0, 11.25, accuracy: 1e-12)
        assertRect(cover.first?.clip?.rect, Rect(x: 18.75, y: 81.75, width: 337.5, height: 387))
        // The title snapshot only moves: lerp((37.5, 457.5), (0, 300)), still 300 wide.
        XCTAssertEqual(textOps(mid, "Card 1").map(\.origin), [Point(x: 18.75 + 15, y: 378.75 + titleBaseline)])
        let fills = mid.compactMap { entry -> (Rect, Double, Clip?)? in
            guard case let .fill(rect, color, _, clip) = entry.op, color == .white else { return nil }
            return (rect, entry.groupOpacity, clip)
        }
        // The card-background snapshot: lerp((37.5, 193.5, 300, 344), (0, 300, 375, 367)), still rounded 10.
        XCTAssertTrue(fills.contains { $0.0 == Rect(x: 18.75, y: 246.75, width: 337.5, height: 355.5) && $0.2?.cornerRadius == 10 })
        // The detail's white screen fades in (group opacity 0.5); its comment list is hidden.
        XCTAssertTrue(fills.contains { $0.0 == Rect(x: 0, y: 0, width: 375, height: 667) && $0.1 == 0.5 })
        XCTAssertEqual(textOps(mid, "one").count, 0)
        // Progress 1 (end of the 0.5 s): snapshots at the detail places.
        let end = try ops(push, at: 1)
        XCTAssertEqual(imageOps(end, source: "c1.jpg").map(\.rect), [Rect(x: 0, y: -30, width: 375, height: 330)])
    }

    /// Seconds the transition runs on after its main timing (card-push's follow-up).
    func followUpSeconds(_ transition: Transition) throws -> Double {
        let animator = try TransitionAnimator(transition)
        return animator.durationSeconds - animator.mainDurationSeconds
    }

    func testPushFollowUpCondensesTheTitleAndRaisesTheList() throws {
        let push = scene.push(1, name: "card-push", timing: linearSecond)
        // The follow-up is UIView.animate(withDuration: 0.3) (easeInEaseOut) in the move's completion:
        // animations that start after the main move, on a timing of their own.
        let followUp = push.animations.filter { $0.after != nil }
        // Only the title view and the list: the title's labels keep their place in the view.
        XCTAssertEqual(Set(followUp.map(\.target)), ["detail title view", "comment list"])
        for animation in followUp {
            XCTAssertEqual(animation.timing, AnimationTiming(curve: .bezier(.easeInEaseOut), durationSeconds: 0.3), animation.target)
            XCTAssertEqual(animation.delaySeconds, 0, animation.target)
        }
        // Before the main timing ends the follow-up has not started: the list still at T + K = 380.
        assertRect(windowFrame(of: "comment list", in: try window(push, at: 0.9)), Rect(x: 0, y: 380, width: 375, height: 287))
        // Right after the main timing: the detail as it lands (title at T, list at T + K).
        let landed = try ops(push, at: 1 + 0)
        XCTAssertEqual(textOps(landed, "Card 1").map(\.origin), [Point(x: 15, y: 300 + titleBaseline)])
        // The list is still hidden: the move's completion shows it only after the move's end.
        XCTAssertEqual(textOps(landed, "one").count, 0)
        // Halfway through the 0.3 s: easeInEaseOut(0.5) = 0.5 by symmetry, so the title view is halfway
        // from (0, 300, W, 80) at alpha 1 to (0, 280, W, 20) at alpha 0.9, and the list halfway from 380 to 330.
        let half = try window(push, at: 1 + 0.15)
        assertRect(windowFrame(of: "detail title view", in: half), Rect(x: 0, y: 290, width: 375, height: 50), accuracy: 1e-6)
        XCTAssertEqual(layer(named: "detail title view", in: half)?.opacity ?? 0, 0.95, accuracy: 1e-7)
        assertRect(windowFrame(of: "comment list", in: half), Rect(x: 0, y: 355, width: 375, height: 312), accuracy: 1e-6)
        XCTAssertEqual(textOps(try ops(push, at: 1 + 0.15), "one").first?.origin.y ?? 0, 355 + commentBaseline, accuracy: 1e-6)
        // Done: title view (0, 280, W, 20) at alpha 0.9, not clipping: its labels stay where they
        // were (the title's baseline 30.5 below its top) and run on below it; the list at 330.
        for done in [try ops(push, at: 1 + 0.3), try ops(push, at: 1 + 0.3, isFinal: true)] {
            let titleText = textOps(done, "Card 1")
            XCTAssertEqual(titleText.map(\.origin), [Point(x: 15, y: 280 + titleBaseline)])
            XCTAssertEqual(titleText.first?.opacity ?? 0, 0.9, accuracy: 1e-12)
            XCTAssertNil(titleText.first?.clip)
            XCTAssertEqual(textOps(done, "2 comments").map(\.origin.x), [15])
            XCTAssertEqual(textOps(done, "one").map(\.origin), [Point(x: 15, y: 330 + commentBaseline)])
            XCTAssertEqual(imageOps(done, source: "c1.jpg").map(\.rect), [Rect(x: 0, y: -30, width: 375, height: 330)])
        }
    }

    func testPushFollowUpStartsWhenTheMainMoveEndsWhateverItsTiming() throws {
        // The follow-up keeps its own 0.3 s whatever the main timing: halfway through it 0.15 s after
        // the main move ends (list halfway from 380 to 330), done 0.3 s after.
        for main in [Timing(curve: .bezier(.easeInEaseOut), durationSeconds: 0.5), Timing(curve: .bezier(.linear), durationSeconds: 2)] {
            let push = scene.push(1, name: "card-push", timing: main)
            XCTAssertEqual(try followUpSeconds(push), 0.3, accuracy: 1e-12)
            let end = main.durationSeconds
            assertRect(windowFrame(of: "comment list", in: try window(push, at: end)), Rect(x: 0, y: 380, width: 375, height: 287))
            assertRect(
                windowFrame(of: "comment list", in: try window(push, at: end + 0.15)), Rect(x: 0, y: 355, width: 375, height: 312),
                accuracy: 1e-6)
            assertRect(windowFrame(of: "comment list", in: try window(push, at: end + 0.3)), Rect(x: 0, y: 330, width: 375, height: 337))
        }
    }

    func testPopStartsFromTheCondensedDetailAndEndsOnTheCard() throws {
        let pop = scene.pop(2, name: "card-pop", timing: linearSecond)
        let start = try ops(pop, at: 0)
        // The push's leftover title snapshot (card-sized, at (0, 300)) in place of the condensed title.
        let title = textOps(start, "Card 2")
        XCTAssertEqual(title.map(\.origin), [Point(x: 15, y: 300 + titleBaseline)])
        XCTAssertEqual(title.first?.opacity, 1)
        XCTAssertEqual(imageOps(start, source: "c2.jpg").map(\.rect), [Rect(x: 0, y: -30, width: 375, height: 330)])
        XCTAssertEqual(
            textOps(start, "one").map(\.origin), [Point(x: 15, y: 330 + commentBaseline)],
            "the list where the follow-up left it, under the background snapshot")
        let mid = try ops(pop, at: 0.5)
        XCTAssertEqual(imageOps(mid, source: "c2.jpg").map(\.rect), [Rect(x: 18.75, y: 81.75, width: 337.5, height: 297)])
        // Title snapshot: lerp((0, 300), (37.5, 457.5)) = (18.75, 378.75), 300×80 throughout.
        let midTitle = textOps(mid, "Card 2")
        XCTAssertEqual(midTitle.map(\.origin), [Point(x: 33.75, y: 378.75 + titleBaseline)])
        XCTAssertEqual(midTitle.first?.opacity, 1)
        XCTAssertEqual(textOps(mid, "one").map(\.opacity), [0.5])
        let end = try ops(pop, at: 1, isFinal: true)
        XCTAssertEqual(imageOps(end, source: "c2.jpg").map(\.rect), [Rect(x: 37.5, y: 193.5, width: 300, height: 264)])
        XCTAssertEqual(imageOps(end, source: "c1.jpg").map(\.rect), [Rect(x: -277.5, y: 193.5, width: 300, height: 264)])
    }

    func testPopCoverKeepsTheCardsRoundedCorners() throws {
        // The pop moves the push's cover snapshot back onto the card: a bitmap of the card's cover,
        // so it stays clipped to its own rect with the card's corners stretched with it (10 pt ×
        // width/300) and rounded at the top only, as the card shows its cover (its bottom corners
        // are square where the title view follows). It must not start at radius 0 without a clip:
        // then it was drawn square-cornered all the way.
        let pop = scene.pop(2, name: "card-pop", timing: linearSecond)
        let top = Rect(x: 0, y: -30, width: 375, height: 330) // to the card, Rect(x: 37.5, y: 193.5, width: 300, height: 264)
        // Linear from `top` to `card`, worked out by hand: x 0 → 37.5, y -30 → 193.5, width 375 → 300,
        // height 330 → 264.
        let expected: [(t: Double, rect: Rect)] = [
            (0, top), (0.5, Rect(x: 18.75, y: 81.75, width: 337.5, height: 297)),
            (0.9, Rect(x: 33.75, y: 171.15, width: 307.5, height: 270.6))
        ]
        for (t, rect) in expected {
            let cover = imageOps(try ops(pop, at: t), source: "c2.jpg")
            XCTAssertEqual(cover.count, 1, "t = \(t)")
            assertRect(cover.first?.rect, rect)
            assertRect(cover.first?.clip?.rect, Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height * 344 / 264))
            XCTAssertEqual(cover.first?.clip?.cornerRadius ?? 0, 10 * rect.width / 300, accuracy: 1e-9, "t = \(t)")
        }
    }

    func testPresetBuildsFromTheSampleCardsManifest() throws {
        let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples/cards.json").path
        var options = SceneOptions()
        options.cardsManifestPath = manifest
        options.selectedIndex = 2
        let push = try TransitionPreset.cardPush.makeTransition(photos: [], options: options)
        XCTAssertEqual(try followUpSeconds(push), 0.3, accuracy: 1e-12)
        options.selectedIndex = 99
        XCTAssertThrowsError(try TransitionPreset.cardPush.makeTransition(photos: [], options: options)) { error in
            XCTAssertEqual(error as? SceneError, .cardIndexOutOfRange(field: .selectedIndex, index: 99, count: 6))
        }
        XCTAssertEqual(TransitionPreset.cardPop.defaultTiming, Timing(curve: .bezier(.easeInEaseOut), durationSeconds: 0.5))
        XCTAssertEqual(
            try followUpSeconds(TransitionPreset.cardPop.makeTransition(photos: [], options: SceneOptions())), 0,
            "pop has no follow-up (default manifest path resolves from the package root)")
    }
}
