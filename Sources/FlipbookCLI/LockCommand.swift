import Flipbook
import FlipbookFiles
import FlipbookGeometry
import FlipbookLock
import FlipbookSupport
import Foundation

/// `flipbook lock PRESET … --out NAME.lock`: a sequence golden of display lists and pixel hashes.
enum LockCommand: Command {
    static let name = "lock"
    static let summary = "write a sequence golden: per frame the display list and a pixel hash"
    static let help = """
        Usage: flipbook lock PRESET [OPTIONS] --out NAME.lock
               flipbook lock --transition FILE.json [OPTIONS] --out NAME.lock

        Renders every frame (no PNG is written) and writes NAME.lock: the render's arguments, then
        per frame its time, progress, a CRC-64 of its pixels and its display list as compact text,
        each frame written against the one before (a push lock is about 20 KB). Lock format 2;
        `verify` still reads format 1 (FNV-1a hashes) and checks it with its own hash.
        `flipbook verify NAME.lock` renders again and says which frames changed. Run both from the
        same directory: relative paths in the arguments are kept as given. See docs/GOLDENS.md
        ("Sequence goldens").

        Options:
        \(OptionSpec.helpLines(options))

        Examples:
          flipbook lock push --scale 1 --out Tests/Locks/push.lock
          flipbook lock --transition Samples/transitions/card-expand.json --scale 1 --out card-expand.lock
        """

    /// Every option: `--out`, then the scene options.
    static let options: [OptionSpec] =
        [.option("out", "NAME.lock", "the lock file (required), written atomically")] + SceneArguments.options

    static func run(_ argv: [String]) throws -> Int32 {
        let arguments = try Arguments(argv, options: options)
        guard let out = arguments.string("out") else { throw UsageError("--out NAME.lock is required") }
        guard out.hasSuffix(".lock") else { throw UsageError("--out must name a .lock file, not '\(out)'") }
        let renderArguments = withoutOut(argv)
        let (settings, name) = try SceneArguments.settings(arguments)
        let job = try RenderJob(settings: settings)
        try OutputChecks.check([OutputChecks.Output(path: out)], against: OutputChecks.inputs(of: job, arguments))
        for warning in job.warnings { printError("warning: \(warning)") }
        let lock = try SequenceLock.make(job: job, header: header(name: name, arguments: renderArguments))
        let text = lock.text
        try OutputFile.write(Array(text.utf8), to: out, createFolders: true)
        print("\(name): \(lock.frames.count) frames locked, \(text.utf8.count) bytes → \(out)")
        return ExitCode.success
    }

    /// The header every lock starts with: the name and each render argument on its own line.
    static func header(name: String, arguments: [String]) -> [(key: String, value: String)] {
        [("name", name)] + arguments.map { ("argument", $0) }
    }

    /// `argv` without `--out X` / `--out=X`: what renders the sequence again. Read as the
    /// parser reads it (`Arguments`): the value of another option (`--font --out`, a file named
    /// `--out`) and everything after `--` are kept, whatever they read.
    static func withoutOut(_ argv: [String]) -> [String] {
        let takesValue = Set(options.filter { !$0.isFlag }.flatMap { [$0.name] + $0.formerNames })
        var result: [String] = []
        var index = 0
        while index < argv.count {
            let argument = argv[index]
            index += 1
            if argument == "--" {
                result += argv[(index - 1)...]
                break
            }
            if argument == "--out" { index += 1; continue }
            if argument.hasPrefix("--out=") { continue }
            result.append(argument)
            if argument.hasPrefix("--"), !argument.contains("="), takesValue.contains(String(argument.dropFirst(2))), index < argv.count {
                result.append(argv[index])
                index += 1
            }
        }
        return result
    }
}

/// `flipbook verify NAME.lock`: renders the locked sequence again and compares.
enum VerifyCommand: Command {
    static let errorExitCode = ExitCode.diffBadInput
    static let name = "verify"
    static let summary = "render a .lock's sequence again; exit 0 same, 1 changed"
    static let help = """
        Usage: flipbook verify NAME.lock [RENDER OPTIONS] [--review PAGE] [--markdown FILE]

        Renders the sequence NAME.lock was made from (its arguments; any RENDER OPTIONS given here
        are added after them, the last one winning, e.g. to try --damping 0.8 against the lock),
        without encoding a PNG, and compares each frame's display list and pixel hash. Exit 0 when
        every frame matches; otherwise prints which frames differ, whether the geometry (display
        list) or only the pixels changed, the changes in words (`op 3 image "…": rect.y 331 → 333`),
        and exits 1.

        Options:
        \(OptionSpec.helpLines(ownOptions))

        Render options (as for lock), added after the lock's own:
        \(OptionSpec.helpLines(SceneArguments.options))

        Example:
          flipbook verify Tests/Locks/push.lock
          flipbook verify push.lock --damping 0.8      (exits 1: the spring is another)
        """

