import Foundation

/// A Python 3 that can import `module` (e.g. `PIL.Image`, `kiwisolver`): Debian's
/// `/usr/bin/python3` first (where apt installs python3-pil and python3-kiwisolver), then each
/// `python3` on PATH; nil if none can. Tests that need one skip, naming the package, without it.
public func pythonImporting(_ module: String) throws -> String? {
    var candidates = ["/usr/bin/python3"]
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        candidates.append(String(folder) + "/python3")
    }
    for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: candidate)
        process.arguments = ["-c", "import \(module)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus == 0 { return candidate }
    }
    return nil
}
