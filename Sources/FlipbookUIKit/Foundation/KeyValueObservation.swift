public import Foundation

/// What an observation reports (`NSKeyValueObservingOptions`), with Foundation's raw values.
/// (Linux's Foundation has no key-value observing; these are FlipbookUIKit's, for its views.)
public struct NSKeyValueObservingOptions: OptionSet, Hashable, Sendable {
    /// The bits, as Foundation's.
    public let rawValue: UInt
    /// Options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Report the new value.
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    /// Report the old value.
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    /// Report once at once, when the observation is made (the current value as the new one).
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    /// Report before each change too: refused in a recording.
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// The kinds of change (`NSKeyValueChange`): a view's property is only ever set.
public enum NSKeyValueChange: UInt, Sendable {
    /// The value was set.
    case setting = 1
    /// Objects were inserted into a to-many relationship (not reported for views).
    case insertion = 2
    /// Objects were removed (not reported for views).
    case removal = 3
    /// Objects were replaced (not reported for views).
    case replacement = 4
}

/// One report of an observation (`NSKeyValueObservedChange`).
public struct NSKeyValueObservedChange<Value> {
    /// The kind of change (`NSKeyValueChange`).
    public typealias Kind = NSKeyValueChange
    /// Always `.setting` for a view's property.
    public let kind: Kind
    /// The value after the change, when the options asked for `.new` (or for the initial report).
    public let newValue: Value?
    /// The value before the change, when the options asked for `.old` (nil in the initial report).
    public let oldValue: Value?
    /// Nil: no to-many relationship is observed.
    public let indexes: IndexSet?
    /// False: `.prior` is not supported.
    public let isPrior: Bool
}

/// An observation made by `observe(_:options:changeHandler:)` (`NSKeyValueObservation`): it
/// reports until `invalidate()` is called or it is released (keep it in a property, as on iOS).
/// Sendable, as Foundation's, so that a view controller's `deinit` may invalidate it;
/// `@unchecked` because the compiler cannot see that the lock guards its two mutable properties.
/// Reports run on the main actor, where views' setters run.
public final class NSKeyValueObservation: @unchecked Sendable {
    private let lock = NSLock()
    private weak var watched: AnyObject?
    private var reporter: (() -> Void)?

    fileprivate init(object: AnyObject, report: @escaping () -> Void) {
        watched = object
        reporter = report
    }

    /// The object observed (nil once invalidated or released).
    fileprivate var object: AnyObject? { lock.withLock { watched } }
    /// What reports a change (nil once invalidated).
    fileprivate var report: (() -> Void)? { lock.withLock { reporter } }

    /// Stops the reports.
    public func invalidate() {
        lock.withLock {
            reporter = nil
            watched = nil
        }
    }
}

/// The observations alive, by the object they watch (weakly: a released observation stops).
@MainActor
enum KeyValueObservations {
    private struct Entry { weak var observation: NSKeyValueObservation? }
    private static var entries: [Entry] = []

    static func add(_ observation: NSKeyValueObservation) {
        entries.removeAll { $0.observation?.object == nil }
        entries.append(Entry(observation: observation))
    }

    /// A setter of `view` ran: each of its observations compares its value with the last and
    /// reports a change, in the order they were made.
    static func viewChanged(_ view: UIView) {
        guard !entries.isEmpty else { return }
        for entry in entries where entry.observation?.object === view { entry.observation?.report?() }
    }
}

/// Views' key-value observing, as Foundation's `observe(_:options:changeHandler:)` on iOS.
@MainActor
public protocol KeyValueObservingView: AnyObject {}

extension UIView: KeyValueObservingView {}

extension KeyValueObservingView where Self: UIView {
    /// Calls `changeHandler` whenever `keyPath`'s value changes through the view's setters —
    /// `frame`, `bounds`, `center`, `transform`, `alpha`, `isHidden`, `backgroundColor` — at the
    /// moment it is set (inside an animation block: the end value, at once, as KVO reports the
    /// model value on iOS). `.initial` reports once at once; `.new` and `.old` fill the change.
    /// Any other key path, or `.prior`, fails the recording naming it and the call's file and line.
    public func observe<Value: Equatable>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        file: StaticString = #fileID, line: UInt = #line,
        changeHandler: @escaping @MainActor (Self, NSKeyValueObservedChange<Value>) -> Void
    )
        -> NSKeyValueObservation
    {
        let observed: [PartialKeyPath<Self>] = [\.frame, \.bounds, \.center, \.transform, \.alpha, \.isHidden, \.backgroundColor]
        return makeObservation(keyPath, observed: observed, options: options, file: file, line: line, changeHandler: changeHandler)
    }

    /// The observation of `keyPath` when it is one of `observed` (refused otherwise).
    fileprivate func makeObservation<Value: Equatable>(
        _ keyPath: KeyPath<Self, Value>, observed: [PartialKeyPath<Self>],
        options: NSKeyValueObservingOptions, file: StaticString, line: UInt,
        changeHandler: @escaping @MainActor (Self, NSKeyValueObservedChange<Value>) -> Void
    )
        -> NSKeyValueObservation
    {
        let refusal =
            !observed.contains(keyPath)
            ? "observing \(keyPath) of \(type(of: self))"
            : options.contains(.prior) ? "observing with .prior" : nil
        if let refusal {
            _ = Recorder.inRecording {
                $0.fail(.unsupported(api: refusal, calledAt: "\(file):\(line)", advice: keyValueObservingAdvice))
            }
            return NSKeyValueObservation(object: self, report: {})
        }
        var last = self[keyPath: keyPath]
        let observation = NSKeyValueObservation(object: self) { [weak self] in
            guard let self else { return }
            let now = self[keyPath: keyPath]
            guard now != last else { return }
            let old = last
            last = now
            changeHandler(
                self,
                NSKeyValueObservedChange(
                    kind: .setting, newValue: options.contains(.new) ? now : nil,
                    oldValue: options.contains(.old) ? old : nil, indexes: nil, isPrior: false))
        }
        KeyValueObservations.add(observation)
        if options.contains(.initial) {
            changeHandler(
                self,
                NSKeyValueObservedChange(
                    kind: .setting, newValue: options.contains(.new) ? last : nil,
                    oldValue: nil, indexes: nil, isPrior: false))
        }
        return observation
    }
}

extension KeyValueObservingView where Self: UIScrollView {
    /// As a view's `observe(_:options:changeHandler:)`, with `contentOffset` and `contentSize` too.
    public func observe<Value: Equatable>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        file: StaticString = #fileID, line: UInt = #line,
        changeHandler: @escaping @MainActor (Self, NSKeyValueObservedChange<Value>) -> Void
    )
        -> NSKeyValueObservation
    {
        let observed: [PartialKeyPath<Self>] = [
            \.frame, \.bounds, \.center, \.transform, \.alpha, \.isHidden, \.backgroundColor,
            \.contentOffset, \.contentSize
        ]
        return makeObservation(keyPath, observed: observed, options: options, file: file, line: line, changeHandler: changeHandler)
    }
}

/// What a refused observation advises.
let keyValueObservingAdvice =
    "observe a view's frame, bounds, center, transform, alpha, isHidden or backgroundColor "
    + "(a scroll view's contentOffset and contentSize too), without .prior; or call your handler where the value is set"
