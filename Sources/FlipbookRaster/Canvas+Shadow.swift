import FlipbookGeometry

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
    public var color: StraightColor
    /// How far the shadow is moved from the shape, in canvas points (y down).
    public var offset: Point
    /// The Gaussian's standard deviation in canvas points (`shadowRadius`); 0 = a hard edge.
    public var blurRadiusPoints: Double

    /// Creates a shadow.
    public init(color: StraightColor, offset: Point, blurRadiusPoints: Double) {
        self.color = color; self.offset = offset; self.blurRadiusPoints = blurRadiusPoints
    }
}

/// A device-pixel region `[x0, x1) × [y0, y1)`.
typealias PixelRegion = (x0: Int, y0: Int, x1: Int, y1: Int)

extension Canvas {
    /// Draws the shadow of `path` (canvas points, non-zero rule), multiplied by `opacity`,
    /// inside `clip`: what Core Animation draws under a layer with a `shadowPath`.
    ///
    /// The blur runs over a buffer covering what can reach the canvas (inside the clip), so the
    /// memory is bounded by the canvas and the blur's reach whatever the path's size.
    package mutating func drawShadow(of path: Path, shadow: Shadow, opacity: Double = 1, clip: Clip? = nil) {
        let source = shadow.color.premultipliedPixel.packed
        let weight = PixelMath.weight(opacity)
        guard source != 0, weight > 0, shadow.offset.x.isFinite, shadow.offset.y.isFinite else { return }
        let sigma = shadow.blurRadiusPoints * scale
        let reach = GaussianBlur.reach(sigmaPixels: sigma)
        let polygons = path.contours.map { $0.map { Point(x: ($0.x + shadow.offset.x) * scale, y: ($0.y + shadow.offset.y) * scale) } }
        guard let shape = Self.pixelBox(of: polygons),
              let reachable = Self.intersect(Self.expand(shape, by: reach), pixelBounds),
              let out = region(reachable, limitedTo: clip?.rect) else { return }
        guard let input = Self.intersect(Self.expand(out, by: reach), shape) else { return }
        let buffer = Self.hull(out, input)
        let coverage = Self.coverage(of: polygons, over: buffer)
        var plane = coverage.map { Int32($0) }
        let width = buffer.x1 - buffer.x0
        GaussianBlur.blur(&plane, width: width, height: buffer.y1 - buffer.y0, sigmaPixels: sigma, edge: .transparent)
        let weights = Self.crop(plane, width: width, from: buffer, to: out)
        draw(weights: weights, x: out.x0, y: out.y0, width: out.x1 - out.x0, height: out.y1 - out.y0, color: source,
             opacity: weight, clip: clip)
    }

