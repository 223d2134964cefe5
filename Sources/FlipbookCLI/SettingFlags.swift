import Flipbook
import FlipbookGeometry
import FlipbookSupport

/// Library errors name settings (`SceneOptions.selectedIndex 16 is out of range`) as structured
/// fields (`SettingNamingError`); the command line prints them with the options that set those
/// settings (`--select 16 is out of range`): the options whose table entry declares the
/// setting (`OptionSpec.setting`), as `SceneArguments.usageError` does for timing errors.
enum SettingFlags {
    /// Every option that may set a setting an error names: render's (the scene's, the gesture's,
    /// the outputs') and inspect's `--frame`.
    static let options = RenderCommand.options + InspectCommand.options.filter { $0.name == "frame" }

    /// The option (or options, `--gesture, --pan-to`) that set `field`; the library's name when
    /// no option does (a test checks that every setting has one).
    static func flags(for field: SettingField) -> String {
        let names = options.filter { $0.setting == field }.map { "--" + $0.name }
        return names.isEmpty ? field.libraryName : names.joined(separator: ", ")
    }

    /// `error`'s message in the command line's words, with every control character in it but the
    /// line feed escaped (`InputText`): a path or value from a lock or a file must not act on the
    /// terminal. (A few errors carry another program's log on the lines after theirs: ffmpeg's.)
    static func describe(_ error: Error) -> String {
        let text = (error as? any SettingNamingError)?.message.text(naming: flags(for:)) ?? "\(error)"
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { InputText.escaped(String($0)) }.joined(separator: "\n")
    }
}
