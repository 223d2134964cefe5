/// A vector path as Core Graphics holds one (`CGPath`): a list of elements — moves, lines,
/// quadratic and cubic Bézier curves, closes — in points (y down, as in UIKit).
///
/// The builders append the elements `CGMutablePath` and `UIBezierPath` append for the same call
/// (arcs as cubic pieces of at most 90°, ellipses as four cubics), so two paths built the same
/// way have the same structure, which is what Core Animation needs to interpolate one into the
/// other (`hasSameStructure(as:)`, `interpolated(to:fraction:)`). Nothing here draws: a path is
/// flattened into polylines (`polylines(transform:tolerance:…)`) and filled or stroked by the
/// raster.
package struct BezierPath: Hashable, Sendable {
    /// One element, with its points in the path's coordinates (points).
    package enum Element: Hashable, Sendable {
        /// Starts a new subpath at the point.
        case move(to: Point)
        /// A straight line from the current point.
        case line(to: Point)
        /// A quadratic Bézier curve from the current point.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier curve from the current point.
        case curve(to: Point, control1: Point, control2: Point)
        /// Closes the subpath with a straight line back to its first point.
        case close

        /// The element's kind, without its points (what interpolation compares).
        package var kind: Kind {
            switch self {
            case .move: .move
            case .line: .line
            case .quadCurve: .quadCurve
            case .curve: .curve
            case .close: .close
            }
        }

        /// The element's points, the end point last (none for `close`).
        package var points: [Point] {
            switch self {
            case .move(let p), .line(let p): [p]
            case .quadCurve(let p, let c): [c, p]
            case .curve(let p, let c1, let c2): [c1, c2, p]
            case .close: []
            }
        }

        /// The element with every point replaced by `map` of it.
        package func mapping(_ map: (Point) -> Point) -> Element {
            switch self {
            case .move(let p): .move(to: map(p))
            case .line(let p): .line(to: map(p))
            case .quadCurve(let p, let c): .quadCurve(to: map(p), control: map(c))
            case .curve(let p, let c1, let c2): .curve(to: map(p), control1: map(c1), control2: map(c2))
            case .close: .close
            }
        }
    }

    /// The kind of an element (`CGPathElementType`).
    package enum Kind: Hashable, Sendable { case move, line, quadCurve, curve, close }

    /// The elements in order.
    package private(set) var elements: [Element] = []
    /// The first point of the current subpath (where `close` returns to).
    private var subpathStart: Point?

    /// An empty path.
    package init() {}

    /// A path of these elements, as written (a line or curve with no current point is kept, and
    /// drawn as a move to its end point; `init(validating:)` refuses it instead).
    package init(elements: [Element]) {
        for element in elements { append(element) }
    }

    /// The most elements a path read from a file or recorded from app code may have (100 000;
    /// `init(validating:)` refuses more). Flattening and stroking stay bounded for any count
    /// (docs/LIMITS.md), but their cost grows with it: past the vertex budgets about 10 outline
    /// vertices per element. A hand-drawn icon has tens; an exported vector illustration a few
    /// thousand.
    package static let maximumElementCount = 100_000

    /// A path of `elements` as a reader takes them from untrusted input: at most
    /// `maximumElementCount`, every coordinate finite, and a move before the first line, curve or
    /// close (where Core Graphics would ignore it with a logged error, a file is told).
    package init(validating elements: [Element]) throws(BezierPathError) {
        guard elements.count <= Self.maximumElementCount else { throw .tooManyElements(count: elements.count) }
        for (index, element) in elements.enumerated() {
            guard element.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { throw .notFinite(element: index) }
            if currentPoint == nil, element.kind != .move { throw .noCurrentPoint(element: index) }
            append(element)
        }
    }

    /// True when the path has no elements.
    package var isEmpty: Bool { elements.isEmpty }

    /// The point the next element starts from: the end of the last element, the subpath's first
    /// point after a `close`, nil for an empty path.
    package private(set) var currentPoint: Point?

    private mutating func append(_ element: Element) {
        elements.append(element)
        switch element {
        case .move(let p): subpathStart = p; currentPoint = p
        case .line(let p), .quadCurve(let p, _), .curve(let p, _, _):
            if subpathStart == nil { subpathStart = p }
            currentPoint = p
        case .close: currentPoint = subpathStart
        }
    }

    // MARK: Elements

    /// Starts a new subpath at `point` (`move(to:)`).
    package mutating func move(to point: Point) { append(.move(to: point)) }

    /// A straight line to `point` (`addLine(to:)`). Without a current point Core Graphics
    /// ignores it (and logs an error); so does this.
    package mutating func addLine(to point: Point) {
        guard currentPoint != nil else { return }
        append(.line(to: point))
    }

    /// A quadratic Bézier curve to `point` (`addQuadCurve(to:control:)`); ignored without a current point.
    package mutating func addQuadCurve(to point: Point, control: Point) {
        guard currentPoint != nil else { return }
        append(.quadCurve(to: point, control: control))
    }

    /// A cubic Bézier curve to `point` (`addCurve(to:control1:control2:)`); ignored without a current point.
    package mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        guard currentPoint != nil else { return }
        append(.curve(to: point, control1: control1, control2: control2))
    }

    /// Closes the current subpath (`closeSubpath()`); ignored without a current point. The
    /// current point becomes the subpath's first point, as in Core Graphics, so a line added
    /// next starts a new subpath there.
    package mutating func closeSubpath() {
        guard currentPoint != nil else { return }
        append(.close)
    }

    /// A move to the first point and lines through the others (`addLines(between:)`).
    package mutating func addLines(between points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// A closed rectangle (`addRect(_:)`, `CGPath(rect:transform:)`, `UIBezierPath(rect:)`): a move
    /// to the top-left corner and lines clockwise on screen, then a close — Core Graphics' order
    /// ("from the bottom-left corner, counter-clockwise" in its y-up space is the same numbers).
    package mutating func addRect(_ rect: Rect) {
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    /// The constant of the cubic closest to a quarter circle: control points at
    /// 4/3·(√2 − 1) ≈ 0.5523 radii along the tangents (the usual four-cubic circle, 4/3·tan(90°/4)).
    package static let quarterCircleControl = 4.0 / 3 * (2.0.squareRoot() - 1)

    /// A closed ellipse inscribed in `rect` (`addEllipse(in:)`, `CGPath(ellipseIn:transform:)`,
    /// `UIBezierPath(ovalIn:)`): a move to the middle of the right edge, four cubics through the
    /// bottom, left and top middles (clockwise on screen: a `strokeEnd` animation of it starts at
    /// 3 o'clock and runs clockwise, as on iOS) and a close.
    package mutating func addEllipse(in rect: Rect) {
        let k = Self.quarterCircleControl
        let rx = rect.width / 2, ry = rect.height / 2, cx = rect.midX, cy = rect.midY
        move(to: Point(x: cx + rx, y: cy))
        addCurve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + k * ry), control2: Point(x: cx + k * rx, y: cy + ry))
        addCurve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - k * rx, y: cy + ry), control2: Point(x: cx - rx, y: cy + k * ry))
        addCurve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - k * ry), control2: Point(x: cx - k * rx, y: cy - ry))
        addCurve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + k * rx, y: cy - ry), control2: Point(x: cx + rx, y: cy - k * ry))
        closeSubpath()
    }

    /// A closed rounded rectangle with elliptical corners `cornerWidth` × `cornerHeight`
    /// (`CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`): a move to where the top edge
    /// leaves the top-left corner, then per corner clockwise on screen a line and a cubic (the
    /// quarter-ellipse cubic), then a close. Core Graphics traps on corners wider than half the
    /// rect; here they are limited to half of it. A corner size of 0 gives the plain rect.
    package mutating func addRoundedRect(_ rect: Rect, cornerWidth: Double, cornerHeight: Double) {
        let w = Swift.min(Swift.max(0, cornerWidth.isNaN ? 0 : cornerWidth), Swift.max(0, rect.width) / 2)
        let h = Swift.min(Swift.max(0, cornerHeight.isNaN ? 0 : cornerHeight), Swift.max(0, rect.height) / 2)
        guard w > 0, h > 0 else { return addRect(rect) }
        let k = Self.quarterCircleControl
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        move(to: Point(x: x0 + w, y: y0))
        addLine(to: Point(x: x1 - w, y: y0))
        addCurve(to: Point(x: x1, y: y0 + h), control1: Point(x: x1 - w + k * w, y: y0), control2: Point(x: x1, y: y0 + h - k * h))
        addLine(to: Point(x: x1, y: y1 - h))
        addCurve(to: Point(x: x1 - w, y: y1), control1: Point(x: x1, y: y1 - h + k * h), control2: Point(x: x1 - w + k * w, y: y1))
        addLine(to: Point(x: x0 + w, y: y1))
        addCurve(to: Point(x: x0, y: y1 - h), control1: Point(x: x0 + w - k * w, y: y1), control2: Point(x: x0, y: y1 - h + k * h))
        addLine(to: Point(x: x0, y: y0 + h))
        addCurve(to: Point(x: x0 + w, y: y0), control1: Point(x: x0, y: y0 + h - k * h), control2: Point(x: x0 + w - k * w, y: y0))
        closeSubpath()
    }

    /// Every element of `other`, each point mapped by `transform` (`addPath(_:transform:)`).
    package mutating func addPath(_ other: BezierPath, transform: Transform2D = .identity) {
        for element in other.elements { append(element.mapping(transform.apply(to:))) }
    }

    // MARK: Arcs

    /// An arc of the circle of `radius` about `center` from `startRadians` to `endRadians`,
    /// preceded by a line from the current point to the arc's start (or a move there when the
    /// path has no current point).
    ///
    /// Angles are screen angles: 0 along +x, growing toward +y (down), so growing angles run
    /// clockwise on screen. `clockwiseOnScreen` is `UIBezierPath(arcCenter:…clockwise:)`'s
    /// `clockwise`; `CGMutablePath.addArc(…clockwise:)` in a UIKit (flipped) space means the
    /// opposite, so its callers pass `!clockwise`. The sweep runs from the start angle in that
    /// direction to the end angle, less whole turns; a difference of a whole turn or more in that
    /// direction is one full circle, a whole turn the other way nothing (as `UIBezierPath` with
    /// `clockwise: false` from 0 to 2π). The arc is cut into the fewest equal pieces of at most
    /// 90° (a full circle: four), each one cubic with its controls 4/3·tan(piece/4)·r along the
    /// tangents. A negative or NaN radius is 0.
    package mutating func addArc(center: Point, radius: Double, startRadians: Double, endRadians: Double, clockwiseOnScreen: Bool) {
        let turn = 2 * Double.pi
        let difference = clockwiseOnScreen ? endRadians - startRadians : startRadians - endRadians
        var sweep: Double
        if !difference.isFinite || !startRadians.isFinite {
            sweep = 0
        } else if difference >= turn {
            sweep = turn
        } else {
            // truncatingRemainder is exact (IEEE remainder of the operands).
            sweep = difference.truncatingRemainder(dividingBy: turn)
            if sweep < 0 { sweep += turn }
        }
        // The arc ends on the end angle's own point (on the start's after a whole turn).
        addArc(
            center: center, radius: radius, startRadians: startRadians, sweepRadians: clockwiseOnScreen ? sweep : -sweep,
            end: Self.direction(atRadians: sweep == turn ? startRadians : endRadians))
    }

    /// An arc of `sweepRadians` from `startRadians` (`addRelativeArc(center:radius:startAngle:delta:)`):
    /// positive sweeps run clockwise on screen, as `addArc`'s angles do. The sweep is limited to
    /// one turn either way (more would retrace the circle).
    package mutating func addRelativeArc(center: Point, radius: Double, startRadians: Double, deltaRadians: Double) {
        let turn = 2 * Double.pi
        let sweep = deltaRadians.isFinite && startRadians.isFinite ? Swift.min(Swift.max(deltaRadians, -turn), turn) : 0
        addArc(
            center: center, radius: radius, startRadians: startRadians, sweepRadians: sweep,
            end: Self.direction(atRadians: Swift.abs(sweep) == turn ? startRadians : startRadians + sweep))
    }

    /// The arc of `sweep` from `start`, its last piece ending on the unit vector `end`.
    private mutating func addArc(center: Point, radius r: Double, startRadians start: Double, sweepRadians sweep: Double, end: Point) {
        let radius = r > 0 && r.isFinite ? r : 0
        let first = Self.direction(atRadians: start)
        let startPoint = Point(x: center.x + radius * first.x, y: center.y + radius * first.y)
        if currentPoint == nil { move(to: startPoint) } else if currentPoint != startPoint { addLine(to: startPoint) }
        // ε: a sweep of exactly 90° computed as a difference of angles may land an ulp above it.
        let pieces = Int(clamping: (Swift.abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up), to: 0...4)
        guard pieces > 0, radius > 0 else { return }
        let piece = sweep / Double(pieces)
        let k = 4.0 / 3 * DeterministicMath.sin(piece / 4) / DeterministicMath.cos(piece / 4)
        var from = first
        for index in 1...pieces {
            let to = index == pieces ? end : Self.direction(atRadians: start + piece * Double(index))
            addArcPiece(center: center, radius: radius, from: from, to: to, control: k)
            from = to
        }
    }

    /// One cubic of an arc from the radial unit vector `from` to `to` about `center`, with the
    /// controls `control`·radius along the tangents (signed: positive runs clockwise on screen).
    private mutating func addArcPiece(center: Point, radius: Double, from: Point, to: Point, control k: Double) {
        let a = Point(x: center.x + radius * from.x, y: center.y + radius * from.y)
        let b = Point(x: center.x + radius * to.x, y: center.y + radius * to.y)
        // d/dθ (cos θ, sin θ) = (−sin θ, cos θ): the tangent of growing screen angles.
        addCurve(
            to: b, control1: Point(x: a.x - k * radius * from.y, y: a.y + k * radius * from.x),
            control2: Point(x: b.x + k * radius * to.y, y: b.y - k * radius * to.x))
    }

    /// An arc of `radius` tangent to the line from the current point to `tangent1End` and to the
    /// line from there to `tangent2End` (`addArc(tangent1End:tangent2End:radius:)`): a line to
    /// the first tangent point, then the arc (one cubic, or two when it turns more than 90°) to
    /// the second; the current point ends there. When the lines are parallel, a point coincides
    /// with the corner, or the radius is not positive, it is a line to `tangent1End`, as in Core
    /// Graphics. Ignored without a current point. Only `+ − × ÷` and `sqrt`: the turn's half and
    /// quarter angles come from the corner's cosine by the half-angle formulas.
    package mutating func addArc(tangent1End corner: Point, tangent2End: Point, radius: Double) {
        guard let start = currentPoint else { return }
        func unit(_ dx: Double, _ dy: Double) -> Point? {
            let length = (dx * dx + dy * dy).squareRoot()
            return length > 0 && length.isFinite ? Point(x: dx / length, y: dy / length) : nil
        }
        guard radius > 0, radius.isFinite, let u = unit(start.x - corner.x, start.y - corner.y),
            let v = unit(tangent2End.x - corner.x, tangent2End.y - corner.y)
        else { return addLine(to: corner) }
        // φ: the angle at the corner between the two rays; the arc turns by π − φ.
        let cosine = u.x * v.x + u.y * v.y, cross = u.x * v.y - u.y * v.x
        let sine = Swift.abs(cross)
        guard sine > 1e-12 else { return addLine(to: corner) }
        // Tangent points at r / tan(φ/2) = r (1 + cos φ) / sin φ from the corner; the centre on the
        // bisector at r / sin(φ/2), sin(φ/2) = √((1 − cos φ)/2).
        let along = radius * (1 + cosine) / sine
        let t1 = Point(x: corner.x + u.x * along, y: corner.y + u.y * along)
        let t2 = Point(x: corner.x + v.x * along, y: corner.y + v.y * along)
        guard let bisector = unit(u.x + v.x, u.y + v.y) else { return addLine(to: corner) }
        let reach = radius / ((1 - cosine) / 2).squareRoot()
        let center = Point(x: corner.x + bisector.x * reach, y: corner.y + bisector.y * reach)
        if currentPoint != t1 { addLine(to: t1) }
        // The turn θ = π − φ: cos θ = −cos φ, sin θ = sin φ; tan(θ/2) = sin θ / (1 + cos θ).
        // Travel turns clockwise on screen (growing angles) when (−u) × v > 0, i.e. u × v < 0.
        let sign: Double = cross < 0 ? 1 : -1
        let from = Point(x: (t1.x - center.x) / radius, y: (t1.y - center.y) / radius)
        let to = Point(x: (t2.x - center.x) / radius, y: (t2.y - center.y) / radius)
        let halfTan = sine / (1 - cosine)
        if cosine <= 0 {
            // θ ≤ 90°: one cubic, tan(θ/4) = tan(θ/2) / (1 + √(1 + tan²(θ/2))).
            let quarterTan = halfTan / (1 + (1 + halfTan * halfTan).squareRoot())
            addArcPiece(center: center, radius: radius, from: from, to: to, control: sign * 4 / 3 * quarterTan)
        } else {
            // Two cubics of θ/2 meeting on the bisector, at the point of the arc nearest the corner.
            let quarterTan = halfTan / (1 + (1 + halfTan * halfTan).squareRoot())
            let eighthTan = quarterTan / (1 + (1 + quarterTan * quarterTan).squareRoot())
            let middle = Point(x: -bisector.x, y: -bisector.y)
            addArcPiece(center: center, radius: radius, from: from, to: middle, control: sign * 4 / 3 * eighthTan)
            addArcPiece(center: center, radius: radius, from: middle, to: to, control: sign * 4 / 3 * eighthTan)
        }
    }

    /// The unit vector at a screen angle, exact at whole quarter turns (cos(π/2) is 6·10⁻¹⁷ in
    /// doubles, so an arc to π/2 would otherwise end 10⁻¹⁵ beside its exact point); other angles
    /// through `DeterministicMath`.
    package static func direction(atRadians angle: Double) -> Point {
        let quarters = angle / (Double.pi / 2)
        if quarters == quarters.rounded(), Swift.abs(quarters) < 0x1p52 {
            switch ((Int(quarters) % 4) + 4) % 4 {
            case 0: return Point(x: 1, y: 0)
            case 1: return Point(x: 0, y: 1)
            case 2: return Point(x: -1, y: 0)
            default: return Point(x: 0, y: -1)
            }
        }
        return Point(x: DeterministicMath.cos(angle), y: DeterministicMath.sin(angle))
    }

    // MARK: Whole-path operations

    /// Every point mapped by `transform` (Bézier curves are affine-invariant: the mapped curve is
    /// the curve of the mapped points).
    package func applying(_ transform: Transform2D) -> BezierPath {
        var path = BezierPath()
        path.addPath(self, transform: transform)
        return path
    }

    /// The element kinds in order: two paths with equal kinds interpolate point by point.
    package var kinds: [Kind] { elements.map(\.kind) }

    /// True when `other` has the same elements in the same order (kinds only; points may differ):
    /// Core Animation interpolates a `path` point by point only then.
    package func hasSameStructure(as other: BezierPath) -> Bool {
        elements.count == other.elements.count && zip(elements, other.elements).allSatisfy { $0.kind == $1.kind }
    }

    /// The path at `fraction` of the way from this one to `other` (0 = this, 1 = `other`; outside
    /// 0…1 extrapolates, as a spring's overshoot does): every point, control points too, blended
    /// linearly. Nil when the structures differ (Core Animation then shows one or the other).
    /// Apple documents the on-curve points as blended linearly and control points as possibly
    /// blended otherwise "to preserve continuity"; here they are blended linearly too.
    package func interpolated(to other: BezierPath, fraction t: Double) -> BezierPath? {
        guard hasSameStructure(as: other) else { return nil }
        func mix(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        return BezierPath(
            elements: zip(elements, other.elements).map { a, b in
                switch (a, b) {
                case (.move(let p), .move(let q)): .move(to: mix(p, q))
                case (.line(let p), .line(let q)): .line(to: mix(p, q))
                case (.quadCurve(let p, let c), .quadCurve(let q, let d)): .quadCurve(to: mix(p, q), control: mix(c, d))
                case (.curve(let p, let c1, let c2), .curve(let q, let d1, let d2)):
                    .curve(to: mix(p, q), control1: mix(c1, d1), control2: mix(c2, d2))
                default: .close
                }
            })
    }

    /// The smallest rect holding every point of every element, control points included
    /// (`CGPath.boundingBox`); nil for a path without points or with a non-finite one.
    package var controlPointBounds: Rect? {
        Self.box(of: elements.flatMap(\.points))
    }

    /// The smallest rect holding the path itself (`CGPath.boundingBoxOfPath`): the end points and
    /// each curve's extremes, where a coordinate's derivative is 0 (a linear equation per axis for
    /// a quadratic, a quadratic one for a cubic); control points only where the curve reaches
    /// them. Nil for a path without points or with a non-finite one.
    package var bounds: Rect? {
        var points: [Point] = []
        var current: Point?, start: Point?
        for element in elements {
            switch element {
            case .move(let p):
                start = p
            case .quadCurve(let p, let c):
                let from = current ?? p
                points += Self.quadraticExtremes(from, c, p).map { Self.quadraticPoint(from, c, p, $0) }
            case .curve(let p, let c1, let c2):
                let from = current ?? p
                points += Self.cubicExtremes(from, c1, c2, p).map { Self.cubicPoint(from, c1, c2, p, $0) }
            case .line, .close:
                break
            }
            if let end = element.points.last {
                points.append(end)
                if start == nil { start = end }
                current = end
            } else {
                current = start
            }
        }
        return Self.box(of: points)
    }

    private static func box(of points: [Point]) -> Rect? {
        guard !points.isEmpty else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            guard p.x.isFinite, p.y.isFinite else { return nil }
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x); minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The point of the cubic `p0 … p3` at `t` (Bernstein form).
    package static func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    private static func quadraticPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ t: Double) -> Point {
        let u = 1 - t
        return Point(x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x, y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y)
    }

    /// The parameters in (0, 1) where one of the quadratic's coordinates has a zero derivative:
    /// B'(t)/2 = (p1 − p0) + t·(p0 − 2p1 + p2).
    private static func quadraticExtremes(_ p0: Point, _ p1: Point, _ p2: Point) -> [Double] {
        [(p0.x, p1.x, p2.x), (p0.y, p1.y, p2.y)].compactMap { a, b, c in
            let denominator = a - 2 * b + c
            guard denominator != 0 else { return nil }
            let t = (a - b) / denominator
            return t > 0 && t < 1 ? t : nil
        }
    }

    /// The parameters in (0, 1) where one of the cubic's coordinates has a zero derivative:
    /// B'(t)/3 = A t² + B t + C with A = −p0 + 3p1 − 3p2 + p3, B = 2(p0 − 2p1 + p2), C = p1 − p0,
    /// solved per axis (the stable form of the quadratic formula).
    private static func cubicExtremes(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> [Double] {
        var roots: [Double] = []
        for (a0, a1, a2, a3) in [(p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)] {
            let a = -a0 + 3 * a1 - 3 * a2 + a3, b = 2 * (a0 - 2 * a1 + a2), c = a1 - a0
            if a == 0 {
                if b != 0 { roots.append(-c / b) }
                continue
            }
            let discriminant = b * b - 4 * a * c
            guard discriminant >= 0 else { continue }
            let q = -(b + (b < 0 ? -1 : 1) * discriminant.squareRoot()) / 2
            roots.append(q / a)
            if q != 0 { roots.append(c / q) }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}

/// Why `BezierPath(validating:)` refuses a list of elements. A reader words the field its own
/// way (`$.layers[2].path.elements[7]`) before `description`.
package enum BezierPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// More than `BezierPath.maximumElementCount` elements.
    case tooManyElements(count: Int)
    /// The element at this index (0-based) has a NaN or infinite coordinate.
    case notFinite(element: Int)
    /// The element at this index is a line, curve or close before any move.
    case noCurrentPoint(element: Int)

    /// What is wrong, without the field's name.
    package var description: String {
        switch self {
        case let .tooManyElements(count):
            "has \(count) elements, more than the \(BezierPath.maximumElementCount) a path may have"
        case let .notFinite(element):
            "element \(element) has a coordinate that is not a finite number"
        case let .noCurrentPoint(element):
            "element \(element) draws from no point: a path starts with a move"
        }
    }
}
