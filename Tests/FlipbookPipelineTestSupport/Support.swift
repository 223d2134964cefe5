import Flipbook
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookScenes
import Foundation
import Synchronization
import XCTest

/// Paths inside the package, found from this file so tests run from any directory.
package enum Package {
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    package static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    package static let samplesManifest = path("Samples/photos.json")
    /// The DejaVu Sans copy every test renders text with (see Tests/Fixtures/fonts/SOURCE.md).
    package static let fixtureFont = path("Tests/Fixtures/fonts/DejaVuSans.ttf")
    /// The fixture fonts scene text is set in (Inter and Noto subsets, see SOURCE.md there).
    package static let fixtureFonts = path("Tests/Fixtures/fonts")
}

extension RenderSettings {
    /// Settings for tests: the sample manifest, the fixture fonts (never the host's fontconfig
    /// answers, so text pixels do not depend on the fonts installed), @1x so frames are small and
    /// debug builds fast.
    package static func small(_ preset: TransitionPreset, select: Int = 0, returnIndex: Int? = nil) -> RenderSettings {
        var settings = RenderSettings(preset: preset)
        settings.manifestPath = Package.samplesManifest
        settings.labelFontPath = Package.fixtureFont
        settings.sceneFontDirectory = Package.fixtureFonts
        settings.scene.device.scale = 1
        settings.scene.selectedIndex = select
        settings.scene.returnIndex = returnIndex
        return settings
    }
}

extension RenderSettings {
    /// Settings for a transition file in tests: the file's own device (an iPhone 8 when it names
    /// none) at `scale`, 30 fps, the fixture fonts — as the sample goldens are rendered.
    package static func transitionFile(_ path: String, scale: Double = 1) throws -> RenderSettings {
        var settings = RenderSettings(transitionFile: path)
        settings.labelFontPath = Package.fixtureFont
        settings.sceneFontDirectory = Package.fixtureFonts
        settings.framesPerSecond = 30
        settings.scene.device = try TransitionFile(contentsOf: path).device(fallback: .iPhone8)
        settings.scene.device.scale = scale
        settings.deviceOverride = settings.scene.device
        return settings
    }
}

/// Scenes the tests of several stages render.
package enum TestScenes {
    /// scripts/render's selections: every preset but `page`, with its selected photo (and the
    /// photo returned to).
    package static let presets: [(TransitionPreset, Int, Int?)] = [
        (.push, 3, nil), (.pop, 3, 9), (.zoomPush, 4, nil), (.zoomPop, 4, 10), (.present, 3, nil),
        (.dismiss, 3, 15), (.fadePresent, 6, nil), (.fadeDismiss, 6, nil), (.cardPush, 1, nil), (.cardPop, 1, nil)
    ]

    /// Every preset, `page` included, with the photo choices scripts/render makes.
    package static let everyPreset: [(TransitionPreset, select: Int, returnIndex: Int?)] = [
        (.push, 3, nil), (.pop, 3, 9), (.zoomPush, 4, nil), (.zoomPop, 4, 10), (.present, 3, nil), (.dismiss, 3, 15),
        (.fadePresent, 6, nil), (.fadeDismiss, 6, nil), (.cardPush, 1, nil), (.cardPop, 1, nil), (.page, 8, nil)
    ]

    /// An iPhone SE at 0.25 px/pt (80×142 px, whole pixels, so a full-screen fill covers the
    /// canvas exactly, as at @2x): a debug build draws the ~470 frames twice in seconds.
    package static let tinyDevice = Device(name: "se", sizePoints: Size(width: 320, height: 568), scale: 0.25)

    /// `flipbook` arguments of a small push: iPhone SE at 1×, 10 fps (8 frames).
    package static let smallPush = ["push", "--device", "se", "--scale", "1", "--fps", "10", "--font", Package.fixtureFont]
}

/// A fresh temporary directory, removed by the caller.
package func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A test case with a fresh scratch folder per test (`directory`), removed afterwards even when
/// a test made it read-only.
open class ScratchFolderTestCase: XCTestCase {
    package var directory: URL!

    override open func setUp() {
        directory = temporaryDirectory()
    }

    override open func tearDown() {
        _ = chmod(directory.path, 0o755)
        try? FileManager.default.removeItem(at: directory)
    }

    /// `name` inside the scratch folder.
    package func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// A folder in the scratch folder holding an `ffmpeg` shell script that runs `body` (and no
    /// ffprobe), to put first on PATH; returns the folder.
    package func fakeFFmpeg(_ body: String, folder: String = "bin") throws -> String {
        let bin = path(folder)
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\n\(body)\n".write(toFile: bin + "/ffmpeg", atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(bin + "/ffmpeg", 0o755), 0)
        return bin
    }
}

