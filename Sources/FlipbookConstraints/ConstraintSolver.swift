import Foundation

/// A required constraint that cannot hold together with the required constraints already in the
/// solver (UIKit logs this as "Unable to simultaneously satisfy constraints").
package enum ConstraintConflict<ConstraintID: Hashable & Sendable>: Error, LocalizedError {
    /// `refused` (being added, or given a new constant) contradicts `conflicting`: the required
    /// constraints that, with it, cannot all hold — a minimal such set (dropping any one of them
    /// resolves the contradiction) when it has at most 200 members, in the order they were added.
    /// The solver is left without `refused` (or with its old constant).
    case unsatisfiable(refused: ConstraintID, conflicting: [ConstraintID])

    /// The constraint that was refused (UIKit's "will attempt to recover by breaking").
    package var refused: ConstraintID {
        switch self {
        case let .unsatisfiable(refused, _): refused
        }
    }

    /// The constraints it contradicts, in the order they were added.
    package var conflicting: [ConstraintID] {
        switch self {
        case let .unsatisfiable(_, conflicting): conflicting
        }
    }

    package var errorDescription: String? {
        "Unable to simultaneously satisfy constraints: \(refused) contradicts "
            + conflicting.map { "\($0)" }.joined(separator: ", ") + "; \(refused) was refused"
    }
}

