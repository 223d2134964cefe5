import FlipbookGeometry

/// What a blur effect does to the pixels under it (`UIVisualEffectView` with a `UIBlurEffect`):
/// a Gaussian blur, a saturation boost, then a tint composited over the result.
package struct BackdropFilter: Hashable, Sendable {
    /// The blur's standard deviation in canvas points (0 = none).
    public var blurRadiusPoints: Double
    /// The saturation factor: 1 leaves colours alone, 1.8 (iOS's) moves each colour 80 % further
    /// from its luma (Rec. 709 weights, as Apple's `UIImage+ImageEffects` sample).
    public var saturation: Double
    /// The tint composited source-over on the blurred, saturated backdrop (straight sRGB).
    public var tint: StraightColor

    /// Creates a filter.
    public init(blurRadiusPoints: Double, saturation: Double, tint: StraightColor) {
        self.blurRadiusPoints = blurRadiusPoints; self.saturation = saturation; self.tint = tint
    }
}

extension Canvas {
    /// Replaces the pixels inside `path` (canvas points, non-zero rule) ∩ `clip` by those of
    /// `filter` applied to them, mixed with the originals by the path's coverage times
    /// `opacity`. The blur reads past the path as far as it reaches (the canvas's own edge pixels
    /// beyond the canvas), so a blurred strip at the screen's edge has no dark fringe.
    package mutating func applyBackdrop(_ filter: BackdropFilter, to path: Path, opacity: Double = 1, clip: Clip? = nil) {
        let weight = PixelMath.weight(opacity)
        let polygons = path.contours.map { $0.map { Point(x: $0.x * scale, y: $0.y * scale) } }
        guard weight > 0, let out = polygonRegion(polygons, clip: clip) else { return }
        let sigma = filter.blurRadiusPoints * scale
        let reach = GaussianBlur.reach(sigmaPixels: sigma)
        guard let buffer = Self.intersect(Self.expand(out, by: reach), pixelBounds) else { return }
        let width = buffer.x1 - buffer.x0, height = buffer.y1 - buffer.y0
        // Four planes of premultiplied channels (red, green, blue, alpha).
        var planes = [[Int32]](repeating: [Int32](repeating: 0, count: width * height), count: 4)
        for y in buffer.y0..<buffer.y1 {
            let row = (y - originY) * image.width - originX
            for x in buffer.x0..<buffer.x1 {
                let p = image.pixels[row + x], i = (y - buffer.y0) * width + (x - buffer.x0)
                for c in 0..<4 { planes[c][i] = Int32((p >> (8 * UInt32(c))) & 0xFF) }
            }
        }
        for c in 0..<4 { GaussianBlur.blur(&planes[c], width: width, height: height, sigmaPixels: sigma, edge: .clamp) }
        // Saturation in fixed point: luma weights 0.2126, 0.7152, 0.0722 in 1/65536 (summing to
        // 65536), the factor in 1/256. Luma is linear, so it applies to premultiplied values.
        let factor = Int32(clamping: Int64((max(0, min(16, filter.saturation.isFinite ? filter.saturation : 1)) * 256).rounded()))
        let tint = filter.tint.premultipliedPixel.packed
        var filtered = [UInt32](repeating: 0, count: (out.x1 - out.x0) * (out.y1 - out.y0))
        let outWidth = out.x1 - out.x0
        for y in out.y0..<out.y1 {
            for x in out.x0..<out.x1 {
                let i = (y - buffer.y0) * width + (x - buffer.x0)
                let r = planes[0][i], g = planes[1][i], b = planes[2][i], a = planes[3][i]
                let luma = (13933 * r + 46871 * g + 4732 * b + 32768) >> 16
                func saturate(_ c: Int32) -> UInt32 { UInt32(max(0, min(a, luma + (((c - luma) * factor + 128) >> 8)))) }
                let pixel = saturate(r) | saturate(g) << 8 | saturate(b) << 16 | UInt32(a) << 24
                filtered[(y - out.y0) * outWidth + (x - out.x0)] = PixelMath.sourceOver(tint, pixel)
            }
        }
        let coverage = Self.coverage(of: polygons, over: out)
        filtered.withUnsafeBufferPointer { filtered in
            forEachWeightedSegment(weights: coverage, x: out.x0, y: out.y0, width: outWidth, height: out.y1 - out.y0,
                                   clip: clip, opacity: weight) { segment in
                let source = filtered.baseAddress! + ((segment.y - out.y0) * outWidth + (segment.x - out.x0))
                let weights = segment.weights!
                for i in 0..<segment.count {
                    segment.destination[i] = Self.mix(source[i], segment.destination[i], weight: UInt32(weights[i]))
                }
            }
        }
    }

    /// `a·w + b·(256 − w)` per channel, rounded (w in 0…256): premultiplied stays premultiplied.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, weight w: UInt32) -> UInt32 {
        if w >= 256 { return a }
        if w == 0 { return b }
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), through: 24, by: 8) {
            let ca = (a >> shift) & 0xFF, cb = (b >> shift) & 0xFF
            out |= ((ca * w + cb * (256 - w) + 128) >> 8) << shift
        }
        return out
    }
}
