/// The elementary functions Flipbook's geometry needs, computed the same way on every machine.
///
/// The C library's `exp`, `sin`, `cos`, `log`, `sinh`, `cosh` differ between glibc versions,
/// musl and Apple's libm in the last bit for some arguments, and a last bit in a spring's progress
/// can move an edge across a pixel's rounding boundary. These implementations use only IEEE-754
/// additions, subtractions, multiplications and divisions in double-double arithmetic (about 106
/// bits, see `DoubleDouble`), so their results are identical on every IEEE-754 machine.
///
/// Accuracy: each function evaluates its argument reduction and series to a relative error
/// below 2⁻⁹⁵ and rounds once, so the result is within 0.5 + 2⁻⁴² ulp, and correctly rounded
/// unless the exact value lies within 2⁻⁴² ulp of a rounding boundary (none did among 1 050 000
/// random arguments checked against mpmath; see docs/TIMING.md §9). Special values follow C99
/// Annex F (NaN in → NaN out, `exp(−∞) = 0`, `log(0) = −∞`, `sin(±∞) = NaN`, signed zeros kept).
///
/// Speed: 0.5–1.2 µs per call in a release build, against libm's 5–20 ns; Flipbook calls these a
/// few times per frame (and a few thousand times for a curve plot).
package enum DeterministicMath {
    /// e^`x`. Overflows to +∞ above about 709.78; subnormal results are rounded on the
    /// subnormal grid; 0 below about −745.13.
    package static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        // Beyond these, e^x is above the largest double or below half the smallest subnormal.
        if x > 709.79 { return .infinity }
        if x < -745.2 { return 0 }
        let (mantissa, exponent) = expParts(x)
        return round(mantissa, timesTwoToThe: exponent)
    }

    /// The natural logarithm of `x`: NaN for negative `x`, −∞ at ±0, +∞ at +∞.
    package static func log(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x == .infinity { return x }
        // x = m·2^e with m in (√½, √2] (`significand`/`exponent` also normalize subnormals).
        var m = x.significand, e = x.exponent
        if m > 1.4142135623730951 { m /= 2; e += 1 }
        // log m = 2·atanh(s) = 2s·(1 + s²/3 + s⁴/5 + …), s = (m − 1)/(m + 1), |s| ≤ 0.1716;
        // m − 1 is exact (Sterbenz). To s⁴⁴/45: the next term is below 2⁻¹²².
        let s = DoubleDouble(m - 1) / DoubleDouble.sum(m, 1)
        let s2 = s * s
        var series = DoubleDouble(1) / 45
        for n in stride(from: 21, through: 0, by: -1) {
            series = DoubleDouble(1) / Double(2 * n + 1) + s2 * series
        }
        let logM = (s * series).scaled(by: 1)
        // |e·ln 2| ≥ 2|log m| when e ≠ 0: the sum cannot cancel.
        return (ln2Times(Double(e)) + logM).hi
    }

    /// The sine of `x` (radians), with an exact reduction modulo π/2 for any finite `x`.
    package static func sin(_ x: Double) -> Double {
        guard x.isFinite else { return x - x }
        let a = Swift.abs(x)
        if a < 0x1p-27 { return x } // sin x = x(1 − x²/6) rounds to x
        let (r, quadrant) = reduceHalfPi(a)
        let value: DoubleDouble
        switch quadrant {
        case 0: value = sinSeries(r)
        case 1: value = cosSeries(r)
        case 2: value = -sinSeries(r)
        default: value = -cosSeries(r)
        }
        return x < 0 ? -value.hi : value.hi
    }

    /// The cosine of `x` (radians), with an exact reduction modulo π/2 for any finite `x`.
    package static func cos(_ x: Double) -> Double {
        guard x.isFinite else { return x - x }
        let a = Swift.abs(x)
        if a < 0x1p-27 { return 1 } // cos x = 1 − x²/2 rounds to 1
        let (r, quadrant) = reduceHalfPi(a)
        switch quadrant {
        case 0: return cosSeries(r).hi
        case 1: return -sinSeries(r).hi
        case 2: return -cosSeries(r).hi
        default: return sinSeries(r).hi
        }
    }

    /// The hyperbolic sine of `x`; ±∞ beyond about ±710.48.
    package static func sinh(_ x: Double) -> Double {
        if x.isNaN { return x }
        let a = Swift.abs(x)
        let y: Double
        if a < 0x1p-27 {
            return x // sinh x = x(1 + x²/6) rounds to x
        } else if a < 1 {
            // x·(1 + x²/3! + x⁴/5! + …) to x³¹/31!: the next term is below 2⁻¹²²·x.
            let r = DoubleDouble(a), r2 = r * r
            var series = DoubleDouble(1)
            for n in stride(from: 15, through: 1, by: -1) {
                series = DoubleDouble(1) + (r2 * series) / Double(2 * n * (2 * n + 1))
            }
            y = (r * series).hi
        } else if a < 40 {
            // (e^a − e^−a)/2: e^−a/e^a ≤ e^−2, no cancellation to speak of.
            let (mantissa, exponent) = expParts(a)
            let e = mantissa.scaled(by: exponent)
            y = (e - DoubleDouble(1) / e).scaled(by: -1).hi
        } else {
            y = a > 711 ? .infinity : large(a)
        }
        return x < 0 ? -y : y
    }

    /// The hyperbolic cosine of `x`; +∞ beyond about ±710.48.
    package static func cosh(_ x: Double) -> Double {
        if x.isNaN { return x }
        let a = Swift.abs(x)
        if a < 0x1p-27 { return 1 } // cosh x = 1 + x²/2 rounds to 1
        if a >= 40 { return a > 711 ? .infinity : large(a) }
        let (mantissa, exponent) = expParts(a)
        let e = mantissa.scaled(by: exponent)
        return (e + DoubleDouble(1) / e).scaled(by: -1).hi
    }

    /// e^a/2 for a ≥ 40, where e^−a is below 2⁻¹¹⁵ of it (sinh and cosh agree there).
    private static func large(_ a: Double) -> Double {
        let (mantissa, exponent) = expParts(a)
        return round(mantissa, timesTwoToThe: exponent - 1)
    }

    // MARK: Constants

    /// ln 2 = `ln2.hi + ln2.lo + ln2Tail`, each the nearest double to what remains (error < 2⁻¹⁶³).
    private static let ln2 = DoubleDouble(0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56)
    private static let ln2Tail = 0x1.7b57a079a1934p-111
    /// π/2 as a double-double (error < 2⁻¹⁰⁸).
    private static let halfPi = DoubleDouble(0x1.921fb54442d18p0, 0x1.1a62633145c07p-54)

    /// The first 1664 bits of 2/π after the binary point, most significant first (for the
    /// reduction of arguments up to 2¹⁰²⁴, which needs bits down to about 2⁻¹²³⁰). Computed with
    /// mpmath at 3000 bits; they begin as in fdlibm's `ipio2` table (A2F983 6E4E44 1529FC …).
    private static let twoOverPiBits: [UInt64] = [
        0xA2F9_836E_4E44_1529, 0xFC27_57D1_F534_DDC0, 0xDB62_9599_3C43_9041, 0xFE51_63AB_DEBB_C561,
        0xB724_6E3A_424D_D2E0, 0x0649_2EEA_09D1_921C, 0xFE1D_EB1C_B129_A73E, 0xE882_35F5_2EBB_4484,
        0xE99C_7026_B45F_7E41, 0x3991_D639_8353_39F4, 0x9C84_5F8B_BDF9_283B, 0x1FF8_97FF_DE05_980F,
        0xEF2F_118B_5A0A_6D1F, 0x6D36_7ECF_27CB_09B7, 0x4F46_3F66_9E5F_EA2D, 0x7527_BAC7_EBE5_F17B,
        0x3D07_39F7_8A52_92EA, 0x6BFB_5FB1_1F8D_5D08, 0x5603_3046_FC7B_6BAB, 0xF0CF_BC20_9AF4_361D,
        0xA9E3_9161_5EE6_1B08, 0x6599_855F_14A0_6840, 0x8DFF_D880_4D73_2731, 0x0606_1556_CA73_A8C9,
        0x60E2_7BC0_8C6B_47C4, 0x19C3_67CD_DCE8_092A
    ]

    // MARK: Building blocks

    /// e^x = `mantissa`·2^`exponent` with the mantissa in about [0.7, 1.42], for |x| ≤ 746.
    ///
    /// k = round(x/ln 2), r = x − k·ln 2 with k·ln 2 formed exactly from the three-part ln 2, so
    /// |r| ≤ 0.3466 with an absolute error below 2⁻¹⁵⁰ + 3u²|r|; then Taylor's series for e^r to
    /// r²³/23! (the first term left out is below 2⁻¹¹⁵), in Horner form 1 + r(1 + r/2(1 + r/3(…))).
    static func expParts(_ x: Double) -> (mantissa: DoubleDouble, exponent: Int) {
        let k = (x * 0x1.71547652b82fep0).rounded() // x / ln 2; any nearby integer would do
        let r = DoubleDouble(x) - ln2Times(k)
        var series = DoubleDouble(1)
        for n in stride(from: 23, through: 1, by: -1) {
            series = DoubleDouble(1) + (r * series) / Double(n)
        }
        return (series, Int(k))
    }

    /// k·ln 2 for an integer |k| ≤ 2¹¹, from the three parts of ln 2 (products exact, error < 2⁻¹⁴⁸).
    private static func ln2Times(_ k: Double) -> DoubleDouble {
        DoubleDouble.product(k, ln2.hi) + DoubleDouble.product(k, ln2.lo) + DoubleDouble(k * ln2Tail)
    }

    /// `mantissa`·2^`exponent` rounded once to the nearest double (ties to even), also where the
    /// result is subnormal (rounded on the 2⁻¹⁰⁷⁴ grid, not twice) or overflows (+∞).
    static func round(_ mantissa: DoubleDouble, timesTwoToThe exponent: Int) -> Double {
        let m = mantissa.normalized
        if m.hi == 0 || m.hi.exponent + exponent >= -1022 { return scale(m.hi, by: exponent) }
        // Subnormal: the result is n·2⁻¹⁰⁷⁴ with n the integer nearest to t = m·2^(exponent + 1074).
        let t = m.scaled(by: exponent + 1074) // exact: |t| < 2⁵², and exponent + 1074 ≥ −2
        var n = t.hi.rounded(.toNearestOrEven)
        let rest = DoubleDouble.sum(t.hi - n, t.lo) // t − n exactly (t.hi − n is exact: |t.hi| < 2⁵²)
        let odd = Int64(n) & 1 == 1
        if rest.hi > 0.5 || (rest.hi == 0.5 && (rest.lo > 0 || (rest.lo == 0 && odd))) {
            n += 1
        } else if rest.hi < -0.5 || (rest.hi == -0.5 && (rest.lo < 0 || (rest.lo == 0 && odd))) {
            n -= 1
        }
        return n * Double.leastNonzeroMagnitude
    }

    /// `y`·2^`k` for |k| ≤ 2200, exact unless the result is subnormal or overflows (where it
    /// rounds as IEEE multiplication does). Built from bit patterns, not `scalbn`.
    static func scale(_ y: Double, by k: Int) -> Double {
        var y = y, k = k
        while k > 1023 { y *= 0x1p1023; k -= 1023 }
        while k < -1022 { y *= 0x1p-1022; k += 1022 }
        return y * Double(bitPattern: UInt64(k + 1023) << 52)
    }

    /// `a` (finite, > 0) as q·π/2 + r with |r| ≤ π/4 (slightly more for a just above π/4),
    /// r as a double-double with a relative error below 2⁻¹⁰³, and q mod 4.
    ///
    /// Payne–Hanek: a = M·2^E with M a 53-bit integer; a·2/π mod 4 needs only the bits of 2/π
    /// from weight 2^(1−E) on (higher ones give multiples of 4). A 256-bit window of them times M
    /// is exact in integers and leaves at least 254 fraction bits, with an error from the bits
    /// beyond the window below 2⁻²⁰¹; the fraction of any double's a·2/π is at least about 2⁻⁶²
    /// away from an integer, so at least 139 bits of it are right.
    static func reduceHalfPi(_ a: Double) -> (r: DoubleDouble, quadrant: Int) {
        if a <= 0x1.921fb54442d18p-1 { return (DoubleDouble(a), 0) } // π/4 rounded to nearest
        let e = a.exponent - 52 // a ≥ π/4 is normal
        let m = a.significandBitPattern | 1 << 52
        // Bits i = first…first+255 of 2/π (bit i has weight 2⁻ⁱ) as a 256-bit integer W, four
        // limbs, least significant first; then a·2/π ≈ M·W·2^−fractionBits.
        let first = max(1, e - 1)
        let window = (0..<4).map { limb in twoOverPiWord(startingAtBit: first + 64 * (3 - limb)) }
        let fractionBits = first + 255 - e // 254…309
        // Z = M·W, five limbs, least significant first.
        var z = [UInt64](repeating: 0, count: 5)
        var carry: UInt64 = 0
        for limb in 0..<4 {
            let (high, low) = m.multipliedFullWidth(by: window[limb])
            let (sum, overflow) = low.addingReportingOverflow(carry)
            z[limb] = sum
            carry = high &+ (overflow ? 1 : 0) // high ≤ 2⁵³, no overflow
        }
        z[4] = carry
        func bit(_ index: Int) -> UInt64 { index >= 320 ? 0 : (z[index / 64] >> UInt64(index % 64)) & 1 }
        var quadrant = Int(bit(fractionBits) | bit(fractionBits + 1) << 1)
        // Keep the fraction f ∈ [0, 1), then move it to [−½, ½) by rounding the quotient.
        for index in 0..<5 {
            let low = 64 * index
            if low + 64 <= fractionBits { continue }
            z[index] = low >= fractionBits ? 0 : z[index] & ((1 << UInt64(fractionBits - low)) - 1)
        }
        let negative = bit(fractionBits - 1) == 1
        if negative {
            quadrant = (quadrant + 1) & 3
            // |f − 1| = 2^F − Z: two's complement of the low fractionBits bits.
            var borrow = true
            for index in 0..<5 {
                let (difference, overflow) = (~z[index]).addingReportingOverflow(borrow ? 1 : 0)
                z[index] = difference
                borrow = overflow
            }
            for index in 0..<5 where 64 * index + 64 > fractionBits {
                let low = 64 * index
                z[index] = low >= fractionBits ? 0 : z[index] & ((1 << UInt64(fractionBits - low)) - 1)
            }
        }
        // |f| as a double-double: the 32-bit chunks of Z (exact doubles) times 2^(32j − F), summed
        // from the most significant (every partial sum is positive, so each add is accurate).
        var f = DoubleDouble(0)
        for chunk in stride(from: 9, through: 0, by: -1) {
            let bits = (z[chunk / 2] >> UInt64(32 * (chunk % 2))) & 0xFFFF_FFFF
            if bits != 0 { f = f + DoubleDouble(scale(Double(bits), by: 32 * chunk - fractionBits)) }
        }
        let r = f * halfPi
        return (negative ? -r : r, quadrant)
    }

    /// The 64 bits of 2/π starting at bit `index` (1-based, weight 2⁻ⁱⁿᵈᵉˣ), most significant first.
    private static func twoOverPiWord(startingAtBit index: Int) -> UInt64 {
        let offset = index - 1, word = offset / 64, shift = offset % 64
        let high = twoOverPiBits[word] << UInt64(shift)
        return shift == 0 ? high : high | twoOverPiBits[word + 1] >> UInt64(64 - shift)
    }

    /// sin r for |r| ≲ π/4: r·(1 − r²/(2·3)·(1 − r²/(4·5)·(…))) to r²⁹/29! (next term < 2⁻¹¹⁰·|r|).
    private static func sinSeries(_ r: DoubleDouble) -> DoubleDouble {
        let r2 = r * r
        var series = DoubleDouble(1)
        for n in stride(from: 14, through: 1, by: -1) {
            series = DoubleDouble(1) - (r2 * series) / Double(2 * n * (2 * n + 1))
        }
        return r * series
    }

    /// cos r for |r| ≲ π/4: 1 − r²/(1·2)·(1 − r²/(3·4)·(…)) to r²⁸/28! (next term < 2⁻¹¹⁵).
    private static func cosSeries(_ r: DoubleDouble) -> DoubleDouble {
        let r2 = r * r
        var series = DoubleDouble(1)
        for n in stride(from: 14, through: 1, by: -1) {
            series = DoubleDouble(1) - (r2 * series) / Double((2 * n - 1) * 2 * n)
        }
        return series
    }
}

