// The simplex tableau: every basic symbol's row in terms of the non-basic ones, a column list per
// symbol (which rows hold it, so a pivot touches only those), and the objective, one row per
// optional priority present (a lexicographic objective, highest priority first).
//
// Invariants, relied on by the solver:
// - every caller variable that appears in a constraint is basic, or appears only in rows whose
//   basic symbol is also a caller variable (never in a restricted row nor in the objective);
// - every restricted basic symbol (slack, error, artificial) has a row constant ≥ 0 (feasible);
// - a basic dummy's row holds only dummies, with constant 0 (a redundant required equality).

/// What a tableau symbol stands for.
enum SymbolKind: UInt8 {
    /// A caller's variable: any sign.
    case external
    /// An inequality's slack: ≥ 0, the constraint's marker.
    case slack
    /// An optional constraint's violation: ≥ 0, weighted in the objective at its priority.
    case error
    /// A required equality's marker: always 0, never enters the basis.
    case dummy
    /// The phase-one helper measuring a new constraint's violation: ≥ 0, lives only while it is added.
    case artificial

    /// Whether the symbol may enter the basis in a pivot (dummies are pinned at 0; caller
    /// variables never appear where a pivot looks).
    var isPivotable: Bool { self == .slack || self == .error || self == .artificial }
}

/// How a row compares in a lexicographic order of objective coefficients.
enum LexicographicSign: Equatable { case negative, zero, positive }

struct Tableau {
    /// Per symbol: its kind, the constraint that owns it (-1 for caller variables), the slot of
    /// its row when basic (-1 when not).
    private(set) var kinds: [SymbolKind] = []
    private(set) var owners: [Int] = []
    private(set) var basicSlot: [Int] = []
    /// Per symbol, the slots of the rows that may hold it: every row that does is listed, but a
    /// list may also name rows the symbol has since cancelled out of (or freed slots), and then
    /// a slot twice. Readers check the row. `staleEntries` counts the entries that went stale;
    /// a list is compacted when they are more than half of it. (Removing entries as they go
    /// stale would search long lists: a top-level constraint's dummy is in most rows of a screen.)
    private(set) var columns: [[Int]] = []
    private var staleEntries: [Int] = []
    private var freeSymbols: [Int] = []

    /// Row slots: the row and its basic symbol (-1 for a free slot).
    private(set) var rows: [Row] = []
    private(set) var basicSymbol: [Int] = []
    private var freeSlots: [Int] = []

    /// The priorities present, highest first, and the objective row of each: the sum of the
    /// error symbols of the constraints at that priority, in terms of the non-basic symbols.
    private(set) var priorities: [Float] = []
    private(set) var objectives: [Row] = []
    private var constraintsAtPriority: [Int] = []
    /// A temporary objective (phase one, ambiguity probes), kept up to date by pivots.
    var auxiliary: Row?

    private var scratch: [Term] = []
    private var added: [Int] = []
    private var removed: [Int] = []

    var symbolCount: Int { kinds.count }

    // MARK: Symbols

    /// A new symbol (reusing a released number, last released first).
    mutating func makeSymbol(_ kind: SymbolKind, owner: Int) -> Int {
        if let symbol = freeSymbols.popLast() {
            kinds[symbol] = kind
            owners[symbol] = owner
            return symbol
        }
        kinds.append(kind)
        owners.append(owner)
        basicSlot.append(-1)
        columns.append([])
        staleEntries.append(0)
        return kinds.count - 1
    }

    /// Forgets a non-basic symbol: clears what rounding left of it in rows and objectives.
    mutating func release(_ symbol: Int) {
        precondition(basicSlot[symbol] < 0, "releasing a basic symbol")
        for slot in columns[symbol] { rows[slot].remove(symbol) }
        columns[symbol] = []
        staleEntries[symbol] = 0
        for level in objectives.indices { objectives[level].remove(symbol) }
        auxiliary?.remove(symbol)
        freeSymbols.append(symbol)
    }

    func isBasic(_ symbol: Int) -> Bool { basicSlot[symbol] >= 0 }

    /// The slots of the rows that hold `symbol`, each once.
    func column(of symbol: Int) -> [Int] {
        guard staleEntries[symbol] > 0 else { return columns[symbol] }
        return Self.sortedUnique(columns[symbol]).filter { basicSymbol[$0] >= 0 && rows[$0].position(of: symbol).found }
    }

    private mutating func addToColumn(_ symbol: Int, _ slot: Int) {
        columns[symbol].append(slot)
    }

    /// Notes that `symbol`'s entry for some row went stale; compacts its list if half is.
    private mutating func noteStale(_ symbol: Int) {
        staleEntries[symbol] += 1
        if 2 * staleEntries[symbol] > columns[symbol].count + 16 {
            columns[symbol] = column(of: symbol)
            staleEntries[symbol] = 0
        }
    }

    /// The symbol's value: its row's constant when basic, 0 otherwise.
    func value(of symbol: Int) -> Double {
        let slot = basicSlot[symbol]
        return slot >= 0 ? rows[slot].constant : 0
    }

    // MARK: Rows

