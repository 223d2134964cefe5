import CFriBidi
import CHarfBuzz

/// A piece of text ready for shaping: scalars with their grapheme cluster starts and their
/// Unicode bidi types and resolved embedding levels (from the whole paragraph, rules P–I).
struct AnalysedText {
    var scalars: [Unicode.Scalar]
    /// True where a grapheme cluster (Swift `Character`) begins.
    var clusterStarts: [Bool]
    var bidiTypes: [FriBidiCharType]
    var levels: [FriBidiLevel]
    /// The paragraph's resolved direction.
    var isRightToLeft: Bool

    /// Analyses `text` as one paragraph: grapheme clusters from Swift's `Character`s, bidi levels
    /// from FriBidi. `rightToLeft` forces the paragraph direction (nil: first strong character).
    init(_ text: Substring, rightToLeft: Bool? = nil) {
        var scalars: [Unicode.Scalar] = []
        var starts: [Bool] = []
        for character in text {
            for (index, scalar) in character.unicodeScalars.enumerated() {
                scalars.append(scalar)
                starts.append(index == 0)
            }
        }
        self.init(scalars: scalars, clusterStarts: starts, rightToLeft: rightToLeft)
    }

    /// Analyses scalars whose cluster starts are known (a truncated line built from pieces).
    init(scalars: [Unicode.Scalar], clusterStarts: [Bool], rightToLeft: Bool?) {
        self.scalars = scalars
        self.clusterStarts = clusterStarts
        let count = scalars.count
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var direction = rightToLeft.map { $0 ? fb_par_rtl() : fb_par_ltr() } ?? fb_par_on()
        if count > 0 {
            let characters = scalars.map { FriBidiChar($0.value) }
            var brackets = [FriBidiBracketType](repeating: 0, count: count)
            fribidi_get_bidi_types(characters, FriBidiStrIndex(count), &types)
            fribidi_get_bracket_types(characters, FriBidiStrIndex(count), types, &brackets)
            // Returns 0 only when FriBidi cannot allocate; then everything stays at level 0 (LTR).
            if fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(count), &direction, &levels) == 0 {
                levels = [FriBidiLevel](repeating: 0, count: count)
                direction = fb_par_ltr()
            }
        } else if rightToLeft == nil {
            direction = fb_par_ltr()
        }
        bidiTypes = types
        self.levels = levels
        isRightToLeft = fb_par_is_rtl(direction) != 0
    }

    /// The sub-range `range` (which must start at a cluster start), keeping the paragraph's levels.
    subscript(range: Range<Int>) -> AnalysedText {
        var copy = self
        copy.scalars = Array(scalars[range]); copy.clusterStarts = Array(clusterStarts[range])
        copy.bidiTypes = Array(bidiTypes[range]); copy.levels = Array(levels[range])
        return copy
    }

    /// Indices where grapheme clusters start, plus `scalars.count`.
    var clusterBoundaries: [Int] {
        clusterStarts.indices.filter { clusterStarts[$0] } + [scalars.count]
    }
}

/// A shaped line: runs in visual order with glyph x positions from the line's left end.
struct ShapedLine {
    var runs: [GlyphRun]
    var widthPoints: Double
    /// Fonts that drew the line (for its height).
    var fonts: [Font]
    var missingScalars: [Unicode.Scalar]
}

/// One run before shaping: a logical range with one font, script and bidi level.
private struct ItemRun {
    var range: Range<Int>
    var font: Font
    var script: hb_script_t
    var level: FriBidiLevel
}

