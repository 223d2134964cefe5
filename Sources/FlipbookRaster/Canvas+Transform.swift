// Drawing under a 2-D affine transform (a layer's scale, rotation, translation, flip): images,
// possibly rounded rects, and groups masked by a polygon. The maths is in docs/RASTER.md
// ("Transforms").
package import FlipbookGeometry

extension Canvas {
    /// Draws `image` laid out in `rect` by `contentMode` in a layer's local points, mapped to the
    /// canvas by `transform`, multiplied by `opacity` (clamped to 0…1), inside `clip`.
    ///
    /// `rect` and the content-mode layout are in local points; `transform` maps local points to
    /// canvas points (before the canvas scale); `clip` is in canvas points. The layout is done
    /// first and then mapped (UIKit lays out in the bounds, then applies the layer transform).
    ///
    /// - When `transform.isPositiveAxisAligned` this is exactly
    ///   `draw(image, in: transform.apply(to: layout), contentMode: .scaleToFill, …)`, the
    ///   axis-aligned draw (same pixels, bit for bit); for the identity (or a translation by
    ///   exactly representable amounts) that is `draw(image, in: rect, contentMode: contentMode, …)`.
    /// - Otherwise (rotation, shear, flip): the transformed image quad gets exact area coverage
    ///   (non-zero polygon coverage, as `fill(_:Path…)`); each covered device pixel's centre is
    ///   mapped back into the image and sampled bilinearly (clamp-to-edge) from the pyramid level
    ///   chosen by the smaller singular value of the image-to-device map (so that it is ≥ ½, as
    ///   the axis-aligned draw chooses by the smaller axis scale).
    ///
    /// `scaleAspectFill` and `center` overflow `rect` unless `clip` cuts them (`clipsToBounds`).
    /// A singular or non-finite transform draws nothing.
    package mutating func draw(
        _ image: ImagePyramid, in rect: Rect, contentMode: ContentMode, transform: Transform2D,
        opacity: Double = 1, clip: Clip? = nil
    ) {
        guard image.width > 0, image.height > 0 else { return }
        let layout = contentMode.imageRect(imageSize: Size(width: Double(image.widthPoints), height: Double(image.heightPoints)), in: rect)
        if transform.isPositiveAxisAligned {
            draw(image, in: transform.apply(to: layout), contentMode: .scaleToFill, opacity: opacity, clip: clip)
            return
        }
        let weight = PixelMath.weight(opacity)
        guard weight > 0, !layout.isEmpty else { return }
        // Base pixel → local points → canvas points → device pixels. A reduced decode's base pixel
        // covers `reduction` points (as in the axis-aligned draw).
        let reduction = Double(image.reduction)
        let imageToLocal = Transform2D(
            a: layout.width / (Double(image.widthPoints) / reduction), b: 0, c: 0,
            d: layout.height / (Double(image.heightPoints) / reduction), tx: layout.x, ty: layout.y)
        let toDevice = imageToLocal.concatenating(transform).concatenating(Transform2D(scaleX: scale, y: scale))
        guard let inverse = toDevice.inverted(), hasFiniteEntries(inverse) else { return }

        // Level: the smallest k with σ_min · 2^k ≥ ½, σ_min = device pixels per base pixel along
        // the most reduced direction (the axis-aligned draw's min(scaleX, scaleY)).
        let minimumScale = singularValues(of: toDevice).smaller
        var level = 0
        while level + 1 < image.levelCount, minimumScale * Double(1 << level) < 0.5 { level += 1 }
        let source = image.level(level)
        let factor = Double(1 << level)
        // Device position → the level's pixel-centre grid (level pixel j's centre is j).
        let toLevel = inverse.concatenating(Transform2D(a: 1 / factor, b: 0, c: 0, d: 1 / factor, tx: -0.5, ty: -0.5))
        let sampler = TransformedSampler(toLevel, width: source.width, height: source.height)

        let quad = transform.corners(of: layout).map { Point(x: $0.x * scale, y: $0.y * scale) }
        source.pixels.withUnsafeBufferPointer { pixels in
            let src = pixels.baseAddress!
            forEachPolygonSegment([quad], clip: clip, opacity: weight) { segment in
                let weights = segment.weights!
                var (u, v) = sampler.position(x: segment.x, y: segment.y)
                for i in 0..<segment.count {
                    let w = UInt64(weights[i])
                    if w == 256 { // scale by 256 is the identity: (c·256 + 128) >> 8 = c
                        Self.blend(Self.pack(sampler.sample(src, u, v)), into: segment.destination + i)
                    } else if w != 0 {
                        Self.blend(Self.pack(Self.scale(sampler.sample(src, u, v), by: w)), into: segment.destination + i)
                    }
                    u &+= sampler.stepU; v &+= sampler.stepV
                }
            }
        }
    }

