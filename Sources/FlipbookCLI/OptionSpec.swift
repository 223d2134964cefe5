import FlipbookGeometry
import Foundation

/// One command-line option: the single place its name, kind and help text live. A command's
/// table of these drives its parsing (`Arguments`), its help lines (`helpLines`) and the
/// documentation test (`flipbook help COMMAND --options` lists the table, hidden options too),
/// and names the option in library errors about the setting it sets (`setting`).
///
/// Options several commands share live in one table each (`SceneArguments.options`,
/// `PNGArguments.options`, `GestureArguments.options`, `ProgressMode.options`); a command's
/// table is the concatenation of the ones it takes, so which commands take an option is the
/// set of tables it is in.
struct OptionSpec: Sendable {
    /// The name without `--`.
    var name: String
    /// The value's placeholder in help (`DIR`, `N`); nil for a flag, which takes no value.
    var valueName: String?
    /// The help text beside the name: lines already wrapped (at about 100 columns including the
    /// 20-column indent), joined by `\n`; empty for an option described on another's line.
    var help: String
    /// Accepted but not listed in `flipbook help COMMAND` (a test or script hook).
    var isHidden = false
    /// Every value is collected (`--exclude A --exclude B`); otherwise the last one wins.
    var isRepeatable = false
    /// The value names a file to read, which may be a bundled sample `sample:NAME`.
    var readsFile = false
    /// Former names still accepted as this option (`fonts` for `scene-fonts`).
    var formerNames: [String] = []
    /// The help line's left column when one line documents several options together
    /// (`--pan-to X --pan-duration S [--release-velocity V]`); those others have an empty `help`.
    var synopsis: String?
    /// The library setting this option sets, so an error naming that setting names this option
    /// (`SettingFlags`); nil for options that set none an error names.
    var setting: SettingField?

    /// An option taking a value.
    static func option(
        _ name: String, _ valueName: String, _ help: String, hidden: Bool = false, repeatable: Bool = false,
        readsFile: Bool = false, formerNames: [String] = [], synopsis: String? = nil,
        setting: SettingField? = nil
    ) -> OptionSpec {
        OptionSpec(
            name: name, valueName: valueName, help: help, isHidden: hidden, isRepeatable: repeatable,
            readsFile: readsFile, formerNames: formerNames, synopsis: synopsis, setting: setting)
    }

    /// A flag (no value).
    static func flag(_ name: String, _ help: String, hidden: Bool = false, setting: SettingField? = nil) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help, isHidden: hidden, setting: setting)
    }

    /// True for a flag, which takes no value.
    var isFlag: Bool { valueName == nil }

    /// The left column of the help line: `--name VALUE`, or the synopsis.
    var helpName: String { synopsis ?? "--" + name + (valueName.map { " " + $0 } ?? "") }

    /// The column where help text starts: two spaces of indent, then 18 for the name.
    static let helpColumn = 20

    /// The help lines of `options` (hidden ones and those described on another's line left
    /// out): the name, then the text from column 20, or on the next line when the name is
    /// too long to leave two spaces.
    static func helpLines(_ options: [OptionSpec]) -> String {
        let indent = String(repeating: " ", count: helpColumn)
        return options.filter { !$0.isHidden && !$0.help.isEmpty }.map { option in
            let lines = option.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let name = "  " + option.helpName
            let first =
                name.count + 2 <= helpColumn
                ? name.padding(toLength: helpColumn, withPad: " ", startingAt: 0) + lines[0]
                : name + "\n" + indent + lines[0]
            return ([first] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The table as `flipbook help COMMAND --options` prints it: one option a line, `--name
    /// VALUE`, then tab-separated `hidden`, `repeatable` and `setting=FIELD` where they apply.
    static func tableLines(_ options: [OptionSpec]) -> String {
        options.map { option in
            (["--" + option.name + (option.valueName.map { " " + $0 } ?? "")]
                + (option.isHidden ? ["hidden"] : []) + (option.isRepeatable ? ["repeatable"] : [])
                + (option.setting.map { ["setting=\($0.rawValue)"] } ?? [])).joined(separator: "\t")
        }.joined(separator: "\n")
    }
}
