import FlipbookGeometry
import FlipbookMotion
import Foundation

/// Delivers a recording's fingers to the recognizers the app installed, as UIKit does: the
/// touch's view is the window's `hitTest`, the recognizers are those of that view and its
/// superviews (the deepest first, each view's in the order added), and among those that can
/// recognize the touch one wins unless delegates allow recognizing simultaneously;
/// `require(toFail:)` and the delegate's `shouldRequireFailureOf`/`shouldBeRequiredToFailBy`
/// hold a recognizer back while the other can recognize; `gestureRecognizerShouldBegin` false
/// fails it.
@MainActor
enum GestureDelivery {
    /// How far from a screen edge an edge pan must start. Apple does not publish UIKit's value;
    /// 20 pt, about a fingertip, is what is used here.
    static let edgeRegionPoints: CGFloat = 20

    /// The pan recognizers a finger going down at `point` drives: pans of the hit view and its
    /// superviews, edge pans only when the point is within `edgeRegionPoints` of one of their
    /// edges of the screen.
    static func pans(startingAt point: CGPoint, in window: UIWindow) -> [UIPanGestureRecognizer] {
        guard let hit = window.hitTest(point, with: nil) else { return [] }
        let bounds = window.bounds
        let candidates = recognizers(from: hit).compactMap { $0 as? UIPanGestureRecognizer }.filter { pan in
            guard pan.isEnabled else { return false }
            guard let edge = pan as? UIScreenEdgePanGestureRecognizer else { return true }
            let region = edgeRegionPoints
            return (edge.edges.contains(.left) && point.x - bounds.minX <= region)
                || (edge.edges.contains(.right) && bounds.maxX - point.x <= region)
                || (edge.edges.contains(.top) && point.y - bounds.minY <= region)
                || (edge.edges.contains(.bottom) && bounds.maxY - point.y <= region)
        }
        return winners(among: candidates).compactMap { $0 as? UIPanGestureRecognizer }
    }

    /// The recognizers of `view` and its superviews, the deepest first.
    static func recognizers(from view: UIView) -> [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        var current: UIView? = view
        while let view = current {
            result += view.gestureRecognizers ?? []
            current = view.superview
        }
        return result
    }

    /// Those of `candidates` that recognize: not refused by their delegate, not waiting for
    /// another candidate to fail, and — in order — the first, plus each later one that it (or
    /// they) allow to recognize simultaneously with every one already recognizing.
    static func winners(among candidates: [UIGestureRecognizer]) -> [UIGestureRecognizer] {
        let willing = candidates.filter { $0.delegate?.gestureRecognizerShouldBegin($0) ?? true }
        let unblocked = willing.filter { recognizer in
            !willing.contains { other in other !== recognizer && mustWait(recognizer, for: other) }
        }
        var recognized: [UIGestureRecognizer] = []
        for recognizer in unblocked {
            let allowed = recognized.allSatisfy { other in
                (recognizer.delegate?.gestureRecognizer(recognizer, shouldRecognizeSimultaneouslyWith: other) ?? false)
                    || (other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: recognizer) ?? false)
            }
            if allowed { recognized.append(recognizer) }
        }
        return recognized
    }

    /// Whether `recognizer` must wait for `other` to fail.
    static func mustWait(_ recognizer: UIGestureRecognizer, for other: UIGestureRecognizer) -> Bool {
        recognizer.requiredToFail.contains { $0.recognizer === other }
            || (recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) ?? false)
            || (other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) ?? false)
    }

    /// Schedules a pan's samples on the recording's clock from `touchDownSeconds`: at each, the
    /// recognizer's state (`.began` at the first, `.changed`, `.ended` at the last), translation
    /// since the first sample, location in the window and velocity (between samples; the release
    /// velocity at the end) are set, then `deliver` runs (the recognizer's actions, or a
    /// handler). `recognizers` gives the recognizers at the first sample (a finger goes down there).
    static func schedule(
        _ gesture: Gesture, touchDownSeconds: Double, on recorder: Recorder,
        recognizers: @escaping () -> [UIPanGestureRecognizer], deliver: @escaping (UIPanGestureRecognizer) -> Void
    ) {
        let samples = gesture.samples, start = samples[0].timeSeconds
        var driven: [UIPanGestureRecognizer] = []
        for (index, sample) in samples.enumerated() {
            recorder.schedule(atSeconds: max(0, touchDownSeconds) + sample.timeSeconds - start, view: "the gesture") {
                if index == 0 { driven = recognizers() }
                for pan in driven {
                    let translation = gesture.translation(atSeconds: sample.timeSeconds - start)
                    pan.translationPoints = CGPoint(x: translation.x, y: translation.y)
                    pan.touchLocation = CGPoint(x: sample.location.x, y: sample.location.y)
                    if index == samples.count - 1 {
                        let release = gesture.releaseVelocity
                        pan.velocityPointsPerSecond = CGPoint(x: release.x, y: release.y)
                        pan.state = .ended
                    } else if index > 0 {
                        let previous = samples[index - 1], dt = sample.timeSeconds - previous.timeSeconds
                        if dt > 0 {
                            pan.velocityPointsPerSecond = CGPoint(
                                x: (sample.location.x - previous.location.x) / dt,
                                y: (sample.location.y - previous.location.y) / dt)
                        }
                        pan.state = .changed
                    } else {
                        pan.state = .began
                    }
                    deliver(pan)
                }
            }
        }
    }
}

extension UIView {
    /// The nearest superview of type `type`.
    func ancestor<View: UIView>(of type: View.Type) -> View? {
        var current = superview
        while let view = current {
            if let match = view as? View { return match }
            current = view.superview
        }
        return nil
    }
}
