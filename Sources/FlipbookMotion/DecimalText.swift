extension Double {
    /// A finite number written in plain decimal notation: an optional sign, digits with an
    /// optional decimal point (`5`, `-0.25`, `.5`, `2.`), an optional exponent (`1e-3`, `2E+6`).
    /// nil for anything else — hexadecimal (`0x10`, which `Double(_:)` reads as 16), `inf`,
    /// `nan`, underscores, spaces, an empty string — and for a value too large for a `Double`
    /// (`1e400`). Command-line options and curve parameters are read with it.
    package init?<Text: StringProtocol>(decimalText text: Text) {
        var bytes = Array(text.utf8)[...]
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        func digits() -> Int {
            let count = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        var mantissaDigits = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return nil }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return nil }
        }
        guard bytes.isEmpty, let value = Double(String(text)), value.isFinite else { return nil }
        self = value
    }
}

extension Double {
    /// The number as people write it, for messages and JSON: whole numbers without a decimal point
    /// (`5`, `-2`, `0`), others in Swift's shortest round-trip form (`0.25`, `1e-07`, `1e+300`).
    /// Whole numbers of 10^15 or more keep Swift's form too (an `Int` would not be exact). The one
    /// formatter of this kind: errors, `timeline.json` and display lists use it (the curve CSV and
    /// picture labels round on purpose, with `%g`).
    package var shortestText: String {
        guard isFinite else { return "\(self)" }
        return self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : "\(self)"
    }
}
