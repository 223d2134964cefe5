public import FlipbookGeometry
import FlipbookModel
import FlipbookRaster
import FlipbookSupport
public import Foundation

/// A transition file that cannot be used: the file, the JSON path (`$.animations[2].to.frame`)
/// and what was expected.
public enum TransitionFileError: SettingNamingError, Equatable {
    /// The file cannot be read.
    case unreadable(file: String, reason: String)
    /// The file is not well-formed JSON.
    case syntax(file: String, JSONSyntaxError)
    /// A value is missing, of the wrong type, out of range or unknown.
    /// `message` may name settings (`SceneOptions.sandboxPhotos`, an image's file-size limit).
    case invalid(file: String, path: String, message: SettingText)

    /// `file: $.path: message`, or `file: line L, column C: message`; `message` keeps its settings apart.
    public var message: SettingText {
        switch self {
        case let .unreadable(file, reason): return "\(file): cannot read the transition file: \(reason)"
        case let .syntax(file, error): return "\(file): not valid JSON: \(error)"
        case let .invalid(file, path, message): return "\(file): \(path): \(message)"
        }
    }
}

/// A JSON path (`$.layers[2].frame`) as a chain of components sharing their parents: constant
/// memory per value, the text built only for a message (a path's text is as long as its depth:
/// a leaf 250 layers down has 3 KB, and a file of 400 000 such leaves held 1.3 GB of paths).
/// A component keeps its key or index as given and is written out only then too: a manifest of
/// 10,000 photos made 40,000 components, whose text was never read.
final class JSONPath: Sendable {
    /// One step: the root's text (`$`), a member's key, or an element's index.
    enum Component: Sendable {
        case root(String)
        case key(String)
        case index(Int)
    }

    let parent: JSONPath?
    let component: Component

    init(_ root: String) { parent = nil; component = .root(root) }
    init(parent: JSONPath, key: String) { self.parent = parent; component = .key(key) }
    init(parent: JSONPath, index: Int) { self.parent = parent; component = .index(index) }

    /// The path as text: a key as messages show input (`InputText.excerpt`), so an unknown 8 MB
    /// key does not make an 8 MB path.
    var text: String {
        var components: [String] = []
        var node: JSONPath? = self
        while let current = node {
            switch current.component {
            case let .root(text): components.append(text)
            case let .key(key): components.append("." + InputText.excerpt(key))
            case let .index(index): components.append("[\(index)]")
            }
            node = current.parent
        }
        return components.reversed().joined()
    }
}

/// A JSON value with its path in the file, and typed accessors that throw
/// `TransitionFileError.invalid` naming the file and the path.
struct JSONField {
    let value: JSONValue
    let location: JSONPath
    let file: String

    init(value: JSONValue, location: JSONPath, file: String) { self.value = value; self.location = location; self.file = file }
    init(value: JSONValue, path: String, file: String) { self.init(value: value, location: JSONPath(path), file: file) }

    /// The path as text (`$.layers[2].frame`).
    var path: String { location.text }

    /// A `TransitionFileError.invalid` at this field, saying `message`.
    func fail(_ message: SettingText) -> TransitionFileError { .invalid(file: file, path: path, message: message) }

    /// `fail` with a message that names no setting.
    func fail(_ message: String) -> TransitionFileError { fail(SettingText(message)) }

    /// The member `key` (its path's text shows the key as messages show input, see `JSONPath`).
    func child(_ key: String, _ value: JSONValue) -> JSONField {
        JSONField(value: value, location: JSONPath(parent: location, key: key), file: file)
    }

    /// Element `index` of this array.
    func element(_ index: Int, _ value: JSONValue) -> JSONField {
        JSONField(value: value, location: JSONPath(parent: location, index: index), file: file)
    }

    /// UIKit's names for the properties a file names otherwise, suggested when they are typed:
    /// an iOS developer writes `alpha`, `isHidden`, `center`, `bounds`, `contentOffset`.
    static let uikitNames = [
        "alpha": "opacity", "isHidden": "hidden", "center": "frame", "bounds": "frame",
        "contentOffset": "scroll", "masksToBounds": "clipsToBounds"
    ]

