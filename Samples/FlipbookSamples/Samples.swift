import Foundation

/// The sample files shipped with Flipbook: the photo manifest and its photos, the cards manifest,
/// and every other file or folder of the repository's `Samples/` (transition files included).
///
/// They are SwiftPM resources of this module (`Package.swift` copies every entry of `Samples/`
/// but this source folder), so they travel with the package: a dependent package's tests, an
/// installed `flipbook` (`scripts/install` puts the resource bundle beside the binary) and a
/// build run from any directory all find them. Paths are absolute when the samples were found.
///
/// The folder is the first of these that holds `photos.json`:
/// 1. `$FLIPBOOK_SAMPLES` (a folder laid out like `Samples/`);
/// 2. the resource bundle beside the running executable (`Flipbook_FlipbookSamples.resources`,
///    `.bundle` on Apple platforms) — SwiftPM's own place for it, also for test bundles;
/// 3. the package's source tree, found from this file (`#filePath`), for builds whose bundle
///    was not copied (e.g. a binary moved by hand on the machine that built it).
///
/// When none holds it, `directory` is the relative path `Samples` (the layout of a checkout's
/// root) and `missingDescription` says where it looked.
public enum Samples {
    /// The folder holding the samples (see the type's documentation for the search order).
    public static var directory: String { location.directory }

    /// The sample photo manifest, `photos.json` (16 photos; the default `--manifest`).
    public static var photos: String { path("photos.json") }

    /// The sample cards manifest, `cards.json` (the card presets' default `--cards`).
    public static var cards: String { path("cards.json") }

    /// The sample transition files, `transitions/*.json`, sorted by name; empty when there are none.
    public static var transitions: [String] { files(in: "transitions", withExtension: "json") }

    /// The path of `relative` (e.g. `photos/raccoon.jpg`) inside the samples folder.
    public static func path(_ relative: String) -> String {
        (directory as NSString).appendingPathComponent(relative)
    }

    /// The files with `extension` (no dot) in the samples sub-folder `folder`, sorted by name.
    public static func files(in folder: String, withExtension pathExtension: String) -> [String] {
        let base = path(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
        return names.filter { ($0 as NSString).pathExtension == pathExtension && !$0.hasPrefix(".") }
            .sorted().map { (base as NSString).appendingPathComponent($0) }
    }

    /// A bundled sample that a file option (`--transition`, `--manifest`, `--cards`,
    /// `--gesture`) or a transition file's `"image"`/`"manifest"` can name as `sample:NAME`, so
    /// the same text works from any folder and after installing.
    package struct Sample: Equatable, Sendable {
        /// The name after `sample:`: the file's name without its extension (`card-expand`).
        package let name: String
        /// What the file is: "transition", "gesture", "photo manifest", "cards manifest", "photo".
        package let kind: String
        /// The path inside the samples folder (`transitions/card-expand.json`).
        package let relativePath: String
    }

    /// The prefix of a sample reference (`sample:card-expand`).
    public static let referencePrefix = "sample:"

    /// Every sample a `sample:NAME` reference can name, manifests first, then transitions,
    /// gestures and photos, each group sorted by name.
    package static var all: [Sample] {
        var samples: [Sample] = []
        for manifest in files(in: ".", withExtension: "json") {
            let name = ((manifest as NSString).lastPathComponent as NSString).deletingPathExtension
            samples.append(Sample(name: name, kind: name == "photos" ? "photo manifest" : "cards manifest", relativePath: name + ".json"))
        }
        for (folder, kind, extensions) in [
            ("transitions", "transition", ["json"]), ("gestures", "gesture", ["json"]),
            ("photos", "photo", ["jpg", "png"])
        ] {
            let names = extensions.flatMap { files(in: folder, withExtension: $0) }.map { ($0 as NSString).lastPathComponent }.sorted()
            for file in names {
                samples.append(Sample(name: (file as NSString).deletingPathExtension, kind: kind, relativePath: folder + "/" + file))
            }
        }
        return samples
    }

    /// The absolute path `reference` names: `sample:NAME` (a name of `all`) or
    /// `sample:FOLDER/FILE` (a file inside the samples folder); nil when it names no sample.
    /// Text without the prefix is returned as it is.
    public static func resolve(_ reference: String) -> String? {
        guard reference.hasPrefix(referencePrefix) else { return reference }
        let name = String(reference.dropFirst(referencePrefix.count))
        if let sample = all.first(where: { $0.name == name }) { return path(sample.relativePath) }
        // A path inside the folder, never outside it.
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), !parts.contains(where: { $0 == ".." || $0.isEmpty }) else { return nil }
        let full = path(name)
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) && !isDirectory.boolValue ? full : nil
    }

    /// The `sample:NAME` reference of a file inside the samples folder (`path`, absolute or
    /// relative to the current folder), or nil when it is not one of `all`.
    public static func reference(forPath path: String) -> String? {
        func standardized(_ path: String) -> String {
            let full = path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
            return ((full as NSString).resolvingSymlinksInPath as NSString).standardizingPath
        }
        let wanted = standardized(path)
        return all.first { standardized(self.path($0.relativePath)) == wanted }.map { referencePrefix + $0.name }
    }

    /// True when the samples folder was found.
    public static var isAvailable: Bool { location.found }

    /// When the samples were not found: one sentence naming the places searched; nil otherwise.
    public static var missingDescription: String? {
        guard !location.found else { return nil }
        return "the bundled samples were not found (looked in: " + location.searched.joined(separator: ", ")
            + "); set FLIPBOOK_SAMPLES to a folder laid out like the repository's Samples/, or reinstall with scripts/install"
    }

    /// The bundle's resource folder, relative to the executable's folder: SwiftPM names the bundle
    /// `<package>_<target>`, a plain folder on Linux, an Apple bundle elsewhere.
    #if canImport(Darwin)
        static let bundleResources = "Flipbook_FlipbookSamples.bundle/Contents/Resources"
    #else
        static let bundleResources = "Flipbook_FlipbookSamples.resources"
    #endif

    /// The searched folders, in order (see the type's documentation).
    static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var folders: [String] = []
        if let override = environment["FLIPBOOK_SAMPLES"], !override.isEmpty { folders.append(override) }
        // Bundle.main is the running executable's folder on Linux, with symlinks resolved
        // (`/proc/self/exe`), so `bin/flipbook -> ../lib/flipbook/flipbook` finds lib/flipbook.
        folders.append(Bundle.main.bundleURL.appendingPathComponent(bundleResources).path)
        // This file is Samples/FlipbookSamples/Samples.swift: its grandparent folder is Samples/.
        folders.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path)
        return folders
    }

    private struct Location { var directory: String; var found: Bool; var searched: [String] }

    /// Resolved once per process: the samples do not move while it runs.
    private static let location: Location = {
        let searched = candidates()
        for folder in searched where FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("photos.json")) {
            return Location(directory: folder, found: true, searched: searched)
        }
        return Location(directory: "Samples", found: false, searched: searched)
    }()
}
