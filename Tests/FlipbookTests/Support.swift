import Foundation
import XCTest
import Flipbook
import FlipbookScene

/// Paths inside the package, found from this file so tests run from any directory.
enum Package {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    static let samplesManifest = path("Samples/photos.json")
    /// The DejaVu Sans copy every test renders text with (see Tests/Fixtures/fonts/SOURCE.md).
    static let fixtureFont = path("Tests/Fixtures/fonts/DejaVuSans.ttf")
}

extension RenderSettings {
    /// Settings for tests: the sample manifest, the fixture font (never the host's fc-match
    /// result, so text pixels do not depend on the fonts installed), @1x so frames are small and
    /// debug builds fast.
    static func small(_ preset: TransitionPreset, select: Int = 0, returnIndex: Int? = nil) -> RenderSettings {
        var settings = RenderSettings(preset: preset)
        settings.manifestPath = Package.samplesManifest
        settings.fontPath = Package.fixtureFont
        settings.scene.device.scale = 1
        settings.scene.selectedIndex = select
        settings.scene.returnIndex = returnIndex
        return settings
    }
}

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The outcome of running the `flipbook` executable.
struct FlipbookRun {
    var status: Int32
    var stdout: String
    var stderr: String
    /// stderr's lines, without the final newline.
    var errorLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

/// The `flipbook` executable that `swift build --build-tests` (scripts/test) builds next to the
/// test bundle.
let flipbookExecutable: URL = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [bundle, bundle.deletingLastPathComponent()] {
        let url = candidate.appendingPathComponent("flipbook")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return Package.root.appendingPathComponent(".build/debug/flipbook")
}()

/// Runs `executable` (default: the built `flipbook`) with `arguments` in `directory`; `environment`
/// entries are added to (or, when nil, removed from) this process's environment. Skips the test
/// when flipbook is not built.
func runFlipbook(_ arguments: [String], in directory: URL = Package.root, environment: [String: String?] = [:],
                 executable: URL = flipbookExecutable) throws -> FlipbookRun {
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
        throw XCTSkip("flipbook is not built at \(executable.path); run `swift build` first")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var variables = ProcessInfo.processInfo.environment
    for (name, value) in environment { variables[name] = value }
    process.environment = variables
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // stderr is drained on its own thread so a chatty child never blocks on a full pipe.
    final class Box: @unchecked Sendable { var data = Data() }
    let stderrData = Box()
    let drained = DispatchGroup()
    DispatchQueue.global().async(group: drained) { stderrData.data = err.fileHandleForReading.readDataToEndOfFile() }
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    drained.wait()
    process.waitUntilExit()
    return FlipbookRun(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: stderrData.data, as: UTF8.self))
}
