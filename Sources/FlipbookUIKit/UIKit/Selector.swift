public import Foundation

/// An Objective-C method name (`Selector`) that, on Linux, can also call the method: target-action
/// (`UIControl`, `UIGestureRecognizer`, `UIBarButtonItem`) sends it to its target with
/// `perform(on:with:with:)`.
///
/// `flipbook uikit-sources` (and its build-tool plugin) turns an app's `#selector(handlePan(_:))`
/// into `Selector(GalleryViewController.handlePan(_:), name: "handlePan:")`: a reference to the
/// method, checked by the compiler, with the name Objective-C gives it. A selector made from a
/// string (`Selector("handlePan:")`, `NSSelectorFromString`) is a name only; the rewriter gives it
/// the folder's lookup of Objective-C-visible methods by name (`methods:`), and without one it
/// names nothing. Calling a selector that names nothing on its target fails with the file and
/// line where the selector was made (`SelectorError`).
///
/// Equality and hashing are by `name`, as `SEL`s compare on iOS. (This file needs only
/// Foundation: tests compile it alone with rewritten sources.)
public struct Selector: Hashable, CustomStringConvertible, ExpressibleByStringLiteral, @unchecked Sendable {
    // @unchecked: the stored closures are unapplied method references and key paths (they
    // capture nothing) and the generated name lookups (top-level functions); none holds state.

    /// The Objective-C name: `handlePan:`, `tap`, `tableView:didSelectRowAt:`, `setProgress:`.
    public let name: String
    /// Where the selector was made, `Module/File.swift:LINE` (the original file of a rewritten
    /// one); nil for one written as a string literal.
    public let madeAt: String?
    private let method: Method?
    private let methods: ((AnyObject, String) -> Selector?)?

    /// A method bound to no object yet: whether an object has it, and how to call it.
    private struct Method {
        var accepts: (AnyObject) -> Bool
        /// Calls the method on a target `accepts` took, with the action's arguments (sender,
        /// event); nil for a method returning nothing.
        var call: (AnyObject, [Any?]) throws(SelectorError) -> Any?
    }

    // MARK: Making selectors

    /// A selector naming `name` only, found by name on its target through `methods` (the lookup
    /// `flipbook uikit-sources` generates for a folder); without `methods` it names no method.
    public init(_ name: String, methods: ((AnyObject, String) -> Selector?)? = nil, file: StaticString = #fileID, line: UInt = #line) {
        self.name = name
        madeAt = "\(file):\(line)"
        method = nil
        self.methods = methods
    }

    /// A selector from a string literal (`let action: Selector = "close"`): a name only, and no
    /// place (a literal cannot say where it is written).
    public init(stringLiteral value: String) {
        name = value
        madeAt = nil
        method = nil
        methods = nil
    }

    /// A selector calling `method`, a method taking no argument: `Selector(Screen.close, name: "close")`.
    public init<Target, Result>(
        _ method: @escaping (Target) -> () -> Result, name: String, file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(name: name, arguments: 0, file: file, line: line) { (target: Target, _: Arguments) in Selector.result(method(target)()) }
    }

    /// A selector calling `method`, a method taking one argument (the sender of an action):
    /// `Selector(Screen.handlePan(_:), name: "handlePan:")`. A `name` without a colon gets one.
    public init<Target, Argument, Result>(
        _ method: @escaping (Target) -> (Argument) -> Result, name: String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(name: name, arguments: 1, file: file, line: line) { (target: Target, arguments: Arguments) throws(SelectorError) in
            Selector.result(method(target)(try arguments.value(0)))
        }
    }

    /// A selector calling `method`, a method taking two arguments (an action's sender and event:
    /// `tapped(_:forEvent:)`). A `name` without colons gets two.
    public init<Target, First, Second, Result>(
        _ method: @escaping (Target) -> (First, Second) -> Result, name: String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(name: name, arguments: 2, file: file, line: line) { (target: Target, arguments: Arguments) throws(SelectorError) in
            Selector.result(method(target)(try arguments.value(0), try arguments.value(1)))
        }
    }

    /// A property's getter (`#selector(getter: Card.progress)`): performing it returns the value.
    public init<Target, Value>(getter property: KeyPath<Target, Value>, name: String, file: StaticString = #fileID, line: UInt = #line) {
        self.init(name: name, arguments: 0, file: file, line: line) { (target: Target, _: Arguments) in target[keyPath: property] }
    }

    /// A property's setter (`#selector(setter: Card.progress)`): performing it with a value sets it.
    public init<Target, Value>(
        setter property: ReferenceWritableKeyPath<Target, Value>, name: String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(name: name, arguments: 1, file: file, line: line) { (target: Target, arguments: Arguments) throws(SelectorError) in
            target[keyPath: property] = try arguments.value(0)
            return nil
        }
    }

