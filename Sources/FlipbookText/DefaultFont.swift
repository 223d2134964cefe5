import Foundation

extension Font {
    /// Where `locateDefault()` looks for DejaVu Sans after fontconfig, in order: Debian/Ubuntu
    /// (fonts-dejavu-core), Fedora, Arch, openSUSE/older Fedora, then local installs.
    package static let defaultFontSearchPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/DejaVuSans.ttf",
        "/usr/local/share/fonts/DejaVuSans.ttf"
    ]

    /// Opens DejaVu Sans (Book), the default text font: first the file fontconfig matches for
    /// 'DejaVu Sans' (when its answer really is DejaVu Sans Book — fontconfig returns its
    /// closest substitute otherwise), then `defaultFontSearchPaths`.
    /// - Throws: `FontError.defaultFontNotFound` listing the paths tried, suggesting
    ///   `apt-get install fonts-dejavu-core` or `--label-font`.
    package static func locateDefault() throws -> Font {
        var candidates: [String] = []
        // What `fc-match 'DejaVu Sans'` names, asked in process (starting fc-match cost every
        // job 50–70 ms of wall time).
        if let matched = (try? FontCatalog.system.get())?.closestFace(to: "DejaVu Sans") { candidates.append(matched.path) }
        candidates += defaultFontSearchPaths
        for path in candidates where FileManager.default.fileExists(atPath: path) {
            // A package's font: its outlines are not checked one by one (see `Font.init`).
            if let font = try? Font(path: path, faceIndex: 0, validatesGlyphs: false), font.familyName == "DejaVu Sans",
                font.styleName == "Book"
            {
                return font
            }
        }
        throw FontError.defaultFontNotFound(searched: defaultFontSearchPaths)
    }
}
