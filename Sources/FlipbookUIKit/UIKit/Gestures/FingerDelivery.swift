import FlipbookGeometry
import FlipbookMotion
import Foundation

/// A recording's fingers delivered as UIKit's touch system delivers them, with its timing: a
/// single tap that waits for a double tap fires when the double tap's window has passed, a pan
/// begins once the finger has moved past the system's slop, a long press once the finger has
/// stayed still long enough, and a drag that goes down on a control that tracks it (a slider's
/// thumb) goes to the control.
@MainActor
final class FingerDelivery {
    /// The longest time between the taps of a double tap, in seconds. Apple does not document it;
    /// 0.35 s is the default of UIKit's tap recognizer (`maximumIntervalBetweenSuccessiveTaps` in
    /// its published runtime headers), and what double taps measure on devices.
    static let doubleTapWindowSeconds = 0.35
    /// How far a finger must move before a pan recognizer begins, in points. Apple does not
    /// document it; 10 pt is UIKit's pan hysteresis as published measurements give it (a pan's
    /// first `.began` comes with a translation of about 10 pt), the same distance as a long
    /// press's documented `allowableMovement`.
    static let panSlopPoints: CGFloat = 10

    private let window: UIWindow
    private let recorder: Recorder
    /// The first tap of a possible double tap: when it went down, the single taps waiting for
    /// the double taps to fail, and those double taps.
    private var pendingTap: (timeSeconds: Double, waiting: [UIGestureRecognizer], doubles: [UIGestureRecognizer], key: Int)?
    private var pendingTapCount = 0

    init(window: UIWindow, recorder: Recorder) {
        self.window = window
        self.recorder = recorder
    }

    /// A tap at `point` (window coordinates) at `timeSeconds`: a control under it takes it
    /// (`UIControl.fingerTapped`) and only its own recognizers see it (Apple, Event Handling Guide
    /// for iOS, "Interacting with Other User Interface Controls"); otherwise the tap recognizers
    /// of the hit view and its superviews compete as `GestureDelivery.winners` says. A second
    /// tap within `doubleTapWindowSeconds` recognizes the double taps the first one left waiting;
    /// a single tap that must wait for a double tap to fail fires when the window has passed.
    func tap(at point: CGPoint, timeSeconds: Double) {
        guard let hit = window.hitTest(point, with: nil) else { return }
        var chain = GestureDelivery.recognizers(from: hit)
        if let control = hit as? UIControl ?? hit.ancestor(of: UIControl.self), control.isEnabled {
            chain = control.gestureRecognizers ?? []
            control.fingerTapped(at: control.convert(point, from: nil))
        }
        let taps = chain.compactMap { $0 as? UITapGestureRecognizer }.filter { $0.isEnabled && $0.numberOfTouchesRequired == 1 }
        if let pending = pendingTap, timeSeconds - pending.timeSeconds <= FingerDelivery.doubleTapWindowSeconds {
            let doubles = taps.filter { tap in tap.numberOfTapsRequired == 2 && pending.doubles.contains { $0 === tap } }
            if !doubles.isEmpty {
                pendingTap = nil
                recorder.unschedule { $0 == AnyHashable(FingerDeliveryKey(pending: pending.key)) }
                recognize(GestureDelivery.winners(among: doubles), at: point)
                return
            }
        }
        let doubles = taps.filter { $0.numberOfTapsRequired == 2 }
        let winners = GestureDelivery.winners(among: taps.filter { $0.numberOfTapsRequired == 1 })
        let waiting = winners.filter { single in doubles.contains { GestureDelivery.mustWait(single, for: $0) } }
        recognize(winners.filter { single in !waiting.contains { $0 === single } }, at: point)
        guard !doubles.isEmpty else { pendingTap = nil; return }
        pendingTapCount += 1
        let key = pendingTapCount
        pendingTap = (timeSeconds, waiting, doubles, key)
        guard !waiting.isEmpty else { return }
        recorder.schedule(
            atSeconds: timeSeconds + FingerDelivery.doubleTapWindowSeconds, view: "a tap waiting for a double tap",
            key: AnyHashable(FingerDeliveryKey(pending: key))
        ) { [self] in
            // Strong: the scheduled event is what keeps the delivery alive after the last tap.
            guard pendingTap?.key == key else { return }
            pendingTap = nil
            recognize(waiting, at: point)
        }
    }

    /// A finger that goes down at the gesture's first sample `touchDownSeconds` into the
    /// recording and follows its samples: a control under it that tracks drags gets every
    /// sample; otherwise long presses begin after `minimumPressDuration` still (and then follow
    /// the finger), and pans begin at the first sample `panSlopPoints` from the touch-down point
    /// with the translation from that point, unless a long press already took the touch.
    func drag(_ gesture: Gesture, touchDownSeconds: Double) {
        let samples = gesture.samples, start = samples[0]
        let origin = CGPoint(x: start.location.x, y: start.location.y)
        let down = max(0, touchDownSeconds)
        recorder.schedule(atSeconds: down, view: "the gesture") { [self] in
            guard let hit = window.hitTest(origin, with: nil) else { return }
            if let control = hit as? UIControl ?? hit.ancestor(of: UIControl.self), control.isEnabled,
                control.tracksDrag(startingAt: control.convert(origin, from: nil))
            {
                trackControl(control, gesture, touchDownSeconds: down)
                return
            }
            let chain = GestureDelivery.recognizers(from: hit)
            let presses = GestureDelivery.winners(
                among: chain.compactMap { $0 as? UILongPressGestureRecognizer }
                    .filter { $0.isEnabled && $0.numberOfTapsRequired == 0 }
            ).compactMap { $0 as? UILongPressGestureRecognizer }
            var pressBegins: [(UILongPressGestureRecognizer, Double)] = []
            for press in presses {
                if let begin = Self.pressBeginSeconds(press, gesture) { pressBegins.append((press, begin)) }
            }
            let slop = Double(FingerDelivery.panSlopPoints)
            let slopIndex = samples.firstIndex { Self.squaredDistance($0, start) >= slop * slop }
            for (press, begin) in pressBegins { schedulePress(press, gesture, beginSeconds: begin, touchDownSeconds: down) }
            guard let slopIndex else { return }
            var pans = GestureDelivery.pans(startingAt: origin, in: window)
            let earlierPresses = pressBegins.filter { $0.1 <= samples[slopIndex].timeSeconds - start.timeSeconds }.map(\.0)
            pans = pans.filter { pan in
                earlierPresses.allSatisfy { press in
                    (pan.delegate?.gestureRecognizer(pan, shouldRecognizeSimultaneouslyWith: press) ?? false)
                        || (press.delegate?.gestureRecognizer(press, shouldRecognizeSimultaneouslyWith: pan) ?? false)
                }
            }
            schedulePans(pans, gesture, fromIndex: slopIndex, touchDownSeconds: down)
        }
    }

