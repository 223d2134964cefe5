import Foundation

extension NSLayoutConstraint {
    /// How `constraints(withVisualFormat:…)` aligns the views it lines up and which way it reads
    /// (`NSLayoutConstraint.FormatOptions`).
    public struct FormatOptions: OptionSet, Hashable, Sendable {
        /// The options' bits, as UIKit's (the alignment bits are `1 << attribute`).
        public let rawValue: UInt
        /// Options.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Every view lined up gets the first one's left edge (and so on for the other
        /// attributes), as the options are named.
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        /// Leading to trailing (the default for `H:`).
        public static let directionLeadingToTrailing = FormatOptions([])
        /// Left to right.
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        /// Right to left.
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
    }

    /// The constraints a visual format string describes (Apple's "Visual Format Language"):
    /// `H:|-20-[avatar(40)]-[name(>=100@750)]-|`, `V:[a]-(8)-[b(==a)]`, with `metrics` naming
    /// numbers and `views` naming views. `-` is the standard spacing (8 pt between views, 20 pt to
    /// the superview's edge); views side by side without a connection touch. Traps on a string it
    /// cannot read, naming the place, as UIKit raises.
    public class func constraints(
        withVisualFormat format: String, options opts: FormatOptions = [], metrics: [String: Any]?,
        views: [String: Any]
    ) -> [NSLayoutConstraint] {
        var parser = VisualFormatParser(format: format, metrics: metrics ?? [:], views: views, options: opts)
        return parser.parse()
    }
}

/// Reads one visual format string into constraints.
@MainActor
struct VisualFormatParser {
    let format: String
    let characters: [Character]
    let metrics: [String: Any]
    let views: [String: Any]
    let options: NSLayoutConstraint.FormatOptions
    var index = 0

    /// UIKit's standard spacings of the format language: between sibling views, and between a
    /// view and its superview's edge (Apple, *Auto Layout Guide*, "Visual Format Syntax").
    static let siblingSpacing: CGFloat = 8
    static let superviewSpacing: CGFloat = 20

    init(format: String, metrics: [String: Any], views: [String: Any], options: NSLayoutConstraint.FormatOptions) {
        self.format = format
        characters = Array(format.filter { !$0.isWhitespace })
        self.metrics = metrics
        self.views = views
        self.options = options
    }

    /// A predicate: `relation constant-or-view @ priority`.
    struct Predicate {
        var relation: NSLayoutConstraint.Relation = .equal
        var constant: CGFloat = 0
        var view: UIView?
        var priority: UILayoutPriority = .required
    }

    private func fail(_ what: String) -> Never {
        preconditionFailure("Unable to parse constraint format: \(what)\n\(format)\n\(String(repeating: " ", count: index))^")
    }

    private var current: Character? { index < characters.count ? characters[index] : nil }

    private mutating func take(_ character: Character) -> Bool {
        guard current == character else { return false }
        index += 1
        return true
    }

    private mutating func identifier() -> String? {
        let start = index
        while let c = current, c.isLetter || c.isNumber || c == "_" { index += 1 }
        return index > start ? String(characters[start..<index]) : nil
    }

    private mutating func number() -> CGFloat? {
        let start = index
        if current == "-" || current == "+" { index += 1 }
        while let c = current, c.isNumber || c == "." { index += 1 }
        guard index > start, let value = Double(String(characters[start..<index])) else { index = start; return nil }
        return CGFloat(value)
    }

    private func metric(_ name: String) -> CGFloat {
        switch metrics[name] {
        case let value as CGFloat: return value
        case let value as Double: return CGFloat(value)
        case let value as Int: return CGFloat(value)
        case let value as Float: return CGFloat(value)
        case let value as NSNumber: return CGFloat(value.doubleValue)
        default: fail("\(name) is not a key in the metrics or views dictionaries")
        }
    }

    private func view(_ name: String) -> UIView {
        guard let view = views[name] as? UIView else { fail("\(name) is not a key in the views dictionary") }
        return view
    }

    private mutating func priorityValue() -> UILayoutPriority {
        if let value = number() { return UILayoutPriority(Float(value)) }
        guard let name = identifier() else { fail("expected a priority") }
        return UILayoutPriority(Float(metric(name)))
    }

    /// `==50@750`, `>=name`, `otherView`.
    private mutating func predicate(allowsView: Bool) -> Predicate {
        var result = Predicate()
        if take("=") {
            guard take("=") else { fail("expected '=='") }; result.relation = .equal
        } else if take("<") {
            guard take("=") else { fail("expected '<='") }; result.relation = .lessThanOrEqual
        } else if take(">") {
            guard take("=") else { fail("expected '>='") }; result.relation = .greaterThanOrEqual
        }
        if let value = number() {
            result.constant = value
        } else if let name = identifier() {
            if metrics[name] != nil {
                result.constant = metric(name)
            } else if allowsView {
                result.view = view(name)
            } else {
                fail("\(name) is not a key in the metrics dictionary")
            }
        } else {
            fail("expected a number, a metric or a view name")
        }
        if take("@") { result.priority = priorityValue() }
        return result
    }

