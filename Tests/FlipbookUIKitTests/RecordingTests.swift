import Flipbook
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookRender
import FlipbookScenes
import FlipbookUIKit
import Foundation
import XCTest

final class RecordingTests: XCTestCase {
    @MainActor func testChangesAfterTheStartAreTimedChangesNotAHiddenLayer() async throws {
        let transition = try Transition.record { window in
            let card = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
            card.accessibilityIdentifier = "card"
            window.addSubview(card)
            UIView.animate(withDuration: 0.5, animations: { card.alpha = 0.5 }) { _ in card.isHidden = true }
        }
        // The completion's change is a timed change at 0.5 s; the window holds the card only.
        XCTAssertEqual(transition.window.sublayers.map(\.name), ["card"])
        XCTAssertEqual(transition.timedChanges.map(\.atSeconds), [0.5])
        XCTAssertEqual(transition.timedChanges.first?.changes.map(\.target), ["card"])
        XCTAssertEqual(transition.timedChanges.first?.changes.first?.set.isHidden, true)
        let animator = try TransitionAnimator(transition)
        XCTAssertFalse(animator.layer(named: "card", in: animator.window(atSeconds: 0.5, isFinal: false))!.isHidden)
        XCTAssertTrue(animator.layer(named: "card", in: animator.window(atSeconds: 0.51, isFinal: false))!.isHidden)
        // A transition file says the same.
        let file = TransitionFile.json(for: transition, relativeTo: ".")
        XCTAssertEqual(
            try TransitionFile(data: Data(file.utf8), path: "r.json").transition(photos: [], options: SceneOptions()).timedChanges,
            transition.timedChanges)
    }

    @MainActor func testAlphaAnimationIsRecordedWithItsCurve() async throws {
        let transition = try Transition.record { window in
            let box = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
            box.accessibilityIdentifier = "box"
            box.backgroundColor = .red
            window.addSubview(box)
            box.alpha = 0
            UIView.animate(withDuration: 0.5, animations: { box.alpha = 1 })
        }
        let animator = try TransitionAnimator(transition)
        XCTAssertEqual(animator.durationSeconds, 0.5)
        let box = animator.layer(named: "box", in: animator.window(atSeconds: 0.25, isFinal: false))!
        // Ease in-out at half time is 0.5 by symmetry.
        XCTAssertEqual(box.opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(box.frame, Rect(x: 10, y: 20, width: 100, height: 50))
        XCTAssertEqual(animator.initialLayer(named: "box")?.opacity, 0)
    }
}
