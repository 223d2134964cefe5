import FlipbookModel
import FlipbookUIKit
import XCTest

// This file is not rewritten by the source step and sees Foundation through XCTest, so it names
// the clock's types `FlipbookUIKit.DispatchQueue` … as the source step writes them in an app's files.

/// A delegate whose pending performs are cancelled.
private final class Blinker: NSObject {
    var blinks = 0
    func blink() { blinks += 1 }
}

/// An animator that runs its animation and then forgets `completeTransition(_:)`.
private final class ForgetfulFader: NSObject, UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let toView = transitionContext.view(forKey: .to)!
        toView.alpha = 0
        transitionContext.containerView.addSubview(toView)
        UIView.animate(withDuration: 0.3, animations: { toView.alpha = 1 }, completion: { _ in })
    }
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController,
        source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { self }
}

/// The run loop's clock with the API called directly: the order of work due at one time,
/// timers added to the run loop, display links at a lower rate, cancelled performs, and what an
/// animator that never completes is told.
final class RunLoopClockTests: XCTestCase {
    @MainActor func testWorkRunsInTheOrderScheduledAfterTheCodeThatScheduledIt() async throws {
        var order: [String] = []
        var clockTimes: [Double] = []
        _ = try Transition.record(device: .iPhone8) { window in
            FlipbookUIKit.DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) {
                order.append("after 0.2"); clockTimes.append(CACurrentMediaTime())
            }
            FlipbookUIKit.DispatchQueue.main.async {
                order.append("async 1")
                FlipbookUIKit.DispatchQueue.main.async { order.append("async from async") }
            }
            FlipbookUIKit.DispatchQueue.main.asyncAfter(wallDeadline: .now() + .milliseconds(200)) { order.append("wall 0.2") }
            FlipbookUIKit.DispatchQueue.main.async { order.append("async 2") }
            order.append("body")
        }
        XCTAssertEqual(order, ["body", "async 1", "async 2", "async from async", "after 0.2", "wall 0.2"])
        XCTAssertEqual(clockTimes, [0.2])
    }

    @MainActor func testATimerAddedToTheRunLoopFiresFromWhenItWasMade() async throws {
        var fires: [Double] = []
        _ = try Transition.record(device: .iPhone8) { window in
            let timer = FlipbookUIKit.Timer(timeInterval: 0.25, repeats: true) { timer in
                fires.append(CACurrentMediaTime())
                if fires.count == 3 { timer.invalidate() }
            }
            // Added later (at 0.1 s): a timer's first fire date is set when it is made, 0.25 s.
            FlipbookUIKit.DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { FlipbookUIKit.RunLoop.main.add(timer, forMode: .common) }
        }
        XCTAssertEqual(fires, [0.25, 0.5, 0.75])
    }

    @MainActor func testADisplayLinkAtThirtyFramesASecondIsCalledEveryOtherRefresh() async throws {
        var timestamps: [Double] = [], targets: [Double] = []
        final class Target: NSObject {
            var onStep: (CADisplayLink) -> Void = { _ in }
            func step(_ link: CADisplayLink) { onStep(link) }
        }
        let target = Target()
        target.onStep = { link in
            timestamps.append(link.timestamp)
            targets.append(link.targetTimestamp)
            if timestamps.count == 3 { link.invalidate() }
        }
        _ = try Transition.record(device: .iPhone8) { window in
            let link = CADisplayLink(target: target, selector: Selector(Target.step, name: "step:"))
            link.preferredFramesPerSecond = 30
            link.add(to: .main, forMode: .default)
        }
        XCTAssertEqual(timestamps, [1.0 / 60, 3.0 / 60, 5.0 / 60])
        XCTAssertEqual(targets, [3.0 / 60, 5.0 / 60, 7.0 / 60])
    }

    @MainActor func testCancelledPerformsAndWorkItemsNeverRun() async throws {
        let blinker = Blinker()
        let blink = Selector(Blinker.blink, name: "blink")
        var itemRan = false
        let transition = try Transition.record(device: .iPhone8) { window in
            blinker.perform(blink, with: nil, afterDelay: 0.1)
            blinker.perform(blink, with: nil, afterDelay: 5)
            FlipbookUIKit.DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) {
                NSObject.cancelPreviousPerformRequests(withTarget: blinker)
            }
            let item = FlipbookUIKit.DispatchWorkItem { itemRan = true }
            FlipbookUIKit.DispatchQueue.main.asyncAfter(deadline: .now() + 3, execute: item)
            item.cancel()
        }
        XCTAssertEqual(blinker.blinks, 1, "the 0.1 s perform ran; the 5 s one was cancelled at 0.2 s")
        XCTAssertFalse(itemRan)
        XCTAssertEqual(try TransitionAnimator(transition).durationSeconds, 0.2, accuracy: 1e-9, "nothing cancelled extends the recording")
    }

    @MainActor func testAnAnimatorThatNeverCompletesIsToldWhatRanLast() async throws {
        let fader = ForgetfulFader()
        XCTAssertThrowsError(
            try Transition.record { window in
                let root = UIViewController()
                window.rootViewController = root
                let modal = UIViewController()
                modal.modalPresentationStyle = .custom
                modal.transitioningDelegate = fader
                root.present(modal, animated: true)
            }
        ) { error in
            guard case let .transitionNotCompleted(animator, waitingOn)? = error as? RecordingError else { return XCTFail("\(error)") }
            XCTAssertEqual(animator, "ForgetfulFader")
            XCTAssertTrue(waitingOn.hasPrefix("nothing was left to run after 0.3 s (the last: "), waitingOn)
        }
    }

    @MainActor func testWorkForAnotherQueueIsRefusedEvenFromALabelledQueue() async throws {
        let line = #line + 3
        XCTAssertThrowsError(
            try Transition.record { window in
                FlipbookUIKit.DispatchQueue(label: "images").async {}
            }
        ) { error in
            XCTAssertEqual(
                error as? RecordingError,
                .workOnOtherQueue(
                    queue: "DispatchQueue(label: \"images\")",
                    calledAt: "FlipbookUIKitTests/RunLoopClockTests.swift:\(line)"))
        }
    }
}
