import CFreeType
import CHarfBuzz
import FlipbookFiles
import FlipbookRaster
import Foundation

/// A font face opened with FreeType (rendering) and HarfBuzz (shaping): one `FT_Library` +
/// `FT_Face` and one `hb_font_t` per `Font`.
///
/// Thread-safe: an `FT_Face` is not, so every FreeType call happens under `lock`; the character
/// map and the advance widths are read once at `init` into immutable tables, and HarfBuzz fonts
/// are immutable once made (HarfBuzz documents shaping with one `hb_font_t` from many threads
/// as safe). Rendered glyph masks and colour bitmaps are cached per key; a mask depends only
/// on its key, so output is the same whatever the thread interleaving. `@unchecked Sendable`:
/// the compiler cannot see that `lock` guards the face and the caches.
package final class Font: @unchecked Sendable {
    /// The font file, as given to `init(path:faceIndex:)`.
    package let path: String
    /// The face's index in its file: 0 for a .ttf/.otf, the face in a collection (.ttc).
    package let faceIndex: Int
    /// The face's family name, e.g. "DejaVu Sans".
    package let familyName: String
    /// The face's style name, e.g. "Book".
    package let styleName: String
    /// Design units per em (2048 for DejaVu Sans); advances in points are `units · size / unitsPerEm`.
    package let unitsPerEm: Int
    /// Whether the font has a legacy TrueType 'kern' table, the only kerning `shape(_:sizePoints:)`
    /// applies (the typesetter shapes with HarfBuzz, which also reads GPOS).
    package let hasKerning: Bool
    /// True for a colour bitmap font (CBDT/CBLC, e.g. Noto Color Emoji): glyphs are BGRA images
    /// in one strike of `strikePixelsPerEm`, scaled to the text size when drawn.
    package let isColorBitmap: Bool
    /// The pixels per em of the bitmap strike a colour bitmap font draws from (0 for outlines).
    package let strikePixelsPerEm: Int
    /// Number of glyphs in the face; glyph ids are `0..<glyphCount`.
    package let glyphCount: Int
    /// Vertical metrics in design units (hhea values, as FreeType reports them for TrueType).
    let ascenderUnits: Int, descenderUnits: Int, lineHeightUnits: Int, capHeightUnits: Int
    /// Unicode scalar → glyph id, from the face's Unicode cmap. Missing scalars map to 0 (.notdef).
    let glyphIndices: [UInt32: UInt32]
    /// Horizontal advance of every glyph in design units, indexed by glyph id.
    let advanceUnits: [Int32]
    /// HarfBuzz's font for shaping, scaled to design units (scale = unitsPerEm), so positions
    /// come out in the same units as `advanceUnits`.
    let harfBuzzFont: OpaquePointer

    /// Guards `library`, `face`, `maskCache` and `bitmapCache`.
    let lock = NSLock()
    private let library: FT_Library
    let face: FT_Face
    private var maskCache: [GlyphMaskKey: GlyphMask] = [:]
    /// Colour glyph images by glyph id (nil: the glyph has no bitmap).
    var bitmapCache: [UInt32: ColorGlyphImage?] = [:]
    /// Entries kept before the cache is emptied; bounds memory when a text size animates frame by
    /// frame (every size is a new key). 4096 masks of a 17 pt @3x glyph are well under 10 MB.
    private static let maskCacheLimit = 4096

    /// Opens face `faceIndex` of the font file at `path` and reads its tables.
    ///
    /// With `validatesGlyphs`, every glyph outline is loaded once (unscaled, ~7 ms for DejaVu
    /// Sans's 6253 glyphs) so that a broken font fails here, with the file named, rather than
    /// drawing holes later. Fonts installed from packages (the system's Inter and fallbacks, the
    /// default DejaVu Sans) skip it: a CJK face has 65535 glyphs (over a second), and the check
    /// of Inter's and DejaVu's ~15,000 outlines was most of a job's set-up; a glyph that fails
    /// later is left out when drawn. Fonts a user names (`--label-font`, `--scene-fonts DIR`) are checked.
    /// Colour bitmap fonts are accepted (their PNG glyphs are decoded when first drawn); other
    /// bitmap-only fonts are not.
    /// - Throws: `FontError.notFound`, `.notAFont` (also for truncated files), `.truncated`,
    ///   `.unusable` (bitmap-only, no Unicode cmap, no such face), `.freeType` for any other
    ///   FreeType failure.
    package init(path: String, faceIndex: Int, validatesGlyphs: Bool = true) throws {
        self.path = path
        self.faceIndex = faceIndex
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
            FileManager.default.isReadableFile(atPath: path)
        else { throw FontError.notFound(path: path) }
        if isDirectory.boolValue { throw FontError.unusable(path: path, reason: "it is a directory, not a font file") }
        // FreeType opens the file itself: a FIFO would block it, a device feed it forever.
        do {
            try InputFile.check(path)
        } catch let error as FileError {
            throw FontError.unusable(path: path, reason: error.reason)
        }

        guard (0..<0x10000).contains(faceIndex) else {
            throw FontError.unusable(path: path, reason: "face index \(faceIndex) is outside 0…65535")
        }
        try Self.checkTableDirectory(path: path, faceIndex: faceIndex)

        var libraryHandle: FT_Library?
        var error = FT_Init_FreeType(&libraryHandle)
        guard error == 0, let library = libraryHandle else {
            throw FontError.freeType(path: path, operation: "FT_Init_FreeType", code: error)
        }
        var faceHandle: FT_Face?
        error = FT_New_Face(library, path, FT_Long(faceIndex), &faceHandle)
        guard error == 0, let face = faceHandle else {
            FT_Done_FreeType(library)
            switch error {
            case 0x01: throw FontError.notFound(path: path) // Cannot_Open_Resource
            case 0x02, 0x03: throw FontError.notAFont(path: path, code: error) // Unknown/Invalid_File_Format
            default: throw FontError.freeType(path: path, operation: "FT_New_Face", code: error)
            }
        }
        let harfBuzzFont: OpaquePointer
        do {
            let tables = try Self.readTables(face: face, path: path, validatesGlyphs: validatesGlyphs)
            glyphIndices = tables.glyphIndices
            capHeightUnits = tables.capHeight
            strikePixelsPerEm = tables.strikePixelsPerEm
            harfBuzzFont = try Self.makeHarfBuzzFont(path: path, faceIndex: faceIndex, unitsPerEm: tables.unitsPerEm)
            unitsPerEm = tables.unitsPerEm
            (ascenderUnits, descenderUnits, lineHeightUnits) = tables.vertical
            // Without validation (or for bitmap fonts), HarfBuzz's hmtx advances: the same numbers.
            advanceUnits =
                tables.advances
                ?? (0..<Int(face.pointee.num_glyphs)).map {
                    Int32(clamping: hb_font_get_glyph_h_advance(harfBuzzFont, hb_codepoint_t($0)))
                }
        } catch {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw error
        }
        self.harfBuzzFont = harfBuzzFont
        self.library = library
        self.face = face
        let record = face.pointee
        isColorBitmap = strikePixelsPerEm > 0
        glyphCount = Int(record.num_glyphs)
        familyName = record.family_name.map { String(cString: $0) } ?? ""
        styleName = record.style_name.map { String(cString: $0) } ?? ""
        hasKerning = record.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
    }

    /// Opens the first face of the font file at `path` (see `init(path:faceIndex:)`).
    package convenience init(path: String) throws { try self.init(path: path, faceIndex: 0) }

    deinit {
        hb_font_destroy(harfBuzzFont)
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Refuses a TrueType/OpenType file whose table directory points past the end of the file.
    /// FreeType reads tables lazily and would open, say, a copy missing its last bytes (the
    /// 'prep' table in DejaVu Sans) as if it were whole. In a collection ('ttcf') the directory
    /// of face `faceIndex` is checked. Other formats are left to FreeType.
    private static func checkTableDirectory(path: String, faceIndex: Int) throws {
        // Through InputFile, as every input: a regular file within the size limit, read in pieces.
        func piece(at offset: UInt64, count: Int) -> (bytes: [UInt8], fileSize: UInt64)? {
            guard offset <= UInt64(Int.max),
                let read = try? InputFile.read(path, atOffset: Int(offset), count: count), read.bytes.count == count
            else { return nil }
            return (read.bytes, UInt64(read.fileSize))
        }
        guard let first = piece(at: 0, count: 12) else { return }
        let fileSize = first.fileSize
        var header = first.bytes, directoryOffset: UInt64 = 0
        func u16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ bytes: [UInt8], _ at: Int) -> UInt64 { UInt64(u16(bytes, at)) << 16 | UInt64(u16(bytes, at + 2)) }
        if u32(header, 0) == 0x7474_6366 { // 'ttcf': a collection, offsets of each face's directory follow
            let faceCount = u32(header, 8)
            guard UInt64(faceIndex) < faceCount else {
                throw FontError.unusable(
                    path: path, reason: "face index \(faceIndex) does not exist (the collection has \(faceCount) faces)")
            }
            guard let offsetBytes = piece(at: 12 + 4 * UInt64(faceIndex), count: 4)?.bytes else {
                throw FontError.truncated(
                    path: path, reason: "the collection header lists \(faceCount) faces but the file has only \(fileSize) bytes")
            }
            let offset = u32(offsetBytes, 0)
            guard offset + 12 <= fileSize, let faceHeader = piece(at: offset, count: 12)?.bytes else {
                throw FontError.truncated(
                    path: path, reason: "face \(faceIndex)'s table directory at byte \(offset) is past the end (\(fileSize) bytes)")
            }
            header = faceHeader
            directoryOffset = offset
        }
        let headerBytes = header
        // 0x00010000 and 'true': TrueType outlines; 'OTTO': CFF outlines.
        guard [0x0001_0000, 0x7472_7565, 0x4F54_544F].contains(u32(headerBytes, 0)) else { return }
        let tableCount = u16(headerBytes, 4)
        guard let records = piece(at: directoryOffset + 12, count: 16 * tableCount)?.bytes else {
            throw FontError.truncated(
                path: path,
                reason: "the table directory lists \(tableCount) tables "
                    + "but the file has only \(fileSize) bytes")
        }
        let recordBytes = records
        for index in 0..<tableCount {
            let record = 16 * index
            let end = u32(recordBytes, record + 8) + u32(recordBytes, record + 12)
            if end > fileSize {
                let tag = String(decoding: recordBytes[record..<record + 4], as: UTF8.self)
                throw FontError.truncated(
                    path: path,
                    reason: "table '\(tag)' ends at byte \(end) "
                        + "but the file has \(fileSize) bytes")
            }
        }
    }

    /// What `readTables` returns: the cmap, the advances (nil for colour bitmap fonts, whose
    /// advances HarfBuzz reads from hmtx), the cap height, the bitmap strike (0 for outlines).
    private struct Tables {
        var glyphIndices: [UInt32: UInt32]
        var advances: [Int32]?
        var capHeight: Int
        var strikePixelsPerEm: Int
        /// From 'head' (FreeType reports 0 for bitmap-only faces).
        var unitsPerEm = 0
        /// Ascender, descender (negative), line height (ascender − descender + line gap).
        var vertical = (0, 0, 0)
    }

    /// Checks that the face is usable and reads the cmap, every glyph's advance and the cap height;
    /// for a colour bitmap font, selects its largest strike instead of loading outlines.
    private static func readTables(face: FT_Face, path: String, validatesGlyphs: Bool) throws -> Tables {
        var tables = try readCharacterMapAndAdvances(face: face, path: path, validatesGlyphs: validatesGlyphs)
        let record = face.pointee
        tables.unitsPerEm = Int(record.units_per_EM)
        tables.vertical = (Int(record.ascender), Int(record.descender), Int(record.height))
        if tables.strikePixelsPerEm > 0,
            let head = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self),
            let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self)
        {
            tables.unitsPerEm = Int(head.pointee.Units_Per_EM)
            let ascender = Int(hhea.pointee.Ascender), descender = Int(hhea.pointee.Descender)
            tables.vertical = (ascender, descender, ascender - descender + Int(hhea.pointee.Line_Gap))
            tables.capHeight = ascender
        }
        guard (16...16384).contains(tables.unitsPerEm) else {
            throw FontError.unusable(path: path, reason: "units per em \(tables.unitsPerEm) is outside 16…16384")
        }
        return tables
    }

    /// The cmap, the advances (validating every outline when asked) and the cap height.
    private static func readCharacterMapAndAdvances(face: FT_Face, path: String, validatesGlyphs: Bool) throws -> Tables {
        let record = face.pointee
        let scalable = record.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        let color = record.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        guard scalable || (color && record.num_fixed_sizes > 0) else {
            throw FontError.unusable(path: path, reason: "it has no outlines (bitmap-only font)")
        }
        let error = FT_Select_Charmap(face, FT_ENCODING_UNICODE)
        guard error == 0 else {
            throw FontError.unusable(
                path: path,
                reason: "it has no Unicode character map (FT_Select_Charmap: "
                    + FontError.freeTypeErrorName(error) + ")")
        }
        var indices: [UInt32: UInt32] = [:]
        var glyph: FT_UInt = 0
        var scalar = FT_Get_First_Char(face, &glyph)
        while glyph != 0 {
            indices[UInt32(truncatingIfNeeded: scalar)] = UInt32(glyph)
            scalar = FT_Get_Next_Char(face, scalar, &glyph)
        }

        if !scalable {
            // The largest strike: the least magnification when drawn (Noto Color Emoji has one,
            // 109 ppem). Its glyphs are PNGs, decoded when first drawn.
            var best = 0
            for index in 0..<Int(record.num_fixed_sizes) where record.available_sizes[index].y_ppem > record.available_sizes[best].y_ppem {
                best = index
            }
            let error = FT_Select_Size(face, FT_Int(best))
            guard error == 0 else { throw FontError.freeType(path: path, operation: "FT_Select_Size(\(best))", code: error) }
            let ppem = Int((record.available_sizes[best].y_ppem + 32) >> 6)
            guard ppem > 0 else { throw FontError.unusable(path: path, reason: "its bitmap strike has 0 pixels per em") }
            return Tables(glyphIndices: indices, advances: nil, capHeight: Int(record.ascender), strikePixelsPerEm: ppem)
        }

        // NO_SCALE: advances in design units, outlines unscaled and unhinted — exactly what
        // shaping needs, and loading every glyph validates the glyf/loca (or CFF) data.
        let loadFlags = FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        let glyphCount = Int(record.num_glyphs)
        var advances: [Int32]? = validatesGlyphs ? [Int32](repeating: 0, count: glyphCount) : nil
        for index in 0..<(validatesGlyphs ? glyphCount : 0) {
            let error = FT_Load_Glyph(face, FT_UInt(index), loadFlags)
            guard error == 0 else {
                throw FontError.freeType(path: path, operation: "FT_Load_Glyph for glyph \(index)", code: error)
            }
            advances![index] = Int32(clamping: face.pointee.glyph.pointee.advance.x)
        }

        // Cap height: OS/2 sCapHeight (table version ≥ 2), else the top of "H", else the ascender.
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
            os2.pointee.version >= 2, os2.pointee.sCapHeight > 0
        {
            return Tables(glyphIndices: indices, advances: advances, capHeight: Int(os2.pointee.sCapHeight), strikePixelsPerEm: 0)
        }
        if let h = indices[0x48], FT_Load_Glyph(face, FT_UInt(h), loadFlags) == 0 {
            var box = FT_BBox()
            FT_Outline_Get_CBox(&face.pointee.glyph.pointee.outline, &box)
            if box.yMax > 0 { return Tables(glyphIndices: indices, advances: advances, capHeight: Int(box.yMax), strikePixelsPerEm: 0) }
        }
        return Tables(glyphIndices: indices, advances: advances, capHeight: Int(record.ascender), strikePixelsPerEm: 0)
    }

    /// A HarfBuzz font over the same file and face, with HarfBuzz's own OpenType functions
    /// (hmtx, cmap, GSUB/GPOS) and its scale set to `unitsPerEm`, so that every advance and offset
    /// it returns is in design units. The file is memory-mapped by HarfBuzz.
    private static func makeHarfBuzzFont(path: String, faceIndex: Int, unitsPerEm: Int) throws -> OpaquePointer {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw FontError.unusable(path: path, reason: "HarfBuzz could not read the file")
        }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(faceIndex)) else {
            throw FontError.unusable(path: path, reason: "HarfBuzz could not open face \(faceIndex)")
        }
        defer { hb_face_destroy(face) }
        guard hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else {
            throw FontError.unusable(path: path, reason: "HarfBuzz found no glyphs in face \(faceIndex)")
        }
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        hb_font_make_immutable(font)
        return font
    }

    /// The glyph id for a scalar; 0 (.notdef, drawn as a box in most fonts) when the font lacks it.
    package func glyphID(for scalar: Unicode.Scalar) -> UInt32 {
        glyphIndices[scalar.value] ?? 0
    }

    /// Kerning between two glyphs in design units (0 without a 'kern' table or on error).
    func kerningUnits(left: UInt32, right: UInt32) -> Int {
        guard hasKerning, left != 0, right != 0 else { return 0 }
        lock.lock()
        defer { lock.unlock() }
        var vector = FT_Vector()
        let error = FT_Get_Kerning(face, FT_UInt(left), FT_UInt(right), FT_UInt(FT_KERNING_UNSCALED.rawValue), &vector)
        // A failed look-up means "no kerning for this pair": the text is still laid out.
        return error == 0 ? Int(vector.x) : 0
    }

    /// The cached mask for a key, rendering it under the lock when missing.
    func cachedMask(_ key: GlyphMaskKey) throws -> GlyphMask {
        lock.lock()
        defer { lock.unlock() }
        if let mask = maskCache[key] { return mask }
        let mask = try renderMaskLocked(key)
        if maskCache.count >= Self.maskCacheLimit { maskCache.removeAll(keepingCapacity: true) }
        maskCache[key] = mask
        return mask
    }

    /// Renders one glyph with FreeType. Caller holds `lock`.
    private func renderMaskLocked(_ key: GlyphMaskKey) throws -> GlyphMask {
        // 72 dpi makes the 26.6 "character size in points" equal to the size in pixels.
        var error = FT_Set_Char_Size(face, 0, FT_F26Dot6(key.size26Dot6), 72, 72)
        guard error == 0 else {
            throw FontError.freeType(path: path, operation: "FT_Set_Char_Size(\(Double(key.size26Dot6) / 64) px)", code: error)
        }
        // No hinting: iOS renders text unhinted, and unhinted outlines keep shapes and advances
        // proportional to the size, so a glyph looks the same at every subpixel offset.
        error = FT_Load_Glyph(face, FT_UInt(key.glyph), FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP))
        guard error == 0 else {
            throw FontError.freeType(path: path, operation: "FT_Load_Glyph for glyph \(key.glyph)", code: error)
        }
        let slot = face.pointee.glyph!
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else {
            throw FontError.unusable(path: path, reason: "glyph \(key.glyph) is not an outline")
        }
        // Subpixel offset in 26.6: a quarter pixel is 16 units. FreeType's y axis points up,
        // device y points down, hence the minus.
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(key.subpixelX * 16), FT_Pos(-key.subpixelY * 16))
        error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
        guard error == 0 else {
            throw FontError.freeType(path: path, operation: "FT_Render_Glyph for glyph \(key.glyph)", code: error)
        }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        if width == 0 || height == 0 { // e.g. a space
            return GlyphMask(coverage: CoverageMask(width: 0, height: 0, coverage: []), leftPixels: 0, topPixels: 0)
        }
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), bitmap.num_grays == 256 else {
            throw FontError.unusable(path: path, reason: "glyph \(key.glyph) rendered in pixel mode \(bitmap.pixel_mode), not 8-bit grey")
        }
        // Pixel limit: a glyph at the maximum size fits in (4·size)²; anything larger is a
        // broken outline, refused before allocating.
        let limit = 4 * (key.size26Dot6 / 64 + 2)
        guard width <= limit, height <= limit, let source = bitmap.buffer else {
            throw FontError.unusable(
                path: path, reason: "glyph \(key.glyph) renders to \(width)×\(height) px at \(Double(key.size26Dot6) / 64) px")
        }
        let pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * height)
        coverage.withUnsafeMutableBufferPointer { destination in
            for row in 0..<height {
                // A negative pitch means the rows are stored bottom-up, starting at the last row.
                let sourceRow = pitch >= 0 ? source + row * pitch : source + (height - 1 - row) * -pitch
                UnsafeMutableRawPointer(destination.baseAddress! + row * width)
                    .copyMemory(from: sourceRow, byteCount: width)
            }
        }
        return GlyphMask(
            coverage: CoverageMask(width: width, height: height, coverage: coverage),
            leftPixels: Int(slot.pointee.bitmap_left), topPixels: Int(slot.pointee.bitmap_top))
    }
}
