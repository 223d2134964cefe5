/// The tracking iOS applies to its system font, SF Pro, at each size — which the primary family
/// (Inter, SF's stand-in) gets too, so lines are as wide as SF's and truncate where SF's do.
///
/// SF Pro's optical sizes come with a tracking table (CoreText applies it to the system font; a
/// label never sets it): loose at caption sizes, tight around body sizes, loose again at display
/// sizes. The values are Apple's, from the Human Interface Guidelines, "Typography",
/// "Specifications" → "Tracking values" → iOS, iPadOS, visionOS, SF Pro, the "Tracking (points)"
/// column: 6 pt +0.24 … 12 pt 0 … 17 pt −0.43 … 20 pt −0.45 … 28 pt +0.38 … 34 pt +0.40 …
/// 80 pt and larger 0.
package enum SystemFontTracking {
    /// Apple's table: (size in points, tracking in points), sizes increasing.
    static let table: [(size: Double, tracking: Double)] = [
        (6, 0.24), (7, 0.23), (8, 0.21), (9, 0.17), (10, 0.12), (11, 0.06), (12, 0), (13, -0.08), (14, -0.15),
        (15, -0.23), (16, -0.31), (17, -0.43), (18, -0.44), (19, -0.45), (20, -0.45), (21, -0.36), (22, -0.26),
        (23, -0.10), (24, 0.07), (25, 0.15), (26, 0.22), (27, 0.29), (28, 0.38), (29, 0.40), (30, 0.40),
        (31, 0.39), (32, 0.41), (33, 0.40), (34, 0.40), (35, 0.38), (36, 0.37), (37, 0.36), (38, 0.37),
        (39, 0.38), (40, 0.37), (41, 0.36), (42, 0.37), (43, 0.38), (44, 0.37), (45, 0.35), (46, 0.36),
        (47, 0.37), (48, 0.35), (49, 0.33), (50, 0.34), (51, 0.35), (52, 0.33), (53, 0.31), (54, 0.32),
        (56, 0.30), (58, 0.28), (60, 0.26), (62, 0.24), (64, 0.22), (66, 0.19), (68, 0.17), (70, 0.14),
        (72, 0.14), (76, 0.07), (80, 0), (96, 0)
    ]

    /// The tracking in points added after every glyph at `sizePoints`: the table's value at a
    /// listed size, linear between listed sizes (Apple lists whole sizes; 17.5 pt is half-way
    /// between −0.43 and −0.44). Below 6 pt the 6 pt value scaled with the size (the same share
    /// of an em, as Apple's other column gives it), so it shrinks to 0; from 80 pt on 0.
    package static func trackingPoints(sizePoints: Double) -> Double {
        guard sizePoints.isFinite, sizePoints > 0 else { return 0 }
        let first = table[0], last = table[table.count - 1]
        if sizePoints <= first.size { return first.tracking * sizePoints / first.size }
        if sizePoints >= last.size { return last.tracking }
        let upper = table.firstIndex { $0.size >= sizePoints }!
        let (a, b) = (table[upper - 1], table[upper])
        return a.tracking + (b.tracking - a.tracking) * (sizePoints - a.size) / (b.size - a.size)
    }
}