extension Typesetter {
    /// Itemizes (bidi level, script, font per grapheme cluster), shapes each run with HarfBuzz
    /// and orders the runs visually (FriBidi's rule L1–L2 reordering of the line).
    func shapeLine(_ text: AnalysedText, style: TextStyle) -> ShapedLine {
        let count = text.scalars.count
        guard count > 0 else { return ShapedLine(runs: [], widthPoints: 0, fonts: [], missingScalars: []) }

        // Rule L1 (trailing whitespace to the paragraph level) and L2: FriBidi's visual→logical map.
        var levels = text.levels
        var map = (0..<count).map { FriBidiStrIndex($0) }
        let direction = text.isRightToLeft ? fb_par_rtl() : fb_par_ltr()
        // 0 means FriBidi could not allocate: the map stays the identity (logical order).
        _ = fribidi_reorder_line(0, text.bidiTypes, FriBidiStrIndex(count), 0, direction, &levels, nil, &map)
        var visualPosition = [Int](repeating: 0, count: count)
        for (visual, logical) in map.enumerated() { visualPosition[Int(logical)] = visual }

        let scripts = Self.resolvedScripts(text.scalars)
        var runs: [ItemRun] = []
        var missing: [Unicode.Scalar] = [], seenMissing = Set<Unicode.Scalar>()
        var previousFont: Font?
        let boundaries = text.clusterBoundaries
        for (start, end) in zip(boundaries, boundaries.dropFirst()) {
            let cluster = Array(text.scalars[start..<end])
            let font = fontForCluster(cluster, weight: style.weight, previous: previousFont, missing: &missing, seen: &seenMissing)
            previousFont = font
            // A cluster never splits; a level change inside one (rare: a mark after a
            // direction change) follows the cluster's first scalar.
            for index in start..<end {
                let level = levels[start], script = scripts[index]
                if var last = runs.last, last.font === font, last.level == level, last.script == script, last.range.upperBound == index {
                    last.range = last.range.lowerBound..<index + 1
                    runs[runs.count - 1] = last
                } else {
                    runs.append(ItemRun(range: index..<index + 1, font: font, script: script, level: level))
                }
            }
        }
        runs.sort { visualPosition[$0.range.lowerBound] < visualPosition[$1.range.lowerBound] }

        var pen = 0.0
        var shaped: [GlyphRun] = []
        var fonts: [Font] = []
        // SF Pro's size-specific tracking, for the runs set in its stand-in (SystemFontTracking).
        let tracking = SystemFontTracking.trackingPoints(sizePoints: style.sizePoints)
        for run in runs {
            let glyphRun = Self.shape(
                run, in: text.scalars, sizePoints: style.sizePoints,
                trackingPoints: run.font.familyName == FontCollection.primaryFamily ? tracking : 0, penX: &pen)
            shaped.append(glyphRun)
            if !fonts.contains(where: { $0 === run.font }) { fonts.append(run.font) }
        }
        return ShapedLine(runs: shaped, widthPoints: pen, fonts: fonts, missingScalars: missing)
    }

    /// The font for one grapheme cluster; records scalars no font has.
    private func fontForCluster(
        _ cluster: [Unicode.Scalar], weight: TextStyle.Weight, previous: Font?,
        missing: inout [Unicode.Scalar], seen: inout Set<Unicode.Scalar>
    ) -> Font {
        // Default-ignorables (ZWJ, variation selectors, bidi controls) need no glyph: HarfBuzz
        // hides them when the font lacks them.
        let required = cluster.filter { !$0.properties.isDefaultIgnorableCodePoint }
        let emoji = Self.isEmojiPresentation(cluster)
        // Spaces, punctuation and digits (script Common/Inherited) stay in the previous
        // cluster's font when it has them, so a Devanagari or Arabic phrase keeps its own spaces
        // — but not in an emoji font, whose space is as wide as an emoji.
        if !emoji, let previous, !previous.isColorBitmap, let first = required.first,
            [HB_SCRIPT_COMMON, HB_SCRIPT_INHERITED].contains(hb_unicode_script(hb_unicode_funcs_get_default(), first.value)),
            previous.covers(required)
        {
            return previous
        }
        if let font = fonts.font(covering: required, weight: weight, emojiPresentation: emoji) { return font }
        let primary = fonts.primary(weight)
        for scalar in required where !primary.covers([scalar]) && seen.insert(scalar).inserted { missing.append(scalar) }
        return primary
    }

    /// Whether a cluster is drawn as an emoji: an explicit emoji variation selector (U+FE0F), a
    /// skin-tone modifier, a keycap, or a first scalar whose default presentation is emoji
    /// (Emoji_Presentation, which includes regional-indicator flags), unless U+FE0E asks for text.
    static func isEmojiPresentation(_ cluster: [Unicode.Scalar]) -> Bool {
        guard let first = cluster.first else { return false }
        if cluster.contains("\u{FE0E}") { return false }
        if cluster.contains("\u{FE0F}") || cluster.contains("\u{20E3}") { return true }
        if cluster.contains(where: { $0.properties.isEmojiModifier }) { return true }
        return first.properties.isEmojiPresentation
    }

