import Foundation
import XCTest

/// docs/UIKIT-API.md gives every public symbol of FlipbookUIKit a status (drawn, layout or timing,
/// computed, ignored, refused, recording API). The symbols are the baseline file that
/// `PublicSymbolBaselineTests` holds to the compiler's symbol graph, so a new public member fails
/// here until its type's table in the page gives it a status, and a name the page lists that is
/// no longer public fails too.
final class UIKitAPIStatusTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The status column's words, as the page's legend defines them.
    static let statuses: Set = [
        "recorded and drawn", "recorded: layout or timing", "computed as on iOS", "accepted and ignored",
        "refused", "recording API"
    ]
    /// The page's section for functions and constants outside any type.
    static let freeSection = "Functions and constants"
    private static let typeKinds: Set = ["class", "struct", "enum", "protocol"]

    func testEveryPublicSymbolHasAStatusAndEveryListedNameIsPublic() throws {
        let baseline = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/FlipbookPublicAPITests/__Baselines__/FlipbookUIKit.symbols.txt"),
            encoding: .utf8)
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/UIKIT-API.md"), encoding: .utf8)
        let listed = try Self.listedNames(page)

        var types = Set<String>(), members = Set<String>()
        for line in baseline.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
            let (kind, path) = try Self.kindAndPath(String(line))
            // A type has its own section; a nested one is also a row of its outer type's table.
            if Self.typeKinds.contains(kind) {
                types.insert(path)
                if Self.section(of: path).isEmpty { continue }
            }
            members.insert(Self.section(of: path) + " " + Self.member(of: path))
        }
        let unlisted = members.subtracting(listed.members).sorted()
        let headless = types.subtracting(listed.sections).sorted()
        let stale = listed.members.subtracting(members).sorted()
        XCTAssert(
            unlisted.isEmpty,
            """
            \(unlisted.count) public symbols of FlipbookUIKit have no status in docs/UIKIT-API.md (section, then member); \
            add each to its type's table: \(unlisted.prefix(40).joined(separator: "; "))
            """)
        XCTAssert(headless.isEmpty, "public types with no section in docs/UIKIT-API.md: \(headless.joined(separator: ", "))")
        XCTAssert(stale.isEmpty, "docs/UIKIT-API.md lists names that are not public symbols: \(stale.prefix(40).joined(separator: "; "))")
        XCTAssertGreaterThan(members.count, 500, "the baseline came back (nearly) empty")
    }

    /// The `### Section` headings and the `section member` pairs of the status tables' rows
    /// (`| status | `a`, `b` | why |`); a row with a status the legend does not define throws.
    static func listedNames(_ page: String) throws -> (sections: Set<String>, members: Set<String>) {
        var sections = Set<String>(), members = Set<String>(), section: String?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("### ") { section = String(line.dropFirst(4)); sections.insert(section!); continue }
            if line.hasPrefix("## ") { section = line.dropFirst(3) == Self.freeSection ? Self.freeSection : nil; continue }
            guard let section, line.hasPrefix("| ") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, cells[1] != "status", !cells[1].hasPrefix("---") else { continue }
            guard statuses.contains(cells[1]) else {
                throw StatusPageError(line: String(line), problem: "'\(cells[1])' is not one of the statuses \(statuses.sorted())")
            }
            for name in cells[2].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter({ $0.offset % 2 == 1 }).map({
                String($0.element)
            }) {
                members.insert((section == Self.freeSection ? "" : section) + " " + name)
            }
        }
        return (sections, members)
    }

    /// A baseline line's kind and symbol path: `Module kind Path.to.member(labels:): declaration`.
    static func kindAndPath(_ line: String) throws -> (kind: String, path: String) {
        let fields = line.split(separator: " ", maxSplits: 2)
        guard fields.count == 3, let end = fields[2].range(of: ": ") else {
            throw StatusPageError(line: line, problem: "not a baseline line (Module kind Path: declaration)")
        }
        return (String(fields[1]), String(fields[2][..<end.lowerBound]))
    }

    /// The type part of a symbol path (empty for a free function or constant): everything before
    /// the last `.` outside an argument list.
    static func section(of path: String) -> String {
        let name = path.prefix { $0 != "(" }
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return String(path[..<dot])
    }

    static func member(of path: String) -> String {
        let type = section(of: path)
        return type.isEmpty ? path : String(path.dropFirst(type.count + 1))
    }
}

/// A line of docs/UIKIT-API.md or of the baseline this test cannot read.
struct StatusPageError: Error, CustomStringConvertible {
    let line: String
    let problem: String
    var description: String { "\(problem): \(line)" }
}
