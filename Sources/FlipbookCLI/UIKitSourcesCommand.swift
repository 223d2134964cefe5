import FlipbookFiles
import FlipbookSupport
import FlipbookUIKitSources

/// `flipbook uikit-sources IN_DIR --out OUT_DIR`: an iOS app's Swift files in the form Linux
/// compiles against FlipbookUIKit (docs/UIKIT.md, "Objective-C syntax").
enum UIKitSourcesCommand: Command {
    static let name = "uikit-sources"
    static let summary = "rewrite an iOS app's Swift files (@objc, #selector …) so Linux compiles them"
    static let help = """
        Usage: flipbook uikit-sources IN_DIR --out OUT_DIR [--exclude PATH]... [--add-import MODULE]...

        Writes every .swift file of IN_DIR (and its subfolders) to OUT_DIR in the form Linux Swift
        compiles against FlipbookUIKit: Objective-C-only attributes (@objc, @objcMembers, dynamic,
        @IBOutlet, @IBAction, @IBInspectable, @IBDesignable, @NSManaged …) dropped, #selector(…)
        turned into a Selector that calls the method, @objc optional protocol methods and their
        `?(…)` calls made to work, string selectors able to find methods by name. All files are read
        together (a protocol, its conformances and its calls may be in different files).

        A file needing no change is written as it is. A rewritten file NAME.swift is written as
        NAME.linux.swift: it starts with a #sourceLocation naming the original, so compiler errors,
        #file and #line point at the original file and line, and every original line keeps its
        number. What cannot be rewritten is an error naming FILE:LINE:COLUMN, and nothing is written.
        OUT_DIR is replaced as a whole (new, empty, or written by this command before); OUT_DIR
        inside IN_DIR is skipped. For a SwiftPM target, the UIKitSources build-tool plugin does the
        same at build time (docs/UIKIT.md).

        Options:
        \(OptionSpec.helpLines(options))

        Example:
          flipbook uikit-sources MyApp/Shared --out Linux/Shared --exclude AppDelegate.swift --add-import UIKit
        """

    /// Every option, in help order.
    static let options: [OptionSpec] = [
        .option("out", "OUT_DIR", "the folder to write (required)"),
        .option("exclude", "PATH", "leave out a file or folder of IN_DIR (relative to it; repeatable)", repeatable: true),
        .option(
            "add-import", "MODULE",
            """
            add `import MODULE` to every file that has none (repeatable): `UIKit`
            for files that rely on an umbrella header for it
            """, repeatable: true)
    ]

    static func run(_ argv: [String]) throws -> Int32 {
        let arguments = try Arguments(argv, options: options)
        try arguments.expectPositionals(["IN_DIR"])
        guard let out = arguments.string("out") else { throw UsageError("missing --out OUT_DIR") }
        for module in arguments.strings("add-import")
        where !module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) || module.first?.isNumber == true {
            throw UsageError("--add-import: \(InputText.singleQuoted(module)) is not a module name")
        }
        let input = UIKitSourceFolder.absolutePath(arguments.positionals[0])
        var excluded = arguments.strings("exclude")
        let output = UIKitSourceFolder.absolutePath(out)
        if OutputDirectory.isWithin(output, folder: input) {
            if output == input { throw UsageError("--out must not be IN_DIR itself") }
            excluded.append(String(output.dropFirst(input.count + 1)))
        }
        let paths = try UIKitSourceFolder.swiftFiles(in: input, excluding: excluded)
        let files = try UIKitSourceFolder.read(paths, in: input)
        let options = UIKitSourcesOptions(addedImports: arguments.strings("add-import"), reportedPath: { input + "/" + $0 })
        let rewritten = try UIKitSourcesRewriter.rewrite(files, options: options)
        try UIKitSourceFolder.replaceFolder(out, with: rewritten, from: input)
        let changed = zip(files, rewritten).filter { $0.path != $1.path }.count
        print(
            "\(files.count) Swift file\(files.count == 1 ? "" : "s") → \(out): \(changed) rewritten (as NAME.linux.swift), \(files.count - changed) unchanged"
        )
        return ExitCode.success
    }
}
