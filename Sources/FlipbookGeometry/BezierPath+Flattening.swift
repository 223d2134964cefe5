/// A subpath of a `BezierPath` flattened into chords, with the true curve's direction at every
/// vertex: what a fill needs (the points) and what a stroke needs (the directions, for offsets,
/// joins and caps).
package struct Polyline: Hashable, Sendable {
    /// A vertex: a point on the path and the unit directions of travel arriving and leaving.
    package struct Vertex: Hashable, Sendable {
        /// The point (on the curve: chords are inscribed).
        package var point: Point
        /// The unit tangent arriving at the point (at a subpath's first vertex: leaving).
        package var tangentIn: Point
        /// The unit tangent leaving the point (at a subpath's last vertex: arriving).
        package var tangentOut: Point
        /// True where two elements meet: a stroke joins the two directions with its line join
        /// there (curves' own vertices are smooth: the two tangents are the same).
        package var isJoin: Bool

        /// A vertex with one tangent for both directions.
        package init(point: Point, tangent: Point, isJoin: Bool = false) {
            self.point = point; tangentIn = tangent; tangentOut = tangent; self.isJoin = isJoin
        }
    }

    /// The vertices in order; a single vertex is a zero-length subpath (a dot, for round and
    /// square caps). A closed polyline repeats its first point last.
    package var vertices: [Vertex]
    /// True for a closed subpath: its end joins its start (the first vertex's `tangentIn` is the
    /// closing segment's direction), and it has no caps.
    package var isClosed: Bool

    /// A polyline of these vertices.
    package init(vertices: [Vertex], isClosed: Bool) {
        self.vertices = vertices; self.isClosed = isClosed
    }

    /// The length of the chords, in the path's units.
    package var length: Double {
        var total = 0.0
        for i in vertices.indices.dropFirst() { total += distance(vertices[i - 1].point, vertices[i].point) }
        return total
    }

    /// The parts of the polyline between the lengths of `intervals` (measured from the first
    /// vertex along the chords; sorted, not overlapping), each an open polyline whose ends carry
    /// the direction there (interpolated along a chord between its end vertices' directions,
    /// which is the chord's own direction on a straight line). An interval of length zero gives a
    /// one-vertex polyline (a dot). An interval covering the whole of a closed polyline gives it
    /// whole and closed. One walk over the vertices: O(vertices + intervals).
    package func pieces(between intervals: [(start: Double, end: Double)]) -> [Polyline] {
        guard let first = vertices.first else { return [] }
        let total = length
        if isClosed, intervals.count == 1, intervals[0].start <= 0, intervals[0].end >= total { return [self] }
        guard vertices.count >= 2 else {
            return intervals.contains { $0.start <= 0 && $0.end >= 0 } ? [Polyline(vertices: [first], isClosed: false)] : []
        }
        var result: [Polyline] = []
        var segment = 0 // the chord from vertices[segment] to vertices[segment + 1]
        var segmentStart = 0.0, segmentLength = distance(vertices[0].point, vertices[1].point)
        /// Moves to the next chord.
        func advance() {
            segmentStart += segmentLength
            segment += 1
            segmentLength = distance(vertices[segment].point, vertices[segment + 1].point)
        }
        /// The vertex at `length` on the current chord; at a chord's end the direction leaving
        /// (`leaving`) or arriving there.
        func vertex(at length: Double, leaving: Bool) -> Vertex {
            let a = vertices[segment], b = vertices[segment + 1]
            let t = segmentLength > 0 ? Swift.min(Swift.max((length - segmentStart) / segmentLength, 0), 1) : 0
            if t == 0 { return Vertex(point: a.point, tangent: leaving ? a.tangentOut : a.tangentIn) }
            if t == 1 { return Vertex(point: b.point, tangent: leaving ? b.tangentOut : b.tangentIn) }
            let point = Point(x: a.point.x + (b.point.x - a.point.x) * t, y: a.point.y + (b.point.y - a.point.y) * t)
            let blend = Point(
                x: a.tangentOut.x + (b.tangentIn.x - a.tangentOut.x) * t, y: a.tangentOut.y + (b.tangentIn.y - a.tangentOut.y) * t)
            let tangent = unit(blend) ?? unit(Point(x: b.point.x - a.point.x, y: b.point.y - a.point.y)) ?? a.tangentOut
            return Vertex(point: point, tangent: tangent)
        }
        for interval in intervals {
            let start = Swift.max(0, interval.start), end = Swift.min(total, interval.end)
            guard start <= end else { continue }
            // The chord holding the start: the first whose end is past it (at it, for a dot).
            while segment < vertices.count - 2,
                segmentStart + segmentLength < start || (segmentStart + segmentLength == start && start < end)
            {
                advance()
            }
            var piece = [vertex(at: start, leaving: true)]
            if start == end { result.append(Polyline(vertices: piece, isClosed: false)); continue }
            while segment < vertices.count - 2, segmentStart + segmentLength < end {
                piece.append(vertices[segment + 1])
                advance()
            }
            piece.append(vertex(at: end, leaving: false))
            piece[0].isJoin = false
            piece[piece.count - 1].isJoin = false
            result.append(Polyline(vertices: piece, isClosed: false))
        }
        return result
    }
}

