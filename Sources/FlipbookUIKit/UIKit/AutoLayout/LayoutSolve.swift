import FlipbookConstraints
import Foundation

/// One solve of a view tree: the solver, every item's four variables (its frame in its
/// superview's or owning view's coordinates) and the frames they came to.
@MainActor
final class LayoutSolve {
    /// A constraint's identity in the solver: the app's, or one of the solve's own
    /// (autoresizing, guide and intrinsic-size constraints), by index into `systemNames`.
    enum Key: Hashable, Sendable { case app(ObjectIdentifier), system(Int) }

    struct Variables { let x, y, width, height: ConstraintVariable }

    let solver = ConstraintSolver<Key>()
    /// `LayoutEngine.revision` when solved.
    let revision: Int
    private var variables: [ObjectIdentifier: Variables] = [:]
    private var views: [UIView] = []
    private var systemNames: [String] = []
    private var appConstraints: [ObjectIdentifier: NSLayoutConstraint] = [:]
    /// Every view's solved frame (in its superview's coordinates), in tree order.
    private(set) var viewFrames: [(UIView, CGRect)] = []
    private var frameIndex: [ObjectIdentifier: Int] = [:]

    /// Solves the tree under `root`. `fitting`: the root's size is free, pulled towards the
    /// target at the priorities (`systemLayoutSizeFitting`); otherwise it is held at its bounds.
    init(root: UIView, fitting: (target: CGSize, priorities: (UILayoutPriority, UILayoutPriority))?) {
        revision = LayoutEngine.revision
        collect(root)
        // The root's frame, and every autoresizing view's, as required constraints.
        for view in views {
            let v = variables[ObjectIdentifier(view)]!
            if view === root {
                add(v.x, .equal, 0, "\(view.layoutName).minX == 0 (root)")
                add(v.y, .equal, 0, "\(view.layoutName).minY == 0 (root)")
                if let fitting {
                    add(
                        v.width, .equal, Double(fitting.target.width),
                        "\(view.layoutName).width == \(LayoutEngine.number(fitting.target.width)) (fitting)",
                        priority: fitting.priorities.0)
                    add(
                        v.height, .equal, Double(fitting.target.height),
                        "\(view.layoutName).height == \(LayoutEngine.number(fitting.target.height)) (fitting)",
                        priority: fitting.priorities.1)
                    add(v.width, .greaterThanOrEqual, 0, "\(view.layoutName).width >= 0 (fitting)")
                    add(v.height, .greaterThanOrEqual, 0, "\(view.layoutName).height >= 0 (fitting)")
                } else {
                    holdSize(view, v)
                }
            } else if view.translatesAutoresizingMaskIntoConstraints {
                let frame = view.layoutFrame
                let name = "<NSAutoresizingMaskLayoutConstraint \(view.layoutName)"
                add(v.x, .equal, Double(frame.minX), "\(name).minX == \(LayoutEngine.number(frame.minX))>")
                add(v.y, .equal, Double(frame.minY), "\(name).minY == \(LayoutEngine.number(frame.minY))>")
                holdSize(view, v)
            }
            addGuides(of: view, v)
        }
        for view in views where !view.translatesAutoresizingMaskIntoConstraints || (view === root && fitting != nil) {
            addIntrinsicSize(of: view, variables[ObjectIdentifier(view)]!)
        }
        // Stack views' own constraints, then the app's, in activation order.
        for case let stack as UIStackView in views { stack.addArrangementConstraints(to: self) }
        let constraints = views.flatMap(\.layoutState.installedConstraints).sorted { $0.activationOrder < $1.activationOrder }
        for constraint in constraints { addApp(constraint) }
        // The frames.
        for view in views {
            let v = variables[ObjectIdentifier(view)]!
            let frame = CGRect(x: value(v.x), y: value(v.y), width: value(v.width), height: value(v.height))
            frameIndex[ObjectIdentifier(view)] = viewFrames.count
            viewFrames.append((view, frame))
            // A fitting solve leaves the guides' frames of the last layout pass alone.
            for guide in view.layoutState.layoutGuides + view.layoutState.systemGuides
            where fitting == nil {
                guard let g = variables[ObjectIdentifier(guide)] else { continue }
                guide.layoutFrame = CGRect(x: value(g.x), y: value(g.y), width: value(g.width), height: value(g.height))
            }
        }
    }

