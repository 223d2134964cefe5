import FlipbookModel
import FlipbookUIKit
import XCTest

/// The fixture app's run-loop code (Tests/Fixtures/uikit-app/RunLoop, iOS code rewritten by the
/// UIKitSources plugin): blocks dispatched to the main queue, Core Animation transactions,
/// timers, delayed performs and display links run on the recording's clock. Expected values come
/// from the fixtures' own constants (durations, delays, widths) and UIKit's rules, not from a
/// previous recording.
final class RunLoopTests: XCTestCase {
    /// The layer as a frame at `seconds` shows it (changes made at a time show in frames strictly
    /// after it, as a completion's do).
    private func layer(_ name: String, at seconds: Double, in recorded: TransitionAnimator) throws -> Layer {
        try XCTUnwrap(recorded.layer(named: name, in: recorded.window(atSeconds: seconds, isFinal: false)), "\(name) at \(seconds) s")
    }

    /// The layer in the last frame.
    private func finalLayer(_ name: String, in recorded: TransitionAnimator) throws -> Layer {
        try XCTUnwrap(recorded.layer(named: name, in: recorded.window(atSeconds: recorded.durationSeconds, isFinal: true)), name)
    }

    @MainActor private func recordCardPresentation() throws -> Transition {
        let animator = CardPresentAnimator()
        return try Transition.record(device: .iPhone8) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.layoutIfNeeded()
            let card = UIViewController()
            card.view.accessibilityIdentifier = "card"
            card.modalPresentationStyle = .custom
            card.transitioningDelegate = animator
            root.present(card, animated: true)
        }
    }

    @MainActor func testABlockDispatchedAfterADelayAndATransactionsCompletionRunOnTheClock() async throws {
        let recorded = try TransitionAnimator(try recordCardPresentation())
        let cardStart = CardPresentAnimator.cardDelay
        // The transaction's completion ends the transition: after the later of its corner
        // animation (0.15 + 0.4 s, the transaction's duration) and the card's slide (0.15 + 0.35 s).
        XCTAssertEqual(recorded.durationSeconds, cardStart + CardPresentAnimator.cornerDuration, accuracy: 1e-9)
        // The dimming fades in at once, on UIKit's default ease in-out: half-way at its middle.
        XCTAssertEqual(try layer("dimming", at: CardPresentAnimator.dimmingDuration / 2, in: recorded).opacity, 0.5, accuracy: 1e-9)
        // The card waits below the screen until the dispatched block runs, then slides up.
        XCTAssertEqual(try layer("card", at: 0.1, in: recorded).frame.y, 667)
        XCTAssertEqual(try layer("card", at: cardStart, in: recorded).frame.y, 667)
        let moving = try layer("card", at: cardStart + CardPresentAnimator.cardDuration / 2, in: recorded).frame.y
        XCTAssertTrue(moving > 0 && moving < 667 / 2, "ease-out: more than half-way at half the time (\(moving))")
        XCTAssertEqual(try layer("card", at: cardStart + CardPresentAnimator.cardDuration, in: recorded).frame.y, 0, accuracy: 1e-9)
        // The corner animation has no duration of its own: it takes the transaction's 0.4 s,
        // linear (no timing function): 8 pt half-way.
        XCTAssertEqual(try layer("card", at: cardStart, in: recorded).cornerRadius, 0, accuracy: 1e-9)
        XCTAssertEqual(
            try layer("card", at: cardStart + CardPresentAnimator.cornerDuration / 2, in: recorded).cornerRadius, 8, accuracy: 1e-9)
        XCTAssertEqual(try finalLayer("card", in: recorded).cornerRadius, 16, accuracy: 1e-9)
    }

    @MainActor func testRecordingRunLoopWorkIsDeterministic() async throws {
        XCTAssertEqual(try recordCardPresentation(), try recordCardPresentation())
    }

    @MainActor func testDisplayLinkTimerAndDelayedPerformRunAtTheirTimes() async throws {
        let screen = ProgressViewController()
        let transition = try Transition.record(device: .iPhone8) { window in
            window.rootViewController = screen
            window.layoutIfNeeded()
            screen.start()
        }
        let recorded = try TransitionAnimator(transition)
        // The display link is called at every 1/60 s refresh from the first after t = 0 until the
        // bar is full: its progress at refresh k is k/30 (the next refresh, 0.5 s to fill), so 30 calls.
        XCTAssertEqual(screen.linkTimestamps.count, 30)
        XCTAssertEqual(screen.linkTimestamps.first ?? 0, 1.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(screen.linkTimestamps.last ?? 0, 0.5, accuracy: 1e-12)
        XCTAssertEqual(recorded.durationSeconds, 0.5, accuracy: 1e-9)
        // Between refresh 15 and 16 the bar shows refresh 15's width: 335 × 15/30.
        XCTAssertEqual(try layer("bar", at: 15.5 / 60, in: recorded).frame.width, 167.5, accuracy: 1e-9)
        XCTAssertEqual(try finalLayer("bar", in: recorded).frame.width, 335, accuracy: 1e-9)
        // The timer fires every 0.1 s and stops itself after five ticks of 10 pt.
        XCTAssertEqual(try layer("ticker", at: 0.05, in: recorded).frame.x, 0)
        XCTAssertEqual(try layer("ticker", at: 0.35, in: recorded).frame.x, 30)
        XCTAssertEqual(try finalLayer("ticker", in: recorded).frame.x, 50)
        // The badge appears at the delayed perform, 0.25 s.
        XCTAssertTrue(try layer("badge", at: 0.24, in: recorded).isHidden)
        XCTAssertFalse(try layer("badge", at: 0.26, in: recorded).isHidden)
        // The cancelled work item never ran.
        XCTAssertFalse(screen.staleWorkRan)
    }

    @MainActor func testARepeatingTimerLeftRunningIsNamedWithItsPlace() async throws {
        let line = try fixtureLine(of: "Timer.scheduledTimer", in: "RunLoop/LeakyScreens.swift")
        let screen = PollingViewController()
        XCTAssertThrowsError(
            try Transition.record(device: .iPhone8) { window in
                window.rootViewController = screen
                window.layoutIfNeeded()
            }
        ) { error in
            let message = "\(error)"
            XCTAssertTrue(
                message.contains("a repeating Timer (every 0.5 s) made at FlipbookUIKitSourcesAppTests/LeakyScreens.swift:\(line)"), message
            )
            XCTAssertTrue(message.contains("was still scheduled when the recording reached its limit"), message)
        }
        // It ran every 0.5 s up to the longest recording, 120 s.
        XCTAssertEqual(screen.polls, 240)
    }

    @MainActor func testWorkDispatchedToAnotherQueueIsAnErrorNamingTheQueueAndThePlace() async throws {
        let line = try fixtureLine(of: "DispatchQueue.global", in: "RunLoop/LeakyScreens.swift")
        XCTAssertThrowsError(
            try Transition.record(device: .iPhone8) { window in
                window.rootViewController = BackgroundLoadingViewController()
                window.layoutIfNeeded()
            }
        ) { error in
            XCTAssertEqual(
                error as? RecordingError,
                .workOnOtherQueue(
                    queue: "DispatchQueue.global(qos: .userInitiated)",
                    calledAt: "FlipbookUIKitSourcesAppTests/LeakyScreens.swift:\(line)"))
        }
    }
}
