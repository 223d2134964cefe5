import Foundation

/// Every sub-command, in the order `flipbook --help` lists them.
let commands: [Command.Type] = [
    RenderCommand.self,
    InspectCommand.self,
    ListCommand.self,
    DecodeCommand.self,
    DiffCommand.self,
    CurveCommand.self,
    TextCommand.self,
]

let version = "0.1.0"

func generalHelp() -> String {
    var text = """
    flipbook \(version) — renders iOS view-controller transitions to PNG frames.

    Usage: flipbook COMMAND [OPTIONS]

    Commands:

    """
    for command in commands {
        text += "  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary + "\n"
    }
    text += """

    Run `flipbook help COMMAND` for a command's options.
    Exit codes: 0 success, 1 bad input or failure, 64 usage error (flipbook diff: 1 differ, 2 bad input).
    """
    return text
}

func main() -> Int32 {
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
    case "help":
        guard arguments.count > 1 else { print(generalHelp()); return ExitCode.success }
        guard let command = commands.first(where: { $0.name == arguments[1] }) else {
            printError("error: unknown command '\(arguments[1])'\n\n" + generalHelp())
            return ExitCode.usage
        }
        print(command.help)
        return ExitCode.success
    default:
        break
    }
    guard let command = commands.first(where: { $0.name == first }) else {
        printError("error: unknown command '\(first)'\n\n" + generalHelp())
        return ExitCode.usage
    }
    arguments.removeFirst()
    if arguments.contains("--help") || arguments.contains("-h") {
        print(command.help)
        return ExitCode.success
    }
    do {
        return try command.run(arguments)
    } catch let error as UsageError {
        printError("error: \(error)\n\n\(command.help)")
        return ExitCode.usage
    } catch {
        printError("error: \(error)")
        return ExitCode.failure
    }
}

exit(main())