    /// When `press` begins, in seconds after touch-down: nil when the finger moves further than
    /// `allowableMovement` or lifts before `minimumPressDuration`.
    static func pressBeginSeconds(_ press: UILongPressGestureRecognizer, _ gesture: Gesture) -> Double? {
        let samples = gesture.samples, start = samples[0]
        let begin = max(0, press.minimumPressDuration)
        guard let last = samples.last, last.timeSeconds - start.timeSeconds >= begin else { return nil }
        let allowed = Double(press.allowableMovement)
        let moved = samples.contains { $0.timeSeconds - start.timeSeconds <= begin && squaredDistance($0, start) > allowed * allowed }
        return moved ? nil : begin
    }

    /// The squared distance between two samples' locations, in points² (compared with squared
    /// thresholds: no square root in the delivery's decisions).
    static func squaredDistance(_ sample: TouchSample, _ other: TouchSample) -> Double {
        let dx = sample.location.x - other.location.x, dy = sample.location.y - other.location.y
        return dx * dx + dy * dy
    }

    private func recognize(_ recognizers: [UIGestureRecognizer], at point: CGPoint) {
        for recognizer in recognizers {
            recognizer.touchLocation = point
            recognizer.state = .ended
            recognizer.performActions()
            recognizer.state = .possible
        }
    }

    private func schedulePress(_ press: UILongPressGestureRecognizer, _ gesture: Gesture, beginSeconds: Double, touchDownSeconds: Double) {
        let samples = gesture.samples, startTime = samples[0].timeSeconds
        let later = samples.indices.filter { samples[$0].timeSeconds - startTime > beginSeconds }
        recorder.schedule(atSeconds: touchDownSeconds + beginSeconds, view: "a long press") {
            let still = gesture.location(atSeconds: beginSeconds)
            press.touchLocation = CGPoint(x: still.x, y: still.y)
            press.state = .began
            press.performActions()
            if later.isEmpty {
                press.state = .ended
                press.performActions()
                press.state = .possible
            }
        }
        for index in later {
            recorder.schedule(atSeconds: touchDownSeconds + samples[index].timeSeconds - startTime, view: "a long press") {
                press.touchLocation = CGPoint(x: samples[index].location.x, y: samples[index].location.y)
                press.state = index == samples.count - 1 ? .ended : .changed
                press.performActions()
                if index == samples.count - 1 { press.state = .possible }
            }
        }
    }

    private func schedulePans(_ pans: [UIPanGestureRecognizer], _ gesture: Gesture, fromIndex: Int, touchDownSeconds: Double) {
        let samples = gesture.samples, start = samples[0]
        for index in fromIndex..<samples.count {
            let sample = samples[index]
            recorder.schedule(atSeconds: touchDownSeconds + sample.timeSeconds - start.timeSeconds, view: "the gesture") {
                for pan in pans {
                    pan.translationPoints = CGPoint(x: sample.location.x - start.location.x, y: sample.location.y - start.location.y)
                    pan.touchLocation = CGPoint(x: sample.location.x, y: sample.location.y)
                    if index == samples.count - 1 {
                        pan.velocityPointsPerSecond = CGPoint(x: gesture.releaseVelocity.x, y: gesture.releaseVelocity.y)
                        pan.state = index == fromIndex ? .began : .ended
                    } else {
                        if index > 0 {
                            let previous = samples[index - 1], dt = sample.timeSeconds - previous.timeSeconds
                            pan.velocityPointsPerSecond = CGPoint(
                                x: (sample.location.x - previous.location.x) / dt,
                                y: (sample.location.y - previous.location.y) / dt)
                        }
                        pan.state = index == fromIndex ? .began : .changed
                    }
                    pan.performActions()
                    if index == samples.count - 1 && index == fromIndex {
                        pan.state = .ended
                        pan.performActions()
                    }
                }
            }
        }
    }

    private func trackControl(_ control: UIControl, _ gesture: Gesture, touchDownSeconds: Double) {
        let samples = gesture.samples, startTime = samples[0].timeSeconds
        for (index, sample) in samples.enumerated() {
            recorder.schedule(atSeconds: touchDownSeconds + sample.timeSeconds - startTime, view: "the gesture") {
                let phase: UIGestureRecognizer.State = index == 0 ? .began : index == samples.count - 1 ? .ended : .changed
                control.fingerDragged(phase, at: control.convert(CGPoint(x: sample.location.x, y: sample.location.y), from: nil))
            }
        }
    }
}

/// The key of a single tap's deferred firing (so a double tap can take it back).
struct FingerDeliveryKey: Hashable {
    let pending: Int
}
