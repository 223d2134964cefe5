import Foundation

/// Told when the counter moves; both methods are optional.
@objc protocol CounterDelegate {
    @objc optional func counter(_ counter: Counter, didReach value: Int) -> String
    @objc optional func counterDidReset(_ counter: Counter)
}
