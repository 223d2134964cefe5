// No import: the app's umbrella header brings Foundation; the plugin's "addImports" adds it.

final class Listener: NSObject, CounterDelegate {
    func counter(_ counter: Counter, didReach value: Int) -> String { "heard \(value)" }
}

final class DeafListener: NSObject, CounterDelegate {}
