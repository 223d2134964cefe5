/// PNG row filters (PNG spec §9) over packed 8-bit rows, 16 bytes per SIMD step.
///
/// With `x` the byte being filtered, `a` the byte `bytesPerPixel` to its left (0 in the first
/// pixel), `b` the byte above (0 in the first row) and `c` the byte above `a`, each filter writes
/// `x − predictor` (mod 256): none 0, sub `a`, up `b`, average `⌊(a + b) / 2⌋`, Paeth the one of
/// `a`, `b`, `c` closest to `a + b − c` (ties: `a`, then `b`). Every predictor is a function of
/// unfiltered bytes only, so all 16 lanes of a step are independent.
///
/// Rows are read through pointers that must have at least 16 readable bytes before the row (the
/// left neighbours of the first pixel, which must be zero) and 16 after it (the last step reads
/// past the row's end; those lanes are not stored).
enum PNGRowFilter {
    /// PNG's filter type byte for each single filter.
    static func typeByte(_ filter: PNGFilter) -> UInt8 {
        switch filter {
        case .none: return 0
        case .sub: return 1
        case .up: return 2
        case .average: return 3
        case .paeth: return 4
        case .adaptive: preconditionFailure("adaptive is a choice among the five filters, not a filter")
        }
    }

    /// The five single filters, in type-byte order.
    static let single: [PNGFilter] = [.none, .sub, .up, .average, .paeth]

    typealias Bytes = SIMD16<UInt8>

    /// Filters `count` bytes of `row` (the row above: `above`, all zero for the first row) into
    /// `out`, which needs room for `count` bytes (exactly; nothing past it is written).
    @inline(__always)
    static func filter(
        _ filter: PNGFilter, row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>,
        count: Int, bytesPerPixel bpp: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        switch filter {
        case .none: out.update(from: row, count: count)
        case .sub: run(row, above, count, bpp, out) { x, a, _, _ in x &- a }
        case .up: run(row, above, count, bpp, out) { x, _, b, _ in x &- b }
        case .average: run(row, above, count, bpp, out) { x, a, b, _ in x &- average(a, b) }
        case .paeth: run(row, above, count, bpp, out) { x, a, b, c in x &- paeth(a, b, c) }
        case .adaptive: preconditionFailure("adaptive is a choice among the five filters, not a filter")
        }
    }

    /// Applies `body(x, a, b, c)` to every 16-byte step and stores the results; the last partial
    /// step is computed in full and only its valid lanes are stored.
    @inline(__always)
    private static func run(
        _ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int,
        _ out: UnsafeMutablePointer<UInt8>, _ body: (Bytes, Bytes, Bytes, Bytes) -> Bytes
    ) {
        let x = UnsafeRawPointer(row), b = UnsafeRawPointer(above)
        let a = x - bpp, c = b - bpp
        var i = 0
        while i + 16 <= count {
            let result = body(
                x.loadUnaligned(fromByteOffset: i, as: Bytes.self), a.loadUnaligned(fromByteOffset: i, as: Bytes.self),
                b.loadUnaligned(fromByteOffset: i, as: Bytes.self), c.loadUnaligned(fromByteOffset: i, as: Bytes.self))
            UnsafeMutableRawPointer(out + i).storeBytes(of: result, as: Bytes.self)
            i += 16
        }
        if i < count {
            let result = body(
                x.loadUnaligned(fromByteOffset: i, as: Bytes.self), a.loadUnaligned(fromByteOffset: i, as: Bytes.self),
                b.loadUnaligned(fromByteOffset: i, as: Bytes.self), c.loadUnaligned(fromByteOffset: i, as: Bytes.self))
            for lane in 0..<(count - i) { out[i + lane] = result[lane] }
        }
    }

    /// ⌊(a + b) / 2⌋ without widening: the common bits plus half the differing ones.
    @inline(__always)
    static func average(_ a: Bytes, _ b: Bytes) -> Bytes {
        (a & b) &+ ((a ^ b) &>> 1)
    }

    /// The Paeth predictor in byte lanes. With p = a + b − c: |p − a| = |b − c|, |p − b| = |a − c|
    /// and |p − c| = |(a − c) + (b − c)|, which is |b − c| + |a − c| when both differences have
    /// the same sign and the difference of the two magnitudes otherwise. The sum can exceed 255;
    /// it is saturated, which decides every comparison the same way (the other two are ≤ 255).
    @inline(__always)
    static func paeth(_ a: Bytes, _ b: Bytes, _ c: Bytes) -> Bytes {
        let pa = pointwiseMax(b, c) &- pointwiseMin(b, c)
        let pb = pointwiseMax(a, c) &- pointwiseMin(a, c)
        let sameSign = .!((b .>= c) .^ (a .>= c))
        let sum = pa &+ pb
        let saturated = sum.replacing(with: 255, where: sum .< pa)
        let difference = pointwiseMax(pa, pb) &- pointwiseMin(pa, pb)
        let pc = difference.replacing(with: saturated, where: sameSign)
        var predictor = c.replacing(with: b, where: pb .<= pc)
        predictor.replace(with: a, where: (pa .<= pb) .& (pa .<= pc))
        return predictor
    }

    /// libpng's heuristic for choosing a row's filter: the sum of the filtered bytes taken as
    /// signed magnitudes (`min(v, 256 − v)`); the smallest sum wins.
    static func cost(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int {
        let raw = UnsafeRawPointer(bytes)
        var total = SIMD4<UInt32>()
        var i = 0
        while i + 16 <= count {
            let v = raw.loadUnaligned(fromByteOffset: i, as: Bytes.self)
            let magnitude = pointwiseMin(v, 0 &- v)
            // Four bytes per 32-bit lane, summed without widening each byte.
            let words = unsafeBitCast(magnitude, to: SIMD4<UInt32>.self)
            total &+= (words & 0xFF) &+ ((words &>> 8) & 0xFF) &+ ((words &>> 16) & 0xFF) &+ (words &>> 24)
            i += 16
        }
        var sum = Int(total.wrappedSum())
        while i < count {
            let v = Int(bytes[i])
            sum += min(v, 256 - v)
            i += 1
        }
        return sum
    }
}
