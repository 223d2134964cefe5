package import FlipbookGeometry

/// A drop shadow as Core Animation draws a layer's (`shadowColor`, `shadowOpacity`,
/// `shadowOffset`, `shadowRadius`), in canvas points.
///
/// The shadow is the shape's coverage (or a group's alpha) blurred by a Gaussian of standard
/// deviation `blurRadiusPoints`, moved by `offset` and filled with `color`. `shadowRadius` is
/// that standard deviation: Bjango's side-by-side measurements ("Matching drop shadows across
/// CSS, Android, iOS, Figma, and Sketch") found an iOS shadow of radius r matching a CSS
/// `box-shadow` blur of 2r, and CSS defines its blur as twice the standard deviation.
package struct Shadow: Hashable, Sendable {
    /// The shadow's colour, `shadowOpacity` multiplied into its alpha.
    package var color: StraightColor
    /// How far the shadow is moved from the shape, in canvas points (y down).
    package var offset: Point
    /// The Gaussian's standard deviation in canvas points (`shadowRadius`); 0 = a hard edge.
    package var blurRadiusPoints: Double

    /// Creates a shadow.
    package init(color: StraightColor, offset: Point, blurRadiusPoints: Double) {
        self.color = color; self.offset = offset; self.blurRadiusPoints = blurRadiusPoints
    }
}

/// A device-pixel region `[x0, x1) × [y0, y1)`.
typealias PixelRegion = (x0: Int, y0: Int, x1: Int, y1: Int)

/// What a shadowed group's body is told when it draws: the scratch left to its own groups and
/// shadows, and whether the body is drawn more than once (a shadow drawn from a buffer of its
/// own, see `Canvas.drawShadowedGroup`), so that nested groups can refuse to multiply that.
package struct ShadowedGroupPass: Sendable {
    /// Buffer budget left for what the body draws, in 4-byte values.
    package var budgetPixels: Int
    /// True when the body is drawn twice (once for its shadow, once for itself).
    package var isRepeated: Bool
}

/// Where and at what resolution a shadow's blur runs: a grid of `cellPixels` device pixels per
/// cell along each axis (1 = the device pixels themselves), its buffer `plane` (cells, in the
/// shadow's place), the blur's box on that grid, and `out`, the device pixels the shadow is
/// drawn over.
struct ShadowLayout {
    var cellPixels: Int
    var box: GaussianBlur.Box?
    var plane: PixelRegion
    var out: PixelRegion

    /// The scratch the blur and the drawing of `out` take besides the plane, in bytes, for a
    /// plane of `valueBytes`-byte values.
    func scratchBytes(valueBytes: Int) -> Int {
        let planeWidth = plane.x1 - plane.x0, outWidth = out.x1 - out.x0
        let blur =
            box.map { GaussianBlur.scratchBytes(width: planeWidth, height: plane.y1 - plane.y0, box: $0, valueBytes: valueBytes) } ?? 0
        // One band of weights handed to `draw(weights:…)`, and its row of combined weights.
        let rows = min(out.y1 - out.y0, AreaAccumulator.bandRows(width: outWidth))
        return blur + 2 * outWidth * rows + 2 * outWidth
    }
}

extension Canvas {
    /// The scratch budget of a call that gives none: two canvases of 4-byte values, and at least
    /// 4 M of them (16 MB), so that a small canvas still blurs a shape much larger than itself
    /// exactly.
    var defaultBufferBudget: Int { max(2 * image.width * image.height, 1 << 22) }

    /// Records that `pixels` 4-byte values of scratch were alive at once while drawing on this
    /// canvas (`peakBufferPixels`).
    mutating func noteBuffers(_ pixels: Int) { peakBufferPixels = max(peakBufferPixels, pixels) }