    /// The solved frame of `view` (nil: not in the tree).
    func frame(of view: UIView) -> CGRect? { frameIndex[ObjectIdentifier(view)].map { viewFrames[$0].1 } }

    /// Whether any of the view's four variables is open.
    func isAmbiguous(_ view: UIView) -> Bool {
        guard let v = variables[ObjectIdentifier(view)] else { return false }
        return [v.x, v.y, v.width, v.height].contains { solver.isAmbiguous($0) }
    }

    private func value(_ variable: ConstraintVariable) -> CGFloat { CGFloat(solver.value(of: variable)) }

    private func collect(_ view: UIView) {
        views.append(view)
        variables[ObjectIdentifier(view)] = makeVariables()
        for guide in view.layoutState.layoutGuides + view.layoutState.systemGuides {
            variables[ObjectIdentifier(guide)] = makeVariables()
        }
        for subview in view.subviews { collect(subview) }
    }

    private func makeVariables() -> Variables {
        Variables(x: solver.makeVariable(), y: solver.makeVariable(), width: solver.makeVariable(), height: solver.makeVariable())
    }

    private func holdSize(_ view: UIView, _ v: Variables) {
        let size = view.bounds.size
        let name = view === views.first ? "\(view.layoutName)" : "<NSAutoresizingMaskLayoutConstraint \(view.layoutName)"
        let close = view === views.first ? " (root)" : ">"
        add(v.width, .equal, Double(size.width), "\(name).width == \(LayoutEngine.number(size.width))\(close)")
        add(v.height, .equal, Double(size.height), "\(name).height == \(LayoutEngine.number(size.height))\(close)")
    }

    /// The safe-area and margins guides follow their view's insets; the readable-content guide
    /// is the margins area at most `readableWidthPoints` wide, centred in it.
    private func addGuides(of view: UIView, _ v: Variables) {
        for guide in view.layoutState.systemGuides {
            let g = variables[ObjectIdentifier(guide)]!
            let insets = guide.inset == .safeArea ? view.safeAreaInsets : view.layoutMargins
            let name = "\(guide.layoutName) of \(view.layoutName)"
            let innerWidth = v.width - Double(insets.left + insets.right)
            add(g.y, .equal, Double(insets.top), "\(name).minY == \(LayoutEngine.number(insets.top))")
            add(LinearConstraint(g.height.expression, .equal, v.height - Double(insets.top + insets.bottom)), "\(name).height")
            guard guide.inset == .readable else {
                add(g.x, .equal, Double(insets.left), "\(name).minX == \(LayoutEngine.number(insets.left))")
                add(LinearConstraint(g.width.expression, .equal, innerWidth), "\(name).width")
                continue
            }
            add(
                g.width, .lessThanOrEqual, Double(UILayoutGuide.readableWidthPoints),
                "\(name).width <= \(LayoutEngine.number(UILayoutGuide.readableWidthPoints))")
            add(LinearConstraint(g.width.expression, .lessThanOrEqual, innerWidth), "\(name).width <= margins")
            add(
                LinearConstraint(g.width.expression, .equal, innerWidth, priority: Self.priority(UILayoutPriority(999))),
                "\(name).width == margins @999")
            add(LinearConstraint(g.x.expression, .equal, 0.5 * (innerWidth - g.width) + Double(insets.left)), "\(name).centerX")
        }
    }

    /// `width >= intrinsic` at the compression resistance, `width <= intrinsic` at the hugging
    /// priority, and the same for the height (UIKit's content-size constraints).
    private func addIntrinsicSize(of view: UIView, _ v: Variables) {
        let size = view.layoutState.intrinsicSize ?? view.intrinsicContentSize
        view.layoutState.intrinsicSize = size
        for (axis, length, variable) in [(0, size.width, v.width), (1, size.height, v.height)]
        where length != UIView.noIntrinsicMetric && length >= 0 {
            let label = axis == 0 ? "width" : "height"
            let name = "<NSContentSizeLayoutConstraint \(view.layoutName).\(label)"
            add(
                variable, .greaterThanOrEqual, Double(length), "\(name) >= \(LayoutEngine.number(length)) compression>",
                priority: view.layoutState.compressionResistance[axis])
            add(
                variable, .lessThanOrEqual, Double(length), "\(name) <= \(LayoutEngine.number(length)) hugging>",
                priority: view.layoutState.hugging[axis])
        }
    }

