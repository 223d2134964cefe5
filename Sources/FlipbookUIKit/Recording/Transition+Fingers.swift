import Foundation
import FlipbookMotion
import FlipbookModel

/// What a finger does during a recording, delivered to the app's own gesture recognizers and
/// controls (docs/UIKIT.md, "Touches").
public struct Finger: Sendable {
    enum Action: Sendable {
        case tap(x: Double, y: Double)
        case pan(Gesture)
    }
    let action: Action
    /// When the finger goes down, in seconds of the recording.
    public let atSeconds: Double

    /// A tap at `point` (window coordinates, points) `atSeconds` into the recording: the view
    /// under it (`hitTest`) and its superviews' single-tap recognizers, or the control under it.
    public static func tap(at point: CGPoint, atSeconds: Double = 0) -> Finger {
        Finger(action: .tap(x: Double(point.x), y: Double(point.y)), atSeconds: atSeconds)
    }

    /// A drag following `gesture`'s samples (window coordinates), going down `atSeconds` into the
    /// recording: the pan recognizers of the view under its first sample and of its superviews
    /// (edge pans when it starts at their edge) get `.began`, `.changed` and `.ended` with the
    /// translation, location and velocity, as `record(device:resources:gesture:touchDownSeconds:_:)`
    /// gives its handler.
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
    public static func record(device: Device = .iPhone8, resources: URL? = nil, fingers: [Finger],
                              _ body: @MainActor (UIWindow) throws -> Void) throws -> Transition {
        try record(device: device, resources: resources) { window in
            try body(window)
            guard let recorder = Recorder.current else { return }
            for finger in fingers {
                switch finger.action {
                case let .tap(x, y):
                    recorder.schedule(atSeconds: max(0, finger.atSeconds), view: "a tap") {
                        GestureDelivery.tap(at: CGPoint(x: x, y: y), in: window)
                    }
                case let .pan(gesture):
                    let start = gesture.samples[0].location
                    GestureDelivery.schedule(gesture, touchDownSeconds: finger.atSeconds, on: recorder,
                                             recognizers: { GestureDelivery.pans(startingAt: CGPoint(x: start.x, y: start.y), in: window) },
                                             deliver: { $0.performActions() })
                }
            }
        }
    }
}
