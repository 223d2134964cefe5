import FlipbookConstraints
import Foundation

/// Auto Layout's passes: which trees to solve, when, and how solved frames reach the views.
///
/// A layout pass (`layoutIfNeeded`, and the one at the end of every recorded moment) solves the
/// whole tree the view is in, from scratch, whenever the tree holds a constraint: every view
/// gets four variables (its frame in its superview's coordinates), views whose
/// `translatesAutoresizingMaskIntoConstraints` is true (and the root) are held at their current
/// frames by required constraints, as UIKit's autoresizing-mask constraints hold them, safe-area
/// and margins guides follow their view's insets, views with an intrinsic size get their hugging
/// and compression constraints, and then the active constraints follow in the order they were
/// activated. A view whose solved frame differs from its frame marks its superview as needing
/// layout; the superview's layout pass sets the subview's `bounds` size and `center` (not its
/// transform) before its own `layoutSubviews` runs, so inside an animation block the frames
/// animate.
@MainActor
enum LayoutEngine {
    /// UIKit's standard spacing between sibling views (`constraint(equalToSystemSpacingAfter:)`
    /// with multiplier 1; Interface Builder's "standard" spacing), in points.
    static let systemSpacingPoints: CGFloat = 8
    /// Counts activations, so constraints reach the solver in the order they were activated.
    static var activationCount = 0
    /// Bumped by every change that can move a solved frame.
    static var revision = 0

    /// Something that can move solved frames changed near `view`: its tree is solved again at
    /// its next layout pass.
    static func invalidate(_ view: UIView) {
        revision += 1
        view.setNeedsLayout()
        view.superview?.setNeedsLayout()
    }

    /// The topmost ancestor of `view` (itself without a superview).
    static func root(of view: UIView) -> UIView {
        var root = view
        while let parent = root.superview { root = parent }
        return root
    }

    /// Whether any view of the tree under `root` has a constraint installed, or is a stack view
    /// arranging views (which keeps constraints of its own).
    static func hasConstraints(_ root: UIView) -> Bool {
        if !root.layoutState.installedConstraints.isEmpty { return true }
        if let stack = root as? UIStackView, !stack.arrangedSubviews.isEmpty { return true }
        return root.subviews.contains { hasConstraints($0) }
    }

    /// Before a layout pass from `view`: runs `updateConstraints` where asked for, solves the
    /// tree if it has constraints, and marks the superviews of views whose solved frame differs
    /// from their frame as needing layout.
    static func prepareLayout(from view: UIView) {
        let root = root(of: view)
        root.updateConstraintsIfNeeded()
        guard hasConstraints(root) else { root.layoutState.lastSolve = nil; return }
        let solve = solveWrappingLabels(root: root, fitting: nil)
        root.layoutState.lastSolve = solve
        for (view, frame) in solve.viewFrames where view !== root && !view.translatesAutoresizingMaskIntoConstraints {
            if view.layoutFrame != frame { view.superview?.needsLayout = true }
        }
    }

    /// The tree under `root` solved; a multi-line label's height depends on its width, so a
    /// label given another width than its intrinsic size was wrapped at is measured again at that
    /// width and the tree solved again (UIKit's two-pass layout of labels without a
    /// `preferredMaxLayoutWidth`), a few times at most.
    static func solveWrappingLabels(root: UIView, fitting: (target: CGSize, priorities: (UILayoutPriority, UILayoutPriority))?)
        -> LayoutSolve
    {
        var solve = LayoutSolve(root: root, fitting: fitting)
        for _ in 0..<3 {
            var changed = false
            for (view, frame) in solve.viewFrames {
                guard let label = view as? UILabel, label.numberOfLines != 1, label.preferredMaxLayoutWidth == 0,
                    !label.translatesAutoresizingMaskIntoConstraints || label === root, label.automaticMaxLayoutWidth != frame.width
                else { continue }
                label.automaticMaxLayoutWidth = frame.width
                label.layoutState.intrinsicSize = nil
                changed = true
            }
            guard changed else { break }
            solve = LayoutSolve(root: root, fitting: fitting)
        }
        return solve
    }

    /// In `view`'s layout pass, before its `layoutSubviews`: sets each subview that Auto Layout
    /// positions to its solved frame (solving again first if constraints changed since).
    static func applySolvedFrames(toSubviewsOf view: UIView) {
        let root = root(of: view)
        guard var solve = root.layoutState.lastSolve else { return }
        // Constraints changed, or the view was resized by its superview's pass since the solve.
        if solve.revision != revision || solve.frame(of: view)?.size != view.bounds.size {
            prepareLayout(from: view)
            guard let again = root.layoutState.lastSolve else { return }
            solve = again
        }
        for subview in view.subviews where !subview.translatesAutoresizingMaskIntoConstraints {
            guard let frame = solve.frame(of: subview), subview.layoutFrame != frame else { continue }
            subview.layoutFrame = frame
        }
    }

    /// `systemLayoutSizeFitting`: the view's tree solved with its own size free, pulled
    /// towards `target` at the given priorities.
    static func fittingSize(of view: UIView, target: CGSize, priorities: (UILayoutPriority, UILayoutPriority)) -> CGSize {
        view.updateConstraintsIfNeeded()
        let solve = solveWrappingLabels(root: view, fitting: (target, priorities))
        return solve.frame(of: view)?.size ?? target
    }

