import FlipbookTesting
import Foundation
import Synchronization
import XCTest

/// Every public symbol each product exposes, as the compiler itself reports it
/// (`swift-symbolgraph-extract -minimum-access-level public` over the product's module and every
/// module it re-exports), held to a baseline file per product in `__Baselines__/`: one public
/// symbol more or fewer — a new method, a `public` left on a member of a `package` type, a
/// changed signature — fails, listing the lines that differ.
///
/// An intended change is re-recorded with
/// `FLIPBOOK_RECORD=failed swift test --filter PublicSymbolBaselineTests` (as goldens are: the
/// recording run fails, naming the files written; `CI` set never records); review the baseline's
/// diff like any API change.
final class PublicSymbolBaselineTests: XCTestCase {
    /// The products whose API is held, each with the modules whose symbols a user of it sees.
    static let products = ["Flipbook", "FlipbookTesting", "FlipbookUIKit"]

    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let baselines = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Baselines__")

    func testEveryProductsPublicSymbolsAreItsBaseline() throws {
        let mode = try GoldenRecordMode.fromEnvironment()
        let flags = try consumerFlags()
        var failures: [String] = []
        for product in Self.products {
            let modules = try Self.modules(of: product)
            let lines = try Self.publicSymbols(of: modules, flags: flags)
            XCTAssertGreaterThan(lines.count, 10, "\(product): the symbol graph came back (nearly) empty")
            let file = Self.baselines.appendingPathComponent("\(product).symbols.txt")
            let recorded = (try? String(contentsOf: file, encoding: .utf8)).map(Self.symbolLines)
            let matches = recorded == lines
            let write = mode == .all || (mode == .failed && !matches) || (mode == .missing && recorded == nil)
            if write {
                try FileManager.default.createDirectory(at: Self.baselines, withIntermediateDirectories: true)
                try Self.baselineText(product: product, modules: modules, lines: lines).write(to: file, atomically: true, encoding: .utf8)
                failures.append(
                    "\(product): recorded \(lines.count) public symbols in \(file.path) (FLIPBOOK_RECORD=\(mode.rawValue)); run again to compare"
                )
            } else if let recorded, !matches {
                failures.append(Self.difference(product: product, recorded: recorded, actual: lines))
            } else if recorded == nil {
                failures.append("\(product): no baseline at \(file.path); record it with FLIPBOOK_RECORD=missing (or failed)")
            }
        }
        XCTAssert(failures.isEmpty, failures.joined(separator: "\n\n"))
    }

    /// A product's own module and the modules its `Exports.swift` re-exports (`@_exported
    /// import`), Foundation left out.
    static func modules(of product: String) throws -> [String] {
        let exports = try String(contentsOf: root.appendingPathComponent("Sources/\(product)/Exports.swift"), encoding: .utf8)
        return [product]
            + exports.split(separator: "\n").compactMap { line in
                line.hasPrefix("@_exported import ") ? String(line.dropFirst("@_exported import ".count)) : nil
            }.filter { $0 != "Foundation" }.sorted()
    }

    /// One line per public symbol of `modules` (extensions of other modules' types included, as
    /// `Module@Other`), sorted: `Module kind Path.to.symbol: declaration`.
    static func publicSymbols(of modules: [String], flags: (compiler: String, flags: [String])) throws -> [String] {
        let extractor = URL(fileURLWithPath: flags.compiler).deletingLastPathComponent().appendingPathComponent("swift-symbolgraph-extract")
        guard FileManager.default.isExecutableFile(atPath: extractor.path) else {
            throw XCTSkip("no swift-symbolgraph-extract beside \(flags.compiler)")
        }
        let arguments = extractorArguments(from: flags.flags)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-symbols-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // One extraction per module, a few at a time (each loads the module and its imports).
        let outcomes = Mutex<[Result<[String], Error>?]>(Array(repeating: nil, count: modules.count))
        DispatchQueue.concurrentPerform(iterations: modules.count) { index in
            let output = folder.appendingPathComponent(modules[index])
            let outcome = Result {
                try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
                let process = Process()
                process.executableURL = extractor
                process.arguments =
                    [
                        "-module-name", modules[index], "-minimum-access-level", "public", "-skip-synthesized-members",
                        "-output-dir", output.path
                    ] + arguments
                let pipe = Pipe()
                process.standardOutput = pipe
                process.standardError = pipe
                try process.run()
                let log = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                guard process.terminationStatus == 0 else {
                    throw PublicSymbolExtractionError(module: modules[index], log: String(log.prefix(2000)))
                }
                return try symbolLines(inGraphsUnder: output)
            }
            outcomes.withLock { $0[index] = outcome }
        }
        return try outcomes.withLock { $0 }.flatMap { try $0!.get() }.sorted()
    }

