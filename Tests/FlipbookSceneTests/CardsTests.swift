import XCTest
import Foundation
import FlipbookGeometry
import FlipbookMotion
import FlipbookRaster
@_spi(Scenes) import FlipbookScene

final class CardsTests: XCTestCase {
    let cards = (0..<3).map { Card(title: "Card \($0)", imagePath: "c\($0).jpg", commentCount: 2, rating: $0 + 2, comments: ["one", "two"]) }
    var scene: CardScene { CardScene(cards: cards, device: .iPhone8) }

    /// The text ops with `string`, with their group-multiplied opacity.
    func textOps(_ window: Layer, _ string: String) -> [(origin: Point, size: Double, opacity: Double, clip: Clip?)] {
        flattenedOps(window).compactMap { entry in
            guard case let .text(text, _, size, origin, _, opacity, clip) = entry.op, text == string else { return nil }
            return (origin, size, opacity * entry.groupOpacity, clip)
        }
    }

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
        let cover = imageOps(scene.carousel(centred: 1), source: "c1.jpg")
        XCTAssertEqual(cover.first?.rect, Rect(x: 37.5, y: 193.5, width: 300, height: 264))
        XCTAssertEqual(cover.first?.clip, Clip(rect: Rect(x: 37.5, y: 193.5, width: 300, height: 344), cornerRadius: 10))
        XCTAssertEqual(textOps(scene.carousel(centred: 1), "★★★☆☆").first?.origin, Point(x: 52.5, y: 457.5 + 68))
        XCTAssertEqual(textOps(scene.carousel(centred: 1), "2 comments").count, 3, "the neighbours peek in")
    }

    func testPushMovesThreeSnapshotsWhileTheDetailFadesIn() {
        let push = scene.push(1, name: "card-push", timing: linearSecond)
        XCTAssertEqual(followUpSeconds(push), 0.3, accuracy: 1e-12)
        // Progress 0: the snapshots sit on the card; the card itself is hidden; the detail is invisible.
        let start = FlipbookSceneTests.window(push, at: 0, isFinal: false)
        XCTAssertEqual(imageOps(start, source: "c1.jpg").map(\.rect), [Rect(x: 37.5, y: 193.5, width: 300, height: 264)])
        XCTAssertEqual(textOps(start, "Card 1").map(\.origin), [Point(x: 52.5, y: 457.5 + 24)])
        // Halfway: every rect is the midpoint of card part and detail place; the detail at 0.5.
        let mid = FlipbookSceneTests.window(push, at: 0.5, isFinal: false)
        let cover = imageOps(mid, source: "c1.jpg")
        XCTAssertEqual(cover.map(\.rect), [Rect(x: 18.75, y: 81.75, width: 337.5, height: 297)])
        XCTAssertEqual(cover.first?.clip?.cornerRadius, 10, "a snapshot's corners do not animate")
        // The title snapshot only moves: lerp((37.5, 457.5), (0, 300)), still 300 wide.
        XCTAssertEqual(textOps(mid, "Card 1").map(\.origin), [Point(x: 18.75 + 15, y: 378.75 + 24)])
        let fills = flattenedOps(mid).compactMap { entry -> (Rect, Double, Clip?)? in
            guard case let .fill(rect, color, _, clip) = entry.op, color == .white else { return nil }
            return (rect, entry.groupOpacity, clip)
        }
        // The card-background snapshot: lerp((37.5, 193.5, 300, 344), (0, 300, 375, 367)), still rounded 10.
        XCTAssertTrue(fills.contains { $0.0 == Rect(x: 18.75, y: 246.75, width: 337.5, height: 355.5) && $0.2?.cornerRadius == 10 })
        // The detail's white screen fades in (group opacity 0.5); its comment list is hidden.
        XCTAssertTrue(fills.contains { $0.0 == Rect(x: 0, y: 0, width: 375, height: 667) && $0.1 == 0.5 })
        XCTAssertEqual(textOps(mid, "one").count, 0)
        // Progress 1 (end of the 0.5 s): snapshots at the detail places.
        let end = FlipbookSceneTests.window(push, at: 1, isFinal: false)
        XCTAssertEqual(imageOps(end, source: "c1.jpg").map(\.rect), [Rect(x: 0, y: -30, width: 375, height: 330)])
    }

    /// Seconds the transition runs on after its main timing (card-push's follow-up).
    func followUpSeconds(_ transition: Transition) -> Double {
        ((try? TransitionAnimator(transition).durationSeconds) ?? .nan) - transition.timing.durationSeconds
    }

    func testPushFollowUpCondensesTheTitleAndRaisesTheList() {
        let push = scene.push(1, name: "card-push", timing: linearSecond)
        // Right after the main timing: the detail as it lands (title at T, list at T + K).
        let landed = FlipbookSceneTests.window(push, at: 1 + 0, isFinal: false)
        XCTAssertEqual(textOps(landed, "Card 1").map(\.origin), [Point(x: 15, y: 300 + 24)])
        // Halfway through the 0.3 s: easeInEaseOut(0.5) = 0.5 by symmetry.
        let followUp = Timing(curve: .bezier(CardScene.followUpTiming.curve), durationSeconds: CardScene.followUpTiming.durationSeconds)
        XCTAssertEqual(CardScene.followUpTiming.durationSeconds, 0.3)
        XCTAssertEqual(followUp.progress(atSeconds: 0.15), 0.5, accuracy: 1e-7)
        let half = FlipbookSceneTests.window(push, at: 1 + 0.15, isFinal: false)
        let q = followUp.progress(atSeconds: 0.15)
        let title = scene.detailTitleFrame(followUp: q)
        XCTAssertEqual(title.y, 290, accuracy: 1e-6)
        XCTAssertEqual(title.height, 50, accuracy: 1e-6)
        XCTAssertEqual(textOps(half, "one").first?.origin.y ?? 0, 355 + 31, accuracy: 1e-6)
        // Done: title view (0, 280, W, 20) at alpha 0.9, not clipping: its labels stay where they
        // were (baselines 24 and 46 below its top) and run on below it; the list at 330.
        for window in [FlipbookSceneTests.window(push, at: 1 + 0.3, isFinal: false),
                       FlipbookSceneTests.window(push, at: 1 + 0.3, isFinal: true)] {
            let titleText = textOps(window, "Card 1")
            XCTAssertEqual(titleText.map(\.origin), [Point(x: 15, y: 304)])
            XCTAssertEqual(titleText.first?.opacity ?? 0, 0.9, accuracy: 1e-12)
            XCTAssertNil(titleText.first?.clip)
            XCTAssertEqual(textOps(window, "2 comments").map(\.origin), [Point(x: 15, y: 326)])
            XCTAssertEqual(textOps(window, "one").map(\.origin), [Point(x: 15, y: 361)])
            XCTAssertEqual(imageOps(window, source: "c1.jpg").map(\.rect), [Rect(x: 0, y: -30, width: 375, height: 330)])
        }
    }

    func testPopStartsFromTheCondensedDetailAndEndsOnTheCard() {
        let pop = scene.pop(2, name: "card-pop", timing: linearSecond)
        let start = FlipbookSceneTests.window(pop, at: 0, isFinal: false)
        // The push's leftover title snapshot (card-sized, at (0, 300)) in place of the condensed title.
        let title = textOps(start, "Card 2")
        XCTAssertEqual(title.map(\.origin), [Point(x: 15, y: 324)])
        XCTAssertEqual(title.first?.opacity, 1)
        XCTAssertEqual(imageOps(start, source: "c2.jpg").map(\.rect), [Rect(x: 0, y: -30, width: 375, height: 330)])
        XCTAssertEqual(textOps(start, "one").map(\.origin), [Point(x: 15, y: 361)], "the list where the follow-up left it, under the background snapshot")
        let mid = FlipbookSceneTests.window(pop, at: 0.5, isFinal: false)
        XCTAssertEqual(imageOps(mid, source: "c2.jpg").map(\.rect), [Rect(x: 18.75, y: 81.75, width: 337.5, height: 297)])
        // Title snapshot: lerp((0, 300), (37.5, 457.5)) = (18.75, 378.75), 300×80 throughout.
        let midTitle = textOps(mid, "Card 2")
        XCTAssertEqual(midTitle.map(\.origin), [Point(x: 33.75, y: 378.75 + 24)])
        XCTAssertEqual(midTitle.first?.opacity, 1)
        XCTAssertEqual(textOps(mid, "one").map(\.opacity), [0.5])
        let end = FlipbookSceneTests.window(pop, at: 1, isFinal: true)
        XCTAssertEqual(imageOps(end, source: "c2.jpg").map(\.rect), [Rect(x: 37.5, y: 193.5, width: 300, height: 264)])
        XCTAssertEqual(imageOps(end, source: "c1.jpg").map(\.rect), [Rect(x: -277.5, y: 193.5, width: 300, height: 264)])
    }

    func testPresetBuildsFromTheSampleCardsManifest() throws {
        let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples/cards.json").path
        var options = SceneOptions()
        options.cardsManifestPath = manifest
        options.selectedIndex = 2
        let push = try TransitionPreset.cardPush.makeTransition(photos: [], options: options)
        XCTAssertEqual(followUpSeconds(push), 0.3, accuracy: 1e-12)
        options.selectedIndex = 99
        XCTAssertThrowsError(try TransitionPreset.cardPush.makeTransition(photos: [], options: options)) { error in
            XCTAssertEqual(error as? SceneError, .cardIndexOutOfRange(option: "--select", index: 99, count: 6))
        }
        XCTAssertEqual(TransitionPreset.cardPop.defaultTiming, Timing(curve: .bezier(.easeInEaseOut), durationSeconds: 0.5))
        XCTAssertEqual(followUpSeconds(try TransitionPreset.cardPop.makeTransition(photos: [], options: SceneOptions())), 0,
                       "pop has no follow-up (default manifest path resolves from the package root)")
    }
}
