import Foundation

/// One target and action of a control or gesture recognizer. The target is not retained, as
/// UIKit's controls and recognizers do not retain theirs (the usual target, a view controller,
/// owns the view that owns the control).
struct TargetAction {
    private(set) weak var target: AnyObject?
    /// Added with a nil target: the action goes up the responder chain.
    let hasNoTarget: Bool
    let action: Selector

    init(target: Any?, action: Selector) {
        self.target = target.map { $0 as AnyObject }
        hasNoTarget = target == nil
        self.action = action
    }

    /// True for this target (nil matches a nil target) and action (nil matches any).
    func matches(target other: Any?, action otherAction: Selector?) -> Bool {
        let sameTarget = other.map { hasNoTarget ? false : target === ($0 as AnyObject) } ?? hasNoTarget
        return sameTarget && (otherAction.map { $0 == action } ?? true)
    }

    /// Whether the target went away (it is not retained).
    var isReleased: Bool { !hasNoTarget && target == nil }
}

/// Sends `action` to `target` as UIKit's `UIApplication.sendAction(_:to:from:for:)` does: with
/// `sender` and `event` as the method's arguments; a nil target means the first object up the
/// responder chain from `sender` that has the method (nothing happens when none has it). Returns
/// whether the action was sent.
///
/// A selector that names no method of its target (or whose method takes another type of
/// argument) makes the recording fail with `RecordingError.actionFailed` naming the selector's
/// file and line; outside a recording it stops the program with that message, as iOS raises
/// "unrecognized selector sent to instance".
@discardableResult
func sendAction(_ action: Selector, to target: AnyObject?, from sender: AnyObject?, event: UIEvent?) -> Bool {
    var receiver = target
    if receiver == nil {
        var responder = sender as? UIResponder
        while let current = responder, !action.isImplemented(by: current) { responder = current.next }
        receiver = responder
    }
    guard let receiver else { return false }
    do {
        try action.perform(on: receiver, with: sender, with: event)
        return true
    } catch {
        guard let recorder = Recorder.current else { preconditionFailure(error.description) }
        recorder.fail(.actionFailed(error))
        return false
    }
}
