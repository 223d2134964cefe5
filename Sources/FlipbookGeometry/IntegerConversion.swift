extension Int {
    /// `value` rounded toward zero and limited to `bounds`; NaN gives `bounds.lowerBound`.
    ///
    /// The one conversion from a floating-point number to an integer on the render path: Swift's
    /// `Int(_:)` traps on NaN, on infinities and beyond ±2⁶³, which coordinates and counts derived
    /// from a file's numbers reach easily (twelve nested layers scaled by −1000 make 10³⁶). Round
    /// first (`.rounded(.up)`, `.rounded(.down)`, `.rounded()`) when the direction matters.
    @inlinable package init(clamping value: Double, to bounds: ClosedRange<Int>) {
        // Compare in Double: the bounds as Doubles may round up (Int.max → 2⁶³), so the upper
        // test is `>=` and the conversion happens only strictly inside them.
        if !(value > Double(bounds.lowerBound)) {
            self = bounds.lowerBound
        } else if value >= Double(bounds.upperBound) {
            self = bounds.upperBound
        } else {
            self = Swift.min(Swift.max(Int(value), bounds.lowerBound), bounds.upperBound)
        }
    }
}
