import Foundation
import PackagePlugin

/// The build-tool plugin that compiles an app's iOS source folder on Linux: for a target whose
/// folder (or the folder of one of its Swift files) holds `uikit-sources.json`, it rewrites every
/// Swift file of the folder that file names, at build time, and the target compiles the
/// rewritten files. The app's own files stay byte for byte what its iOS target compiles.
///
/// `uikit-sources.json`:
///
///     {
///       "sources": "../../App/Shared",      (required: the folder to mirror, relative to this file)
///       "exclude": ["AppDelegate.swift"],  (optional: files or folders of it to leave out)
///       "addImports": ["UIKit"]            (optional: modules every file gets an import of)
///     }
///
/// The target must exclude the JSON file and hold at least one Swift file of its own (SwiftPM
/// does not build a target without one): docs/UIKIT.md shows the Package.swift fragment.
@main
struct UIKitSources: BuildToolPlugin {
    static let configurationName = "uikit-sources.json"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let tool = try context.tool(named: "flipbook-uikit-sources")
        var folders = [target.directoryURL.standardizedFileURL]
        for file in target.sourceFiles(withSuffix: "swift") {
            let folder = file.url.deletingLastPathComponent().standardizedFileURL
            if !folders.contains(folder) { folders.append(folder) }
        }
        let configurations = folders.map { $0.appendingPathComponent(Self.configurationName) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        return try configurations.enumerated().map { number, configuration in
            let settings = try Settings(reading: configuration)
            let input = configuration.deletingLastPathComponent().appendingPathComponent(settings.sources).standardizedFileURL
            let paths = try Self.swiftFiles(in: input, excluding: settings.exclude, configuration: configuration)
            guard !paths.isEmpty else { throw PluginFailure("\(configuration.path): \(input.path) holds no Swift files to rewrite") }
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(number == 0 ? "sources" : "sources-\(number)")
            return .buildCommand(
                displayName: "Rewriting \(paths.count) iOS source files of \(input.lastPathComponent) for Linux",
                executable: tool.url,
                arguments: [input.path, output.path] + settings.addImports.flatMap { ["--add-import", $0] } + ["--"] + paths,
                inputFiles: [configuration] + paths.map { input.appendingPathComponent($0) },
                // The tool writes `Name.swift` as `Name.linux.swift` (its #sourceLocation names the
                // original, whose name a module must not hold twice).
                outputFiles: paths.map { output.appendingPathComponent(String($0.dropLast(".swift".count)) + ".linux.swift") })
        }
    }

    /// The `.swift` files under `folder`, relative, sorted; names starting with a dot and
    /// `excluded` paths (a file, or a folder with all it holds) left out.
    static func swiftFiles(in folder: URL, excluding excluded: [String], configuration: URL) throws -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw PluginFailure("\(configuration.path): \"sources\" names \(folder.path), which is not a folder")
        }
        var found: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let names = try FileManager.default.contentsOfDirectory(atPath: relative.isEmpty ? folder.path : folder.path + "/" + relative)
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : relative + "/" + name
                if excluded.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { continue }
                let attributes = try FileManager.default.attributesOfItem(atPath: folder.path + "/" + path)
                if attributes[.type] as? FileAttributeType == .typeDirectory {
                    pending.append(path)
                } else if name.hasSuffix(".swift") {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }

    /// `uikit-sources.json`, read strictly: an unknown key or a wrong type is an error naming it.
    struct Settings {
        var sources: String
        var exclude: [String] = []
        var addImports: [String] = []

        init(reading file: URL) throws {
            let data = try Data(contentsOf: file)
            guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
                throw PluginFailure("\(file.path): not a JSON object")
            }
            for key in object.keys.sorted() where !["sources", "exclude", "addImports"].contains(key) {
                throw PluginFailure("\(file.path): unknown key \"\(key)\" (the keys are \"sources\", \"exclude\", \"addImports\")")
            }
            guard let sources = object["sources"] as? String, !sources.isEmpty else {
                throw PluginFailure("\(file.path): \"sources\" must name the folder to rewrite, relative to this file")
            }
            self.sources = sources
            for (key, value) in [("exclude", object["exclude"]), ("addImports", object["addImports"])] {
                guard let value else { continue }
                guard let strings = value as? [String] else { throw PluginFailure("\(file.path): \"\(key)\" must be a list of strings") }
                if key == "exclude" { exclude = strings } else { addImports = strings }
            }
        }
    }
}

/// A mistake in the plugin's input, shown by SwiftPM as the build's error.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