    /// The members of an object; `known` are the keys allowed (others are an error, with a hint
    /// from `listed`, the keys worth naming there: default `known`). `alternative` names another
    /// form the value could take instead of an object (`"give a plain [x, y, width, height]"`).
    func object(known: [String], listed: [String]? = nil, alternative: String? = nil) throws -> JSONObject {
        guard case let .object(members) = value else { throw fail("expected an object, got \(value.kind)") }
        for member in members where !known.contains(member.key) && member.key != "$schema" && !member.key.hasPrefix("//") {
            let listed = listed ?? known
            var hint = Suggestions.fileHint(member.key, in: listed)
            if hint.isEmpty, let flipbookName = JSONField.uikitNames[member.key], listed.contains(flipbookName) {
                hint =
                    " (did you mean \"\(flipbookName)\"? UIKit's \(InputText.excerpt(member.key)) is \"\(flipbookName)\" in a transition file)"
            }
            let other = alternative.map { " (or \($0))" } ?? ""
            throw child(member.key, member.value).fail(
                "unknown key \(InputText.quoted(member.key))\(hint)\(other); expected one of \(listed.map { "\"\($0)\"" }.joined(separator: ", "))"
            )
        }
        return JSONObject(field: self, members: Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) }))
    }

    func array() throws -> [JSONField] {
        guard case let .array(values) = value else { throw fail("expected an array, got \(value.kind)") }
        return values.enumerated().map { element($0, $1) }
    }

    func string() throws -> String {
        guard case let .string(text) = value else { throw fail("expected a string, got \(value.kind)") }
        return text
    }

    func nonEmptyString() throws -> String {
        let text = try string()
        guard !text.isEmpty else { throw fail("must not be empty") }
        return text
    }

    func bool() throws -> Bool {
        guard case let .bool(flag) = value else { throw fail("expected true or false, got \(value.kind)") }
        return flag
    }

    /// A finite number within `range` (the JSON grammar has no NaN or infinity).
    package func number(in range: ClosedRange<Double> = -1e9...1e9) throws -> Double {
        guard case let .number(number) = value else { throw fail("expected a number, got \(value.kind)") }
        guard range.contains(number) else {
            throw fail(
                "must be between \(NumberText.shortest(range.lowerBound)) and \(NumberText.shortest(range.upperBound)), not \(NumberText.shortest(number))"
            )
        }
        return number
    }

    func integer(in range: ClosedRange<Int>) throws -> Int {
        let number = try self.number(in: Double(range.lowerBound)...Double(range.upperBound))
        guard number == number.rounded() else { throw fail("expected a whole number, got \(NumberText.shortest(number))") }
        return Int(number)
    }

    /// Exactly `count` numbers.
    func numbers(_ count: Int, names: String, in range: ClosedRange<Double> = -1e9...1e9) throws -> [Double] {
        guard case let .array(values) = value else { throw fail("expected \(count) numbers \(names), got \(value.kind)") }
        guard values.count == count else { throw fail("expected \(count) numbers \(names), got \(values.count)") }
        return try values.enumerated().map { try element($0, $1).number(in: range) }
    }

    func rect() throws -> Rect {
        let n = try numbers(4, names: "[x, y, width, height]")
        guard n[2] >= 0, n[3] >= 0 else { throw fail("width and height must not be negative") }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    func point() throws -> Point {
        let n = try numbers(2, names: "[x, y]")
        return Point(x: n[0], y: n[1])
    }

    /// One of `names` (case-sensitive; or of `aliases`, accepted and suggested but not listed),
    /// with a hint for near misses.
    func choice(_ names: [String], aliases: [String] = []) throws -> String {
        let text = try string()
        guard names.contains(text) || aliases.contains(text) else {
            let hint = Suggestions.fileHint(text, in: names + aliases)
            throw fail(
                "unknown value \(InputText.quoted(text))\(hint); expected one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        return text
    }

    /// One of `Choice`'s cases by raw value (case-sensitive), with a hint for near misses.
    func choice<Choice: CaseIterable & RawRepresentable>(_ type: Choice.Type = Choice.self) throws -> Choice
    where Choice.RawValue == String {
        let text = try choice(Choice.allCases.map(\.rawValue))
        guard let value = Choice(rawValue: text) else { preconditionFailure("\(Choice.self) has no case for its own raw value \(text)") }
        return value
    }

    /// A colour: `"#RRGGBB"`, `"#RRGGBBAA"`, `[r, g, b]` / `[r, g, b, a]` with components 0…1, or
    /// a name (`StraightColor(named:appearance:)`): a UIColor system colour takes its value in
    /// `appearance`.
    func color(appearance: Appearance = .light) throws -> StraightColor {
        if case let .array(values) = value {
            guard values.count == 3 || values.count == 4 else {
                throw fail("expected a colour: 3 or 4 numbers 0…1 [r, g, b, a], got \(values.count)")
            }
            let n = try numbers(values.count, names: "[r, g, b, a]", in: 0...1)
            return StraightColor(red: n[0], green: n[1], blue: n[2], alpha: n.count == 4 ? n[3] : 1)
        }
        guard case let .string(text) = value else {
            throw fail("expected a colour (\"#RRGGBB\", a name or [r, g, b, a]), got \(value.kind)")
        }
        if let named = StraightColor(named: text, appearance: appearance) { return named }
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : ""
        guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit), let bits = UInt32(hex, radix: 16) else {
            let hint = Suggestions.fileHint(text, in: StraightColor.names)
            throw fail(
                "expected a colour: \"#RRGGBB\", \"#RRGGBBAA\", [r, g, b, a], one of \(SystemColor.plainColors.keys.sorted().joined(separator: ", ")) "
                    + "or a UIColor system colour (systemBlue, label, systemBackground, …; docs/COLORS.md), got \(InputText.quoted(text))\(hint)"
            )
        }
        let value = hex.count == 6 ? bits << 8 | 0xFF : bits
        func component(_ shift: UInt32) -> Double { Double((value >> shift) & 0xFF) / 255 }
        return StraightColor(red: component(24), green: component(16), blue: component(8), alpha: component(0))
    }
}

/// An object's members, read by key.
struct JSONObject {
    let field: JSONField
    let members: [String: JSONValue]

    func optional(_ key: String) -> JSONField? { members[key].map { field.child(key, $0) } }

    func required(_ key: String, _ what: String) throws -> JSONField {
        guard let value = optional(key) else { throw field.fail("missing \"\(key)\" (\(what))") }
        return value
    }

    func has(_ key: String) -> Bool { members[key] != nil }
}

extension TransitionFileError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    public var errorDescription: String? { description }
}
