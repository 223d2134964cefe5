import FlipbookModel
import FlipbookUIKit
import XCTest

/// Key-value observation of views, as transition code uses it on iOS: reports at the moment a
/// setter runs (an animation block's end value at once), `.initial`, `.new` and `.old`,
/// `invalidate()`; other key paths refused in a recording with the call's file and line.
final class KeyValueObservingTests: XCTestCase {
    @MainActor func testAFramesObservationReportsEachChangeWithOldAndNewValuesUntilInvalidated() async throws {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var reports: [String] = []
        let observation = card.observe(\.frame, options: [.new, .old, .initial]) { view, change in
            XCTAssertTrue(view === card)
            reports.append("\(change.oldValue.map { "\($0.origin.x)" } ?? "nil") → \(change.newValue.map { "\($0.origin.x)" } ?? "nil")")
        }
        card.frame.origin.x = 40
        card.frame.origin.x = 40 // unchanged: no report
        card.center = CGPoint(x: 100, y: 50) // moves the frame's origin to 50
        observation.invalidate()
        card.frame.origin.x = 0
        XCTAssertEqual(reports, ["nil → 0.0", "0.0 → 40.0", "40.0 → 50.0"])
    }

    @MainActor func testAnAnimatedChangeIsReportedAtOnceWithTheEndValue() async throws {
        var reported: [CGFloat] = []
        var observation: NSKeyValueObservation?
        let transition = try Transition.record(device: .iPhone8) { window in
            let dimming = UIView(frame: window.bounds)
            dimming.alpha = 0
            window.addSubview(dimming)
            observation = dimming.observe(\.alpha, options: [.new]) { _, change in reported.append(change.newValue ?? -1) }
            UIView.animate(withDuration: 0.3) { dimming.alpha = 1 }
            XCTAssertEqual(reported, [1], "the model value, when it is set")
        }
        XCTAssertEqual(try TransitionAnimator(transition).durationSeconds, 0.3, accuracy: 1e-9)
        XCTAssertEqual(reported, [1], "not again as the animation runs")
        observation?.invalidate()
    }

    @MainActor func testThePageControlFollowsTheObservedContentOffset() async throws {
        let screen = PreferencesViewController()
        _ = try Transition.record(device: .iPhone8) { window in
            window.rootViewController = screen
            window.layoutIfNeeded()
            XCTAssertEqual(screen.pageControl.currentPage, 0)
            screen.tipsScrollView.contentOffset.x = 750
        }
        XCTAssertEqual(screen.pageControl.currentPage, 2, "750 / 375")
    }

    @MainActor func testAnUnsupportedKeyPathFailsTheRecordingNamingTheCall() async throws {
        var observation: NSKeyValueObservation?
        let line = #line + 4
        XCTAssertThrowsError(
            try Transition.record(device: .iPhone8) { window in
                let view = UIView(frame: window.bounds)
                observation = view.observe(\.tag, options: [.new]) { _, _ in }
                window.addSubview(view)
            }
        ) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("KeyValueObservingTests.swift:\(line)"), message)
            XCTAssertTrue(message.contains("observing"), message)
        }
        observation?.invalidate()
    }
}
