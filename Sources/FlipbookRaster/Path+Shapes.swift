package import FlipbookGeometry

/// Curves, arcs, rounded rects and stroke outlines, flattened into the polygon contours `Path`
/// holds. Everything is in points; curves are split into chords that stay within
/// `Path.flatteningTolerancePoints` of the true curve, with vertices computed from `+ − × ÷`,
/// `sqrt` and `DeterministicMath` only, so a path is the same on every machine.
extension Path {
    /// How far a chord may stray from the curve it replaces: 1/64 point, i.e. 1/16 device pixel
    /// up to scale 4 (the tolerance of `Path(roundedRect:cornerRadius:transform:)`).
    package static let flatteningTolerancePoints = 1.0 / 64

    /// The last vertex added (the end of the last contour); nil for an empty path.
    package var currentPoint: Point? { contours.last?.last }

    /// Adds a cubic Bézier curve from the current point to `end`, flattened into chords.
    ///
    /// The chord count is Wang's bound `n = ⌈√(¾ · max‖p₀ − 2p₁ + p₂‖, ‖p₁ − 2p₂ + p₃‖ / tol)⌉`
    /// (at least 1, at most 1024), which keeps every chord within the tolerance of the curve.
    /// - Precondition: the path has a current point (call `move(to:)` first).
    package mutating func curve(to end: Point, control1: Point, control2: Point) {
        guard let start = currentPoint else { preconditionFailure("Path.curve(to:) needs a current point: call move(to:) first") }
        let d1 = distance(Point(x: start.x - 2 * control1.x + control2.x, y: start.y - 2 * control1.y + control2.y), .zero)
        let d2 = distance(Point(x: control1.x - 2 * control2.x + end.x, y: control1.y - 2 * control2.y + end.y), .zero)
        let bound = (0.75 * max(d1, d2) / Self.flatteningTolerancePoints).squareRoot()
        let chords = bound.isFinite ? Int(clamping: bound.rounded(.up), to: 1...1024) : 1
        for k in 1..<chords {
            let t = Double(k) / Double(chords), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            line(
                to: Point(
                    x: a * start.x + b * control1.x + c * control2.x + d * end.x,
                    y: a * start.y + b * control1.y + c * control2.y + d * end.y))
        }
        line(to: end)
    }

    /// Adds an arc of the circle of `radius` about `center` from angle `startRadians` to
    /// `endRadians`, joined to the current point by a straight edge (or starting a contour).
    ///
    /// Angles follow the screen: 0 points right (+x) and angles grow toward +y (down), i.e.
    /// clockwise on screen; `end < start` runs counter-clockwise. The arc is split into `n`
    /// equal angles, `n = ⌈|Δθ| · √(r / (8 · tol))⌉` (a chord's sagitta `r·Δ²/8` within the
    /// tolerance; at most 4096), vertex cosines and sines from `DeterministicMath`.
    package mutating func arc(center: Point, radius: Double, startRadians: Double, endRadians: Double) {
        let sweep = endRadians - startRadians
        let bound = abs(sweep) * (max(0, radius) / (8 * Self.flatteningTolerancePoints)).squareRoot()
        let chords = bound.isFinite ? Int(clamping: bound.rounded(.up), to: 1...4096) : 1
        for k in 0...chords {
            let angle = startRadians + sweep * Double(k) / Double(chords)
            line(to: Point(x: center.x + radius * DeterministicMath.cos(angle), y: center.y + radius * DeterministicMath.sin(angle)))
        }
    }

    /// Adds a closed ring sector: the band between `innerRadius` and `outerRadius` about
    /// `center`, from `startRadians` to `endRadians` (screen angles, as `arc`), its ends cut
    /// along the radii. An inner radius ≤ 0 gives a pie slice. Wound clockwise on screen when
    /// `endRadians > startRadians`.
    package mutating func addRingSector(
        center: Point, innerRadius: Double, outerRadius: Double,
        startRadians: Double, endRadians: Double
    ) {
        move(
            to: Point(
                x: center.x + outerRadius * DeterministicMath.cos(startRadians),
                y: center.y + outerRadius * DeterministicMath.sin(startRadians)))
        arc(center: center, radius: outerRadius, startRadians: startRadians, endRadians: endRadians)
        if innerRadius > 0 {
            arc(center: center, radius: innerRadius, startRadians: endRadians, endRadians: startRadians)
        } else {
            line(to: center)
        }
        close()
    }