    /// verify's own options (the render options follow them).
    static let ownOptions: [OptionSpec] = [
        .option(
            "review", "PAGE",
            """
            on a difference, write the current frames and the differences as a review
            page (a folder with index.html; see docs/REVIEW.md)
            """),
        .option("markdown", "FILE", "write a summary for a pull-request comment (verdict, first differing frame)")
    ]

    /// Every option: verify's own, then the render options.
    static let options = ownOptions + SceneArguments.options

    static func run(_ argv: [String]) throws -> Int32 {
        guard let path = argv.first, !path.hasPrefix("-") else { throw UsageError("give the lock file first: flipbook verify NAME.lock") }
        var rest = Array(argv.dropFirst())
        let review = try take("review", from: &rest), markdown = try take("markdown", from: &rest)
        let data = try InputFile.read(path)
        let expected = try SequenceLock(parsing: String(decoding: data, as: UTF8.self), path: path)
        if let review, let markdown { try OutputChecks.checkOutside(page: review, option: "--review", [markdown]) }
        let locked = expected.header.filter { $0.key == "argument" }.map(\.value)
        let arguments = try Arguments(locked + rest, options: SceneArguments.options)
        let (name, job) = try withoutContentsOfLockedFiles(rest: rest, arguments) {
            let (settings, name) = try SceneArguments.settings(arguments)
            return (name, try RenderJob(settings: settings))
        }
        let outputs = [markdown.map { OutputChecks.Output(path: $0) }, review.map { OutputChecks.Output(path: $0, isFolder: true) }]
        try OutputChecks.check(outputs.compactMap { $0 }, against: [OutputOverlap.Input(path)] + OutputChecks.inputs(of: job, arguments))
        let start = Date()
        // In the lock's own format: a format-1 lock is checked with its FNV-1a hashes.
        let actual = try SequenceLock.make(
            job: job, header: LockCommand.header(name: name, arguments: locked + rest), format: expected.format)
        let seconds = Date().timeIntervalSince(start)
        // The changed ops of the frames the report shows are named after their layers.
        let differences = expected.differences(to: actual, layerNames: { job.layerNamesOfLockLines(frameIndex: $0) })
        let report = VerifyReport(
            lockPath: path, name: name, frameCount: expected.frames.count, renderedFrameCount: actual.frames.count,
            differences: differences,
            rerecord: "flipbook lock " + (locked + rest).map(shellQuoted).joined(separator: " ") + " --out " + shellQuoted(path))
        print(report.text + String(format: " (%.2f s)", seconds))
        if let markdown { try OutputFile.write(Array(report.markdown.utf8), to: markdown, createFolders: true) }
        if let review, !differences.isEmpty {
            try VerifyReview.write(job: job, report: report, expected: expected, actual: actual, to: review)
            print("review page → \(InputText.escaped(review))/index.html")
        }
        return differences.isEmpty ? ExitCode.success : ExitCode.failure
    }

    /// The options whose value names a file (or a folder of fonts) to read.
    static let fileOptions = SceneArguments.fileOptionNames.union(["label-font", "scene-fonts"])

    /// Runs `body` (which reads the files `arguments` name); when it fails on a file the lock
    /// names — given by the lock's arguments, not by the options `rest` given here — the
    /// error says which file and option, but nothing of what is wrong with it: a lock may come
    /// from someone else, and the detail (a JSON error's "found 'r'", an unknown key) would show
    /// that file's first bytes or keys (`/etc/passwd`, a key file) in the output, a CI log.
    /// - Throws: `VerifyError.lockedFileUnreadable`, or what `body` throws.
    static func withoutContentsOfLockedFiles<T>(rest: [String], _ arguments: Arguments, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            let given = try? Arguments(rest, options: SceneArguments.options)
            let text = "\(error)"
            for option in fileOptions.sorted() where given?.given(option) != true {
                guard let file = arguments.string(option), text.hasPrefix(file + ":") || text.hasPrefix(file + " ") else { continue }
                throw VerifyError.lockedFileUnreadable(path: file, option: option)
            }
            throw error
        }
    }

    /// Removes `--NAME VALUE` (or `--NAME=VALUE`) from `arguments`, returning the last value.
    static func take(_ name: String, from arguments: inout [String]) throws -> String? {
        var value: String?
        var kept: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" + name {
                guard index + 1 < arguments.count else { throw UsageError("--\(name) needs a value") }
                value = arguments[index + 1]
                index += 2
                continue
            }
            if argument.hasPrefix("--\(name)=") { value = String(argument.dropFirst(name.count + 3)); index += 1; continue }
            kept.append(argument)
            index += 1
        }
        arguments = kept
        return value
    }

    /// `text` as one shell word: as it is when plain, else in single quotes; with a control
    /// character (which must never reach a terminal raw) in bash's `$'…'`, each control as its
    /// `\uXXXX` escape (`InputText`), so the command is still the same when pasted.
    static func shellQuoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,+%{}".contains($0) }
        if plain && !text.isEmpty { return text }
        guard text.unicodeScalars.contains(where: InputText.isEscaped) else {
            return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        var quoted = "$'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'", "\\": quoted += "\\" + String(scalar)
            case _ where InputText.isEscaped(scalar): quoted += InputText.unicodeEscape(scalar)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }
}

