import FlipbookModel

/// `flipbook devices`: one line per named device — the list every command's `--device` takes.
enum DevicesCommand: Command {
    static let name = "devices"
    static let summary = "list the devices --device names: points, scale, safe area, status bar"
    static let help = """
        Usage: flipbook devices

        Prints each device --device takes by name, one a line: its size in points, its scale, its
        portrait safe area (top/bottom), its status bar and its screen corners' radius. --device
        also takes WxH in points (@2x, 20 pt status bar) or WxH@S (scale S). See docs/DEVICES.md.
        """

    /// devices takes no options.
    static let options: [OptionSpec] = []

    static func run(_ argv: [String]) throws -> Int32 {
        let arguments = try Arguments(argv, options: options)
        try arguments.expectPositionals([])
        for device in Device.presets { print(device.helpLine) }
        return ExitCode.success
    }
}
