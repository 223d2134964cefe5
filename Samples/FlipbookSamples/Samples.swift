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
