package import FlipbookGeometry
package import FlipbookRaster
package import FlipbookText

/// What a `DisplayOp.projected` op draws, in a layer's own points.
package enum ProjectedContent: Hashable, Sendable {
    /// An image file laid out in `rect` by `contentMode`.
    case image(source: String, rect: Rect, contentMode: ContentMode)
    /// Set text with its layout box's top-left at `origin`.
    case text(TextLayout, origin: Point, color: StraightColor)
    /// A `CAGradientLayer` gradient filling `rect` (the layer's bounds).
    case gradient(Gradient, rect: Rect)
}

extension Layer {
    /// True when the layer needs the shaped drawing of `Flattener.flattenShaped`: a border,
    /// corners that are not four circular ones, a 3-D transform, or back-face culling. Layers
    /// without these are flattened exactly as before they existed.
    var needsShapedDrawing: Bool {
        (borderWidth > 0 && borderColor.alpha > 0) || (cornerRadius > 0 && (maskedCorners != .all || cornerCurve == .continuous))
            || transform.is3D || !isDoubleSided || !sublayerTransform.isIdentity
    }

    /// With a `sublayerTransform`, the 3-D map from the sublayers' coordinates (this layer's
    /// bounds, scrolled by `boundsOrigin`) into this layer's space, about the anchor point:
    /// `T(−bounds origin) · T(−anchor) · sublayerTransform · T(anchor)` in `CATransform3D` order.
    /// A sublayer's own 3-D matrix is multiplied by it *before* it is flattened into this
    /// layer's plane, so its z reaches the shared perspective (a cube's faces).
    var sublayerMatrix: Transform3D? {
        guard !sublayerTransform.isIdentity else { return nil }
        let anchor = Point(x: anchorPoint.x * frame.width, y: anchorPoint.y * frame.height)
        return Transform3D.translation(-boundsOrigin.x - anchor.x, -boundsOrigin.y - anchor.y)
            .concatenating(sublayerTransform.matrix3D).concatenating(.translation(anchor.x, anchor.y))
    }
}

extension Layer {
    /// What a snapshot of this layer draws: its content and sublayers at the origin, without its
    /// own position, transform, opacity, `isHidden` or snapshot.
    var snapshotPicture: Layer {
        var picture = self
        picture.frame.origin = .zero
        picture.transform = .identity
        picture.isHidden = false
        picture.opacity = 1
        picture.snapshotOf = nil
        return picture
    }
}

extension Flattener {
    /// Flattens `layer` under a map that may be projective: affine maps go the plain way.
    /// `through` is the parent's `sublayerMatrix`, if it has one.
    mutating func flattenAny(_ layer: Layer, parent: Homography, through: Transform3D? = nil, clip: Clip?) -> [DisplayOp] {
        if through == nil, parent.isAffine { return flatten(layer, parent: parent.affine, clip: clip) }
        return flattenShaped(layer, parent: parent, through: through, clip: clip)
    }

    /// A shaped layer's image and text: through `affine` when the map is affine, else projected
    /// (the text laid out upright and drawn through the inverse homography).
    func imageAndText(_ layer: Layer, local: Homography, affine: Transform2D?, clip: Clip?) -> [DisplayOp] {
        var content: [DisplayOp] = []
        let bounds = Rect(origin: .zero, size: layer.frame.size)
        if let source = layer.imageSource {
            if let affine {
                content.append(
                    .transformedImage(
                        source: source, rect: bounds, contentMode: layer.contentMode, transform: affine, opacity: 1, clip: clip))
            } else {
                content.append(
                    .projected(
                        .image(source: source, rect: bounds, contentMode: layer.contentMode), projection: local, opacity: 1, clip: clip))
            }
        }
        if let text = layer.text {
            if let affine {
                if let op = textOp(text, local: affine, clip: clip) { content.append(op) }
            } else if let typesetter, !text.string.isEmpty, text.sizePoints > 0 {
                let (layout, offset) = text.layout(with: typesetter)
                if let first = layout.lines.first, !first.runs.isEmpty || layout.lines.count > 1 {
                    let topLeft = Point(x: text.baselineOrigin.x + offset, y: text.baselineOrigin.y - first.baselinePoints)
                    content.append(.projected(.text(layout, origin: topLeft, color: text.color), projection: local, opacity: 1, clip: clip))
                }
            }
        }
        return content
    }

