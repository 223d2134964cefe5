// Drawing through a projective map (a layer's plane under a 3-D transform with perspective):
// exact area coverage of the projected outline, each covered pixel's centre mapped back through
// the inverse homography and sampled with the filtering of the affine draw (docs/RASTER.md,
// "Projective maps").
package import FlipbookGeometry

extension Canvas {
    /// Draws `image` laid out in `rect` by `contentMode` (a layer's points), mapped to the canvas
    /// by `projection` (layer points → canvas points), multiplied by `opacity`, inside `clip`.
    ///
    /// An affine `projection` is exactly `draw(_:in:contentMode:transform:opacity:clip:)`.
    /// Otherwise the image quad, cut where it passes behind the eye (`Homography.project`), gets
    /// exact non-zero area coverage; each covered device pixel's centre `(x + ½, y + ½)` is mapped
    /// back into the image by the inverse homography (a division per pixel, in Doubles, so a
    /// pixel's position is a fixed function of (x, y)) and sampled bilinearly, clamp-to-edge, as
    /// the affine draw samples. The pyramid level is chosen as the affine draw chooses it, from
    /// the smaller singular value of the image-to-device map's Jacobian at the quad's centre
    /// (a perspective map stretches unevenly; the centre is its typical stretch).
    /// A singular or non-finite map draws nothing.
    package mutating func draw(
        _ image: ImagePyramid, in rect: Rect, contentMode: ContentMode, projection: Homography,
        opacity: Double = 1, clip: Clip? = nil
    ) {
        if projection.isAffine {
            return draw(image, in: rect, contentMode: contentMode, transform: projection.affine, opacity: opacity, clip: clip)
        }
        guard image.width > 0, image.height > 0 else { return }
        let layout = contentMode.imageRect(imageSize: Size(width: Double(image.widthPoints), height: Double(image.heightPoints)), in: rect)
        let weight = PixelMath.weight(opacity)
        guard weight > 0, !layout.isEmpty else { return }
        let reduction = Double(image.reduction)
        let imageToLocal = Transform2D(
            a: layout.width / (Double(image.widthPoints) / reduction), b: 0, c: 0,
            d: layout.height / (Double(image.heightPoints) / reduction), tx: layout.x, ty: layout.y)
        let toDevice = Homography(imageToLocal).concatenating(projection).concatenating(Homography(Transform2D(scaleX: scale, y: scale)))
        guard let inverse = toDevice.inverted() else { return }
        let centre = Point(x: (Double(image.widthPoints) / reduction) / 2, y: (Double(image.heightPoints) / reduction) / 2)
        let minimumScale = singularValues(of: toDevice.jacobian(at: centre)).smaller
        var level = 0
        while level + 1 < image.levelCount, minimumScale * Double(1 << level) < 0.5 { level += 1 }
        let source = image.level(level)
        let factor = Double(1 << level)
        let toLevel = inverse.concatenating(Homography(Transform2D(a: 1 / factor, b: 0, c: 0, d: 1 / factor, tx: -0.5, ty: -0.5)))
        let sampler = TransformedSampler(.identity, width: source.width, height: source.height)
        let corners = Transform2D.identity.corners(of: layout)
        let quad = projection.project(corners).map { Point(x: $0.x * scale, y: $0.y * scale) }
        guard quad.count >= 3 else { return }
        // Positions far outside the image clamp to its edge; the bound keeps them inside Int64.
        let limit = 536_870_912.0
        source.pixels.withUnsafeBufferPointer { pixels in
            let src = pixels.baseAddress!
            forEachPolygonSegment([quad], clip: clip, opacity: weight) { segment in
                let weights = segment.weights!
                let cy = Double(segment.y) + 0.5
                for i in 0..<segment.count {
                    let w = UInt64(weights[i])
                    guard w != 0 else { continue }
                    let (u, v, h) = toLevel.homogeneous(Point(x: Double(segment.x + i) + 0.5, y: cy))
                    guard (u / h).isFinite, (v / h).isFinite else { continue }
                    let fu = TransformedSampler.fixed(min(max(u / h, -limit), limit), limit: limit)
                    let fv = TransformedSampler.fixed(min(max(v / h, -limit), limit), limit: limit)
                    let sample = sampler.sample(src, fu, fv)
                    Self.blend(Self.pack(w == 256 ? sample : Self.scale(sample, by: w)), into: segment.destination + i)
                }
            }
        }
    }
}
