// The simplex steps over the tableau: the primal simplex on the lexicographic objective (after a
// constraint is added or removed), phase one on an auxiliary objective (a constraint no symbol
// can absorb), and the dual simplex (after constants change: an edit, an animated constant).
//
// Anti-cycling: a primal pivot enters the improving symbol that appears in the fewest rows (the
// cost of a pivot is the rows it rewrites: a layout's local slacks are cheap, a window edit's
// error symbols are in every row), ties to the lowest-numbered; after a run of degenerate pivots
// (ones that move nothing) it switches to Bland's rule — the lowest-numbered improving symbol —
// until a pivot moves the solution again. Ties in a ratio test always go to the lowest-numbered
// basic symbol, and the dual simplex follows Bland's rule throughout. A cycle can only consist of
// degenerate pivots, and Bland's rule cannot cycle, so every loop ends on degenerate and
// contradictory systems alike; the pivot limit below is only a net against rounding making the
// rule's comparisons inconsistent.

extension Tableau {
    /// At most this many pivots per optimisation (far above what Bland's rule needs; if ever
    /// reached, the tableau stays feasible but possibly not optimal).
    var pivotLimit: Int { 64 * (rows.count + kinds.count) + 1024 }

    /// Minimises the lexicographic objective from a feasible tableau. `candidates` are the
    /// symbols whose objective coefficients may have become negative since the tableau was last
    /// optimal (nil: every symbol in the objective).
    mutating func optimize(candidates: [Int]?) {
        var pending = improving(candidates ?? objectiveSymbols())
        var rule = EnteringRule()
        for _ in 0..<pivotLimit {
            guard let entering = rule.choose(among: pending, in: self), let slot = primalLeavingSlot(for: entering) else { return }
            let touched = rows[slot].terms.map(\.symbol) + [basicSymbol[slot]]
            rule.note(pivotMoves: rows[slot].constant > Row.nearZero)
            pivot(entering: entering, slot: slot)
            // Only the pivot row's symbols change coefficients in a pivot, so every improving
            // symbol is among the earlier ones and those.
            pending = improving(pending + touched)
        }
    }

    /// The primal simplex's choice of entering symbol (see the top of this file).
    struct EnteringRule {
        /// Degenerate pivots in a row before Bland's rule takes over: enough for the brief
        /// degenerate stretches of a layout (a pivot at a corner many constraints share),
        /// few enough that a cycle, were one to start, ends at once.
        static let degenerateRunLimit = 16
        private var degenerateRun = 0

        /// The symbol to enter among `candidates` (ascending, all improving).
        func choose(among candidates: [Int], in tableau: Tableau) -> Int? {
            guard degenerateRun < Self.degenerateRunLimit else { return candidates.first }
            var best: Int?
            for symbol in candidates where best == nil || tableau.columns[symbol].count < tableau.columns[best!].count {
                best = symbol
            }
            return best
        }

        /// Records whether the pivot about to be made moves the solution (leaves a row at a
        /// positive value) or is degenerate.
        mutating func note(pivotMoves: Bool) {
            degenerateRun = pivotMoves ? 0 : degenerateRun + 1
        }
    }

    /// The symbols of `symbols` that are improving, ascending, each once.
    private func improving(_ symbols: [Int]) -> [Int] {
        var result: [Int] = []
        for symbol in symbols where isImproving(symbol) { result.append(symbol) }
        return Self.sortedUnique(result)
    }

    /// Whether raising the non-basic `symbol` from 0 lowers the lexicographic objective.
    func isImproving(_ symbol: Int) -> Bool {
        (kinds[symbol] == .slack || kinds[symbol] == .error) && basicSlot[symbol] < 0 && reducedCostSign(of: symbol) == .negative
    }

    /// The row that stops `entering` first as it rises from 0 (the ratio test over restricted
    /// rows; ties to the lowest-numbered basic symbol); nil if nothing stops it.
    func primalLeavingSlot(for entering: Int) -> Int? {
        var best = -1, bestRatio = 0.0
        for slot in columns[entering] {
            let basic = basicSymbol[slot]
            guard basic >= 0, kinds[basic].isPivotable else { continue }
            let coefficient = rows[slot].coefficient(of: entering)
            guard coefficient < -Row.nearZero else { continue }
            let ratio = max(0, rows[slot].constant) / -coefficient
            if best < 0 || ratio < bestRatio - Row.nearZero
                || (ratio <= bestRatio + Row.nearZero && basic < basicSymbol[best])
            {
                best = slot
                bestRatio = ratio
            }
        }
        return best < 0 ? nil : best
    }

