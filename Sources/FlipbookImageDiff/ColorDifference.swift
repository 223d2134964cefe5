import FlipbookGeometry

/// A colour in CIE 1976 L\*a\*b\* (D65 white), the space CIEDE2000 is defined on.
package struct LabColor: Sendable, Hashable {
    /// Lightness, 0 (black) … 100 (the white point).
    package var lightness: Double
    /// Green (−) … red (+).
    package var a: Double
    /// Blue (−) … yellow (+).
    package var b: Double

    /// A colour from its three coordinates.
    package init(lightness: Double, a: Double, b: Double) {
        self.lightness = lightness
        self.a = a
        self.b = b
    }

    /// The L\*a\*b\* of an 8-bit sRGB colour: IEC 61966-2-1 decoding to linear light, the sRGB
    /// primaries to XYZ (D65), then CIE's L\*a\*b\* with the D65 white (0.95047, 1, 1.08883).
    package init(sRGBRed red: UInt8, green: UInt8, blue: UInt8) {
        let r = ColorDifference.linear[Int(red)], g = ColorDifference.linear[Int(green)], b = ColorDifference.linear[Int(blue)]
        // The sRGB → XYZ matrix of IEC 61966-2-1 (rows X, Y, Z), divided by the D65 white.
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        let fx = LabColor.f(x), fy = LabColor.f(y), fz = LabColor.f(z)
        self.init(lightness: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// CIE's f(t): the cube root above (6/29)³, a straight line below (so black is finite).
    static func f(_ t: Double) -> Double {
        let epsilon = 216.0 / 24389.0 // (6/29)³
        return t > epsilon ? ScoreMath.cubeRoot(t) : (24389.0 / 27.0 * t + 16) / 116
    }
}

/// CIEDE2000 colour differences (CIE 142-2001; the implementation notes of Sharma, Wu and
/// Dalal, Color Research & Application 30(1), 2005), for perceptual image scores.
///
/// ΔE₀₀ ≈ 1 is about the smallest difference an observer notices side by side; Sharma's
/// just-noticeable difference for ΔE\*ab is 2.3. See docs/GOLDENS.md ("Perceptual scores").
package enum ColorDifference {
    /// sRGB's 8-bit values decoded to linear light (0…1), computed once with `DeterministicMath`.
    static let linear: [Double] = (0...255).map { value in
        let c = Double(value) / 255
        // IEC 61966-2-1: linear below 0.04045, else ((c + 0.055) / 1.055)^2.4.
        return c <= 0.04045 ? c / 12.92 : DeterministicMath.exp(2.4 * DeterministicMath.log((c + 0.055) / 1.055))
    }

    /// The CIEDE2000 difference ΔE₀₀ of two colours (kL = kC = kH = 1); symmetric, 0 for equal
    /// colours. Only IEEE basic operations and `squareRoot()`: the same on every machine.
    package static func ciede2000(_ first: LabColor, _ second: LabColor) -> Double {
        let (l1, a1, b1) = (first.lightness, first.a, first.b)
        let (l2, a2, b2) = (second.lightness, second.a, second.b)
        let c1 = (a1 * a1 + b1 * b1).squareRoot(), c2 = (a2 * a2 + b2 * b2).squareRoot()
        let meanC = (c1 + c2) / 2
        let meanC7 = seventhPower(meanC)
        let twentyFive7 = 6_103_515_625.0 // 25⁷
        let g = 0.5 * (1 - (meanC7 / (meanC7 + twentyFive7)).squareRoot())
        let a1p = (1 + g) * a1, a2p = (1 + g) * a2
        let c1p = (a1p * a1p + b1 * b1).squareRoot(), c2p = (a2p * a2p + b2 * b2).squareRoot()
        let h1p = hueDegrees(b1, a1p), h2p = hueDegrees(b2, a2p)

        let deltaL = l2 - l1
        let deltaC = c2p - c1p
        // Opposite hues differ by exactly 180° in exact arithmetic, but the rounded hues may land
        // a few ulps either side, which flips the branches below (Sharma's pairs 13 and 14 test
        // exactly that): differences within 1e-9° of 180° count as 180°.
        let halfTurn = 180 + 1e-9
        var deltaHue = 0.0
        if c1p * c2p != 0 {
            deltaHue = h2p - h1p
            if deltaHue > halfTurn { deltaHue -= 360 } else if deltaHue < -halfTurn { deltaHue += 360 }
        }
        let deltaH = 2 * (c1p * c2p).squareRoot() * ScoreMath.sinDegrees(deltaHue / 2)

        let meanL = (l1 + l2) / 2
        let meanCp = (c1p + c2p) / 2
        var meanHue = h1p + h2p
        if c1p * c2p != 0 {
            if abs(h1p - h2p) <= halfTurn {
                meanHue = (h1p + h2p) / 2
            } else if h1p + h2p < 360 {
                meanHue = (h1p + h2p + 360) / 2
            } else {
                meanHue = (h1p + h2p - 360) / 2
            }
        }
        let t =
            1 - 0.17 * ScoreMath.cosDegrees(meanHue - 30) + 0.24 * ScoreMath.cosDegrees(2 * meanHue)
            + 0.32 * ScoreMath.cosDegrees(3 * meanHue + 6) - 0.20 * ScoreMath.cosDegrees(4 * meanHue - 63)
        let hueOffset = (meanHue - 275) / 25
        let deltaTheta = 30 * ScoreMath.exp(-hueOffset * hueOffset)
        let meanCp7 = seventhPower(meanCp)
        let rc = 2 * (meanCp7 / (meanCp7 + twentyFive7)).squareRoot()
        let lOffset2 = (meanL - 50) * (meanL - 50)
        let sl = 1 + 0.015 * lOffset2 / (20 + lOffset2).squareRoot()
        let sc = 1 + 0.045 * meanCp
        let sh = 1 + 0.015 * meanCp * t
        let rt = -ScoreMath.sinDegrees(2 * deltaTheta) * rc
        let lightnessTerm = deltaL / sl, chromaTerm = deltaC / sc, hueTerm = deltaH / sh
        let sum = lightnessTerm * lightnessTerm + chromaTerm * chromaTerm + hueTerm * hueTerm + rt * chromaTerm * hueTerm
        return max(0, sum).squareRoot()
    }

    /// The L\*a\*b\* of a premultiplied pixel composited over white (a transparent pixel shows
    /// the page behind it; Flipbook's frames are opaque, where this changes nothing).
    static func lab(overWhite packed: UInt32) -> LabColor {
        let inverse = 255 - (packed >> 24)
        // Over white: c + 255·(1 − a) on premultiplied values is exact in integers.
        let red = UInt8(min(255, (packed & 0xFF) + inverse))
        let green = UInt8(min(255, ((packed >> 8) & 0xFF) + inverse))
        let blue = UInt8(min(255, ((packed >> 16) & 0xFF) + inverse))
        return LabColor(sRGBRed: red, green: green, blue: blue)
    }

    static func seventhPower(_ x: Double) -> Double {
        let x2 = x * x, x3 = x2 * x
        return x3 * x3 * x
    }

    /// atan2(b, a) in degrees, 0…360; 0 when both are 0 (the hue of a grey).
    static func hueDegrees(_ b: Double, _ a: Double) -> Double {
        if a == 0, b == 0 { return 0 }
        let degrees = ScoreMath.atan2Degrees(b, a)
        return degrees < 0 ? degrees + 360 : degrees
    }
}

/// The elementary functions of the scores, from IEEE basic operations only (NoHostMathTests
/// keeps the C library out of Sources): accurate to about 1e-15 relative, far below the four
/// decimals of any colour-science reference, and fast enough for every differing pixel
/// (`DeterministicMath` is correctly rounded but takes a microsecond per call).
enum ScoreMath {
    static let pi = 3.141592653589793
    static let degreesPerRadian = 180 / 3.141592653589793

    /// x^(1/3) for x > 0, by Newton's iteration from the binary exponent's estimate.
    static func cubeRoot(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return x == 0 ? 0 : x }
        // 2^(e/3) · (the chord of ∛ on [1, 8)) is within 10%; six Newton steps then reach 1e-16.
        let exponent = x.exponent
        let third = exponent >= 0 ? exponent / 3 : -((-exponent + 2) / 3)
        let rest = x / Double(sign: .plus, exponent: 3 * third, significand: 1) // in [1, 8)
        var y = Double(sign: .plus, exponent: third, significand: 1 + (rest - 1) / 7)
        for _ in 0..<6 { y -= (y * y * y - x) / (3 * y * y) }
        return y
    }

    /// e^x, reduced by ln 2 to |r| ≤ 0.35 and summed to r¹⁸/18!.
    static func exp(_ x: Double) -> Double {
        if x < -745 { return 0 }
        if x > 709 { return .infinity }
        let ln2 = 0.6931471805599453
        let k = (x / ln2).rounded()
        let r = x - k * ln2
        var term = 1.0, sum = 1.0
        for n in 1...18 {
            term *= r / Double(n)
            sum += term
        }
        return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
    }

    /// sin of an angle in degrees: reduced exactly to a multiple of 90° plus r in [−45°, 45°]
    /// (in degrees the reduction has no π error), then a Taylor series in radians — only the
    /// series the quadrant needs (a score takes six of these per differing pixel).
    static func sinDegrees(_ degrees: Double) -> Double {
        let (quadrant, r) = reduced(degrees)
        switch quadrant {
        case 0: return sinSeries(r)
        case 1: return cosSeries(r)
        case 2: return -sinSeries(r)
        default: return -cosSeries(r)
        }
    }

    /// cos of an angle in degrees, as `sinDegrees`.
    static func cosDegrees(_ degrees: Double) -> Double {
        let (quadrant, r) = reduced(degrees)
        switch quadrant {
        case 0: return cosSeries(r)
        case 1: return -sinSeries(r)
        case 2: return -cosSeries(r)
        default: return sinSeries(r)
        }
    }

    /// `degrees` as quadrant q (0…3) and r radians, degrees = 90q + r (mod 360).
    static func reduced(_ degrees: Double) -> (quadrant: Int, radians: Double) {
        let quadrant = (degrees / 90).rounded()
        let r = (degrees - quadrant * 90) / degreesPerRadian
        let q = Int(quadrant.truncatingRemainder(dividingBy: 4))
        return ((q + 4) % 4, r)
    }

    /// sin r for |r| ≤ π/4, summed to r¹⁹/19!.
    static func sinSeries(_ r: Double) -> Double {
        let r2 = r * r
        var sum = r, term = r
        for n in 1...9 {
            term *= -r2 / Double((2 * n) * (2 * n + 1))
            sum += term
        }
        return sum
    }

    /// cos r for |r| ≤ π/4, summed to r¹⁸/18!.
    static func cosSeries(_ r: Double) -> Double {
        let r2 = r * r
        var sum = 1.0, term = 1.0
        for n in 1...9 {
            term *= -r2 / Double((2 * n - 1) * (2 * n))
            sum += term
        }
        return sum
    }

    /// atan2(y, x) in degrees, −180…180.
    static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
        let ax = abs(x), ay = abs(y)
        // atan of the ratio ≤ 1, then the octant.
        let swap = ay > ax
        let ratio = swap ? ax / ay : ay / ax
        var angle = atanUnit(ratio)
        if swap { angle = pi / 2 - angle }
        if x < 0 { angle = pi - angle }
        if y < 0 { angle = -angle }
        return angle * degreesPerRadian
    }

    /// atan(z) for z in [0, 1]: above tan 15°, atan z = 30° + atan((z√3 − 1)/(√3 + z)), leaving
    /// |z| ≤ 0.268, summed to z²⁵/25 (next term below 1e-16).
    static func atanUnit(_ z: Double) -> Double {
        let tan15 = 0.2679491924311227
        let sqrt3 = 1.7320508075688772
        var offset = 0.0, w = z
        if w > tan15 {
            w = (w * sqrt3 - 1) / (sqrt3 + w)
            offset = pi / 6
        }
        let w2 = w * w
        var sum = 0.0, power = w
        for n in 0...12 {
            let term = power / Double(2 * n + 1)
            sum += n % 2 == 0 ? term : -term
            power *= w2
        }
        return offset + sum
    }
}