    /// Draws the shadow of `path` (canvas points, non-zero rule), multiplied by `opacity`,
    /// inside `clip`: what Core Animation draws under a layer with a `shadowPath`.
    ///
    /// The blur runs over a buffer covering what can reach the canvas (inside the clip): the
    /// shadow's pixels on the canvas, grown by the blur's reach (3(r + 1) pixels for boxes of
    /// radius r), ∩ the shape. When that buffer (two bytes a pixel) and its scratch take more
    /// than `budgetPixels` 4-byte values (nil: `defaultBufferBudget`), the blur runs on a grid
    /// of k × k pixel cells instead — the smallest k that fits, at most σ/2 so that the grid
    /// stays finer than the blur — with σ reduced so that the cells' box and the bilinear
    /// interpolation back to pixels add no variance (σ_grid² = (σ² − k²/4) / k²); when no grid
    /// fits, nothing is drawn. A shape scaled up a thousand times thus costs what the screen
    /// costs, not what the shape's blur would.
    package mutating func drawShadow(of path: Path, shadow: Shadow, opacity: Double = 1, clip: Clip? = nil, budgetPixels: Int? = nil) {
        let source = shadow.color.premultipliedPixel.packed
        let weight = PixelMath.weight(opacity)
        guard source != 0, weight > 0, shadow.offset.x.isFinite, shadow.offset.y.isFinite else { return }
        let sigma = shadow.blurRadiusPoints * scale
        let polygons = path.contours.map { $0.map { Point(x: ($0.x + shadow.offset.x) * scale, y: ($0.y + shadow.offset.y) * scale) } }
        let budget = budgetPixels ?? defaultBufferBudget
        var chosen: (layout: ShadowLayout, bytes: Int)?
        for k in Self.cellSizes(sigmaPixels: sigma) {
            guard let layout = pathShadowLayout(polygons, sigmaPixels: sigma, clip: clip, cellPixels: k) else { return }
            // The coverage, a band at a time (at most 2.5 MB, as for any path), is outside
            // the budget, which bounds what grows with the picture.
            let bytes = 2 * Self.cells(layout.plane) + layout.scratchBytes(valueBytes: 2)
            if (bytes + 3) / 4 <= budget { chosen = (layout, bytes); break }
        }
        guard let (layout, bytes) = chosen else { return }
        noteBuffers((bytes + Self.coverageBandBytes(layout.plane) + 3) / 4)
        let k = Double(layout.cellPixels)
        let cellPolygons = layout.cellPixels == 1 ? polygons : polygons.map { $0.map { Point(x: $0.x / k, y: $0.y / k) } }
        let plane = layout.plane
        let width = plane.x1 - plane.x0
        var values = [UInt16](repeating: 0, count: Self.cells(plane))
        values.withUnsafeMutableBufferPointer { values in
            Self.forEachCoverageBand(of: cellPolygons, over: plane) { band, weights in
                let offset = (band.y0 - plane.y0) * width
                for i in weights.indices { values[offset + i] = weights[i] }
            }
            if let box = layout.box { GaussianBlur.blur(values, width: width, height: plane.y1 - plane.y0, box: box, edge: .transparent) }
        }
        values.withUnsafeBufferPointer { drawShadowPlane($0, layout: layout, color: source, opacity: weight, clip: clip) }
    }

