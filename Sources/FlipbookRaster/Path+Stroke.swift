package import FlipbookGeometry

/// A `BezierPath` filled or stroked as Core Graphics does it, as polygon contours for the
/// rasterizer (docs/RASTER.md, "Vector paths, fill rules and strokes").
extension Path {
    /// `path`'s subpaths as contours (open ones closed, as a fill closes them), mapped by
    /// `transform` and flattened within `tolerance` of the mapped curves (in the units
    /// `transform` maps to), filled by `rule`.
    package init(filling path: BezierPath, rule: FillRule = .nonZero, transform: Transform2D = .identity, tolerance: Double) {
        let polylines = path.applying(transform).polylines(tolerance: tolerance)
        self.init(
            contours: polylines.compactMap { line in
                guard line.vertices.count >= 3 else { return nil }
                var points = line.vertices.map(\.point)
                if line.isClosed { points.removeLast() }
                return points
            }, fillRule: rule)
    }

    /// The outline of `path` stroked with `style` in the path's own space (line width, dashes
    /// and caps in its units, as Core Graphics strokes in user space), then mapped by
    /// `transform`, with every chord and arc within `tolerance` (the units `transform` maps to)
    /// of the true outline. Filled by the non-zero rule: the outline is a set of pieces, each
    /// wound the same way, whose union is the stroke (docs/RASTER.md).
    ///
    /// Order: the path is flattened (in its space, within `tolerance` ÷ the transform's larger
    /// singular value), trimmed to `strokeStart…strokeEnd` of its total length, dashed (the
    /// pattern restarting at every subpath of the trimmed path), and each piece outlined with
    /// its joins and caps. A line width that is not positive and finite, or a singular or
    /// non-finite transform, gives an empty path.
    package init(stroking path: BezierPath, style: StrokeStyle, transform: Transform2D = .identity, tolerance: Double) {
        self.init()
        let halfWidth = style.lineWidth / 2
        let stretch = singularValues(of: transform).larger
        guard halfWidth > 0, halfWidth.isFinite, hasFiniteEntries(transform), stretch > 0, stretch.isFinite,
            tolerance > 0, tolerance.isFinite
        else { return }
        let localTolerance = tolerance / stretch
        var lines = Self.trimmed(
            path.polylines(tolerance: localTolerance, strokeHalfWidth: halfWidth),
            start: style.strokeStart, end: style.strokeEnd)
        if let pattern = style.normalizedDashPattern { lines = Self.dashed(lines, style: style, pattern: pattern) }
        var outliner = StrokeOutliner(halfWidth: halfWidth, style: style, tolerance: localTolerance, lines: lines)
        for line in lines { outliner.add(line) }
        self.init(contours: transform.isIdentity ? outliner.pieces : outliner.pieces.map { $0.map(transform.apply(to:)) })
    }

    /// The parts of `lines` between `start` and `end` (fractions, clamped to 0…1) of their total
    /// length, measured across the subpaths in order (`CAShapeLayer.strokeStart`/`strokeEnd`);
    /// a subpath wholly inside is kept as it is (a closed one stays closed).
    static func trimmed(_ lines: [Polyline], start: Double, end: Double) -> [Polyline] {
        let a = start.isNaN ? 0 : min(max(start, 0), 1), b = end.isNaN ? 1 : min(max(end, 0), 1)
        if a <= 0, b >= 1 { return lines }
        guard a < b else { return [] }
        let lengths = lines.map(\.length)
        let total = lengths.reduce(0, +)
        let from = a * total, to = b * total
        var result: [Polyline] = []
        var offset = 0.0
        for (line, length) in zip(lines, lengths) {
            defer { offset += length }
            let s = from - offset, e = to - offset
            // A window touching a subpath only at one end point does not make a dot there.
            if length > 0 ? (e <= 0 || s >= length) : (e < 0 || s > 0) { continue }
            if s <= 0, e >= length { result.append(line) } else { result += line.pieces(between: [(s, e)]) }
        }
        return result
    }