    /// Fills `rect` (local points) with corner radius `cornerRadius` (local points, limited to
    /// half the shorter side; ≤ 0 or NaN = square), mapped to the canvas by `transform`,
    /// multiplied by `opacity` (clamped to 0…1), inside `clip` (canvas points).
    ///
    /// - Positive axis-aligned transform, square corners: exactly `fill(transform.apply(to: rect), …)`.
    /// - Positive axis-aligned uniform scale (`a == d`), round corners, `clip` nil or square: the
    ///   rounded-clip path — the region `clip.rect ∩ roundedRect(mapped rect, cornerRadius · a)`
    ///   as a `Clip` with `cornerRect`, so the straight edges get the exact area coverage of a
    ///   fill and the corners the rounded clip's ramp (see docs/RASTER.md).
    /// - Otherwise: exact non-zero polygon coverage of the mapped outline, the corner arcs
    ///   flattened so that every chord is within 1/16 device pixel of the mapped arc.
    package mutating func fill(
        _ rect: Rect, cornerRadius: Double, transform: Transform2D, color: StraightColor,
        opacity: Double = 1, clip: Clip? = nil
    ) {
        if transform.isPositiveAxisAligned {
            let mapped = transform.apply(to: rect)
            guard cornerRadius > 0 else { return fill(mapped, color: color, opacity: opacity, clip: clip) }
            if transform.a == transform.d, clip.map(\.isSquare) ?? true {
                // The shape is carried by the clip; the filled rect only has to cover every pixel
                // the mapped rect touches with full weight, so it is one device pixel larger.
                let rounded = Clip(rect: clip?.rect ?? mapped, cornerRadius: cornerRadius * transform.a, cornerRect: mapped)
                let margin = 1 / scale
                return fill(mapped.insetBy(dx: -margin, dy: -margin), color: color, opacity: opacity, clip: rounded)
            }
        }
        let outline = roundedRectOutline(
            rect, cornerRadius: cornerRadius,
            transform: transform.concatenating(Transform2D(scaleX: scale, y: scale)), tolerance: 1.0 / 16)
        fill(polygons: [outline], color: color, opacity: opacity, clip: clip)
    }

    /// Draws `body` as a group with group opacity, like `drawGroup(opacity:bounds:_:)`, and
    /// with an optional anti-aliased polygon `mask` (canvas points, filled by its `fillRule`).
    ///
    /// With `mask` nil this is exactly `drawGroup(opacity:bounds:_:)`. Otherwise the body always
    /// draws into a transparent offscreen buffer covering `bounds` (nil = the canvas) ∩ the
    /// mask's bounding box ∩ the canvas, rounded out to whole device pixels, which is composited
    /// source-over with each pixel scaled by `multiplyWeights(mask coverage, opacity weight)`;
    /// the mask coverage is the exact area coverage of `fill(_:Path…)`. An empty mask (no
    /// contour of three or more vertices) masks everything away; the body is then not called.
    /// Used for clips under rotation and for nested rounded clips
    /// (`Path(roundedRect:cornerRadius:transform:)` builds such a mask).
    package mutating func drawGroup(opacity: Double, bounds: Rect?, mask: Path?, _ body: (inout Canvas) -> Void) {
        guard let mask else { return drawGroup(opacity: opacity, bounds: bounds, body) }
        let weight = PixelMath.weight(opacity)
        let polygons = mask.contours.map { $0.map { Point(x: $0.x * scale, y: $0.y * scale) } }
        guard weight > 0, let maskRegion = polygonRegion(polygons, clip: nil),
            let region = region(maskRegion, limitedTo: bounds)
        else { return }
        let layer = offscreen(region, body)
        noteBuffers(Self.cells(region) + max(layer.peakBufferPixels, (Self.coverageBandBytes(region) + 3) / 4))
        let (x0, y0, x1, _) = region
        let width = x1 - x0
        layer.image.pixels.withUnsafeBufferPointer { layerPixels in
            Self.forEachCoverageBand(of: polygons, over: region, rule: mask.fillRule) { band, coverage in
                forEachWeightedSegment(
                    weights: coverage, x: x0, y: band.y0, width: width, height: band.y1 - band.y0, clip: nil,
                    opacity: weight
                ) { segment in
                    let s = layerPixels.baseAddress! + ((segment.y - y0) * width + (segment.x - x0))
                    let weights = segment.weights!
                    for i in 0..<segment.count {
                        let p = PixelMath.scale(s[i], by: UInt32(weights[i]))
                        if p != 0 { segment.destination[i] = PixelMath.sourceOver(p, segment.destination[i]) }
                    }
                }
            }
        }
    }
}

