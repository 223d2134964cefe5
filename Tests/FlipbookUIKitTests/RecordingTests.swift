import Foundation
import XCTest
import FlipbookUIKit
import Flipbook

final class RecordingTests: XCTestCase {
    func testAlphaAnimationIsRecordedWithItsCurve() throws {
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