    /// `(p1,p2)` or a bare number or metric.
    private mutating func predicates(allowsView: Bool) -> [Predicate] {
        if take("(") {
            var list = [predicate(allowsView: allowsView)]
            while take(",") { list.append(predicate(allowsView: allowsView)) }
            guard take(")") else { fail("expected ')'") }
            return list
        }
        return [predicate(allowsView: false)]
    }

    /// A connection after `-`: the spacing predicates, or nil for the standard spacing (`-`).
    private mutating func connection() -> [Predicate]? {
        guard take("-") else { return [Predicate()] }
        if current == "[" || current == "|" { return nil }
        let list = predicates(allowsView: false)
        guard take("-") else { fail("expected '-'") }
        return list
    }

    mutating func parse() -> [NSLayoutConstraint] {
        var vertical = false
        if characters.starts(with: ["V", ":"]) { vertical = true; index = 2 } else if characters.starts(with: ["H", ":"]) { index = 2 }
        let direction: (start: NSLayoutConstraint.Attribute, end: NSLayoutConstraint.Attribute, size: NSLayoutConstraint.Attribute) =
            vertical
            ? (.top, .bottom, .height)
            : options.contains(.directionLeftToRight)
                ? (.left, .right, .width)
                : options.contains(.directionRightToLeft) ? (.right, .left, .width) : (.leading, .trailing, .width)
        // Right to left reads the line the other way: "after" is to the left.
        let reversed = !vertical && options.contains(.directionRightToLeft)
        var made: [NSLayoutConstraint] = []
        var lined: [UIView] = []
        var pendingSpacing: (after: UIView?, predicates: [Predicate]?)? = nil
        if take("|") { pendingSpacing = (nil, connection()) }

        func spacing(_ predicate: Predicate, from previous: UIView?, to next: UIView?) -> NSLayoutConstraint {
            // `next.start = previous.end + constant`, with the superview's edges at either end.
            let value = predicate.constant
            let constraint: NSLayoutConstraint
            if let previous, let next {
                constraint = NSLayoutConstraint(
                    item: next, attribute: direction.start, relatedBy: predicate.relation, toItem: previous,
                    attribute: direction.end, multiplier: 1, constant: reversed ? -value : value)
            } else if let next {
                guard let superview = next.superview else { fail("a view next to '|' has no superview") }
                constraint = NSLayoutConstraint(
                    item: next, attribute: direction.start, relatedBy: predicate.relation, toItem: superview,
                    attribute: direction.start, multiplier: 1, constant: reversed ? -value : value)
            } else if let previous {
                guard let superview = previous.superview else { fail("a view next to '|' has no superview") }
                constraint = NSLayoutConstraint(
                    item: superview, attribute: direction.end, relatedBy: predicate.relation, toItem: previous,
                    attribute: direction.end, multiplier: 1, constant: reversed ? -value : value)
            } else {
                fail("a connection between two edges")
            }
            constraint.priority = predicate.priority
            return constraint
        }

        while take("[") {
            guard let name = identifier() else { fail("expected a view name") }
            let view = view(name)
            var sizes: [Predicate] = []
            if current == "(" { sizes = predicates(allowsView: true) }
            guard take("]") else { fail("expected ']'") }
            if let pending = pendingSpacing {
                let standard = pending.after == nil ? Self.superviewSpacing : Self.siblingSpacing
                for predicate in pending.predicates ?? [Predicate(constant: standard)] {
                    made.append(spacing(predicate, from: pending.after, to: view))
                }
            }
            for size in sizes {
                let constraint = NSLayoutConstraint(
                    item: view, attribute: direction.size, relatedBy: size.relation, toItem: size.view,
                    attribute: size.view == nil ? .notAnAttribute : direction.size, multiplier: 1,
                    constant: size.view == nil ? size.constant : 0)
                constraint.priority = size.priority
                made.append(constraint)
            }
            lined.append(view)
            pendingSpacing = current == "|" ? (view, [Predicate()]) : (view, connection())
        }
        if take("|"), let pending = pendingSpacing, let last = pending.after {
            for predicate in pending.predicates ?? [Predicate(constant: Self.superviewSpacing)] {
                made.append(spacing(predicate, from: last, to: nil))
            }
        }
        guard index == characters.count, !lined.isEmpty else { fail(lined.isEmpty ? "expected a view" : "unexpected character") }
        // Alignment across the line.
        let alignments: [(NSLayoutConstraint.FormatOptions, NSLayoutConstraint.Attribute)] = [
            (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
            (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX), (.alignAllCenterY, .centerY),
            (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline)
        ]
        for (option, attribute) in alignments where options.contains(option) {
            for view in lined.dropFirst() {
                made.append(
                    NSLayoutConstraint(
                        item: lined[0], attribute: attribute, relatedBy: .equal, toItem: view, attribute: attribute,
                        multiplier: 1, constant: 0))
            }
        }
        return made
    }
}
