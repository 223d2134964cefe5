import FlipbookRaster

/// A small deterministic random generator for tests (SplitMix64): the same sequence on every
/// machine for a seed, unlike the standard library's generator.
public struct SplitMix {
    /// The state, advanced by the golden-ratio increment on each draw.
    public var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1) with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A uniform double in [`lower`, `upper`).
    public mutating func uniform(_ lower: Double, _ upper: Double) -> Double { lower + (upper - lower) * unit() }

    /// A random byte.
    public mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }

    /// A random valid premultiplied pixel (each colour ≤ alpha).
    public mutating func premultiplied() -> PremultipliedPixel {
        let a = byte()
        func component() -> UInt8 { UInt8(UInt32(byte()) % (UInt32(a) + 1)) }
        return PremultipliedPixel(red: component(), green: component(), blue: component(), alpha: a)
    }
}
