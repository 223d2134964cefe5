import Flipbook
import FlipbookGeometry
import FlipbookMotion
import FlipbookSupport
import Foundation

/// A command-line usage mistake: exits with `ExitCode.usage`; `flipbook` prints `error: MESSAGE`
/// and one line pointing at the command's help.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

/// Exit codes shared by every command (documented in the README).
enum ExitCode {
    /// Success.
    static let success: Int32 = 0
    /// Bad input or a failure while working (an `error: …` line names the file).
    static let failure: Int32 = 1
    /// The verdict commands (`diff`, `review REFERENCE ACTUAL`, `verify`), which exit 1 when the
    /// two sides differ: an input could not be read or decoded, or the work failed. A CI step
    /// can then tell "changed" from "broken".
    static let diffBadInput: Int32 = 2
    /// A usage mistake (unknown option, bad option value); sysexits' EX_USAGE.
    static let usage: Int32 = 64
}

/// Parsed arguments of one command: `--name value` options, `--flag` flags and positionals,
/// split by the command's option table (`OptionSpec`).
///
/// `--name=value` is accepted too; `--` ends the options (every argument after it is a
/// positional). A repeated option: the last one wins (so a script can put `"$@"` after its own
/// options), except for repeatable options, which collect every value. An unknown option is
/// refused with the nearest known name ("did you mean --fps?"), so typos never pass silently.
struct Arguments {
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    private(set) var positionals: [String] = []
    /// Option and flag names in the order given (each once, at its first place).
    private(set) var givenNames: [String] = []

    /// Splits `arguments` by the command's option table.
    init(_ arguments: [String], options table: [OptionSpec]) throws {
        var specs: [String: OptionSpec] = [:]
        for option in table {
            for name in [option.name] + option.formerNames {
                precondition(specs[name] == nil, "--\(name) is in a command's option table twice")
                specs[name] = option
            }
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                positionals.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let option = specs[name] else {
                let known = table.filter { !$0.isHidden }.map(\.name).sorted()
                throw UsageError("unknown option --\(InputText.excerpt(name))" + Suggestions.didYouMean(name, in: known, prefix: "--"))
            }
            name = option.name
            if option.isFlag {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            } else {
                var value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError("--\(name) needs a value") }
                    value = arguments[index]
                    index += 1
                }
                // An empty value is a mistake (`--out ""` would name the current folder).
                guard !value.isEmpty else { throw UsageError("--\(name) needs a value, not an empty string") }
                if option.readsFile { value = try Arguments.resolveSample(value, option: name) }
                values[name] = option.isRepeatable ? (values[name] ?? []) + [value] : [value]
            }
            if !givenNames.contains(name) { givenNames.append(name) }
        }
    }

    /// True when `arguments` ask for help: `--help` or `-h` where an option may stand (not as
    /// the value of `--out --help`, not after `--`). Unknown options are stepped over, so
    /// `render --typo --help` still shows the help.
    static func asksForHelp(_ arguments: [String], options table: [OptionSpec]) -> Bool {
        let takesValue = Set(table.filter { !$0.isFlag }.flatMap { [$0.name] + $0.formerNames })
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
            if argument.hasPrefix("--"), !argument.contains("="), takesValue.contains(String(argument.dropFirst(2))) { index += 1 }
        }
        return false
    }

    /// `value` with a `sample:NAME` reference replaced by the sample's path (`Samples.resolve`);
    /// an unknown name is a usage mistake naming the nearest sample. `option` is an option's
    /// name (without `--`) or a positional's (`IN`).
    static func resolveSample(_ value: String, option: String) throws -> String {
        if let path = Samples.resolve(value) { return path }
        let name = String(value.dropFirst(Samples.referencePrefix.count))
        let label = option.uppercased() == option ? option : "--" + option
        throw UsageError(
            "\(label): no bundled sample is named \(InputText.singleQuoted(name)) (`flipbook samples` lists them)"
                + Suggestions.didYouMean(name, in: Samples.all.map(\.name)))
    }

    /// True when `--name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The raw value of `--name`, if given (the last one when repeated).
    func string(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable `--name`, in order.
    func strings(_ name: String) -> [String] { values[name] ?? [] }

    /// True when `--name` was given, as an option or a flag.
    func given(_ name: String) -> Bool { values[name] != nil || flags.contains(name) }

    /// `--name` as an integer within `range`, or `defaultValue` when absent.
    func int(_ name: String, default defaultValue: Int? = nil, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = string(name) else { return defaultValue }
        guard let value = Int(text) else { throw UsageError("--\(name) must be a whole number, not \(InputText.singleQuoted(text))") }
        guard range.contains(value) else {
            throw UsageError("--\(name) must be between \(range.lowerBound) and \(range.upperBound), not \(value)")
        }
        return value
    }

    /// `--name` as a finite number within `range`, or `defaultValue` when absent.
    func double(_ name: String, default defaultValue: Double? = nil, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = string(name) else { return defaultValue }
        guard let value = Double(decimalText: text) else {
            throw UsageError("--\(name) must be a decimal number, not \(InputText.singleQuoted(text))")
        }
        guard range.contains(value) else {
            throw UsageError("--\(name) must be between \(range.lowerBound.shortestText) and \(range.upperBound.shortestText), not \(text)")
        }
        return value
    }

    /// Checks the positional count.
    func expectPositionals(_ names: [String]) throws {
        if positionals.count < names.count {
            throw UsageError("missing \(names[positionals.count])")
        }
        if positionals.count > names.count {
            let extra = positionals[names.count]
            throw UsageError(
                "unexpected argument \(InputText.singleQuoted(extra))"
                    + (extra.hasPrefix("-") && !extra.hasPrefix("--") ? " (options start with --)" : ""))
        }
    }
}

/// One `flipbook` sub-command.
protocol Command {
    /// The word after `flipbook`.
    static var name: String { get }
    /// One line for `flipbook --help`.
    static var summary: String { get }
    /// The full help text (`flipbook help NAME`), starting with the usage line; its option
    /// lines come from `options` (`OptionSpec.helpLines`).
    static var help: String { get }
    /// Every option the command takes, hidden ones included: what it parses and lists.
    static var options: [OptionSpec] { get }
    /// Runs the command; returns the exit code. Throws `UsageError` for usage mistakes and any
    /// other error for bad input (printed as `error: …`, exit 1).
    static func run(_ arguments: [String]) throws -> Int32
    /// The exit status of an error other than a usage mistake: 1, or `ExitCode.diffBadInput`
    /// for a command whose 1 means "the two sides differ".
    static var errorExitCode: Int32 { get }
}

extension Command {
    static var errorExitCode: Int32 { ExitCode.failure }
}

/// Writes a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write((text + "\n").data(using: .utf8)!)
}

/// Bad input found by a command itself (not a usage mistake): `error: MESSAGE`, exit 1.
struct CommandError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}