    /// The layout of `polygons`' shadow (device pixels, moved already) on a grid of
    /// `cellPixels`; nil when nothing of it can reach the canvas.
    func pathShadowLayout(_ polygons: [[Point]], sigmaPixels sigma: Double, clip: Clip?, cellPixels k: Int) -> ShadowLayout? {
        let reach = GaussianBlur.reach(sigmaPixels: sigma)
        guard let shape = Self.pixelBox(of: polygons),
            let reachable = Self.intersect(Self.expand(shape, by: reach), pixelBounds),
            let out = region(reachable, limitedTo: clip?.rect)
        else { return nil }
        if k == 1 {
            guard let input = Self.intersect(Self.expand(out, by: reach), shape) else { return nil }
            return ShadowLayout(cellPixels: 1, box: GaussianBlur.box(sigmaPixels: sigma), plane: Self.hull(out, input), out: out)
        }
        let box = Self.gridBox(sigmaPixels: sigma, cellPixels: k)
        let cellReach = box.map { 3 * ($0.radius + ($0.endWeight > 0 ? 1 : 0)) } ?? 0
        let scaled = polygons.map { $0.map { Point(x: $0.x / Double(k), y: $0.y / Double(k)) } }
        // The cells under `out`, and one more on each side for the interpolation.
        let cellOut = Self.expand(Self.cells(covering: out, cellPixels: k), by: 1)
        guard let cellShape = Self.pixelBox(of: scaled),
            let input = Self.intersect(Self.expand(cellOut, by: cellReach), cellShape)
        else { return nil }
        return ShadowLayout(cellPixels: k, box: box, plane: Self.hull(cellOut, input), out: out)
    }

