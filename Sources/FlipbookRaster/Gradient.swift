public import FlipbookGeometry

/// A colour gradient as `CAGradientLayer` draws it.
///
/// `startPoint` and `endPoint` are in the unit coordinate space of the rect filled ((0, 0) its
/// top-left, (1, 1) its bottom-right, y down as on iOS) and are mapped onto the rect before the
/// gradient is computed, so a diagonal runs corner to corner and its lines of equal colour are
/// perpendicular to it in points. Between stops the colours are interpolated component by
/// component in straight (not premultiplied) sRGB: a fade from opaque white to `UIColor.clear`
/// (transparent *black*) passes through translucent grey on iOS, the well-known symptom of
/// unpremultiplied interpolation. Before the first stop and after the last the end colours
/// continue.
public struct Gradient: Hashable, Sendable {
    /// How the gradient parameter is measured (`CAGradientLayerType`).
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Along the line from `startPoint` (0) to `endPoint` (1).
        case axial
        /// Outward from `startPoint` (0) to the ellipse through `endPoint` (1), its radii the
        /// horizontal and vertical distances from `startPoint` to `endPoint`.
        case radial
        /// Around `startPoint`, clockwise on screen from the direction of `endPoint` (0) through
        /// a full turn (1).
        case conic
    }

    /// The colours of the stops, at least two (straight sRGB).
    public var colors: [StraightColor]
    /// Where each colour sits on the gradient, 0…1, ascending; nil = evenly spaced (0, 1/(n−1), …, 1).
    public var locations: [Double]?
    /// The start, in the rect's unit coordinates (default (0.5, 0): the top edge's middle).
    public var startPoint: Point
    /// The end, in the rect's unit coordinates (default (0.5, 1): the bottom edge's middle).
    public var endPoint: Point
    /// Axial (the default), radial or conic.
    public var kind: Kind

    /// Creates a gradient; the defaults are `CAGradientLayer`'s.
    public init(
        colors: [StraightColor], locations: [Double]? = nil, startPoint: Point = Point(x: 0.5, y: 0),
        endPoint: Point = Point(x: 0.5, y: 1), kind: Kind = .axial
    ) {
        self.colors = colors; self.locations = locations; self.startPoint = startPoint; self.endPoint = endPoint; self.kind = kind
    }

    /// The stops' locations: `locations`, or evenly spaced.
    package var stopLocations: [Double] {
        if let locations, locations.count == colors.count { return locations }
        guard colors.count > 1 else { return colors.map { _ in 0 } }
        return colors.indices.map { Double($0) / Double(colors.count - 1) }
    }

    /// The colour at gradient parameter `t`: the straight components of the two stops around it
    /// interpolated linearly (the end colours outside the stops). Costs O(stops); to colour
    /// many points build a `StopLookup` once.
    public func color(at t: Double) -> StraightColor {
        StopLookup(self).color(at: t)
    }

    /// The gradient parameter at `point` (points from the rect's top-left) in a rect of `size`.
    public func parameter(at point: Point, size: Size) -> Double {
        let s = Point(x: startPoint.x * size.width, y: startPoint.y * size.height)
        let e = Point(x: endPoint.x * size.width, y: endPoint.y * size.height)
        let dx = point.x - s.x, dy = point.y - s.y
        switch kind {
        case .axial:
            let ex = e.x - s.x, ey = e.y - s.y
            let length = ex * ex + ey * ey
            return length > 0 ? (dx * ex + dy * ey) / length : 0
        case .radial:
            let rx = abs(e.x - s.x), ry = abs(e.y - s.y)
            if rx > 0 && ry > 0 { return ((dx / rx) * (dx / rx) + (dy / ry) * (dy / ry)).squareRoot() }
            if rx > 0 { return abs(dx) / rx }
            if ry > 0 { return abs(dy) / ry }
            return 0
        case .conic:
            let angle = Gradient.angle(x: dx, y: dy) - Gradient.angle(x: e.x - s.x, y: e.y - s.y)
            let turn = angle / (2 * Double.pi)
            return turn < 0 ? turn + 1 : turn
        }
    }

    /// atan2(y, x) in 0…2π (0 along +x, growing toward +y, i.e. clockwise on screen), from
    /// `+ − × ÷` and `squareRoot()` only (no libm, so the same on every machine): the argument
    /// is reduced to |z| ≤ tan(π/16) by two half-angle steps, then the odd Taylor series runs
    /// to a 1e-16 remainder.
    static func angle(x: Double, y: Double) -> Double {
        guard x != 0 || y != 0, x.isFinite, y.isFinite else { return 0 }
        let ax = abs(x), ay = abs(y)
        // atan of the smaller over the larger ratio, then the octant.
        let swap = ay > ax
        var z = swap ? ax / ay : ay / ax
        z = z / (1 + (1 + z * z).squareRoot())
        z = z / (1 + (1 + z * z).squareRoot())
        var term = z, sum = z, k = 1.0
        let z2 = z * z
        repeat {
            term *= -z2
            k += 2
            sum += term / k
        } while abs(term / k) > 1e-17
        var a = 4 * sum
        if swap { a = Double.pi / 2 - a }
        if x < 0 { a = Double.pi - a }
        if y < 0 { a = 2 * Double.pi - a }
        return a == 2 * Double.pi ? 0 : a
    }
}