    /// A selector whose method `call` gets a target of type `Target` and the action's arguments.
    private init<Target>(
        name: String, arguments: Int, file: StaticString, line: UInt,
        call: @escaping (Target, Arguments) throws(SelectorError) -> Any?
    ) {
        let name = Selector.completed(name, arguments: arguments), madeAt = "\(file):\(line)"
        self.name = name
        self.madeAt = madeAt
        method = Method(
            accepts: { $0 is Target },
            call: { target, values throws(SelectorError) in
                try call(target as! Target, Arguments(values: values, selector: name, madeAt: madeAt))
            })
        methods = nil
    }

    /// An action's arguments, handed to a method as its parameter types.
    private struct Arguments {
        var values: [Any?]
        var selector: String
        var madeAt: String

        /// Argument `position` as the parameter type `Value`: nil becomes nil for an optional
        /// parameter (and `Any`); anything else must be of the type.
        func value<Value>(_ position: Int) throws(SelectorError) -> Value {
            let value = position < values.count ? values[position] : nil
            let converted: Value? = value.map { $0 as? Value } ?? (Optional<Any>.none as? Value)
            guard let converted else {
                throw SelectorError.argumentMismatch(
                    selector: selector, expected: String(describing: Value.self),
                    sent: value.map { String(describing: type(of: $0)) } ?? "nil", madeAt: madeAt)
            }
            return converted
        }
    }

    // MARK: Using selectors

    /// True when `target` has the method: it is of the method's type, or the name lookup finds
    /// a method of that name for it (what `responds(to:)` answers).
    public func isImplemented(by target: AnyObject) -> Bool { resolvedMethod(for: target) != nil }

    /// Calls the method on `target` with the arguments an action passes (its sender, then its
    /// event); a method taking fewer ignores the rest, as Objective-C does. Returns what the
    /// method returns (nil for nothing).
    /// - Throws: `SelectorError.unrecognized` when `target` has no such method,
    ///   `.argumentMismatch` when an argument is not of the method's parameter type.
    @discardableResult
    public func perform(on target: AnyObject, with first: Any? = nil, with second: Any? = nil) throws(SelectorError) -> Any? {
        guard let method = resolvedMethod(for: target) else {
            throw SelectorError.unrecognized(selector: name, target: String(describing: type(of: target)), madeAt: madeAt)
        }
        return try method.call(target, [first, second])
    }

    /// The name, as `NSStringFromSelector` gives it.
    public var description: String { name }

    /// Equal when the names are.
    public static func == (lhs: Selector, rhs: Selector) -> Bool { lhs.name == rhs.name }
    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    private func resolvedMethod(for target: AnyObject) -> Method? {
        if let method, method.accepts(target) { return method }
        if let found = methods?(target, name)?.method, found.accepts(target) { return found }
        return nil
    }

    // MARK: Helpers

    /// `name` with a colon per argument when it has none (a base name for a method with arguments).
    private static func completed(_ name: String, arguments: Int) -> String {
        arguments > 0 && !name.contains(":") ? name + String(repeating: ":", count: arguments) : name
    }

    private static func result<Result>(_ value: Result) -> Any? { Result.self == Void.self ? nil : value }
}

/// Why performing a selector failed; each case says where the selector was made.
public enum SelectorError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// `target` (its type) has no method named `selector` (on iOS: "unrecognized selector sent
    /// to instance").
    case unrecognized(selector: String, target: String, madeAt: String?)
    /// The method takes `expected` where the action sent `sent` (a type, or nil).
    case argumentMismatch(selector: String, expected: String, sent: String, madeAt: String?)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case let .unrecognized(selector, target, madeAt):
            return "unrecognized selector '\(selector)' sent to \(target) (\(Self.place(madeAt)))"
                + (madeAt == nil ? "" : "; no method of \(target) has that Objective-C name")
        case let .argumentMismatch(selector, expected, sent, madeAt):
            return "'\(selector)' takes \(expected) but was sent \(sent) (\(Self.place(madeAt)))"
        }
    }

    /// The description.
    public var errorDescription: String? { description }

    private static func place(_ madeAt: String?) -> String {
        madeAt.map { "the selector made at \($0)" } ?? "a selector written as a string literal, which names no method on Linux"
    }
}

/// The selector's name (`NSStringFromSelector`).
public func NSStringFromSelector(_ selector: Selector) -> String { selector.name }

/// A selector naming `name` (`NSSelectorFromString`), found by name through `methods` (see
/// `Selector.init(_:methods:file:line:)`).
public func NSSelectorFromString(
    _ name: String, methods: ((AnyObject, String) -> Selector?)? = nil,
    file: StaticString = #fileID, line: UInt = #line
) -> Selector {
    Selector(name, methods: methods, file: file, line: line)
}

extension NSObjectProtocol {
    /// Whether the object has the method `selector` names (`responds(to:)`; false for nil).
    public func responds(to selector: Selector?) -> Bool { selector?.isImplemented(by: self) ?? false }
}