    /// Draws `body` offscreen over `bounds` (points; nil = as far as a shadow can reach the
    /// canvas), then its shadow — the group's alpha, blurred, moved and coloured — and then the
    /// group over it, both multiplied by `opacity`; the shadow is cut by `clip`. What Core
    /// Animation draws for a layer with a shadow and no `shadowPath`. The offset is rounded to
    /// whole device pixels (the blur hides the difference).
    ///
    /// One buffer holds the group where it shows and as far as its shadow can reach the canvas,
    /// and the blur runs on the shadow's part of it (two bytes a pixel). When that takes more
    /// than `budgetPixels` 4-byte values (nil: `defaultBufferBudget`) and `allowsRepeatedDrawing`,
    /// the body is drawn twice instead, each time into a buffer of its own: once over what its
    /// shadow needs — on a grid of k × k pixel cells when the full resolution does not fit, as
    /// `drawShadow` does, with the offset rounded to whole cells — blurred in place, and once
    /// over the canvas for the group itself. Returns false, having drawn nothing, when even
    /// that does not fit (or is not allowed): the caller then draws the body without its shadow.
    @discardableResult
    package mutating func drawShadowedGroup(
        shadow: Shadow, opacity: Double, bounds: Rect?, clip: Clip?, budgetPixels: Int? = nil,
        allowsRepeatedDrawing: Bool = true, _ body: (inout Canvas, ShadowedGroupPass) -> Void
    ) -> Bool {
        let weight = PixelMath.weight(opacity)
        guard weight > 0 else { return true }
        let budget = budgetPixels ?? defaultBufferBudget
        let sigma = shadow.blurRadiusPoints * scale
        let reach = GaussianBlur.reach(sigmaPixels: sigma)
        let offset = Self.devicePixels(shadow.offset, scale: scale)
        let (dx, dy) = offset
        // What the group draws matters on the canvas itself and, through its shadow, as far
        // as the blur and the offset carry it.
        let b = pixelBounds
        var reachable: PixelRegion = (
            b.x0 - reach - max(dx, 0), b.y0 - reach - max(dy, 0), b.x1 + reach - min(dx, 0), b.y1 + reach - min(dy, 0)
        )
        reachable = (min(reachable.x0, b.x0), min(reachable.y0, b.y0), max(reachable.x1, b.x1), max(reachable.y1, b.y1))
        var content = reachable
        if let bounds {
            guard let limited = Self.region(of: bounds, scale: scale, within: reachable) else { return true }
            content = limited
        }
        let moved: PixelRegion = (content.x0 + dx, content.y0 + dy, content.x1 + dx, content.y1 + dy)
        let source = shadow.color.premultipliedPixel.packed
        var shadowOut: PixelRegion?
        if source != 0, let reachableOut = Self.intersect(Self.expand(moved, by: reach), pixelBounds) {
            shadowOut = region(reachableOut, limitedTo: clip?.rect)
        }
        // One buffer: the group and, in its shadow's place, the alpha to blur.
        var plane: PixelRegion?
        if let out = shadowOut, let input = Self.intersect(Self.expand(out, by: reach), moved) { plane = Self.hull(out, input) }
        let layout = plane.map { ShadowLayout(cellPixels: 1, box: GaussianBlur.box(sigmaPixels: sigma), plane: $0, out: shadowOut!) }
        let shadowBytes = layout.map { 2 * Self.cells($0.plane) + $0.scratchBytes(valueBytes: 2) } ?? 0
        let oneBuffer = Self.cells(content) + (shadowBytes + 3) / 4
        if oneBuffer <= budget {
            let layer = offscreen(content, scale: scale) {
                body(&$0, ShadowedGroupPass(budgetPixels: budget - Self.cells(content), isRepeated: false))
            }
            noteBuffers(max(Self.cells(content) + layer.peakBufferPixels, oneBuffer))
            if let layout, let input = Self.intersect(Self.expand(layout.out, by: reach), moved) {
                let buffer = layout.plane
                let width = buffer.x1 - buffer.x0
                var values = [UInt16](repeating: 0, count: Self.cells(buffer))
                let layerWidth = layer.image.width
                layer.image.pixels.withUnsafeBufferPointer { pixels in
                    for y in input.y0..<input.y1 {
                        for x in input.x0..<input.x1 {
                            let alpha = pixels[(y - moved.y0) * layerWidth + (x - moved.x0)] >> 24
                            values[(y - buffer.y0) * width + (x - buffer.x0)] = UInt16(PixelMath.weight(coverage: alpha))
                        }
                    }
                }
                values.withUnsafeMutableBufferPointer { values in
                    if let box = layout.box {
                        GaussianBlur.blur(values, width: width, height: buffer.y1 - buffer.y0, box: box, edge: .transparent)
                    }
                }
                values.withUnsafeBufferPointer { drawShadowPlane($0, layout: layout, color: source, opacity: weight, clip: clip) }
            }
            composite(layer.image, atPixelX: content.x0, y: content.y0, weight: weight)
            return true
        }
        // Two buffers, one after the other: the shadow's, then the group's where it shows.
        guard allowsRepeatedDrawing else { return false }
        let direct = region(pixelBounds, limitedTo: bounds)
        if let direct, Self.cells(direct) > budget { return false }
        if let out = shadowOut,
            groupShadowLayout(bounds: bounds, content: content, out: out, sigmaPixels: sigma, offset: shadow.offset, cellPixels: 1) != nil
        {
            var chosen: (layout: ShadowLayout, offset: (x: Int, y: Int), pixels: Int)?
            for k in Self.cellSizes(sigmaPixels: sigma) {
                guard
                    let candidate = groupShadowLayout(
                        bounds: bounds, content: content, out: out, sigmaPixels: sigma,
                        offset: shadow.offset, cellPixels: k)
                else { continue }
                let pixels = Self.cells(candidate.layout.plane) + (candidate.layout.scratchBytes(valueBytes: 4) + 3) / 4
                if pixels <= budget { chosen = (candidate.layout, candidate.offset, pixels); break }
            }
            guard let (layout, cellOffset, pixels) = chosen else { return false }
            // The group drawn where its shadow's blur reads it, at the grid's resolution, its
            // alpha turned into weights and blurred in place.
            let plane = layout.plane
            let drawn: PixelRegion = (plane.x0 - cellOffset.x, plane.y0 - cellOffset.y, plane.x1 - cellOffset.x, plane.y1 - cellOffset.y)
            var layer = offscreen(drawn, scale: scale / Double(layout.cellPixels)) {
                body(&$0, ShadowedGroupPass(budgetPixels: budget - Self.cells(plane), isRepeated: true))
            }
            noteBuffers(max(Self.cells(plane) + layer.peakBufferPixels, pixels))
            let width = plane.x1 - plane.x0
            layer.image.pixels.withUnsafeMutableBufferPointer { values in
                for i in values.indices { values[i] = PixelMath.weight(coverage: values[i] >> 24) }
                if let box = layout.box {
                    GaussianBlur.blur(values, width: width, height: plane.y1 - plane.y0, box: box, edge: .transparent)
                }
            }
            layer.image.pixels.withUnsafeBufferPointer { drawShadowPlane($0, layout: layout, color: source, opacity: weight, clip: clip) }
        }
        if let direct {
            let layer = offscreen(direct, scale: scale) {
                body(&$0, ShadowedGroupPass(budgetPixels: budget - Self.cells(direct), isRepeated: true))
            }
            noteBuffers(Self.cells(direct) + layer.peakBufferPixels)
            composite(layer.image, atPixelX: direct.x0, y: direct.y0, weight: weight)
        }
        return true
    }

