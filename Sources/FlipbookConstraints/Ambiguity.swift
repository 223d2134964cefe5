// Which variables the constraints leave undetermined (UIKit's `hasAmbiguousLayout`). The optimal
// solutions form a face of the feasible region: the non-basic symbols with a positive objective
// coefficient (read lexicographically) must stay 0 on it, those with a zero coefficient may move.
// A variable is ambiguous if it changes along some move that keeps every constraint and the
// objective's value: a caller variable that is free, or a basic one whose row holds a movable
// symbol. A movable symbol that a degenerate row blocks at once may still move together with
// others; then the simplex itself decides, maximising and minimising the variable over the face
// on a copy of the tableau (the solver's own state, and so its later results, stay untouched).

extension ConstraintEngine {
    /// Whether the constraints (required and optional together) leave `variable`'s value open:
    /// another solution satisfies the required constraints and violates the optional ones no more,
    /// priority by priority, with a different value. A variable in no constraint is ambiguous.
    func isAmbiguous(_ variable: Int) -> Bool {
        let slot = tableau.basicSlot[variable]
        // A non-basic caller variable appears only in other caller variables' rows: free.
        guard slot >= 0 else { return true }
        var blocked = false
        for term in tableau.rows[slot].terms {
            switch tableau.kinds[term.symbol] {
            case .dummy, .artificial:
                continue
            case .external:
                return true
            case .slack, .error:
                guard tableau.reducedCostSign(of: term.symbol) == .zero else { continue }
                if tableau.canRise(term.symbol) { return true }
                blocked = true
            }
        }
        guard blocked else { return false }
        var probe = tableau
        if probe.canMove(variable, up: true) { return true }
        probe = tableau
        return probe.canMove(variable, up: false)
    }
}

extension Tableau {
    /// Whether the non-basic `symbol` can rise from 0 without a restricted row at 0 falling
    /// below it.
    func canRise(_ symbol: Int) -> Bool {
        for slot in columns[symbol] where basicSymbol[slot] >= 0 && kinds[basicSymbol[slot]].isPivotable {
            if rows[slot].constant <= Row.nearZero && rows[slot].coefficient(of: symbol) < -Row.nearZero { return false }
        }
        return true
    }

    /// Whether the basic caller `variable` can rise (`up`) or fall while the constraints hold and
    /// the objective keeps its value: the simplex pushes it that way pivoting only on symbols
    /// with zero objective coefficients, and answers at the first step that moves it. Bland's
    /// rule bounds the degenerate steps before it. Changes the tableau: run it on a copy.
    mutating func canMove(_ variable: Int, up: Bool) -> Bool {
        var objective = rows[basicSlot[variable]]
        objective.constant = 0
        // Minimising -variable raises it.
        if up { objective.negate() }
        auxiliary = objective
        for _ in 0..<pivotLimit {
            guard
                let entering = auxiliary?.terms.first(where: {
                    $0.coefficient < -Row.nearZero && (kinds[$0.symbol] == .slack || kinds[$0.symbol] == .error)
                        && reducedCostSign(of: $0.symbol) == .zero
                })?.symbol
            else { return false }
            guard let slot = primalLeavingSlot(for: entering) else { return true }
            if rows[slot].constant > Row.nearZero { return true }
            pivot(entering: entering, slot: slot)
        }
        return false
    }
}
