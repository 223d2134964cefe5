import Foundation

/// Why a folder's sources could not be rewritten: each names the file, line and column.
package enum UIKitSourcesError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// A construct the rewriter cannot turn into Linux Swift (or cannot read), at `place` of `file`.
    case cannotRewrite(file: String, place: SourcePlace, reason: String)

    /// `FILE:LINE:COLUMN: REASON`, the compilers' form, so editors can jump to it.
    package var description: String {
        switch self {
        case let .cannotRewrite(file, place, reason): return "\(file):\(place.line):\(place.column): \(reason)"
        }
    }

    package var errorDescription: String? { description }
}
