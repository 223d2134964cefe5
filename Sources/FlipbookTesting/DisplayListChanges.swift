import Flipbook
import FlipbookLock
import Foundation

/// The changes between two display lists given as JSON (`DisplayList.json`), in words: each op
/// becomes the compact line a sequence lock holds (`image "…" rect=5,69,236,94 opacity=1`) and
/// `SequenceLock.describe` names what changed field by field (`op 3 image "…": rect.y 331 → 333`),
/// the same words `flipbook verify` and the review page use.
enum DisplayListChanges {
    /// The header fields that differ (`progress 1.095 → 1.1`), then the ops' changes.
    static func changes(expected: String, actual: String) throws -> [String] {
        let a = try parse(expected, side: "reference"), b = try parse(actual, side: "actual")
        var lines: [String] = []
        for key in ["canvas", "frame", "time", "progress"] {
            let before = value(a.header[key]), after = value(b.header[key])
            if before != after { lines += SequenceLock.fieldChanges(key + "=" + before, key + "=" + after) }
        }
        return lines + SequenceLock.describe(from: a.ops, to: b.ops)
    }

    /// `N ops, frame K` for a recorded reference.
    @Sendable static func describeReference(_ bytes: [UInt8]) -> String {
        guard let list = try? parse(String(decoding: bytes, as: UTF8.self), side: "reference") else { return "\(bytes.count) bytes" }
        return "\(list.ops.count) ops, frame \(value(list.header["frame"]))"
    }

    private static func parse(_ text: String, side: String) throws -> (header: [String: Any], ops: [String]) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let ops = object["ops"] as? [Any]
        else {
            throw DisplayListChangesError.notADisplayList(side: side)
        }
        var lines: [String] = []
        flatten(ops, depth: 0, into: &lines)
        return (object, lines)
    }

    private static func flatten(_ ops: [Any], depth: Int, into lines: inout [String]) {
        for case let op as [String: Any] in ops {
            var head = String(repeating: "  ", count: depth) + ((op["op"] as? String) ?? "?")
            for key in ["source", "text"] {
                if let name = op[key] as? String { head += " " + JSON.string(name).replacingOccurrences(of: " ", with: "\\u0020") }
            }
            var fields: [String] = []
            for key in op.keys.sorted() where !["op", "source", "text", "ops"].contains(key) {
                if let nested = op[key] as? [String: Any] {
                    for inner in nested.keys.sorted() { fields.append("\(key).\(inner)=\(value(nested[inner]))") }
                } else if op[key] is NSNull {
                    continue
                } else {
                    fields.append("\(key)=\(value(op[key]))")
                }
            }
            lines.append(([head] + fields).joined(separator: " "))
            if let children = op["ops"] as? [Any] { flatten(children, depth: depth + 1, into: &lines) }
        }
    }

    /// A JSON value as one token: numbers in the shortest round-trip form, number lists joined
    /// by commas, anything else (glyph runs, contours) as its element count and a short hash.
    private static func value(_ value: Any?) -> String {
        switch value {
        case nil, is NSNull: return "(none)"
        case let number as NSNumber: return JSON.number(number.doubleValue)
        case let text as String: return JSON.string(text).replacingOccurrences(of: " ", with: "\\u0020")
        case let object as [String: Any]:
            return object.keys.sorted().map { "\($0):\(self.value(object[$0]))" }.joined(separator: ";")
        case let list as [Any]:
            if list.allSatisfy({ $0 is NSNumber }) { return list.map { self.value($0) }.joined(separator: ",") }
            let data = (try? JSONSerialization.data(withJSONObject: list, options: [.sortedKeys])) ?? Data()
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return "\(list.count):" + String(hash, radix: 16)
        default: return "\(value!)"
        }
    }
}

/// A display-list reference that is not display-list JSON.
enum DisplayListChangesError: Error, CustomStringConvertible {
    case notADisplayList(side: String)

    var description: String {
        switch self {
        case .notADisplayList(let side): return "the \(side) is not display-list JSON (an object with an 'ops' list)"
        }
    }
}

/// A short line diff for failure messages: the changed block between the common first and last
/// lines, with two lines of context, at most `limit` lines each side.
enum LineDiff {
    static func render(expected: String, actual: String, limit: Int = 40) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let context = 2
        var out = "@@ line \(prefix + 1) @@\n"
        for line in a[max(0, prefix - context)..<prefix] { out += "  \(line)\n" }
        let removed = a[prefix..<(a.count - suffix)], added = b[prefix..<(b.count - suffix)]
        for line in removed.prefix(limit) { out += "- \(line)\n" }
        if removed.count > limit { out += "- … \(removed.count - limit) more\n" }
        for line in added.prefix(limit) { out += "+ \(line)\n" }
        if added.count > limit { out += "+ … \(added.count - limit) more\n" }
        for line in a[(a.count - suffix)..<min(a.count, a.count - suffix + context)] { out += "  \(line)\n" }
        return out
    }
}
