public import Foundation

/// How much a constraint matters (`UILayoutPriority`): 1000 is required, anything in [1, 1000)
/// optional; the solver satisfies higher priorities first (docs/UIKIT.md, "Auto Layout").
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    /// The priority, 1…1000.
    public var rawValue: Float
    /// A priority.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// A priority.
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// 1000: always satisfied (or reported as a conflict).
    public static let required = UILayoutPriority(1000)
    /// 750: a button's compression resistance.
    public static let defaultHigh = UILayoutPriority(750)
    /// 250: a button's content hugging.
    public static let defaultLow = UILayoutPriority(250)
    /// 50: the level `systemLayoutSizeFitting` fits at.
    public static let fittingSizeLevel = UILayoutPriority(50)
    /// 510: a window drag that can resize its scene (macOS; kept for API compatibility).
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// 500: the level a scene keeps its size at (kept for API compatibility).
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// 490: a window drag that cannot resize its scene (kept for API compatibility).
    public static let dragThatCannotResizeScene = UILayoutPriority(490)

    /// Lower priority first.
    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
    /// The priority raised by `rhs`.
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue + rhs) }
    /// The priority lowered by `rhs`.
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue - rhs) }
}

extension NSLayoutConstraint {
    /// The axis of a size priority or a stack view (`NSLayoutConstraint.Axis`).
    public enum Axis: Int, Sendable {
        /// Left to right.
        case horizontal = 0
        /// Top to bottom.
        case vertical = 1
    }
}

/// A linear relation between two layout attributes (`NSLayoutConstraint`):
/// `firstItem.firstAttribute relation multiplier × secondItem.secondAttribute + constant`, held
/// by the solver while active. Activating installs it on the items' closest common ancestor
/// (`constraints`); changing `constant`, `priority` or `isActive` lays the window out again at its
/// next layout pass, or at once with `layoutIfNeeded()` (animated inside an animation block).
@MainActor
open class NSLayoutConstraint: NSObject {
    /// An attribute of an item (`NSLayoutConstraint.Attribute`).
    public enum Attribute: Int, Sendable {
        /// Edges (leading and trailing by the layout direction), sizes, centres and baselines,
        /// with UIKit's raw values.
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline, firstBaseline
        /// The same inside the item's layout margins.
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin, centerXWithinMargins, centerYWithinMargins
        /// No attribute: the second attribute of a constraint to a constant.
        case notAnAttribute = 0
    }
    /// How the two sides compare (`NSLayoutConstraint.Relation`).
    public enum Relation: Int, Sendable {
        /// `≤`, `=`, `≥`, with UIKit's raw values.
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    /// The first item (a view or layout guide).
    public private(set) weak var firstItem: AnyObject?
    /// The first item's attribute.
    public let firstAttribute: Attribute
    /// The relation.
    public let relation: Relation
    /// The second item; nil for a constant (`width == 100`).
    public private(set) weak var secondItem: AnyObject?
    /// The second item's attribute (`notAnAttribute` without a second item).
    public let secondAttribute: Attribute
    /// The second attribute's factor.
    public let multiplier: CGFloat
    /// Added to the right-hand side, in points; changing it re-lays out the window.
    open var constant: CGFloat { didSet { if constant != oldValue { changed() } } }
    /// The priority (required by default); changing it re-lays out the window.
    open var priority: UILayoutPriority = .required { didSet { if priority != oldValue { changed() } } }
    /// A name shown in conflict reports.
    open var identifier: String?
    /// Kept for API compatibility.
    open var shouldBeArchived = false
    /// The view it is installed on while active (the items' closest common ancestor).
    weak var container: UIView?
    /// When it was last activated: constraints are handed to the solver in this order.
    var activationOrder = 0
    /// The first item, as the solver sees it (typed).
    var firstLayoutItem: LayoutItem? { firstItem as? LayoutItem }
    /// The second item, as the solver sees it (typed).
    var secondLayoutItem: LayoutItem? { secondItem as? LayoutItem }

