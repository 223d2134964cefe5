import FlipbookGeometry
import FlipbookModel
import FlipbookRaster
import FlipbookSupport

/// Core Animation's anchor point, corners, border and 3-D properties in transition files:
/// keys spelled as `CALayer` spells them (docs/TRANSITIONS.md, "Corners, borders, anchor point
/// and 3-D").
extension TransitionDecoder {
    /// The layer keys of these properties (on a layer, in `set`, and — the first three — in
    /// animations).
    static let layerPropertyKeys = [
        "anchorPoint", "borderWidth", "borderColor", "maskedCorners", "cornerCurve", "isDoubleSided",
        "sublayerTransform"
    ]

    /// `anchorPoint` `[x, y]` (unit coordinates), `borderWidth` (points), `borderColor`,
    /// `maskedCorners` (a list of corner names), `cornerCurve` and `isDoubleSided`.
    func layerProperties(_ object: JSONObject, into patch: inout LayerPatch) throws {
        if let value = object.optional("anchorPoint") {
            let n = try value.numbers(2, names: "[x, y] in units of the layer's size", in: -1000...1000)
            patch.anchorPoint = Point(x: n[0], y: n[1])
        }
        if let value = object.optional("borderWidth") { patch.borderWidth = try value.number(in: 0...1e6) }
        if let value = object.optional("borderColor") { patch.borderColor = try value.color() }
        if let value = object.optional("maskedCorners") {
            var mask: CornerMask = []
            for entry in try value.array() {
                let name = try entry.choice(CornerMask.named.map(\.name))
                let corner = CornerMask.named.first { $0.name == name }!.corner
                guard !mask.contains(corner) else { throw entry.fail("\(InputText.quoted(name)) is listed twice") }
                mask.insert(corner)
            }
            patch.maskedCorners = mask
        }
        if let value = object.optional("cornerCurve") {
            patch.cornerCurve = try value.choice(CornerCurve.self)
        }
        if let value = object.optional("isDoubleSided") { patch.isDoubleSided = try value.bool() }
        if let value = object.optional("sublayerTransform") { patch.sublayerTransform = try transform(value) }
    }

    /// `rotateX`, `rotateY` (degrees), `perspective` (the eye's distance in points, m34 = −1/d),
    /// `translateZ` (points toward the viewer) and `transform3D` (a whole `CATransform3D`, 16 numbers row-major m11, m12, … m44, applied
    /// after the other parts) of a `transform` object.
    func transform3D(_ object: JSONObject, into transform: inout LayerTransform) throws {
        if let value = object.optional("rotateX") { transform.rotationXDegrees = try value.number(in: -36000...36000) }
        if let value = object.optional("rotateY") { transform.rotationYDegrees = try value.number(in: -36000...36000) }
        if let value = object.optional("perspective") {
            // At least 1 pt: a nearer eye sees the layer's own points from inside them.
            transform.perspectiveDistancePoints = try value.number(in: 1...1e7)
        }
        if let value = object.optional("translateZ") { transform.translationZPoints = try value.number(in: -1e6...1e6) }
        if let value = object.optional("transform3D") {
            let matrix = Transform3D(
                try value.numbers(
                    16, names: "[m11, m12, m13, m14, m21, …, m44] (CATransform3D's entries, row by row)",
                    in: -1e9...1e9))
            // A singular matrix flattens space and has no parts to animate through; the
            // recorder refuses it too.
            guard matrix.determinant != 0 else { throw value.fail("is singular (its determinant is 0), so it cannot be drawn") }
            transform.fullMatrix = matrix
        }
    }
}

extension TransitionWriter {
    /// The members `layerProperties` reads back, for the values that differ from the defaults.
    func layerPropertyMembers(
        anchorPoint: Point?, borderWidth: Double?, borderColor: StraightColor?, maskedCorners: CornerMask?,
        cornerCurve: CornerCurve?, isDoubleSided: Bool?
    ) -> [(String, String)] {
        var members: [(String, String)] = []
        if let anchorPoint { members.append(("anchorPoint", JSON.numbers([anchorPoint.x, anchorPoint.y]))) }
        if let borderWidth { members.append(("borderWidth", JSON.number(borderWidth))) }
        if let borderColor { members.append(("borderColor", color(borderColor))) }
        if let maskedCorners {
            let names = CornerMask.named.filter { maskedCorners.contains($0.corner) }.map { JSON.string($0.name) }
            members.append(("maskedCorners", "[" + names.joined(separator: ", ") + "]"))
        }
        if let cornerCurve { members.append(("cornerCurve", JSON.string(cornerCurve.rawValue))) }
        if let isDoubleSided { members.append(("isDoubleSided", isDoubleSided ? "true" : "false")) }
        return members
    }

    /// A layer's members: only the properties that differ from Core Animation's defaults (so a
    /// preset without them exports exactly as before).
    func layerPropertyMembers(_ layer: Layer) -> [(String, String)] {
        let defaults = Layer(name: "", frame: .zero)
        let sublayerTransform = layer.sublayerTransform.isIdentity ? [] : [("sublayerTransform", transform(layer.sublayerTransform))]
        return sublayerTransform
            + layerPropertyMembers(
                anchorPoint: layer.anchorPoint == defaults.anchorPoint ? nil : layer.anchorPoint,
                borderWidth: layer.borderWidth == 0 ? nil : layer.borderWidth,
                borderColor: layer.borderColor == defaults.borderColor ? nil : layer.borderColor,
                maskedCorners: layer.maskedCorners == .all ? nil : layer.maskedCorners,
                cornerCurve: layer.cornerCurve == .circular ? nil : layer.cornerCurve,
                isDoubleSided: layer.isDoubleSided ? nil : false)
    }

    /// A patch's members.
    func layerPropertyMembers(_ patch: LayerPatch) -> [(String, String)] {
        (patch.sublayerTransform.map { [("sublayerTransform", transform($0))] } ?? [])
            + layerPropertyMembers(
                anchorPoint: patch.anchorPoint, borderWidth: patch.borderWidth, borderColor: patch.borderColor,
                maskedCorners: patch.maskedCorners, cornerCurve: patch.cornerCurve, isDoubleSided: patch.isDoubleSided)
    }

    /// A transform's 3-D members.
    func transform3DMembers(_ transform: LayerTransform) -> [(String, String)] {
        var members: [(String, String)] = []
        if transform.rotationXDegrees != 0 { members.append(("rotateX", JSON.number(transform.rotationXDegrees))) }
        if transform.rotationYDegrees != 0 { members.append(("rotateY", JSON.number(transform.rotationYDegrees))) }
        if transform.perspectiveDistancePoints != 0 { members.append(("perspective", JSON.number(transform.perspectiveDistancePoints))) }
        if transform.translationZPoints != 0 { members.append(("translateZ", JSON.number(transform.translationZPoints))) }
        if let matrix = transform.fullMatrix { members.append(("transform3D", JSON.numbers(matrix.m))) }
        return members
    }
}