/// An incremental Cassowary solver for Auto Layout: required constraints hold exactly; optional
/// ones are violated as little as possible, priority by priority (lexicographically: no amount of
/// a lower priority's violation buys any of a higher one's). Constraints are added, removed and
/// given new constants one at a time, each re-solving from the previous solution; an edit
/// variable's suggested value or a constant change re-solves with the dual simplex, without
/// rebuilding anything (what an animation of constraint constants needs).
///
/// Callers name constraints by their own `ConstraintID` (FlipbookUIKit: its constraint objects);
/// conflicts are reported with those identities.
///
/// Deterministic: the same operations in the same order give the same values, bit for bit, in
/// every run. When several solutions are equally good (equal optional priorities pulling different
/// ways, or too few constraints), the one returned is the first optimum the simplex reaches from
/// the previous solution, and every choice on the way depends only on the tableau: symbols are
/// numbered as they are made (variables in `makeVariable` order, then each constraint's symbols
/// as constraints are added), a pivot enters the improving symbol found in the fewest rows, ties
/// to the lowest-numbered (Bland's rule alone after a run of pivots that move nothing), and ratio
/// ties go to the lowest-numbered row. Nothing depends on hashing, addresses or time. Typically the
/// constraint added earlier stays satisfied and the later one gives way. `isAmbiguous` tells
/// whether a variable was decided by such a tie.
package final class ConstraintSolver<ConstraintID: Hashable & Sendable> {
    private var engine = ConstraintEngine()
    private var recordOf: [ConstraintID: Int] = [:]
    /// Per engine record: the caller's identity and constraint (nil for an edit variable's).
    private var entries: [(id: ConstraintID, constraint: LinearConstraint)?] = []
    /// The engine record of each edit variable's constraint.
    private var editRecord: [ConstraintVariable: Int] = [:]

    package init() {}

    /// A new variable (value 0 until constrained).
    package func makeVariable() -> ConstraintVariable {
        ConstraintVariable(symbol: engine.makeVariable())
    }

    /// Adds `constraint` under `id` (which must not be in the solver) and re-solves. A required
    /// constraint that contradicts the required ones present is refused: the solver stays without
    /// it and the conflict is thrown. Optional constraints are never refused.
    package func add(_ constraint: LinearConstraint, id: ConstraintID) throws(ConstraintConflict<ConstraintID>) {
        precondition(recordOf[id] == nil, "constraint \(id) is already in the solver")
        let record: Int
        do {
            record = try engine.add(definition(of: constraint))
        } catch {
            throw .unsatisfiable(refused: id, conflicting: error.others.map { entries[$0]!.id })
        }
        store((id, constraint), at: record)
        recordOf[id] = record
    }

    /// Removes the constraint `id` (which must be in the solver) and re-solves.
    package func remove(_ id: ConstraintID) {
        guard let record = recordOf.removeValue(forKey: id) else { preconditionFailure("constraint \(id) is not in the solver") }
        engine.remove(record)
        entries[record] = nil
    }

    /// Whether the constraint `id` is in the solver.
    package func contains(_ id: ConstraintID) -> Bool { recordOf[id] != nil }

    /// Sets the constant of the right-hand side of the constraint `id` (UIKit's `constant` in
    /// `first = multiplier × second + constant`) and re-solves with the dual simplex. If a required
    /// constraint can then not hold, the constant stays as it was and the conflict is thrown.
    package func updateConstant(of id: ConstraintID, to constant: Double) throws(ConstraintConflict<ConstraintID>) {
        guard let record = recordOf[id], var constraint = entries[record]?.constraint else {
            preconditionFailure("constraint \(id) is not in the solver")
        }
        constraint.rhs.constant = constant
        do {
            try engine.setConstant(record, to: definition(of: constraint).constant)
        } catch {
            throw .unsatisfiable(refused: id, conflicting: error.others.map { entries[$0]!.id })
        }
        entries[record]?.constraint = constraint
    }

    /// Makes `variable` editable at an optional `priority` (UIKit's edits are below required): a
    /// constraint `variable == its current value` whose value `suggestValue` then moves.
    package func addEditVariable(_ variable: ConstraintVariable, priority: ConstraintPriority) {
        precondition(!priority.isRequired, "an edit variable's priority is optional")
        precondition(editRecord[variable] == nil, "the variable is already an edit variable")
        let constraint = LinearConstraint(variable, .equal, value(of: variable), priority: priority)
        // An optional constraint is never refused.
        guard let record = try? engine.add(definition(of: constraint)) else { preconditionFailure("an optional constraint was refused") }
        store(nil, at: record)
        editRecord[variable] = record
    }

    /// Stops editing `variable` (its edit constraint goes).
    package func removeEditVariable(_ variable: ConstraintVariable) {
        guard let record = editRecord.removeValue(forKey: variable) else { preconditionFailure("not an edit variable") }
        engine.remove(record)
    }

    /// Moves an edit variable towards `value` (as far as its priority allows) and re-solves with
    /// the dual simplex: the cheap re-solve of a layout whose one input changes.
    package func suggestValue(_ value: Double, for variable: ConstraintVariable) {
        guard let record = editRecord[variable] else {
            preconditionFailure("suggesting a value for a variable that is not an edit variable")
        }
        // `variable - value = 0`: only optional constraints' errors absorb the change, so the dual
        // simplex always finds a solution.
        try? engine.setConstant(record, to: -value)
    }

    /// The variable's value in the current solution (0 if it is in no constraint).
    package func value(of variable: ConstraintVariable) -> Double { engine.value(of: variable.symbol) }

    /// Whether the constraints leave `variable` undetermined: another solution satisfies every
    /// required constraint, violates the optional ones no more (priority by priority) and gives it
    /// a different value. A variable in no constraint is ambiguous. Costs at most a few short
    /// simplex runs on a copy of the tableau; the solver's state is untouched.
    package func isAmbiguous(_ variable: ConstraintVariable) -> Bool { engine.isAmbiguous(variable.symbol) }

    /// The engine's form of `constraint`: `lhs - rhs` (turned around for `≤`) against 0.
    private func definition(of constraint: LinearConstraint) -> ConstraintDefinition {
        let normalized = constraint.normalized
        for term in normalized.terms {
            precondition(
                term.symbol < engine.tableau.symbolCount && engine.tableau.kinds[term.symbol] == .external,
                "a constraint names a variable of another solver")
        }
        return ConstraintDefinition(
            terms: normalized.terms, constant: normalized.constant, isEquality: normalized.isEquality,
            priority: constraint.priority.rawValue)
    }

    private func store(_ entry: (id: ConstraintID, constraint: LinearConstraint)?, at record: Int) {
        while entries.count <= record { entries.append(nil) }
        entries[record] = entry
    }
}