    /// Adds `row` as the row of `basic`, which must not be basic yet nor appear in any row.
    mutating func insertRow(basic: Int, _ row: Row) {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            rows[slot] = row
            basicSymbol[slot] = basic
        } else {
            slot = rows.count
            rows.append(row)
            basicSymbol.append(basic)
        }
        basicSlot[basic] = slot
        for term in row.terms { addToColumn(term.symbol, slot) }
    }

    /// Removes the row in `slot` (its basic symbol becomes non-basic and appears nowhere).
    mutating func removeRow(_ slot: Int) {
        let terms = rows[slot].terms
        basicSlot[basicSymbol[slot]] = -1
        basicSymbol[slot] = -1
        rows[slot] = Row()
        freeSlots.append(slot)
        for term in terms { noteStale(term.symbol) }
    }

    /// Sets the constant of the row in `slot` (used when a constraint's constant changes).
    mutating func shiftConstant(ofSlot slot: Int, by delta: Double) {
        rows[slot].constant += delta
    }

    /// Makes `entering` basic in place of the basic symbol of `slot`: the row is solved for
    /// `entering` and `entering` is replaced by that definition everywhere else.
    mutating func pivot(entering: Int, slot: Int) {
        let leaving = basicSymbol[slot]
        var row = rows[slot]
        rows[slot] = Row()
        row.add(leaving, -1)
        row.solve(for: entering)
        addToColumn(leaving, slot)
        basicSlot[leaving] = -1
        basicSlot[entering] = slot
        basicSymbol[slot] = entering
        rows[slot] = row
        substitute(entering, with: row)
    }

    /// Replaces the non-basic `symbol` by `definition` in every row that holds it and in the
    /// objectives; afterwards it appears nowhere.
    mutating func substitute(_ symbol: Int, with definition: Row) {
        let slots = columns[symbol]
        columns[symbol] = []
        staleEntries[symbol] = 0
        var scratch = self.scratch, added = self.added, removed = self.removed
        // A stale or repeated slot no longer holds the symbol: skipped.
        for slot in slots where basicSymbol[slot] >= 0 && rows[slot].position(of: symbol).found {
            added.removeAll(keepingCapacity: true)
            removed.removeAll(keepingCapacity: true)
            rows[slot].substitute(symbol, with: definition, scratch: &scratch, added: &added, removed: &removed)
            for other in added { addToColumn(other, slot) }
            for other in removed { noteStale(other) }
        }
        for level in objectives.indices where objectives[level].position(of: symbol).found {
            objectives[level].substitute(symbol, with: definition, scratch: &scratch, added: &added, removed: &removed)
        }
        if auxiliary?.position(of: symbol).found == true {
            auxiliary!.substitute(symbol, with: definition, scratch: &scratch, added: &added, removed: &removed)
        }
        added.removeAll(keepingCapacity: true)
        removed.removeAll(keepingCapacity: true)
        self.scratch = scratch
        self.added = added
        self.removed = removed
    }

    // MARK: Objective

    /// Counts one more constraint at `priority`, making its (empty) objective row if needed.
    mutating func retainLevel(_ priority: Float) {
        let index = priorities.firstIndex { $0 <= priority } ?? priorities.count
        if index < priorities.count, priorities[index] == priority {
            constraintsAtPriority[index] += 1
        } else {
            priorities.insert(priority, at: index)
            objectives.insert(Row(), at: index)
            constraintsAtPriority.insert(1, at: index)
        }
    }

    /// Forgets one constraint at `priority`; the level goes when it has none left.
    mutating func releaseLevel(_ priority: Float) {
        guard let index = priorities.firstIndex(of: priority) else { preconditionFailure("no objective level \(priority)") }
        constraintsAtPriority[index] -= 1
        if constraintsAtPriority[index] == 0 {
            priorities.remove(at: index)
            objectives.remove(at: index)
            constraintsAtPriority.remove(at: index)
        }
    }

    /// Adds `weight × symbol` to the objective at `priority` (through its row when basic).
    mutating func addToObjective(_ symbol: Int, weight: Double, priority: Float) {
        guard let level = priorities.firstIndex(of: priority) else { preconditionFailure("no objective level \(priority)") }
        let slot = basicSlot[symbol]
        if slot >= 0 {
            objectives[level].add(rows[slot], times: weight)
        } else {
            objectives[level].add(symbol, weight)
        }
    }

    /// The sign of `symbol`'s objective coefficients read highest priority first: what raising
    /// it from 0 does to the lexicographic objective.
    func reducedCostSign(of symbol: Int) -> LexicographicSign {
        for objective in objectives {
            let coefficient = objective.coefficient(of: symbol)
            if coefficient < -Row.nearZero { return .negative }
            if coefficient > Row.nearZero { return .positive }
        }
        return .zero
    }

    /// Whether `a / divisorA` < `b / divisorB` for the objective coefficient vectors of symbols
    /// `a` and `b`, compared lexicographically (the dual simplex's ratio test).
    func objectiveRatio(_ a: Int, over divisorA: Double, isLessThan b: Int, over divisorB: Double) -> Bool {
        for objective in objectives {
            let difference = objective.coefficient(of: a) / divisorA - objective.coefficient(of: b) / divisorB
            if difference < -Row.nearZero { return true }
            if difference > Row.nearZero { return false }
        }
        return false
    }

    /// Every symbol with a coefficient in some objective row, ascending.
    func objectiveSymbols() -> [Int] {
        Self.sortedUnique(objectives.flatMap { $0.terms.map(\.symbol) })
    }
}
