import FlipbookGeometry
import FlipbookModel
import FlipbookRaster
import FlipbookSupport

/// `CAShapeLayer`s and masks in transition files: a layer's `shape` (its path, fill and
/// stroke, keys as `CAShapeLayer` spells them) and `mask` (a layer), and the shape properties a
/// patch animates or sets (docs/TRANSITIONS.md, "Shape layers and masks").
extension TransitionDecoder {
    /// The layer keys of this file.
    static let shapeLayerKeys = ["shape", "mask"]
    /// The patch keys: the animatable ones and `shapeStyle` (set at once).
    static let shapePatchKeys = animatableShapeKeys + ["shapeStyle"]
    /// The patch keys an animation may change.
    static let animatableShapeKeys = ["path", "fillColor", "strokeColor", "lineWidth", "strokeStart", "strokeEnd"]
    /// The keys of a `shapeStyle` (and of a `shape`, beside the animatable ones).
    static let shapeStyleKeys = ["fillRule", "lineCap", "lineJoin", "miterLimit", "lineDashPattern", "lineDashPhase"]

    /// The widest line read, in points: a stroke 10 000 pt wide covers any screen many times over;
    /// the limit keeps a stroke's outline (and its round joins) within the raster's budgets.
    static let maximumLineWidthPoints = 10_000.0
    /// The most lengths a dash pattern may list (Core Graphics' patterns have a few).
    static let maximumDashLengths = 64

    /// `{"path": […], "fillColor": …, "fillRule": …, "strokeColor": …, "lineWidth": …, …}`.
    func shapeContent(_ field: JSONField) throws -> ShapeContent {
        let object = try field.object(known: TransitionDecoder.animatableShapeKeys + TransitionDecoder.shapeStyleKeys)
        var patch = LayerPatch()
        try shapeProperties(object, into: &patch)
        var layer = Layer(name: "", frame: .zero)
        layer.apply(patch)
        var content = layer.shapeContent ?? ShapeContent()
        content.style = try shapeStyle(object)
        return content
    }

    /// The animatable shape keys of a layer, patch or `shape` object, and a patch's `shapeStyle`.
    func shapeProperties(_ object: JSONObject, into patch: inout LayerPatch) throws {
        if let value = object.optional("path") { patch.shapePath = try bezierPath(value) }
        if let value = object.optional("fillColor") { patch.fillColor = try shapeColor(value) }
        if let value = object.optional("strokeColor") { patch.strokeColor = try shapeColor(value) }
        if let value = object.optional("lineWidth") { patch.lineWidth = try value.number(in: 0...TransitionDecoder.maximumLineWidthPoints) }
        if let value = object.optional("strokeStart") { patch.strokeStart = try value.number(in: 0...1) }
        if let value = object.optional("strokeEnd") { patch.strokeEnd = try value.number(in: 0...1) }
        if let value = object.optional("shapeStyle") {
            patch.shapeStyle = try shapeStyle(value.object(known: TransitionDecoder.shapeStyleKeys))
        }
    }

    /// A colour, or `null` for none (a nil `fillColor` or `strokeColor`).
    func shapeColor(_ field: JSONField) throws -> StraightColor {
        if case .null = field.value { return .clear }
        return try field.color(appearance: appearance)
    }

    /// The keys `shapeStyleKeys` of `object`, over Core Animation's defaults.
    func shapeStyle(_ object: JSONObject) throws -> ShapeStyle {
        var style = ShapeStyle()
        if let value = object.optional("fillRule") { style.fillRule = try value.choice(FillRule.self) }
        if let value = object.optional("lineCap") { style.lineCap = try value.choice(LineCap.self) }
        if let value = object.optional("lineJoin") { style.lineJoin = try value.choice(LineJoin.self) }
        if let value = object.optional("miterLimit") { style.miterLimit = try value.number(in: 0...1000) }
        if let value = object.optional("lineDashPattern") {
            let lengths = try value.array()
            guard lengths.count <= TransitionDecoder.maximumDashLengths else {
                throw value.fail("lists \(lengths.count) lengths; a dash pattern has at most \(TransitionDecoder.maximumDashLengths)")
            }
            style.dashPattern = try lengths.map { try $0.number(in: 0...1e6) }
        }
        if let value = object.optional("lineDashPhase") { style.dashPhase = try value.number(in: -1e6...1e6) }
        return style
    }

