import FlipbookSupport
public import Foundation

/// A parsed JSON value (RFC 8259), keeping object keys in file order.
///
/// The one JSON reader of the package: transition files, gesture files and manifests are all
/// parsed by `JSONValue.parse`, strictly (RFC 8259) — Foundation's parser accepts trailing commas
/// and lets a repeated key replace the first. Refused, each with a line and column and what was
/// expected: trailing commas, comments, single quotes, repeated keys, numbers outside the grammar
/// (`01`, `1.`, `.5`, `+1`, `NaN`) or beyond a `Double`, control characters and invalid UTF-8 in
/// strings, lone UTF-16 surrogates in `\u` escapes, anything after the value, and nesting deeper
/// than `JSONValue.maximumDepth` (so a hostile file cannot exhaust the stack). A UTF-8 byte-order
/// mark at the start is skipped. Messages never quote more of the file than one character.
///
/// Memory: a value is 24 bytes held inline in its array (not `indirect`: a boxed value cost 32
/// bytes more, a file of `[0,0,…]` took 21 times its size), and a document holds at most
/// `maximumValueCount` values, so a parse stays within a few hundred megabytes whatever the
/// file's size (docs/LIMITS.md, "JSON memory").
package enum JSONValue: Hashable, Sendable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// The deepest nesting of arrays and objects accepted (Foundation's own limit).
    package static let maximumDepth = 512

    /// The most values (objects, arrays, strings, numbers, booleans, nulls) in one document:
    /// 4 Mi. The largest file Flipbook writes and reads back, the `timeline.json` of 292 800
    /// gesture-driven frames, has about 2.7 million; a hand-written transition file a few
    /// thousand. At 24 bytes a value, plus the slack of growing arrays, 4 Mi values take at most
    /// about 300 MB.
    package static let maximumValueCount = 4 << 20

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
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

    package func hash(into hasher: inout Hasher) {
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
    package var kind: String {
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
    package static func parse(_ data: Data) throws -> JSONValue { try parse([UInt8](data)) }

    /// Parses UTF-8 JSON text.
    /// - Throws: `JSONSyntaxError` with the line and column of the first problem.
    package static func parse(_ bytes: [UInt8], maximumValueCount: Int = JSONValue.maximumValueCount) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes, maximumValueCount: maximumValueCount)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.value(depth: 1)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.failure("unexpected \(parser.found) after the end of the JSON value") }
        return value
    }
}

