import CFreeType
package import FlipbookGeometry
package import FlipbookRaster
import Foundation

/// A colour glyph of a bitmap font (an emoji): its image at the font's strike size, and where the
/// image's top-left sits relative to the glyph origin, in strike pixels (y up, as FreeType's
/// bitmap_left/bitmap_top).
struct ColorGlyphImage {
    let image: ImagePyramid
    let leftPixels: Int
    let topPixels: Int
}

extension Font {
    /// The colour image of `glyphID` (decoded once, then cached), or nil when the glyph has none
    /// or FreeType fails to decode it (the glyph is then left out, like a failed outline).
    func colorGlyph(_ glyphID: UInt32) -> ColorGlyphImage? {
        precondition(isColorBitmap, "\(path) has outlines, not colour bitmaps")
        lock.lock()
        defer { lock.unlock() }
        if let cached = bitmapCache[glyphID] { return cached }
        let image = decodeColorGlyphLocked(glyphID)
        bitmapCache[glyphID] = image
        return image
    }

    /// Loads one BGRA glyph of the selected strike. Caller holds `lock`.
    private func decodeColorGlyphLocked(_ glyphID: UInt32) -> ColorGlyphImage? {
        guard Int(glyphID) < glyphCount, FT_Load_Glyph(face, FT_UInt(glyphID), FT_Int32(FT_LOAD_COLOR)) == 0 else { return nil }
        let slot = face.pointee.glyph!
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, height > 0, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue),
            abs(pitch) >= 4 * width, let buffer = bitmap.buffer
        else { return nil }
        var pixels = [UInt32](repeating: 0, count: width * height)
        for row in 0..<height {
            let source = pitch >= 0 ? buffer + row * pitch : buffer + (height - 1 - row) * -pitch
            for column in 0..<width {
                // FreeType's BGRA is premultiplied; clamp the colour to alpha in case a PNG
                // breaks that (the canvas relies on the invariant).
                let blue = source[4 * column], green = source[4 * column + 1], red = source[4 * column + 2], alpha = source[4 * column + 3]
                pixels[row * width + column] =
                    PremultipliedPixel(
                        red: min(red, alpha), green: min(green, alpha),
                        blue: min(blue, alpha), alpha: alpha
                    ).packed
            }
        }
        return ColorGlyphImage(
            image: ImagePyramid(PremultipliedImage(width: width, height: height, pixels: pixels)),
            leftPixels: Int(slot.pointee.bitmap_left), topPixels: Int(slot.pointee.bitmap_top))
    }
}

extension Canvas {
    /// Draws a laid-out text with its box's top-left at `origin` (points), in `color` × `opacity`,
    /// inside `clip`.
    ///
    /// Outline glyphs are FreeType coverage masks at `sizePoints · scale` pixels, each origin
    /// rounded to a quarter pixel (see `Font.placeGlyphs`), composited source-over. Colour
    /// glyphs (emoji) keep their own colours, multiplied by `opacity` and `color`'s alpha, and
    /// are scaled from the font's bitmap strike with the canvas's image sampling (bilinear from
    /// the pyramid level that halves at most once per step).
    ///
    /// Glyphs that cannot touch the canvas or the clip are skipped before they are rendered (a
    /// label of thousands of lines, mostly off screen, costs only what shows).
    package mutating func draw(
        _ layout: TextLayout, at origin: Point, color: StraightColor,
        opacity: Double = 1, clip: Clip? = nil
    ) {
        guard let visible = clip.map({ $0.rect.intersection(coveredPoints) }) ?? coveredPoints else { return }
        for line in layout.lines {
            for run in line.runs {
                let glyphs = run.glyphs.filter { glyph in
                    let reach = run.reach(of: glyph, at: origin)
                    return reach.maxX >= visible.minX && reach.minX <= visible.maxX && reach.maxY >= visible.minY
                        && reach.minY <= visible.maxY
                }
                guard !glyphs.isEmpty else { continue }
                if run.font.isColorBitmap {
                    drawColorRun(run, glyphs, origin: origin, opacity: opacity * color.alpha, clip: clip)
                } else {
                    drawOutlineRun(run, glyphs, origin: origin, color: color, opacity: opacity, clip: clip)
                }
            }
        }
    }

    private mutating func drawOutlineRun(
        _ run: GlyphRun, _ glyphs: [GlyphRun.Glyph], origin: Point, color: StraightColor, opacity: Double, clip: Clip?
    ) {
        let sizePixels = run.sizePoints * scale
        // A label scaled up past the glyph renderer's limit (a transition file may scale a layer
        // 1000×) is left out rather than trapping: it would cover the screen many times over.
        guard sizePixels <= Font.maximumSizePixels else { return }
        let size26Dot6 = Int((sizePixels * 64).rounded())
        guard size26Dot6 > 0 else { return }
        let limit = Double(1 << 30) // 2^24 px in 26.6: far off any canvas, and no overflow
        for glyph in glyphs {
            let x = (origin.x + glyph.x) * scale * 64, y = (origin.y + glyph.y) * scale * 64
            guard abs(x) < limit, abs(y) < limit,
                let placed = run.font.placeGlyph(glyph.id, size26Dot6: size26Dot6, x26Dot6: Int(x.rounded()), y26Dot6: Int(y.rounded()))
            else { continue }
            draw(placed.mask, atPixelX: placed.pixelX, y: placed.pixelY, color: color, opacity: opacity, clip: clip)
        }
    }

    private mutating func drawColorRun(_ run: GlyphRun, _ glyphs: [GlyphRun.Glyph], origin: Point, opacity: Double, clip: Clip?) {
        // Points per strike pixel: a 17 pt emoji from Noto's 109 ppem strike is 17/109.
        let factor = run.sizePoints / Double(run.font.strikePixelsPerEm)
        for glyph in glyphs {
            guard let image = run.font.colorGlyph(glyph.id) else { continue }
            let rect = Rect(
                x: origin.x + glyph.x + Double(image.leftPixels) * factor,
                y: origin.y + glyph.y - Double(image.topPixels) * factor,
                width: Double(image.image.width) * factor, height: Double(image.image.height) * factor)
            draw(image.image, in: rect, contentMode: .scaleToFill, opacity: opacity, clip: clip)
        }
    }
}