    /// Adds a closed rounded rect (`rect` in points, radius limited to half the shorter side),
    /// clockwise on screen, or counter-clockwise with `clockwise: false` — inside a clockwise
    /// contour that cuts a hole under the non-zero rule (a battery's outline).
    package mutating func addRoundedRect(_ rect: Rect, cornerRadius: Double, clockwise: Bool = true) {
        let outline = roundedRectOutline(rect, cornerRadius: cornerRadius, transform: .identity, tolerance: Self.flatteningTolerancePoints)
        append(contour: clockwise ? outline : outline.reversed())
    }

    /// Adds every contour of `other`, after this path's.
    package mutating func append(_ other: Path) {
        for contour in other.contours { append(contour: contour) }
    }

    /// The outline of the open polyline `points` stroked `width` points wide: one quad per
    /// segment, a disc at every interior vertex (round joins) and, with `roundCaps`, at both
    /// ends (else butt caps). The pieces overlap and are all wound clockwise, so the non-zero
    /// rule fills their union. Discs have `n = ⌈π·√(r / (2·tol))⌉` chords (8…512). Fewer than
    /// two points, or a width that is not positive and finite, give an empty path.
    package init(stroking points: [Point], width: Double, roundCaps: Bool) {
        self.init()
        let half = width / 2
        guard half > 0, half.isFinite, points.count >= 2 else { return }
        let segments = Int(clamping: (Double.pi * (half / (2 * Self.flatteningTolerancePoints)).squareRoot()).rounded(.up), to: 8...512)
        for polygon in strokePolygons(points, halfWidth: half, discSegments: segments, roundCaps: roundCaps) { append(contour: polygon) }
    }

    /// Appends one closed contour (nothing for an empty list).
    private mutating func append(contour: [Point]) {
        guard let first = contour.first else { return }
        move(to: first)
        for point in contour.dropFirst() { line(to: point) }
        close()
    }
}

/// Euclidean distance (`sqrt` is exactly rounded, so the same everywhere).
private func distance(_ p: Point, _ q: Point) -> Double {
    ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
}

/// The pieces of a stroked polyline (any unit): per segment a quad `halfWidth` either side,
/// a disc of `discSegments` chords at every interior vertex and, with `roundCaps`, at the two
/// ends; every piece wound clockwise (positive `signedArea`) so their coverage adds up (then
/// clamps) instead of cancelling. Zero-length segments are skipped.
func strokePolygons(_ points: [Point], halfWidth half: Double, discSegments: Int, roundCaps: Bool) -> [[Point]] {
    let circle = unitCircle(segments: discSegments)
    func disc(_ p: Point) -> [Point] { circle.map { Point(x: p.x + half * $0.x, y: p.y + half * $0.y) } }
    var polygons: [[Point]] = []
    if roundCaps { polygons.append(disc(points[0])) }
    for i in 0..<(points.count - 1) {
        let p = points[i], q = points[i + 1]
        let dx = q.x - p.x, dy = q.y - p.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { continue }
        let nx = -dy / length * half, ny = dx / length * half
        polygons.append([
            Point(x: p.x + nx, y: p.y + ny), Point(x: q.x + nx, y: q.y + ny),
            Point(x: q.x - nx, y: q.y - ny), Point(x: p.x - nx, y: p.y - ny)
        ])
        if i > 0 { polygons.append(disc(p)) }
    }
    if roundCaps { polygons.append(disc(points[points.count - 1])) }
    return polygons.map { signedArea($0) < 0 ? $0.reversed() : $0 }
}

/// `segments` points on the unit circle, by repeated rotation through the angle 2π/segments
/// (its cosine and sine from `DeterministicMath`, so the same on every machine).
func unitCircle(segments: Int) -> [Point] {
    let step = 2 * Double.pi / Double(segments)
    let cosine = DeterministicMath.cos(step), sine = DeterministicMath.sin(step)
    var points: [Point] = []
    var x = 1.0, y = 0.0
    for _ in 0..<segments {
        points.append(Point(x: x, y: y))
        (x, y) = (x * cosine - y * sine, x * sine + y * cosine)
    }
    return points
}

/// Twice the signed area of a polygon (positive when clockwise in y-down coordinates).
func signedArea(_ polygon: [Point]) -> Double {
    var sum = 0.0
    for i in 0..<polygon.count {
        let p = polygon[i], q = polygon[(i + 1) % polygon.count]
        sum += p.x * q.y - q.x * p.y
    }
    return sum
}