extension JSONValue {
    /// An object's members by key (nil for anything but an object). Keys are unique: the parser
    /// refuses repeated ones.
    package var members: [String: JSONValue]? {
        guard case let .object(list) = self else { return nil }
        return Dictionary(list.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The elements of an array, else nil.
    package var elements: [JSONValue]? {
        guard case let .array(values) = self else { return nil }
        return values
    }

    /// The text of a string, else nil.
    package var stringValue: String? {
        guard case let .string(text) = self else { return nil }
        return text
    }

    /// The value of a number, else nil (a boolean is not a number).
    package var numberValue: Double? {
        guard case let .number(number) = self else { return nil }
        return number
    }

    /// An XML property-list value (from `PropertyListSerialization`) as JSON, so manifests in
    /// every format are validated by one code path (`BinaryPropertyList` builds `JSONValue`s
    /// itself). Booleans arrive as Swift `Bool` (Foundation on Linux); they are told from numbers
    /// by their type, because `NSNumber(value: 1) as? Bool` succeeds. Dates and data, which a
    /// manifest never holds, become `null` (so a field holding one is "of the wrong type").
    init(propertyList value: Any) {
        switch value {
        case let dictionary as [String: Any]:
            self = .object(dictionary.keys.sorted().map { ($0, JSONValue(propertyList: dictionary[$0]!)) })
        case let array as [Any]: self = .array(array.map(JSONValue.init(propertyList:)))
        case let text as String: self = .string(text)
        case let flag as Bool where type(of: value) == Bool.self: self = .bool(flag)
        case let number as NSNumber: self = .number(number.doubleValue)
        default: self = .null
        }
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
    /// Values parsed so far, and the most allowed.
    var valueCount = 0
    let maximumValueCount: Int

    init(bytes: [UInt8], maximumValueCount: Int) {
        self.bytes = bytes
        self.maximumValueCount = maximumValueCount
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The byte at the cursor, for a message: `'x'`, `byte 0xE2`, or `the end of the file`.
    var found: String {
        guard let byte = current else { return "the end of the file" }
        if byte == UInt8(ascii: "'") { return "\"'\"" }
        return (0x21...0x7E).contains(byte) ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    /// The error at `position` (default: the cursor); the column counts characters when the
    /// line so far is UTF-8, else bytes.
    func failure(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
        let end = min(position ?? index, bytes.count)
        var line = 1, lineStart = 0
        for offset in 0..<end where bytes[offset] == 0x0A { line += 1; lineStart = offset + 1 }
        let prefix = bytes[lineStart..<end]
        let column = (String(validating: prefix, as: UTF8.self)?.count ?? prefix.count) + 1
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    mutating func value(depth: Int) throws -> JSONValue {
        guard let byte = current else { throw failure("expected a value, found the end of the file") }
        valueCount += 1
        guard valueCount <= maximumValueCount else {
            throw failure("more than \(maximumValueCount) values (numbers, strings, arrays, objects…) in one file")
        }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "/"): throw failure("comments are not JSON")
        default: throw failure("expected a value (an object, array, string, number, true, false or null), found \(found)")
        }
    }

    mutating func nest(_ depth: Int) throws {
        guard depth <= JSONValue.maximumDepth else {
            throw failure("arrays and objects are nested more than \(JSONValue.maximumDepth) levels deep")
        }
    }

    mutating func object(depth: Int) throws -> JSONValue {
        try nest(depth)
        index += 1 // {
        skipWhitespace()
        var members: [(key: String, value: JSONValue)] = []
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        // Repeated keys: a scan of the members while an object is small (a manifest's photo has
        // three; a set per object was most of reading 10,000 of them), a set beyond.
        var keys: Set<String>?
        while true {
            guard current == UInt8(ascii: "\"") else { throw failure("expected a key in double quotes, found \(found)") }
            let keyStart = index
            let key = try string()
            if keys == nil, members.count >= 16 { keys = Set(members.map(\.key)) }
            let repeated = keys?.contains(key) ?? members.contains { $0.key == key }
            guard !repeated else {
                throw failure("the key \(InputText.quoted(key)) appears twice in this object", at: keyStart)
            }
            keys?.insert(key)
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the key, found \(found)") }
            index += 1
            skipWhitespace()
            members.append((key, try value(depth: depth + 1)))
            skipWhitespace()
            if try closes(with: "}", after: "a value in an object") { return .object(members) }
        }
    }

    /// After a member or element: consumes `close` and returns true, or consumes the comma before
    /// the next one and returns false; anything else, or a comma right before `close`, is an error.
    mutating func closes(with close: Unicode.Scalar, after what: String) throws -> Bool {
        if current == UInt8(ascii: close) { index += 1; return true }
        guard current == UInt8(ascii: ",") else { throw failure("expected ',' or '\(close)' after \(what), found \(found)") }
        let comma = index
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: close) { throw failure("a trailing comma before '\(close)' (JSON allows none)", at: comma) }
        return false
    }

    mutating func array(depth: Int) throws -> JSONValue {
        try nest(depth)
        index += 1 // [
        skipWhitespace()
        var values: [JSONValue] = []
        if current == UInt8(ascii: "]") { index += 1; return .array(values) }
        while true {
            values.append(try value(depth: depth + 1))
            skipWhitespace()
            if try closes(with: "]", after: "an array element") { return .array(values) }
        }
    }

    /// A string's content with escapes decoded; it must be UTF-8.
    mutating func string() throws -> String {
        let start = index
        // Most strings have no escape: their text is the input's bytes up to the closing quote.
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            guard let text = String(validating: bytes[(start + 1)..<end], as: UTF8.self) else {
                throw failure("a string that is not valid UTF-8", at: start)
            }
            index = end + 1
            return text
        }
        let content = try stringBytes()
        guard let text = String(validating: content, as: UTF8.self) else { throw failure("a string that is not valid UTF-8", at: start) }
        return text
    }

    /// A string's content with escapes decoded, as bytes.
    mutating func stringBytes() throws -> [UInt8] {
        let start = index
        index += 1 // "
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
            guard (0xDC00...0xDFFF).contains(second) else {
                throw failure("a \\u high surrogate followed by something else than a low surrogate")
            }
            scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(first) {
            throw failure("a \\u escape of a low surrogate without the high surrogate before it")
        }
        return Array(String(Character(UnicodeScalar(scalar)!)).utf8)
    }

    mutating func hexQuad() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else {
                throw failure("expected four hex digits after \\u, found \(found)")
            }
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

    package mutating func number() throws -> Double {
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
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw failure("the number \(text) is too large for a 64-bit float", at: start)
        }
        return value
    }

    mutating func literal(_ word: String) throws {
        let expected = Array(word.utf8)
        guard bytes[index...].starts(with: expected) else {
            throw failure("expected a value (an object, array, string, number, true, false or null), found \(found)")
        }
        index += expected.count
    }
}

extension JSONSyntaxError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    public var errorDescription: String? { description }
}
