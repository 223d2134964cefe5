import CFontconfig
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

    /// Opens DejaVu Sans (Book), the default text font: first the file fontconfig matches for
    /// 'DejaVu Sans' (when its answer really is DejaVu Sans Book — fontconfig returns its
    /// closest substitute otherwise), then `defaultFontSearchPaths`.
    /// - Throws: `FontError.defaultFontNotFound` listing the paths tried, suggesting
    ///   `apt-get install fonts-dejavu-core` or `--label-font`.
    public static func locateDefault() throws -> Font {
        var candidates: [String] = []
        if let matched = fontconfigMatch("DejaVu Sans") { candidates.append(matched) }
        candidates += defaultFontSearchPaths
        for path in candidates where FileManager.default.fileExists(atPath: path) {
            // A package's font: its outlines are not checked one by one (see `Font.init`).
            if let font = try? Font(path: path, faceIndex: 0, validatesGlyphs: false), font.familyName == "DejaVu Sans", font.styleName == "Book" {
                return font
            }
        }
        throw FontError.defaultFontNotFound(searched: defaultFontSearchPaths)
    }

    /// The file fontconfig picks for `family` — what `fc-match -f %{file} family` prints, asked
    /// in process (starting fc-match cost every job 50–70 ms of wall time) — or nil when
    /// fontconfig cannot load its configuration or matches nothing.
    private static func fontconfigMatch(_ family: String) -> String? {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcNameParse(family) else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        let path = String(cString: file)
        return path.isEmpty ? nil : path
    }
}
