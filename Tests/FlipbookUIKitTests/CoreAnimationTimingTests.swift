import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookScenes
import FlipbookUIKit
import Foundation
import XCTest

/// Core Animation's timing as iOS applies it: fill modes and removal, begin times, speed, time
/// offsets, repeats and autoreverse, groups, the delegate's calls, removal, byValue and additive
/// values, and `CATransition`'s motions, against values computed here.
final class CoreAnimationTimingTests: XCTestCase {
    private typealias K = CoreAnimationKeyframeTests

    /// A fade from 0 to 1 of a dot whose model opacity is 0.5, with `configure` applied.
    @MainActor private func fade(_ configure: @escaping @MainActor (CABasicAnimation) -> Void) throws -> TransitionAnimator {
        try K.recordDot { dot in
            dot.alpha = 0.5
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0; fade.toValue = 1; fade.duration = 0.5
            configure(fade)
            dot.layer.add(fade, forKey: "fade")
        }
    }

    @MainActor func testTheLayerSnapsBackToItsModelValueUnlessKeptFillingForwards() async throws {
        let removed = try fade { _ in }
        XCTAssertEqual(K.dot(removed, at: 0.25).opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(K.dot(removed, at: 0.51).opacity, 0.5, accuracy: 1e-12)
        // Filling forwards but removed on completion: removed, so the model value shows (iOS).
        let forwardsRemoved = try fade { $0.fillMode = .forwards }
        XCTAssertEqual(K.dot(forwardsRemoved, at: 0.51).opacity, 0.5, accuracy: 1e-12)
        // The idiom: kept and filling forwards, the end value stays.
        let kept = try fade {
            $0.fillMode = .forwards; $0.isRemovedOnCompletion = false
        }
        XCTAssertEqual(K.dot(kept, at: 0.51).opacity, 1, accuracy: 1e-12)
        XCTAssertEqual(kept.layer(named: "dot", in: kept.window(atSeconds: 0.5, isFinal: true))!.opacity, 1)
        // Kept but not filling: past its end it shows the model value.
        let keptNotFilling = try fade { $0.isRemovedOnCompletion = false }
        XCTAssertEqual(K.dot(keptNotFilling, at: 0.51).opacity, 0.5, accuracy: 1e-12)
    }

    @MainActor func testALaterBeginTimeShowsTheModelValueUnlessFilledBackwards() async throws {
        let later = try fade { $0.beginTime = CACurrentMediaTime() + 0.5 }
        XCTAssertEqual(K.dot(later, at: 0.25).opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(K.dot(later, at: 0.75).opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(K.dot(later, at: 1.01).opacity, 0.5, accuracy: 1e-12)
        let backwards = try fade {
            $0.beginTime = CACurrentMediaTime() + 0.5; $0.fillMode = .backwards
        }
        XCTAssertEqual(K.dot(backwards, at: 0.25).opacity, 0, accuracy: 1e-12)
        XCTAssertEqual(K.dot(backwards, at: 0.75).opacity, 0.5, accuracy: 1e-12)
    }

    @MainActor func testSpeedTimeOffsetRepeatAndAutoreverse() async throws {
        let fast = try fade { $0.speed = 2 }
        XCTAssertEqual(K.dot(fast, at: 0.125).opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(fast.durationSeconds, 0.25, accuracy: 1e-9)
        // Half its time already past: from ½ to the end, then from the start to ½.
        let offset = try fade { $0.timeOffset = 0.25 }
        XCTAssertEqual(K.dot(offset, at: 0).opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(K.dot(offset, at: 0.125).opacity, 0.75, accuracy: 1e-12)
        XCTAssertEqual(K.dot(offset, at: 0.375).opacity, 0.25, accuracy: 1e-12)
        // Twice there and back: 0.5 s each way, 2 s in all.
        let pulse = try fade {
            $0.autoreverses = true; $0.repeatCount = 2
        }
        for (t, opacity) in [(0.25, 0.5), (0.5, 1.0), (0.75, 0.5), (1.0, 0.0), (1.25, 0.5), (1.75, 0.5)] {
            XCTAssertEqual(K.dot(pulse, at: t).opacity, opacity, accuracy: 1e-12, "t = \(t)")
        }
        XCTAssertEqual(pulse.durationSeconds, 2, accuracy: 1e-9)
        XCTAssertEqual(K.dot(pulse, at: 2.01).opacity, 0.5, accuracy: 1e-12)
        // An ease-in played backwards is the ease-out mirror: 1 − easeIn(1 − x).
        let eased = try fade {
            $0.autoreverses = true; $0.timingFunction = CAMediaTimingFunction(name: .easeIn)
        }
        XCTAssertEqual(K.dot(eased, at: 0.6).opacity, CubicBezier.easeIn.progress(atFraction: 0.8), accuracy: 1e-9)
        let fractional = try fade { $0.repeatCount = 1.5 }
        XCTAssertEqual(fractional.durationSeconds, 0.75, accuracy: 1e-9)
        XCTAssertEqual(K.dot(fractional, at: 0.625).opacity, 0.25, accuracy: 1e-12)
        // Repeating for 0.75 s is the same as 1.5 iterations.
        let timed = try fade { $0.repeatDuration = 0.75 }
        XCTAssertEqual(timed.durationSeconds, 0.75, accuracy: 1e-9)
        XCTAssertEqual(K.dot(timed, at: 0.625).opacity, 0.25, accuracy: 1e-12)
    }

    @MainActor func testAnInfiniteRepeatIsRefusedByName() async throws {
        XCTAssertThrowsError(try fade { $0.repeatCount = .infinity }) { error in
            XCTAssertEqual(
                error as? RecordingError,
                .neverEnds(view: "UIView 'dot'", reason: "an infinite repeatCount or repeatDuration; give a finite count"))
        }
    }

    @MainActor func testByValueAndAdditiveValues() async throws {
        let by = try K.recordDot { dot in
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 10; move.byValue = 30; move.duration = 1
            dot.layer.add(move, forKey: "move")
        }
        XCTAssertEqual(K.centreX(by, at: 0.5), 25, accuracy: 1e-9)
        // A shake: offsets added to the model position (100).
        let shake = try K.recordDot { dot in
            let shake = CAKeyframeAnimation(keyPath: "position.x")
            shake.values = [0, -10, 10, 0]
            shake.isAdditive = true
            shake.duration = 0.3
            dot.layer.add(shake, forKey: "shake")
        }
        XCTAssertEqual(K.centreX(shake, at: 0.1), 90, accuracy: 1e-9)
        XCTAssertEqual(K.centreX(shake, at: 0.15), 100, accuracy: 1e-9)
        XCTAssertEqual(K.centreX(shake, at: 0.2), 110, accuracy: 1e-9)
        let turn = try K.recordDot { dot in
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0; turn.toValue = CGFloat.pi / 2; turn.duration = 1
            dot.layer.add(turn, forKey: "turn")
        }
        XCTAssertEqual(K.dot(turn, at: 0.5).transform.rotationDegrees, 45, accuracy: 1e-9)
    }

    @MainActor func testAGroupRunsItsChildrenCutAtItsDuration() async throws {
        let animator = try K.recordDot { dot in
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0; fade.toValue = 1
            let drop = CABasicAnimation(keyPath: "position.y")
            drop.fromValue = 0; drop.toValue = 400; drop.duration = 1; drop.beginTime = 0.1
            let group = CAAnimationGroup()
            group.animations = [fade, drop]
            group.duration = 0.5
            dot.layer.add(group, forKey: "badge")
        }
        // The fade takes the group's 0.5 s; the drop starts 0.1 s in and is cut at 0.5 s.
        XCTAssertEqual(K.dot(animator, at: 0.25).opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(K.dot(animator, at: 0.05).frame.y + 10, 200, accuracy: 1e-9)
        XCTAssertEqual(K.dot(animator, at: 0.35).frame.y + 10, 100, accuracy: 1e-9)
        XCTAssertEqual(K.dot(animator, at: 0.49).frame.y + 10, 156, accuracy: 1e-9)
        XCTAssertEqual(K.dot(animator, at: 0.51).frame.y + 10, 200, accuracy: 1e-9)
        XCTAssertEqual(K.dot(animator, at: 0.51).opacity, 1, accuracy: 1e-12)
        XCTAssertEqual(animator.durationSeconds, 0.5, accuracy: 1e-9)
    }

    /// Records when it hears from its animations, and chains a second move from the first's stop.
    private final class Listener: NSObject, CAAnimationDelegate {
        var calls: [String] = []
        weak var dot: UIView?
        func animationDidStart(_ anim: CAAnimation) { calls.append("start \(CACurrentMediaTime())") }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            calls.append("stop \(flag) \(CACurrentMediaTime())")
            guard flag, calls.count == 2, let dot else { return }
            let back = CABasicAnimation(keyPath: "position.x")
            back.fromValue = 300; back.toValue = 100; back.duration = 0.5
            MainActor.assumeIsolated { dot.layer.add(back, forKey: "back") }
        }
    }

    @MainActor func testTheDelegateHearsAtTheRightTimesAndChains() async throws {
        let listener = Listener()
        let animator = try K.recordDot { dot in
            listener.dot = dot
            let out = CABasicAnimation(keyPath: "position.x")
            out.fromValue = 100; out.toValue = 300; out.duration = 0.5
            out.beginTime = CACurrentMediaTime() + 0.25
            out.delegate = listener
            dot.layer.add(out, forKey: "out")
        }
        XCTAssertEqual(listener.calls, ["start 0.25", "stop true 0.75"])
        XCTAssertEqual(K.centreX(animator, at: 0.5), 200, accuracy: 1e-9)
        XCTAssertEqual(K.centreX(animator, at: 1.0), 200, accuracy: 1e-9)
        XCTAssertEqual(animator.durationSeconds, 1.25, accuracy: 1e-9)
    }

    @MainActor func testRemovingAnAnimationStopsItUnfinished() async throws {
        let listener = Listener()
        let animator = try K.recordDot { dot in
            let out = CABasicAnimation(keyPath: "position.x")
            out.fromValue = 100; out.toValue = 300; out.duration = 1
            out.delegate = listener
            dot.layer.add(out, forKey: "out")
            FlipbookUIKit.DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { dot.layer.removeAnimation(forKey: "out") }
        }
        XCTAssertEqual(listener.calls, ["start 0.0", "stop false 0.5"])
        XCTAssertEqual(K.centreX(animator, at: 0.25), 150, accuracy: 1e-9)
        XCTAssertEqual(K.centreX(animator, at: 0.75), 100, accuracy: 1e-9)
    }

    /// A 200 × 40 label at (40, 100) whose text changes from "Before" to "After" at 0.1 s under
    /// a 0.4 s `CATransition` set up by `configure`, added before the change or after it.
    @MainActor private func recordLabelChange(addedFirst: Bool, _ configure: @escaping @MainActor (CATransition) -> Void) throws
        -> TransitionAnimator
    {
        let transition = try Transition.record { window in
            let label = UILabel(frame: CGRect(x: 40, y: 100, width: 200, height: 40))
            label.accessibilityIdentifier = "label"
            label.text = "Before"
            window.addSubview(label)
            FlipbookUIKit.DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) {
                let change = CATransition()
                change.duration = 0.4
                configure(change)
                if addedFirst { label.layer.add(change, forKey: "change") }
                label.text = "After"
                if !addedFirst { label.layer.add(change, forKey: nil) }
            }
        }
        return try TransitionAnimator(transition)
    }

    @MainActor func testAPushMovesBothContentsByTheFullWidth() async throws {
        let animator = try recordLabelChange(addedFirst: true) { push in
            push.type = .push; push.subtype = .fromRight
            push.timingFunction = CAMediaTimingFunction(name: .easeIn)
        }
        let window = animator.window(atSeconds: 0.3, isFinal: false)
        // Half the time on ease-in: progress p; the new text from +200 pt, the old to −200 pt.
        let p = CubicBezier.easeIn.progress(atFraction: 0.5)
        let label = animator.layer(named: "label", in: window)!
        XCTAssertEqual(label.text?.string, "After")
        XCTAssertEqual(label.transform.translation.x, 200 * (1 - p), accuracy: 1e-9)
        let old = window.sublayers.first { $0.sublayers.first?.text?.string == "Before" }
        XCTAssertEqual(old?.transform.translation.x ?? 0, -200 * p, accuracy: 1e-9)
        XCTAssertEqual(old?.frame, Rect(x: 40, y: 100, width: 200, height: 40))
        // Over: the snapshot is gone and the label is back in place.
        let end = animator.window(atSeconds: 0.51, isFinal: false)
        XCTAssertFalse(end.sublayers.contains { $0.sublayers.first?.text?.string == "Before" && !$0.isHidden })
        XCTAssertEqual(animator.layer(named: "label", in: end)!.transform, .identity)
    }

    @MainActor func testTheRecordingExportsToTheSameFrames() async throws {
        let transition = try Transition.record { window in
            window.backgroundColor = .white
            let dot = UIView(frame: CGRect(x: 90, y: 190, width: 20, height: 20))
            dot.accessibilityIdentifier = "dot"
            dot.backgroundColor = .systemRed
            window.addSubview(dot)
            let move = CAKeyframeAnimation(keyPath: "position.x")
            move.values = [0, 100, 300, 300]
            move.calculationMode = .cubic
            move.duration = 0.5
            move.autoreverses = true
            dot.layer.add(move, forKey: "move")
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0; fade.toValue = 1; fade.duration = 0.3; fade.beginTime = CACurrentMediaTime() + 0.2
            fade.fillMode = .backwards
            dot.layer.add(fade, forKey: "fade")
        }
        let folder = FileManager.default.temporaryDirectory.path
        let json = TransitionFile.json(for: transition, relativeTo: folder)
        let reread = try TransitionFile(data: Data(json.utf8), path: folder + "/uikit.json").transition(photos: [], options: SceneOptions())
        let original = try TransitionAnimator(transition), copy = try TransitionAnimator(reread)
        for t in stride(from: 0.0, through: 1.0, by: 1.0 / 60) {
            let a = original.layer(named: "dot", in: original.window(atSeconds: t, isFinal: false))!
            let b = copy.layer(named: "dot", in: copy.window(atSeconds: t, isFinal: false))!
            XCTAssertEqual(a.frame, b.frame, "t = \(t)")
            XCTAssertEqual(a.opacity, b.opacity, "t = \(t)")
            XCTAssertTrue(original.window(atSeconds: t, isFinal: false) == copy.window(atSeconds: t, isFinal: false), "t = \(t)")
        }
    }
    /// `recordLabelChange` with the text changed first, at 0.2 s (progress ¼ on the default
    /// linear curve): the new label's layer and the old content's snapshot.
    @MainActor private func contentTransition(_ configure: @escaping @MainActor (CATransition) -> Void) throws -> (new: Layer, old: Layer?)
    {
        let animator = try recordLabelChange(addedFirst: false, configure)
        let window = animator.window(atSeconds: 0.2, isFinal: false)
        let old = window.sublayers.first { $0.sublayers.first?.text?.string == "Before" }
        return (animator.layer(named: "label", in: window)!, old)
    }

    @MainActor func testEachTransitionTypeMovesOrFadesItsContents() async throws {
        // Changed before the transition was added, in the same turn: the old content is what
        // was drawn before the turn.
        let moveIn = try contentTransition {
            $0.type = .moveIn; $0.subtype = .fromTop
        }
        XCTAssertEqual(moveIn.new.transform.translation.y, -40 * 0.75, accuracy: 1e-9)
        XCTAssertEqual(moveIn.old?.transform.translation ?? Point(x: 9, y: 9), Point(x: 0, y: 0))
        let reveal = try contentTransition {
            $0.type = .reveal; $0.subtype = .fromBottom
        }
        XCTAssertEqual(reveal.new.transform, .identity)
        XCTAssertEqual(reveal.old?.transform.translation.y ?? 0, -40 * 0.25, accuracy: 1e-9)
        let push = try contentTransition { $0.type = .push } // nil subtype: from the left
        XCTAssertEqual(push.new.transform.translation.x, -200 * 0.75, accuracy: 1e-9)
        XCTAssertEqual(push.old?.transform.translation.x ?? 0, 200 * 0.25, accuracy: 1e-9)
        let fade = try contentTransition { $0.type = .fade }
        XCTAssertEqual(fade.new.opacity, 0.25, accuracy: 1e-9)
        XCTAssertEqual(fade.old?.opacity ?? 0, 0.75, accuracy: 1e-9)
        // Progress from ½ to 1: a quarter of the time is 5/8 of the way.
        let half = try contentTransition {
            $0.type = .push; $0.subtype = .fromRight; $0.startProgress = 0.5
        }
        XCTAssertEqual(half.new.transform.translation.x, 200 * (1 - 0.625), accuracy: 1e-9)
        XCTAssertThrowsError(try contentTransition { $0.type = CATransitionType(rawValue: "cube") }) { error in
            XCTAssertEqual(error as? RecordingError, .notDrawn(view: "UILabel 'label'", what: "a CATransition of type \"cube\""))
        }
    }

    @MainActor func testRemoveAllAnimationsStopsEachUnfinished() async throws {
        let listener = Listener()
        let animator = try K.recordDot { dot in
            for (key, path) in [("x", "position.x"), ("y", "position.y")] {
                let move = CABasicAnimation(keyPath: path)
                move.fromValue = 0; move.toValue = 400; move.duration = 1
                move.delegate = listener
                dot.layer.add(move, forKey: key)
            }
            FlipbookUIKit.DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) { dot.layer.removeAllAnimations() }
        }
        XCTAssertEqual(listener.calls, ["start 0.0", "start 0.0", "stop false 0.25", "stop false 0.25"])
        let dot = K.dot(animator, at: 0.5)
        XCTAssertEqual(dot.frame.x + 10, 100, accuracy: 1e-9); XCTAssertEqual(dot.frame.y + 10, 200, accuracy: 1e-9)
    }

    @MainActor func testWhatIsNotDrawnIsRefusedByName() async throws {
        XCTAssertThrowsError(
            try K.recordDot { dot in
                let path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100))
                let orbit = CAKeyframeAnimation(keyPath: "position")
                orbit.path = path.cgPath
                orbit.calculationMode = .cubicPaced
                dot.layer.add(orbit, forKey: "orbit")
            }
        ) { error in
            XCTAssertEqual(
                error as? RecordingError,
                .notDrawn(view: "UIView 'dot'", what: "a CAKeyframeAnimation path with calculationMode \"cubicPaced\""))
        }
        XCTAssertThrowsError(
            try K.recordDot { dot in
                let group = CAAnimationGroup()
                group.animations = [CABasicAnimation(keyPath: "opacity")]
                group.repeatCount = 2
                dot.layer.add(group, forKey: "group")
            }
        ) { error in
            XCTAssertEqual(
                error as? RecordingError,
                .notDrawn(
                    view: "UIView 'dot'",
                    what: "a CAAnimationGroup's own speed, timeOffset, repeat, autoreverses or timingFunction (set them on its children)"))
        }
        XCTAssertThrowsError(try fade { $0.speed = 0 }) { error in
            XCTAssertEqual(
                error as? RecordingError,
                .notDrawn(view: "UIView 'dot'", what: "an animation with speed 0.0 (a paused or reversed animation)"))
        }
    }
}
