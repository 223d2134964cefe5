// Double-double arithmetic: the working precision of `DeterministicMath`.
//
// Only IEEE-754 binary64 additions, subtractions, multiplications and divisions in round-to-nearest,
// in the order written: Swift never contracts `a * b + c` into a fused multiply-add (only
// `addingProduct` does), never reassociates, and x86-64 and arm64 have no excess precision, so
// every function here gives the same bits on every machine. References: T. J. Dekker, "A
// floating-point technique for extending the available precision" (1971); M. Joldes, J.-M. Muller,
// V. Popescu, "Tight and rigorous error bounds for basic building blocks of double-word
// arithmetic", ACM TOMS 44 (2017) — the algorithm numbers below are theirs.

/// An unevaluated sum `hi + lo` of two doubles, about 106 significant bits.
///
/// Results of the operators are normalized: `hi` is `hi + lo` rounded to nearest and
/// `|lo| ≤ ulp(hi)/2`. Relative errors below are in units of `u = 2⁻⁵³`. Valid while no
/// intermediate overflows or underflows (magnitudes between about 2⁻⁹⁶⁹ and 2⁹⁹⁶), which the
/// callers in `DeterministicMath` guarantee.
struct DoubleDouble {
    /// The leading double.
    var hi: Double
    /// The trailing double (the rounding error of `hi`).
    var lo: Double

    /// `hi + lo`, taken as given (not renormalized).
    init(_ hi: Double, _ lo: Double = 0) { self.hi = hi; self.lo = lo }

    /// `a + b` exactly (Knuth's TwoSum, 6 operations, any magnitudes).
    static func sum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bVirtual = s - a
        return DoubleDouble(s, (a - (s - bVirtual)) + (b - bVirtual))
    }

    /// `a + b` exactly when `|a| ≥ |b|` or `a` is 0 (Dekker's Fast2Sum).
    static func quickSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        return DoubleDouble(s, b - (s - a))
    }

    /// `a` as `high + low` with each part fitting in 26 bits, so products of parts are exact
    /// (Veltkamp's splitting by 2²⁷ + 1; needs |a| < 2⁹⁹⁶).
    private static func split(_ a: Double) -> (high: Double, low: Double) {
        let scaled = 134_217_729.0 * a
        let high = scaled - (scaled - a)
        return (high, a - high)
    }

    /// `a · b` exactly (Dekker's TwoProduct, without a fused multiply-add).
    static func product(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        let (aHigh, aLow) = split(a), (bHigh, bLow) = split(b)
        return DoubleDouble(p, ((aHigh * bHigh - p) + aHigh * bLow + aLow * bHigh) + aLow * bLow)
    }

    /// The same value with `hi` rounded to nearest (for operands built by hand).
    var normalized: DoubleDouble { DoubleDouble.quickSum(hi, lo) }

    /// Sum, relative error ≤ 3u² (Algorithm 6, AccurateDWPlusDW).
    static func + (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble {
        let s = sum(x.hi, y.hi), t = sum(x.lo, y.lo)
        let v = quickSum(s.hi, s.lo + t.hi)
        return quickSum(v.hi, t.lo + v.lo)
    }

    /// Negation (exact).
    static prefix func - (x: DoubleDouble) -> DoubleDouble { DoubleDouble(-x.hi, -x.lo) }

    /// Difference, relative error ≤ 3u².
    static func - (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble { x + (-y) }

    /// Product, relative error ≤ 7u² (Algorithm 10, DWTimesDW1, the variant without FMA).
    static func * (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble {
        let c = product(x.hi, y.hi)
        return quickSum(c.hi, c.lo + (x.hi * y.lo + x.lo * y.hi))
    }

    /// Product with a double, relative error ≤ 1.5u² (Algorithm 7, DWTimesFP1).
    static func * (x: DoubleDouble, y: Double) -> DoubleDouble {
        let c = product(x.hi, y)
        let t = quickSum(c.hi, x.lo * y)
        return quickSum(t.hi, t.lo + c.lo)
    }

    /// Quotient by a double, relative error ≤ 3.5u² (Algorithm 14, DWDivFP2).
    static func / (x: DoubleDouble, y: Double) -> DoubleDouble {
        let th = x.hi / y
        let p = product(th, y)
        let delta = ((x.hi - p.hi) - p.lo) + x.lo
        return quickSum(th, delta / y)
    }

    /// Quotient, relative error ≤ 15u² (Algorithm 17, DWDivDW2).
    static func / (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble {
        let th = x.hi / y.hi
        let r = y * th
        let delta = (x.hi - r.hi) + (x.lo - r.lo)
        return quickSum(th, delta / y.hi)
    }

    /// Multiplication by 2^`k` (exact while the parts stay normal).
    func scaled(by k: Int) -> DoubleDouble {
        DoubleDouble(DeterministicMath.scale(hi, by: k), DeterministicMath.scale(lo, by: k))
    }
}
