import FlipbookFiles
import FlipbookMotion
import FlipbookSupport
import Foundation

/// Every sub-command, in the order `flipbook --help` lists them.
let commands: [Command.Type] = [
    RenderCommand.self,
    InspectCommand.self,
    ExportTransitionCommand.self,
    ListCommand.self,
    DevicesCommand.self,
    SamplesCommand.self,
    DecodeCommand.self,
    DiffCommand.self,
    LockCommand.self,
    VerifyCommand.self,
    ReviewCommand.self,
    CurveCommand.self,
    TextCommand.self,
    CompareCommand.self,
    MergeCommand.self,
    UIKitSourcesCommand.self
]

let version = "0.1.0"

@MainActor func generalHelp() -> String {
    var text = """
        flipbook \(version) — renders iOS view-controller transitions to PNG frames.

        Usage: flipbook COMMAND [OPTIONS]

        Commands:

        """
    for command in commands {
        text += "  " + command.name.padding(toLength: 19, withPad: " ", startingAt: 0) + command.summary + "\n"
    }
    text += """

        Run `flipbook help COMMAND` for a command's options (`flipbook help COMMAND --options`: the
        option table alone, one a line, hidden options too). `--` ends a command's options.
        Your own UIKit animator: record it in a `swift test` with FlipbookUIKit (Transition.record)
        and golden-test it with FlipbookTesting — docs/UIKIT.md; `flipbook uikit-sources` makes an
        app's iOS files compile against it.
        Exit codes: 0 success, 1 bad input or failure, 64 usage error (flipbook diff: 1 differ, 2 bad input).
        """
    return text
}

/// The command named `name` (exactly, or up to case), or a usage error with the nearest names.
@MainActor func command(named name: String) throws -> Command.Type {
    if let command = commands.first(where: { $0.name == name.lowercased() }) { return command }
    // `flipbook version`, `-version`, `-v`: the option typed as a command.
    if ["version", "v"].contains(name.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "-"))) {
        throw UsageError("unknown command \(InputText.singleQuoted(name)); did you mean '--version'?")
    }
    throw UsageError("unknown command \(InputText.singleQuoted(name))" + Suggestions.didYouMean(name, in: commands.map { $0.name }))
}

/// Prints a usage mistake: the error, then where to read more (not the whole help: the error
/// must stay on screen).
func reportUsage(_ error: UsageError, help: String) -> Int32 {
    printError("error: \(error)\nsee '\(help)'")
    return ExitCode.usage
}

@MainActor func main() -> Int32 {
    // Ctrl-C, SIGTERM, SIGHUP, SIGQUIT: remove this run's temporary output, exit 128 + signal.
    Termination.installSignalHandlers()
    // A reader that went away (a crashed ffmpeg, `flipbook list | head`) is an EPIPE error to
    // report, not a signal that ends the command: the command's choice, not the library's.
    signal(SIGPIPE, SIG_IGN)
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let first = arguments.first else {
        printError(generalHelp())
        return ExitCode.usage
    }
    switch first {
    case "--help", "-h":
        print(generalHelp())
        return ExitCode.success
    case "--version":
        print("flipbook \(version)")
        return ExitCode.success
    case "golden-worker":
        return GoldenWorker.run(Array(arguments.dropFirst()))
    case "help":
        guard arguments.count > 1 else { print(generalHelp()); return ExitCode.success }
        do {
            let named = try command(named: arguments[1])
            switch Array(arguments.dropFirst(2)) {
            case []: print(named.help)
            case ["--options"]: print(OptionSpec.tableLines(named.options))
            default: throw UsageError("flipbook help takes a COMMAND and optionally --options")
            }
            return ExitCode.success
        } catch let error as UsageError {
            return reportUsage(error, help: "flipbook --help")
        } catch {
            preconditionFailure("command(named:) throws usage errors only")
        }
    default:
        break
    }
    let selected: Command.Type
    do {
        selected = try command(named: first)
    } catch let error as UsageError {
        return reportUsage(error, help: "flipbook --help")
    } catch {
        preconditionFailure("command(named:) throws usage errors only")
    }
    arguments.removeFirst()
    if Arguments.asksForHelp(arguments, options: selected.options) {
        print(selected.help)
        return ExitCode.success
    }
    do {
        return try selected.run(arguments)
    } catch let error as UsageError {
        return reportUsage(error, help: "flipbook help \(selected.name)")
    } catch let error as InapplicableOption {
        return reportUsage(UsageError(error.description), help: "flipbook help \(selected.name)")
    } catch {
        printError("error: \(SettingFlags.describe(error))")
        return selected.errorExitCode
    }
}

// Top-level code runs on the main thread, where `commands` (a top-level constant) lives.
exit(MainActor.assumeIsolated { main() })
