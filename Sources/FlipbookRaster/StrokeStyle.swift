/// The shape of a stroke's open ends (`CGLineCap`, `CAShapeLayerLineCap`).
package enum LineCap: String, Hashable, Sendable, CaseIterable {
    /// Cut square at the end point (the default).
    case butt
    /// A half disc of the line's width about the end point.
    case round
    /// Cut square half the line's width beyond the end point.
    case square
}

/// The shape of a stroke where two elements meet at an angle (`CGLineJoin`, `CAShapeLayerLineJoin`).
package enum LineJoin: String, Hashable, Sendable, CaseIterable {
    /// The outer edges extended until they meet, unless that point is farther than the miter
    /// limit allows (then `bevel`). The default.
    case miter
    /// A disc sector about the joint.
    case round
    /// The outer corners joined by a straight edge.
    case bevel
}

/// How a path is stroked: Core Graphics' line parameters and `CAShapeLayer`'s trim, in the
/// path's own units (points), with Core Animation's defaults.
package struct StrokeStyle: Hashable, Sendable {
    /// The line's width (`lineWidth`, default 1). Not positive or not finite: nothing is drawn
    /// (Core Graphics, like PDF, draws the thinnest line the device can show for 0).
    package var lineWidth: Double
    /// The ends of open subpaths and of dashes (default `.butt`).
    package var lineCap: LineCap
    /// The joints between elements (default `.miter`).
    package var lineJoin: LineJoin
    /// Core Graphics' miter limit (default 10): a miter join whose length — from the inner to
    /// the outer corner, `lineWidth / sin(φ/2)` for an angle φ between the two segments — exceeds
    /// `miterLimit × lineWidth` is drawn as a bevel (at 10: angles below about 11.5°).
    package var miterLimit: Double
    /// Alternating painted and unpainted lengths (`lineDashPattern`; empty = solid). An odd
    /// count repeats (`[5]` is `[5, 5]`); a zero painted length with round or square caps is a
    /// dot. A pattern with a negative or non-finite length, or lengths summing to 0, is solid.
    package var dashPattern: [Double]
    /// How far into the pattern each subpath starts (`lineDashPhase`, default 0); taken modulo
    /// the pattern's length, so a negative phase starts that far before the pattern's start.
    package var dashPhase: Double
    /// `CAShapeLayer.strokeStart` (default 0): the fraction of the path's total length (all
    /// subpaths, in order) before which nothing is stroked.
    package var strokeStart: Double
    /// `CAShapeLayer.strokeEnd` (default 1): the fraction of the total length after which
    /// nothing is stroked. Nothing is stroked when it is not above `strokeStart`.
    package var strokeEnd: Double

    /// A style; every argument defaults to Core Animation's default.
    package init(
        lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
        dashPattern: [Double] = [], dashPhase: Double = 0, strokeStart: Double = 0, strokeEnd: Double = 1
    ) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin; self.miterLimit = miterLimit
        self.dashPattern = dashPattern; self.dashPhase = dashPhase; self.strokeStart = strokeStart; self.strokeEnd = strokeEnd
    }

    /// The most dashes one stroke draws (10 000): a dash pattern of 10⁻³ pt on a long path would
    /// ask for millions of pieces. A pattern that would give more is not applied (the stroke is
    /// solid), which is also what a pattern far finer than a pixel looks like from afar. A
    /// dashed border round a whole iPad screen in 1-pt dashes has about 2 400.
    package static let maximumDashes = 10_000

    /// The most vertices the round joins, caps and dots of one stroke make (2²⁰, 16 MB of
    /// points): a path of many corners or dashes with round joins or caps at a wide line width
    /// would otherwise make up to 128 vertices per join or cap. Beyond it every arc gets fewer
    /// chords (at least 8 per turn).
    package static let maximumRoundVertices = 1 << 20

    /// The most chords per full turn of a round join, cap or dot (256: at the 1/16-pixel
    /// tolerance, enough for a half width of 800 device pixels; wider arcs stray a little more).
    package static let maximumRoundChords = 256

    /// The pattern as used: an odd count doubled; nil when it is empty or invalid (solid).
    var normalizedDashPattern: [Double]? {
        guard !dashPattern.isEmpty, dashPattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        let pattern = dashPattern.count % 2 == 1 ? dashPattern + dashPattern : dashPattern
        let period = pattern.reduce(0, +)
        return period > 0 && period.isFinite ? pattern : nil
    }

    /// The painted intervals of a polyline of `length` under the dash pattern (the pattern
    /// restarts at each polyline, at `dashPhase`): `[start, end]` pairs, a zero-length one for a
    /// dot. On a closed polyline a dot at its end is left out (it is the dot at its start).
    /// Stops after `maximumDashes + 1` intervals (the caller then draws the stroke solid).
    func dashIntervals(length: Double, closed: Bool, pattern: [Double]) -> [(start: Double, end: Double)] {
        let period = pattern.reduce(0, +)
        var phase = dashPhase.isFinite ? dashPhase.truncatingRemainder(dividingBy: period) : 0
        if phase < 0 { phase += period }
        // The entry the phase falls in, and how much of it is left.
        var index = 0
        // A zero-length dash exactly at the phase is drawn (a dot); a dash ending there is not.
        while index < pattern.count - 1, phase > pattern[index] || (phase == pattern[index] && pattern[index] > 0) {
            phase -= pattern[index]; index += 1
        }
        var remaining = pattern[index] - phase
        var position = 0.0
        var intervals: [(start: Double, end: Double)] = []
        while position < length || (position == length && !closed) {
            let end = position + remaining
            if index % 2 == 0 { intervals.append((position, Swift.min(end, length))) }
            if intervals.count > Self.maximumDashes { break }
            position = end
            index = (index + 1) % pattern.count
            remaining = pattern[index]
            // Past the end, only a zero-length entry exactly at the end is still drawn.
            if position > length { break }
        }
        return intervals
    }
}
