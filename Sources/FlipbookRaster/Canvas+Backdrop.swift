import FlipbookGeometry

/// What a blur effect does to the pixels under it (`UIVisualEffectView` with a `UIBlurEffect`):
/// a Gaussian blur, a saturation boost, then a tint composited over the result.
package struct BackdropFilter: Hashable, Sendable {
    /// The blur's standard deviation in canvas points (0 = none).
    package var blurRadiusPoints: Double
    /// The saturation factor: 1 leaves colours alone, 1.8 (iOS's) moves each colour 80 % further
    /// from its luma (Rec. 709 weights, as Apple's `UIImage+ImageEffects` sample).
    package var saturation: Double
    /// The tint composited source-over on the blurred, saturated backdrop (straight sRGB).
    package var tint: StraightColor

    /// Creates a filter.
    package init(blurRadiusPoints: Double, saturation: Double, tint: StraightColor) {
        self.blurRadiusPoints = blurRadiusPoints; self.saturation = saturation; self.tint = tint
    }
}

extension Canvas {
    /// Replaces the pixels inside `path` (canvas points, non-zero rule) ∩ `clip` by those of
    /// `filter` applied to them, mixed with the originals by the path's coverage times
    /// `opacity`. The blur reads past the path as far as it reaches (the canvas's own edge pixels
    /// beyond the canvas), so a blurred strip at the screen's edge has no dark fringe.
    ///
    /// The result is computed in bands of rows, each channel blurred in turn from a one-byte
    /// plane of the band's rows grown by the blur's reach (integer box passes, so a pixel's value
    /// is the same however the rows are cut), and written back once no later band reads what it
    /// covers. One band covers the whole region when that fits `budgetPixels` 4-byte values of
    /// scratch (nil: `defaultBufferBudget`), else bands as tall as fit, at least the reach. When
    /// not even that fits (a blur far wider than the canvas, in a group that used the budget),
    /// the canvas under the blur is averaged over cells of k × k pixels, blurred on that grid as
    /// `drawShadow` does, and interpolated back; when no grid fits, the pixels are saturated and
    /// tinted without a blur. The coverage is computed a band at a time (at most 2.5 MB, as for
    /// any path), outside the budget.
    package mutating func applyBackdrop(
        _ filter: BackdropFilter, to path: Path, opacity: Double = 1, clip: Clip? = nil,
        budgetPixels: Int? = nil
    ) {
        let weight = PixelMath.weight(opacity)
        let polygons = path.contours.map { $0.map { Point(x: $0.x * scale, y: $0.y * scale) } }
        guard weight > 0, let out = polygonRegion(polygons, clip: clip) else { return }
        let sigma = filter.blurRadiusPoints * scale
        let box = GaussianBlur.box(sigmaPixels: sigma)
        let reach = GaussianBlur.reach(sigmaPixels: sigma)
        guard let buffer = Self.intersect(Self.expand(out, by: reach), pixelBounds) else { return }
        let outWidth = out.x1 - out.x0, outHeight = out.y1 - out.y0, bufferWidth = buffer.x1 - buffer.x0
        let budget = budgetPixels ?? defaultBufferBudget
        // Saturation in fixed point: luma weights 0.2126, 0.7152, 0.0722 in 1/65536 (summing to
        // 65536), the factor in 1/256. Luma is linear, so it applies to premultiplied values.
        let factor = Int32(clamping: Int64((max(0, min(16, filter.saturation.isFinite ? filter.saturation : 1)) * 256).rounded()))
        let tint = filter.tint.premultipliedPixel.packed
        var coverage = AreaAccumulator(x: out.x0, y: out.y0, width: outWidth, height: outHeight)
        for polygon in polygons where polygon.count >= 3 {
            for i in 0..<polygon.count { coverage.addLine(polygon[i], polygon[(i + 1) % polygon.count]) }
        }
        // One band of coverage at a time (at most 2.5 MB, as every path fill takes), not
        // counted against the budget, which bounds what grows with the picture.
        let coverageBytes = Self.coverageBandBytes(out) + 2 * outWidth
        /// The scratch of bands of `rows` rows: the filtered pixels of the bands waiting to be
        /// written (one, or two when a band's blur reads the one before), a plane, the blur's
        /// and the coverage's own.
        func bytes(rows: Int) -> Int {
            let pending = rows >= outHeight ? 1 : 2
            let planeRows = min(buffer.y1 - buffer.y0, rows + 2 * reach)
            let blur = box.map { GaussianBlur.scratchBytes(width: bufferWidth, height: planeRows, box: $0, valueBytes: 1) } ?? 0
            return pending * min(rows, outHeight) * outWidth * 4 + planeRows * bufferWidth + blur
        }
        var rows = outHeight
        while (bytes(rows: rows) + 3) / 4 > budget, rows > max(1, reach) { rows = max(max(1, reach), rows / 2) }
        if (bytes(rows: rows) + 3) / 4 <= budget {
            noteBuffers((bytes(rows: rows) + coverageBytes + 3) / 4)
            var waiting: [(band: PixelRegion, filtered: [UInt32])] = []
            var top = out.y0
            while top < out.y1 {
                let band: PixelRegion = (out.x0, top, out.x1, min(out.y1, top + rows))
                waiting.append((band, backdropBand(band, buffer: buffer, box: box, reach: reach, factor: factor, tint: tint)))
                top = band.y1
                // A band is written once no band still to come reads its rows.
                while let first = waiting.first, top >= out.y1 || first.band.y1 <= top - reach {
                    waiting.removeFirst()
                    mixBackdrop(first.filtered, band: first.band, coverage: &coverage, clip: clip, opacity: weight)
                }
            }
            return
        }
        for k in Self.cellSizes(sigmaPixels: sigma).dropFirst() {
            let cells = Self.cells(covering: buffer, cellPixels: k)
            let cellBox = Self.gridBox(sigmaPixels: sigma, cellPixels: k)
            let count = Self.cells(cells), cellWidth = cells.x1 - cells.x0, cellHeight = cells.y1 - cells.y0
            let blur = cellBox.map { GaussianBlur.scratchBytes(width: cellWidth, height: cellHeight, box: $0, valueBytes: 1) } ?? 0
            let bandRows = min(outHeight, AreaAccumulator.bandRows(width: outWidth))
            let bytes = 5 * count + blur + 4 * bandRows * outWidth
            guard (bytes + 3) / 4 <= budget else { continue }
            noteBuffers((bytes + coverageBytes + 3) / 4)
            let blurred = coarseBackdrop(buffer: buffer, cells: cells, cellPixels: k, box: cellBox)
            var top = out.y0
            while top < out.y1 {
                let band: PixelRegion = (out.x0, top, out.x1, min(out.y1, top + bandRows))
                let filtered = blurred.withUnsafeBufferPointer {
                    interpolatedBackdrop($0, cells: cells, cellPixels: k, band: band, factor: factor, tint: tint)
                }
                mixBackdrop(filtered, band: band, coverage: &coverage, clip: clip, opacity: weight)
                top = band.y1
            }
            return
        }
        // No room for a blur at all: the filter's colour change alone, pixel by pixel.
        noteBuffers((coverageBytes + 3) / 4)
        var top = out.y0
        while top < out.y1 {
            let band: PixelRegion = (out.x0, top, out.x1, min(out.y1, top + AreaAccumulator.bandRows(width: outWidth)))
            var filtered = [UInt32](repeating: 0, count: (band.y1 - band.y0) * outWidth)
            for y in band.y0..<band.y1 {
                let row = (y - originY) * image.width - originX, at = (y - band.y0) * outWidth - band.x0
                for x in band.x0..<band.x1 { filtered[at + x] = Self.saturateAndTint(image.pixels[row + x], factor: factor, tint: tint) }
            }
            mixBackdrop(filtered, band: band, coverage: &coverage, clip: clip, opacity: weight)
            top = band.y1
        }
    }