extension BezierPath {
    /// The most vertices one flattening makes (2¹⁸, 4 MB of points): a path from a file may hold
    /// any number of curves, and each curve's chord count is chosen from its size. When the
    /// curves' counts add up to more, every curve gets proportionally fewer chords (at least one),
    /// so the flattening stays within this plus one vertex per element, coarser but bounded.
    package static let maximumFlattenedVertices = 1 << 18

    /// The most chords one curve is cut into (Wang's bound reaches it for a curve about 10⁵
    /// tolerances across).
    package static let maximumChordsPerCurve = 1024

    /// The subpaths as polylines whose chords stay within `tolerance` (the path's units) of the
    /// curves; with `strokeHalfWidth` > 0 the chords are also short enough that the stroke's
    /// offsets at that distance stay within it.
    ///
    /// Chord counts: each cubic (a quadratic is raised to the cubic of the same curve) is cut into
    /// `n` equal steps of its parameter, `n` Wang's bound `⌈√(¾·max‖p₀ − 2p₁ + p₂‖, ‖p₁ − 2p₂ + p₃‖ / tol)⌉`
    /// (1…`maximumChordsPerCurve`), which keeps the curve within `tol` of its chords. A stroke's
    /// edge is the curve's offset by the half width `h`, sampled at the same parameters along the
    /// true normals: between two samples whose tangents turn by Δ it strays about `s + h·Δ²/8`
    /// from its chord (`s` the centre line's sagitta). So for a stroke the centre line gets `tol/2`
    /// and a step whose tangents turn by more than `√(4·tol / h)` is cut into equal parts (at most
    /// 16, and none once the vertex budget is spent). Lines are one chord; zero-length elements
    /// and chords are dropped, a subpath left with only zero-length segments is a one-vertex
    /// polyline (a dot) and a lone move nothing. Open subpaths stay open (a fill closes them).
    /// Only `+ − × ÷` and `sqrt`: the same vertices on every machine.
    package func polylines(tolerance: Double, strokeHalfWidth: Double = 0) -> [Polyline] {
        let halfWidth = strokeHalfWidth > 0 && strokeHalfWidth.isFinite ? strokeHalfWidth : 0
        let tol = tolerance > 0 && tolerance.isFinite ? tolerance : 1.0 / 64
        let centreTolerance = halfWidth > 0 ? tol / 2 : tol
        // Pass 1: the curves' chord counts, scaled down together when they exceed the budget.
        var counts: [Int] = []
        var total = 0
        var current: Point?, start: Point?
        for element in elements {
            if let cubic = cubic(element, from: current) {
                let n = Self.chordCount(cubic, tolerance: centreTolerance)
                counts.append(n); total += n
            } else if case .line = element {
                total += 1
            }
            (current, start) = Self.advance(element, current: current, start: start)
        }
        let budget = Self.maximumFlattenedVertices
        if total > budget {
            let factor = Double(budget) / Double(total)
            counts = counts.map { Swift.max(1, Int(clamping: (Double($0) * factor).rounded(.down), to: 1...Self.maximumChordsPerCurve)) }
        }
        let turnLimitSquared = halfWidth > 0 ? 4 * tol / halfWidth : .infinity

        // Pass 2: the vertices.
        var builder = PolylineBuilder()
        var curveIndex = 0
        current = nil; start = nil
        for element in elements {
            if current == nil, element.kind != .move {
                // Nothing to draw from: as a move to the element's end (see `init(elements:)`).
                builder.finish(closed: false)
                (current, start) = Self.advance(element, current: current, start: start)
                if element.kind != .close { curveIndex += element.kind == .line ? 0 : 1 }
                continue
            }
            switch element {
            case .move:
                builder.finish(closed: false)
            case .line(let p):
                let from = current!
                if let direction = unit(Point(x: p.x - from.x, y: p.y - from.y)) {
                    builder.add([(from, direction), (p, direction)])
                } else {
                    builder.addZeroLength(at: from)
                }
            case .quadCurve, .curve:
                let (p0, p1, p2, p3) = cubic(element, from: current)!
                let n = counts[curveIndex]
                curveIndex += 1
                if p0 == p1, p1 == p2, p2 == p3 {
                    builder.addZeroLength(at: p0)
                    break
                }
                var samples: [(Point, Point)] = []
                samples.reserveCapacity(n + 1)
                var previousT = 0.0, previousTangent = Self.cubicTangent(p0, p1, p2, p3, 0)
                samples.append((p0, previousTangent))
                for k in 1...n {
                    let t = Double(k) / Double(n)
                    let tangent = Self.cubicTangent(p0, p1, p2, p3, t)
                    let turn =
                        (tangent.x - previousTangent.x) * (tangent.x - previousTangent.x) + (tangent.y - previousTangent.y)
                        * (tangent.y - previousTangent.y)
                    if turn > turnLimitSquared, builder.vertexCount + samples.count < budget {
                        // |t₁ − t₀| = 2 sin(Δ/2) ≈ Δ: parts of at most the allowed turn.
                        let parts = Int(clamping: (turn / turnLimitSquared).squareRoot().rounded(.up), to: 2...16)
                        for j in 1..<parts {
                            let s = previousT + (t - previousT) * Double(j) / Double(parts)
                            samples.append((Self.cubicPoint(p0, p1, p2, p3, s), Self.cubicTangent(p0, p1, p2, p3, s)))
                        }
                    }
                    // The end point exactly, not the polynomial's rounding of it.
                    samples.append((k == n ? p3 : Self.cubicPoint(p0, p1, p2, p3, t), tangent))
                    previousT = t; previousTangent = tangent
                }
                builder.add(samples)
            case .close:
                if let from = current, let to = start, let direction = unit(Point(x: to.x - from.x, y: to.y - from.y)) {
                    builder.add([(from, direction), (to, direction)])
                }
                builder.finish(closed: true)
            }
            (current, start) = Self.advance(element, current: current, start: start)
        }
        builder.finish(closed: false)
        return builder.polylines
    }

