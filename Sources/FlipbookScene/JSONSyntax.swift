/// A strict check of JSON syntax (RFC 8259), run on a manifest before Foundation's parser, which
/// accepts trailing commas (`[1, 2,]`, `{"a": 1,}`) and lets a repeated key silently replace the
/// first. Those, and every other syntax error, are reported with a line and column (1-based,
/// columns in bytes) and what was expected.
///
/// Also refused: nesting deeper than `maximumDepth`, control characters in strings, lone UTF-16
/// surrogates in `\u` escapes, numbers outside the grammar (`01`, `1.`, `.5`, `+1`, `NaN`),
/// comments, and anything after the value. A UTF-8 byte-order mark at the start is skipped.
/// The checker never quotes more of the file than the one character it stopped at.
enum JSONSyntax {
    /// How deep arrays and objects may nest (Foundation's own limit), so a file of `[[[[…` is an
    /// error rather than a deep recursion.
    static let maximumDepth = 512

    /// Where and why the text is not JSON.
    struct Failure: Error, Equatable {
        /// 1-based line.
        var line: Int
        /// 1-based column, in bytes.
        var column: Int
        /// What is wrong ("a trailing comma before ']'").
        var message: String

        /// "line 3, column 12: …".
        var description: String { "line \(line), column \(column): \(message)" }
    }

    /// Throws the first syntax error of `bytes`, if any.
    static func check(_ bytes: [UInt8]) throws {
        var scanner = Scanner(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.index = 3 }
        scanner.skipWhitespace()
        try scanner.value(depth: 1)
        scanner.skipWhitespace()
        if scanner.index < bytes.count { throw scanner.failure("unexpected \(scanner.found) after the end of the JSON value") }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        /// The byte at the cursor, for a message: `'x'`, `byte 0xE2`, or `the end of the file`.
        var found: String {
            guard let byte = current else { return "the end of the file" }
            if byte == UInt8(ascii: "'") { return "\"'\"" }
            return (0x21...0x7E).contains(byte) ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
        }

        func failure(_ message: String, at position: Int? = nil) -> Failure {
            let end = min(position ?? index, bytes.count)
            var line = 1, column = 1
            for byte in bytes[..<end] {
                if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
            }
            return Failure(line: line, column: column, message: message)
        }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        mutating func value(depth: Int) throws {
            guard let byte = current else { throw failure("expected a value, found the end of the file") }
            switch byte {
            case UInt8(ascii: "{"): try object(depth: depth)
            case UInt8(ascii: "["): try array(depth: depth)
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "/"): throw failure("comments are not JSON")
            default: throw failure("expected a value (an object, array, string, number, true, false or null), found \(found)")
            }
        }

        mutating func nest(_ depth: Int) throws {
            guard depth <= JSONSyntax.maximumDepth else {
                throw failure("arrays and objects are nested more than \(JSONSyntax.maximumDepth) levels deep")
            }
        }

        mutating func object(depth: Int) throws {
            try nest(depth)
            index += 1  // {
            skipWhitespace()
            if current == UInt8(ascii: "}") { index += 1; return }
            var keys = Set<[UInt8]>()
            while true {
                guard current == UInt8(ascii: "\"") else { throw failure("expected a key in double quotes, found \(found)") }
                let keyStart = index
                let key = try string()
                guard keys.insert(key).inserted else {
                    throw failure("the key \"\(String(decoding: key, as: UTF8.self))\" appears twice in this object", at: keyStart)
                }
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the key, found \(found)") }
                index += 1
                skipWhitespace()
                try value(depth: depth + 1)
                skipWhitespace()
                if current == UInt8(ascii: "}") { index += 1; return }
                guard current == UInt8(ascii: ",") else { throw failure("expected ',' or '}' after a value in an object, found \(found)") }
                let comma = index
                index += 1
                skipWhitespace()
                if current == UInt8(ascii: "}") { throw failure("a trailing comma before '}' (JSON allows none)", at: comma) }
            }
        }

        mutating func array(depth: Int) throws {
            try nest(depth)
            index += 1  // [
            skipWhitespace()
            if current == UInt8(ascii: "]") { index += 1; return }
            while true {
                try value(depth: depth + 1)
                skipWhitespace()
                if current == UInt8(ascii: "]") { index += 1; return }
                guard current == UInt8(ascii: ",") else { throw failure("expected ',' or ']' after an array element, found \(found)") }
                let comma = index
                index += 1
                skipWhitespace()
                if current == UInt8(ascii: "]") { throw failure("a trailing comma before ']' (JSON allows none)", at: comma) }
            }
        }

        /// A string's content with escapes decoded (UTF-8 bytes; other bytes passed through).
        mutating func string() throws -> [UInt8] {
            let start = index
            index += 1  // "
            var content: [UInt8] = []
            while true {
                guard let byte = current else { throw failure("a string that is never closed", at: start) }
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return content
                case UInt8(ascii: "\\"):
                    guard let escape = current else { throw failure("a string that is never closed", at: start) }
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): content.append(escape)
                    case UInt8(ascii: "b"): content.append(0x08)
                    case UInt8(ascii: "f"): content.append(0x0C)
                    case UInt8(ascii: "n"): content.append(0x0A)
                    case UInt8(ascii: "r"): content.append(0x0D)
                    case UInt8(ascii: "t"): content.append(0x09)
                    case UInt8(ascii: "u"): content += try unicodeEscape()
                    default:
                        index -= 1
                        throw failure("\\\(found) is not a JSON escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
                    }
                case 0x00..<0x20:
                    index -= 1
                    throw failure("a control character (\(found)) inside a string; write it as an escape such as \\n")
                default:
                    content.append(byte)
                }
            }
        }

        /// The four hex digits after `\u` (a surrogate pair takes a second `\uXXXX`), as UTF-8.
        mutating func unicodeEscape() throws -> [UInt8] {
            let first = try hexQuad()
            var scalar = first
            if (0xD800...0xDBFF).contains(first) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("a \\u escape of a high surrogate without the low surrogate after it")
                }
                index += 2
                let second = try hexQuad()
                guard (0xDC00...0xDFFF).contains(second) else { throw failure("a \\u high surrogate followed by something else than a low surrogate") }
                scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(first) {
                throw failure("a \\u escape of a low surrogate without the high surrogate before it")
            }
            return Array(String(Character(UnicodeScalar(scalar)!)).utf8)
        }

        mutating func hexQuad() throws -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = current, let digit = Self.hexValue(byte) else { throw failure("expected four hex digits after \\u, found \(found)") }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }

        mutating func digits() -> Int {
            let start = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - start
        }

        mutating func number() throws {
            let start = index
            if current == UInt8(ascii: "-") { index += 1 }
            if current == UInt8(ascii: "0") {
                index += 1
                if let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    throw failure("a number with a leading zero", at: start)
                }
            } else if digits() == 0 {
                throw failure("expected a digit after '-', found \(found)")
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw failure("expected a digit after the decimal point, found \(found)") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw failure("expected a digit in the exponent, found \(found)") }
            }
        }

        mutating func literal(_ word: String) throws {
            let expected = Array(word.utf8)
            guard bytes[index...].starts(with: expected) else {
                throw failure("expected a value (an object, array, string, number, true, false or null), found \(found)")
            }
            index += expected.count
        }
    }
}
