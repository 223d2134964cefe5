/// Text from an input file or the command line as it may appear in a message: the one place that
/// decides how a name, key or value a user gave is quoted back in an error.
///
/// A message is one line a person reads in a terminal or a CI log, so what it echoes is bounded
/// (an 8 MB unknown key must not make a 16 MB line) and cannot act on the terminal (an ESC or BEL
/// in a layer name must not retitle it or hide the rest of the line). `package`: shared by every
/// module that reports input back (text warnings, scene files, suggestions, the command line),
/// not part of `import Flipbook`.
package enum InputText {
    /// The most Unicode scalars of an input a message shows (about one line): longer text is cut
    /// there and ends with "…".
    package static let maximumShownScalars = 80

    /// `text` safe to print inside a message: control characters (C0, DEL, C1) and the
    /// invisible bidirectional controls written as JSON escapes (`\n`, `\t`, `\r`, `\u001b`,
    /// `\u202e`), and anything past `maximumShownScalars` scalars replaced by "…". Reads at most
    /// that many scalars of `text`, so it costs the same for 80 bytes and 8 MB. Ordinary text —
    /// letters of any script, emoji, spaces, quotes — is unchanged.
    package static func excerpt(_ text: String, limit: Int = maximumShownScalars) -> String {
        var result = ""
        var shown = 0
        for scalar in text.unicodeScalars {
            if shown == limit { return result + "…" }
            shown += 1
            switch scalar.value {
            case 0x0A: result += "\\n"
            case 0x09: result += "\\t"
            case 0x0D: result += "\\r"
            case _ where isEscaped(scalar): result += unicodeEscape(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` with its control characters escaped as `excerpt` does, but whole: for a path (shown
    /// whole, as file errors show it) or a message line built of inputs each already cut.
    package static func escaped(_ text: String) -> String { excerpt(text, limit: .max) }

    /// True for the scalars a message never shows raw: control characters (C0, DEL, C1) and the
    /// invisible bidirectional controls.
    package static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `\u001b`: the JSON escape of `scalar` (four hex digits; the escaped scalars all fit).
    package static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `excerpt(text)` in double quotes, as file errors quote JSON strings: `"box"`.
    package static func quoted(_ text: String) -> String { "\"" + excerpt(text) + "\"" }

    /// `excerpt(text)` in single quotes, as usage errors quote arguments: `'pussh'`.
    package static func singleQuoted(_ text: String) -> String { "'" + excerpt(text) + "'" }
}
