import Foundation

@IBDesignable
final class Counter: NSObject {
    weak var delegate: CounterDelegate?
    @IBInspectable @objc dynamic private(set) var value = 0

    func increment() -> String {
        value += 1
        return delegate?.counter?(self, didReach: value) ?? "nobody heard \(value)"
    }
}
