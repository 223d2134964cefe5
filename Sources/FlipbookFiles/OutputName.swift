import Foundation

/// Names that become part of output paths (a transition's name in `Output/{preset}`, in
/// `--contact-sheet 'Sheets/{preset}.png'`), and the substitution that puts them there.
///
/// A name is a name, not a path: it must be one plain file name, so that substituting it can
/// never write outside the folder the user named (a transition file from a pull request named
/// `../../victim/family` must not replace a file beside the project).
package enum OutputName {
    /// The longest name, in UTF-8 bytes: Linux allows 255 bytes per file name, and outputs add
    /// hidden prefixes and suffixes (`.NAME.tmp-PID-RANDOM.mp4`, about 35 bytes) and extensions.
    package static let maximumBytes = 200

    /// Why `name` cannot name an output, as a phrase that follows "must be a plain file name:"
    /// ("it contains '/'"); nil when it can. Refused: the empty name, `/`, a leading dot (`.`,
    /// `..`, hidden names), control characters (NUL, ESC, newlines, DEL, C1), Unicode line and
    /// paragraph separators and bidirectional overrides (which disguise the name shown), and
    /// names longer than `maximumBytes`.
    package static func problem(with name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        if name.contains("/") { return "it contains '/'" }
        if name.hasPrefix(".") { return name == "." || name == ".." ? "it is '\(name)'" : "it starts with a dot" }
        if let scalar = name.unicodeScalars.first(where: isDisallowed) {
            return "it contains the control character U+" + hex(scalar.value)
        }
        if name.utf8.count > maximumBytes { return "it is \(name.utf8.count) bytes long, more than \(maximumBytes)" }
        return nil
    }

    /// `template` with every `placeholder` replaced by `name`.
    ///
    /// `name` must be a plain file name (`problem(with:)`), and — checked again on the result,
    /// whatever the template — the path must stay inside the folder the template names before
    /// its first placeholder (`Output/` for `Output/{preset}.png`; the current folder for
    /// `{preset}.png`). A template without the placeholder is returned as it is.
    /// - Throws: `OutputNameError` naming the template and what is wrong with the name.
    package static func expand(_ template: String, placeholder: String = "{preset}", with name: String) throws -> String {
        guard let first = template.range(of: placeholder) else { return template }
        if let problem = problem(with: name) { throw OutputNameError.unsafeName(template: template, problem: problem) }
        let result = template.replacingOccurrences(of: placeholder, with: name)
        let fixed = String(template[..<first.lowerBound])
        let folder = fixed.lastIndex(of: "/").map { String(fixed[...$0]) } ?? ""
        guard isInside(result, folder: folder) else {
            throw OutputNameError.escapes(template: template, folder: folder.isEmpty ? "." : folder)
        }
        return result
    }

    /// True when `path`, with `.` and `..` resolved by name, lies strictly inside `folder` (which
    /// ends in "/", or is empty for the current folder), `path` starting with `folder`'s text.
    static func isInside(_ path: String, folder: String) -> Bool {
        guard path.hasPrefix(folder) else { return false }
        var depth = 0
        for component in path.dropFirst(folder.count).split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                depth -= 1
                if depth < 0 { return false }
            default: depth += 1
            }
        }
        return depth > 0
    }

    private static func isDisallowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F: return true // C0, DEL, C1
        case 0x2028, 0x2029: return true // line and paragraph separators
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F: return true // bidirectional controls
        default: return false
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// A name that cannot be substituted into an output path.
package enum OutputNameError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The name is not a plain file name; `problem` says why (`OutputName.problem(with:)`).
    case unsafeName(template: String, problem: String)
    /// The expanded path leaves the folder the template names (`folder`).
    case escapes(template: String, folder: String)

    /// One line naming the template.
    package var description: String {
        switch self {
        case let .unsafeName(template, problem):
            return "\(template): the transition's name cannot replace {preset}: it must be a plain file name, but \(problem)"
        case let .escapes(template, folder):
            return "\(template): with the transition's name in place of {preset}, the path leaves \(folder)"
        }
    }
}

extension OutputNameError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    package var errorDescription: String? { description }
}