/// atan2 from correctly rounded operations only (+, −, ×, ÷, √), so a decomposed rotation is the
/// same on every machine (a layer's transform read back into angles, or interpolated): the argument halved twice (atan x = 2·atan(x / (1 + √(1 + x²)))) to
/// |x| ≤ tan(π/16) ≈ 0.2, then 18 terms of the Taylor series (the next term is below 1e-26).
package func deterministicAtan2(_ y: Double, _ x: Double) -> Double {
    if y == 0 { return x < 0 ? (y.sign == .minus ? -Double.pi : Double.pi) : y }
    if x == 0 { return y > 0 ? Double.pi / 2 : -Double.pi / 2 }
    func arcTangent(_ v: Double) -> Double {
        if abs(v) > 1 { return (v > 0 ? Double.pi / 2 : -Double.pi / 2) - arcTangent(1 / v) }
        var u = v
        for _ in 0..<2 { u = u / (1 + (1 + u * u).squareRoot()) }
        var sum = 0.0, power = u
        let square = u * u
        for k in 0..<18 {
            sum += (k % 2 == 0 ? 1 : -1) * power / Double(2 * k + 1)
            power *= square
        }
        return 4 * sum
    }
    let base = arcTangent(y / x)
    if x > 0 { return base }
    return y >= 0 ? base + Double.pi : base - Double.pi
}