    /// Phase one: minimises `auxiliary` (one objective, above every priority). Returns false if
    /// it is unbounded below.
    mutating func minimizeAuxiliary() -> Bool {
        var rule = EnteringRule()
        for _ in 0..<pivotLimit {
            var candidates: [Int] = []
            for term in auxiliary?.terms ?? [] where term.coefficient < -Row.nearZero && kinds[term.symbol].isPivotable {
                candidates.append(term.symbol)
            }
            guard let entering = rule.choose(among: candidates, in: self) else { return true }
            guard let slot = primalLeavingSlot(for: entering) else { return false }
            rule.note(pivotMoves: rows[slot].constant > Row.nearZero)
            pivot(entering: entering, slot: slot)
        }
        return true
    }

    /// The dual simplex: makes the rows negative after a change of constants (among `changed`,
    /// slots) feasible again while the objective stays optimal. Returns the slot of a row that
    /// no pivot can make feasible (the constraints contradict each other), or nil.
    mutating func dualOptimize(changed: [Int]) -> Int? {
        var pending = changed
        for _ in 0..<pivotLimit {
            var infeasible: [Int] = []
            for slot in Self.sortedUnique(pending) where isInfeasible(slot: slot) { infeasible.append(slot) }
            pending = infeasible
            // Bland's rule for the dual: the infeasible row with the lowest-numbered basic symbol.
            guard let slot = pending.min(by: { basicSymbol[$0] < basicSymbol[$1] }) else { return nil }
            guard let entering = dualEnteringSymbol(slot: slot) else { return slot }
            pending += columns[entering]
            pivot(entering: entering, slot: slot)
        }
        return nil
    }

    /// Whether the row in `slot` has a restricted basic symbol below 0.
    func isInfeasible(slot: Int) -> Bool {
        let basic = basicSymbol[slot]
        return basic >= 0 && kinds[basic].isPivotable && rows[slot].constant < -Row.nearZero
    }

    /// Every slot whose row is infeasible.
    func infeasibleSlots() -> [Int] {
        var slots: [Int] = []
        for slot in rows.indices where isInfeasible(slot: slot) { slots.append(slot) }
        return slots
    }

    /// The dual ratio test: among the symbols that raise the row in `slot`, the one whose
    /// objective coefficients over its row coefficient are lexicographically least (ties to
    /// the lowest-numbered symbol, the order the terms are in).
    private func dualEnteringSymbol(slot: Int) -> Int? {
        var best = -1, bestCoefficient = 0.0
        for term in rows[slot].terms where term.coefficient > Row.nearZero && (kinds[term.symbol] == .slack || kinds[term.symbol] == .error)
        {
            if best < 0 || objectiveRatio(term.symbol, over: term.coefficient, isLessThan: best, over: bestCoefficient) {
                best = term.symbol
                bestCoefficient = term.coefficient
            }
        }
        return best < 0 ? nil : best
    }

    /// The row to pivot a removed constraint's non-basic marker into, keeping every restricted
    /// row feasible: a redundant equality's row holding it, else the restricted row that bounds
    /// the marker first as it falls (or, if none, as it rises), else a caller variable's row.
    func markerLeavingSlot(for marker: Int) -> Int? {
        var redundant = -1, falling = -1, rising = -1, external = -1
        var fallingRatio = 0.0, risingRatio = 0.0
        for slot in column(of: marker) {
            let basic = basicSymbol[slot], coefficient = rows[slot].coefficient(of: marker)
            switch kinds[basic] {
            case .dummy:
                if redundant < 0 || basic < basicSymbol[redundant] { redundant = slot }
            case .external:
                if external < 0 || basic < basicSymbol[external] { external = slot }
            case .slack, .error, .artificial:
                let ratio = max(0, rows[slot].constant) / abs(coefficient)
                if coefficient < 0 {
                    if falling < 0 || ratio < fallingRatio || (ratio == fallingRatio && basic < basicSymbol[falling]) {
                        falling = slot
                        fallingRatio = ratio
                    }
                } else if rising < 0 || ratio < risingRatio || (ratio == risingRatio && basic < basicSymbol[rising]) {
                    rising = slot
                    risingRatio = ratio
                }
            }
        }
        return [redundant, falling, rising, external].first { $0 >= 0 }
    }

    static func sortedUnique(_ symbols: [Int]) -> [Int] {
        var unique: [Int] = []
        for symbol in symbols.sorted() where unique.last != symbol { unique.append(symbol) }
        return unique
    }
}