    /// The canvas over `buffer` averaged over `cells` of `k` pixels (each channel rounded, a
    /// cell at the buffer's edge over its pixels inside it), each channel then blurred by `box`
    /// with the edge cells repeated beyond.
    func coarseBackdrop(buffer: PixelRegion, cells: PixelRegion, cellPixels k: Int, box: GaussianBlur.Box?) -> [UInt32] {
        let width = cells.x1 - cells.x0, height = cells.y1 - cells.y0
        var packed = [UInt32](repeating: 0, count: width * height)
        image.pixels.withUnsafeBufferPointer { pixels in
            for cy in cells.y0..<cells.y1 {
                let y0 = max(buffer.y0, cy * k), y1 = min(buffer.y1, (cy + 1) * k)
                for cx in cells.x0..<cells.x1 {
                    let x0 = max(buffer.x0, cx * k), x1 = min(buffer.x1, (cx + 1) * k)
                    var sums = (0, 0, 0, 0)
                    for y in y0..<y1 {
                        let row = (y - originY) * image.width - originX
                        for x in x0..<x1 {
                            let p = pixels[row + x]
                            sums.0 += Int(p & 0xFF); sums.1 += Int((p >> 8) & 0xFF); sums.2 += Int((p >> 16) & 0xFF); sums.3 += Int(p >> 24)
                        }
                    }
                    let n = (x1 - x0) * (y1 - y0), half = n / 2
                    packed[(cy - cells.y0) * width + (cx - cells.x0)] =
                        UInt32((sums.0 + half) / n) | UInt32((sums.1 + half) / n) << 8
                        | UInt32((sums.2 + half) / n) << 16 | UInt32((sums.3 + half) / n) << 24
                }
            }
        }
        guard let box else { return packed }
        var plane = [UInt8](repeating: 0, count: width * height)
        for channel in 0..<4 {
            let shift = UInt32(8 * channel)
            for i in plane.indices { plane[i] = UInt8(truncatingIfNeeded: packed[i] >> shift) }
            plane.withUnsafeMutableBufferPointer { GaussianBlur.blur($0, width: width, height: height, box: box, edge: .clamp) }
            for i in plane.indices { packed[i] = packed[i] & ~(0xFF << shift) | UInt32(plane[i]) << shift }
        }
        return packed
    }