/// What `verify` found, as terminal text and as Markdown.
struct VerifyReport {
    let lockPath: String
    let name: String
    /// Frames in the lock, and in the new render (they differ when the sequence got longer or shorter).
    let frameCount: Int
    let renderedFrameCount: Int
    let differences: [SequenceFrameDifference]
    let rerecord: String

    /// The terminal's report; every text from the lock or the command line is shown as
    /// messages show input (`InputText`: the changes are cut and escaped where they are made).
    var text: String {
        let (lockPath, name) = (InputText.escaped(lockPath), InputText.excerpt(name))
        guard let first = differences.first else { return "\(lockPath): \(name): all \(frameCount) frames match" }
        let geometry = differences.filter { $0.kind == .geometry }.count
        let pixels = differences.filter { $0.kind == .pixels }.count
        var out =
            "\(lockPath): \(name): \(differences.count) of \(max(frameCount, renderedFrameCount)) frames differ (first: frame \(first.index)); "
            + "geometry changed in \(geometry), only pixels in \(pixels)"
        if renderedFrameCount != frameCount { out += "; the lock holds \(frameCount) frames, the render \(renderedFrameCount)" }
        for difference in differences.prefix(20) {
            out += "\n  frame \(difference.index) (\(difference.kind.rawValue)):"
            for change in difference.changes.prefix(6) { out += "\n    " + change }
            if difference.changes.count > 6 { out += "\n    … \(difference.changes.count - 6) more" }
        }
        if differences.count > 20 { out += "\n  … \(differences.count - 20) more frames" }
        out += "\nIf the change is intended, re-record: " + rerecord
        return out
    }

    /// The summary for a pull request; every text from the lock or the command line goes
    /// through `MarkdownText`.
    var markdown: String {
        guard let first = differences.first else {
            return "### ✅ \(MarkdownText.code(name)): all \(frameCount) frames match \(MarkdownText.code(lockPath))\n"
        }
        var out =
            "### ❌ \(MarkdownText.code(name)): \(differences.count) of \(max(frameCount, renderedFrameCount)) frames differ from \(MarkdownText.code(lockPath))\n\n"
        if renderedFrameCount != frameCount { out += "The lock holds \(frameCount) frames, the render \(renderedFrameCount).\n\n" }
        out += "First differing frame: **\(first.index)**.\n\n| frame | what | changes |\n|---|---|---|\n"
        for difference in differences.prefix(30) {
            let changes = difference.changes.prefix(3).map { MarkdownText.code($0, inTable: true, limit: .max) }.joined(separator: "; ")
            out += "| \(difference.index) | \(difference.kind.rawValue) | \(changes) |\n"
        }
        out += "\nIf the change is intended, re-record:\n\n" + MarkdownText.codeBlock(rerecord)
        return out
    }
}

/// Why `verify` cannot render a lock's sequence, where the library's own error may not be shown.
enum VerifyError: Error, CustomStringConvertible {
    /// A file the lock's arguments name (`--OPTION PATH`) cannot be read as one; what is wrong is
    /// not said (see `VerifyCommand.withoutContentsOfLockedFiles`).
    case lockedFileUnreadable(path: String, option: String)

    var description: String {
        switch self {
        case let .lockedFileUnreadable(path, option):
            return
                "\(InputText.escaped(path)): the lock's --\(option) file cannot be used; what is wrong with it is not shown, since a lock may come "
                + "from someone else and the message could quote the file (run `flipbook render` with the lock's arguments to see it)"
        }
    }
}