    /// The current point and subpath start after `element`.
    private static func advance(_ element: Element, current: Point?, start: Point?) -> (Point?, Point?) {
        switch element {
        case .move(let p): return (p, p)
        case .close: return (start, start)
        default:
            let end = element.points.last!
            return (end, current == nil ? end : start)
        }
    }

    /// The element as a cubic from `current` (a quadratic raised to degree 3: controls at
    /// p₀ + ⅔(c − p₀) and p₂ + ⅔(c − p₂)); nil for moves, lines and closes.
    private func cubic(_ element: Element, from current: Point?) -> (Point, Point, Point, Point)? {
        switch element {
        case .quadCurve(let p, let c):
            let from = current ?? p
            return (
                from, Point(x: from.x + 2 * (c.x - from.x) / 3, y: from.y + 2 * (c.y - from.y) / 3),
                Point(x: p.x + 2 * (c.x - p.x) / 3, y: p.y + 2 * (c.y - p.y) / 3), p
            )
        case .curve(let p, let c1, let c2):
            return (current ?? p, c1, c2, p)
        default:
            return nil
        }
    }

    /// Wang's bound for a cubic at `tolerance`, 1…`maximumChordsPerCurve`.
    static func chordCount(_ c: (Point, Point, Point, Point), tolerance: Double) -> Int {
        let (p0, p1, p2, p3) = c
        let d1 = length(Point(x: p0.x - 2 * p1.x + p2.x, y: p0.y - 2 * p1.y + p2.y))
        let d2 = length(Point(x: p1.x - 2 * p2.x + p3.x, y: p1.y - 2 * p2.y + p3.y))
        let bound = (0.75 * Swift.max(d1, d2) / tolerance).squareRoot()
        return bound.isFinite ? Int(clamping: bound.rounded(.up), to: 1...maximumChordsPerCurve) : 1
    }

