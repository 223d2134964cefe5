public import FlipbookModel
public import FlipbookMotion
public import Foundation

/// What a finger does during a recording, delivered to the app's own gesture recognizers and
/// controls (docs/UIKIT.md, "Touches").
public struct Finger: Sendable {
    enum Action: Sendable {
        case tap(x: Double, y: Double)
        case pan(Gesture)
        case press(x: Double, y: Double, durationSeconds: Double)
    }
    let action: Action
    /// When the finger goes down, in seconds of the recording.
    public let atSeconds: Double

    /// A tap at `point` (window coordinates, points) `atSeconds` into the recording: the view
    /// under it (`hitTest`) and its superviews' single-tap recognizers, or the control under it.
    public static func tap(at point: CGPoint, atSeconds: Double = 0) -> Finger {
        Finger(action: .tap(x: Double(point.x), y: Double(point.y)), atSeconds: atSeconds)
    }

    /// A finger that goes down at `point` (window coordinates) `atSeconds` into the recording,
    /// stays still for `durationSeconds` and lifts: a long press recognizer of the view under it
    /// (or of a superview) begins after its `minimumPressDuration` and ends at the lift.
    /// - Precondition: `durationSeconds` is within `Gesture.minimumSampleSpacingSeconds` …
    ///   `Gesture.maximumDurationSeconds` (1 ms … 20 s), as a gesture's samples are.
    public static func press(at point: CGPoint, durationSeconds: Double, atSeconds: Double = 0) -> Finger {
        precondition(
            (Gesture.minimumSampleSpacingSeconds...Gesture.maximumDurationSeconds).contains(durationSeconds),
            "a press lasts 1 ms to 20 s, got \(durationSeconds) s")
        return Finger(action: .press(x: Double(point.x), y: Double(point.y), durationSeconds: durationSeconds), atSeconds: atSeconds)
    }

    /// A drag following `gesture`'s samples (window coordinates), going down `atSeconds` into the
    /// recording: a control under its first sample that tracks drags (a slider's thumb) gets it;
    /// otherwise the pan recognizers of the view under it and of its superviews (edge pans when
    /// it starts at their edge) get `.began` once the finger is 10 pt from where it went down
    /// (UIKit's slop), then `.changed` and `.ended`, with the translation from the touch-down
    /// point, the location and the velocity; a long press recognizer there begins if the finger
    /// stays within its `allowableMovement` for its `minimumPressDuration`, and then a pan
    /// begins only if a delegate lets the two recognize simultaneously.
    public static func pan(_ gesture: Gesture, atSeconds: Double = 0) -> Finger {
        Finger(action: .pan(gesture), atSeconds: atSeconds)
    }
}

extension Transition {
    /// Records `body` (as `record(device:resources:_:)`), then delivers `fingers` at their times to
    /// what the app installed: recognizers' actions call the app's handlers, controls send their
    /// actions.
    /// - Throws: what `record(device:resources:_:)` throws.
    @MainActor
    public static func record(
        device: Device = .iPhone8, resources: URL? = nil, fingers: [Finger],
        _ body: @MainActor (UIWindow) throws -> Void
    ) throws -> Transition {
        try record(device: device, resources: resources) { window in
            try body(window)
            guard let recorder = Recorder.current else { return }
            let delivery = FingerDelivery(window: window, recorder: recorder)
            for finger in fingers {
                switch finger.action {
                case let .tap(x, y):
                    let timeSeconds = max(0, finger.atSeconds)
                    recorder.schedule(atSeconds: timeSeconds, view: "a tap") {
                        delivery.tap(at: CGPoint(x: x, y: y), timeSeconds: timeSeconds)
                    }
                case let .pan(gesture):
                    delivery.drag(gesture, touchDownSeconds: finger.atSeconds)
                case let .press(x, y, durationSeconds):
                    // Two samples at the same point: touch-down and lift-off.
                    let still = [
                        TouchSample(timeSeconds: 0, xPoints: x, yPoints: y),
                        TouchSample(timeSeconds: durationSeconds, xPoints: x, yPoints: y)
                    ]
                    // Valid by `press`'s precondition on the duration.
                    if let gesture = try? Gesture(samples: still) { delivery.drag(gesture, touchDownSeconds: finger.atSeconds) }
                }
            }
        }
    }
}
