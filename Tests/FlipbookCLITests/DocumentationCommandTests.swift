import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// Every `flipbook …` line of a fenced `sh` block in README.md and docs/*.md runs, as written,
/// from an empty folder with the built binary on PATH (the way an installed flipbook is used):
/// a documentation site that checks its examples.
///
/// Markers, an HTML comment on the line before a fence:
/// - `<!-- docs-test: skip (REASON) -->` skips the block (CI steps, pod commands, installs);
/// - `<!-- docs-test: file NAME -->` writes the block (e.g. a JSON example) to NAME in the folder
///   first (NAME may name subfolders: `MyApp/Shared/Card.swift`), so the commands after it can use it.
///
/// To keep the suite quick (it runs dozens of renders; scripts/test runs it with the release
/// `flipbook` built beside the tests), the test adds options after the documented ones
/// (the last value of an option wins): renders get `--scale 1` and `--fps 10`, compares `--scale 1 --fps 5 --sheet-frames 2`.
/// `/tmp/` stands for a folder inside the test's folder. The files a reader would bring are
/// made from the samples: `my.json`, `my-pop.json` (transitions), `my-finger.json`,
/// `my-swipe.json` (gestures), `~/photos/photos.plist` and `~/fonts` (HOME is the test's).
final class DocumentationCommandTests: XCTestCase {
    struct Command { var line: String; var file: String; var lineNumber: Int }