    /// `drawShadowedGroup` with a body that needs no budget (tests, and callers that nest no
    /// groups): the default budget.
    package mutating func drawShadowedGroup(shadow: Shadow, opacity: Double, bounds: Rect?, clip: Clip?, _ body: (inout Canvas) -> Void) {
        drawShadowedGroup(shadow: shadow, opacity: opacity, bounds: bounds, clip: clip) { canvas, _ in body(&canvas) }
    }

    /// The layout of a shadowed group's shadow drawn from a buffer of its own on a grid of
    /// `cellPixels` (`out`: the device pixels it can show on, `content`: where the group's
    /// drawing matters, device pixels), and the offset in whole cells; nil when nothing of the
    /// group can cast it.
    func groupShadowLayout(
        bounds: Rect?, content: PixelRegion, out: PixelRegion, sigmaPixels sigma: Double, offset: Point,
        cellPixels k: Int
    ) -> (layout: ShadowLayout, offset: (Int, Int))? {
        if k == 1 {
            let (dx, dy) = Self.devicePixels(offset, scale: scale)
            let reach = GaussianBlur.reach(sigmaPixels: sigma)
            let moved: PixelRegion = (content.x0 + dx, content.y0 + dy, content.x1 + dx, content.y1 + dy)
            guard let input = Self.intersect(Self.expand(out, by: reach), moved) else { return nil }
            return (
                ShadowLayout(cellPixels: 1, box: GaussianBlur.box(sigmaPixels: sigma), plane: Self.hull(out, input), out: out), (dx, dy)
            )
        }
        let box = Self.gridBox(sigmaPixels: sigma, cellPixels: k)
        let cellReach = box.map { 3 * ($0.radius + ($0.endWeight > 0 ? 1 : 0)) } ?? 0
        let (dx, dy) = Self.devicePixels(offset, scale: scale / Double(k))
        var cellContent = Self.cells(covering: content, cellPixels: k)
        if let bounds {
            guard let limited = Self.region(of: bounds, scale: scale / Double(k), within: cellContent) else { return nil }
            cellContent = limited
        }
        let moved: PixelRegion = (cellContent.x0 + dx, cellContent.y0 + dy, cellContent.x1 + dx, cellContent.y1 + dy)
        let cellOut = Self.expand(Self.cells(covering: out, cellPixels: k), by: 1)
        guard let input = Self.intersect(Self.expand(cellOut, by: cellReach), moved) else { return nil }
        return (ShadowLayout(cellPixels: k, box: box, plane: Self.hull(cellOut, input), out: out), (dx, dy))
    }

