import Foundation
import XCTest

/// How a consumer's compiler sees this package: the flags SwiftPM compiled this test target with
/// (so every module of the build is importable), outside the package.
extension XCTestCase {
    /// The compiler flags of this target's build (`.build/debug.yaml` or `release.yaml`, named
    /// like the products folder), minus the outputs, the sources and the package name.
    func consumerFlags() throws -> (compiler: String, flags: [String]) {
        // The build description sits at the top of the scratch folder (`.build/debug.yaml`), above
        // the products folder this test runs from.
        var folder = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).deletingLastPathComponent()
        let description = folder.lastPathComponent + ".yaml" // debug.yaml, release.yaml
        var text: String?
        for _ in 0..<4 where text == nil {
            text = try? String(contentsOf: folder.appendingPathComponent(description), encoding: .utf8)
            folder.deleteLastPathComponent()
        }
        guard let text else { throw XCTSkip("no build description (\(description)) above the test's products") }
        guard let key = text.range(of: #""C.FlipbookPublicAPITests-[^"]*\.module":"#, options: .regularExpression),
            let argsStart = text.range(of: "args: [", range: key.upperBound..<text.endIndex),
            let argsEnd = text.range(of: "]\n", range: argsStart.upperBound..<text.endIndex)
        else {
            throw XCTSkip("the build description has no compile command for FlipbookPublicAPITests")
        }
        let list = try JSONDecoder().decode([String].self, from: Data(("[" + text[argsStart.upperBound..<argsEnd.lowerBound] + "]").utf8))
        guard list.first?.hasSuffix("swiftc") == true else { throw XCTSkip("the module's command is not swiftc: \(list.first ?? "")") }
        var flags: [String] = [], index = 1 // [0] is swiftc
        let dropWithValue: Set = [
            "-module-name", "-emit-module-path", "-output-file-map", "-index-store-path", "-package-name", "-j", "-num-threads"
        ]
        let drop: Set = [
            "-emit-dependencies", "-emit-module", "-incremental", "-enable-batch-mode", "-serialize-diagnostics", "-c",
            "-parseable-output", "-parse-as-library", "-enable-testing", "-g",
            "-whole-module-optimization"
        ]
        while index < list.count {
            let arg = list[index]
            if arg == "-Xcc", index + 1 < list.count { flags += [arg, list[index + 1]]; index += 2; continue } // clang's, kept whole
            if dropWithValue.contains(arg) { index += 2; continue }
            if drop.contains(arg) || arg.hasPrefix("@") || arg.hasPrefix("-j") { index += 1; continue }
            flags.append(arg); index += 1
        }
        return (list[0], flags)
    }

    func typecheck(_ program: String, flags: (compiler: String, flags: [String])) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-consumer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("main.swift")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: flags.compiler)
        process.arguments = ["-typecheck", "-module-name", "Consumer"] + flags.flags + [source.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
