// Constraints in the tableau: each becomes a row with its own marker symbols (a slack for an
// inequality, a dummy for a required equality, error symbols for an optional one), added,
// removed and re-valued incrementally (Cassowary: Badros, Borning and Stuckey, "The Cassowary
// Linear Arithmetic Constraint Solving Algorithm", 2001).
//
// The markers are what make the solver incremental: a marker appears in its own constraint's
// equation only, so in any row its coefficient says how much of that constraint the row was
// built from. That is how a constraint is taken out again, how a new constant reaches every row
// it affects, and which constraints a contradiction was derived from.

/// A constraint as the engine stores it: `Σ terms + constant = 0` or `≥ 0`.
struct ConstraintDefinition: Equatable {
    /// Terms over caller-variable symbols, sorted by symbol.
    var terms: [Term]
    var constant: Double
    var isEquality: Bool
    /// 1000 is required.
    var priority: Float

    var isRequired: Bool { priority == ConstraintPriority.required.rawValue }
}

/// A constraint in the tableau: its definition, its marker symbol and, for an optional one, its
/// second symbol (each with its coefficient in the constraint's own equation).
struct ConstraintRecord {
    var definition: ConstraintDefinition
    var marker: Int
    var markerCoefficient: Double
    var other = -1
    var otherCoefficient = 0.0
    /// The order the constraint was added in (reports list constraints in this order).
    var sequence: Int
}

/// The required constraints that, with the one refused, contradict one another (a minimal set
/// when small enough to check), by record index in the order they were added.
struct EngineConflict: Error {
    var others: [Int]
}

struct ConstraintEngine {
    var tableau = Tableau()
    private(set) var records: [ConstraintRecord?] = []
    private var freeRecords: [Int] = []
    private var nextSequence = 0
    /// Whether conflicts are reduced to a minimal set (off in the solvers that check one).
    var minimizesConflicts = true

    /// A new caller variable.
    mutating func makeVariable() -> Int { tableau.makeSymbol(.external, owner: -1) }

    /// The value of a caller variable in the current solution.
    func value(of variable: Int) -> Double { tableau.value(of: variable) }

    /// Adds a constraint and re-solves; throws the conflicting constraints (the system is then
    /// as before, but for ties between equally good solutions) if it is required and cannot hold.
    mutating func add(_ definition: ConstraintDefinition) throws(EngineConflict) -> Int {
        let index = freeRecords.popLast() ?? records.count
        if index == records.count { records.append(nil) }
        var row = Row(constant: definition.constant)
        for term in definition.terms {
            let slot = tableau.basicSlot[term.symbol]
            if slot >= 0 { row.add(tableau.rows[slot], times: term.coefficient) } else { row.add(term.symbol, term.coefficient) }
        }
        let record = makeMarkers(for: definition, index: index, in: &row)
        records[index] = record
        nextSequence += 1
        if let subject = chooseSubject(row, record) {
            row.solve(for: subject)
            tableau.substitute(subject, with: row)
            tableau.insertRow(basic: subject, row)
            tableau.optimize(candidates: row.terms.map(\.symbol))
            return index
        }
        if row.terms.allSatisfy({ tableau.kinds[$0.symbol] == .dummy }) {
            // Only required equalities reach here (other constraints' symbols are no dummies).
            guard abs(row.constant) <= Self.feasibilityTolerance else {
                let conflict = EngineConflict(others: conflictingConstraints(row: row, basic: nil, refused: index))
                discard(index)
                throw conflict
            }
            // Redundant: implied by the others; its dummy stays basic until one of them goes.
            row.solve(for: record.marker)
            tableau.insertRow(basic: record.marker, row)
            return index
        }
        try addWithArtificial(row, index: index)
        return index
    }

    /// Below this a phase-one violation or a redundant row's constant is rounding, not a conflict.
    static let feasibilityTolerance = 1e-8

    /// Makes the constraint's marker and error symbols, puts them in `row` and the errors in
    /// the objective at the constraint's priority.
    private mutating func makeMarkers(for definition: ConstraintDefinition, index: Int, in row: inout Row) -> ConstraintRecord {
        var record: ConstraintRecord
        let priority = definition.priority
        switch (definition.isEquality, definition.isRequired) {
        case (true, true):
            record = ConstraintRecord(
                definition: definition, marker: tableau.makeSymbol(.dummy, owner: index), markerCoefficient: 1, sequence: nextSequence)
        case (true, false):
            // expression = plus - minus: the violation either way, each weighted.
            record = ConstraintRecord(
                definition: definition, marker: tableau.makeSymbol(.error, owner: index), markerCoefficient: -1, sequence: nextSequence)
            record.other = tableau.makeSymbol(.error, owner: index)
            record.otherCoefficient = 1
        case (false, _):
            // expression - slack (+ error) = 0: the error lets an optional one fall short.
            record = ConstraintRecord(
                definition: definition, marker: tableau.makeSymbol(.slack, owner: index), markerCoefficient: -1, sequence: nextSequence)
            if !definition.isRequired {
                record.other = tableau.makeSymbol(.error, owner: index)
                record.otherCoefficient = 1
            }
        }
        row.add(record.marker, record.markerCoefficient)
        if record.other >= 0 { row.add(record.other, record.otherCoefficient) }
        if !definition.isRequired {
            tableau.retainLevel(priority)
            for symbol in [record.marker, record.other] where tableau.kinds[symbol] == .error {
                tableau.addToObjective(symbol, weight: 1, priority: priority)
            }
        }
        return record
    }