    private func add(
        _ variable: ConstraintVariable, _ relation: ConstraintRelation, _ constant: Double, _ name: String,
        priority: UILayoutPriority = .required
    ) {
        add(LinearConstraint(variable, relation, constant, priority: Self.priority(priority)), name)
    }

    private func add(_ constraint: LinearConstraint, _ name: String) {
        let key = Key.system(systemNames.count)
        systemNames.append(name)
        do { try solver.add(constraint, id: key) } catch {
            LayoutEngine.reportOnce(refused: name, conflicting: error.conflicting.map(describe))
        }
    }

    /// UIKit's priorities in [1, 1000]; a priority outside is clamped (UIKit raises).
    static func priority(_ priority: UILayoutPriority) -> ConstraintPriority {
        ConstraintPriority(min(1000, max(1, priority.rawValue)))
    }

    private func describe(_ key: Key) -> String {
        switch key {
        case let .app(id): appConstraints[id].map { "\($0)" } ?? "a constraint"
        case let .system(index): systemNames[index]
        }
    }

    // MARK: The app's constraints

    private func addApp(_ constraint: NSLayoutConstraint) {
        guard let container = constraint.container, let first = constraint.firstLayoutItem else { return }
        let relation = LayoutRelation(
            first: first, firstAttribute: constraint.firstAttribute, relation: constraint.relation,
            second: constraint.secondLayoutItem, secondAttribute: constraint.secondAttribute,
            multiplier: constraint.multiplier, constant: constraint.constant, priority: constraint.priority)
        guard let linear = linear(relation, in: container) else { return }
        let id = ObjectIdentifier(constraint)
        appConstraints[id] = constraint
        do {
            try solver.add(linear, id: .app(id))
        } catch {
            guard !constraint.reportedConflict else { return }
            constraint.reportedConflict = true
            LayoutEngine.report(refused: "\(constraint)", conflicting: error.conflicting.map(describe))
        }
    }

    /// A relation a stack view keeps among its arranged subviews, under `name` in reports.
    func addSystem(_ relation: LayoutRelation, in container: UIView, name: String) {
        guard let linear = linear(relation, in: container) else { return }
        add(linear, name)
    }

    /// `a.end − a.start == b.end − b.start` (required): two distances kept equal, as a stack
    /// view's equal spacing and equal centering keep them.
    func addEqualDistances(
        from aStart: (LayoutItem, NSLayoutConstraint.Attribute), to aEnd: (LayoutItem, NSLayoutConstraint.Attribute),
        equalTo bStart: (LayoutItem, NSLayoutConstraint.Attribute), _ bEnd: (LayoutItem, NSLayoutConstraint.Attribute),
        in container: UIView, name: String
    ) {
        let flips = container.effectiveUserInterfaceLayoutDirection == .rightToLeft
        let parts = [aStart, aEnd, bStart, bEnd].map { expression($0.0, $0.1, in: container, flipped: flips && $0.1.isDirectional) }
        guard let a0 = parts[0], let a1 = parts[1], let b0 = parts[2], let b1 = parts[3] else { return }
        add(LinearConstraint(a1 - a0, .equal, b1 - b0), name)
    }

    /// `relation` as the solver's constraint in `container`'s coordinates (nil: an item is not
    /// inside `container`).
    private func linear(_ relation: LayoutRelation, in container: UIView) -> LinearConstraint? {
        let flips =
            container.effectiveUserInterfaceLayoutDirection == .rightToLeft
            && (relation.firstAttribute.isDirectional || relation.secondAttribute.isDirectional)
        guard let lhs = expression(relation.first, relation.firstAttribute, in: container, flipped: flips) else { return nil }
        var rhs = LinearExpression(constant: Double(relation.constant))
        if let second = relation.second {
            guard let term = expression(second, relation.secondAttribute, in: container, flipped: flips) else { return nil }
            rhs = Double(relation.multiplier) * term + Double(relation.constant)
        }
        let kind: ConstraintRelation =
            switch relation.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        return LinearConstraint(lhs, kind, rhs, priority: Self.priority(relation.priority))
    }