/// The outcome of running the `flipbook` executable.
package struct FlipbookRun {
    package var status: Int32
    package var stdout: String
    package var stderr: String
    /// stderr's lines, without the final newline.
    package var errorLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

/// The `flipbook` executable that `swift build --build-tests` (scripts/test) builds next to the
/// test bundle.
package let flipbookExecutable: URL = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [bundle, bundle.deletingLastPathComponent()] {
        let url = candidate.appendingPathComponent("flipbook")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return Package.root.appendingPathComponent(".build/debug/flipbook")
}()

/// Starts `executable` (default: the built `flipbook`) with `prefixArguments` then `arguments` in
/// `directory`, stdout and stderr piped; `environment` entries are added to (or, when nil,
/// removed from) this process's environment. The child's stdin is /dev/null — it never shares
/// the test process's own — or, with `pipingInput`, a pipe the caller writes (`feed`). Skips the
/// test when flipbook is not built.
package func startFlipbook(
    _ arguments: [String], in directory: URL = Package.root, environment: [String: String?] = [:],
    executable: URL = flipbookExecutable, prefixArguments: [String] = [], pipingInput: Bool = false
) throws -> Process {
    guard FileManager.default.isExecutableFile(atPath: flipbookExecutable.path) else {
        throw XCTSkip("flipbook is not built at \(flipbookExecutable.path); run `swift build` first")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = prefixArguments + arguments
    process.currentDirectoryURL = directory
    var variables = ProcessInfo.processInfo.environment
    for (name, value) in environment { variables[name] = value }
    process.environment = variables
    process.standardInput = pipingInput ? Pipe() : FileHandle.nullDevice
    process.standardOutput = Pipe()
    process.standardError = Pipe()
    try process.run()
    return process
}

/// Writes `bytes` to the stdin pipe of `process` (started with `pipingInput`), then closes it;
/// returns how many bytes the child took. A child that exits (or closes its stdin) before
/// reading them all ends the writing early with EPIPE — never with SIGPIPE, which the test
/// bundle ignores (`FlipbookTestSignals`) — so that is not an error here.
@discardableResult
package func feed(_ bytes: [UInt8], to process: Process) -> Int {
    let input = (process.standardInput as! Pipe).fileHandleForWriting
    defer { try? input.close() }
    var written = 0
    bytes.withUnsafeBytes { buffer in
        while written < buffer.count {
            let count = write(input.fileDescriptor, buffer.baseAddress! + written, buffer.count - written)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return } // EPIPE: the child is gone or stopped reading.
            written += count
        }
    }
    return written
}

/// Runs `flipbook` to the end (see `startFlipbook`), writing `input` to its stdin when given. A
/// run still going after `timeoutSeconds` is killed and fails the test, so a hang is a failure
/// rather than a stuck suite. Safe to call from many threads at once.
package func runFlipbook(
    _ arguments: [String], in directory: URL = Package.root, environment: [String: String?] = [:],
    executable: URL = flipbookExecutable, prefixArguments: [String] = [], input: [UInt8]? = nil,
    timeoutSeconds: Double = 300, file: StaticString = #filePath, line: UInt = #line
) throws -> FlipbookRun {
    let process = try startFlipbook(
        arguments, in: directory, environment: environment, executable: executable,
        prefixArguments: prefixArguments, pipingInput: input != nil)
    let timer = DispatchWorkItem { [process] in
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeoutSeconds, execute: timer)
    // stdin is written and stderr drained on threads of their own (not the global queue's, which
    // many concurrent runs could use up), so a chatty child never blocks on a full pipe and a
    // child that reads slowly never blocks the reading of its output.
    let stderr = PipeDrain(process.standardError as! Pipe)
    let feeder = input.map { bytes in BackgroundWork { feed(bytes, to: process) } }
    let stdout = (process.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
    let errors = stderr.wait()
    _ = feeder?.wait()
    process.waitUntilExit()
    timer.cancel()
    if process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL {
        XCTFail("flipbook \(arguments.joined(separator: " ")) did not finish within \(Int(timeoutSeconds)) s", file: file, line: line)
    }
    return FlipbookRun(
        status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: errors, as: UTF8.self))
}

/// `body` run on a thread of its own; `wait()` returns its result.
package final class BackgroundWork<Result: Sendable>: Sendable {
    private let result = Mutex<Result?>(nil)
    private let done = DispatchSemaphore(value: 0)

    package init(_ body: @escaping @Sendable () -> Result) {
        Thread {
            let value = body()
            self.result.withLock { $0 = value }
            self.done.signal()
        }.start()
    }

    /// Waits for `body` to return; returns what it returned.
    package func wait() -> Result {
        done.wait()
        done.signal() // a later wait() returns at once
        return result.withLock { $0! }
    }
}

/// Everything a pipe yields until its writers close it, read on a thread of its own.
package final class PipeDrain: Sendable {
    private let work: BackgroundWork<Data>

    package init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        work = BackgroundWork { handle.readDataToEndOfFile() }
    }

    /// The data, once the pipe is closed.
    package func wait() -> Data { work.wait() }
}

