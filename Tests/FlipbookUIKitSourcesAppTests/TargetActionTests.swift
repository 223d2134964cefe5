import FlipbookModel
import FlipbookUIKit
import XCTest

/// The fixture app (Tests/Fixtures/uikit-app), written for iOS and rewritten for Linux by the
/// UIKitSources build-tool plugin: its target-action and gesture handlers run, its `@objc optional`
/// delegate methods answer as on iOS (nil when not implemented), selectors carry their
/// Objective-C names and places.
final class TargetActionTests: XCTestCase {
    private let fixtures = fixtureApp

    @MainActor
    private func loadedScreen() -> CardScreenViewController {
        let screen = CardScreenViewController()
        screen.loadViewIfNeeded()
        return screen
    }

    @MainActor func testControlActionsCallTheScreensMethodsWithTheControlAsSender() async throws {
        let screen = loadedScreen()
        let like = try XCTUnwrap(screen.view.subviews.compactMap { $0 as? LikeControl }.first)
        like.like()
        like.like()
        XCTAssertEqual(screen.likesShown, 2)
        XCTAssertTrue(screen.lastSender as? LikeControl === like)
        // Per like: likeChanged(_:forEvent:) with a touch-less event, then the nil target's
        // action, found up the responder chain (control → root view → screen).
        XCTAssertEqual(screen.events, ["like touches", "chain", "like touches", "chain"])
        like.sendActions(for: .touchUpInside)
        XCTAssertEqual(screen.events.last, "like touches", "only the action registered for .touchUpInside runs")
        XCTAssertEqual(screen.likesShown, 2)
        XCTAssertEqual(like.actions(forTarget: screen, forControlEvent: .valueChanged), ["likeChanged:", "likeChanged:forEvent:"])
        XCTAssertEqual(like.allControlEvents, [.valueChanged, .touchUpInside])
        like.removeTarget(screen, action: nil, for: .valueChanged)
        like.like()
        XCTAssertEqual(screen.likesShown, 2, "removed")
        XCTAssertEqual(screen.events.last, "chain", "the nil target's action stays")
    }

    @MainActor func testGestureActionsRunTheHandlersNamedBySelectors() async throws {
        let card = PhotoCardView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        card.tapRecognizer.performActions()
        XCTAssertTrue(card.isExpanded)
        XCTAssertEqual(card.bounds.height, 300, "no delegate: 1.5 × the width")
        card.tapRecognizer.performActions()
        XCTAssertFalse(card.isExpanded)
        XCTAssertEqual(card.bounds.height, 200)
        card.panRecognizer.performActions()
        XCTAssertEqual(card.panCount, 1)
        card.panRecognizer.removeTarget(card, action: nil)
        card.panRecognizer.performActions()
        XCTAssertEqual(card.panCount, 1, "removed")

        // Selector(("resetCard")): a string selector, found by name among the folder's
        // Objective-C-visible methods (a private one of the screen).
        let screen = loadedScreen()
        screen.cardView.progress = 0.5
        let doubleTap = try XCTUnwrap(
            screen.cardView.gestureRecognizers?.compactMap { $0 as? UITapGestureRecognizer }.first { $0.numberOfTapsRequired == 2 })
        doubleTap.performActions()
        XCTAssertEqual(screen.events, ["reset"])
        XCTAssertEqual(screen.cardView.progress, 0)
    }

    @MainActor func testOptionalDelegateMethodsAnswerOnlyWhenImplemented() async {
        let card = PhotoCardView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        XCTAssertEqual(card.expandedHeight, 300, "no delegate: `?? width * 1.5`")

        // Implemented, privately, in an extension in another file than the class.
        let screen = loadedScreen()
        screen.preferredExpandedHeight = 420
        XCTAssertEqual(screen.cardView.expandedHeight, 420)
        XCTAssertTrue(DelegateInspector.answersExpandedHeight(screen))

        // Not implemented: nil, so the card's own answer.
        let minimal = MinimalCardDelegate()
        card.delegate = minimal
        XCTAssertEqual(card.expandedHeight, 300)
        XCTAssertFalse(DelegateInspector.answersExpandedHeight(minimal))
        card.tapRecognizer.performActions()
        XCTAssertTrue(card.isExpanded, "photoCardShouldExpand?(…) is nil: `if let` does not stop it")
        XCTAssertEqual(minimal.toggles, 1)

        // Implemented by a subclass of the conforming class, under the requirement's selector.
        let tall = TallLockedCardDelegate()
        card.delegate = tall
        card.tapRecognizer.performActions()
        XCTAssertTrue(card.isExpanded, "photoCardShouldExpand returns false: the card stays as it was")
        card.panRecognizer.performActions()
        card.panRecognizer.performActions()
        XCTAssertEqual(tall.finishedVelocity, .zero, "photoCardDidFinishPanning:withVelocity: reached the subclass")

        // A subclass method not exposed to Objective-C is not seen, as on iOS.
        let quiet = QuietLockedCardDelegate()
        card.delegate = quiet
        card.tapRecognizer.performActions()
        XCTAssertFalse(card.isExpanded, "the quiet delegate's photoCardShouldExpand is not called")
    }

