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

extension Double {
    /// The number as people write a fact of a timing (a duration, a time, a frame rate, a
    /// damping ratio) on the review page and in its Markdown summary: rounded to four decimals,
    /// then in its shortest form (`0.7000000000000001` → `0.7`, `0.9882741045832352` → `0.9883`,
    /// `60` → `60`). Four decimals are a tenth of a millisecond, finer than any frame interval
    /// (a 240 fps frame is 4.2 ms), and the page's script rounds its times the same way. A
    /// non-zero value that four decimals would show as 0 (`4e-05`), and values of 10^11 or
    /// more, where the rounding could not be exact, keep their shortest form (`shortestText`).
    package var factText: String {
        guard isFinite, abs(self) < 1e11 else { return shortestText }
        // (x · 10⁴).rounded() is a whole number below 10^15, exact in a Double; dividing it by
        // 10⁴ gives the Double nearest that four-decimal number, which prints as that number.
        let rounded = (self * 10_000).rounded() / 10_000
        return rounded == 0 && self != 0 ? shortestText : rounded.shortestText
    }
}