    /// `lines` cut by the dash pattern (restarting at each), or `lines` unchanged when that
    /// would make more than `StrokeStyle.maximumDashes` dashes.
    static func dashed(_ lines: [Polyline], style: StrokeStyle, pattern: [Double]) -> [Polyline] {
        var result: [Polyline] = []
        var count = 0
        for line in lines {
            let intervals = style.dashIntervals(length: line.length, closed: line.isClosed, pattern: pattern)
            count += intervals.count
            if count > StrokeStyle.maximumDashes { return lines }
            result += line.pieces(between: intervals)
        }
        return result
    }
}

/// Builds a stroke's outline as pieces whose union is the stroke: per run of smooth chords one
/// band (the chords' ends offset by the half width along the curve's true normals), a piece per
/// join on the outer side of the turn, a piece per cap, a disc or square per dot. Every piece
/// is wound clockwise on screen (positive `signedArea`), so where pieces overlap their windings
/// add up instead of cancelling and the non-zero rule fills exactly their union; pieces that
/// touch share edges, which cancel in the coverage sums.
struct StrokeOutliner {
    let halfWidth: Double
    let style: StrokeStyle
    /// Chords per full turn of a round join, cap or dot.
    let roundChords: Int
    /// The pieces, in the path's units.
    private(set) var pieces: [[Point]] = []

    init(halfWidth: Double, style: StrokeStyle, tolerance: Double, lines: [Polyline]) {
        self.halfWidth = halfWidth
        self.style = style
        // A chord of angle Δ on a circle of radius h strays h(1 − cos(Δ/2)) ≤ h·Δ²/8 from it:
        // Δ = √(8·tol/h) keeps it within the tolerance.
        let step = (8 * tolerance / halfWidth).squareRoot()
        var chords = Int(clamping: (2 * Double.pi / step).rounded(.up), to: 8...StrokeStyle.maximumRoundChords)
        let roundJoins = style.lineJoin == .round, roundCaps = style.lineCap == .round
        if roundJoins || roundCaps {
            // Half a turn per join or cap, a whole one per dot (a generous bound).
            var halfTurns = 0
            for line in lines {
                if line.vertices.count == 1 { halfTurns += roundCaps ? 2 : 0; continue }
                if roundJoins { halfTurns += line.vertices.dropLast().filter(\.isJoin).count }
                if roundCaps, !line.isClosed { halfTurns += 2 }
            }
            if halfTurns > 0 {
                chords = min(chords, max(8, 2 * StrokeStyle.maximumRoundVertices / halfTurns))
            }
        }
        roundChords = chords
    }

    /// Adds the pieces of one polyline.
    mutating func add(_ line: Polyline) {
        let v = line.vertices
        guard v.count >= 2 else {
            if let dot = v.first { addDot(dot) }
            return
        }
        var band = Band()
        for i in 0..<(v.count - 1) {
            let a = v[i], b = v[i + 1]
            if a.isJoin, i > 0 || line.isClosed {
                flush(&band)
                addJoin(at: a.point, incoming: a.tangentIn, outgoing: a.tangentOut)
            }
            addQuad(&band, a.point, normal(a.tangentOut), b.point, normal(b.tangentIn))
        }
        flush(&band)
        if !line.isClosed {
            addCap(at: v[0].point, direction: Point(x: -v[0].tangentOut.x, y: -v[0].tangentOut.y))
            addCap(at: v[v.count - 1].point, direction: v[v.count - 1].tangentIn)
        }
    }

    /// The unit normal of a unit tangent (the tangent turned a quarter toward +y from +x).
    private func normal(_ t: Point) -> Point { Point(x: -t.y, y: t.x) }

    /// Adds a closed piece, wound clockwise on screen; a piece without area is dropped.
    private mutating func addPiece(_ points: [Point]) {
        let area = signedArea(points)
        if area > 0 { pieces.append(points) } else if area < 0 { pieces.append(points.reversed()) }
    }

    // MARK: Bands

    /// A run of chords offset along one side (`left`: + normal) and the other, all of one winding.
    private struct Band {
        var left: [Point] = [], right: [Point] = []
        /// The sign of the run's chords' areas (0 until one has area).
        var sign = 0.0
    }

