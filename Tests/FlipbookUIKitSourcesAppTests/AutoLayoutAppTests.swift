import Flipbook
import FlipbookCodecs
import FlipbookModel
import FlipbookMotion
import FlipbookUIKit
import XCTest

/// The fixture app's Auto Layout screens (Tests/Fixtures/uikit-app/AutoLayout), written for iOS
/// with anchors only: recorded, and their frames checked against layouts computed here by hand
/// on an iPhone 8 (375 × 667 pt) at the start, in the middle (the animation's curve evaluated
/// here) and at the end. With `FLIPBOOK_AUTOLAYOUT_PNGS=<folder>` the checked moments are also
/// written there as PNGs, to look at.
final class AutoLayoutAppTests: XCTestCase {
    private let screen = Rect(x: 0, y: 0, width: 375, height: 667)

    private func mix(_ a: Rect, _ b: Rect, _ share: Double) -> Rect {
        Rect(
            x: a.x + (b.x - a.x) * share, y: a.y + (b.y - a.y) * share,
            width: a.width + (b.width - a.width) * share, height: a.height + (b.height - a.height) * share)
    }

    private func frame(_ animator: TransitionAnimator, _ name: String, at seconds: Double, isFinal: Bool = false) -> Rect? {
        animator.layer(named: name, in: animator.window(atSeconds: seconds, isFinal: isFinal))?.frame
    }

    private func assertFrame(
        _ animator: TransitionAnimator, _ name: String, at seconds: Double, isFinal: Bool = false, _ expected: Rect,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let actual = frame(animator, name, at: seconds, isFinal: isFinal) else {
            return XCTFail("no layer \(name)", file: file, line: line)
        }
        for (a, b) in [(actual.x, expected.x), (actual.y, expected.y), (actual.width, expected.width), (actual.height, expected.height)] {
            XCTAssertEqual(a, b, accuracy: 1e-9, "\(name) at \(seconds) s: \(actual) ≠ \(expected)", file: file, line: line)
        }
    }

    /// Writes the frames at `seconds` as PNGs when `FLIPBOOK_AUTOLAYOUT_PNGS` names a folder.
    private func writePNGs(_ transition: Transition, _ name: String, at seconds: [Double]) throws {
        guard let folder = ProcessInfo.processInfo.environment["FLIPBOOK_AUTOLAYOUT_PNGS"] else { return }
        let job = try RenderJob(settings: RenderSettings(transition: transition))
        for t in seconds {
            let index = job.frames.enumerated().min { abs($0.element.timeSeconds - t) < abs($1.element.timeSeconds - t) }!.offset
            try PNGEncoder.write(try job.renderFrame(index), toPath: "\(folder)/\(name)-\(String(format: "%.3f", t)).png")
        }
    }

    @MainActor func testTheTodayCardOpensOnTheSpringWithEveryViewItMoves() async throws {
        let today = TodayCardViewController()
        let transition = try Transition.record(device: .iPhone8) { window in
            window.rootViewController = today
            window.layoutIfNeeded()
            today.expand()
        }
        XCTAssertEqual(RecordingWarnings.lastRecording, [], "no conflicts")
        let animator = try TransitionAnimator(transition)
        // At rest: 120 pt down, 20 pt in on both sides, 420 pt tall; the artwork fills its top
        // 260 pt; the body is 16 pt below the artwork, 20 pt in from the card's other edges.
        let card0 = Rect(x: 20, y: 120, width: 335, height: 420)
        let artwork0 = Rect(x: 0, y: 0, width: 335, height: 260)
        let body0 = Rect(x: 20, y: 276, width: 295, height: 420 - 276 - 20)
        // Open: the whole screen.
        let card1 = screen
        let artwork1 = Rect(x: 0, y: 0, width: 375, height: 260)
        let body1 = Rect(x: 20, y: 276, width: 335, height: 667 - 276 - 20)
        assertFrame(animator, "card", at: 0, card0)
        assertFrame(animator, "artwork", at: 0, artwork0)
        assertFrame(animator, "body", at: 0, body0)
        // UIKit's spring with damping 0.8 over 0.6 s, at 0.15 s and 0.3 s.
        let spring = Timing(curve: .spring(dampingRatio: 0.8, initialVelocity: 0), durationSeconds: 0.6)
        for t in [0.15, 0.3] {
            let share = spring.progress(atSeconds: t)
            XCTAssertGreaterThan(share, 0.05)
            assertFrame(animator, "card", at: t, mix(card0, card1, share))
            assertFrame(animator, "artwork", at: t, mix(artwork0, artwork1, share))
            assertFrame(animator, "body", at: t, mix(body0, body1, share))
        }
        XCTAssertEqual(animator.durationSeconds, 0.6, accuracy: 1e-9)
        assertFrame(animator, "card", at: 0.6, isFinal: true, card1)
        assertFrame(animator, "artwork", at: 0.6, isFinal: true, artwork1)
        assertFrame(animator, "body", at: 0.6, isFinal: true, body1)
        // The title sits 20 pt in from the artwork's left and 16 pt above its bottom, at its own size.
        let title = try XCTUnwrap(frame(animator, "title", at: 0.6, isFinal: true))
        XCTAssertEqual(title.x, 20)
        XCTAssertEqual(title.y + title.height, 244, accuracy: 1e-9)
        XCTAssertEqual(title.width, Double(today.titleLabel.intrinsicContentSize.width), accuracy: 1e-9)
        XCTAssertFalse(today.cardView.hasAmbiguousLayout)
        XCTAssertFalse(today.bodyView.hasAmbiguousLayout)
        try writePNGs(transition, "today-card", at: [0, 0.15, 0.3, 0.6])
    }

