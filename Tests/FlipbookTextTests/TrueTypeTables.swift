import Foundation

/// A minimal, independent reader of a TrueType file's tables (no FreeType), so the tests can
/// check `Font`'s numbers against the raw 'head', 'hhea', 'hmtx', 'OS/2' and 'kern' data.
struct TrueTypeTables {
    let data: [UInt8]
    let tables: [String: (offset: Int, length: Int)]

    init(path: String) throws {
        data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var tables: [String: (offset: Int, length: Int)] = [:]
        let count = Int(Self.u16(data, 4))
        for index in 0..<count {
            let record = 12 + 16 * index
            let tag = String(decoding: data[record..<record + 4], as: UTF8.self)
            tables[tag] = (Int(Self.u32(data, record + 8)), Int(Self.u32(data, record + 12)))
        }
        self.tables = tables
    }

    static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]) }
    static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(u16(bytes, at)) << 16 | UInt32(u16(bytes, at + 2))
    }
    func u16(_ table: String, _ at: Int) -> Int { Int(Self.u16(data, tables[table]!.offset + at)) }
    func i16(_ table: String, _ at: Int) -> Int { Int(Int16(bitPattern: Self.u16(data, tables[table]!.offset + at))) }

    var unitsPerEm: Int { u16("head", 18) }
    var ascender: Int { i16("hhea", 4) }
    var descender: Int { i16("hhea", 6) }
    var lineGap: Int { i16("hhea", 8) }
    /// OS/2 sCapHeight (present from table version 2).
    var capHeight: Int? { u16("OS/2", 0) >= 2 ? i16("OS/2", 88) : nil }

    /// The glyph's bounding box from its glyf header (xMin, yMin, xMax, yMax), located via loca.
    func glyphBox(glyph: Int) -> (xMin: Int, yMin: Int, xMax: Int, yMax: Int) {
        let longOffsets = i16("head", 50) == 1
        let offset = longOffsets ? Int(Self.u32(data, tables["loca"]!.offset + 4 * glyph)) : 2 * u16("loca", 2 * glyph)
        return (i16("glyf", offset + 2), i16("glyf", offset + 4), i16("glyf", offset + 6), i16("glyf", offset + 8))
    }

    /// The signed area (design units², counter-clockwise positive) of a simple glyph whose
    /// contours are all straight lines (every point on-curve), by the shoelace formula.
    func straightOutlineArea(glyph: Int) -> Int {
        let longOffsets = i16("head", 50) == 1
        let start =
            tables["glyf"]!.offset
            + (longOffsets ? Int(Self.u32(data, tables["loca"]!.offset + 4 * glyph)) : 2 * u16("loca", 2 * glyph))
        let contourCount = Int(Self.u16(data, start))
        let ends = (0..<contourCount).map { Int(Self.u16(data, start + 10 + 2 * $0)) }
        let pointCount = ends.last! + 1
        var at = start + 10 + 2 * contourCount
        at += 2 + Int(Self.u16(data, at)) // skip instructions
        var flags: [UInt8] = []
        while flags.count < pointCount {
            let flag = data[at]; at += 1
            flags.append(flag)
            if flag & 8 != 0 { flags += Array(repeating: flag, count: Int(data[at])); at += 1 }
        }
        precondition(flags.allSatisfy { $0 & 1 == 1 }, "curves are not supported")
        func coordinates(shortBit: UInt8, sameBit: UInt8) -> [Int] {
            var value = 0
            return flags.map { flag in
                if flag & shortBit != 0 {
                    value += (flag & sameBit != 0 ? 1 : -1) * Int(data[at]); at += 1
                } else if flag & sameBit == 0 {
                    value += Int(Int16(bitPattern: Self.u16(data, at))); at += 2
                }
                return value
            }
        }
        let xs = coordinates(shortBit: 2, sameBit: 16), ys = coordinates(shortBit: 4, sameBit: 32)
        var twiceArea = 0, first = 0
        for end in ends {
            for index in first...end {
                let next = index == end ? first : index + 1
                twiceArea += xs[index] * ys[next] - xs[next] * ys[index]
            }
            first = end + 1
        }
        return twiceArea / 2
    }

    /// hmtx advance width; glyphs past numberOfHMetrics repeat the last entry.
    func advance(glyph: Int) -> Int {
        let metricCount = u16("hhea", 34)
        return u16("hmtx", 4 * min(glyph, metricCount - 1))
    }

    /// Kerning from the first format-0 horizontal subtable of the legacy 'kern' table.
    func kerning(left: Int, right: Int) -> Int {
        guard tables["kern"] != nil, u16("kern", 0) == 0 else { return 0 }
        var subtable = 4
        for _ in 0..<u16("kern", 2) {
            let length = u16("kern", subtable + 2), coverage = u16("kern", subtable + 4)
            if coverage >> 8 == 0, coverage & 1 == 1 {
                let pairCount = u16("kern", subtable + 6)
                for pair in 0..<pairCount {
                    let at = subtable + 14 + 6 * pair
                    if u16("kern", at) == left, u16("kern", at + 2) == right { return i16("kern", at + 4) }
                }
                return 0
            }
            subtable += length
        }
        return 0
    }
}