/// A gradient's stops prepared for colouring many points: O(stops) to build, then about O(1)
/// per point (O(log stops) at worst), where scanning the stops costs O(stops) per point — a
/// 100 000-stop gradient over a full @3x screen took minutes that way.
///
/// The colour is exactly `Gradient.color(at:)`'s definition: the first stop `i ≥ 1` whose
/// location is above `t` and the one before it, interpolated. That stop is found on the running
/// maximum of the locations (the first `i` where it exceeds `t` is the first stop above `t`,
/// also when locations go down), through a table of buckets over the locations' range holding
/// the first candidate of each, then a binary search between two buckets' candidates.
package struct StopLookup: Sendable {
    /// The stops' colours and locations (`Gradient.stopLocations`).
    let colors: [StraightColor], locations: [Double]
    /// `runningMaximum[i]` = the largest of `locations[1...i]` (NaN skipped; −∞ at 0).
    let runningMaximum: [Double]
    /// The buckets' range and, per bucket `b` (of `bucketStarts.count − 1`), the first `i ≥ 1`
    /// with `runningMaximum[i] > low + b·width` (`colors.count` when none); one more entry ends it.
    let low: Double, bucketWidth: Double
    let bucketStarts: [Int]

    /// Prepares `gradient`'s stops: O(stops).
    package init(_ gradient: Gradient) {
        colors = gradient.colors
        locations = gradient.stopLocations
        var maximum = [Double](repeating: -.infinity, count: colors.count)
        for i in maximum.indices.dropFirst() { maximum[i] = locations[i] > maximum[i - 1] ? locations[i] : maximum[i - 1] }
        runningMaximum = maximum
        let finite = maximum.dropFirst().filter(\.isFinite)
        let low = finite.min() ?? 0, high = finite.max() ?? 0
        // As many buckets as stops (at most), so evenly spread stops take one step each.
        let count = max(1, min(colors.count, 1 << 20))
        let width = high > low ? (high - low) / Double(count) : 0
        var starts = [Int](repeating: colors.count, count: count + 1)
        var i = 1
        for b in 0..<count {
            let start = low + Double(b) * width
            while i < colors.count && !(maximum[i] > start) { i += 1 }
            starts[b] = i
        }
        self.low = low
        bucketWidth = width
        bucketStarts = starts
    }

    /// The colour at gradient parameter `t`, exactly as `Gradient.color(at:)` defines it.
    package func color(at t: Double) -> StraightColor {
        guard let first = colors.first, let last = colors.last else { return .clear }
        guard t.isFinite, t > locations[0] else { return first }
        let index = firstStop(above: t).index
        guard index < colors.count else { return last }
        let span = locations[index] - locations[index - 1]
        guard span > 0 else { return colors[index] }
        let f = (t - locations[index - 1]) / span
        let a = colors[index - 1], b = colors[index]
        return StraightColor(
            red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
            blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
    }

    /// The first `i ≥ 1` whose location is above `t` (`colors.count` when none), and how many
    /// running maxima were compared to find it (the cost, which tests bound).
    package func firstStop(above t: Double) -> (index: Int, probes: Int) {
        var lower = 1, upper = colors.count // the answer lies in lower...upper
        var probes = 0
        if bucketWidth > 0 {
            let position = (t - low) / bucketWidth
            let bucket = position < 0 ? 0 : position >= Double(bucketStarts.count - 1) ? bucketStarts.count - 2 : Int(position)
            // The table's candidates bound the answer when rounding put `t` in the right bucket;
            // each bound is checked, and the whole range kept when one does not hold.
            let from = bucketStarts[bucket], to = bucketStarts[bucket + 1]
            probes += 2
            if from <= 1 || !(runningMaximum[from - 1] > t) { lower = max(lower, from) }
            if to < colors.count, runningMaximum[to] > t { upper = to }
        }
        while lower < upper {
            let middle = (lower + upper) / 2
            probes += 1
            if runningMaximum[middle] > t { upper = middle } else { lower = middle + 1 }
        }
        return (lower, probes)
    }
}

extension Canvas {
    /// Fills the rounded rect `rect` (a layer's points, `cornerRadius` in them) mapped by
    /// `transform` (layer points → canvas points) with `gradient`, multiplied by `opacity`,
    /// inside `clip`. Each pixel takes the gradient's colour at its centre, mapped back into
    /// the layer, and the rounded rect's exact area coverage.
    package mutating func fill(
        _ gradient: Gradient, in rect: Rect, cornerRadius: Double, transform: Transform2D,
        opacity: Double = 1, clip: Clip? = nil
    ) {
        guard gradient.colors.count >= 2, !rect.isEmpty, hasFiniteEntries(transform),
            let inverse = transform.inverted()
        else { return }
        let outline = roundedRectOutline(rect, cornerRadius: cornerRadius, transform: transform, tolerance: 1.0 / 64)
        let pixelsPerPoint = scale
        let polygons = [outline.map { Point(x: $0.x * pixelsPerPoint, y: $0.y * pixelsPerPoint) }]
        let size = rect.size
        let stops = StopLookup(gradient)
        forEachPolygonSegment(polygons, clip: clip, opacity: PixelMath.weight(opacity)) { segment in
            let weights = segment.weights!
            let y = (Double(segment.y) + 0.5) / pixelsPerPoint
            for i in 0..<segment.count {
                let w = UInt32(weights[i])
                guard w > 0 else { continue }
                let layerPoint = inverse.apply(to: Point(x: (Double(segment.x + i) + 0.5) / pixelsPerPoint, y: y))
                let local = Point(x: layerPoint.x - rect.minX, y: layerPoint.y - rect.minY)
                let color = stops.color(at: gradient.parameter(at: local, size: size)).premultipliedPixel.packed
                let s = PixelMath.scale(color, by: w)
                if s != 0 { segment.destination[i] = PixelMath.sourceOver(s, segment.destination[i]) }
            }
        }
    }
}
