import Foundation
import XCTest
import Flipbook
import FlipbookScene

/// Paths inside the package, found from this file so tests run from any directory.
enum Package {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    static let samplesManifest = path("Samples/photos.json")
}

extension RenderSettings {
    /// Settings for tests: the sample manifest, @1x so frames are small and debug builds fast.
    static func small(_ preset: TransitionPreset, select: Int = 0, returnIndex: Int? = nil) -> RenderSettings {
        var settings = RenderSettings(preset: preset)
        settings.manifestPath = Package.samplesManifest
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

/// The `flipbook` executable: `swift build --build-tests` (scripts/test) builds it next to the test bundle.
let flipbookExecutable: URL = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [bundle, bundle.deletingLastPathComponent()] {
        let url = candidate.appendingPathComponent("flipbook")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return Package.root.appendingPathComponent(".build/debug/flipbook")
}()

/// What a finished `flipbook` run printed and returned.
struct FlipbookRun { var status: Int32; var stdout: String; var stderr: String }

/// Starts `flipbook` (or `executable` with `prefixArguments` before `arguments`) in `directory`,
/// with stdout and stderr piped; `environment` replaces the inherited one when given.
func startFlipbook(_ arguments: [String], executable: String? = nil, prefixArguments: [String] = [],
                   directory: URL = Package.root, environment: [String: String]? = nil) throws -> Process {
    guard FileManager.default.isExecutableFile(atPath: flipbookExecutable.path) else {
        throw XCTSkip("flipbook is not built at \(flipbookExecutable.path); run `swift build` first")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable ?? flipbookExecutable.path)
    process.arguments = prefixArguments + arguments
    process.currentDirectoryURL = directory
    if let environment { process.environment = environment }
    process.standardOutput = Pipe()
    process.standardError = Pipe()
    try process.run()
    return process
}

/// Runs `flipbook` to the end (see `startFlipbook`). A run still going after `timeoutSeconds` is
/// killed and fails the test, so a hang is a failure rather than a stuck suite.
func runFlipbook(_ arguments: [String], executable: String? = nil, prefixArguments: [String] = [],
                 directory: URL = Package.root, environment: [String: String]? = nil,
                 timeoutSeconds: Double = 120, file: StaticString = #filePath, line: UInt = #line) throws -> FlipbookRun {
    let process = try startFlipbook(arguments, executable: executable, prefixArguments: prefixArguments,
                                    directory: directory, environment: environment)
    let timer = DispatchWorkItem { [process] in
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeoutSeconds, execute: timer)
    // Read both pipes to the end (on two threads) so a chatty process never blocks on a full pipe.
    final class Output: @unchecked Sendable { var data = Data() }
    let stdout = Output()
    let reader = DispatchGroup()
    DispatchQueue.global().async(group: reader) {
        stdout.data = (process.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
    }
    let stderr = (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile()
    reader.wait()
    process.waitUntilExit()
    timer.cancel()
    if process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL {
        XCTFail("flipbook \(arguments.joined(separator: " ")) did not finish within \(Int(timeoutSeconds)) s", file: file, line: line)
    }
    return FlipbookRun(status: process.terminationStatus, stdout: String(decoding: stdout.data, as: UTF8.self),
                       stderr: String(decoding: stderr, as: UTF8.self))
}
