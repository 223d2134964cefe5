import FlipbookRaster

/// FLIP's filters and per-pixel pipeline (see `FLIPComparison`), in Double with only IEEE basic
/// operations, `squareRoot()` and `ScoreMath`'s series: the same scores on every machine. The
/// constants are the paper's (its Table 1 and §4–5) and the colour matrices those of NVIDIA's
/// reference code, so the values agree with it to float precision.
struct FLIPFilters {
    /// The separable contrast-sensitivity filters: achromatic and red-green (one Gaussian each),
    /// and blue-yellow as the sum of two separable Gaussians.
    let luminance: [Double], redGreen: [Double], blueYellow1: [Double], blueYellow2: [Double]
    /// The feature filters along one axis: the Gaussian, its first and its second derivative.
    let gaussian: [Double], edge: [Double], point: [Double]

    init(pixelsPerDegree ppd: Double) {
        let pi = ScoreMath.pi
        // The CSF Gaussians a·√(π/b)·exp(−π²x²/b), x in degrees; the widest (b = 0.04) sets
        // the radius at three standard deviations.
        let radius = Int((3 * (0.04 / (2 * pi * pi)).squareRoot() * ppd).rounded(.up))
        func csf(_ a: Double, _ b: Double, root: Bool) -> [Double] {
            (-radius...radius).map { offset in
                let x = Double(offset) / ppd
                let scale = a * (pi / b).squareRoot()
                return (root ? scale.squareRoot() : scale) * ScoreMath.exp(-pi * pi * x * x / b)
            }
        }
        let y = csf(1, 0.0047, root: false), rg = csf(1, 0.0053, root: false)
        // The blue-yellow filter is s1(x)s1(y) + s2(x)s2(y): each factor is the square root of its
        // Gaussian's weight, and one factor normalises the 2-D sum to 1.
        let by1 = csf(34.1, 0.04, root: true), by2 = csf(13.5, 0.025, root: true)
        let sum1 = by1.reduce(0, +), sum2 = by2.reduce(0, +)
        let byNorm = 1 / (sum1 * sum1 + sum2 * sum2).squareRoot()
        luminance = y.map { $0 / y.reduce(0, +) }
        redGreen = rg.map { $0 / rg.reduce(0, +) }
        blueYellow1 = by1.map { $0 * byNorm }
        blueYellow2 = by2.map { $0 * byNorm }

        // Edges and points: σ is half the 0.082° peak-to-trough width of the human edge detector.
        let sigma = 0.5 * 0.082 * ppd
        let featureRadius = Int((3 * sigma).rounded(.up))
        let g = (-featureRadius...featureRadius).map { ScoreMath.exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let dg = zip(-featureRadius...featureRadius, g).map { -Double($0) * $1 }
        let ddg = zip(-featureRadius...featureRadius, g).map { (Double($0 * $0) / (sigma * sigma) - 1) * $1 }
        // The Gaussian sums to 1; each derivative's positive weights to 1 and negative ones to −1.
        func balanced(_ weights: [Double]) -> [Double] {
            let positive = weights.filter { $0 > 0 }.reduce(0, +), negative = -weights.filter { $0 < 0 }.reduce(0, +)
            return weights.map { $0 > 0 ? $0 / positive : $0 / negative }
        }
        gaussian = g.map { $0 / g.reduce(0, +) }
        edge = balanced(dg)
        point = balanced(ddg)
    }

    /// A pixel composited over white, as YCxCz (D65).
    static func ycxcz(premultiplied packed: UInt32) -> (y: Double, cx: Double, cz: Double) {
        let inverse = 255 - (packed >> 24)
        let r = ColorDifference.linear[Int(min(255, (packed & 0xFF) + inverse))]
        let g = ColorDifference.linear[Int(min(255, ((packed >> 8) & 0xFF) + inverse))]
        let b = ColorDifference.linear[Int(min(255, ((packed >> 16) & 0xFF) + inverse))]
        let (x, yy, z) = linearToXYZ(r, g, b)
        let xn = x * 1.052156925, zn = z * 0.918357670
        return (116 * yy - 16, 500 * (xn - yy), 200 * (yy - zn))
    }

    /// Linear sRGB to XYZ (D65), the reference code's rational matrix.
    static func linearToXYZ(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        (
            (10135552 * r + 8788810 * g + 4435075 * b) / 24577794,
            (2613072 * r + 8788810 * g + 887015 * b) / 12288897,
            (1425312 * r + 8788810 * g + 70074185 * b) / 73733382
        )
    }

    /// Hunt-adjusted L\*a\*b\* of a filtered YCxCz colour, clamped to the linear-RGB cube first.
    static func huntLab(_ y: Double, _ cx: Double, _ cz: Double) -> (Double, Double, Double) {
        let yn = (y + 16) / 116
        let x = (yn + cx / 500) * 0.950428545, z = (yn - cz / 200) * 1.088900371
        func clamp(_ v: Double) -> Double { min(1, max(0, v)) }
        let r = clamp(3.241003275 * x - 1.537398934 * yn - 0.498615861 * z)
        let g = clamp(-0.969224334 * x + 1.875930071 * yn + 0.041554224 * z)
        let b = clamp(0.055639423 * x - 0.204011202 * yn + 1.057148933 * z)
        let (xx, yy, zz) = linearToXYZ(r, g, b)
        func f(_ t: Double) -> Double {
            let delta = 6.0 / 29.0
            return t > delta * delta * delta ? ScoreMath.cubeRoot(t) : t / (3 * delta * delta) + 4.0 / 29.0
        }
        let fx = f(xx * 1.052156925), fy = f(yy), fz = f(zz * 0.918357670)
        let l = 116 * fy - 16
        return (l, 0.01 * l * 500 * (fx - fy), 0.01 * l * 200 * (fy - fz))
    }

    /// HyAB: the city-block lightness difference plus the Euclidean chroma difference.
    static func hyab(_ p: (Double, Double, Double), _ q: (Double, Double, Double)) -> Double {
        abs(p.0 - q.0) + ((p.1 - q.1) * (p.1 - q.1) + (p.2 - q.2) * (p.2 - q.2)).squareRoot()
    }

    /// cmax: HyAB between pure green and pure blue to the power 0.7, the largest colour difference.
    static let maximumColorDifference: Double = {
        let (gx, gy, gz) = linearToXYZ(0, 1, 0), (bx, by, bz) = linearToXYZ(0, 0, 1)
        func lab(_ x: Double, _ y: Double, _ z: Double) -> (Double, Double, Double) {
            let fx = ScoreMath.cubeRoot(x * 1.052156925), fy = ScoreMath.cubeRoot(y), fz = ScoreMath.cubeRoot(z * 0.918357670)
            let l = 116 * fy - 16
            return (l, 0.01 * l * 500 * (fx - fy), 0.01 * l * 200 * (fy - fz))
        }
        return power(hyab(lab(gx, gy, gz), lab(bx, by, bz)), 0.7)
    }()

    /// x^e for x ≥ 0.
    static func power(_ x: Double, _ e: Double) -> Double {
        x > 0 ? ScoreMath.exp(e * ScoreMath.log(x)) : 0
    }

    /// The per-pixel FLIP of rows `rows` of the top-left `width`×`height` of both images,
    /// row-major.
    ///
    /// A pixel whose every neighbour within the filters' reach is the same in both images
    /// filters to the same values, so its FLIP is exactly 0: only pixels within `reach` (in x
    /// and in y) of a differing one are scored. The horizontal passes of the rows a scored pixel
    /// reads are computed once each and kept while rows within the filters' radius need them
    /// (`HorizontalRows`), so the memory is a band's scores and a few rows' filters.
    func errors(_ reference: PremultipliedImage, _ actual: PremultipliedImage, width: Int, height: Int, rows: Range<Int>) -> [Double] {
        var map = [Double](repeating: 0, count: rows.count * width)
        let reach = max(luminance.count, gaussian.count) / 2
        let radius = luminance.count / 2, featureRadius = gaussian.count / 2
        // Per row of the band and `reach` around it, the differing columns spread by `reach`;
        // a pixel is scored when a row within `reach` of its own has its column spread.
        let window = max(0, rows.lowerBound - reach)..<min(height, rows.upperBound + reach)
        var spread = [Bool](repeating: false, count: window.count * width)
        var rowSpreads = [Bool](repeating: false, count: window.count)
        for row in window {
            var lastDiffering = Int.min / 2
            let at = (row - window.lowerBound) * width
            for column in 0..<width where reference.pixels[row * reference.width + column] != actual.pixels[row * actual.width + column] {
                // Columns up to lastDiffering + reach are marked already.
                let from = max(0, column - reach, lastDiffering + reach + 1), to = min(width - 1, column + reach)
                if from <= to {
                    for near in from...to { spread[at + near] = true }
                }
                lastDiffering = column
                rowSpreads[row - window.lowerBound] = true
            }
        }
        guard rowSpreads.contains(true) else { return map }
        // How many rows within `reach` of the current row have each column spread.
        var near = [Int32](repeating: 0, count: width)
        func count(_ row: Int, _ delta: Int32) {
            guard window.contains(row), rowSpreads[row - window.lowerBound] else { return }
            let at = (row - window.lowerBound) * width
            for column in 0..<width where spread[at + column] { near[column] += delta }
        }
        for row in (rows.lowerBound - reach)..<(rows.lowerBound + reach) { count(row, 1) }
        var a = HorizontalRows(filters: self, image: reference, width: width, height: height, keep: 2 * max(radius, featureRadius) + 1)
        var b = HorizontalRows(filters: self, image: actual, width: width, height: height, keep: 2 * max(radius, featureRadius) + 1)
        let cmax = Self.maximumColorDifference, pccmax = 0.4 * cmax
        for row in rows {
            count(row + reach, 1)
            defer { count(row - reach, -1) }
            guard near.contains(where: { $0 > 0 }) else { continue }
            for k in -max(radius, featureRadius)...max(radius, featureRadius) {
                let source = min(max(0, row + k), height - 1)
                a.prepare(source); b.prepare(source)
            }
            // The rows each filter reads, clamped at the image's edges.
            let colorRows = (-radius...radius).map { min(max(0, row + $0), height - 1) }
            let featureRows = (-featureRadius...featureRadius).map { min(max(0, row + $0), height - 1) }
            let colors = (colorRows.map(a.color), colorRows.map(b.color))
            let featureValues = (featureRows.map(a.feature), featureRows.map(b.feature))
            for column in 0..<width where near[column] > 0 {
                func filtered(_ rows: [[Double]]) -> (Double, Double, Double) {
                    var y = 0.0, cx = 0.0, cz = 0.0
                    for k in -radius...radius {
                        let color = rows[k + radius], at = 4 * column, w = k + radius
                        y += luminance[w] * color[at]
                        cx += redGreen[w] * color[at + 1]
                        cz += blueYellow1[w] * color[at + 2] + blueYellow2[w] * color[at + 3]
                    }
                    return Self.huntLab(y, cx, cz)
                }
                var colorDifference = Self.power(Self.hyab(filtered(colors.0), filtered(colors.1)), 0.7)
                // Remapped to 0…1: up to 0.4·cmax onto 0…0.95, the rest onto 0.95…1.
                colorDifference =
                    colorDifference < pccmax
                    ? colorDifference * 0.95 / pccmax : 0.95 + (colorDifference - pccmax) / (cmax - pccmax) * 0.05
                func features(_ rows: [[Double]]) -> (edge: Double, point: Double) {
                    var dx = 0.0, ddx = 0.0, dy = 0.0, ddy = 0.0
                    for k in -featureRadius...featureRadius {
                        let feature = rows[k + featureRadius], at = 3 * column, w = k + featureRadius
                        dx += gaussian[w] * feature[at]
                        ddx += gaussian[w] * feature[at + 1]
                        dy += edge[w] * feature[at + 2]
                        ddy += point[w] * feature[at + 2]
                    }
                    return ((dx * dx + dy * dy).squareRoot(), (ddx * ddx + ddy * ddy).squareRoot())
                }
                let p = features(featureValues.0), q = features(featureValues.1)
                let featureDifference = (max(abs(p.edge - q.edge), abs(p.point - q.point)) / 2.0.squareRoot()).squareRoot()
                map[(row - rows.lowerBound) * width + column] = Self.power(colorDifference, 1 - featureDifference)
            }
        }
        return map
    }

    /// One row's YCxCz, then the horizontal passes of both pipelines (colour: Y, Cx and the two
    /// blue-yellow Gaussians, 4 values a pixel; features: edge, point, Gaussian, 3 values).
    func horizontalPasses(_ image: PremultipliedImage, row: Int, width: Int) -> (color: [Double], feature: [Double]) {
        var ycc = [Double](repeating: 0, count: 3 * width)
        for column in 0..<width {
            let (y, cx, cz) = Self.ycxcz(premultiplied: image.pixels[row * image.width + column])
            ycc[3 * column] = y; ycc[3 * column + 1] = cx; ycc[3 * column + 2] = cz
        }
        let radius = luminance.count / 2, featureRadius = gaussian.count / 2
        var color = [Double](repeating: 0, count: 4 * width), feature = [Double](repeating: 0, count: 3 * width)
        for column in 0..<width {
            var y = 0.0, cx = 0.0, cz1 = 0.0, cz2 = 0.0
            for k in -radius...radius {
                let at = 3 * min(max(0, column + k), width - 1), w = k + radius
                y += luminance[w] * ycc[at]
                cx += redGreen[w] * ycc[at + 1]
                cz1 += blueYellow1[w] * ycc[at + 2]
                cz2 += blueYellow2[w] * ycc[at + 2]
            }
            color[4 * column] = y; color[4 * column + 1] = cx; color[4 * column + 2] = cz1; color[4 * column + 3] = cz2
            var dx = 0.0, ddx = 0.0, g = 0.0
            for k in -featureRadius...featureRadius {
                // Luminance normalised to 0…1.
                let value = ycc[3 * min(max(0, column + k), width - 1)] / 116 + 16.0 / 116.0
                let w = k + featureRadius
                dx += edge[w] * value
                ddx += point[w] * value
                g += gaussian[w] * value
            }
            feature[3 * column] = dx; feature[3 * column + 1] = ddx; feature[3 * column + 2] = g
        }
        return (color, feature)
    }

    /// The horizontal passes of the last `keep` rows one image's scoring asked for, each
    /// computed once while it is kept (row r in slot r mod `keep`).
    struct HorizontalRows {
        let filters: FLIPFilters, image: PremultipliedImage, width: Int, height: Int, keep: Int
        private var rows: [Int]
        private var colors: [[Double]], features: [[Double]]

        init(filters: FLIPFilters, image: PremultipliedImage, width: Int, height: Int, keep: Int) {
            self.filters = filters; self.image = image; self.width = width; self.height = height; self.keep = keep
            rows = [Int](repeating: -1, count: keep)
            colors = [[Double]](repeating: [], count: keep)
            features = [[Double]](repeating: [], count: keep)
        }

        /// Makes sure row `row`'s passes are kept.
        mutating func prepare(_ row: Int) {
            let slot = row % keep
            guard rows[slot] != row else { return }
            (colors[slot], features[slot]) = filters.horizontalPasses(image, row: row, width: width)
            rows[slot] = row
        }

        func color(_ row: Int) -> [Double] { colors[row % keep] }
        func feature(_ row: Int) -> [Double] { features[row % keep] }
    }

    /// FLIP 0…1 through the magma colour map, as an opaque packed pixel (index ⌊255·v + ½⌋).
    static func magma(_ value: Double) -> UInt32 {
        let rgb = magmaTable[Int((min(1, max(0, value)) * 255).rounded())]
        return 0xFF00_0000 | ((rgb & 0xFF) << 16) | (rgb & 0xFF00) | ((rgb >> 16) & 0xFF)
    }

    /// Matplotlib's magma map, 256 entries as 0xRRGGBB (NVIDIA's table rounded to 8 bits).
    static let magmaTable: [UInt32] = [
        0x000004, 0x010005, 0x010106, 0x010108, 0x020109, 0x02020B, 0x02020D, 0x03030F, 0x030312, 0x040414, 0x050416, 0x060518,
        0x06051A, 0x07061C, 0x08071E, 0x090720, 0x0A0822, 0x0B0924, 0x0C0926, 0x0D0A29, 0x0E0B2B, 0x100B2D, 0x110C2F, 0x120D31,
        0x130D34, 0x140E36, 0x150E38, 0x160F3B, 0x180F3D, 0x19103F, 0x1A1042, 0x1C1044, 0x1D1147, 0x1E1149, 0x20114B, 0x21114E,
        0x221150, 0x241253, 0x251255, 0x271258, 0x29115A, 0x2A115C, 0x2C115F, 0x2D1161, 0x2F1163, 0x311165, 0x331067, 0x341069,
        0x36106B, 0x38106C, 0x390F6E, 0x3B0F70, 0x3D0F71, 0x3F0F72, 0x400F74, 0x420F75, 0x440F76, 0x451077, 0x471078, 0x491078,
        0x4A1079, 0x4C117A, 0x4E117B, 0x4F127B, 0x51127C, 0x52137C, 0x54137D, 0x56147D, 0x57157E, 0x59157E, 0x5A167E, 0x5C167F,
        0x5D177F, 0x5F187F, 0x601880, 0x621980, 0x641A80, 0x651A80, 0x671B80, 0x681C81, 0x6A1C81, 0x6B1D81, 0x6D1D81, 0x6E1E81,
        0x701F81, 0x721F81, 0x732081, 0x752181, 0x762181, 0x782281, 0x792282, 0x7B2382, 0x7C2382, 0x7E2482, 0x802582, 0x812581,
        0x832681, 0x842681, 0x862781, 0x882781, 0x892881, 0x8B2981, 0x8C2981, 0x8E2A81, 0x902A81, 0x912B81, 0x932B80, 0x942C80,
        0x962C80, 0x982D80, 0x992D80, 0x9B2E7F, 0x9C2E7F, 0x9E2F7F, 0xA02F7F, 0xA1307E, 0xA3307E, 0xA5317E, 0xA6317D, 0xA8327D,
        0xAA337D, 0xAB337C, 0xAD347C, 0xAE347B, 0xB0357B, 0xB2357B, 0xB3367A, 0xB5367A, 0xB73779, 0xB83779, 0xBA3878, 0xBC3978,
        0xBD3977, 0xBF3A77, 0xC03A76, 0xC23B75, 0xC43C75, 0xC53C74, 0xC73D73, 0xC83E73, 0xCA3E72, 0xCC3F71, 0xCD4071, 0xCF4070,
        0xD0416F, 0xD2426F, 0xD3436E, 0xD5446D, 0xD6456C, 0xD8456C, 0xD9466B, 0xDB476A, 0xDC4869, 0xDE4968, 0xDF4A68, 0xE04C67,
        0xE24D66, 0xE34E65, 0xE44F64, 0xE55064, 0xE75263, 0xE85362, 0xE95462, 0xEA5661, 0xEB5760, 0xEC5860, 0xED5A5F, 0xEE5B5E,
        0xEF5D5E, 0xF05F5E, 0xF1605D, 0xF2625D, 0xF2645C, 0xF3655C, 0xF4675C, 0xF4695C, 0xF56B5C, 0xF66C5C, 0xF66E5C, 0xF7705C,
        0xF7725C, 0xF8745C, 0xF8765C, 0xF9785D, 0xF9795D, 0xF97B5D, 0xFA7D5E, 0xFA7F5E, 0xFA815F, 0xFB835F, 0xFB8560, 0xFB8761,
        0xFC8961, 0xFC8A62, 0xFC8C63, 0xFC8E64, 0xFC9065, 0xFD9266, 0xFD9467, 0xFD9668, 0xFD9869, 0xFD9A6A, 0xFD9B6B, 0xFE9D6C,
        0xFE9F6D, 0xFEA16E, 0xFEA36F, 0xFEA571, 0xFEA772, 0xFEA973, 0xFEAA74, 0xFEAC76, 0xFEAE77, 0xFEB078, 0xFEB27A, 0xFEB47B,
        0xFEB67C, 0xFEB77E, 0xFEB97F, 0xFEBB81, 0xFEBD82, 0xFEBF84, 0xFEC185, 0xFEC287, 0xFEC488, 0xFEC68A, 0xFEC88C, 0xFECA8D,
        0xFECC8F, 0xFECD90, 0xFECF92, 0xFED194, 0xFED395, 0xFED597, 0xFED799, 0xFED89A, 0xFDDA9C, 0xFDDC9E, 0xFDDEA0, 0xFDE0A1,
        0xFDE2A3, 0xFDE3A5, 0xFDE5A7, 0xFDE7A9, 0xFDE9AA, 0xFDEBAC, 0xFCECAE, 0xFCEEB0, 0xFCF0B2, 0xFCF2B4, 0xFCF4B6, 0xFCF6B8,
        0xFCF7B9, 0xFCF9BB, 0xFCFBBD, 0xFCFDBF
    ]
}

extension ScoreMath {
    /// ln x for x > 0: x = m·2^e with m in [√½, √2), ln m = 2·atanh((m − 1)/(m + 1)) summed
    /// to s²³/23 (|s| ≤ 0.172, next term below 1e-18).
    static func log(_ x: Double) -> Double {
        var exponent = Double(x.exponent)
        var m = x.significand // [1, 2)
        if m > 1.4142135623730951 {
            m /= 2
            exponent += 1
        }
        let s = (m - 1) / (m + 1), s2 = s * s
        var term = s, sum = 0.0
        for n in stride(from: 1, through: 23, by: 2) {
            sum += term / Double(n)
            term *= s2
        }
        return 2 * sum + exponent * 0.6931471805599453
    }
}
