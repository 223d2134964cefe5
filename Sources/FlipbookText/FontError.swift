public import FlipbookGeometry
public import Foundation

/// Why a font could not be opened or a glyph could not be rendered. Every case names the font file.
public enum FontError: SettingNamingError, Equatable {
    /// No file (or no readable file) at `path`.
    case notFound(path: String)
    /// The file exists but FreeType does not recognise it as a font (or it is truncated/broken).
    case notAFont(path: String, code: Int32)
    /// A TrueType/OpenType file whose table directory points past its end; `reason` says where.
    case truncated(path: String, reason: String)
    /// The font opened but cannot be used: e.g. bitmap-only, no Unicode character map.
    case unusable(path: String, reason: String)
    /// A FreeType call failed; `operation` says which (e.g. "FT_Load_Glyph for glyph 41").
    case freeType(path: String, operation: String, code: Int32)
    /// `Font.locateDefault()` found DejaVu Sans neither through fontconfig nor in `searched`.
    case defaultFontNotFound(searched: [String])
    /// Fontconfig failed (cannot load its configuration, cannot add a font directory).
    case fontconfig(reason: String)
    /// The primary UI family (`FontCollection.primaryFamily`) is not among the fonts `source`
    /// (fontconfig or the font directories) knows.
    case familyNotFound(family: String, source: String)

    /// FreeType's name for an error code (e.g. "Unknown_File_Format"), or "unknown" for codes it
    /// does not define.
    package static func freeTypeErrorName(_ code: Int32) -> String {
        freeTypeErrorTable[code]?.name ?? "unknown"
    }

    private static func describe(_ code: Int32) -> String {
        let hex = "0x" + String(UInt32(bitPattern: code), radix: 16, uppercase: true)
        guard let entry = freeTypeErrorTable[code] else { return "FreeType error \(hex)" }
        return "FreeType error \(hex) \(entry.name): \(entry.message)"
    }

    /// One line naming the font file first, then what is wrong (with FreeType's error name and
    /// code); `message` keeps the setting it names apart.
    public var message: SettingText {
        switch self {
        case .notFound(let path):
            return "\(path): font file not found (or not readable)"
        case .notAFont(let path, let code):
            return "\(path): not a font file FreeType can read, or the file is truncated (\(Self.describe(code)))"
        case .truncated(let path, let reason):
            return "\(path): the font file is truncated: \(reason)"
        case .unusable(let path, let reason):
            return "\(path): font cannot be used: \(reason)"
        case .freeType(let path, let operation, let code):
            return "\(path): \(operation) failed (\(Self.describe(code)))"
        case .defaultFontNotFound(let searched):
            return "the default font DejaVu Sans was not found (fontconfig and \(searched.joined(separator: ", "))); "
                + "install it with `apt-get install fonts-dejavu-core` or pass a font file (\(field: .labelFontPath))"
        case .fontconfig(let reason):
            return "fontconfig: \(reason)"
        case .familyNotFound(let family, let source):
            return "the UI font \(family) was not found (searched: \(source)); install it with "
                + "`apt-get install fonts-inter` (scripts/setup does) or pass a font directory holding it"
        }
    }
}

extension FontError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    public var errorDescription: String? { description }
}