extension Path {
    /// A closed polygon approximating the rounded rect `roundedRect` (points) with corner radius
    /// `cornerRadius` (limited to half the shorter side; ≤ 0 or NaN = square corners), mapped by
    /// `transform` (e.g. a layer's local-to-canvas transform), for a `drawGroup` mask.
    ///
    /// Wound clockwise on screen before the transform (a flip reverses it; the non-zero rule does
    /// not care). Each corner arc is flattened into chords that stay within 1/64 point of the
    /// mapped arc (1/16 device pixel up to scale 4), with deterministic vertices (see
    /// docs/RASTER.md). An empty rect gives an empty path.
    package init(roundedRect: Rect, cornerRadius: Double, transform: Transform2D = .identity) {
        self.init(polygon: roundedRectOutline(roundedRect, cornerRadius: cornerRadius, transform: transform, tolerance: 1.0 / 64))
    }
}

extension Clip {
    /// True when the region is a plain rect: no rounded corners and no separate `cornerRect`.
    var isSquare: Bool { !(cornerRadius > 0) && (cornerRect == nil || cornerRect == rect) }
}

/// True when all six entries of `t` are finite.
func hasFiniteEntries(_ t: Transform2D) -> Bool {
    t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite
}

/// The singular values of `t`'s linear part (how much it stretches lengths, at most and at
/// least): with `S = a² + b² + c² + d²` and `Δ = |ad − bc|`, `σ_max = √((S + √(S² − 4Δ²)) / 2)` and
/// `σ_min = Δ / σ_max` (the stable form of the smaller root; only `sqrt`, no libm).
func singularValues(of t: Transform2D) -> (larger: Double, smaller: Double) {
    let sum = t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d
    let determinant = abs(t.a * t.d - t.b * t.c)
    let larger = ((sum + max(0, sum * sum - 4 * determinant * determinant).squareRoot()) / 2).squareRoot()
    return (larger, larger > 0 ? determinant / larger : 0)
}

/// The outline of a rounded rect (local coordinates) mapped by `transform`, clockwise on screen
/// before the transform, starting at the top of the left edge. The radius is limited to half the
/// shorter side. Each quarter arc is split into `n` equal angles, `n` the smallest with a chord
/// sagitta `R(1 − cos(π/4n)) ≤ R(π/4n)²/2 ≤ tolerance`, `R` = radius × the transform's larger
/// singular value (a linear map moves the arc at most that much farther from its chord), capped
/// at 4096 chords per quarter; vertex angles' cosines from `DeterministicMath.cos`, sines as the
/// cosines of the complementary angles (so arcs are exactly symmetric and end on the tangent
/// points). An empty or non-finite rect gives no vertices.
func roundedRectOutline(_ rect: Rect, cornerRadius: Double, transform: Transform2D, tolerance: Double) -> [Point] {
    guard !rect.isEmpty, rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return [] }
    let radius = min(cornerRadius, rect.width / 2, rect.height / 2)
    guard radius > 0 else { return transform.corners(of: rect) }
    let reach = radius * singularValues(of: transform).larger
    let chords = reach.isFinite ? Int(clamping: (Double.pi / 4 * (reach / (2 * tolerance)).squareRoot()).rounded(.up), to: 1...4096) : 1
    // cos(k·π/(2n)) for k = 0…n, with the end points exact.
    var cosines = (0...chords).map { DeterministicMath.cos(Double($0) * Double.pi / Double(2 * chords)) }
    cosines[0] = 1; cosines[chords] = 0
    let left = rect.minX + radius, right = rect.maxX - radius, top = rect.minY + radius, bottom = rect.maxY - radius
    var points: [Point] = []
    points.reserveCapacity(4 * (chords + 1))
    // Per corner: the centre and the offsets (cos θ, sin θ) → unit vector, θ from 0 to π/2.
    for k in 0...chords { let c = cosines[k], s = cosines[chords - k]; points.append(Point(x: left - radius * c, y: top - radius * s)) }
    for k in 0...chords { let c = cosines[k], s = cosines[chords - k]; points.append(Point(x: right + radius * s, y: top - radius * c)) }
    for k in 0...chords { let c = cosines[k], s = cosines[chords - k]; points.append(Point(x: right + radius * c, y: bottom + radius * s)) }
    for k in 0...chords { let c = cosines[k], s = cosines[chords - k]; points.append(Point(x: left - radius * s, y: bottom + radius * c)) }
    return points.map(transform.apply(to:))
}

