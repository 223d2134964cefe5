import Foundation

/// The fonts text is set in: the primary UI family in three weights, then fallback families for
/// the scripts it lacks, then whatever fontconfig finds for a character none of those has.
///
/// Families are resolved through fontconfig, over the system's fonts (`system()`) or only the
/// fonts of a directory (`init(directory:)`; tests use the fixture fonts so that goldens never
/// depend on the host). Faces are opened on first use and kept; thread-safe.
/// `@unchecked Sendable`: the compiler cannot see that `lock` guards the opened faces and the
/// two answer tables (each `Font` is thread-safe itself).
package final class FontCollection: @unchecked Sendable {
    /// The primary UI family. Inter: a freely licensed (OFL) UI family packaged by Debian
    /// (`fonts-inter`) with static regular, semibold and bold faces, whose metrics are close to
    /// the iOS system font's (SF Pro Text): line height 1.21 em (SF 1.19), cap height 0.73 em
    /// (0.70), x-height 0.55 em (0.52), and designed, like SF, for small UI sizes.
    package static let primaryFamily = "Inter"
    /// Fallback families in the order they are tried for a character the primary font lacks:
    /// Simplified Chinese first for Han (it also covers kana, hangul and CJK punctuation), then
    /// Devanagari, Arabic, Thai (Noto's "UI" variants, whose vertical metrics fit UI lines),
    /// then colour emoji. A cluster in emoji presentation tries the emoji font first.
    package static let fallbackFamilies = [
        "Noto Sans CJK SC", "Noto Sans Devanagari UI", "Noto Sans Arabic UI",
        "Noto Sans Thai UI", "Noto Color Emoji"
    ]
    /// The emoji family, tried first for emoji-presentation clusters.
    package static let emojiFamily = "Noto Color Emoji"

    /// Where the fonts come from, for messages: "fontconfig" or the directory.
    package var source: String { catalog.sourceDescription }

    private let catalog: FontCatalog
    private let lock = NSLock()
    private var opened: [FontFaceLocation: Font] = [:]
    /// Fallback faces opened so far by family and weight (nil: not available).
    private var fallbackFaces: [FallbackKey: Font?] = [:]
    /// Catch-all answers per cluster text and weight (nil: no font has it).
    private var coverageAnswers: [CoverageKey: Font?] = [:]
    private let primaryFaces: [TextStyle.Weight: Font]

    private struct FallbackKey: Hashable {
        var family: String
        var weight: TextStyle.Weight
    }

    private struct CoverageKey: Hashable {
        var scalars: [UInt32]
        var weight: TextStyle.Weight
        var emoji: Bool
    }

    /// The system's fonts through fontconfig (`scripts/setup` installs Inter and the Noto
    /// fallbacks). Fallback families that are not installed are skipped.
    /// - Throws: `FontError.familyNotFound` when Inter is not installed, `.fontconfig`, or
    ///   the error opening one of Inter's faces.
    package static func system() throws -> FontCollection {
        // Installed from packages, like the fallbacks: their outlines are not checked one by one
        // at opening (Inter's three faces took ~60 ms of every job's set-up).
        try FontCollection(catalog: FontCatalog.system.get(), validatesGlyphs: false)
    }

    /// Only the fonts in `directory` (and its subdirectories), matched by fontconfig with no
    /// system configuration.
    /// - Throws: `FontError.notFound` if the directory does not exist, `.familyNotFound`
    ///   when it holds no Inter face, or the error opening one.
    package convenience init(directory: String) throws {
        // A directory's fonts come from the user: every outline is loaded at opening, so a broken
        // one fails before rendering, naming its file.
        try self.init(catalog: FontCatalog(directories: [directory]), validatesGlyphs: true)
    }

    private init(catalog: FontCatalog, validatesGlyphs: Bool) throws {
        self.catalog = catalog
        var faces: [TextStyle.Weight: Font] = [:]
        // A weight the family lacks takes the face CSS would (`Weight.matched(in:)`): with only
        // Regular, SemiBold and Bold, ultraLight…light and medium draw Regular, heavy and black Bold.
        let available = catalog.weights(family: Self.primaryFamily)
        var byLocation: [FontFaceLocation: Font] = [:]
        for weight in TextStyle.Weight.allCases {
            let face = available.isEmpty ? weight : weight.matched(in: available).flatMap(TextStyle.Weight.init(rawValue:)) ?? weight
            guard let location = catalog.face(family: Self.primaryFamily, weight: face) else {
                throw FontError.familyNotFound(family: Self.primaryFamily, source: catalog.sourceDescription)
            }
            if let font = byLocation[location] {
                faces[weight] = font
            } else {
                let font = try Font(path: location.path, faceIndex: location.faceIndex, validatesGlyphs: validatesGlyphs)
                byLocation[location] = font
                faces[weight] = font
            }
        }
        primaryFaces = faces
        for font in faces.values { opened[FontFaceLocation(path: font.path, faceIndex: font.faceIndex)] = font }
    }

    /// The family names of the faces opened so far, sorted (primary faces open with the
    /// collection, fallbacks when first needed).
    package var openedFamilies: [String] {
        lock.lock()
        defer { lock.unlock() }
        return opened.values.map(\.familyName).sorted()
    }

    /// The primary family's face for `weight` (its .notdef box stands for characters no font has).
    package func primary(_ weight: TextStyle.Weight) -> Font { primaryFaces[weight]! }

    /// The fallback face of `family` for `weight`, the family's face nearest the weight, opened
    /// the first time it is asked for; nil when fontconfig does not have the family or the face
    /// fails to open (a damaged fallback must not stop text in other scripts).
    private func fallback(_ family: String, _ weight: TextStyle.Weight) -> Font? {
        let key = FallbackKey(family: family, weight: weight)
        lock.lock()
        if let font = fallbackFaces[key] { lock.unlock(); return font }
        lock.unlock()
        let font = catalog.face(family: family, weight: weight).flatMap { try? open($0) }
        lock.lock()
        defer { lock.unlock() }
        fallbackFaces[key] = font
        return font
    }

    /// The font for one grapheme cluster: the first of primary (or, for emoji presentation, the
    /// emoji font first), fallbacks, then fontconfig's best face covering it, whose cmap has
    /// every scalar of `required` (the cluster without default-ignorable scalars such as ZWJ or
    /// variation selectors). Nil when no font has them all.
    ///
    /// Fallback faces are opened only when reached in that order: text the primary family
    /// covers opens none (opening them all — a CJK face has 65,535 glyphs — was a fifth of a
    /// job's set-up).
    func font(covering required: [Unicode.Scalar], weight: TextStyle.Weight, emojiPresentation: Bool) -> Font? {
        let primary = primary(weight)
        if required.isEmpty { return primary }
        if emojiPresentation, let emoji = fallback(Self.emojiFamily, weight), emoji.familyName == Self.emojiFamily, emoji.covers(required) {
            return emoji
        }
        if primary.covers(required) { return primary }
        for family in Self.fallbackFamilies {
            if let font = fallback(family, weight), font.covers(required) { return font }
        }
        let key = CoverageKey(scalars: required.map(\.value), weight: weight, emoji: emojiPresentation)
        lock.lock()
        if let answer = coverageAnswers[key] { lock.unlock(); return answer }
        lock.unlock()
        let answer = catalog.face(covering: required, weight: weight, allowColor: emojiPresentation)
            .flatMap { try? open($0) }
            .flatMap { $0.covers(required) ? $0 : nil }
        lock.lock()
        defer { lock.unlock() }
        coverageAnswers[key] = answer
        return answer
    }

    /// Opens (once) the face at `location`.
    func open(_ location: FontFaceLocation) throws -> Font {
        lock.lock()
        if let font = opened[location] { lock.unlock(); return font }
        lock.unlock()
        // Opened outside the lock (a large face takes a while); a race opens it twice and keeps one.
        let font = try Font(path: location.path, faceIndex: location.faceIndex, validatesGlyphs: false)
        lock.lock()
        defer { lock.unlock() }
        if let existing = opened[location] { return existing }
        opened[location] = font
        return font
    }
}

extension Font {
    /// Whether the cmap maps every scalar to a glyph.
    func covers(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.allSatisfy { glyphIndices[$0.value] != nil }
    }
}
