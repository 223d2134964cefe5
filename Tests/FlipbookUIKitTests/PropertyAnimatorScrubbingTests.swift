import FlipbookModel
import FlipbookUIKit
import XCTest

/// `UIViewPropertyAnimator` driven as interruptible transitions drive it: scrubbed through its
/// curve (`scrubsLinearly` false), held at its end (`pausesOnCompletion`), stopped where it is
/// drawn and finished at a position. A view moves y 0 → 400 over 1 s; every expected value is
/// the curve's, worked out here.
final class PropertyAnimatorScrubbingTests: XCTestCase {
    private func y(_ animator: TransitionAnimator, at t: Double, isFinal: Bool = false) -> Double {
        animator.layer(named: "card", in: animator.window(atSeconds: t, isFinal: isFinal))!.frame.y
    }

    /// Ease-in, (0.42, 0), (1, 1) (Apple's documented control points), at the fraction `x` of the time.
    private func easeIn(_ x: Double) -> Double {
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if coordinate(mid, 0.42, 1) < x { low = mid } else { high = mid }
        }
        return coordinate((low + high) / 2, 0, 1)
    }

    @MainActor private func record(
        _ drive: @escaping @MainActor (UIViewPropertyAnimator) -> Void, curve: UIView.AnimationCurve = .linear,
        completions: @escaping (UIViewAnimatingPosition) -> Void = { _ in }
    ) throws -> TransitionAnimator {
        try TransitionAnimator(
            Transition.record { window in
                let card = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                card.accessibilityIdentifier = "card"
                window.addSubview(card)
                let animator = UIViewPropertyAnimator(duration: 1, curve: curve) { card.frame.origin.y = 400 }
                animator.addCompletion(completions)
                drive(animator)
            })
    }

    @MainActor func testScrubbingThroughTheCurveWhenNotLinear() async throws {
        let linear = try record(
            {
                $0.pauseAnimation(); $0.fractionComplete = 0.5
            }, curve: .easeIn)
        XCTAssertEqual(y(linear, at: 0), 200, accuracy: 1e-9, "scrubsLinearly: half the distance")
        let curved = try record(
            {
                $0.scrubsLinearly = false; $0.pauseAnimation(); $0.fractionComplete = 0.5
            }, curve: .easeIn)
        XCTAssertEqual(y(curved, at: 0), 400 * easeIn(0.5), accuracy: 1e-6, "where the running animation is at 0.5 s")
    }

    @MainActor func testPausesOnCompletionHoldsTheEndUntilContinuedBack() async throws {
        var positions: [UIViewAnimatingPosition] = []
        var stateAtEnd: UIViewAnimatingState?
        let animator = try record(
            { animator in
                animator.pausesOnCompletion = true
                animator.startAnimation()
                FlipbookUIKit.DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) {
                    stateAtEnd = animator.state
                    animator.isReversed = true
                    animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
                }
                FlipbookUIKit.DispatchQueue.main.asyncAfter(deadline: .now() + 3) {
                    animator.stopAnimation(false)
                    animator.finishAnimation(at: .start)
                }
            }, completions: { positions.append($0) })
        XCTAssertEqual(stateAtEnd, .active, "still active at its end, no completion")
        XCTAssertEqual(y(animator, at: 1.2), 400, accuracy: 1e-9)
        // Back over the whole second from 1.5 s, linearly.
        XCTAssertEqual(y(animator, at: 2), 200, accuracy: 1e-9)
        XCTAssertEqual(y(animator, at: 2.5), 0, accuracy: 1e-9)
        XCTAssertEqual(positions, [.start], "only finishAnimation(at:) ran the completion")
    }

    @MainActor func testStoppingLeavesTheViewWhereItIsDrawnOrFinishesIt() async throws {
        var positions: [UIViewAnimatingPosition] = []
        let stopped = try record(
            { animator in
                animator.startAnimation()
                FlipbookUIKit.DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { animator.stopAnimation(true) }
            }, completions: { positions.append($0) })
        XCTAssertEqual(y(stopped, at: 0.8, isFinal: true), 200, accuracy: 1e-9, "held where drawn at 0.5 s")
        XCTAssertEqual(positions, [], "stopped without finishing: no completion")
        let finished = try record(
            { animator in
                animator.startAnimation()
                FlipbookUIKit.DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) {
                    animator.stopAnimation(false)
                    animator.finishAnimation(at: .end)
                }
            }, completions: { positions.append($0) })
        XCTAssertEqual(y(finished, at: 0.3, isFinal: true), 400, accuracy: 1e-9, "finished at the end at once")
        XCTAssertEqual(positions, [.end])
    }
}
