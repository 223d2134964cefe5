// The values a caller builds constraints from: variables, linear expressions, relations and
// priorities. Units are the caller's (FlipbookUIKit uses points); nothing here knows of views.

/// One unknown of a constraint system (in Auto Layout: one edge, centre or size of a view or
/// guide), made by `ConstraintSolver.makeVariable()` and valid only in that solver.
package struct ConstraintVariable: Hashable, Comparable, Sendable {
    /// The tableau symbol that stands for the variable (symbols are numbered from 0 as made).
    package let symbol: Int

    package static func < (lhs: ConstraintVariable, rhs: ConstraintVariable) -> Bool { lhs.symbol < rhs.symbol }
}

/// `constant + Σ coefficient × variable`, in the caller's units (points for a layout).
package struct LinearExpression: Sendable, Equatable {
    /// The terms, in the order written; a variable may appear more than once (the terms add).
    package var terms: [(variable: ConstraintVariable, coefficient: Double)]
    /// The constant part.
    package var constant: Double

    package init(_ terms: [(variable: ConstraintVariable, coefficient: Double)] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// `coefficient × variable`.
    package init(_ variable: ConstraintVariable, times coefficient: Double = 1) {
        self.init([(variable, coefficient)])
    }

    package static func == (lhs: LinearExpression, rhs: LinearExpression) -> Bool {
        lhs.constant == rhs.constant && lhs.terms.count == rhs.terms.count
            && zip(lhs.terms, rhs.terms).allSatisfy { $0.variable == $1.variable && $0.coefficient == $1.coefficient }
    }

    package static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }

    package static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        lhs + (-1) * rhs
    }

    package static func * (factor: Double, expression: LinearExpression) -> LinearExpression {
        LinearExpression(expression.terms.map { ($0.variable, factor * $0.coefficient) }, constant: factor * expression.constant)
    }

    package static func + (lhs: LinearExpression, constant: Double) -> LinearExpression {
        LinearExpression(lhs.terms, constant: lhs.constant + constant)
    }

    package static func - (lhs: LinearExpression, constant: Double) -> LinearExpression {
        lhs + (-constant)
    }
}

extension ConstraintVariable {
    /// The variable as an expression (`1 × self`).
    package var expression: LinearExpression { LinearExpression(self) }

    package static func + (lhs: ConstraintVariable, rhs: Double) -> LinearExpression { lhs.expression + rhs }
    package static func - (lhs: ConstraintVariable, rhs: Double) -> LinearExpression { lhs.expression - rhs }
    package static func + (lhs: ConstraintVariable, rhs: ConstraintVariable) -> LinearExpression { lhs.expression + rhs.expression }
    package static func - (lhs: ConstraintVariable, rhs: ConstraintVariable) -> LinearExpression { lhs.expression - rhs.expression }
    package static func * (factor: Double, variable: ConstraintVariable) -> LinearExpression { LinearExpression(variable, times: factor) }
    package static func + (lhs: ConstraintVariable, rhs: LinearExpression) -> LinearExpression { lhs.expression + rhs }
    package static func - (lhs: ConstraintVariable, rhs: LinearExpression) -> LinearExpression { lhs.expression - rhs }
    package static func + (lhs: LinearExpression, rhs: ConstraintVariable) -> LinearExpression { lhs + rhs.expression }
    package static func - (lhs: LinearExpression, rhs: ConstraintVariable) -> LinearExpression { lhs - rhs.expression }
}

/// How the two sides of a constraint compare.
package enum ConstraintRelation: Sendable, Equatable {
    case equal
    case lessThanOrEqual
    case greaterThanOrEqual
}

/// How much a constraint matters, as UIKit's `UILayoutPriority`: 1000 is required (always
/// satisfied, or refused as a conflict), anything in (0, 1000) is optional.
///
/// Optional priorities order strictly (lexicographically): the solver first minimises the total
/// violation of the highest priority present, then, among those solutions, the next one, and so
/// on. A priority-750 constraint therefore outweighs any number of priority-749 ones, however
/// large their violations, as in UIKit; within one priority every point of violation of every
/// constraint weighs the same.
package struct ConstraintPriority: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// UIKit's value: 1000 required, 999 … 1 optional; fractions are allowed, as in UIKit.
    package let rawValue: Float

    /// Traps unless 0 < `rawValue` ≤ 1000 (UIKit refuses other priorities too).
    package init(_ rawValue: Float) {
        precondition(rawValue > 0 && rawValue <= 1000, "a constraint priority is in (0, 1000], not \(rawValue)")
        self.rawValue = rawValue
    }

    /// 1000: satisfied exactly or refused.
    package static let required = ConstraintPriority(1000)
    /// UIKit's `defaultHigh` (750).
    package static let defaultHigh = ConstraintPriority(750)
    /// UIKit's `defaultLow` (250).
    package static let defaultLow = ConstraintPriority(250)

    /// Whether this is `required`.
    package var isRequired: Bool { rawValue == 1000 }

    package var description: String { isRequired ? "required" : "\(rawValue)" }

    package static func < (lhs: ConstraintPriority, rhs: ConstraintPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// `lhs relation rhs` at a priority, e.g. `button.left == container.left + 8` (required) or
/// `label.width <= 200` at 750.
package struct LinearConstraint: Sendable, Equatable {
    package var lhs: LinearExpression
    package var relation: ConstraintRelation
    package var rhs: LinearExpression
    package var priority: ConstraintPriority

    package init(_ lhs: LinearExpression, _ relation: ConstraintRelation, _ rhs: LinearExpression, priority: ConstraintPriority = .required)
    {
        self.lhs = lhs
        self.relation = relation
        self.rhs = rhs
        self.priority = priority
    }

    package init(
        _ lhs: ConstraintVariable, _ relation: ConstraintRelation, _ rhs: LinearExpression, priority: ConstraintPriority = .required
    ) {
        self.init(lhs.expression, relation, rhs, priority: priority)
    }

    package init(_ lhs: ConstraintVariable, _ relation: ConstraintRelation, _ constant: Double, priority: ConstraintPriority = .required) {
        self.init(lhs.expression, relation, LinearExpression(constant: constant), priority: priority)
    }

    /// The constraint as `expression ≥ 0` or `expression = 0` (a `≤` is turned around): its
    /// terms merged by variable (in variable order, zero sums dropped) and its constant.
    var normalized: (terms: [Term], constant: Double, isEquality: Bool) {
        let sign: Double = relation == .lessThanOrEqual ? -1 : 1
        let difference = sign * (lhs - rhs)
        var terms: [Term] = []
        for (variable, coefficient) in difference.terms.sorted(by: { $0.variable < $1.variable }) {
            if let last = terms.last, last.symbol == variable.symbol {
                terms[terms.count - 1].coefficient += coefficient
            } else {
                terms.append(Term(symbol: variable.symbol, coefficient: coefficient))
            }
        }
        return (terms.filter { abs($0.coefficient) > Row.nearZero }, difference.constant, relation == .equal)
    }
}