    /// The flags swift-symbolgraph-extract takes from a compile command: where modules and headers
    /// are, the target and SDK.
    private static func extractorArguments(from flags: [String]) -> [String] {
        let withValue: Set = ["-I", "-Xcc", "-target", "-sdk", "-module-cache-path", "-resource-dir", "-F"]
        var kept: [String] = [], index = 0
        while index < flags.count {
            if withValue.contains(flags[index]), index + 1 < flags.count { kept += [flags[index], flags[index + 1]]; index += 2; continue }
            if flags[index].hasPrefix("-I"), flags[index].count > 2 { kept.append(flags[index]) }
            index += 1
        }
        return kept
    }

    private static func symbolLines(inGraphsUnder folder: URL) throws -> [String] {
        var lines: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".symbols.json") {
            let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name))) as? [String: Any]
            let module = String(name.dropLast(".symbols.json".count))
            for case let symbol as [String: Any] in graph?["symbols"] as? [Any] ?? [] {
                let kind = ((symbol["kind"] as? [String: Any])?["identifier"] as? String ?? "?").replacingOccurrences(
                    of: "swift.", with: "")
                let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
                let fragments = symbol["declarationFragments"] as? [[String: Any]] ?? []
                let declaration = fragments.map { $0["spelling"] as? String ?? "" }.joined()
                    .split(whereSeparator: \.isWhitespace).joined(separator: " ")
                lines.append("\(module) \(kind) \(path): \(declaration)")
            }
        }
        return lines
    }

    /// A baseline file's symbol lines (comments and blank lines dropped).
    private static func symbolLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    private static func baselineText(product: String, modules: [String], lines: [String]) -> String {
        """
        # The public symbols of the \(product) product, as `swift-symbolgraph-extract
        # -minimum-access-level public` reports them: one line per symbol, `Module kind Path:
        # declaration`, for the modules \(modules.joined(separator: ", ")). Tests/FlipbookPublicAPITests/PublicSymbolBaselineTests.swift
        # holds the build to it. Re-record after an intended API change:
        #   FLIPBOOK_RECORD=failed swift test --filter PublicSymbolBaselineTests

        """ + lines.joined(separator: "\n") + "\n"
    }

    private static func difference(product: String, recorded: [String], actual: [String]) -> String {
        let added = actual.filter { !Set(recorded).contains($0) }, removed = recorded.filter { !Set(actual).contains($0) }
        func sample(_ lines: [String], _ sign: String) -> String {
            (lines.prefix(40).map { "  \(sign) \($0)" } + (lines.count > 40 ? ["  … \(lines.count - 40) more"] : [])).joined(
                separator: "\n")
        }
        return """
            \(product): the public API is not its baseline (\(actual.count) symbols now, \(recorded.count) recorded): \
            \(added.count) new, \(removed.count) gone. Make a symbol `package` unless a user writes or names it; \
            if the change is intended, re-record with FLIPBOOK_RECORD=failed swift test --filter PublicSymbolBaselineTests
            \(sample(added, "+"))
            \(sample(removed, "-"))
            """
    }
}

/// A module whose symbol graph could not be extracted.
struct PublicSymbolExtractionError: Error, CustomStringConvertible {
    let module: String
    let log: String
    var description: String { "swift-symbolgraph-extract failed for \(module):\n\(log)" }
}