    @MainActor func testTheTodayCardClosesWithAPropertyAnimator() async throws {
        let today = TodayCardViewController()
        let transition = try Transition.record(device: .iPhone8) { window in
            window.rootViewController = today
            window.layoutIfNeeded()
            today.expand(animated: false)
            today.collapse()
        }
        let animator = try TransitionAnimator(transition)
        let card0 = screen, card1 = Rect(x: 20, y: 120, width: 335, height: 420)
        let body0 = Rect(x: 20, y: 276, width: 335, height: 371), body1 = Rect(x: 20, y: 276, width: 295, height: 124)
        assertFrame(animator, "card", at: 0, card0)
        assertFrame(animator, "body", at: 0, body0)
        let curve = Timing(curve: .bezier(.easeInEaseOut), durationSeconds: 0.4)
        for t in [0.1, 0.2] {
            assertFrame(animator, "card", at: t, mix(card0, card1, curve.progress(atSeconds: t)))
            assertFrame(animator, "body", at: t, mix(body0, body1, curve.progress(atSeconds: t)))
        }
        assertFrame(animator, "card", at: 0.4, isFinal: true, card1)
        assertFrame(animator, "body", at: 0.4, isFinal: true, body1)
    }

    @MainActor func testTheTodayCardOpensThenClosesFromItsCompletion() async throws {
        let today = TodayCardViewController()
        let transition = try Transition.record(device: .iPhone8) { window in
            window.rootViewController = today
            window.layoutIfNeeded()
            today.expand { _ in today.collapse() }
        }
        let animator = try TransitionAnimator(transition)
        XCTAssertEqual(animator.durationSeconds, 1.0, accuracy: 1e-9, "0.6 s open, then 0.4 s closing")
        let open = screen, rest = Rect(x: 20, y: 120, width: 335, height: 420)
        assertFrame(animator, "card", at: 0.6, open)
        let curve = Timing(curve: .bezier(.easeInEaseOut), durationSeconds: 0.4)
        assertFrame(animator, "card", at: 0.8, mix(open, rest, curve.progress(atSeconds: 0.2)))
        assertFrame(animator, "card", at: 1.0, isFinal: true, rest)
    }

    @MainActor func testTheSheetSlidesUpOnItsTopConstraint() async throws {
        let sheet = SheetViewController()
        let transition = try Transition.record(device: .iPhone8) { window in
            window.rootViewController = sheet
            window.layoutIfNeeded()
            sheet.showSheet()
        }
        XCTAssertEqual(RecordingWarnings.lastRecording, [])
        let animator = try TransitionAnimator(transition)
        // Hanging below the screen, then 360 pt up: its top at 667 − 360 = 307.
        let sheet0 = Rect(x: 0, y: 667, width: 375, height: 360), sheet1 = Rect(x: 0, y: 307, width: 375, height: 360)
        assertFrame(animator, "dimming", at: 0, screen)
        assertFrame(animator, "sheet", at: 0, sheet0)
        let easeOut = Timing(curve: .bezier(.easeOut), durationSeconds: 0.35)
        for t in [0.1, 0.175] {
            let share = easeOut.progress(atSeconds: t)
            assertFrame(animator, "sheet", at: t, mix(sheet0, sheet1, share))
            XCTAssertEqual(
                animator.layer(named: "dimming", in: animator.window(atSeconds: t, isFinal: false))!.opacity, 0.4 * share, accuracy: 1e-9)
        }
        assertFrame(animator, "sheet", at: 0.35, isFinal: true, sheet1)
        // Inside the sheet, which did not change size: nothing moves relative to it.
        // The grabber: 36 × 5, centred ((375 − 36) / 2), 6 pt down.
        assertFrame(animator, "grabber", at: 0.35, isFinal: true, Rect(x: 169.5, y: 6, width: 36, height: 5))
        // The title: 16 pt below the grabber, inside the sheet's 8 pt layout margins (UIKit's default).
        assertFrame(animator, "sheetTitle", at: 0.35, isFinal: true, Rect(x: 8, y: 27, width: 359, height: 24))
        // The button: 16 pt in, 16 pt above the sheet's safe area's bottom (no inset there).
        assertFrame(animator, "done", at: 0.35, isFinal: true, Rect(x: 16, y: 294, width: 343, height: 50))
        try writePNGs(transition, "sheet", at: [0, 0.1, 0.175, 0.35])
    }

