// Which constraints a refused one contradicts. When the simplex proves a contradiction it ends
// on a row whose every term can only push one way (the final phase-one row, or a row the dual
// simplex cannot make feasible): that row is a sum of constraints' equations, and the markers in
// it say which ones, each marker belonging to one constraint. Those constraints and the refused
// one cannot all hold. The deletion filter then drops any of them the contradiction does not
// need, so a report names a minimal set, as UIKit's log lists the constraints to look at.

extension ConstraintEngine {
    /// The set is checked for minimality only up to this many constraints (each check solves
    /// the set again: quadratic in its size); a larger one is reported as derived.
    static let minimizedConflictLimit = 200

    /// The required constraints, other than `refused`, whose symbols appear in the contradicting
    /// `row` (or are its `basic` symbol), reduced to a minimal set that still contradicts
    /// `refused`; in the order they were added.
    func conflictingConstraints(row: Row, basic: Int?, refused: Int) -> [Int] {
        var owners: [Int] = []
        for symbol in row.terms.map(\.symbol) + (basic.map { [$0] } ?? []) {
            let owner = tableau.owners[symbol]
            guard owner >= 0, owner != refused, let record = records[owner], record.definition.isRequired else { continue }
            owners.append(owner)
        }
        let candidates = Tableau.sortedUnique(owners).sorted { records[$0]!.sequence < records[$1]!.sequence }
        guard minimizesConflicts, let refusedDefinition = records[refused]?.definition,
            candidates.count <= Self.minimizedConflictLimit
        else { return candidates }
        func contradicts(_ subset: [Int]) -> Bool {
            Self.isContradictory(subset.map { records[$0]!.definition } + [refusedDefinition])
        }
        // Only a set the check confirms is filtered (it always is, but for rounding).
        guard contradicts(candidates) else { return candidates }
        var kept = candidates
        for candidate in candidates {
            let without = kept.filter { $0 != candidate }
            if contradicts(without) { kept = without }
        }
        return kept
    }

    /// Whether these constraints, all taken as required, cannot hold together (solved afresh
    /// in a solver of their own, in the order given).
    static func isContradictory(_ definitions: [ConstraintDefinition]) -> Bool {
        var engine = ConstraintEngine()
        engine.minimizesConflicts = false
        var localSymbol: [Int: Int] = [:]
        for definition in definitions {
            var local = definition
            local.priority = ConstraintPriority.required.rawValue
            local.terms = definition.terms.map { term in
                if let symbol = localSymbol[term.symbol] { return Term(symbol: symbol, coefficient: term.coefficient) }
                let symbol = engine.makeVariable()
                localSymbol[term.symbol] = symbol
                return Term(symbol: symbol, coefficient: term.coefficient)
            }
            do { _ = try engine.add(local) } catch { return true }
        }
        return false
    }
}
