package import FlipbookGeometry
package import FlipbookRaster

/// A rendered glyph: 8-bit anti-aliased coverage and where its top-left pixel sits relative to
/// the glyph origin (the pen position rounded down to whole pixels, y down).
package struct GlyphMask: Sendable, Equatable {
    /// Coverage, 0…255; empty (0×0) for glyphs with no outline, such as a space.
    package let coverage: CoverageMask
    /// Columns from the origin pixel to the mask's left column (FreeType's bitmap_left).
    package let leftPixels: Int
    /// Rows from the mask's top row up to the baseline (FreeType's bitmap_top; the mask's top row
    /// is at `baselineRow − topPixels`).
    package let topPixels: Int
}

/// A glyph mask placed on a canvas in device pixels: its top-left pixel is at (`pixelX`, `pixelY`).
package struct PlacedGlyph: Sendable, Equatable {
    /// The glyph id in the font.
    package let glyphID: UInt32
    /// The coverage to composite.
    package let mask: CoverageMask
    /// Device column of the mask's left edge.
    package let pixelX: Int
    /// Device row of the mask's top edge.
    package let pixelY: Int
}

/// Cache key: the glyph, the pixel size in 26.6 fixed point and the subpixel offset in quarters.
struct GlyphMaskKey: Hashable {
    let glyph: UInt32
    let size26Dot6: Int
    let subpixelX: Int
    let subpixelY: Int
}

extension Font {
    /// Subpixel positions per pixel, on each axis. Quarter pixels: a moving label glides in
    /// 0.25 px steps (finer steps are invisible at 8-bit coverage), and 16 cached variants per
    /// glyph and size stay cheap.
    package static let subpixelSteps = 4
    /// The largest text size in device pixels (size · scale) that can be rendered; bounds glyph
    /// mask allocations. UI text is far below (a 100 pt title at @3x is 300 px).
    package static let maximumSizePixels = 2048.0

    /// Renders one glyph at `sizePixels` (quantised to 1/64 px), shifted right by
    /// `subpixelX`/4 px and down by `subpixelY`/4 px, with FreeType's 8-bit anti-aliasing
    /// (FT_RENDER_MODE_NORMAL, no hinting). Cached; the same arguments give the same mask.
    /// - Throws: `FontError.freeType`/`.unusable` if FreeType fails on this glyph.
    package func glyphMask(glyphID: UInt32, sizePixels: Double, subpixelX: Int = 0, subpixelY: Int = 0) throws -> GlyphMask {
        precondition(
            sizePixels.isFinite && sizePixels > 0 && sizePixels <= Self.maximumSizePixels,
            "glyph size must be in (0, \(Self.maximumSizePixels)] px, got \(sizePixels)")
        precondition(
            (0..<Self.subpixelSteps).contains(subpixelX) && (0..<Self.subpixelSteps).contains(subpixelY),
            "subpixel offsets are quarters of a pixel, 0…3")
        precondition(Int(glyphID) < glyphCount, "glyph \(glyphID) is not in the font (\(glyphCount) glyphs)")
        precondition(!isColorBitmap, "\(path) is a colour bitmap font: use colorGlyph(_:)")
        let size26Dot6 = max(1, Int((sizePixels * 64).rounded()))
        return try cachedMask(GlyphMaskKey(glyph: glyphID, size26Dot6: size26Dot6, subpixelX: subpixelX, subpixelY: subpixelY))
    }

