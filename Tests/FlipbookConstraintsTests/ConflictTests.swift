import FlipbookConstraints
import XCTest

/// Required constraints that cannot hold: refused, reported with the minimal set they contradict
/// by the caller's names, and every contradictory or cyclic system terminates.
final class ConflictTests: XCTestCase {
    /// Adds `constraint` expecting a refusal; returns the names it contradicts.
    func refusal(
        _ solver: ConstraintSolver<String>, _ constraint: LinearConstraint, id: String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> [String]? {
        do {
            try solver.add(constraint, id: id)
            XCTFail("\(id) was accepted", file: file, line: line)
            return nil
        } catch {
            XCTAssertEqual(error.refused, id, file: file, line: line)
            XCTAssertFalse(solver.contains(id), file: file, line: line)
            return error.conflicting
        }
    }

    func testTwoWidthsConflictAndTheSecondIsRefused() {
        let solver = ConstraintSolver<String>()
        let width = solver.makeVariable(), other = solver.makeVariable()
        solver.require("other", other.expression, .equal, 7)
        solver.require("width = 100", width.expression, .equal, 100)
        XCTAssertEqual(refusal(solver, LinearConstraint(width, .equal, 200), id: "width = 200"), ["width = 100"])
        XCTAssertEqual(solver.value(of: width), 100)
        // The solver goes on as if the refused constraint had never been added.
        solver.remove("width = 100")
        solver.require("width = 300", width.expression, .equal, 300)
        XCTAssertEqual(solver.value(of: width), 300)
    }

    /// Two views in a row: a at 0, 100 wide; b 10 after a, 50 wide; b must end by 150 (it ends at
    /// 160). The report names exactly the four constraints the contradiction needs, not the
    /// unrelated heights or the optional wish.
    func testAChainConflictNamesTheMinimalSet() {
        let solver = ConstraintSolver<String>()
        let a = TestView(solver), b = TestView(solver)
        solver.require("a.height", a.height.expression, .equal, 20)
        solver.require("a.left", a.left.expression, .equal, 0)
        solver.require("a.width", a.width.expression, .equal, 100)
        solver.require("b.wish", b.width.expression, .equal, 80, priority: .defaultHigh)
        solver.require("b.left", b.left.expression, .equal, a.right + 10)
        solver.require("b.width", b.width.expression, .equal, 50)
        solver.require("b.height", b.height.expression, .equal, a.height.expression)
        solver.require("b.right ≤ 400", b.right, .lessThanOrEqual, 400)
        let conflict = refusal(solver, LinearConstraint(b.right, .lessThanOrEqual, LinearExpression(constant: 150)), id: "b.right ≤ 150")
        XCTAssertEqual(conflict, ["a.left", "a.width", "b.left", "b.width"])
        XCTAssertEqual(b.frame(in: solver), [110, 0, 50, 20])
    }

    /// x = y, y = z, z = x + 1: a cycle; and x ≥ 10 with x ≤ 5. Both refused, naming the rest
    /// of the cycle; the solver stays usable.
    func testCyclesAndContradictionsTerminate() {
        let solver = ConstraintSolver<String>()
        let x = solver.makeVariable(), y = solver.makeVariable(), z = solver.makeVariable()
        solver.require("x = y", x.expression, .equal, y.expression)
        solver.require("y = z", y.expression, .equal, z.expression)
        XCTAssertEqual(refusal(solver, LinearConstraint(z.expression, .equal, x + 1), id: "z = x + 1"), ["x = y", "y = z"])
        solver.require("x ≥ 10", x.expression, .greaterThanOrEqual, 10)
        XCTAssertEqual(refusal(solver, LinearConstraint(z, .lessThanOrEqual, 5), id: "z ≤ 5"), ["x = y", "y = z", "x ≥ 10"])
        // Inequalities around a cycle, all consistent but degenerate, then one too many.
        solver.require("y ≥ z", y.expression, .greaterThanOrEqual, z.expression)
        solver.require("z ≥ x", z.expression, .greaterThanOrEqual, x.expression)
        solver.require("x ≥ y", x.expression, .greaterThanOrEqual, y.expression)
        XCTAssertNotNil(refusal(solver, LinearConstraint(x.expression, .greaterThanOrEqual, y + 1), id: "x ≥ y + 1"))
        solver.require("x ≤ 12", x.expression, .lessThanOrEqual, 12)
        XCTAssertEqual(solver.value(of: z), solver.value(of: x))
        XCTAssertGreaterThanOrEqual(solver.value(of: x), 10)
        // A constraint without variables: 0 = 1.
        XCTAssertEqual(
            refusal(solver, LinearConstraint(LinearExpression(constant: 0), .equal, LinearExpression(constant: 1)), id: "0 = 1"), [])
    }

    /// Thirteen variables ordered every way at once (x_i ≥ x_j for all i < j, and x_12 ≥ x_0):
    /// all must be equal, and 79 constraints meet at every solution (as degenerate as a system
    /// gets). Wishes x_i = 10·i at one priority then put them at the median, 60, uniquely.
    func testAHighlyDegenerateSystemTerminatesAtTheHandSolution() {
        let solver = ConstraintSolver<String>()
        let x = (0..<13).map { _ in solver.makeVariable() }
        for index in 0..<13 {
            solver.require("wish \(index)", x[index].expression, .equal, Double(10 * index), priority: ConstraintPriority(500))
        }
        for i in 0..<13 {
            for j in (i + 1)..<13 { solver.require("x\(i) ≥ x\(j)", x[i].expression, .greaterThanOrEqual, x[j].expression) }
        }
        solver.require("x12 ≥ x0", x[12].expression, .greaterThanOrEqual, x[0].expression)
        for variable in x {
            XCTAssertEqual(solver.value(of: variable), 60, accuracy: 1e-9)
            XCTAssertFalse(solver.isAmbiguous(variable))
        }
        XCTAssertNotNil(refusal(solver, LinearConstraint(x[5].expression, .greaterThanOrEqual, x[7] + 1), id: "x5 ≥ x7 + 1"))
    }

    /// A constant change that would break a required constraint is refused and undone.
    func testAConstantChangeThatConflictsIsRefused() throws {
        let solver = ConstraintSolver<String>()
        let top = solver.makeVariable(), height = solver.makeVariable()
        solver.require("top", top.expression, .equal, 100)
        solver.require("height ≥ 20", height.expression, .greaterThanOrEqual, 20)
        solver.require("bottom", top + height, .equal, 300)
        solver.require("unrelated", height.expression, .lessThanOrEqual, 1000)
        XCTAssertEqual(solver.value(of: height), 200)
        do {
            try solver.updateConstant(of: "top", to: 290)
            XCTFail("accepted a top that leaves a 10-point height")
        } catch {
            XCTAssertEqual(error.refused, "top")
            XCTAssertEqual(error.conflicting, ["height ≥ 20", "bottom"])
        }
        XCTAssertEqual(solver.value(of: top), 100)
        XCTAssertEqual(solver.value(of: height), 200)
        try solver.updateConstant(of: "top", to: 250)
        XCTAssertEqual(solver.value(of: height), 50)
        // Redundant equalities: changing one of two equal pins conflicts with the other.
        solver.require("top again", top.expression, .equal, 250)
        do {
            try solver.updateConstant(of: "top again", to: 240)
            XCTFail("accepted two different tops")
        } catch {
            XCTAssertEqual(error.conflicting, ["top"])
        }
        XCTAssertEqual(solver.value(of: top), 250)
    }

    /// The same operations give the same values bit for bit (a fresh solver each time; Swift's
    /// hashing is seeded per process, so nothing may depend on a dictionary's order).
    func testResultsAreDeterministic() {
        func run() -> [UInt64] {
            let solver = ConstraintSolver<String>()
            let views = (0..<6).map { _ in TestView(solver) }
            for (index, view) in views.enumerated() {
                solver.require("w\(index)", view.width.expression, .equal, 100, priority: ConstraintPriority(500))
                solver.require("l\(index)", view.left.expression, .greaterThanOrEqual, 0)
                if index > 0 { solver.require("s\(index)", view.left.expression, .equal, views[index - 1].right + 7) }
            }
            solver.require("end", views[5].right, .lessThanOrEqual, 333)
            solver.require("pull", views[2].width.expression, .equal, 10, priority: ConstraintPriority(500))
            return views.flatMap { [$0.left, $0.width].map { solver.value(of: $0).bitPattern } }
        }
        let first = run()
        for _ in 0..<5 { XCTAssertEqual(run(), first) }
    }
}
