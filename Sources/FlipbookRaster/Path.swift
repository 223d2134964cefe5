package import FlipbookGeometry

/// Which points a path's contours enclose (`CAShapeLayerFillRule`, `CGPathFillRule`).
package enum FillRule: String, Hashable, Sendable, CaseIterable {
    /// Inside where the contours wind round the point a non-zero number of times (the default
    /// of Core Graphics and `CAShapeLayer`): overlapping contours of the same direction stay
    /// filled, a contour wound the other way inside another cuts a hole.
    case nonZero
    /// Inside where a ray from the point crosses the contours an odd number of times: every
    /// overlap of two contours is a hole, whatever their directions (a star's centre).
    case evenOdd
}

/// A set of closed polygons (contours) in points, filled by `fillRule` (non-zero unless set).
///
/// Built with `move(to:)`, `line(to:)` and `close()`; every contour is implicitly closed.
package struct Path: Sendable, Hashable {
    /// The contours, each a list of vertices in points (the closing edge is implied).
    package private(set) var contours: [[Point]] = []
    private var open = false
    /// How the contours decide what is inside; kept by `applying` and `projected`.
    package var fillRule = FillRule.nonZero

    /// An empty path.
    package init() {}

    /// A path of one closed polygon through `points`.
    package init(polygon points: [Point]) {
        if !points.isEmpty { contours = [points] }
    }

    /// Starts a new contour at `point`.
    package mutating func move(to point: Point) {
        contours.append([point]); open = true
    }

    /// Adds an edge from the current point to `point` (starting a contour at `point` if there is none).
    package mutating func line(to point: Point) {
        if !open { move(to: point); return }
        contours[contours.count - 1].append(point)
    }

    /// Ends the current contour (it is closed back to its first point).
    package mutating func close() { open = false }

    /// True when no contour has three or more vertices (nothing to fill).
    package var isEmpty: Bool { !contours.contains { $0.count >= 3 } }

    /// A path of closed contours, each a list of vertices in points, filled by `fillRule`.
    package init(contours: [[Point]], fillRule: FillRule = .nonZero) { self.contours = contours; self.fillRule = fillRule }

    /// Every vertex mapped through `transform` (a path in a layer's points placed in the window).
    package func applying(_ transform: Transform2D) -> Path {
        Path(contours: contours.map { $0.map(transform.apply(to:)) }, fillRule: fillRule)
    }

    /// The smallest axis-aligned rect holding every vertex of the contours that can fill (three
    /// or more vertices), in points; nil when there is none or a coordinate is not finite.
    package var boundingBox: Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for contour in contours where contour.count >= 3 {
            for p in contour {
                guard p.x.isFinite, p.y.isFinite else { return nil }
                minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension Canvas {
    /// Fills `path` (points) with `color` by its fill rule, anti-aliased by area coverage,
    /// multiplied by `opacity` (clamped to 0…1), inside `clip`.
    ///
    /// Coverage is accumulated per pixel as signed area (the sparse-scanline scheme of font
    /// rasterizers, see docs/RASTER.md); a pixel's coverage is `min(1, |accumulated winding area|)`
    /// for the non-zero rule, the accumulated area folded into 0…1 (`|s|` mod 2, mirrored above 1)
    /// for the even-odd rule; both exact for non-overlapping edges. A path with a non-finite
    /// coordinate draws nothing.
    package mutating func fill(_ path: Path, color: StraightColor, opacity: Double = 1, clip: Clip? = nil) {
        fill(
            polygons: path.contours.map { $0.map { Point(x: $0.x * scale, y: $0.y * scale) } },
            color: color, opacity: opacity, clip: clip, rule: path.fillRule)
    }

    /// Strokes the open polyline `points` (points) with a line `width` points wide: butt caps,
    /// round joins. Built as one quad per segment plus a disc per interior vertex, all wound the
    /// same way and filled together with non-zero, so overlaps are not blended twice.
    package mutating func stroke(_ polyline: [Point], width: Double, color: StraightColor, opacity: Double = 1, clip: Clip? = nil) {
        let half = width * scale / 2
        guard half > 0, half.isFinite, polyline.count >= 2 else { return }
        let points = polyline.map { Point(x: $0.x * scale, y: $0.y * scale) }
        // Discs: chord error ≈ 0.05 px, i.e. n ≈ π / acos(1 − 0.05/r) ≈ π·√(r / 0.1) segments
        // (no libm: sqrt is exactly rounded, so vertices are the same everywhere).
        let segments = Int(clamping: (Double.pi * (half / 0.1).squareRoot()).rounded(.up), to: 8...512)
        let polygons = strokePolygons(points, halfWidth: half, discSegments: segments, roundCaps: false)
        fill(polygons: polygons, color: color, opacity: opacity, clip: clip)
    }

    /// Fills polygons given in device pixels by `rule`.
    mutating func fill(polygons: [[Point]], color: StraightColor, opacity: Double, clip: Clip?, rule: FillRule = .nonZero) {
        let source = color.premultipliedPixel.packed
        guard source != 0 else { return }
        forEachPolygonSegment(polygons, clip: clip, opacity: PixelMath.weight(opacity), rule: rule) { segment in
            Self.fillSegment(segment, color: source)
        }
    }

    /// The whole device pixels of the bounding box of `polygons` (device pixels; contours of
    /// fewer than three vertices ignored) ∩ this canvas ∩ `clip`'s rect, or nil when that is
    /// empty or a coordinate is not finite.
    func polygonRegion(_ polygons: [[Point]], clip: Clip?) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        guard let box = Self.pixelBox(of: polygons) else { return nil }
        let b = pixelBounds
        var x0 = max(b.x0, box.x0), x1 = min(b.x1, box.x1)
        var y0 = max(b.y0, box.y0), y1 = min(b.y1, box.y1)
        if let clip {
            let r = clip.rect.scaled(by: scale)
            let cx = AxisSpan(r.minX, r.maxX, lower: b.x0, upper: b.x1), cy = AxisSpan(r.minY, r.maxY, lower: b.y0, upper: b.y1)
            if cx.isEmpty || cy.isEmpty { return nil }
            x0 = max(x0, cx.firstPixel); x1 = min(x1, cx.endPixel); y0 = max(y0, cy.firstPixel); y1 = min(y1, cy.endPixel)
        }
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1, y1)
    }

    /// The area coverage (0…256) of `polygons` (device pixels) filled by `rule` over the
    /// device-pixel region `[x0, x1) × [y0, y1)`, row-major.
    static func coverage(
        of polygons: [[Point]], over region: (x0: Int, y0: Int, x1: Int, y1: Int),
        rule: FillRule = .nonZero
    ) -> [UInt16] {
        var weights: [UInt16] = []
        forEachCoverageBand(of: polygons, over: region, rule: rule, rows: region.y1 - region.y0) { _, band in weights += band }
        return weights
    }

    /// The same coverage handed to `body` a band of rows at a time (the band's region and its
    /// weights, row-major), so the scratch is one band's (`AreaAccumulator.bandRows`, or `rows`)
    /// whatever the region's size; the weights are the same however the rows are cut.
    static func forEachCoverageBand(
        of polygons: [[Point]], over region: (x0: Int, y0: Int, x1: Int, y1: Int), rule: FillRule = .nonZero,
        rows: Int? = nil, _ body: (_ band: (x0: Int, y0: Int, x1: Int, y1: Int), _ weights: [UInt16]) -> Void
    ) {
        let width = region.x1 - region.x0
        var accumulator = AreaAccumulator(x: region.x0, y: region.y0, width: width, height: region.y1 - region.y0)
        for polygon in polygons where polygon.count >= 3 {
            for i in 0..<polygon.count {
                accumulator.addLine(polygon[i], polygon[(i + 1) % polygon.count])
            }
        }
        let bandRows = rows ?? AreaAccumulator.bandRows(width: width)
        while let band = accumulator.nextBand(rows: bandRows, rule: rule) {
            let y0 = region.y0 + band.firstRow
            body((region.x0, y0, region.x1, y0 + band.rows), band.weights)
        }
    }

    /// Calls `body` with the row segments of `polygons` (device pixels, filled by `rule`) ∩ `clip`
    /// ∩ this canvas, every segment carrying per-pixel weights: area coverage × clip × `opacity`.
    mutating func forEachPolygonSegment(
        _ polygons: [[Point]], clip: Clip?, opacity: UInt32, rule: FillRule = .nonZero,
        _ body: (RowSegment) -> Void
    ) {
        guard opacity > 0, let region = polygonRegion(polygons, clip: clip) else { return }
        noteBuffers((Self.coverageBandBytes(region) + 3) / 4)
        Self.forEachCoverageBand(of: polygons, over: region, rule: rule) { band, weights in
            forEachWeightedSegment(
                weights: weights, x: band.x0, y: band.y0, width: band.x1 - band.x0, height: band.y1 - band.y0,
                clip: clip, opacity: opacity, body)
        }
    }

    /// Composites `color` (premultiplied) through a per-pixel weight buffer (0…256, `width × height`,
    /// top-left at device pixel (x, y)), times the clip and opacity weights.
    mutating func draw(weights: [UInt16], x: Int, y: Int, width: Int, height: Int, color: UInt32, opacity: UInt32, clip: Clip?) {
        forEachWeightedSegment(weights: weights, x: x, y: y, width: width, height: height, clip: clip, opacity: opacity) { segment in
            Self.fillSegment(segment, color: color)
        }
    }

    /// Calls `body` with the row segments of a per-pixel weight buffer (0…256, `width × height`,
    /// top-left at device pixel (x, y)) ∩ `clip` ∩ this canvas; each segment's per-pixel weights
    /// are `multiplyWeights(buffer weight, clip × opacity weight)`.
    mutating func forEachWeightedSegment(
        weights: [UInt16], x: Int, y: Int, width: Int, height: Int, clip: Clip?, opacity: UInt32,
        _ body: (RowSegment) -> Void
    ) {
        var combined = [UInt16](repeating: 0, count: width)
        weights.withUnsafeBufferPointer { buffer in
            combined.withUnsafeMutableBufferPointer { combined in
                let out = combined.baseAddress!
                forEachSegment(
                    x: AxisSpan(start: x << 8, end: (x + width) << 8), y: AxisSpan(start: y << 8, end: (y + height) << 8),
                    clip: clip, opacity: opacity
                ) { segment in
                    let row = buffer.baseAddress! + ((segment.y - y) * width + (segment.x - x))
                    if let weights = segment.weights {
                        for i in 0..<segment.count { out[i] = UInt16(PixelMath.multiplyWeights(UInt32(row[i]), UInt32(weights[i]))) }
                    } else if segment.weight == 256 {
                        out.update(from: row, count: segment.count) // multiplyWeights(w, 256) = w
                    } else {
                        for i in 0..<segment.count { out[i] = UInt16(PixelMath.multiplyWeights(UInt32(row[i]), segment.weight)) }
                    }
                    var weighted = segment
                    weighted.weights = UnsafePointer(out)
                    body(weighted)
                }
            }
        }
    }
}

/// Signed-area coverage accumulation over a pixel region (after font-rs / libart): each edge adds,
/// to every pixel it crosses in a row, the signed area it sweeps to its right; a running sum along
/// the row then gives each pixel's winding-weighted coverage. Parts of edges left of the region
/// are moved onto its left border (they still wind every pixel to their right); parts right of it
/// are dropped. All arithmetic is Double in a fixed order, so the result is deterministic.
///
/// The region is produced in bands of rows (`nextBand`), holding cells for one band only: each
/// edge walks down its rows exactly as it would over the whole region, pausing at a band's end
/// and resuming there, and the edges add to a band in the order they were added, so every cell
/// sums the same terms in the same order — the weights are the same however the rows are cut.
struct AreaAccumulator {
    let x: Int, y: Int, width: Int, height: Int
    /// One piece of an edge inside the region's column range, in region-local coordinates, with
    /// where its walk down the rows has got to.
    private struct Walk {
        var xCurrent: Double
        var row: Int
        let top: Double, bottom: Double, dxdy: Double, direction: Double
    }
    private var walks: [Walk] = []
    /// The first row of the next band.
    private var nextRow = 0
    /// The current band's rows of `width + 2` cells (two spare cells take contributions at the
    /// right border).
    private var cells: [Double] = []

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Adds the edge from `a` to `b` (device pixels); before the first band.
    mutating func addLine(_ a: Point, _ b: Point) {
        precondition(nextRow == 0, "edges are added before the first band")
        // Region-local coordinates, split at the left and right borders so that the outside parts
        // can be flattened onto them without bending the inside part.
        var pieces = [(Point(x: a.x - Double(x), y: a.y - Double(y)), Point(x: b.x - Double(x), y: b.y - Double(y)))]
        for border in [0, Double(width)] {
            pieces = pieces.flatMap { (p, q) -> [(Point, Point)] in
                guard (p.x < border) != (q.x < border), p.x != q.x else { return [(p, q)] }
                let t = (border - p.x) / (q.x - p.x)
                let m = Point(x: border, y: p.y + (q.y - p.y) * t)
                return [(p, m), (m, q)]
            }
        }
        for (p, q) in pieces { addLocal(p, q) }
    }

    private mutating func addLocal(_ a: Point, _ b: Point) {
        let w = Double(width)
        // Clamp x into [0, width + 0.5]: left parts lie on the border, right parts beyond the last pixel.
        let ax = min(max(a.x, 0), w + 0.5), bx = min(max(b.x, 0), w + 0.5)
        guard a.y != b.y else { return }
        let direction: Double = a.y < b.y ? 1 : -1
        let (x0, y0, x1, y1) = a.y < b.y ? (ax, a.y, bx, b.y) : (bx, b.y, ax, a.y)
        let dxdy = (x1 - x0) / (y1 - y0)
        let top = max(y0, 0), bottom = min(y1, Double(height))
        guard top < bottom else { return }
        walks.append(
            Walk(
                xCurrent: x0 + (top - y0) * dxdy, row: Int(clamping: top.rounded(.down), to: 0...height),
                top: top, bottom: bottom, dxdy: dxdy, direction: direction))
    }

    /// The weights (0…256) of the next `rows` rows (fewer at the region's end), row-major, the
    /// region row they start at and their count; nil after the last row. Each pixel's weight
    /// comes from the running sum `s` along its row: `round(min(1, |s|) · 256)` for the non-zero
    /// rule; for the even-odd rule `|s|` folded into 0…1 (`f = |s| mod 2`, then `f` or `2 − f`),
    /// which is linear between whole windings, so a pixel crossed by one edge between windings k
    /// and k + 1 gets its exact area whatever k is.
    mutating func nextBand(rows: Int, rule: FillRule = .nonZero) -> (firstRow: Int, rows: Int, weights: [UInt16])? {
        guard nextRow < height else { return nil }
        let first = nextRow, end = min(height, first + max(1, rows))
        let stride = width + 2
        if cells.count < (end - first) * stride { cells = [Double](repeating: 0, count: (end - first) * stride) }
        cells.withUnsafeMutableBufferPointer { cells in
            cells.update(repeating: 0)
            for index in walks.indices { Self.walk(&walks[index], before: end, from: first, width: width, into: cells) }
        }
        var out = [UInt16](repeating: 0, count: width * (end - first))
        for row in 0..<(end - first) {
            var sum = 0.0
            if rule == .nonZero {
                for column in 0..<width {
                    sum += cells[row * stride + column]
                    out[row * width + column] = UInt16(PixelMath.weight(abs(sum)))
                }
            } else {
                for column in 0..<width {
                    sum += cells[row * stride + column]
                    let folded = abs(sum).truncatingRemainder(dividingBy: 2)
                    out[row * width + column] = UInt16(PixelMath.weight(folded > 1 ? 2 - folded : folded))
                }
            }
        }
        nextRow = end
        return (first, end - first, out)
    }

    /// Walks `edge` down its rows up to (not including) row `end`, adding to the cells of the
    /// band that starts at row `first`.
    private static func walk(
        _ edge: inout Walk, before end: Int, from first: Int, width: Int, into cells: UnsafeMutableBufferPointer<Double>
    ) {
        let stride = width + 2
        var row = edge.row, xCurrent = edge.xCurrent
        let top = edge.top, bottom = edge.bottom, dxdy = edge.dxdy, direction = edge.direction
        while row < end && Double(row) < bottom {
            let rowTop = max(Double(row), top), rowBottom = min(Double(row + 1), bottom)
            let dy = rowBottom - rowTop
            let xNext = xCurrent + dxdy * dy
            let d = dy * direction
            let line = (row - first) * stride
            let (left, right) = xCurrent < xNext ? (xCurrent, xNext) : (xNext, xCurrent)
            // x lies in [0, width + 0.5] up to rounding, which may put `left` a hair below 0:
            // column −1, whose share is dropped (it lies left of the region; before the
            // clamp it landed in the previous row's unread spare cell, or before the array).
            let leftFloor = left.rounded(.down), leftIndex = Int(clamping: leftFloor, to: -1...width)
            let rightCeil = right.rounded(.up), rightIndex = Int(clamping: rightCeil, to: 0...width + 1)
            if rightIndex <= leftIndex + 1 {
                // Within one pixel: the area right of the edge's mid point.
                let middle = 0.5 * (xCurrent + xNext) - leftFloor
                if leftIndex >= 0 { cells[line + leftIndex] += d - d * middle }
                cells[line + leftIndex + 1] += d * middle
            } else {
                let s = 1 / (right - left)
                let leftFraction = left - leftFloor
                let a0 = 0.5 * s * (1 - leftFraction) * (1 - leftFraction)
                let rightFraction = right - rightCeil + 1
                let am = 0.5 * s * rightFraction * rightFraction
                if leftIndex >= 0 { cells[line + leftIndex] += d * a0 }
                if rightIndex == leftIndex + 2 {
                    cells[line + leftIndex + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - leftFraction)
                    cells[line + leftIndex + 1] += d * (a1 - a0)
                    var column = leftIndex + 2
                    while column < rightIndex - 1 { cells[line + column] += d * s; column += 1 }
                    let a2 = a1 + Double(rightIndex - leftIndex - 3) * s
                    cells[line + rightIndex - 1] += d * (1 - a2 - am)
                }
                cells[line + rightIndex] += d * am
            }
            xCurrent = xNext
            row += 1
        }
        edge.row = row; edge.xCurrent = xCurrent
    }

    /// Rows per band for a region `width` pixels wide: about 256 K cells (2.5 MB of scratch:
    /// the Double cells and the weights), at least one row.
    static func bandRows(width: Int) -> Int { max(1, (1 << 18) / max(1, width + 2)) }
}
