import FlipbookModel
import FlipbookMotion
import FlipbookUIKit
import XCTest

/// Fingers delivered to the fixture app's own recognizers and controls
/// (Tests/Fixtures/uikit-app/Gestures): hit-testing through the view tree, a single tap waiting
/// for a double tap, a delegate refusing, a control's action taking the tap from its parent's
/// recognizer, and an edge pan driving the app's handler.
final class GestureDeliveryTests: XCTestCase {
    @MainActor private func record(_ screen: GestureScreenViewController, _ fingers: [Finger]) throws -> TransitionAnimator {
        try TransitionAnimator(
            Transition.record(device: .iPhone8, fingers: fingers) { window in
                window.rootViewController = screen
                window.layoutIfNeeded()
            })
    }

    @MainActor func testATapOnTheCardRunsItsHandlerThroughABannerThatLetsTouchesThrough() async throws {
        let screen = GestureScreenViewController()
        // (100, 220) is inside the banner (y 180–240), which does not take touches, over the card
        // (x 40–240, y 200–400): the card's recognizers get it, at (60, 20) in the card.
        let recorded = try record(screen, [.tap(at: CGPoint(x: 100, y: 220), atSeconds: 0.1)])
        // The single tap recognizes once the double tap has failed — when UIKit's 0.35 s window
        // for a second tap has passed — and its handler animates the card over 0.25 s.
        XCTAssertEqual(screen.events, ["card tapped at 60,20"])
        XCTAssertEqual(recorded.durationSeconds, 0.1 + 0.35 + 0.25, accuracy: 1e-9)
        let waiting = try XCTUnwrap(recorded.layer(named: "card", in: recorded.window(atSeconds: 0.44, isFinal: false)))
        XCTAssertEqual(waiting.transform.scale.width, 1, accuracy: 1e-9, "still waiting for a second tap")
        let card = try XCTUnwrap(recorded.layer(named: "card", in: recorded.window(atSeconds: 0.7, isFinal: true)))
        XCTAssertEqual(card.transform.scale.width, 1.2, accuracy: 1e-9)
    }

    @MainActor func testTwoTapsWithinTheWindowAreADoubleTapAndTheSingleTapNeverFires() async throws {
        let screen = GestureScreenViewController()
        let recorded = try record(
            screen, [.tap(at: CGPoint(x: 100, y: 300), atSeconds: 0.1), .tap(at: CGPoint(x: 102, y: 301), atSeconds: 0.3)])
        XCTAssertEqual(screen.events, ["card double-tapped"])
        XCTAssertEqual(recorded.durationSeconds, 0.3, accuracy: 1e-9, "nothing animates")
        // 0.4 s apart: two single taps, each after its own window.
        let apart = GestureScreenViewController()
        _ = try record(apart, [.tap(at: CGPoint(x: 100, y: 300), atSeconds: 0.1), .tap(at: CGPoint(x: 100, y: 300), atSeconds: 0.5)])
        // The second lands on the card scaled 1.2× about its centre (140, 300) by the first:
        // x (100 − 140) / 1.2 + 100 = 66.7 in the card.
        XCTAssertEqual(apart.events, ["card tapped at 60,100", "card tapped at 66,100"])
    }

    @MainActor func testAPanBeginsOnlyPastTheSlopWithTheTranslationFromTheTouchDownPoint() async throws {
        let screen = GestureScreenViewController()
        // From x = 4, 2 pt right every 10 ms: 10 pt away at the sixth sample (50 ms).
        let samples = (0...30).map { TouchSample(timeSeconds: Double($0) * 0.01, xPoints: 4 + 2 * Double($0), yPoints: 300) }
        let recorded = try record(screen, [.pan(try Gesture(samples: samples))])
        let before = try XCTUnwrap(recorded.layer(named: "drawer", in: recorded.window(atSeconds: 0.045, isFinal: false)))
        XCTAssertEqual(before.frame.x, -280, accuracy: 1e-9, "not begun within the slop")
        // .began with 10 pt of translation (from the touch-down point, not from where it began).
        let began = try XCTUnwrap(recorded.layer(named: "drawer", in: recorded.window(atSeconds: 0.055, isFinal: false)))
        XCTAssertEqual(began.frame.x, -270, accuracy: 1e-9)
        XCTAssertEqual(screen.events, ["drawer closed"], "60 pt is less than half the drawer")
    }

    @MainActor func testADelegateThatRefusesLeavesTheTapToTheViewBehind() async throws {
        let screen = GestureScreenViewController()
        screen.isCardLocked = true
        _ = try record(screen, [.tap(at: CGPoint(x: 100, y: 300))])
        // The card's tap is refused by gestureRecognizerShouldBegin; the screen's own recognizer,
        // on the card's superview, recognizes instead.
        XCTAssertEqual(screen.events, ["background tapped"])
    }

    @MainActor func testAControlsEnlargedTouchAreaTakesTheTapFromItsParentsRecognizer() async throws {
        let screen = GestureScreenViewController()
        // 15 pt left of the 24 pt button, inside its point(inside:with:) area.
        _ = try record(screen, [.tap(at: CGPoint(x: 285, y: 70)), .tap(at: CGPoint(x: 200, y: 600), atSeconds: 0.5)])
        XCTAssertEqual(screen.events, ["close", "background tapped"])
    }

    @MainActor func testAnEdgePanDrivesTheAppsHandlerAndOpensTheDrawer() async throws {
        let screen = GestureScreenViewController()
        // From x = 5 (inside the left edge's region) 200 pt right over 0.4 s, released at rest.
        let samples = (0...8).map { TouchSample(timeSeconds: Double($0) * 0.05, xPoints: 5 + 25 * Double($0), yPoints: 300) }
        let recorded = try record(screen, [.pan(try Gesture(samples: samples))])
        XCTAssertEqual(screen.events, ["drawer opened"], "200 pt is more than half the 280 pt drawer")
        // Mid-drag (0.2 s: 100 pt of translation) the drawer follows the finger: −280 + 100.
        let dragging = try XCTUnwrap(recorded.layer(named: "drawer", in: recorded.window(atSeconds: 0.21, isFinal: false)))
        XCTAssertEqual(dragging.frame.x, -180, accuracy: 1e-9)
        let open = try XCTUnwrap(recorded.layer(named: "drawer", in: recorded.window(atSeconds: recorded.durationSeconds, isFinal: true)))
        XCTAssertEqual(open.frame.x, 0, accuracy: 1e-9)
    }

    @MainActor func testAPanStartingAwayFromTheEdgeIsNotAnEdgePan() async throws {
        let screen = GestureScreenViewController()
        let samples = (0...4).map { TouchSample(timeSeconds: Double($0) * 0.05, xPoints: 100 + 25 * Double($0), yPoints: 500) }
        _ = try record(screen, [.pan(try Gesture(samples: samples))])
        XCTAssertEqual(screen.events, [])
    }
}
