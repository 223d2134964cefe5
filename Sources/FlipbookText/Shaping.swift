/// One line of text laid out in design units: one glyph per Unicode scalar, pen positions with
/// kerning applied. Units keep the layout exact; the `…Points` accessors scale by size / unitsPerEm.
package struct ShapedText: Sendable, Equatable {
    /// A glyph and where its origin sits on the baseline.
    package struct Glyph: Sendable, Equatable {
        /// The scalar this glyph stands for.
        package let scalar: Unicode.Scalar
        /// The glyph id in the font; 0 (.notdef) when the font lacks `scalar`.
        package let glyphID: UInt32
        /// Pen x of the glyph origin from the line start, in design units (kerning included).
        package let penXUnits: Int
        /// The glyph's own advance in design units (kerning with the next glyph not included).
        package let advanceUnits: Int
    }

    /// The text size in points.
    package let sizePoints: Double
    /// The font's design units per em.
    package let unitsPerEm: Int
    /// The glyphs in text order.
    package let glyphs: [Glyph]
    /// The pen x after the last glyph in design units: the line's advance width.
    package let advanceUnits: Int

    /// Converts design units to points at this size.
    package func points(_ units: Int) -> Double { Double(units) * sizePoints / Double(unitsPerEm) }
    /// The line's advance width in points.
    package var advancePoints: Double { points(advanceUnits) }
    /// Each glyph's origin x from the line start, in points.
    package var penXPoints: [Double] { glyphs.map { points($0.penXUnits) } }
}

/// A font's vertical metrics at a size, in points (UIFont's conventions).
package struct LineMetrics: Sendable, Equatable {
    /// Baseline to the top of the line box (positive; the hhea ascender).
    package let ascenderPoints: Double
    /// Baseline to the bottom of the line box (negative, like `UIFont.descender`).
    package let descenderPoints: Double
    /// Baseline-to-baseline distance: ascender − descender + line gap (`UIFont.lineHeight`).
    package let lineHeightPoints: Double
    /// Height of capital letters above the baseline (OS/2 sCapHeight).
    package let capHeightPoints: Double
}

extension Font {
    /// Lays out one line of `text` at `sizePoints`: each Unicode scalar becomes one glyph (no
    /// ligatures, no complex shaping; a missing character becomes .notdef), advanced by the
    /// unhinted advance width plus 'kern'-table kerning with the previous glyph.
    /// Control characters (newline, tab) are not interpreted: the text is a single line.
    package func shape(_ text: String, sizePoints: Double) -> ShapedText {
        precondition(sizePoints.isFinite && sizePoints >= 0, "text size must be a finite number ≥ 0, got \(sizePoints)")
        var glyphs: [ShapedText.Glyph] = []
        glyphs.reserveCapacity(text.unicodeScalars.count)
        var pen = 0
        var previous: UInt32 = 0
        for scalar in text.unicodeScalars {
            let glyph = glyphID(for: scalar)
            pen += kerningUnits(left: previous, right: glyph)
            let advance = Int(advanceUnits[Int(glyph)])
            glyphs.append(ShapedText.Glyph(scalar: scalar, glyphID: glyph, penXUnits: pen, advanceUnits: advance))
            pen += advance
            previous = glyph
        }
        return ShapedText(sizePoints: sizePoints, unitsPerEm: unitsPerEm, glyphs: glyphs, advanceUnits: pen)
    }

    /// The advance width of one line of `text` in points (0 for ""), kerning included — what
    /// `drawText` advances by, e.g. for centring a title: `x = (width − measure(…)) / 2`.
    package func measure(_ text: String, sizePoints: Double) -> Double {
        shape(text, sizePoints: sizePoints).advancePoints
    }

    /// The font's vertical metrics at `sizePoints`, in points.
    package func lineMetrics(sizePoints: Double) -> LineMetrics {
        precondition(sizePoints.isFinite && sizePoints >= 0, "text size must be a finite number ≥ 0, got \(sizePoints)")
        let scale = sizePoints / Double(unitsPerEm)
        return LineMetrics(
            ascenderPoints: Double(ascenderUnits) * scale,
            descenderPoints: Double(descenderUnits) * scale,
            lineHeightPoints: Double(lineHeightUnits) * scale,
            capHeightPoints: Double(capHeightUnits) * scale)
    }
}