    /// The documented commands, in order, and the files to write before each block.
    static func documentedCommands() throws -> [(files: [(name: String, text: String)], commands: [Command])] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Package.path("docs")).filter { $0.hasSuffix(".md") }.sorted()
        var blocks: [(files: [(name: String, text: String)], commands: [Command])] = []
        var pendingFiles: [(name: String, text: String)] = []
        for relative in ["README.md"] + docs.map({ "docs/" + $0 }) {
            let lines = try String(contentsOfFile: Package.path(relative), encoding: .utf8).components(separatedBy: "\n")
            var index = 0
            while index < lines.count {
                guard lines[index].hasPrefix("```") else { index += 1; continue }
                let language = lines[index].dropFirst(3).trimmingCharacters(in: .whitespaces)
                let marker = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
                var end = index + 1
                while end < lines.count, !lines[end].hasPrefix("```") { end += 1 }
                let body = Array(lines[(index + 1)..<min(end, lines.count)])
                if marker.hasPrefix("<!-- docs-test: file "),
                    let name = marker.dropFirst("<!-- docs-test: file ".count).split(separator: " ").first
                {
                    pendingFiles.append((String(name), body.joined(separator: "\n") + "\n"))
                } else if language == "sh", !marker.hasPrefix("<!-- docs-test: skip") {
                    var commands: [Command] = []
                    for (offset, line) in body.enumerated() where line.hasPrefix("flipbook ") {
                        commands.append(Command(line: line, file: relative, lineNumber: index + 2 + offset))
                    }
                    if !commands.isEmpty || !pendingFiles.isEmpty {
                        blocks.append((pendingFiles, commands))
                        pendingFiles = []
                    }
                }
                index = end + 1
            }
        }
        return blocks
    }

    /// `line` without its comment (`# …` after the command) and with the test's options added.
    static func runnable(_ line: String, tmp: String) -> String {
        var command = line
        if let comment = command.range(of: " #") { command = String(command[..<comment.lowerBound]) }
        command = command.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "/tmp/", with: tmp + "/")
        let words = command.split(separator: " ").map(String.init)
        switch words.count > 1 ? words[1] : "" {
        case "render":
            // Whole sequences at 10 fps rather than a range of frames: a render may be reviewed,
            // merged or locked by the next command, which needs all of its frames.
            command += " --scale 1" + (words.contains("--frames") || words.contains("--no-write") ? "" : " --fps 10")
        case "compare":
            command += " --scale 1 --fps 5 --sheet-frames 2"
        default:
            break
        }
        return command
    }

    /// Every command `flipbook help` lists, and every option in its option table (`flipbook help
    /// COMMAND --options`, hidden options included), appears in a documented command (one that
    /// `testEveryDocumentedCommandRuns` runs): an option is shown with its own command, or, for
    /// the options several commands share (scene, PNG, gesture, progress), with any of them.
    /// The help lists exactly the table's options that are not hidden: one source for both.
    func testEveryCommandAndOptionInTheHelpHasADocumentedExample() throws {
        let general = try runFlipbook(["help"])
        XCTAssertEqual(general.status, 0, general.stderr)
        let names = general.stdout.components(separatedBy: "\n").drop { !$0.hasPrefix("Commands:") }.dropFirst()
            .prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertGreaterThan(names.count, 10, general.stdout)
        let documented = try Self.documentedCommands().flatMap(\.commands).map { $0.line.split(separator: " ").map(String.init) }
        func options(in words: [String]) -> Set<String> {
            Set(
                words.compactMap { word in
                    word.range(of: "^--[a-z0-9][a-z0-9-]*", options: .regularExpression).map { String(word[$0]) }
                })
        }
        var optionsOf: [String: Set<String>] = [:]
        for name in names {
            let help = try runFlipbook(["help", name])
            XCTAssertEqual(help.status, 0, "flipbook help \(name): \(help.stderr)")
            // An option line starts with its name(s), then two spaces and the meaning (which may
            // name other options, or an old spelling "formerly --fonts").
            let optionLines = help.stdout.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("--") }.map { $0.components(separatedBy: "  ")[0] }
            let listed = options(in: optionLines.flatMap { $0.split(separator: " ").map { String($0.drop { $0 == "[" }) } })
            let table = try runFlipbook(["help", name, "--options"])
            XCTAssertEqual(table.status, 0, "flipbook help \(name) --options: \(table.stderr)")
            let rows = table.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
            let all = Set(rows.map { String($0[0].split(separator: " ")[0]) })
            let shown = Set(rows.filter { !$0.contains("hidden") }.map { String($0[0].split(separator: " ")[0]) })
            XCTAssertEqual(listed.sorted(), shown.sorted(), "`flipbook help \(name)` lists other options than its table holds")
            optionsOf[name] = all
        }
        let everywhere = documented.reduce(into: Set<String>()) { $0.formUnion(options(in: $1)) }
        for name in names {
            let lines = documented.filter { $0.count > 1 && $0[1] == name }
            XCTAssertFalse(lines.isEmpty, "no documented example of `flipbook \(name)` in README.md or docs/")
            let shown = lines.reduce(into: Set<String>()) { $0.formUnion(options(in: $1)) }
            let shared = Set(optionsOf.filter { $0.key != name }.values.joined())
            let missing = optionsOf[name, default: []].filter { !shown.contains($0) && !(shared.contains($0) && everywhere.contains($0)) }
            XCTAssertEqual(missing.sorted(), [], "`flipbook \(name)` takes options no documented `flipbook \(name)` example shows")
        }
    }

    func testEveryDocumentedCommandRuns() throws {
        guard FileManager.default.isExecutableFile(atPath: flipbookExecutable.path) else {
            throw XCTSkip("flipbook is not built at \(flipbookExecutable.path); run `swift build` first")
        }
        let blocks = try Self.documentedCommands()
        let commandCount = blocks.map(\.commands.count).reduce(0, +)
        XCTAssertGreaterThan(commandCount, 50, "the README and docs show dozens of commands")
        let work = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let manager = FileManager.default
        let tmp = work.appendingPathComponent("tmp"), home = work.appendingPathComponent("home")
        try manager.createDirectory(at: tmp, withIntermediateDirectories: true)
        try manager.createDirectory(at: home.appendingPathComponent("photos"), withIntermediateDirectories: true)
        for (name, sample) in [
            ("my.json", "transitions/card-expand.json"), ("my-pop.json", "transitions/swipe-back.json"),
            ("my-finger.json", "gestures/half-swipe-cancel.json"), ("my-swipe.json", "gestures/full-swipe.json")
        ] {
            try manager.copyItem(atPath: Package.path("Samples/" + sample), toPath: work.appendingPathComponent(name).path)
        }
        try manager.copyItem(
            atPath: Package.path("Tests/Fixtures/manifests/photos.plist"), toPath: home.appendingPathComponent("photos/photos.plist").path)
        try manager.createSymbolicLink(
            atPath: home.appendingPathComponent("photos/photos").path, withDestinationPath: Package.path("Samples/photos"))
        try manager.copyItem(atPath: Package.fixtureFonts, toPath: home.appendingPathComponent("fonts").path)
        let hasFFmpeg = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { manager.isExecutableFile(atPath: "\($0)/ffmpeg") }

        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = flipbookExecutable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = home.path
        // A documented `render … --watch` renders once and ends instead of watching forever.
        environment["FLIPBOOK_WATCH_ROUNDS"] = "1"
        for block in blocks {
            for file in block.files {
                let destination = work.appendingPathComponent(file.name)
                try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.text.write(to: destination, atomically: true, encoding: .utf8)
            }
            for command in block.commands {
                if command.line.contains("--video") && !hasFFmpeg { continue }
                let script = Self.runnable(command.line, tmp: tmp.path)
                let run = try runShell(script, in: work, environment: environment)
                // The verdict commands exit 1 when the two sides differ, as documented (`diff`,
                // `review REFERENCE ACTUAL`, `verify`); anything else must succeed.
                let verdicts = ["flipbook diff ", "flipbook review ", "flipbook verify "]
                let allowed: Set<Int32> = verdicts.contains { command.line.hasPrefix($0) } ? [0, 1] : [0]
                XCTAssertTrue(
                    allowed.contains(run.status),
                    "\(command.file):\(command.lineNumber): \(command.line)\nran: \(script)\nexit \(run.status): \(run.stderr)")
            }
        }
    }
}
