import Foundation
import XCTest

/// The two places a reader learns the module graph — the comment at the top of `Package.swift`
/// and the module table of `docs/ARCHITECTURE.md` — held to the manifest's real target
/// dependencies (`swift package dump-package`): an edge added to or dropped from the manifest
/// and not from both texts fails here, naming the module and the edge.
///
/// Both texts name a module by its target name or without its `Flipbook` prefix (`Model` is
/// `FlipbookModel`; `UIKit` is the `UIKit` target, Apple's module name, not `FlipbookUIKit`).
/// Text in parentheses is commentary and names no module.
final class ModuleGraphDocsTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every non-test, non-plugin target with the targets it depends on, from the manifest.
    private static let manifest: Result<[String: Set<String>], Error> = Result { try dumpedTargets() }

    func testArchitectureTableMatchesTheManifest() throws {
        let manifest = try Self.manifest.get()
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let table = try Self.architectureTable(text, targets: Set(manifest.keys))
        Self.compare(table, with: manifest, in: "docs/ARCHITECTURE.md's module table")
    }

    func testPackageCommentMatchesTheManifest() throws {
        let manifest = try Self.manifest.get()
        let text = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let comment = try Self.packageComment(text, targets: Set(manifest.keys))
        Self.compare(comment, with: manifest, in: "Package.swift's module graph comment")
    }

    /// A few cases of the reading rules, so a rule change cannot quietly make every text pass.
    func testTheReadersFindEdgesAndCommentary() throws {
        let targets: Set = ["FlipbookModel", "FlipbookRaster", "FlipbookGeometry", "UIKit", "FlipbookUIKit", "CISAL"]
        let table = """
            | module | owns | depends on |
            |---|---|---|
            | `FlipbookModel` (`Sources/FlipbookModel`) | the model | Raster (colours, `Rect`), Geometry |
            | `UIKit`, `CISAL` | names | — |
            """
        let rows = try Self.architectureTable(table, targets: targets)
        XCTAssertEqual(rows["FlipbookModel"], ["FlipbookRaster", "FlipbookGeometry"])
        XCTAssertEqual(rows["UIKit"], [])
        XCTAssertEqual(rows["CISAL"], [])
        let comment = """
            // Module graph (dependencies point down):
            //   FlipbookModel → Raster, Geometry (the layer tree);  UIKit → FlipbookUIKit → Model
            //   FlipbookRaster → (the toolchain only)
            //   FlipbookGeometry: geometry.
            import PackageDescription
            """
        let edges = try Self.packageComment(comment, targets: targets)
        XCTAssertEqual(edges["FlipbookModel"], ["FlipbookRaster", "FlipbookGeometry"])
        XCTAssertEqual(edges["UIKit"], ["FlipbookUIKit"])
        XCTAssertEqual(edges["FlipbookUIKit"], ["FlipbookModel"])
        XCTAssertEqual(edges["FlipbookRaster"], [])
        XCTAssertNil(edges["FlipbookGeometry"], "a line without an arrow is a description")
        XCTAssertThrowsError(try Self.packageComment("//   FlipbookModel → Rastr\nimport PackageDescription", targets: targets))
    }

    // MARK: - Comparing

    /// Fails once per module the text leaves out and once per edge it adds or misses.
    private static func compare(
        _ documented: [String: Set<String>], with manifest: [String: Set<String>], in place: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for (module, dependencies) in manifest.sorted(by: { $0.key < $1.key }) {
            guard let written = documented[module] else {
                XCTFail("\(place) does not list \(module) (it depends on \(list(dependencies)))", file: file, line: line)
                continue
            }
            for missing in dependencies.subtracting(written).sorted() {
                XCTFail("\(place) misses the edge \(module) → \(missing), which Package.swift declares", file: file, line: line)
            }
            for extra in written.subtracting(dependencies).sorted() {
                XCTFail("\(place) has the edge \(module) → \(extra), which Package.swift does not declare", file: file, line: line)
            }
        }
    }

    private static func list(_ names: Set<String>) -> String { names.isEmpty ? "nothing" : names.sorted().joined(separator: ", ") }

    // MARK: - Reading the manifest

    /// `swift package dump-package` in a scratch folder of its own (the test's own build holds
    /// the lock of `.build`), without `FLIPBOOK_TEST_TARGETS` (which trims the manifest).
    private static func dumpedTargets() throws -> [String: Set<String>] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-dump-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"]
        var environment = ProcessInfo.processInfo.environment
        environment["FLIPBOOK_TEST_TARGETS"] = nil
        process.environment = environment
        // The errors go to a file, so a full pipe cannot block the child while the output is read.
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let errorFile = scratch.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let output = Pipe(), errors = try FileHandle(forWritingTo: errorFile)
        defer { try? errors.close() }
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let json = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let errorText = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw ModuleGraphError("swift package dump-package failed: " + errorText)
        }
        struct Dump: Decodable {
            struct Target: Decodable {
                var name: String
                var type: String
                var dependencies: [[String: [String?]]]
            }
            var targets: [Target]
        }
        var graph: [String: Set<String>] = [:]
        for target in try JSONDecoder().decode(Dump.self, from: json).targets where target.type != "test" && target.type != "plugin" {
            // `{"byName": ["X", null]}` or `{"target": ["X", null]}`; products come from other packages (none here).
            graph[target.name] = Set(target.dependencies.compactMap { ($0["byName"] ?? $0["target"])?.first ?? nil })
        }
        return graph
    }

    // MARK: - Reading the texts

    /// The rows of the `| module | owns | depends on |` table: each backticked target name in the
    /// first cell (outside parentheses) with the modules of the last cell ("—": none).
    static func architectureTable(_ text: String, targets: Set<String>) throws -> [String: Set<String>] {
        let lines = text.components(separatedBy: "\n")
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| module | owns | depends on |") }) else {
            throw ModuleGraphError("no '| module | owns | depends on |' table")
        }
        var rows: [String: Set<String>] = [:]
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map(String.init)
            guard cells.count == 3 else { throw ModuleGraphError("a table row without three cells: \(line)") }
            let modules = backticked(withoutParentheses(cells[0])).filter(targets.contains)
            guard !modules.isEmpty else { throw ModuleGraphError("a table row that names no target: \(cells[0])") }
            let dependencies = try names(cells[2], targets: targets, context: line)
            for module in modules { rows[module, default: []].formUnion(dependencies) }
        }
        return rows
    }

    /// The edges of the comment above `import` in `Package.swift`: each `//` line with an arrow
    /// holds statements separated by `;`, each a chain `A, B → C → D, E` (A and B depend on C, C
    /// on D and E); a line without an arrow describes a module and names no edge.
    static func packageComment(_ text: String, targets: Set<String>) throws -> [String: Set<String>] {
        var edges: [String: Set<String>] = [:]
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("import ") { break }
            guard line.hasPrefix("//"), line.contains("→") else { continue }
            for statement in line.dropFirst(2).split(separator: ";") {
                let links = withoutParentheses(String(statement)).components(separatedBy: "→")
                guard links.count >= 2 else { continue }
                var sources = try names(links[0], targets: targets, context: line)
                for link in links.dropFirst() {
                    let dependencies = try names(link, targets: targets, context: line)
                    for source in sources { edges[source, default: []].formUnion(dependencies) }
                    sources = dependencies
                }
                // A module written as a source only, with no dependency, is still listed (`→ (the toolchain only)`).
                for source in try names(links[0], targets: targets, context: line) where edges[source] == nil { edges[source] = [] }
            }
        }
        return edges
    }

    /// The comma-separated module names of `cell` (parenthesized commentary and backticks
    /// removed), each resolved to a target; throws on a name that is no target.
    private static func names(_ cell: String, targets: Set<String>, context: String) throws -> Set<String> {
        var result: Set<String> = []
        for part in withoutParentheses(cell).replacingOccurrences(of: "`", with: "").split(separator: ",") {
            let name = part.trimmingCharacters(in: .whitespaces)
            if name.isEmpty || name == "—" { continue }
            if targets.contains(name) {
                result.insert(name)
            } else if targets.contains("Flipbook" + name) {
                result.insert("Flipbook" + name)
            } else {
                throw ModuleGraphError("'\(name)' is not a target of Package.swift (in: \(context))")
            }
        }
        return result
    }

    private static func withoutParentheses(_ text: String) -> String {
        var depth = 0, kept = ""
        for character in text {
            if character == "(" {
                depth += 1
            } else if character == ")" {
                depth = max(0, depth - 1)
            } else if depth == 0 {
                kept.append(character)
            }
        }
        return kept
    }

    private static func backticked(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}

struct ModuleGraphError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