    /// Draws a blurred shadow plane (weights 0…256 over `layout.plane`, row-major) in `color`
    /// over `layout.out`, band by band: each pixel its cell's weight, or on a coarser grid the
    /// bilinear interpolation of the four cells around the pixel's centre, in integers.
    func drawShadowPlaneWeights<Value: FixedWidthInteger>(
        _ values: UnsafeBufferPointer<Value>, layout: ShadowLayout,
        band: PixelRegion, into weights: inout [UInt16]
    ) {
        let plane = layout.plane, width = plane.x1 - plane.x0, height = plane.y1 - plane.y0
        let bandWidth = band.x1 - band.x0
        let k = layout.cellPixels
        if k == 1 {
            for y in band.y0..<band.y1 {
                let row = (y - plane.y0) * width - plane.x0, at = (y - band.y0) * bandWidth - band.x0
                for x in band.x0..<band.x1 { weights[at + x] = UInt16(min(256, max(0, Int(values[row + x])))) }
            }
            return
        }
        func value(_ cx: Int, _ cy: Int) -> Int {
            let x = cx - plane.x0, y = cy - plane.y0
            return x >= 0 && x < width && y >= 0 && y < height ? Int(values[y * width + x]) : 0
        }
        let columns = (band.x0..<band.x1).map { Self.gridPosition($0, cellPixels: k) }
        for y in band.y0..<band.y1 {
            let (cy, fy) = Self.gridPosition(y, cellPixels: k)
            let at = (y - band.y0) * bandWidth
            for (i, (cx, fx)) in columns.enumerated() {
                let top = value(cx, cy) * (256 - fx) + value(cx + 1, cy) * fx
                let bottom = value(cx, cy + 1) * (256 - fx) + value(cx + 1, cy + 1) * fx
                weights[at + i] = UInt16(min(256, (top * (256 - fy) + bottom * fy + 32768) >> 16))
            }
        }
    }

    /// Draws a blurred shadow plane over `layout.out` in bands (`drawShadowPlaneWeights`).
    mutating func drawShadowPlane<Value: FixedWidthInteger>(
        _ values: UnsafeBufferPointer<Value>, layout: ShadowLayout, color: UInt32,
        opacity: UInt32, clip: Clip?
    ) {
        let out = layout.out, width = out.x1 - out.x0
        let rows = AreaAccumulator.bandRows(width: width)
        var weights = [UInt16](repeating: 0, count: width * min(rows, out.y1 - out.y0))
        var y = out.y0
        while y < out.y1 {
            let band: PixelRegion = (out.x0, y, out.x1, min(out.y1, y + rows))
            drawShadowPlaneWeights(values, layout: layout, band: band, into: &weights)
            draw(
                weights: weights, x: band.x0, y: band.y0, width: width, height: band.y1 - band.y0, color: color, opacity: opacity,
                clip: clip)
            y = band.y1
        }
    }

    /// Where pixel `pixel`'s centre lies on a grid of `k`-pixel cells, as the cell whose centre
    /// is at or before it and the fraction (1/256) of the way to the next: ⌊(2p + 1)·128 / k⌋
    /// − 128 in 1/256 cell, split.
    static func gridPosition(_ pixel: Int, cellPixels k: Int) -> (cell: Int, fraction: Int) {
        let numerator = (2 * pixel + 1) * 128
        let scaled = (numerator >= 0 ? numerator / k : -((-numerator + k - 1) / k)) - 128
        return (scaled >> 8, scaled & 255)
    }

    /// The grid sizes a blur of σ device pixels may run on, finest first: whole pixels, then
    /// cells of 2, 3, 4, 6, 9, … pixels up to σ/2 (a cell no wider than half the blur's standard
    /// deviation keeps the shadow smooth).
    static func cellSizes(sigmaPixels sigma: Double) -> [Int] {
        var sizes = [1], k = 2
        while sigma.isFinite, Double(k) <= sigma / 2 {
            sizes.append(k)
            k = k < 4 ? k + 1 : k + k / 2
        }
        return sizes
    }