    @MainActor func testSelectorsCarryObjectiveCNamesAndCompareByName() async throws {
        let recorder = VerboseAnalyticsRecorder()
        // NSSelectorFromString in the app: found by name; the override in the subclass wins.
        let share = recorder.action(named: "trackShare:")
        XCTAssertEqual(share.name, "trackShare:")
        XCTAssertEqual(NSStringFromSelector(share), "trackShare:")
        XCTAssertTrue(recorder.responds(to: share))
        try share.perform(on: recorder, with: nil)
        XCTAssertEqual(recorder.tracked, ["share", "verbose trackShare:"])
        // A method of an `@objc extension`, by name.
        try recorder.action(named: "reset").perform(on: recorder)
        XCTAssertEqual(recorder.tracked, [])
        // An @objcMembers method with nested generic parameters, by name.
        let screens = recorder.action(named: "trackScreens:")
        try screens.perform(on: recorder, with: [["a": [1, 2]]])
        XCTAssertEqual(recorder.tracked, ["screens 1"])
        XCTAssertFalse(recorder.responds(to: recorder.action(named: "trackShare")), "no colon: another selector")
        XCTAssertEqual(share, Selector("trackShare:"), "selectors are equal by name")
        XCTAssertEqual(Set([share, Selector("trackShare:")]).count, 1)
    }

    @MainActor func testASelectorNamingNothingFailsTheRecordingWithItsFileAndLine() async throws {
        let expectedLine = try fixtureLine(of: "Selector((\"resetCards\"))", in: "Screens/CardScreenViewController.swift")
        XCTAssertThrowsError(
            try Transition.record { window in
                let screen = CardScreenViewController()
                window.rootViewController = screen
                screen.misspelledResetRecognizer().performActions()
            }
        ) { error in
            guard case let RecordingError.actionFailed(selectorError) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(
                selectorError,
                .unrecognized(
                    selector: "resetCards", target: "CardScreenViewController",
                    madeAt: "FlipbookUIKitSourcesAppTests/CardScreenViewController.swift:\(expectedLine)"))
            XCTAssertEqual(
                "\(error)",
                "unrecognized selector 'resetCards' sent to CardScreenViewController (the selector made at "
                    + "FlipbookUIKitSourcesAppTests/CardScreenViewController.swift:\(expectedLine)); no method of "
                    + "CardScreenViewController has that Objective-C name")
        }
    }

    @MainActor func testTheCompilerSeesTheOriginalFilesAndLines() async throws {
        let place = loadedScreen().currentPlace()
        XCTAssertEqual(place.file, fixtures.appendingPathComponent("Screens/CardScreenViewController.swift").path)
        XCTAssertEqual(place.line, try fixtureLine(of: "func currentPlace()", in: "Screens/CardScreenViewController.swift"))
    }

    @MainActor func testAFileRelyingOnAnUmbrellaHeaderGetsUIKit() async {
        let badge = BadgeView(frame: .zero)
        badge.count = 0
        XCTAssertTrue(badge.isHidden)
        badge.count = 3
        XCTAssertFalse(badge.isHidden)
    }

    @MainActor func testPropertySelectorsGetAndSet() async throws {
        let card = PhotoCardView(frame: .zero)
        card.progress = 0.25
        let getter = Selector(getter: \PhotoCardView.progress, name: "progress")
        XCTAssertEqual(try getter.perform(on: card) as? CGFloat, 0.25)
        let setter = Selector(setter: \PhotoCardView.progress, name: "setProgress"), setterLine = #line
        XCTAssertEqual(setter.name, "setProgress:", "a colon per argument")
        try setter.perform(on: card, with: CGFloat(0.75))
        XCTAssertEqual(card.progress, 0.75)
        XCTAssertThrowsError(try setter.perform(on: card, with: "half")) { error in
            XCTAssertEqual(
                error as? SelectorError,
                .argumentMismatch(
                    selector: "setProgress:", expected: "CGFloat", sent: "String",
                    madeAt: "FlipbookUIKitSourcesAppTests/TargetActionTests.swift:\(setterLine)"))
        }
    }
}