    /// Draws `body` offscreen over `bounds` (points; nil = as far as a shadow can reach the
    /// canvas), then its shadow — the group's alpha, blurred, moved and coloured — and then the
    /// group over it, both multiplied by `opacity`; the shadow is cut by `clip`. What Core
    /// Animation draws for a layer with a shadow and no `shadowPath`. The offset is rounded to
    /// whole device pixels (the blur hides the difference).
    package mutating func drawShadowedGroup(shadow: Shadow, opacity: Double, bounds: Rect?, clip: Clip?, _ body: (inout Canvas) -> Void) {
        let weight = PixelMath.weight(opacity)
        guard weight > 0 else { return }
        let sigma = shadow.blurRadiusPoints * scale
        let reach = GaussianBlur.reach(sigmaPixels: sigma)
        let limit = 1_000_000.0
        let dx = Int(max(-limit, min(limit, (shadow.offset.x * scale).rounded()))), dy = Int(max(-limit, min(limit, (shadow.offset.y * scale).rounded())))
        // What the group draws matters on the canvas itself and, through its shadow, as far
        // as the blur and the offset carry it.
        let b = pixelBounds
        var reachable: PixelRegion = (b.x0 - reach - max(dx, 0), b.y0 - reach - max(dy, 0), b.x1 + reach - min(dx, 0), b.y1 + reach - min(dy, 0))
        reachable = (min(reachable.x0, b.x0), min(reachable.y0, b.y0), max(reachable.x1, b.x1), max(reachable.y1, b.y1))
        var content = reachable
        if let bounds {
            let r = bounds.scaled(by: scale)
            let x = AxisSpan(r.minX, r.maxX, lower: reachable.x0, upper: reachable.x1)
            let y = AxisSpan(r.minY, r.maxY, lower: reachable.y0, upper: reachable.y1)
            guard !x.isEmpty, !y.isEmpty, let limited = Self.intersect(content, (x.firstPixel, y.firstPixel, x.endPixel, y.endPixel)) else { return }
            content = limited
        }
        let layer = offscreen(content, body)
        let moved: PixelRegion = (content.x0 + dx, content.y0 + dy, content.x1 + dx, content.y1 + dy)
        let source = shadow.color.premultipliedPixel.packed
        if source != 0, let reachableOut = Self.intersect(Self.expand(moved, by: reach), pixelBounds),
           let out = region(reachableOut, limitedTo: clip?.rect), let input = Self.intersect(Self.expand(out, by: reach), moved) {
            let buffer = Self.hull(out, input)
            let width = buffer.x1 - buffer.x0, height = buffer.y1 - buffer.y0
            var plane = [Int32](repeating: 0, count: width * height)
            let layerWidth = layer.image.width
            layer.image.pixels.withUnsafeBufferPointer { pixels in
                for y in input.y0..<input.y1 {
                    for x in input.x0..<input.x1 {
                        let alpha = pixels[(y - moved.y0) * layerWidth + (x - moved.x0)] >> 24
                        plane[(y - buffer.y0) * width + (x - buffer.x0)] = Int32(PixelMath.weight(coverage: alpha))
                    }
                }
            }
            GaussianBlur.blur(&plane, width: width, height: height, sigmaPixels: sigma, edge: .transparent)
            let weights = Self.crop(plane, width: width, from: buffer, to: out)
            draw(weights: weights, x: out.x0, y: out.y0, width: out.x1 - out.x0, height: out.y1 - out.y0, color: source,
                 opacity: weight, clip: clip)
        }
        composite(layer.image, atPixelX: content.x0, y: content.y0, weight: weight)
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
        let limit = 1_000_000_000  // far beyond any canvas
        return (Int(clamping: minX.rounded(.down), to: -limit...limit), Int(clamping: minY.rounded(.down), to: -limit...limit),
                Int(clamping: maxX.rounded(.up), to: -limit...limit), Int(clamping: maxY.rounded(.up), to: -limit...limit))
    }

    static func expand(_ r: PixelRegion, by margin: Int) -> PixelRegion { (r.x0 - margin, r.y0 - margin, r.x1 + margin, r.y1 + margin) }

    static func intersect(_ a: PixelRegion, _ b: PixelRegion) -> PixelRegion? {
        let r = (max(a.x0, b.x0), max(a.y0, b.y0), min(a.x1, b.x1), min(a.y1, b.y1))
        return r.0 < r.2 && r.1 < r.3 ? r : nil
    }

    static func hull(_ a: PixelRegion, _ b: PixelRegion) -> PixelRegion { (min(a.x0, b.x0), min(a.y0, b.y0), max(a.x1, b.x1), max(a.y1, b.y1)) }

    /// The weights (0…256) of `plane` (over `from`, `width` wide) inside `to`, row-major.
    static func crop(_ plane: [Int32], width: Int, from: PixelRegion, to: PixelRegion) -> [UInt16] {
        var weights = [UInt16]()
        weights.reserveCapacity((to.x1 - to.x0) * (to.y1 - to.y0))
        for y in to.y0..<to.y1 {
            let row = (y - from.y0) * width - from.x0
            for x in to.x0..<to.x1 { weights.append(UInt16(clamping: min(256, max(0, plane[row + x])))) }
        }
        return weights
    }
}