    /// The box of a blur of σ device pixels run on cells of `k` pixels: σ/k for whole pixels;
    /// on a coarser grid √(σ² − k²/4)/k, since averaging a cell (variance k²/12) and the
    /// bilinear interpolation back (k²/6) add k²/4.
    static func gridBox(sigmaPixels sigma: Double, cellPixels k: Int) -> GaussianBlur.Box? {
        guard k > 1 else { return GaussianBlur.box(sigmaPixels: sigma) }
        let kk = Double(k)
        return GaussianBlur.box(sigmaPixels: max(0, sigma * sigma - kk * kk / 4).squareRoot() / kk)
    }

    /// An offset in points as whole pixels at `scale` (±10⁶, far beyond any canvas).
    static func devicePixels(_ offset: Point, scale: Double) -> (Int, Int) {
        let limit = 1_000_000.0
        return (Int(max(-limit, min(limit, (offset.x * scale).rounded()))), Int(max(-limit, min(limit, (offset.y * scale).rounded()))))
    }

    /// `rect` (points) at `scale`, rounded out to whole pixels, ∩ `region`; nil when empty.
    static func region(of rect: Rect, scale: Double, within region: PixelRegion) -> PixelRegion? {
        let r = rect.scaled(by: scale)
        let x = AxisSpan(r.minX, r.maxX, lower: region.x0, upper: region.x1)
        let y = AxisSpan(r.minY, r.maxY, lower: region.y0, upper: region.y1)
        guard !x.isEmpty, !y.isEmpty else { return nil }
        return intersect(region, (x.firstPixel, y.firstPixel, x.endPixel, y.endPixel))
    }

    /// The cells of `k` pixels (cell i holds pixels k·i ..< k·(i + 1)) that `region` touches.
    static func cells(covering region: PixelRegion, cellPixels k: Int) -> PixelRegion {
        func floorDivision(_ a: Int) -> Int { a >= 0 ? a / k : -((-a + k - 1) / k) }
        return (floorDivision(region.x0), floorDivision(region.y0), -floorDivision(-region.x1), -floorDivision(-region.y1))
    }

    /// Pixels in a region.
    static func cells(_ r: PixelRegion) -> Int { (r.x1 - r.x0) * (r.y1 - r.y0) }

    /// The scratch of one band of coverage over `region` (`forEachCoverageBand`), in bytes.
    static func coverageBandBytes(_ region: PixelRegion) -> Int {
        let width = region.x1 - region.x0
        return min(region.y1 - region.y0, AreaAccumulator.bandRows(width: width)) * (10 * width + 16)
    }

    /// The whole device pixels holding `polygons` (device pixels), not limited to the canvas;
    /// nil when empty or not finite.
    static func pixelBox(of polygons: [[Point]]) -> PixelRegion? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons where polygon.count >= 3 {
            for p in polygon {
                guard p.x.isFinite, p.y.isFinite else { return nil }
                minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX < maxX, minY < maxY else { return nil }
        let limit = 1_000_000_000 // far beyond any canvas
        return (
            Int(clamping: minX.rounded(.down), to: -limit...limit), Int(clamping: minY.rounded(.down), to: -limit...limit),
            Int(clamping: maxX.rounded(.up), to: -limit...limit), Int(clamping: maxY.rounded(.up), to: -limit...limit)
        )
    }

    static func expand(_ r: PixelRegion, by margin: Int) -> PixelRegion { (r.x0 - margin, r.y0 - margin, r.x1 + margin, r.y1 + margin) }

    static func intersect(_ a: PixelRegion, _ b: PixelRegion) -> PixelRegion? {
        let r = (max(a.x0, b.x0), max(a.y0, b.y0), min(a.x1, b.x1), min(a.y1, b.y1))
        return r.0 < r.2 && r.1 < r.3 ? r : nil
    }

    static func hull(_ a: PixelRegion, _ b: PixelRegion) -> PixelRegion {
        (min(a.x0, b.x0), min(a.y0, b.y0), max(a.x1, b.x1), max(a.y1, b.y1))
    }
}
