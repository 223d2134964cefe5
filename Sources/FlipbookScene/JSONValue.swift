import Foundation

/// A parsed JSON value (RFC 8259), keeping object keys in file order.
///
/// Parsed strictly by `JSONValue.parse`: no trailing commas, comments, single quotes, leading
/// zeros, `NaN`, or duplicate keys; nesting deeper than `JSONValue.maximumDepth` is refused (so a
/// hostile file cannot exhaust the stack).
public indirect enum JSONValue: Hashable, Sendable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 256

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case let (.object(x), .object(y)): return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(x), .array(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.bool(x), .bool(y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case let .object(members): for member in members { hasher.combine(member.key); hasher.combine(member.value) }
        case let .array(values): hasher.combine(values)
        case let .string(value): hasher.combine(value)
        case let .number(value): hasher.combine(value)
        case let .bool(value): hasher.combine(value)
        case .null: hasher.combine(0)
        }
    }

    /// A word for the value's type, for error messages ("an object", "a number", …).
    public var kind: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    /// Parses UTF-8 JSON text.
    /// - Throws: `JSONSyntaxError` with the line and column of the first problem.
    public static func parse(_ data: Data) throws -> JSONValue {
        var parser = JSONParser(bytes: [UInt8](data))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }
}

/// Malformed JSON: where (1-based line and column) and what.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    /// Line, from 1.
    public var line: Int
    /// Column in characters (bytes for non-UTF-8 input), from 1.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

private struct JSONParser {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
        // A UTF-8 byte-order mark is tolerated (editors on some systems write one).
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    func error(_ message: String) -> JSONSyntaxError {
        var line = 1, lineStart = 0
        for position in 0..<min(index, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
            line += 1; lineStart = position + 1
        }
        let prefix = bytes[lineStart..<min(index, bytes.count)]
        let column = (String(bytes: prefix, encoding: .utf8)?.count ?? prefix.count) + 1
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    func describeNext() -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    mutating func value(depth: Int) throws -> JSONValue {
        guard index < bytes.count else { throw error("expected a value, found the end of the file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("expected a value, found \(describeNext())")
        }
    }

    mutating func literal(_ word: String) throws {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("expected a value, found \(describeNext())")
        }
        index += expected.count
    }

    mutating func object(depth: Int) throws -> JSONValue {
        guard depth <= JSONValue.maximumDepth else { throw error("nested more than \(JSONValue.maximumDepth) levels deep") }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys = Set<String>()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(members.isEmpty ? "expected a key in double quotes, found \(describeNext())"
                                            : "expected a key in double quotes after ',', found \(describeNext()) (trailing commas are not allowed)")
            }
            let keyStart = index
            let key = try string()
            guard keys.insert(key).inserted else { index = keyStart; throw error("duplicate key \"\(key)\"") }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the key, found \(describeNext())") }
            index += 1
            skipWhitespace()
            members.append((key, try value(depth: depth)))
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or '}', found the end of the file") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}', found \(describeNext())")
        }
    }

    mutating func array(depth: Int) throws -> JSONValue {
        guard depth <= JSONValue.maximumDepth else { throw error("nested more than \(JSONValue.maximumDepth) levels deep") }
        index += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(values) }
        while true {
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]"), !values.isEmpty {
                throw error("expected a value after ',', found ']' (trailing commas are not allowed)")
            }
            values.append(try value(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or ']', found the end of the file") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(values) }
            throw error("expected ',' or ']', found \(describeNext())")
        }
    }

    mutating func number() throws -> Double {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
            throw error("expected a digit in the number")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { throw error("numbers cannot have leading zeros") }
        } else {
            _ = digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected a digit after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("the number \(text) is too large")
        }
        return value
    }

    mutating func string() throws -> String {
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ end: Int) throws {
            guard end > runStart else { return }
            guard let text = String(bytes: bytes[runStart..<end], encoding: .utf8) else { throw error("the string is not valid UTF-8") }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flush(index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("control character in a string (write it as an escape such as \\n)") }
            if byte != UInt8(ascii: "\\") { index += 1; continue }
            try flush(index)
            index += 1
            guard index < bytes.count else { throw error("unterminated string") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("a high surrogate \\u escape must be followed by a low surrogate")
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate in a \\u escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = UnicodeScalar(code) else { throw error("\\u escape names no character (a lone surrogate)") }
                scalars.append(scalar)
            default:
                index -= 1
                throw error("invalid escape '\\\(Character(UnicodeScalar(escape)))'")
            }
            runStart = index
        }
    }

    mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(UnicodeScalar(bytes[index])).hexDigitValue else { throw error("expected four hex digits after \\u") }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }
}
