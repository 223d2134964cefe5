public import Foundation

/// A delayed perform's identity, for `cancelPreviousPerformRequests`.
struct DelayedPerformKey: Hashable {
    let target: ObjectIdentifier
    let selector: String
    let argument: ObjectIdentifier?
}

extension NSObject {
    /// Sends `selector` to this object with `argument` after `delay` seconds of the recording's
    /// clock (at once: after what is running now), as the main run loop does. The object is kept
    /// until then. A selector naming no method fails the recording with `RecordingError.actionFailed`.
    public func perform(
        _ selector: Selector, with argument: Any?, afterDelay delay: TimeInterval,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        nonisolated(unsafe) let target = self, argument = argument
        let key = DelayedPerformKey(
            target: ObjectIdentifier(self), selector: selector.name, argument: (argument as AnyObject?).map(ObjectIdentifier.init))
        let scheduled: Bool? = Recorder.inRecording { recorder in
            recorder.scheduleRunLoopWork(
                atSeconds: recorder.clockSeconds + max(0, delay),
                what: "perform(#selector(\(selector.name)), afterDelay: \(delay)) at \(file):\(line)", key: key
            ) {
                sendAction(selector, to: target, from: argument as AnyObject?, event: nil)
            }
            return true
        }
        guard scheduled == nil else { return }
        Dispatch.DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay)) {
            MainActor.assumeIsolated { _ = sendAction(selector, to: target, from: argument as AnyObject?, event: nil) }
        }
    }

    /// Cancels the delayed performs sent to `target` that have not run.
    public class func cancelPreviousPerformRequests(withTarget target: Any) {
        let identifier = ObjectIdentifier(target as AnyObject)
        _ = Recorder.inRecording { $0.unschedule { ($0 as? DelayedPerformKey)?.target == identifier } }
    }

    /// Cancels the delayed performs of `selector` sent to `target` with `argument` that have not run.
    public class func cancelPreviousPerformRequests(withTarget target: Any, selector: Selector, object argument: Any?) {
        let key = DelayedPerformKey(
            target: ObjectIdentifier(target as AnyObject), selector: selector.name,
            argument: (argument as AnyObject?).map(ObjectIdentifier.init))
        _ = Recorder.inRecording { $0.unschedule { ($0 as? DelayedPerformKey) == key } }
    }
}
