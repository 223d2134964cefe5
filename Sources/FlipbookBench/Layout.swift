// Auto Layout solver benchmarks (`scripts/bench layout`): a screen-shaped layout of ~1,000
// views and ~4,200 constraints solved from scratch, then re-solved after an edit (the root's
// width, as on rotation) and after one constraint's constant changes (as in an animation), and
// every variable asked whether it is ambiguous (UIKit's `hasAmbiguousLayout` for every view).
import FlipbookConstraints

/// A scrolling screen: a root 375 wide, 10 sections stacked vertically, each 9 rows stacked
/// inside it, each row 10 cells side by side (1,001 views). Pins to the parent's edges with
/// margins, chains of tops and lefts with spacing, equal widths, centring, a multiplier, bounds
/// (inequalities) and a few optional priorities (row heights at 750, section heights at 250).
struct ScreenLayout {
    struct View { let left, top, width, height: ConstraintVariable }
    var views: [View] = []
    var constraints: [LinearConstraint] = []
    /// The root's width, an edit variable.
    var rootWidth: ConstraintVariable { views[0].width }
    /// The index in `constraints` of one row's optional height.
    var animatedRowHeight = -1

    init(solver: ConstraintSolver<Int>) {
        let root = makeView(solver)
        constraints += [
            LinearConstraint(root.left, .equal, 0), LinearConstraint(root.top, .equal, 0),
            LinearConstraint(root.height, .greaterThanOrEqual, 812), LinearConstraint(root.height, .equal, 0, priority: .defaultLow)
        ]
        var previousSection: View?
        for _ in 0..<10 {
            let section = makeView(solver)
            pin(section, inside: root, margin: 16, below: previousSection, spacing: 12)
            var previousRow: View?
            for row in 0..<9 {
                let rowView = makeView(solver)
                pin(rowView, inside: section, margin: 8, below: previousRow, spacing: 4)
                if row == 4 && animatedRowHeight < 0 { animatedRowHeight = constraints.count }
                constraints += [
                    LinearConstraint(rowView.height, .equal, 36, priority: .defaultHigh),
                    LinearConstraint(rowView.height, .greaterThanOrEqual, 30)
                ]
                addCells(to: rowView, solver: solver)
                previousRow = rowView
            }
            constraints += [
                LinearConstraint(section.top + section.height, .equal, previousRow!.top + previousRow!.height + 8),
                LinearConstraint(section.height, .equal, 400, priority: .defaultLow)
            ]
            previousSection = section
        }
    }

    private mutating func makeView(_ solver: ConstraintSolver<Int>) -> View {
        let made = View(
            left: solver.makeVariable(), top: solver.makeVariable(), width: solver.makeVariable(), height: solver.makeVariable())
        views.append(made)
        return made
    }

    private mutating func pin(_ child: View, inside parent: View, margin: Double, below previous: View?, spacing: Double) {
        constraints += [
            LinearConstraint(child.left, .equal, parent.left + margin),
            LinearConstraint(child.left + child.width, .equal, parent.left + parent.width - margin),
            LinearConstraint(child.top, .equal, previous.map { $0.top + $0.height + spacing } ?? parent.top + margin)
        ]
    }

    private mutating func addCells(to row: View, solver: ConstraintSolver<Int>) {
        var first: View?, previous: View?
        for index in 0..<10 {
            let cell = makeView(solver)
            constraints.append(LinearConstraint(cell.left, .equal, previous.map { $0.left + $0.width + 4 } ?? row.left + 4))
            constraints.append(LinearConstraint(cell.top + 0.5 * cell.height, .equal, row.top + 0.5 * row.height))
            constraints.append(
                index % 2 == 0
                    ? LinearConstraint(cell.height, .equal, 24)
                    : LinearConstraint(cell.height, .equal, 0.75 * row.height))
            if let first {
                constraints.append(LinearConstraint(cell.width, .equal, first.width.expression))
            } else {
                constraints.append(LinearConstraint(cell.width, .greaterThanOrEqual, 20))
                first = cell
            }
            previous = cell
        }
        constraints.append(LinearConstraint(previous!.left + previous!.width, .equal, row.left + row.width - 4))
    }
}

func layoutBenchmarks() {
    let layout = ScreenLayout(solver: ConstraintSolver<Int>())
    let variableCount = layout.views.count * 4
    func solve() -> ConstraintSolver<Int> {
        let solver = ConstraintSolver<Int>()
        for _ in 0..<variableCount { _ = solver.makeVariable() }
        // The window's size comes first, as UIKit sets the root view's frame before laying out.
        solver.addEditVariable(layout.rootWidth, priority: ConstraintPriority(999))
        solver.suggestValue(375, for: layout.rootWidth)
        for (index, constraint) in layout.constraints.enumerated() {
            do { try solver.add(constraint, id: index) } catch { fatalError("the benchmark layout conflicts: \(error)") }
        }
        return solver
    }
    var checksum = 0.0
    func readFrames(_ solver: ConstraintSolver<Int>) {
        for view in layout.views { checksum += solver.value(of: view.left) + solver.value(of: view.width) + solver.value(of: view.top) }
    }
    print("layout: \(layout.views.count) views, \(layout.constraints.count) constraints (+ the root width's edit), CPU time")
    let scratch = medianSeconds(runs: 9) { readFrames(solve()) }
    let solver = solve()
    var width = 375.0
    let edit = medianSeconds(runs: 41) {
        width = width == 375 ? 414 : 375
        solver.suggestValue(width, for: layout.rootWidth)
        readFrames(solver)
    }
    var height = 36.0
    let constant = medianSeconds(runs: 41) {
        height = height == 36 ? 60 : 36
        try? solver.updateConstant(of: layout.animatedRowHeight, to: height)
        readFrames(solver)
    }
    var ambiguous = 0
    let ambiguity = medianSeconds(runs: 5) {
        ambiguous = layout.views.flatMap { [$0.left, $0.top, $0.width, $0.height] }.filter(solver.isAmbiguous).count
    }
    let cellWidth = (solver.value(of: layout.rootWidth) - 2 * 16 - 2 * 8 - 4 * 11) / 10
    print(pad("layout: solve from scratch", 44) + pad(fixed(scratch * 1e3, decimals: 2), 10, left: true) + " ms")
    print(
        pad("layout: edit re-solve (root width)", 44) + pad(fixed(edit * 1e3, decimals: 3), 10, left: true) + " ms"
            + "   (1/\(fixed(scratch / edit, decimals: 0)) of from scratch)")
    print(
        pad("layout: constant change (one row's height)", 44) + pad(fixed(constant * 1e3, decimals: 3), 10, left: true) + " ms"
            + "   (1/\(fixed(scratch / constant, decimals: 0)) of from scratch)")
    print(
        pad("layout: isAmbiguous, every variable", 44) + pad(fixed(ambiguity * 1e3, decimals: 2), 10, left: true) + " ms"
            + "   (\(ambiguous) ambiguous)")
    print(
        "layout: cell width \(fixed(solver.value(of: layout.views[3].width), decimals: 3)) pt (by hand \(fixed(cellWidth, decimals: 3))), checksum \(fixed(checksum, decimals: 0))"
    )
}
