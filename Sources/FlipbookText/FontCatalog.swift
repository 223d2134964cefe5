import CFontconfig
import FlipbookFiles
import Foundation

/// Where a font face lives: a file and the face's index in it (non-zero inside a .ttc collection).
package struct FontFaceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The font file.
    package var path: String
    /// The face's index in the file (0 for a single-face .ttf/.otf).
    package var faceIndex: Int

    /// Creates a location.
    package init(path: String, faceIndex: Int = 0) { self.path = path; self.faceIndex = faceIndex }

    /// `path` alone for face 0, `path#index` otherwise.
    package var description: String { faceIndex == 0 ? path : "\(path)#\(faceIndex)" }
}

/// Font matching through fontconfig, over either the system's configuration or only the fonts
/// of given directories (tests: fixture fonts, so results never depend on the host).
///
/// Fontconfig calls are serialised under a lock (its configuration objects are reference
/// counted but matching is not documented as thread-safe for a shared `FcConfig`).
/// `@unchecked Sendable`: the compiler cannot see that every use of `config` (a C pointer)
/// holds `lock`.
final class FontCatalog: @unchecked Sendable {
    /// What the catalog searches, for error messages: "fontconfig" or the directories.
    let sourceDescription: String
    private let config: OpaquePointer
    private let lock = NSLock()

    /// The system's configuration, loaded once per process (~5 ms) and shared by the default
    /// font's lookup and every system font collection; the failure to load it otherwise.
    static let system: Result<FontCatalog, FontError> = {
        do { return .success(try FontCatalog()) } catch let error as FontError { return .failure(error) } catch {
            return .failure(.fontconfig(reason: "\(error)"))
        }
    }()

    /// The system's fontconfig configuration (fonts.conf, every installed font).
    /// - Throws: `FontError.fontconfig` if fontconfig cannot load its configuration.
    init() throws {
        guard let config = FcInitLoadConfigAndFonts() else {
            throw FontError.fontconfig(reason: "FcInitLoadConfigAndFonts failed: fontconfig could not load its configuration")
        }
        self.config = config
        sourceDescription = "fontconfig"
    }