/// Runs one of the review page's browser checks (`Tests/ReviewPage/SCRIPT`, python3 driving
/// headless Chromium) with `arguments`; returns its exit status and what it printed (stdout and
/// stderr together). Skips the test when Pillow is missing.
package func runReviewPageCheck(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [Package.path("Tests/ReviewPage/" + script)] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if text.contains("No module named 'PIL'") { throw XCTSkip("Pillow is missing (apt-get install python3-pil)") }
    return (process.terminationStatus, text)
}

/// Chromium's DOM of the page at `page` (headless, from file://, 3 s of virtual time for its
/// scripts) and Chromium's log; `profile` is a fresh folder for its user data.
package func chromiumDOM(_ page: String, profile: String) throws -> (dom: String, log: String) {
    let chromium = Process()
    chromium.executableURL = URL(fileURLWithPath: "/usr/bin/chromium")
    chromium.arguments = [
        "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files", "--enable-logging=stderr", "--v=0",
        "--user-data-dir=" + profile, "--virtual-time-budget=3000", "--dump-dom", "file://" + page
    ]
    // The log goes to a file: a full stderr pipe must not block Chromium while stdout is read.
    let logPath = profile + ".log"
    _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    let out = Pipe()
    chromium.standardOutput = out
    chromium.standardError = FileHandle(forWritingAtPath: logPath)
    try chromium.run()
    let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    chromium.waitUntilExit()
    return (dom, (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")
}

/// Runs `script` with `shell` and its `options` (e.g. `-e`) in `directory`, with exactly
/// `environment`; stdout is discarded. Returns the exit status and stderr.
package func runShell(
    _ script: String, shell: String = "/bin/sh", options: [String] = [], in directory: URL,
    environment: [String: String]
) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    process.arguments = options + ["-c", script]
    process.currentDirectoryURL = directory
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, message)
}

/// `ops` with every group's children after the group, depth first: a frame's ops as one list.
package func flattenedOps(_ ops: [DisplayOp]) -> [DisplayOp] {
    ops.flatMap { op -> [DisplayOp] in
        switch op {
        case let .group(_, children), let .maskedGroup(_, _, children), let .shadowedGroup(_, _, _, children),
            let .pathMaskedGroup(_, _, children):
            return [op] + flattenedOps(children)
        default: return [op]
        }
    }
}

/// Every YAML document of `path`, through python3's yaml module (scripts/test installs
/// python3-yaml).
package func loadYAML(_ path: String) throws -> [[String: Any]] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let script =
        "import sys, json, yaml; print(json.dumps([{str(k): v for k, v in d.items()} for d in yaml.safe_load_all(open(sys.argv[1]))]))"
    process.arguments = ["python3", "-c", script, path]
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    do { try process.run() } catch { throw XCTSkip("python3 is not installed (scripts/test installs python3-yaml)") }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if message.contains("No module named 'yaml'") { throw XCTSkip("python3's yaml module is missing (apt-get install python3-yaml)") }
    XCTAssertEqual(process.terminationStatus, 0, "\(path) is not valid YAML: \(message)")
    return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
}

/// Runs `flipbook` with its output discarded and returns its exit status and peak memory
/// (`ru_maxrss` of this one child, from wait4: memory is measured, not time).
///
/// The child is started by a small `python3` that forks and execs it and reports its rusage.
/// Spawned straight from this process, Linux would count this test process's own peak in the
/// child's: `posix_spawn` clones with the parent's address space, and `exec` keeps the larger
/// of the old address space's high-water mark and the new one's in `ru_maxrss` — after a few
/// hundred tests, the test runner's 130 MB. A fresh interpreter's (~10 MB) is the floor instead.
package func runMeasuringMemory(_ arguments: [String]) throws -> (status: Int32, maxResidentKilobytes: Int) {
    guard FileManager.default.isExecutableFile(atPath: flipbookExecutable.path) else { throw XCTSkip("flipbook is not built") }
    let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let python else { throw XCTSkip("python3 is needed to measure a child's own peak memory") }
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-rss-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: report) }
    let script = """
        import os, sys
        pid = os.fork()
        if pid == 0:
            fd = os.open(os.devnull, os.O_WRONLY); os.dup2(fd, 1); os.dup2(fd, 2)
            os.execv(sys.argv[2], sys.argv[2:])
        _, status, usage = os.wait4(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        open(sys.argv[1], "w").write("%d %d" % (code if code >= 0 else 128 - code, usage.ru_maxrss))
        """
    let argv = ([python, "-c", script, report, flipbookExecutable.path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, python, nil, nil, argv, environ) == 0 else { throw XCTSkip("posix_spawn failed") }
    var status: Int32 = 0
    guard waitpid(pid, &status, 0) == pid, status == 0 else { throw XCTSkip("the measuring python3 failed (status \(status))") }
    let fields = try String(contentsOfFile: report, encoding: .utf8).split(separator: " ").compactMap { Int($0) }
    guard fields.count == 2 else { throw XCTSkip("the measuring python3 wrote no report") }
    return (Int32(fields[0]), fields[1])
}