/// Bilinear sampling positions for a transformed image draw: the device pixel centre
/// `(x + ½, y + ½)` mapped into a pyramid level's pixel-centre grid, in 32.32 fixed point.
///
/// A row's position at device column 0 is computed from the affine map in Doubles and rounded
/// once; along the row every column adds the rounded per-column step. So each pixel's position is
/// a fixed function of (x, y), whatever segment it is drawn in.
struct TransformedSampler {
    let map: Transform2D
    /// Per device column, in 32.32 fixed point of level pixels.
    let stepU: Int64, stepV: Int64
    let width: Int, height: Int

    init(_ map: Transform2D, width: Int, height: Int) {
        self.map = map; self.width = width; self.height = height
        stepU = Self.fixed(map.a, limit: 256); stepV = Self.fixed(map.b, limit: 256)
    }

    /// `value` in 32.32 fixed point, clamped to ±`limit` (keeps every position far inside Int64:
    /// legitimate steps are ≤ 2 level pixels per device pixel, positions ≤ canvas size × step).
    static func fixed(_ value: Double, limit: Double) -> Int64 {
        let bound = Int(limit) << 32
        return Int64(Int(clamping: (value * 4_294_967_296).rounded(), to: -bound...bound))
    }

    /// The position of device pixel (x, y).
    func position(x: Int, y: Int) -> (u: Int64, v: Int64) {
        let cy = Double(y) + 0.5
        let u0 = map.a * 0.5 + map.c * cy + map.tx, v0 = map.b * 0.5 + map.d * cy + map.ty
        return (Self.fixed(u0, limit: 536_870_912) &+ Int64(x) &* stepU, Self.fixed(v0, limit: 536_870_912) &+ Int64(x) &* stepV)
    }

    /// The bilinear sample at (u, v): the two neighbouring columns and rows with 8-bit fractions,
    /// clamped to the edge (index < 0 → 0, index ≥ last → last, fraction 0), then the rounded lerp
    /// `(a·(256 − f) + b·f + 128) >> 8` per channel, vertically then horizontally — the same
    /// formula as the axis-aligned draw. Returns a spread pixel (see `Canvas.spread`).
    @inline(__always)
    func sample(_ pixels: UnsafePointer<UInt32>, _ u: Int64, _ v: Int64) -> UInt64 {
        let (x0, x1, fx) = Self.axis(u, last: width - 1)
        let (y0, y1, fy) = Self.axis(v, last: height - 1)
        let row0 = pixels + y0 * width, row1 = pixels + y1 * width
        let left = Canvas.lerp(Canvas.spread(row0[x0]), Canvas.spread(row1[x0]), fy)
        let right = Canvas.lerp(Canvas.spread(row0[x1]), Canvas.spread(row1[x1]), fy)
        return Canvas.lerp(left, right, fx)
    }

    @inline(__always)
    static func axis(_ position: Int64, last: Int) -> (Int, Int, UInt64) {
        let whole = position >> 32
        if whole < 0 { return (0, 0, 0) }
        if whole >= Int64(last) { return (last, last, 0) }
        return (Int(whole), Int(whole) + 1, UInt64((position >> 24) & 0xFF))
    }
}
