import FlipbookUIKitSources
// The rewriter as a small tool for the UIKitSources build-tool plugin (Plugins/UIKitSources), so
// an app's package builds only the rewriter, not the whole `flipbook` command:
//
//   flipbook-uikit-sources IN_DIR OUT_DIR [--add-import MODULE]... [--] [RELATIVE_PATH...]
//
// rewrites the given files of IN_DIR (all its Swift files when none is given) into OUT_DIR, each
// as NAME.linux.swift starting with a `#sourceLocation` naming the original (the names the plugin
// declares before the files are read), writing only the files whose bytes changed. Errors are printed as `FILE:LINE:COLUMN: error: …`,
// the compilers' form, so the build log and editors point at the original file.
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
var addedImports: [String] = []
var positionals: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    if argument == "--add-import", !arguments.isEmpty {
        addedImports.append(arguments.removeFirst())
    } else if argument == "--" {
        positionals += arguments
        arguments = []
    } else {
        positionals.append(argument)
    }
}
guard positionals.count >= 2 else {
    FileHandle.standardError.write(
        Data("usage: flipbook-uikit-sources IN_DIR OUT_DIR [--add-import MODULE]... [--] [RELATIVE_PATH...]\n".utf8))
    exit(64)
}
let input = UIKitSourceFolder.absolutePath(positionals[0]), output = positionals[1]
do {
    let paths = positionals.count > 2 ? Array(positionals[2...]) : try UIKitSourceFolder.swiftFiles(in: input)
    let files = try UIKitSourceFolder.read(paths, in: input)
    let options = UIKitSourcesOptions(addedImports: addedImports, reportedPath: { input + "/" + $0 }, locatesEveryFile: true)
    try UIKitSourceFolder.writeChanged(try UIKitSourcesRewriter.rewrite(files, options: options), into: output)
} catch let error as UIKitSourcesError {
    switch error {
    case let .cannotRewrite(file, place, reason):
        FileHandle.standardError.write(Data("\(file):\(place.line):\(place.column): error: \(reason)\n".utf8))
    }
    exit(1)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