    /// The filtered pixels of `band` from a blurred coarse grid (`coarseBackdrop`): each
    /// channel the bilinear interpolation of the four cells around the pixel's centre (the
    /// grid's edge cells repeated beyond it), then saturated and tinted.
    func interpolatedBackdrop(
        _ blurred: UnsafeBufferPointer<UInt32>, cells: PixelRegion, cellPixels k: Int, band: PixelRegion,
        factor: Int32, tint: UInt32
    ) -> [UInt32] {
        let width = cells.x1 - cells.x0, height = cells.y1 - cells.y0, bandWidth = band.x1 - band.x0
        var filtered = [UInt32](repeating: 0, count: bandWidth * (band.y1 - band.y0))
        let columns = (band.x0..<band.x1).map { Self.gridPosition($0, cellPixels: k) }
        func cell(_ cx: Int, _ cy: Int) -> UInt32 {
            blurred[min(height - 1, max(0, cy - cells.y0)) * width + min(width - 1, max(0, cx - cells.x0))]
        }
        for y in band.y0..<band.y1 {
            let (cy, fy) = Self.gridPosition(y, cellPixels: k)
            for (i, (cx, fx)) in columns.enumerated() {
                let a = cell(cx, cy), b = cell(cx + 1, cy), c = cell(cx, cy + 1), d = cell(cx + 1, cy + 1)
                var pixel: UInt32 = 0
                for shift in stride(from: UInt32(0), through: 24, by: 8) {
                    func v(_ p: UInt32) -> Int { Int((p >> shift) & 0xFF) }
                    let top = v(a) * (256 - fx) + v(b) * fx, bottom = v(c) * (256 - fx) + v(d) * fx
                    pixel |= UInt32((top * (256 - fy) + bottom * fy + 32768) >> 16) << shift
                }
                filtered[(y - band.y0) * bandWidth + i] = Self.saturateAndTint(pixel, factor: factor, tint: tint)
            }
        }
        return filtered
    }