    /// `[["move", x, y], ["line", x, y], ["quadCurve", cx, cy, x, y],
    /// ["curve", c1x, c1y, c2x, c2y, x, y], ["close"], …]` in the layer's points: at most
    /// `BezierPath.maximumElementCount` elements, starting with a move.
    func bezierPath(_ field: JSONField) throws -> BezierPath {
        guard case let .array(values) = field.value else {
            throw field.fail("expected a path: a list of elements [[\"move\", x, y], …], got \(field.value.kind)")
        }
        guard values.count <= BezierPath.maximumElementCount else {
            throw field.fail(BezierPathError.tooManyElements(count: values.count).description)
        }
        let kinds: [(name: String, points: Int)] = [("move", 1), ("line", 1), ("quadCurve", 2), ("curve", 3), ("close", 0)]
        var elements: [BezierPath.Element] = []
        elements.reserveCapacity(values.count)
        for entry in try field.array() {
            let parts = try entry.array()
            guard let first = parts.first else { throw entry.fail("an element names its kind first: [\"move\", x, y]") }
            let name = try first.choice(kinds.map(\.name))
            let count = kinds.first { $0.name == name }!.points
            guard parts.count == 1 + 2 * count else {
                throw entry.fail("a \(InputText.quoted(name)) element has \(2 * count) numbers after its kind, got \(parts.count - 1)")
            }
            let n = try parts.dropFirst().map { try $0.number() }
            let p = stride(from: 0, to: n.count, by: 2).map { Point(x: n[$0], y: n[$0 + 1]) }
            switch name {
            case "move": elements.append(.move(to: p[0]))
            case "line": elements.append(.line(to: p[0]))
            case "quadCurve": elements.append(.quadCurve(to: p[1], control: p[0]))
            case "curve": elements.append(.curve(to: p[2], control1: p[0], control2: p[1]))
            default: elements.append(.close)
            }
        }
        do {
            return try BezierPath(validating: elements)
        } catch {
            switch error {
            case let .notFinite(index), let .noCurrentPoint(index): throw field.element(index, values[index]).fail(error.description)
            case .tooManyElements: throw field.fail(error.description)
            }
        }
    }
}

extension TransitionWriter {
    /// A layer's `shape` member, with the values that differ from Core Animation's defaults.
    func shapeMembers(_ layer: Layer) -> [(String, String)] {
        guard let shape = layer.shapeContent else { return [] }
        let defaults = ShapeContent()
        var members: [(String, String)] = [("path", JSON.elements(shape.path))]
        if shape.fillColor != defaults.fillColor { members.append(("fillColor", shapeColor(shape.fillColor))) }
        if shape.strokeColor != defaults.strokeColor { members.append(("strokeColor", shapeColor(shape.strokeColor))) }
        if shape.lineWidth != defaults.lineWidth { members.append(("lineWidth", JSON.number(shape.lineWidth))) }
        if shape.strokeStart != defaults.strokeStart { members.append(("strokeStart", JSON.number(shape.strokeStart))) }
        if shape.strokeEnd != defaults.strokeEnd { members.append(("strokeEnd", JSON.number(shape.strokeEnd))) }
        members += shapeStyleMembers(shape.style)
        return [("shape", object(members))]
    }

    /// A patch's shape members.
    func shapeMembers(_ patch: LayerPatch) -> [(String, String)] {
        var members: [(String, String)] = []
        if let path = patch.shapePath { members.append(("path", JSON.elements(path))) }
        if let color = patch.fillColor { members.append(("fillColor", shapeColor(color))) }
        if let color = patch.strokeColor { members.append(("strokeColor", shapeColor(color))) }
        if let width = patch.lineWidth { members.append(("lineWidth", JSON.number(width))) }
        if let start = patch.strokeStart { members.append(("strokeStart", JSON.number(start))) }
        if let end = patch.strokeEnd { members.append(("strokeEnd", JSON.number(end))) }
        if let style = patch.shapeStyle { members.append(("shapeStyle", object(shapeStyleMembers(style)))) }
        return members
    }

    /// A style's members that differ from the defaults.
    func shapeStyleMembers(_ style: ShapeStyle) -> [(String, String)] {
        let defaults = ShapeStyle()
        var members: [(String, String)] = []
        if style.fillRule != defaults.fillRule { members.append(("fillRule", JSON.string(style.fillRule.rawValue))) }
        if style.lineCap != defaults.lineCap { members.append(("lineCap", JSON.string(style.lineCap.rawValue))) }
        if style.lineJoin != defaults.lineJoin { members.append(("lineJoin", JSON.string(style.lineJoin.rawValue))) }
        if style.miterLimit != defaults.miterLimit { members.append(("miterLimit", JSON.number(style.miterLimit))) }
        if !style.dashPattern.isEmpty { members.append(("lineDashPattern", JSON.numbers(style.dashPattern))) }
        if style.dashPhase != defaults.dashPhase { members.append(("lineDashPhase", JSON.number(style.dashPhase))) }
        return members
    }

    /// A colour, `null` for none (fully transparent).
    func shapeColor(_ value: StraightColor) -> String { value == .clear ? "null" : color(value) }
}
