import Foundation

/// How the package writes numbers in messages, labels and reports — the one home of number
/// formatting (JSON output uses `JSON.number`, which is `shortest` with `null` for non-finite).
package enum NumberText {
    /// As people write it: `2`, `0.25`, `1e-07` (`Double.shortestText`).
    package static func shortest(_ value: Double) -> String { value.shortestText }

    /// `digits` significant digits, C `%g` style: `significant(1 / 3, digits: 4)` is `0.3333`,
    /// `significant(375, digits: 4)` is `375`. Deterministic; the reference CSVs use 15 digits.
    package static func significant(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)g", value)
    }

    /// `decimals` digits after the point, rounded: `fixed(1.5, decimals: 3)` is `1.500`.
    package static func fixed(_ value: Double, decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