    @MainActor func testAStoryCardCollapsesAndTheCardsBelowSlideUp() async throws {
        let stories = StoryStackViewController()
        var safeTop: CGFloat = 0
        let transition = try Transition.record(device: .iPhone8) { window in
            window.rootViewController = stories
            window.layoutIfNeeded()
            safeTop = stories.view.safeAreaInsets.top
            stories.dismissCard(at: 1)
        }
        XCTAssertEqual(RecordingWarnings.lastRecording, [], "the card's 999 height gives way to the stack's collapse")
        let animator = try TransitionAnimator(transition)
        // The column: 16 pt below the safe area, 16 pt in; cards 96 pt tall, 16 pt apart.
        assertFrame(animator, "column", at: 0, Rect(x: 16, y: Double(safeTop) + 16, width: 343, height: 3 * 96 + 2 * 16))
        let card1Before = Rect(x: 0, y: 112, width: 343, height: 96), card1After = Rect(x: 0, y: 96, width: 343, height: 0)
        let card2Before = Rect(x: 0, y: 224, width: 343, height: 96), card2After = Rect(x: 0, y: 112, width: 343, height: 96)
        assertFrame(animator, "card0", at: 0, Rect(x: 0, y: 0, width: 343, height: 96))
        assertFrame(animator, "card1", at: 0, card1Before)
        assertFrame(animator, "card2", at: 0, card2Before)
        let curve = Timing(curve: .bezier(.easeInEaseOut), durationSeconds: 0.3)
        let share = curve.progress(atSeconds: 0.1)
        assertFrame(animator, "card1", at: 0.1, mix(card1Before, card1After, share))
        assertFrame(animator, "card2", at: 0.1, mix(card2Before, card2After, share))
        // Hidden inside the animation: drawn while it collapses, hidden when it ends (UIKit's way).
        XCTAssertEqual(animator.layer(named: "card1", in: animator.window(atSeconds: 0.1, isFinal: false))?.isHidden, false)
        XCTAssertEqual(animator.layer(named: "card1", in: animator.window(atSeconds: 0.3, isFinal: true))?.isHidden, true)
        XCTAssertTrue(stories.cards[1].isHidden)
        assertFrame(animator, "card0", at: 0.3, isFinal: true, Rect(x: 0, y: 0, width: 343, height: 96))
        assertFrame(animator, "card1", at: 0.3, isFinal: true, card1After)
        assertFrame(animator, "card2", at: 0.3, isFinal: true, card2After)
        // Inside a card: the icon 16 pt in (the row's margin), centred in 96 pt: (96 − 60) / 2.
        let icon = try XCTUnwrap(stories.cards[2].subviews.first?.subviews.first)
        XCTAssertEqual(icon.frame, CGRect(x: 16, y: 18, width: 60, height: 60))
        // The texts: after the icon and 12 pt, to the row's right margin, centred.
        let texts = try XCTUnwrap(stories.cards[2].subviews.first?.subviews.last as? UIStackView)
        let title = texts.arrangedSubviews[0].intrinsicContentSize, subtitle = texts.arrangedSubviews[1].intrinsicContentSize
        let textHeight = title.height + 4 + subtitle.height
        XCTAssertEqual(texts.frame.minX, 88)
        XCTAssertEqual(texts.frame.width, 343 - 16 - 88)
        XCTAssertEqual(texts.frame.minY, (96 - textHeight) / 2, accuracy: 1e-9)
        XCTAssertEqual(texts.arrangedSubviews[1].frame.minY, title.height + 4, accuracy: 1e-9)
        try writePNGs(transition, "stories", at: [0, 0.1, 0.2, 0.3])
    }
}