    /// Lays out and renders one line of `text` for a canvas of `scale` device pixels per point,
    /// the baseline starting at `baselineOrigin` (points). Each glyph origin is rounded to the
    /// nearest quarter pixel (ties up) and its mask rendered at that subpixel offset.
    ///
    /// Positions are integer maths after one rounding of the origin to 1/64 px, so the result
    /// does not depend on evaluation order. Empty glyphs (spaces) are left out; a glyph FreeType
    /// fails to render (not seen after `init`'s validation) is left out too. Text smaller than
    /// 1/128 px, or whose origin is beyond ±2²⁴ px, yields no glyphs.
    package func placeGlyphs(_ text: String, sizePoints: Double, scale: Double, baselineOrigin: Point) -> [PlacedGlyph] {
        precondition(scale.isFinite && scale > 0, "canvas scale must be > 0, got \(scale)")
        let sizePixels = sizePoints * scale
        precondition(
            sizePixels.isFinite && sizePixels >= 0 && sizePixels <= Self.maximumSizePixels,
            "text size must be in 0…\(Self.maximumSizePixels) px (size · scale), got \(sizePixels)")
        let size26Dot6 = Int((sizePixels * 64).rounded())
        let originX = baselineOrigin.x * scale * 64, originY = baselineOrigin.y * scale * 64
        let originLimit = Double(1 << 30) // 2^24 px in 26.6: far off any canvas, and no overflow below
        guard size26Dot6 > 0, abs(originX) < originLimit, abs(originY) < originLimit else { return [] }
        let originX26Dot6 = Int(originX.rounded()), originY26Dot6 = Int(originY.rounded())

        let shaped = shape(text, sizePoints: sizePoints)
        var placed: [PlacedGlyph] = []
        placed.reserveCapacity(shaped.glyphs.count)
        for glyph in shaped.glyphs {
            // Pen offset in 26.6 at the rendered size, rounded half up: floor((2·a·s + u) / 2u).
            let twiceUnits = 2 * unitsPerEm
            let pen26Dot6 = floorDivide(2 * glyph.penXUnits * size26Dot6 + unitsPerEm, twiceUnits)
            if let glyph = placeGlyph(glyph.glyphID, size26Dot6: size26Dot6, x26Dot6: originX26Dot6 + pen26Dot6, y26Dot6: originY26Dot6) {
                placed.append(glyph)
            }
        }
        return placed
    }
}

extension Font {
    /// The mask of glyph `glyphID` at `size26Dot6` whose origin is at device (x, y) in 26.6 fixed
    /// point: each coordinate is rounded to the nearest quarter pixel (ties up), the whole pixel
    /// places the mask and the quarter selects the subpixel rendering. Nil for an empty glyph
    /// (a space) or one FreeType fails to render.
    func placeGlyph(_ glyphID: UInt32, size26Dot6: Int, x26Dot6: Int, y26Dot6: Int) -> PlacedGlyph? {
        // Quarter-pixel position, rounded half up: (v + 8) / 16 with floor division (>> keeps
        // the floor for negative values).
        let quarterX = (x26Dot6 + 8) >> 4, quarterY = (y26Dot6 + 8) >> 4
        let key = GlyphMaskKey(glyph: glyphID, size26Dot6: size26Dot6, subpixelX: quarterX & 3, subpixelY: quarterY & 3)
        guard let mask = try? cachedMask(key), mask.coverage.width > 0 else { return nil }
        return PlacedGlyph(
            glyphID: glyphID, mask: mask.coverage,
            pixelX: (quarterX >> 2) + mask.leftPixels, pixelY: (quarterY >> 2) - mask.topPixels)
    }
}

/// Floor division for a positive divisor (Swift's `/` truncates towards zero).
private func floorDivide(_ dividend: Int, _ divisor: Int) -> Int {
    let quotient = dividend / divisor
    return (dividend % divisor != 0 && dividend < 0) ? quotient - 1 : quotient
}

extension Canvas {
    /// Draws one line of `text` with its baseline starting at `baselineOrigin` (points, the left
    /// end of the baseline), glyphs rendered at `sizePoints · scale` pixels and composited
    /// source-over in `color` × `opacity`, clipped to `clip`. See `Font.placeGlyphs` for the
    /// positioning rules; the line advances by `font.measure(text, sizePoints:)`.
    package mutating func drawText(
        _ text: String, font: Font, sizePoints: Double, baselineOrigin: Point,
        color: StraightColor, opacity: Double = 1, clip: Clip? = nil
    ) {
        for glyph in font.placeGlyphs(text, sizePoints: sizePoints, scale: scale, baselineOrigin: baselineOrigin) {
            draw(glyph.mask, atPixelX: glyph.pixelX, y: glyph.pixelY, color: color, opacity: opacity, clip: clip)
        }
    }
}
