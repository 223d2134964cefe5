import FlipbookGeometry
import FlipbookRaster

extension Layer {
    /// True when the layer has a mask that is not hidden (a hidden mask masks nothing).
    var hasVisibleMask: Bool { mask.map { !$0.isHidden } ?? false }
}

extension Flattener {
    /// A layer with a `mask`: the layer drawn whole (background, content, sublayers, border and
    /// shadow) at full opacity into a `layerMaskedGroup`, whose mask is the mask layer flattened
    /// in this layer's bounds coordinates (after its scroll offset, without its
    /// `sublayerTransform`), and whose opacity is the layer's. Only a masked layer takes this
    /// offscreen pass; nothing is drawn when the layer or its mask draws nothing.
    /// `parent` and `through` are as `flattenAny`'s.
    mutating func flattenMasked(_ layer: Layer, parent: Homography, through: Transform3D?, clip: Clip?) -> [DisplayOp] {
        guard let mask = layer.mask else { return [] }
        var bare = layer
        bare.mask = nil
        bare.opacity = 1
        let ops = flattenAny(bare, parent: parent, through: through, clip: clip)
        guard !ops.isEmpty else { return [] }
        let scroll = Transform2D(translationX: -layer.boundsOrigin.x, y: -layer.boundsOrigin.y)
        let boundsMap: Homography
        if through == nil, parent.isAffine, !layer.needsShapedDrawing {
            // The plain flattener's own map, so the mask lines up with the content to the bit.
            boundsMap = Homography(
                Self.localTransform(layer, parent: parent.affine).translated(by: Point(x: -layer.boundsOrigin.x, y: -layer.boundsOrigin.y)))
        } else {
            let toParent = through.map { layer.planeMatrix.concatenating($0).flattened } ?? layer.planeToParent
            boundsMap = Homography(scroll).concatenating(toParent.concatenating(parent))
        }
        let maskOps = flattenAny(mask, parent: boundsMap, clip: nil)
        guard !maskOps.isEmpty else { return [] }
        return [.layerMaskedGroup(opacity: clampOpacity(layer.opacity), mask: maskOps, ops: ops)]
    }

    /// A shape layer's fill, then its stroke (`layer.shapeContent`), in its own points placed by `local` (an affine
    /// map: `vector` ops, flattened at the canvas's resolution) or projected through it (its
    /// outline flattened in the layer's points within `projectedTolerancePoints`, then mapped as
    /// a polygon `path`). Parts that draw nothing or lie off screen are left out.
    func shapeOps(of layer: Layer, local: Homography, clip: Clip?) -> [DisplayOp] {
        guard let shape = layer.shapeContent, let box = shape.path.controlPointBounds else { return [] }
        var ops: [DisplayOp] = []
        let affine: Transform2D? = local.isAffine ? local.affine : nil
        func onScreen(_ reach: Double) -> Bool {
            let grown = Rect(x: box.minX - reach, y: box.minY - reach, width: box.width + 2 * reach, height: box.height + 2 * reach)
            guard let affine else { return true }
            return visible(ClipShape(rect: grown, cornerRadius: 0, transform: affine).boundingBox, clip: clip)
        }
        if shape.drawsFill, onScreen(0) {
            if let affine {
                ops.append(
                    .vector(
                        shape.path, paint: .fill(shape.style.fillRule), transform: affine, color: shape.fillColor, opacity: 1, clip: clip))
            } else {
                let outline = Path(filling: shape.path, rule: shape.style.fillRule, tolerance: Self.projectedTolerancePoints).projected(
                    local)
                if !outline.isEmpty { ops.append(.path(outline, color: shape.fillColor, opacity: 1, clip: clip)) }
            }
        }
        // A miter reaches at most `miterLimit` half widths from the path, a square cap √2 of one.
        let reach = shape.lineWidth / 2 * max(shape.style.miterLimit, 1.5)
        if shape.drawsStroke, reach.isFinite, onScreen(reach) {
            if let affine {
                ops.append(
                    .vector(
                        shape.path, paint: .stroke(shape.strokeStyle), transform: affine, color: shape.strokeColor, opacity: 1, clip: clip))
            } else {
                let outline = Path(stroking: shape.path, style: shape.strokeStyle, tolerance: Self.projectedTolerancePoints).projected(
                    local)
                if !outline.isEmpty { ops.append(.path(outline, color: shape.strokeColor, opacity: 1, clip: clip)) }
            }
        }
        return ops
    }

    /// How far a shape layer's outline may stray from its curves before a perspective maps it:
    /// 1/64 point, 1/16 device pixel up to @4x where the projection does not magnify (the
    /// tolerance of rounded corners under a transform).
    static let projectedTolerancePoints = 1.0 / 64
}