    /// Adds the chord `p → q` offset by the half width along the normals `m` at `p` and `n` at `q`
    /// to `band`, or, when that quad crosses itself (its two normals cross: the curve turns
    /// tighter than the half width on one side, so that side's offset runs backward), its two
    /// triangles as pieces of their own. A quad of the other winding than the band starts a new band.
    private mutating func addQuad(_ band: inout Band, _ p: Point, _ m: Point, _ q: Point, _ n: Point) {
        let h = halfWidth
        let l0 = Point(x: p.x + h * m.x, y: p.y + h * m.y), r0 = Point(x: p.x - h * m.x, y: p.y - h * m.y)
        let l1 = Point(x: q.x + h * n.x, y: q.y + h * n.y), r1 = Point(x: q.x - h * n.x, y: q.y - h * n.y)
        if let x = crossing(l0, r0, l1, r1) {
            flush(&band)
            addPiece([l0, l1, x]); addPiece([x, r1, r0])
            return
        }
        if let x = crossing(l0, l1, r0, r1) {
            flush(&band)
            addPiece([l0, x, r0]); addPiece([x, l1, r1])
            return
        }
        let area = signedArea([l0, l1, r1, r0])
        if band.sign * area < 0 { flush(&band) }
        if band.left.isEmpty { band.left = [l0]; band.right = [r0] }
        band.left.append(l1); band.right.append(r1)
        if band.sign == 0 { band.sign = area > 0 ? 1 : area < 0 ? -1 : 0 }
    }

    private mutating func flush(_ band: inout Band) {
        if band.left.count >= 2, band.sign != 0 {
            let outline = band.left + band.right.reversed()
            pieces.append(band.sign > 0 ? outline : outline.reversed())
        }
        band = Band()
    }