    /// A layer drawn through its shape (`Path(layerShape:…)`: masked and continuous corners)
    /// and, with a 3-D transform, through the projective map of its plane into the window.
    ///
    /// Order as Core Animation composites a layer: the background in the shape, the content
    /// (image, text, vector shapes, snapshot, sublayers — through the shape as a mask with
    /// `clipsToBounds`), then the border above all of them. A layer that shows its back with
    /// `isDoubleSided` false draws none of its own content; its sublayers are judged each by
    /// itself, as Core Animation culls layer by layer (so a card's face sets it on the face and
    /// on the face's sublayers). A layer seen edge-on draws nothing.
    mutating func flattenShaped(_ layer: Layer, parent: Homography, through: Transform3D? = nil, clip: Clip?) -> [DisplayOp] {
        guard !layer.isHidden else { return [] }
        let opacity = clampOpacity(layer.opacity)
        guard opacity > 0 else { return [] }
        if layer.hasVisibleMask { return flattenMasked(layer, parent: parent, through: through, clip: clip) }
        let toParent = through.map { layer.planeMatrix.concatenating($0).flattened } ?? layer.planeToParent
        let local = toParent.concatenating(parent)
        let bounds = Rect(origin: .zero, size: layer.frame.size)
        let determinant = local.determinant
        guard determinant != 0, determinant.isFinite else { return [] }
        let culled = !layer.isDoubleSided && local.isReversed(at: Point(x: bounds.midX, y: bounds.midY))
        let affine: Transform2D? = local.isAffine ? local.affine : nil
        func place(_ path: Path) -> Path { affine.map { path.applying($0) } ?? path.projected(local) }
        let outline = place(
            Path(layerShape: bounds, cornerRadius: layer.cornerRadius, corners: layer.maskedCorners, curve: layer.cornerCurve))
        var ops: [DisplayOp] = []
        let outlineVisible = outline.boundingBox.map { visible($0, clip: clip) } ?? false
        // A blur layer's backdrop, under everything it draws. The backdrop op's region is a
        // rounded rect under an affine map, so masked or continuous corners blur within the
        // circular corners of the same radius (at most 0.0125 r apart for continuous ones);
        // a blur seen through a perspective is not drawn (docs/TRANSITIONS.md, "Not supported").
        if !culled, let affine, outlineVisible, let op = layer.backdropOp(bounds: bounds, local: affine, clip: clip) { ops.append(op) }
        if !culled, let color = layer.backgroundColor, color.alpha > 0, outlineVisible {
            ops.append(.path(outline, color: color, opacity: 1, clip: clip))
        }
        // The gradient over the background, in the same shape: exactly rounded as the outline
        // (masked, continuous) and, through a perspective, sampled through the inverse map.
        if !culled, outlineVisible, let gradient = layer.gradient, gradient.colors.count >= 2,
            gradient.colors.contains(where: { $0.alpha > 0 })
        {
            let fill: DisplayOp =
                affine.map { .gradient(gradient, shape: ClipShape(rect: bounds, cornerRadius: 0, transform: $0), opacity: 1, clip: clip) }
                ?? .projected(.gradient(gradient, rect: bounds), projection: local, opacity: 1, clip: clip)
            ops.append(layer.cornerRadius > 0 ? .pathMaskedGroup(opacity: 1, mask: outline, ops: [fill]) : fill)
        }
        var content = culled ? [] : imageAndText(layer, local: local, affine: affine, clip: clip)
        for shape in layer.shapes where !culled && shape.color.alpha > 0 {
            let path = place(shape.path)
            guard let box = path.boundingBox, visible(box, clip: clip) else { continue }
            content.append(.path(path, color: shape.color, opacity: 1, clip: clip))
        }
        if !culled, layer.shapeContent != nil { content += shapeOps(of: layer, local: local, clip: clip) }
        if !culled, let name = layer.snapshotOf, let source = snapshotSource?(name), source.frame.width > 0, source.frame.height > 0 {
            let stretch = Transform2D(scaleX: layer.frame.width / source.frame.width, y: layer.frame.height / source.frame.height)
            content += flattenAny(source.snapshotPicture, parent: Homography(stretch).concatenating(local), clip: clip)
        }
        if let matrix = layer.sublayerMatrix {
            for sublayer in layer.sublayers { content += flattenAny(sublayer, parent: local, through: matrix, clip: clip) }
        } else {
            let children = Homography(Transform2D(translationX: -layer.boundsOrigin.x, y: -layer.boundsOrigin.y)).concatenating(local)
            for sublayer in layer.sublayers { content += flattenAny(sublayer, parent: children, clip: clip) }
        }
        if layer.clipsToBounds {
            if !content.isEmpty, !outline.isEmpty { ops.append(.pathMaskedGroup(opacity: 1, mask: outline, ops: content)) }
        } else {
            ops += content
        }
        if !culled, layer.borderWidth > 0, layer.borderColor.alpha > 0 {
            let band = place(
                Path(
                    layerBorder: bounds, width: layer.borderWidth, cornerRadius: layer.cornerRadius,
                    corners: layer.maskedCorners, curve: layer.cornerCurve))
            if let box = band.boundingBox, visible(box, clip: clip) {
                ops.append(.path(band, color: layer.borderColor, opacity: 1, clip: clip))
            }
        }
        // The shadow under all of it: of the outline itself when only the background is drawn,
        // else of the group's alpha. Through a perspective its offset and radius take the map's
        // local scale and turn at the layer's centre (the shadow is blurred in the window, not
        // in the layer's plane).
        let tangent = affine ?? local.jacobian(at: Point(x: bounds.midX, y: bounds.midY))
        if !culled { ops = layer.addingShadow(to: ops, local: tangent, clip: clip, outline: outline, place: place) }
        if opacity >= 1 || ops.isEmpty { return ops }
        if ops.count == 1 { return [ops[0].multiplyingOpacity(by: opacity)] }
        if case .backdrop = ops[0] { return Layer.fadingBlur(ops, opacity: opacity) }
        return [.group(opacity: opacity, ops: ops)]
    }
}
