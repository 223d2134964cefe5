import FlipbookConstraints
import XCTest

/// A view's frame as four variables, with its edges and centre as expressions, as FlipbookUIKit
/// will make them.
struct TestView {
    let left, top, width, height: ConstraintVariable

    init(_ solver: ConstraintSolver<String>) {
        left = solver.makeVariable()
        top = solver.makeVariable()
        width = solver.makeVariable()
        height = solver.makeVariable()
    }

    var right: LinearExpression { left + width }
    var bottom: LinearExpression { top + height }
    var centerX: LinearExpression { left + 0.5 * width }
    var centerY: LinearExpression { top + 0.5 * height }

    func frame(in solver: ConstraintSolver<String>) -> [Double] {
        [left, top, width, height].map(solver.value(of:))
    }
}

extension ConstraintSolver<String> {
    /// Adds a constraint that must not conflict.
    func require(
        _ id: String, _ lhs: LinearExpression, _ relation: ConstraintRelation, _ rhs: LinearExpression,
        priority: ConstraintPriority = .required, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertNoThrow(try add(LinearConstraint(lhs, relation, rhs, priority: priority), id: id), file: file, line: line)
    }

    func require(
        _ id: String, _ lhs: LinearExpression, _ relation: ConstraintRelation, _ constant: Double,
        priority: ConstraintPriority = .required, file: StaticString = #filePath, line: UInt = #line
    ) {
        require(id, lhs, relation, LinearExpression(constant: constant), priority: priority, file: file, line: line)
    }
}

/// Layouts whose frames are worked out by hand in each test's comment.
final class HandComputedLayoutTests: XCTestCase {
    /// A 375-point screen with 16-point margins and three views 8 points apart, equal widths:
    /// 3w + 2·8 = 375 - 2·16 → w = 327/3 = 109; lefts 16, 16 + w + 8 = 133, 16 + 2w + 16 = 250.
    func testThreeEqualWidthViewsInARowWithSpacing() {
        let solver = ConstraintSolver<String>()
        let views = (0..<3).map { _ in TestView(solver) }
        solver.require("first.left", views[0].left.expression, .equal, 16)
        solver.require("second.left", views[1].left.expression, .equal, views[0].right + 8)
        solver.require("third.left", views[2].left.expression, .equal, views[1].right + 8)
        solver.require("third.right", views[2].right, .equal, 375 - 16)
        solver.require("second.width", views[1].width.expression, .equal, views[0].width.expression)
        solver.require("third.width", views[2].width.expression, .equal, views[1].width.expression)
        for (index, view) in views.enumerated() {
            solver.require("top \(index)", view.top.expression, .equal, 100)
            solver.require("height \(index)", view.height.expression, .equal, 44)
        }
        XCTAssertEqual(views[0].frame(in: solver), [16, 100, 109, 44])
        XCTAssertEqual(views[1].frame(in: solver), [133, 100, 109, 44])
        XCTAssertEqual(views[2].frame(in: solver), [250, 100, 109, 44])
        for view in views {
            for variable in [view.left, view.top, view.width, view.height] { XCTAssertFalse(solver.isAmbiguous(variable)) }
        }
    }

    /// A 100×40 view centred in a 375×667 container at (0, 0): left (375 - 100)/2 = 137.5,
    /// top (667 - 40)/2 = 313.5.
    func testCentring() {
        let solver = ConstraintSolver<String>()
        let container = TestView(solver), child = TestView(solver)
        solver.require("container.left", container.left.expression, .equal, 0)
        solver.require("container.top", container.top.expression, .equal, 0)
        solver.require("container.width", container.width.expression, .equal, 375)
        solver.require("container.height", container.height.expression, .equal, 667)
        solver.require("child.width", child.width.expression, .equal, 100)
        solver.require("child.height", child.height.expression, .equal, 40)
        solver.require("child.centerX", child.centerX, .equal, container.centerX)
        solver.require("child.centerY", child.centerY, .equal, container.centerY)
        XCTAssertEqual(child.frame(in: solver), [137.5, 313.5, 100, 40])
    }

