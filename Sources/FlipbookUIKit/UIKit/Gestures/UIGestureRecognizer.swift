import FlipbookGeometry
public import FlipbookModel
public import FlipbookMotion
public import Foundation

/// A gesture recognizer (`UIGestureRecognizer`) with its targets and actions (not retained, as
/// in UIKit); `performActions()` calls them with the recognizer as sender. A recording driven by
/// a `Gesture` calls the handler the body returns (`Transition.record(device:resources:gesture:_:)`).
@MainActor
open class UIGestureRecognizer: NSObject {
    /// The recognizer's state (`UIGestureRecognizer.State`).
    public enum State: Int, Sendable {
        /// Not yet recognized.
        case possible = 0
        /// The touch started.
        case began = 1
        /// The touch moved.
        case changed = 2
        /// The touch lifted.
        case ended = 3
        /// Cancelled.
        case cancelled = 4
        /// Failed.
        case failed = 5
        /// Same as ended.
        public static let recognized = State.ended
    }
    /// The state.
    open internal(set) var state: State = .possible
    /// The view it is attached to.
    open internal(set) weak var view: UIView?
    /// A disabled recognizer gets no touches.
    open var isEnabled = true
    /// Kept.
    open var cancelsTouchesInView = true
    /// Asked whether to begin and whether to recognize alongside another recognizer (a weak
    /// reference, as UIKit's).
    open weak var delegate: UIGestureRecognizerDelegate?
    /// The recognizers that must fail before this one may recognize (`require(toFail:)`).
    private(set) var requiredToFail: [WeakRecognizer] = []
    /// Makes this recognizer wait for `otherGestureRecognizer` to fail: it recognizes only when
    /// the other does not.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        requiredToFail.append(WeakRecognizer(recognizer: otherGestureRecognizer))
    }
    /// The targets and actions, in the order added.
    private(set) var targetActions: [TargetAction] = []
    var touchLocation = CGPoint.zero

    /// A recognizer calling `action` of `target` (none when either is nil).
    public init(target: Any?, action: Selector?) {
        super.init()
        if let target, let action { targetActions.append(TargetAction(target: target, action: action)) }
    }
    /// A recognizer without targets (add them with `addTarget(_:action:)`).
    public convenience override init() { self.init(target: nil, action: nil) }
    /// Adds a target and action (the same pair twice is kept once).
    open func addTarget(_ target: Any, action: Selector) {
        targetActions.removeAll { $0.isReleased }
        if !targetActions.contains(where: { $0.matches(target: target, action: action) }) {
            targetActions.append(TargetAction(target: target, action: action))
        }
    }
    /// Removes `action` (nil: all) of `target` (nil: of every target).
    open func removeTarget(_ target: Any?, action: Selector?) {
        targetActions.removeAll { entry in
            entry.isReleased
                || (target == nil ? (action.map { $0 == entry.action } ?? true) : entry.matches(target: target, action: action))
        }
    }
    /// Calls every target's action with the recognizer as sender, in the order they were added,
    /// as UIKit does at each state change. (Gesture delivery calls it; tests may too.)
    package func performActions() {
        for entry in targetActions where !entry.isReleased {
            sendAction(entry.action, to: entry.target, from: self, event: nil)
        }
    }
    /// The touch's location in `view`'s coordinates (the window's when nil).
    open func location(in view: UIView?) -> CGPoint { view?.convert(touchLocation, from: nil) ?? touchLocation }
    /// One touch.
    open var numberOfTouches: Int { state == .possible ? 0 : 1 }
}

/// A recognizer held weakly (`require(toFail:)` does not keep the other alive).
struct WeakRecognizer {
    weak var recognizer: UIGestureRecognizer?
}

/// What a gesture recognizer asks its delegate (`UIGestureRecognizerDelegate`); every method is
/// optional, with UIKit's default answer.
@MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may begin (default true).
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the two may recognize at the same time (default false: one recognizer wins).
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
    /// Whether `gestureRecognizer` must wait for `otherGestureRecognizer` to fail (default false).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer)
        -> Bool
    /// Whether `otherGestureRecognizer` must wait for `gestureRecognizer` to fail (default false).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer)
        -> Bool
}

extension UIGestureRecognizerDelegate {
    /// True.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// False.
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
    /// False.
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
    /// False.
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
}

/// A pan (`UIPanGestureRecognizer`): translation and velocity from the driving `Gesture`.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    var translationPoints = CGPoint.zero, velocityPointsPerSecond = CGPoint.zero
    /// Kept.
    open var maximumNumberOfTouches = Int.max
    /// Kept.
    open var minimumNumberOfTouches = 1
    /// How far the finger moved since the touch began (reset by `setTranslation`), in points.
    open func translation(in view: UIView?) -> CGPoint { translationPoints }
    /// Resets the translation.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) { translationPoints = translation }
    /// The finger's velocity in points per second (at the end: the release velocity).
    open func velocity(in view: UIView?) -> CGPoint { velocityPointsPerSecond }
}

/// A tap (`UITapGestureRecognizer`): its requirements are kept.
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Kept.
    open var numberOfTapsRequired = 1
    /// Kept.
    open var numberOfTouchesRequired = 1
}

/// A pan from the screen's edge (`UIScreenEdgePanGestureRecognizer`).
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges it starts from.
    open var edges: UIRectEdge = []
}

extension Transition {
    /// Records a transition driven by a finger: `body` sets up the screens (nothing animated
    /// yet, usually) and returns the pan recognizer's handler — the app's action method, e.g.
    /// `{ pan in controller.handlePan(pan) }`. The handler is called in simulated time at each
    /// of the gesture's samples: `.began` at the first, `.changed` at the others, `.ended` at the
    /// last (translation since the first sample, location in the window, velocity between
    /// samples and the release velocity at the end), as UIKit calls a pan recognizer's action.
    /// The finger goes down `touchDownSeconds` into the recording (0: at once; later: on what
    /// `body` started, e.g. to grab an animation mid-flight); the samples' times count from there.
    /// - Throws: what `record(device:resources:_:)` throws.
    @MainActor
    public static func record(
        device: Device = .iPhone8, resources: URL? = nil, gesture: Gesture, touchDownSeconds: TimeInterval = 0,
        _ body: @MainActor (UIWindow) throws -> (UIPanGestureRecognizer) -> Void
    ) throws -> Transition {
        try record(device: device, resources: resources) { window in
            let handler = try body(window)
            guard let recorder = Recorder.current else { return }
            let pan = UIPanGestureRecognizer(target: nil, action: nil)
            pan.view = window
            GestureDelivery.schedule(gesture, touchDownSeconds: touchDownSeconds, on: recorder, recognizers: { [pan] }, deliver: handler)
        }
    }
}