    /// Whether the last layout pass left `view`'s frame open.
    static func hasAmbiguousLayout(_ view: UIView) -> Bool {
        let root = root(of: view)
        if root.layoutState.lastSolve?.revision != revision { prepareLayout(from: root) }
        guard let solve = root.layoutState.lastSolve, !view.translatesAutoresizingMaskIntoConstraints else { return false }
        return solve.isAmbiguous(view)
    }

    /// `view` leaves `parent`: the constraints installed on `parent` or its ancestors that name
    /// `view` or a view inside it are deactivated, as UIKit removes them.
    static func removeConstraints(leaving view: UIView, from parent: UIView) {
        var ancestor: UIView? = parent
        while let current = ancestor {
            for constraint in current.layoutState.installedConstraints {
                let items = [constraint.firstLayoutItem?.layoutView, constraint.secondLayoutItem?.layoutView].compactMap { $0 }
                if items.contains(where: { $0.isDescendant(of: view) }) { constraint.uninstall() }
            }
            ancestor = current.superview
        }
    }

    /// A constraint as UIKit prints it: `UIView:'card'.top == UIView:'root'.top + 120`.
    static func equation(_ constraint: NSLayoutConstraint) -> String {
        let relation = [NSLayoutConstraint.Relation.equal: "==", .lessThanOrEqual: "<=", .greaterThanOrEqual: ">="][constraint.relation]!
        let first = "\(constraint.firstLayoutItem?.layoutName ?? "nil").\(constraint.firstAttribute.name)"
        var rhs = ""
        if let second = constraint.secondLayoutItem {
            rhs =
                (constraint.multiplier == 1 ? "" : "\(number(constraint.multiplier))*")
                + "\(second.layoutName).\(constraint.secondAttribute.name)"
            if constraint.constant != 0 {
                rhs += constraint.constant > 0 ? " + \(number(constraint.constant))" : " - \(number(-constraint.constant))"
            }
        } else {
            rhs = number(constraint.constant)
        }
        let priority = constraint.priority == .required ? "" : " @\(number(CGFloat(constraint.priority.rawValue)))"
        return "\(first) \(relation) \(rhs)\(priority)"
    }

    /// `120`, `0.5`: whole numbers without a fraction, as UIKit prints constants.
    static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(Double(value))"
    }

    /// Reports a constraint the solver refused, as UIKit logs it, once per change of the
    /// constraint: to the recording's warnings and to standard error.
    static func report(refused: String, conflicting: [String]) {
        let message = """
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            (
            \((conflicting + [refused]).map { "    \"\($0)\"" }.joined(separator: ",\n"))
            )

            Will attempt to recover by breaking constraint
            \(refused)
            """
        warn(message)
    }

    /// Conflicts of the solve's own constraints already reported (they have no constraint
    /// object to mark): each distinct report once, however many passes meet it.
    private static var reportedSystemConflicts: Set<String> = []

    /// Reports a conflict of one of the solve's own constraints unless the same was reported.
    static func reportOnce(refused: String, conflicting: [String]) {
        let key = ([refused] + conflicting).joined(separator: "\n")
        guard !reportedSystemConflicts.contains(key) else { return }
        // Bounded: a layout meeting ever new conflicts cannot grow it without limit.
        if reportedSystemConflicts.count >= 1_000 { reportedSystemConflicts = [] }
        reportedSystemConflicts.insert(key)
        report(refused: refused, conflicting: conflicting)
    }

    /// A warning of the app's layout: kept by the recording in progress (`RecordingWarnings`)
    /// and written to standard error, as UIKit logs to the console.
    static func warn(_ message: String) {
        RecordingWarnings.append(message)
        FileHandle.standardError.write(Data(("[LayoutConstraints] " + message + "\n").utf8))
    }
}

extension NSLayoutConstraint.Attribute {
    /// UIKit's name in printed constraints (`top`, `centerX`, `leadingMargin` …).
    var name: String {
        switch self {
        case .left: "left";
        case .right: "right";
        case .top: "top";
        case .bottom: "bottom"
        case .leading: "leading";
        case .trailing: "trailing";
        case .width: "width";
        case .height: "height"
        case .centerX: "centerX";
        case .centerY: "centerY";
        case .lastBaseline: "lastBaseline";
        case .firstBaseline: "firstBaseline"
        case .leftMargin: "leftMargin";
        case .rightMargin: "rightMargin";
        case .topMargin: "topMargin";
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin";
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargins: "centerXWithinMargins";
        case .centerYWithinMargins: "centerYWithinMargins"
        case .notAnAttribute: "notAnAttribute"
        }
    }
    /// Along x (positions and width).
    var isHorizontal: Bool {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin, .trailingMargin,
            .centerXWithinMargins:
            true
        default: false
        }
    }
    /// Leading or trailing (flipped in a right-to-left layout).
    var isDirectional: Bool { [.leading, .trailing, .leadingMargin, .trailingMargin].contains(self) }
}

extension UIView {
    /// The frame Auto Layout reads and sets: `center` and `bounds` size, without the transform
    /// (UIKit's engine ignores transforms too).
    var layoutFrame: CGRect {
        get {
            let size = bounds.size, anchor = layer.anchorPoint, position = center
            return CGRect(
                x: position.x - anchor.x * size.width, y: position.y - anchor.y * size.height, width: size.width, height: size.height)
        }
        set {
            if bounds.size != newValue.size { bounds.size = newValue.size }
            let anchor = layer.anchorPoint
            let position = CGPoint(x: newValue.minX + anchor.x * newValue.width, y: newValue.minY + anchor.y * newValue.height)
            if center != position { center = position }
        }
    }
}