    /// A label that would like to be 300 wide (750) but must fit 200 (required), and a button
    /// that would like to be 20 wide (250) but must be at least 44: 200 and 44.
    func testInequalitiesWithPriorities() {
        let solver = ConstraintSolver<String>()
        let label = solver.makeVariable(), button = solver.makeVariable()
        solver.require("label.max", label.expression, .lessThanOrEqual, 200)
        solver.require("label.wish", label.expression, .equal, 300, priority: .defaultHigh)
        solver.require("button.wish", button.expression, .equal, 20, priority: .defaultLow)
        solver.require("button.min", button.expression, .greaterThanOrEqual, 44)
        XCTAssertEqual(solver.value(of: label), 200)
        XCTAssertEqual(solver.value(of: button), 44)
        // Both determined: the optional wish picks the end of the allowed range.
        XCTAssertFalse(solver.isAmbiguous(label))
        XCTAssertFalse(solver.isAmbiguous(button))
    }

    /// Priorities order strictly: one 750 wish (x = 100) beats fifty 749 wishes (x = 0), where
    /// weights 750 and 749 in one sum would give 0 (750·100 < 50·749·100).
    func testOneHigherPriorityOutweighsAnyNumberOfLowerOnes() {
        let solver = ConstraintSolver<String>()
        let x = solver.makeVariable()
        for index in 0..<50 { solver.require("low \(index)", x.expression, .equal, 0, priority: ConstraintPriority(749)) }
        solver.require("high", x.expression, .equal, 100, priority: ConstraintPriority(750))
        XCTAssertEqual(solver.value(of: x), 100)
        solver.remove("high")
        XCTAssertEqual(solver.value(of: x), 0)
        // Fractional priorities order too.
        solver.require("higher", x.expression, .greaterThanOrEqual, 30, priority: ConstraintPriority(749.5))
        XCTAssertEqual(solver.value(of: x), 30)
    }

    /// A view pinned to a container's edges with 20-point insets, the container 320×480 at
    /// (10, 20), and an inner view of 1/2 the width (multiplier) and aspect 2:1: frames by hand.
    func testPinsMultipliersAndAspect() {
        let solver = ConstraintSolver<String>()
        let container = TestView(solver), card = TestView(solver), image = TestView(solver)
        solver.require("container.left", container.left.expression, .equal, 10)
        solver.require("container.top", container.top.expression, .equal, 20)
        solver.require("container.width", container.width.expression, .equal, 320)
        solver.require("container.height", container.height.expression, .equal, 480)
        solver.require("card.left", card.left.expression, .equal, container.left + 20)
        solver.require("card.right", card.right, .equal, container.right - 20)
        solver.require("card.top", card.top.expression, .equal, container.top + 20)
        solver.require("card.bottom", card.bottom, .equal, container.bottom - 20)
        solver.require("image.width", image.width.expression, .equal, 0.5 * card.width)
        solver.require("image.aspect", image.height.expression, .equal, 0.5 * image.width)
        solver.require("image.centerX", image.centerX, .equal, card.centerX)
        solver.require("image.top", image.top.expression, .equal, card.top + 8)
        XCTAssertEqual(card.frame(in: solver), [30, 40, 280, 440])
        // width 140, height 70, centred in 30…310: left 170 - 70 = 100.
        XCTAssertEqual(image.frame(in: solver), [100, 48, 140, 70])
    }

    /// Two equal-priority wishes pull one width to 100 and to 200: every width between is as
    /// good. The first added wins, the result does not depend on anything but the order of
    /// operations, and the width is reported ambiguous.
    func testEqualPrioritiesAreResolvedByOrderAndReportedAmbiguous() {
        for (first, second, expected) in [(100.0, 200.0, 100.0), (200, 100, 200)] {
            let solver = ConstraintSolver<String>()
            let width = solver.makeVariable()
            solver.require("first", width.expression, .equal, first, priority: ConstraintPriority(500))
            solver.require("second", width.expression, .equal, second, priority: ConstraintPriority(500))
            XCTAssertEqual(solver.value(of: width), expected)
            XCTAssertTrue(solver.isAmbiguous(width))
        }
    }