    /// Where the segments `a–b` and `c–d` cross strictly inside both, or nil.
    private func crossing(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Point? {
        let r = Point(x: b.x - a.x, y: b.y - a.y), s = Point(x: d.x - c.x, y: d.y - c.y)
        let denominator = r.x * s.y - r.y * s.x
        guard denominator != 0 else { return nil }
        let t = ((c.x - a.x) * s.y - (c.y - a.y) * s.x) / denominator
        let u = ((c.x - a.x) * r.y - (c.y - a.y) * r.x) / denominator
        guard t > 0, t < 1, u > 0, u < 1 else { return nil }
        return Point(x: a.x + t * r.x, y: a.y + t * r.y)
    }

    // MARK: Joins and caps

    /// The join at `p` between the unit directions `u` (arriving) and `v` (leaving), on the
    /// outer side of the turn. With `n(·)` the normal and σ the outer side (−1 when the path
    /// turns toward +n): a bevel is the triangle `p, p + σh·n(u), p + σh·n(v)`; a miter adds the
    /// tip `p + σh·(n(u) + n(v)) / (1 + u·v)` (the outer edges' crossing, `h / cos(θ/2)` from `p`
    /// for a turn θ) while `1 / cos(θ/2)` — Core Graphics' miter length over line width,
    /// `1 / sin(φ/2)` for the angle φ = π − θ between the segments — is at most the miter
    /// limit, i.e. `(1 + u·v)/2 ≥ 1/limit²`; a round join is the disc sector between the two
    /// outer normals. A straight continuation has no join; a full reversal a round one only
    /// (a half disc ahead of `p`: the bevel and miter have no width).
    private mutating func addJoin(at p: Point, incoming u: Point, outgoing v: Point) {
        let dot = u.x * v.x + u.y * v.y, cross = u.x * v.y - u.y * v.x
        let straight = abs(cross) <= 1e-12
        if straight, dot > 0 { return }
        let h = halfWidth
        let side: Double = cross > 0 ? -1 : 1
        let nu = normal(u), nv = normal(v)
        let a = Point(x: p.x + side * h * nu.x, y: p.y + side * h * nu.y)
        let b = Point(x: p.x + side * h * nv.x, y: p.y + side * h * nv.y)
        switch style.lineJoin {
        case .bevel:
            addPiece([p, a, b])
        case .miter:
            let limit = style.miterLimit
            if !straight, limit > 0, (1 + dot) / 2 >= 1 / (limit * limit) {
                let k = side * h / (1 + dot)
                addPiece([p, a, Point(x: p.x + k * (nu.x + nv.x), y: p.y + k * (nu.y + nv.y)), b])
            } else {
                addPiece([p, a, b])
            }
        case .round:
            // The normals turn as the tangents do: by θ in the direction of the cross product's
            // sign; a reversal turns the +n side through the direction of travel.
            let turn = Gradient.angle(x: dot, y: abs(cross))
            addPiece(
                [p]
                    + arc(
                        about: p, from: straight ? nu : Point(x: side * nu.x, y: side * nu.y),
                        radians: straight ? -Double.pi : (cross > 0 ? turn : -turn),
                        to: straight ? Point(x: -nu.x, y: -nu.y) : Point(x: side * nv.x, y: side * nv.y)))
        }
    }

    /// The cap at the end point `p` of an open polyline whose unit `direction` points out of it.
    private mutating func addCap(at p: Point, direction t: Point) {
        let h = halfWidth, n = normal(t)
        switch style.lineCap {
        case .butt:
            return
        case .square:
            addPiece([
                Point(x: p.x + h * n.x, y: p.y + h * n.y), Point(x: p.x + h * (n.x + t.x), y: p.y + h * (n.y + t.y)),
                Point(x: p.x + h * (t.x - n.x), y: p.y + h * (t.y - n.y)), Point(x: p.x - h * n.x, y: p.y - h * n.y)
            ])
        case .round:
            // From +n turning away from it (negative angles) through `t` to −n.
            addPiece([p] + arc(about: p, from: n, radians: -Double.pi, to: Point(x: -n.x, y: -n.y)))
        }
    }

    /// A zero-length subpath or dash: a disc (round caps) or a square along its direction
    /// (square caps, +x for a lone point); nothing with butt caps.
    private mutating func addDot(_ vertex: Polyline.Vertex) {
        let p = vertex.point, h = halfWidth, t = vertex.tangentOut, n = normal(t)
        switch style.lineCap {
        case .butt:
            return
        case .square:
            addPiece([
                Point(x: p.x + h * (n.x - t.x), y: p.y + h * (n.y - t.y)), Point(x: p.x + h * (n.x + t.x), y: p.y + h * (n.y + t.y)),
                Point(x: p.x + h * (t.x - n.x), y: p.y + h * (t.y - n.y)), Point(x: p.x - h * (n.x + t.x), y: p.y - h * (n.y + t.y))
            ])
        case .round:
            addPiece(unitCircle(segments: roundChords).map { Point(x: p.x + h * $0.x, y: p.y + h * $0.y) })
        }
    }

    /// The points of the arc of radius h about `centre` from the unit direction `from` turned by
    /// `radians` (screen angles: positive toward +y), ending exactly on `to`: `k` equal chords,
    /// `k` the share of `roundChords` per turn (at least 1), turned by a rotation whose cosine
    /// and sine come from `DeterministicMath`.
    private func arc(about centre: Point, from: Point, radians: Double, to: Point) -> [Point] {
        let h = halfWidth
        let chords = max(1, Int(clamping: (abs(radians) / (2 * Double.pi) * Double(roundChords)).rounded(.up), to: 1...roundChords))
        let step = radians / Double(chords)
        let c = DeterministicMath.cos(step), s = DeterministicMath.sin(step)
        var points: [Point] = []
        points.reserveCapacity(chords + 1)
        var x = from.x, y = from.y
        for _ in 0..<chords {
            points.append(Point(x: centre.x + h * x, y: centre.y + h * y))
            (x, y) = (x * c - y * s, x * s + y * c)
        }
        points.append(Point(x: centre.x + h * to.x, y: centre.y + h * to.y))
        return points
    }
}