    /// The item's position along one axis in `container`'s coordinates (its left or top edge),
    /// nil when it is not inside `container`.
    private func origin(_ item: LayoutItem, horizontal: Bool, in container: UIView) -> LinearExpression? {
        if let view = item as? UIView, view === container { return LinearExpression() }
        guard let v = variables[ObjectIdentifier(item)] else { return nil }
        let own = horizontal ? v.x : v.y
        let parent: UIView? = (item as? UIView)?.superview ?? (item as? UILayoutGuide)?.owningView
        guard let parent else { return nil }
        if parent === container { return own.expression }
        guard let outer = origin(parent, horizontal: horizontal, in: container) else { return nil }
        return own + outer
    }

    /// `attribute` of `item` in `container`'s coordinates; `flipped`: horizontal positions
    /// measured from the container's right edge leftwards (a right-to-left layout's leading
    /// and trailing, and what they are related to).
    private func expression(
        _ item: LayoutItem, _ attribute: NSLayoutConstraint.Attribute, in container: UIView,
        flipped: Bool
    ) -> LinearExpression? {
        guard let v = item === container ? variables[ObjectIdentifier(container)] : variables[ObjectIdentifier(item)] else { return nil }
        let horizontal = attribute.isHorizontal
        guard let start = origin(item, horizontal: horizontal, in: container) else { return nil }
        let margins = (item as? UIView)?.layoutMargins ?? UIEdgeInsets()
        let x = start, w = v.width.expression, y = start, h = v.height.expression
        let position: LinearExpression
        switch attribute {
        case .width: return w
        case .height: return h
        case .left: position = x
        case .right: position = x + w
        case .leading: position = flipped ? x + w : x
        case .trailing: position = flipped ? x : x + w
        case .centerX: position = x + 0.5 * w
        case .leftMargin: position = x + Double(margins.left)
        case .rightMargin: position = x + w - Double(margins.right)
        case .leadingMargin: position = flipped ? x + w - Double(margins.right) : x + Double(margins.left)
        case .trailingMargin: position = flipped ? x + Double(margins.left) : x + w - Double(margins.right)
        case .centerXWithinMargins: position = x + Double(margins.left) + 0.5 * (w - Double(margins.left + margins.right))
        case .top: return y
        case .bottom: return y + h
        case .centerY: return y + 0.5 * h
        case .topMargin: return y + Double(margins.top)
        case .bottomMargin: return y + h - Double(margins.bottom)
        case .centerYWithinMargins: return y + Double(margins.top) + 0.5 * (h - Double(margins.top + margins.bottom))
        case .firstBaseline, .lastBaseline:
            return y + baselineOffset(item, attribute, height: h)
        case .notAnAttribute: return nil
        }
        guard flipped, ![.left, .right, .leftMargin, .rightMargin].contains(attribute), let c = variables[ObjectIdentifier(container)]
        else {
            return position
        }
        // Measured leftwards from the container's right edge: the mirror image.
        return c.width.expression - position
    }

    /// The baseline's distance below the top: a label's text baseline, else the bottom edge.
    private func baselineOffset(_ item: LayoutItem, _ attribute: NSLayoutConstraint.Attribute, height: LinearExpression) -> LinearExpression
    {
        if let label = item as? UILabel, let offsets = label.baselineOffsets {
            // The text block is centred vertically: its top is (height − text height) / 2 down.
            let first = attribute == .firstBaseline
            return 0.5 * height + Double(first ? offsets.first : offsets.last)
        }
        return height
    }
}

/// `first.firstAttribute relation multiplier × second.secondAttribute + constant` at a
/// priority: an `NSLayoutConstraint`'s content, or one a stack view keeps.
struct LayoutRelation {
    var first: LayoutItem
    var firstAttribute: NSLayoutConstraint.Attribute
    var relation: NSLayoutConstraint.Relation = .equal
    var second: LayoutItem?
    var secondAttribute: NSLayoutConstraint.Attribute = .notAnAttribute
    var multiplier: CGFloat = 1
    var constant: CGFloat = 0
    var priority: UILayoutPriority = .required
}