    /// UIKit's classic ambiguities: a view with a left but no width; a width only bounded below;
    /// a variable in no constraint. A lower-priority wish or a pin settles each.
    func testAmbiguity() {
        let solver = ConstraintSolver<String>()
        let view = TestView(solver), loose = solver.makeVariable()
        solver.require("left", view.left.expression, .equal, 10)
        solver.require("right", view.right, .greaterThanOrEqual, 60)
        XCTAssertFalse(solver.isAmbiguous(view.left))
        XCTAssertTrue(solver.isAmbiguous(view.width))
        XCTAssertTrue(solver.isAmbiguous(loose))
        solver.require("hug", view.width.expression, .equal, 0, priority: .defaultLow)
        XCTAssertFalse(solver.isAmbiguous(view.width))
        XCTAssertEqual(solver.value(of: view.width), 50)
        // Redundant constraints leave nothing ambiguous; removing the last pin does.
        solver.require("top", view.top.expression, .equal, 5)
        solver.require("top again", view.top.expression, .equal, 5)
        XCTAssertFalse(solver.isAmbiguous(view.top))
        solver.remove("top")
        XCTAssertEqual(solver.value(of: view.top), 5)
        XCTAssertFalse(solver.isAmbiguous(view.top))
        solver.remove("top again")
        XCTAssertTrue(solver.isAmbiguous(view.top))
    }

    /// Degenerate rows: x ≥ y, y ≥ x makes x = y but moving both together is still free
    /// (ambiguous) until one is pinned; z ≥ 0, z ≤ 0 fixes z although its slack looks free until
    /// the simplex tries it.
    func testAmbiguityThroughDegenerateRows() {
        let solver = ConstraintSolver<String>()
        let x = solver.makeVariable(), y = solver.makeVariable(), z = solver.makeVariable()
        solver.require("x ≥ y", x.expression, .greaterThanOrEqual, y.expression)
        solver.require("y ≥ x", y.expression, .greaterThanOrEqual, x.expression)
        solver.require("z ≥ 0", z.expression, .greaterThanOrEqual, 0)
        solver.require("z ≤ 0", z.expression, .lessThanOrEqual, 0)
        XCTAssertTrue(solver.isAmbiguous(x))
        XCTAssertTrue(solver.isAmbiguous(y))
        XCTAssertFalse(solver.isAmbiguous(z))
        solver.require("y = 3", y.expression, .equal, 3)
        XCTAssertEqual(solver.value(of: x), 3)
        XCTAssertFalse(solver.isAmbiguous(x))
        // a ≥ 0, b ≥ 0, a ≤ b: a cannot rise alone (a ≤ b holds with no room at a = b = 0), but
        // both together can, so a is ambiguous; capping b at 0 settles both.
        let a = solver.makeVariable(), b = solver.makeVariable()
        solver.require("a ≥ 0", a.expression, .greaterThanOrEqual, 0)
        solver.require("b ≥ 0", b.expression, .greaterThanOrEqual, 0)
        solver.require("a ≤ b", a.expression, .lessThanOrEqual, b.expression)
        XCTAssertTrue(solver.isAmbiguous(a))
        XCTAssertTrue(solver.isAmbiguous(b))
        solver.require("b ≤ 0", b.expression, .lessThanOrEqual, 0)
        XCTAssertFalse(solver.isAmbiguous(a))
        XCTAssertFalse(solver.isAmbiguous(b))
        XCTAssertEqual([solver.value(of: a), solver.value(of: b)], [0, 0])
    }