    /// Each scalar's script (HarfBuzz's Unicode data); Common and Inherited scalars take the
    /// script of the preceding scalar, or of the first following one at the start.
    static func resolvedScripts(_ scalars: [Unicode.Scalar]) -> [hb_script_t] {
        let functions = hb_unicode_funcs_get_default()
        var scripts = scalars.map { hb_unicode_script(functions, $0.value) }
        let neutral: Set<UInt32> = [HB_SCRIPT_COMMON.rawValue, HB_SCRIPT_INHERITED.rawValue, HB_SCRIPT_UNKNOWN.rawValue]
        let firstReal = scripts.first { !neutral.contains($0.rawValue) } ?? HB_SCRIPT_COMMON
        var current = firstReal
        for index in scripts.indices {
            if neutral.contains(scripts[index].rawValue) { scripts[index] = current } else { current = scripts[index] }
        }
        return scripts
    }

    /// HarfBuzz's language for a script: fixed per script so that shaping never depends on the
    /// process locale (HarfBuzz's default language comes from `setlocale`). Han uses Simplified
    /// Chinese forms ('locl'), as the fallback order does.
    static func language(for script: hb_script_t) -> String {
        switch script {
        case HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_BOPOMOFO: return "zh-Hans"
        case HB_SCRIPT_HANGUL: return "ko"
        case HB_SCRIPT_ARABIC: return "ar"
        case HB_SCRIPT_DEVANAGARI: return "hi"
        case HB_SCRIPT_THAI: return "th"
        case HB_SCRIPT_HEBREW: return "he"
        default: return "en"
        }
    }

    /// Shapes one run with HarfBuzz (the whole line as context, for Arabic joining across runs)
    /// and places its glyphs from `penX`, which it advances. Positions are design units scaled
    /// by size / unitsPerEm; `trackingPoints` is added to the advance of every glyph that has one
    /// (marks placed on a base glyph keep theirs at 0), as CoreText applies a font's tracking.
    fileprivate static func shape(
        _ run: ItemRun, in scalars: [Unicode.Scalar], sizePoints: Double, trackingPoints: Double = 0,
        penX: inout Double
    ) -> GlyphRun {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        let codepoints = scalars.map { $0.value }
        hb_buffer_add_utf32(buffer, codepoints, Int32(codepoints.count), UInt32(run.range.lowerBound), Int32(run.range.count))
        let rightToLeft = run.level % 2 == 1
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, run.script)
        hb_buffer_set_language(buffer, hb_language_from_string(Self.language(for: run.script), -1))
        hb_shape(run.font.harfBuzzFont, buffer, nil, 0)

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        let scale = sizePoints / Double(run.font.unitsPerEm)
        var glyphs: [GlyphRun.Glyph] = []
        glyphs.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let info = infos![index], position = positions![index]
            let advance = Double(position.x_advance) * scale + (position.x_advance != 0 ? trackingPoints : 0)
            glyphs.append(
                GlyphRun.Glyph(
                    id: info.codepoint,
                    x: penX + Double(position.x_offset) * scale,
                    y: -Double(position.y_offset) * scale, // HarfBuzz's y points up
                    advance: advance))
            penX += advance
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[run.range])
        return GlyphRun(font: run.font, sizePoints: sizePoints, isRightToLeft: rightToLeft, text: String(text), glyphs: glyphs)
    }
}

extension Font {
    /// Shapes `text` in this font alone with HarfBuzz — no fallback, no line breaking — as one
    /// run in the direction of its first strong character, from x = 0 on the baseline (y = 0).
    /// Characters the font lacks become glyph 0 (.notdef).
    package func shapeRun(_ text: String, sizePoints: Double) -> GlyphRun {
        precondition(sizePoints.isFinite && sizePoints > 0, "text size must be finite and > 0, got \(sizePoints)")
        let analysed = AnalysedText(text[...])
        let script = Typesetter.resolvedScripts(analysed.scalars).first ?? HB_SCRIPT_COMMON
        let run = ItemRun(range: 0..<analysed.scalars.count, font: self, script: script, level: analysed.isRightToLeft ? 1 : 0)
        var pen = 0.0
        return Typesetter.shape(run, in: analysed.scalars, sizePoints: sizePoints, penX: &pen)
    }
}
