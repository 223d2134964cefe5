import FlipbookGeometry
import FlipbookModel
import FlipbookRaster

/// Shadows, gradients and blur in transition files: the keys as `CALayer`,
/// `CAGradientLayer` and `UIBlurEffect` spell them (docs/TRANSITIONS.md).
extension TransitionDecoder {
    /// The layer and patch keys of this file.
    static let shadingKeys = ["shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "gradient", "blur"]
    /// The ones an animation may change (`shadowPath` is set at once).
    static let animatableShadingKeys = ["shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "gradient", "blur"]

    /// The largest shadow and blur radius read, in points: 100 pt is a blur wider than a phone's
    /// half screen; the limit bounds a frame's blur buffers (the screen plus ~3σ on each side).
    static let maximumBlurRadiusPoints = 100.0

    /// Reads the shading keys of a layer or patch object into `patch`.
    func shading(_ object: JSONObject, into patch: inout LayerPatch) throws {
        if let value = object.optional("shadowColor") { patch.shadowColor = try value.color(appearance: appearance) }
        if let value = object.optional("shadowOpacity") { patch.shadowOpacity = try value.number(in: 0...1) }
        if let value = object.optional("shadowOffset") {
            let n = try value.numbers(2, names: "[dx, dy]", in: -10_000...10_000)
            patch.shadowOffset = Size(width: n[0], height: n[1])
        }
        if let value = object.optional("shadowRadius") {
            patch.shadowRadius = try value.number(in: 0...TransitionDecoder.maximumBlurRadiusPoints)
        }
        if let value = object.optional("shadowPath") { patch.shadowPath = try shadowPath(value) }
        if let value = object.optional("gradient") { patch.gradient = try gradient(value) }
        if let value = object.optional("blur") { patch.blur = try blur(value) }
    }

    /// `{"rect": [x, y, w, h], "cornerRadius": r}` (`UIBezierPath(roundedRect:cornerRadius:)`)
    /// or `{"contours": [[x0, y0, x1, y1, …], …]}`, in the layer's points.
    func shadowPath(_ field: JSONField) throws -> Path {
        let object = try field.object(known: ["rect", "cornerRadius", "contours", "fillRule"])
        if let contoursField = object.optional("contours") {
            if object.has("rect") || object.has("cornerRadius") {
                throw contoursField.fail("give \"rect\" (and \"cornerRadius\") or \"contours\", not both")
            }
            return Path(contours: try contours(contoursField), fillRule: try fillRule(object))
        }
        if let rule = object.optional("fillRule") { throw rule.fail("\"fillRule\" goes with \"contours\"") }
        let rect = try object.required("rect", "[x, y, width, height] in the layer's points (or \"contours\")").rect()
        let radius = try object.optional("cornerRadius")?.number(in: 0...1e6) ?? 0
        return Path(roundedRect: rect, cornerRadius: radius)
    }

    /// `"fillRule"` of an object with contours: `"nonZero"` (the default) or `"evenOdd"`.
    func fillRule(_ object: JSONObject) throws -> FillRule {
        try object.optional("fillRule").map { try $0.choice(FillRule.self) } ?? .nonZero
    }

    /// `[[x0, y0, x1, y1, …], …]`: polygon contours, each at least three vertices.
    func contours(_ field: JSONField) throws -> [[Point]] {
        try field.array().map { contour -> [Point] in
            let values = try contour.array().map { try $0.number() }
            guard values.count >= 6, values.count % 2 == 0 else {
                throw contour.fail("a contour is a flat list of at least three x, y pairs: [x0, y0, x1, y1, x2, y2, …]")
            }
            return stride(from: 0, to: values.count, by: 2).map { Point(x: values[$0], y: values[$0 + 1]) }
        }
    }

    /// `{"colors": [c, …], "locations": [l, …], "startPoint": [x, y], "endPoint": [x, y],
    /// "type": "axial" | "radial" | "conic"}` (CAGradientLayer's properties).
    func gradient(_ field: JSONField) throws -> Gradient {
        let object = try field.object(known: ["colors", "locations", "startPoint", "endPoint", "type"])
        let colorsField = try object.required("colors", "the stops' colours, at least two")
        let colors = try colorsField.array().map { try $0.color(appearance: appearance) }
        guard colors.count >= 2 else { throw colorsField.fail("a gradient needs at least two colours, got \(colors.count)") }
        var gradient = Gradient(colors: colors)
        if let field = object.optional("locations") {
            let locations = try field.array().map { try $0.number(in: 0...1) }
            guard locations.count == colors.count else {
                throw field.fail("needs one location per colour (\(colors.count)), got \(locations.count)")
            }
            guard zip(locations, locations.dropFirst()).allSatisfy({ $0 <= $1 }) else { throw field.fail("locations must not decrease") }
            gradient.locations = locations
        }
        if let value = object.optional("startPoint") { gradient.startPoint = try unitPoint(value) }
        if let value = object.optional("endPoint") { gradient.endPoint = try unitPoint(value) }
        if let value = object.optional("type") { gradient.kind = try value.choice(Gradient.Kind.self) }
        return gradient
    }

    /// A point in the layer's unit coordinates (a little beyond 0…1 is allowed, as on iOS).
    func unitPoint(_ field: JSONField) throws -> Point {
        let n = try field.numbers(2, names: "[x, y] in the layer's unit coordinates", in: -100...100)
        return Point(x: n[0], y: n[1])
    }

    /// `"STYLE"` (a `UIBlurEffect.Style`), `"none"` (no effect) or `{"blurRadius": σ,
    /// "saturation": s, "tint": colour}` (explicit filter values).
    func blur(_ field: JSONField) throws -> BlurEffect {
        if case .object = field.value {
            let object = try field.object(known: ["blurRadius", "saturation", "tint"])
            return BlurEffect(
                filter: BackdropFilter(
                    blurRadiusPoints: try object.optional("blurRadius")?.number(in: 0...TransitionDecoder.maximumBlurRadiusPoints) ?? 0,
                    saturation: try object.optional("saturation")?.number(in: 0...16) ?? 1,
                    tint: try object.optional("tint")?.color(appearance: appearance) ?? .clear))
        }
        let name = try field.choice(["none"] + BlurStyle.allCases.map(\.rawValue))
        // An adaptive style takes the file's appearance, as UIKit resolves it against the traits.
        return name == "none" ? .none : BlurEffect(style: BlurStyle(rawValue: name)!.resolved(for: appearance))
    }
}

extension TransitionWriter {
    /// A layer's shading keys that differ from Core Animation's defaults (none by default, so
    /// files without them export as before).
    func shadingMembers(_ layer: Layer) -> [(String, String)] {
        var members: [(String, String)] = []
        let defaults = Layer(name: "", frame: .zero)
        if layer.shadowColor != defaults.shadowColor { members.append(("shadowColor", color(layer.shadowColor))) }
        if layer.shadowOpacity != defaults.shadowOpacity { members.append(("shadowOpacity", JSON.number(layer.shadowOpacity))) }
        if layer.shadowOffset != defaults.shadowOffset {
            members.append(("shadowOffset", JSON.numbers([layer.shadowOffset.width, layer.shadowOffset.height])))
        }
        if layer.shadowRadius != defaults.shadowRadius { members.append(("shadowRadius", JSON.number(layer.shadowRadius))) }
        if let path = layer.shadowPath { members.append(("shadowPath", shadowPath(path))) }
        if let gradient = layer.gradient { members.append(("gradient", self.gradient(gradient))) }
        if let blur = layer.blur { members.append(("blur", self.blur(blur))) }
        return members
    }

    /// A patch's shading keys.
    func shadingMembers(_ patch: LayerPatch) -> [(String, String)] {
        var members: [(String, String)] = []
        if let value = patch.shadowColor { members.append(("shadowColor", color(value))) }
        if let value = patch.shadowOpacity { members.append(("shadowOpacity", JSON.number(value))) }
        if let value = patch.shadowOffset { members.append(("shadowOffset", JSON.numbers([value.width, value.height]))) }
        if let value = patch.shadowRadius { members.append(("shadowRadius", JSON.number(value))) }
        if let value = patch.shadowPath { members.append(("shadowPath", shadowPath(value))) }
        if let value = patch.gradient { members.append(("gradient", gradient(value))) }
        if let value = patch.blur { members.append(("blur", blur(value))) }
        return members
    }

    func shadowPath(_ path: Path) -> String { "{\"contours\": \(JSON.contours(path))\(JSON.fillRule(path))}" }

    func gradient(_ gradient: Gradient) -> String { "{" + JSON.gradient(gradient) + "}" }

    func blur(_ blur: BlurEffect) -> String {
        if let style = blur.style { return JSON.string(style.rawValue) }
        if blur.isNone { return JSON.string("none") }
        return object([
            ("blurRadius", JSON.number(blur.filter.blurRadiusPoints)), ("saturation", JSON.number(blur.filter.saturation)),
            ("tint", color(blur.filter.tint))
        ])
    }
}