    /// The cubic's unit tangent at `t`: B′(t) normalised; where B′ vanishes (a control point on
    /// an end point, or a cusp) the direction the curve leaves or arrives in (the next control
    /// point that differs), else +x.
    static func cubicTangent(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
        let u = 1 - t
        let a = u * u, b = 2 * u * t, c = t * t
        let derivative = Point(
            x: a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
            y: a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
        if let direction = unit(derivative) { return direction }
        let fallbacks = t < 0.5 ? [(p0, p2), (p0, p3)] : [(p1, p3), (p0, p3)]
        for (from, to) in fallbacks {
            if let direction = unit(Point(x: to.x - from.x, y: to.y - from.y)) { return direction }
        }
        return Point(x: 1, y: 0)
    }
}

/// Collects the vertices of one subpath at a time into polylines.
private struct PolylineBuilder {
    var polylines: [Polyline] = []
    var vertices: [Polyline.Vertex] = []
    /// A zero-length segment was added to the current subpath (it is a dot if nothing else is).
    var dot: Point?
    /// Vertices made so far, for the budget.
    var vertexCount = 0

    /// Appends an element's samples (point, unit tangent), the first on the current point.
    mutating func add(_ samples: [(Point, Point)]) {
        guard let (firstPoint, firstTangent) = samples.first else { return }
        if vertices.isEmpty {
            vertices.append(Polyline.Vertex(point: firstPoint, tangent: firstTangent))
        } else {
            // An element boundary: the stroke's join goes here.
            vertices[vertices.count - 1].tangentOut = firstTangent
            vertices[vertices.count - 1].isJoin = true
        }
        for (point, tangent) in samples.dropFirst() where point != vertices[vertices.count - 1].point {
            vertices.append(Polyline.Vertex(point: point, tangent: tangent))
        }
    }

    mutating func addZeroLength(at point: Point) {
        if vertices.isEmpty { dot = point }
    }

    /// Ends the current subpath (closed: joined end to start).
    mutating func finish(closed: Bool) {
        defer { vertices = []; dot = nil }
        if vertices.count >= 2 {
            if closed {
                if vertices[vertices.count - 1].point != vertices[0].point {
                    vertices.append(Polyline.Vertex(point: vertices[0].point, tangent: vertices[vertices.count - 1].tangentOut))
                }
                let last = vertices.count - 1
                vertices[0].tangentIn = vertices[last].tangentIn
                vertices[0].isJoin = true
                vertices[last].tangentOut = vertices[0].tangentOut
                vertices[last].isJoin = true
            } else {
                let last = vertices.count - 1
                vertices[last].tangentOut = vertices[last].tangentIn
                vertices[last].isJoin = false
            }
            vertexCount += vertices.count
            polylines.append(Polyline(vertices: vertices, isClosed: closed))
        } else if let point = vertices.first?.point ?? dot, !closed {
            vertexCount += 1
            polylines.append(Polyline(vertices: [Polyline.Vertex(point: point, tangent: Point(x: 1, y: 0))], isClosed: false))
        }
    }
}

/// `p` scaled to length 1, or nil for a zero or non-finite vector.
private func unit(_ p: Point) -> Point? {
    let length = length(p)
    return length > 0 && length.isFinite ? Point(x: p.x / length, y: p.y / length) : nil
}

/// The Euclidean length of a vector (`sqrt` is exactly rounded: the same everywhere).
private func length(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }

/// The distance between two points.
private func distance(_ p: Point, _ q: Point) -> Double { length(Point(x: q.x - p.x, y: q.y - p.y)) }