    /// A configuration holding only the fonts in `directories` (searched recursively), with no
    /// system configuration, substitution rules or cache: matching depends on those files alone.
    /// - Throws: `FontError.notFound` for a directory that does not exist, `.unusable` naming a
    ///   .ttf/.otf/.ttc entry that is not a regular file (a FIFO, a device, a folder) or is over
    ///   the input size limit, `.fontconfig` naming one that fontconfig cannot read.
    init(directories: [String]) throws {
        guard let config = FcConfigCreate() else { throw FontError.fontconfig(reason: "FcConfigCreate failed") }
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                FcConfigDestroy(config)
                throw FontError.notFound(path: directory)
            }
            // File by file, sorted: FcConfigAppFontAddDir would try to write a cache (and complain
            // that this bare configuration has no cache directory).
            let files = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? [])
                .filter { [".ttf", ".otf", ".ttc", ".otc"].contains(where: $0.lowercased().hasSuffix) }.sorted()
            for file in files {
                let path = (directory as NSString).appendingPathComponent(file)
                // fontconfig opens each file it is given and blocks on a FIFO or reads a device
                // forever: it sees only regular files within the input size limit (`InputFile`).
                do {
                    try InputFile.check(path)
                } catch let error as FileError {
                    FcConfigDestroy(config)
                    throw FontError.unusable(path: path, reason: error.reason)
                }
                guard FcConfigAppFontAddFile(config, path) == FcTrue else {
                    FcConfigDestroy(config)
                    throw FontError.fontconfig(reason: "\(path): fontconfig cannot read this font file")
                }
            }
        }
        self.config = config
        sourceDescription = directories.joined(separator: ", ")
    }

    deinit { FcConfigDestroy(config) }

    /// The face of `family` closest to `weight`, or nil when fontconfig has no face whose family
    /// (any of its names, case-insensitively) is `family` — fontconfig itself would answer with
    /// a substitute.
    func face(family: String, weight: TextStyle.Weight) -> FontFaceLocation? {
        lock.lock()
        defer { lock.unlock() }
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, family)
        FcPatternAddInteger(pattern, FC_WEIGHT, Int32(FcWeightFromOpenType(Int32(weight.rawValue))))
        guard let match = matchLocked(pattern) else { return nil }
        defer { FcPatternDestroy(match) }
        guard families(of: match).contains(where: { $0.caseInsensitiveCompare(family) == .orderedSame }) else { return nil }
        return location(of: match)
    }

    /// The face fontconfig matches for `name` (a fontconfig pattern such as `DejaVu Sans`),
    /// substitutions applied: what `fc-match name` prints, a substitute when the family is missing.
    func closestFace(to name: String) -> FontFaceLocation? {
        lock.lock()
        defer { lock.unlock() }
        guard let pattern = FcNameParse(name) else { return nil }
        defer { FcPatternDestroy(pattern) }
        guard let match = matchLocked(pattern) else { return nil }
        defer { FcPatternDestroy(match) }
        return location(of: match)
    }

    /// The best face (by fontconfig's sort for `weight`) whose character set holds every scalar
    /// of `scalars`, or nil when none does. Colour bitmap faces are skipped unless `allowColor`.
    func face(covering scalars: [Unicode.Scalar], weight: TextStyle.Weight, allowColor: Bool) -> FontFaceLocation? {
        guard !scalars.isEmpty else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
        defer { FcPatternDestroy(pattern); FcCharSetDestroy(charset) }
        for scalar in scalars { FcCharSetAddChar(charset, scalar.value) }
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        FcPatternAddString(pattern, FC_FAMILY, "sans-serif")
        FcPatternAddInteger(pattern, FC_WEIGHT, Int32(FcWeightFromOpenType(Int32(weight.rawValue))))
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(config, pattern, FcFalse, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        for index in 0..<Int(sorted.pointee.nfont) {
            guard let candidate = sorted.pointee.fonts[index] else { continue }
            var fontCharset: OpaquePointer?
            guard FcPatternGetCharSet(candidate, FC_CHARSET, 0, &fontCharset) == FcResultMatch, let fontCharset,
                scalars.allSatisfy({ FcCharSetHasChar(fontCharset, $0.value) == FcTrue })
            else { continue }
            var color: FcBool = FcFalse
            if !allowColor, FcPatternGetBool(candidate, FC_COLOR, 0, &color) == FcResultMatch, color == FcTrue { continue }
            if let location = location(of: candidate) { return location }
        }
        return nil
    }

    /// The OpenType weights (100…900) of the upright faces whose family (any of its names,
    /// case-insensitively) is `family`, sorted and without repeats; empty when there is none.
    func weights(family: String) -> [Int] {
        lock.lock()
        defer { lock.unlock() }
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, family)
        FcPatternAddInteger(pattern, FC_SLANT, Int32(FC_SLANT_ROMAN))
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FAMILY)
        FcObjectSetAdd(objects, FC_WEIGHT)
        guard let list = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(list) }
        var weights = Set<Int>()
        for index in 0..<Int(list.pointee.nfont) {
            guard let font = list.pointee.fonts[index],
                families(of: font).contains(where: { $0.caseInsensitiveCompare(family) == .orderedSame })
            else { continue }
            var weight: Int32 = 0
            if FcPatternGetInteger(font, FC_WEIGHT, 0, &weight) == FcResultMatch {
                weights.insert(Int(FcWeightToOpenType(weight)))
            } else {
                var value = 0.0
                if FcPatternGetDouble(font, FC_WEIGHT, 0, &value) == FcResultMatch { weights.insert(Int(FcWeightToOpenType(Int32(value)))) }
            }
        }
        return weights.sorted()
    }

    /// `FcFontMatch` after the configuration's and the default substitutions. Caller holds `lock`.
    private func matchLocked(_ pattern: OpaquePointer) -> OpaquePointer? {
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        return FcFontMatch(config, pattern, &result)
    }

    /// Every family name of a matched pattern (a face may have several, e.g. "Inter", "Inter Semi Bold").
    private func families(of pattern: OpaquePointer) -> [String] {
        var names: [String] = []
        var index: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, FC_FAMILY, index, &value) == FcResultMatch, let value {
            names.append(String(cString: value))
            index += 1
        }
        return names
    }

    /// The file and face index of a matched pattern.
    private func location(of pattern: OpaquePointer) -> FontFaceLocation? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        // The low 16 bits are the face; the high bits a variable font's named instance (not used).
        return FontFaceLocation(path: String(cString: file), faceIndex: Int(index) & 0xFFFF)
    }
}
