// A row of the simplex tableau: a constant plus a sparse sum of symbols, kept sorted by symbol
// so that adding one row to another is a merge and every scan visits symbols in one order.

/// `coefficient × symbol` in a row.
struct Term: Equatable {
    var symbol: Int
    var coefficient: Double
}

/// `constant + Σ terms`. A tableau row reads `basic = constant + Σ terms` (its terms are
/// non-basic symbols); a row being built for a new constraint reads `0 = constant + Σ terms`.
struct Row: Equatable {
    /// Coefficients and constants this close to 0 are 0. The layouts solved are in points with
    /// multipliers near 1, so 1e-9 is far below a visible difference and far above the rounding
    /// of a few thousand pivots in doubles (~1e-13 relative).
    static let nearZero = 1e-9

    var constant: Double
    /// Sorted by symbol, no symbol twice; coefficients may be tiny but are never exactly 0.
    var terms: [Term]

    init(constant: Double = 0, terms: [Term] = []) {
        self.constant = constant
        self.terms = terms
    }

    /// Where `symbol` is in `terms`, or where it would go.
    func position(of symbol: Int) -> (index: Int, found: Bool) {
        var low = 0, high = terms.count
        while low < high {
            let middle = (low + high) / 2
            if terms[middle].symbol < symbol { low = middle + 1 } else { high = middle }
        }
        return (low, low < terms.count && terms[low].symbol == symbol)
    }

    /// The coefficient of `symbol` (0 when absent).
    func coefficient(of symbol: Int) -> Double {
        let (index, found) = position(of: symbol)
        return found ? terms[index].coefficient : 0
    }

    /// Adds `coefficient × symbol`, dropping the term if the sum is near zero.
    mutating func add(_ symbol: Int, _ coefficient: Double) {
        let (index, found) = position(of: symbol)
        if found {
            let sum = terms[index].coefficient + coefficient
            if abs(sum) > Row.nearZero { terms[index].coefficient = sum } else { terms.remove(at: index) }
        } else if abs(coefficient) > Row.nearZero {
            terms.insert(Term(symbol: symbol, coefficient: coefficient), at: index)
        }
    }

    /// Removes `symbol`'s term, if any.
    mutating func remove(_ symbol: Int) {
        let (index, found) = position(of: symbol)
        if found { terms.remove(at: index) }
    }

    /// Multiplies the row by -1 (a `0 = …` row stays the same equation).
    mutating func negate() {
        constant = -constant
        for index in terms.indices { terms[index].coefficient = -terms[index].coefficient }
    }

    /// Rewrites `0 = constant + a·symbol + rest` as `symbol = -constant/a - rest/a`: the row of
    /// `symbol`, without its term. `symbol` must be present.
    mutating func solve(for symbol: Int) {
        let (index, found) = position(of: symbol)
        precondition(found, "solving a row for a symbol it does not hold")
        let reciprocal = -1 / terms[index].coefficient
        terms.remove(at: index)
        constant *= reciprocal
        for term in terms.indices { terms[term].coefficient *= reciprocal }
    }

    /// Adds `factor × other` (a merge of the two sorted term lists).
    mutating func add(_ other: Row, times factor: Double) {
        var added: [Int] = [], removed: [Int] = [], scratch: [Term] = []
        merge(other, times: factor, replacing: nil, scratch: &scratch, added: &added, removed: &removed, reports: false)
    }

    /// Replaces `symbol` (present, with coefficient c) by `definition`: the row gains
    /// `c × definition` and loses `symbol`. `added` and `removed` receive the symbols other than
    /// `symbol` that appear or cancel out (for the tableau's column lists); `scratch` is a buffer.
    mutating func substitute(_ symbol: Int, with definition: Row, scratch: inout [Term], added: inout [Int], removed: inout [Int]) {
        let factor = coefficient(of: symbol)
        merge(definition, times: factor, replacing: symbol, scratch: &scratch, added: &added, removed: &removed, reports: true)
    }

    /// The merge behind both: `self + factor × other` without `symbol`, reporting the symbols
    /// that appear and cancel in `added` and `removed` when `reports`.
    private mutating func merge(
        _ other: Row, times factor: Double, replacing symbol: Int?, scratch: inout [Term],
        added: inout [Int], removed: inout [Int], reports: Bool
    ) {
        constant += factor * other.constant
        scratch.removeAll(keepingCapacity: true)
        scratch.reserveCapacity(terms.count + other.terms.count)
        var i = 0, j = 0
        while i < terms.count || j < other.terms.count {
            if j == other.terms.count || (i < terms.count && terms[i].symbol < other.terms[j].symbol) {
                if terms[i].symbol != symbol { scratch.append(terms[i]) }
                i += 1
            } else if i == terms.count || other.terms[j].symbol < terms[i].symbol {
                let value = factor * other.terms[j].coefficient
                if abs(value) > Row.nearZero {
                    scratch.append(Term(symbol: other.terms[j].symbol, coefficient: value))
                    if reports { added.append(other.terms[j].symbol) }
                }
                j += 1
            } else {
                let sum = terms[i].coefficient + factor * other.terms[j].coefficient
                if abs(sum) > Row.nearZero {
                    scratch.append(Term(symbol: terms[i].symbol, coefficient: sum))
                } else if reports {
                    removed.append(terms[i].symbol)
                }
                i += 1
                j += 1
            }
        }
        swap(&terms, &scratch)
    }
}