    /// A blurred premultiplied pixel moved `factor`/256 away from its luma (clamped to 0…alpha)
    /// and the tint composited over it.
    static func saturateAndTint(_ p: UInt32, factor: Int32, tint: UInt32) -> UInt32 {
        let r = Int32(p & 0xFF), g = Int32((p >> 8) & 0xFF), b = Int32((p >> 16) & 0xFF), a = Int32(p >> 24)
        let luma = (13933 * r + 46871 * g + 4732 * b + 32768) >> 16
        func saturate(_ c: Int32) -> UInt32 { UInt32(max(0, min(a, luma + (((c - luma) * factor + 128) >> 8)))) }
        return PixelMath.sourceOver(tint, saturate(r) | saturate(g) << 8 | saturate(b) << 16 | UInt32(a) << 24)
    }

    /// The filtered pixels of `band` (blurred with the rows of `buffer` within `reach`,
    /// saturated, tinted), row-major.
    func backdropBand(_ band: PixelRegion, buffer: PixelRegion, box: GaussianBlur.Box?, reach: Int, factor: Int32, tint: UInt32) -> [UInt32]
    {
        let window: PixelRegion = (buffer.x0, max(buffer.y0, band.y0 - reach), buffer.x1, min(buffer.y1, band.y1 + reach))
        let width = window.x1 - window.x0, height = window.y1 - window.y0
        let bandWidth = band.x1 - band.x0
        var filtered = [UInt32](repeating: 0, count: bandWidth * (band.y1 - band.y0))
        var plane = [UInt8](repeating: 0, count: width * height)
        for channel in 0..<4 {
            let shift = UInt32(8 * channel)
            image.pixels.withUnsafeBufferPointer { pixels in
                for y in window.y0..<window.y1 {
                    let row = (y - originY) * image.width - originX, at = (y - window.y0) * width - window.x0
                    for x in window.x0..<window.x1 { plane[at + x] = UInt8(truncatingIfNeeded: pixels[row + x] >> shift) }
                }
            }
            plane.withUnsafeMutableBufferPointer { plane in
                if let box { GaussianBlur.blur(plane, width: width, height: height, box: box, edge: .clamp) }
            }
            for y in band.y0..<band.y1 {
                let row = (y - window.y0) * width - window.x0, at = (y - band.y0) * bandWidth - band.x0
                for x in band.x0..<band.x1 { filtered[at + x] |= UInt32(plane[row + x]) << shift }
            }
        }
        for i in filtered.indices { filtered[i] = Self.saturateAndTint(filtered[i], factor: factor, tint: tint) }
        return filtered
    }

    /// Mixes a band's filtered pixels into the canvas by the coverage (the accumulator's next
    /// rows, a band at a time), `clip` and `opacity`.
    mutating func mixBackdrop(_ filtered: [UInt32], band: PixelRegion, coverage: inout AreaAccumulator, clip: Clip?, opacity: UInt32) {
        let width = band.x1 - band.x0
        var y = band.y0
        while y < band.y1, let rows = coverage.nextBand(rows: min(band.y1 - y, AreaAccumulator.bandRows(width: width))) {
            let part: PixelRegion = (band.x0, y, band.x1, y + rows.rows)
            filtered.withUnsafeBufferPointer { filtered in
                forEachWeightedSegment(
                    weights: rows.weights, x: part.x0, y: part.y0, width: width, height: rows.rows,
                    clip: clip, opacity: opacity
                ) { segment in
                    let source = filtered.baseAddress! + ((segment.y - band.y0) * width + (segment.x - band.x0))
                    let weights = segment.weights!
                    for i in 0..<segment.count {
                        segment.destination[i] = Self.mix(source[i], segment.destination[i], weight: UInt32(weights[i]))
                    }
                }
            }
            y = part.y1
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