    /// `view1.attr1 relation multiplier × view2.attr2 + c`; `view2` nil (with `.notAnAttribute`)
    /// for a constant. Traps on items that are not views or layout guides, as UIKit does.
    public init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
        attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        guard let first = view1 as? LayoutItem else { preconditionFailure("NSLayoutConstraint: \(view1) is not a view or layout guide") }
        precondition(view2 == nil || view2 is LayoutItem, "NSLayoutConstraint: the second item is not a view or layout guide")
        precondition(attr1 != .notAnAttribute, "NSLayoutConstraint: the first attribute is notAnAttribute")
        precondition(view2 == nil || attr2 != .notAnAttribute, "NSLayoutConstraint: a second item needs an attribute")
        precondition(multiplier.isFinite && c.isFinite, "NSLayoutConstraint: multiplier and constant must be finite")
        firstItem = first
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2 as AnyObject?
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.multiplier = view2 == nil ? 1 : multiplier
        constant = c
        super.init()
    }

    /// Whether the solver holds it; setting installs it on (or removes it from) the items'
    /// closest common ancestor. Activating items with no common ancestor traps, as UIKit raises.
    open var isActive: Bool {
        get { container != nil }
        set {
            if newValue == isActive { return }
            if newValue { install(on: nil) } else { uninstall() }
        }
    }

    /// Activates every constraint (in order).
    public class func activate(_ constraints: [NSLayoutConstraint]) { for constraint in constraints { constraint.isActive = true } }
    /// Deactivates every constraint.
    public class func deactivate(_ constraints: [NSLayoutConstraint]) { for constraint in constraints { constraint.isActive = false } }

    /// Installs on `view` (`addConstraint`), or on the items' closest common ancestor.
    func install(on view: UIView?) {
        uninstall()
        guard let first = firstLayoutItem else { return }
        let items = [first.layoutView, secondLayoutItem?.layoutView].compactMap { $0 }
        guard let ancestor = view ?? UIView.closestCommonAncestor(items) else {
            preconditionFailure(
                "Unable to activate constraint \(self) because its items have no common ancestor. "
                    + "Does the constraint or its anchors reference items in different view hierarchies? That's illegal.")
        }
        LayoutEngine.activationCount += 1
        activationOrder = LayoutEngine.activationCount
        container = ancestor
        ancestor.layoutState.installedConstraints.append(self)
        changed()
    }

    func uninstall() {
        guard let view = container else { return }
        view.layoutState.installedConstraints.removeAll { $0 === self }
        container = nil
        LayoutEngine.invalidate(view)
    }

    /// The window is laid out again at its next layout pass.
    private func changed() {
        reportedConflict = false
        if let container { LayoutEngine.invalidate(container) }
    }

    /// Set once its conflict was logged, so a layout pass does not log it again.
    var reportedConflict = false

    /// UIKit's form: `<NSLayoutConstraint 'id' UIView:'card'.top == UIView:'root'.top + 120   (active)>`
    /// (items by type and accessibility identifier instead of addresses).
    open override var description: String {
        guard Thread.isMainThread else { return "<NSLayoutConstraint>" }
        return MainActor.assumeIsolated {
            let name = identifier.map { " '\($0)'" } ?? ""
            return "<NSLayoutConstraint\(name) \(LayoutEngine.equation(self))   (\(isActive ? "active" : "inactive"))>"
        }
    }
}

/// Something constraints relate: a view or a layout guide.
@MainActor
protocol LayoutItem: AnyObject {
    /// The view a guide belongs to, or the view itself.
    var layoutView: UIView? { get }
    /// How conflict reports name it: `UIView:'card'`.
    var layoutName: String { get }
}

extension UIView: LayoutItem {
    var layoutView: UIView? { self }
    var layoutName: String { "\(type(of: self))" + (accessibilityIdentifier.map { ":'\($0)'" } ?? "") }

    /// The closest view that is, or contains, every one of `views` (nil: none, or no views).
    static func closestCommonAncestor(_ views: [UIView]) -> UIView? {
        guard var candidate = views.first else { return nil }
        for view in views.dropFirst() {
            while !view.isDescendant(of: candidate) {
                guard let parent = candidate.superview else { return nil }
                candidate = parent
            }
        }
        return candidate
    }
}