    /// The symbol to solve a new row for without disturbing the solution: a caller variable
    /// (lowest-numbered first), else one of the constraint's own slack or error symbols whose
    /// value comes out ≥ 0; nil if neither exists.
    private func chooseSubject(_ row: Row, _ record: ConstraintRecord) -> Int? {
        if let external = row.terms.first(where: { tableau.kinds[$0.symbol] == .external }) { return external.symbol }
        for symbol in [record.marker, record.other] where symbol >= 0 && tableau.kinds[symbol] != .dummy {
            let coefficient = row.coefficient(of: symbol)
            if (coefficient < 0 && row.constant >= 0) || (coefficient > 0 && row.constant <= 0) { return symbol }
        }
        return nil
    }

    /// Phase one: an artificial symbol measures the new row's violation and the simplex drives
    /// it to 0; if it cannot, the constraint is refused and the final artificial row names the
    /// constraints it contradicts.
    private mutating func addWithArtificial(_ built: Row, index: Int) throws(EngineConflict) {
        var row = built
        if row.constant < 0 { row.negate() }
        let artificial = tableau.makeSymbol(.artificial, owner: index)
        tableau.insertRow(basic: artificial, row)
        tableau.auxiliary = row
        _ = tableau.minimizeAuxiliary()
        let violation = tableau.auxiliary?.constant ?? 0
        tableau.auxiliary = nil
        let slot = tableau.basicSlot[artificial]
        if violation > Self.feasibilityTolerance, slot >= 0 {
            let others = conflictingConstraints(row: tableau.rows[slot], basic: nil, refused: index)
            tableau.removeRow(slot)
            tableau.release(artificial)
            discard(index)
            tableau.optimize(candidates: nil)
            throw EngineConflict(others: others)
        }
        if slot >= 0 {
            // Degenerate: the artificial is basic at 0. Swap it for any symbol of its row (a
            // dummy only if the row has nothing else: the constraint is then redundant).
            let terms = tableau.rows[slot].terms
            let marker = records[index]!.marker
            if let entering = terms.first(where: { tableau.kinds[$0.symbol] != .dummy })?.symbol
                ?? (terms.contains { $0.symbol == marker } ? marker : terms.first?.symbol)
            {
                tableau.pivot(entering: entering, slot: slot)
            } else {
                tableau.removeRow(slot)
            }
        }
        tableau.release(artificial)
        tableau.optimize(candidates: nil)
    }

    /// Forgets a record whose constraint was refused: its symbols (appearing nowhere by now)
    /// and its objective level.
    private mutating func discard(_ index: Int) {
        guard let record = records[index] else { return }
        for symbol in [record.marker, record.other] where symbol >= 0 {
            if tableau.isBasic(symbol) { tableau.removeRow(tableau.basicSlot[symbol]) }
            tableau.release(symbol)
        }
        if !record.definition.isRequired { tableau.releaseLevel(record.definition.priority) }
        records[index] = nil
        freeRecords.append(index)
    }

    /// Removes a constraint and re-solves.
    mutating func remove(_ index: Int) {
        guard let record = records[index] else { preconditionFailure("removing a constraint that is not in the solver") }
        if !record.definition.isRequired {
            for symbol in [record.marker, record.other] where tableau.kinds[symbol] == .error {
                tableau.addToObjective(symbol, weight: -1, priority: record.definition.priority)
            }
        }
        let marker = record.marker
        if tableau.isBasic(marker) {
            tableau.removeRow(tableau.basicSlot[marker])
        } else if let slot = tableau.markerLeavingSlot(for: marker) {
            tableau.pivot(entering: marker, slot: slot)
            tableau.removeRow(slot)
        }
        discard(index)
        tableau.optimize(candidates: nil)
    }

    /// Changes a constraint's constant and re-solves with the dual simplex (no rebuild). If a
    /// required constraint can then not hold, the change is undone and the conflict thrown.
    mutating func setConstant(_ index: Int, to constant: Double) throws(EngineConflict) {
        guard let record = records[index] else { preconditionFailure("changing a constraint that is not in the solver") }
        let delta = constant - record.definition.constant
        guard delta != 0 else { return }
        records[index]!.definition.constant = constant
        let changed = shiftConstants(of: record, by: delta)
        let failing = changed.first { violatesRedundantEquality(slot: $0) } ?? tableau.dualOptimize(changed: changed)
        guard let failing else { return }
        let others = conflictingConstraints(row: tableau.rows[failing], basic: tableau.basicSymbol[failing], refused: index)
        records[index]!.definition.constant = record.definition.constant
        let restored = shiftConstants(of: record, by: -delta)
        _ = tableau.dualOptimize(changed: restored + tableau.infeasibleSlots())
        throw EngineConflict(others: others)
    }

    /// Moves every row's constant as the constraint's constant moves by `delta`: by the
    /// coefficient of its non-basic marker over the marker's own (or only its basic marker's
    /// row, the only one built from it). Returns the slots changed.
    private mutating func shiftConstants(of record: ConstraintRecord, by delta: Double) -> [Int] {
        for (symbol, coefficient) in [(record.marker, record.markerCoefficient), (record.other, record.otherCoefficient)]
        where symbol >= 0 && tableau.isBasic(symbol) {
            let slot = tableau.basicSlot[symbol]
            tableau.shiftConstant(ofSlot: slot, by: -delta / coefficient)
            return [slot]
        }
        let slots = tableau.column(of: record.marker)
        for slot in slots {
            tableau.shiftConstant(ofSlot: slot, by: tableau.rows[slot].coefficient(of: record.marker) * delta / record.markerCoefficient)
        }
        return slots
    }

    /// Whether the row in `slot` is a redundant equality's that no longer holds.
    private func violatesRedundantEquality(slot: Int) -> Bool {
        let basic = tableau.basicSymbol[slot]
        return basic >= 0 && tableau.kinds[basic] == .dummy && abs(tableau.rows[slot].constant) > Self.feasibilityTolerance
    }
}