    /// A bottom sheet whose top animates: an edit variable moved by `suggestValue`, and a
    /// constraint constant changed, re-solve to the hand values.
    func testEditsAndConstantChanges() throws {
        let solver = ConstraintSolver<String>()
        let sheet = TestView(solver)
        solver.require("left", sheet.left.expression, .equal, 0)
        solver.require("width", sheet.width.expression, .equal, 375)
        solver.require("bottom", sheet.bottom, .equal, 812)
        solver.require("top ≥ 44", sheet.top.expression, .greaterThanOrEqual, 44)
        solver.require("top", sheet.top.expression, .equal, 500, priority: .defaultHigh)
        XCTAssertEqual(sheet.frame(in: solver), [0, 500, 375, 312])
        try solver.updateConstant(of: "top", to: 300)
        XCTAssertEqual(sheet.frame(in: solver), [0, 300, 375, 512])
        try solver.updateConstant(of: "top", to: 10)
        XCTAssertEqual(solver.value(of: sheet.top), 44)
        solver.addEditVariable(sheet.height, priority: ConstraintPriority(999))
        solver.suggestValue(100, for: sheet.height)
        XCTAssertEqual(sheet.frame(in: solver), [0, 712, 375, 100])
        solver.suggestValue(1000, for: sheet.height)
        XCTAssertEqual(sheet.frame(in: solver), [0, 44, 375, 768])
        solver.removeEditVariable(sheet.height)
        XCTAssertEqual(sheet.frame(in: solver), [0, 44, 375, 768])
        try solver.updateConstant(of: "top", to: 600)
        XCTAssertEqual(sheet.frame(in: solver), [0, 600, 375, 212])
    }

    /// Removing constraints gives what a fresh solver gives for the ones left (on systems whose
    /// solution is unique, so that no tie could be broken differently).
    func testRemovalMatchesAFreshSolve() {
        func constraints(_ views: [TestView]) -> [LinearConstraint] {
            var list: [LinearConstraint] = []
            for (offset, view) in views.enumerated() {
                list.append(LinearConstraint(view.left, .equal, Double(offset) * 90, priority: .defaultLow))
                list.append(LinearConstraint(view.width, .equal, 80, priority: .defaultHigh))
                list.append(LinearConstraint(view.width, .greaterThanOrEqual, 30))
                list.append(LinearConstraint(view.top, .equal, Double(offset) * 5))
                list.append(LinearConstraint(view.height, .equal, view.width.expression))
            }
            for (a, b) in zip(views, views.dropFirst()) { list.append(LinearConstraint(b.left.expression, .equal, a.right + 8)) }
            list.append(LinearConstraint(views[3].right, .lessThanOrEqual, LinearExpression(constant: 320)))
            return list
        }
        for removed in [[1], [0, 2, 20], [23, 22, 21], [19, 5, 10], Array(0..<24).filter { $0 % 3 == 0 }] {
            let incremental = ConstraintSolver<String>(), fresh = ConstraintSolver<String>()
            let views = (0..<4).map { _ in TestView(incremental) }, freshViews = (0..<4).map { _ in TestView(fresh) }
            for (index, constraint) in constraints(views).enumerated() { XCTAssertNoThrow(try incremental.add(constraint, id: "\(index)")) }
            for index in removed { incremental.remove("\(index)") }
            for (index, constraint) in constraints(freshViews).enumerated() where !removed.contains(index) {
                XCTAssertNoThrow(try fresh.add(constraint, id: "\(index)"))
            }
            for (view, freshView) in zip(views, freshViews) {
                for (variable, freshVariable) in zip(
                    [view.left, view.top, view.width, view.height],
                    [freshView.left, freshView.top, freshView.width, freshView.height])
                {
                    XCTAssertEqual(incremental.isAmbiguous(variable), fresh.isAmbiguous(freshVariable), "removing \(removed)")
                    if !fresh.isAmbiguous(freshVariable) {
                        XCTAssertEqual(
                            incremental.value(of: variable), fresh.value(of: freshVariable), accuracy: 1e-9, "removing \(removed)")
                    }
                }
            }
        }
    }
}
