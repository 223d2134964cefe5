import Foundation

extension Font {
    /// Where `locateDefault()` looks for DejaVu Sans after fontconfig, in order: Debian/Ubuntu
    /// (fonts-dejavu-core), Fedora, Arch, openSUSE/older Fedora, then local installs.
    public static let defaultFontSearchPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/DejaVuSans.ttf",
        "/usr/local/share/fonts/DejaVuSans.ttf",
    ]

    /// Opens DejaVu Sans (Book), the default text font: first the file `fc-match 'DejaVu Sans'`
    /// names (when fontconfig is installed and its answer really is DejaVu Sans Book — fc-match
    /// returns its closest substitute otherwise), then `defaultFontSearchPaths`.
    /// - Throws: `FontError.defaultFontNotFound` listing the paths tried, suggesting
    ///   `apt-get install fonts-dejavu-core` or `--label-font`.
    public static func locateDefault() throws -> Font {
        var candidates: [String] = []
        if let matched = fontconfigMatch("DejaVu Sans") { candidates.append(matched) }
        candidates += defaultFontSearchPaths
        for path in candidates where FileManager.default.fileExists(atPath: path) {
            if let font = try? Font(path: path), font.familyName == "DejaVu Sans", font.styleName == "Book" {
                return font
            }
        }
        throw FontError.defaultFontNotFound(searched: defaultFontSearchPaths)
    }

    /// The file fontconfig picks for `family`, or nil when fc-match is missing or fails.
    private static func fontconfigMatch(_ family: String) -> String? {
        let searchPath = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let executable = searchPath.map({ "\($0)/fc-match" })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-f", "%{file}", family]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        // Read to end of file before waiting, so a full pipe cannot block the child.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let path = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !path.isEmpty else { return nil }
        return path
    }
}
