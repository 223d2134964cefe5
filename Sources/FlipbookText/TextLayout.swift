package import FlipbookGeometry

/// Text set into lines: everything a renderer needs to draw it — per run the font face, size and
/// every glyph's id and position — with the box it occupies.
///
/// Coordinates are points with the origin at the layout box's top-left, y down: a glyph is drawn
/// with its origin (on the baseline) at (`x`, `y`).
package struct TextLayout: Sendable, Hashable {
    /// The lines, top to bottom.
    package let lines: [Line]
    /// The width of the widest line in points (UILabel's intrinsic width), trailing spaces excluded.
    package let widthPoints: Double
    /// The sum of the line heights in points (UILabel's intrinsic height).
    package let heightPoints: Double
    /// The width lines are aligned in: the maximum width asked for, or `widthPoints` without one.
    package let boxWidthPoints: Double
    /// True when text was left out (lines beyond `numberOfLines`) or replaced by "…".
    package let isTruncated: Bool
    /// Scalars no font has, in order of first appearance, each once; drawn as the primary font's
    /// .notdef box.
    package let missingScalars: [Unicode.Scalar]

    /// `widthPoints` × `heightPoints`.
    package var size: Size { Size(width: widthPoints, height: heightPoints) }

    /// The laid-out string, line by line in reading order (with "…" where truncated).
    package var text: String { lines.map(\.text).joined(separator: "\n") }

    /// One line of text.
    package struct Line: Sendable, Hashable {
        /// The runs in visual order, left to right.
        package let runs: [GlyphRun]
        /// The line's text in logical order (with "…" where truncated), trailing spaces dropped.
        package let text: String
        /// Left edge of the line's first glyph in the box, in points (alignment applied).
        package let xPoints: Double
        /// The line's advance width in points.
        package let widthPoints: Double
        /// Baseline, from the box's top, in points.
        package let baselinePoints: Double
        /// Baseline to the line box's top (the largest ascender among the line's fonts and the
        /// primary font), in points.
        package let ascentPoints: Double
        /// Baseline to the line box's bottom (positive), in points.
        package let descentPoints: Double
        /// True when the line's paragraph runs right to left.
        package let isRightToLeft: Bool

        /// Line box height: ascent + descent.
        package var heightPoints: Double { ascentPoints + descentPoints }
    }
}

/// Consecutive glyphs of one font, size and direction.
package struct GlyphRun: Sendable, Hashable {
    /// The font that draws the run (`font.path`, `font.faceIndex` locate it).
    package let font: Font
    /// Text size in points.
    package let sizePoints: Double
    /// True for a right-to-left run (its glyphs are still listed left to right).
    package let isRightToLeft: Bool
    /// The characters the run draws, in logical order.
    package let text: String
    /// The glyphs, left to right.
    package let glyphs: [Glyph]

    /// One positioned glyph.
    package struct Glyph: Sendable, Hashable {
        /// Glyph id in `font` (0 is .notdef).
        package let id: UInt32
        /// Origin x in the layout box, in points (shaping offsets included).
        package let x: Double
        /// Origin y (the baseline plus any shaping offset, y down) in the layout box, in points.
        package let y: Double
        /// Advance in points.
        package let advance: Double
    }

    /// The rect (points, the glyph's layout coordinates offset by `origin`) that holds every
    /// pixel `glyph` of this run can touch: its origin widened by the run's size left of it and
    /// right of its advance, twice the size above and once below. No glyph of the fonts used
    /// reaches that far (Noto Color Emoji's bitmaps, the widest, are 1.25 em wide and rise
    /// 0.95 em; Devanagari marks stay within 1.1 em above); a looser rect only costs pixels.
    package func reach(of glyph: Glyph, at origin: Point) -> Rect {
        Rect(
            x: origin.x + glyph.x - sizePoints, y: origin.y + glyph.y - 2 * sizePoints,
            width: glyph.advance + 2 * sizePoints, height: 3 * sizePoints)
    }

    /// Same font face (file and index), size, direction, text and glyphs.
    package static func == (a: GlyphRun, b: GlyphRun) -> Bool {
        a.font.location == b.font.location && a.sizePoints == b.sizePoints && a.isRightToLeft == b.isRightToLeft
            && a.text == b.text && a.glyphs == b.glyphs
    }

    /// Hashes what `==` compares.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(font.location); hasher.combine(sizePoints); hasher.combine(isRightToLeft)
        hasher.combine(text); hasher.combine(glyphs)
    }

    /// The run at `factor` times its size, with every position multiplied by `factor` (a label
    /// under a scale transform: hinting-free outlines make this the same as setting the text
    /// at the larger size).
    package func scaled(by factor: Double) -> GlyphRun {
        GlyphRun(
            font: font, sizePoints: sizePoints * factor, isRightToLeft: isRightToLeft, text: text,
            glyphs: glyphs.map { Glyph(id: $0.id, x: $0.x * factor, y: $0.y * factor, advance: $0.advance * factor) })
    }
}

extension TextLayout {
    /// The layout at `factor` times its size (> 0): sizes, positions and metrics multiplied.
    package func scaled(by factor: Double) -> TextLayout {
        precondition(factor > 0 && factor.isFinite, "a text scale must be finite and > 0, got \(factor)")
        if factor == 1 { return self }
        return TextLayout(
            lines: lines.map { line in
                Line(
                    runs: line.runs.map { $0.scaled(by: factor) }, text: line.text, xPoints: line.xPoints * factor,
                    widthPoints: line.widthPoints * factor, baselinePoints: line.baselinePoints * factor,
                    ascentPoints: line.ascentPoints * factor, descentPoints: line.descentPoints * factor,
                    isRightToLeft: line.isRightToLeft)
            }, widthPoints: widthPoints * factor, heightPoints: heightPoints * factor, boxWidthPoints: boxWidthPoints * factor,
            isTruncated: isTruncated, missingScalars: missingScalars)
    }

    /// Every glyph of every line, with its run, in drawing order.
    package var glyphCount: Int { lines.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } } }
}

extension Font {
    /// The file and face index.
    package var location: FontFaceLocation { FontFaceLocation(path: path, faceIndex: faceIndex) }
}
