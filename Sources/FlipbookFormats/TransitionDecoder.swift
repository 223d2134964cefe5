import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookRaster
import FlipbookSamples
import FlipbookSupport
import Foundation

/// Turns a transition file's JSON into a `Transition`, resolving photo references and keeping
/// every layer's window origin so `cellOf` frames can be expressed in any layer's coordinates.
struct TransitionDecoder {
    let file: String
    let photos: [ScenePhoto]
    let options: SceneOptions
    var device = Device.iPhone8
    /// Light or dark mode: the value system colours take, the status bar's default style and the
    /// navigation bars' colours.
    var appearance = Appearance.light
    /// Image files and the JSON path of their first use.
    var imageUses: [(String, JSONPath)] = []
    var seenImages = Set<String>()
    /// Each layer's parent's window origin (translation only), for `cellOf` in animations.
    var parentOrigins: [String: Point] = [:]
    /// Each layer's parent's size, for frames `"relativeTo": "parent"` in animations.
    var parentSizes: [String: Size] = [:]
    /// The size of the parent of the layer whose frame is being read (the window's at the top).
    var parentSizeForFrames: Size?
    /// Waterfall grids declared so far: cell frames in window points at the grid's start scroll.
    var gridCells: [String: [Rect]] = [:]
    var layerPaths: [String: JSONPath] = [:]
    /// `snapshotOf` fields, checked once every layer is known.
    var snapshotUses: [JSONField] = []

    init(file: String, photos: [ScenePhoto], options: SceneOptions) {
        self.file = file; self.photos = photos; self.options = options
    }

    static let layerKeys =
        [
            "name", "frame", "opacity", "backgroundColor", "cornerRadius", "transform", "scroll", "image",
            "contentMode", "clipsToBounds", "hidden", "text", "shapes", "snapshotOf", "sublayers", "waterfallGrid", "navigationBar"
        ]
        + TransitionDecoder.layerPropertyKeys + shadingKeys + shapeLayerKeys
    static let patchKeys =
        [
            "frame", "opacity", "backgroundColor", "cornerRadius", "transform", "scroll", "hidden", "image",
            "contentMode", "clipsToBounds", "text", "removed", "textColor", "fontSize"
        ] + TransitionDecoder.layerPropertyKeys + shadingKeys
        + shapePatchKeys
    /// The patch keys an animation's `from`, `to` and keyframes may hold (the others are set
    /// in a completion or on the layer).
    /// The animatable keys as a message lists them: "frame, opacity, … or blur".
    static var animatableKeysInWords: String { animatableKeys.dropLast().joined(separator: ", ") + " or " + animatableKeys.last! }
    static let animatableKeys =
        [
            "frame", "opacity", "backgroundColor", "cornerRadius", "transform", "scroll", "textColor", "fontSize",
            "anchorPoint", "borderWidth", "borderColor", "sublayerTransform"
        ] + animatableShadingKeys
        + animatableShapeKeys
    static let animationKeys = [
        "name", "target", "from", "to", "keyframes", "delay", "after", "duration", "curve", "damping",
        "velocity", "completion"
    ]

    mutating func transition(_ object: JSONObject) throws -> Transition {
        let name = try TransitionFile.name(in: object, file: file)
        let timing = try object.optional("timing").map { try self.timing($0) } ?? TransitionDecoder.defaultTiming
        var window = Layer(name: "window", frame: device.bounds)
        window.backgroundColor = try object.optional("background")?.color(appearance: appearance) ?? .white
        layerPaths["window"] = JSONPath("$")
        let statusBarField = object.optional("statusBar")
        let statusBar = try statusBarField.map(self.statusBar) ?? appearance.statusBarStyle
        let toneBefore = try statusBarField.flatMap(homeIndicatorToneBefore)
        if let style = statusBar {
            // Its layers can be animated like any other (e.g. faded out over a full-screen photo).
            let statusBarPath = JSONPath("$.statusBar")
            func register(_ layer: Layer) { layerPaths[layer.name] = statusBarPath; layer.sublayers.forEach(register) }
            register(StatusBar.layer(device: device, style: style))
        }
        let layers = try object.required("layers", "the window's layers, back to front").array()
        window.sublayers = try layers.map { try layer($0, parentOrigin: .zero) }
        for use in snapshotUses {
            let name = try use.nonEmptyString()
            guard layerPaths[name] != nil else {
                let hint = Suggestions.fileHint(name, in: layerPaths.keys.sorted())
                throw use.fail("no layer is named \(InputText.quoted(name))\(hint)")
            }
        }
        let animations = try object.optional("animations")?.array().map { try animation($0) } ?? []
        let timedChanges = try object.optional("timedChanges")?.array().map { try self.timedChanges($0) } ?? []
        let completion = try object.optional("completion")?.array().map { try change($0) } ?? []
        let cancelCompletion = try object.optional("cancelCompletion")?.array().map { try change($0) } ?? []
        var names = Set<String>()
        for (index, field) in (try object.optional("animations")?.array() ?? []).enumerated() {
            if let name = animations[index].name, !names.insert(name).inserted {
                throw field.child("name", .string(name)).fail("another animation is already named \(InputText.quoted(name))")
            }
        }
        for (index, field) in (try object.optional("animations")?.array() ?? []).enumerated() {
            if let after = animations[index].after, !names.contains(after) {
                var hint = Suggestions.fileHint(after, in: names.sorted())
                if hint.isEmpty {
                    hint =
                        names.isEmpty
                        ? " (no animation has a \"name\")"
                        : "; the named animations are " + names.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                }
                throw field.child("after", .string(after)).fail("no animation is named \(InputText.quoted(after))\(hint)")
            }
        }
        return Transition(
            name: name, device: device, window: window, animations: animations, timedChanges: timedChanges, completion: completion,
            cancelCompletion: cancelCompletion, timing: timing, statusBar: statusBar, homeIndicatorToneBefore: toneBefore)
    }

    /// `"statusBar"`: `false` (none), `true` or `{"style": "dark" | "light", "homeIndicatorBefore": 0…1}`
    /// (default dark).
    func statusBar(_ field: JSONField) throws -> StatusBar.Style? {
        if case let .bool(on) = field.value { return on ? appearance.statusBarStyle : nil }
        guard case .object = field.value else {
            throw field.fail("expected false, true or {\"style\": \"dark\" | \"light\", \"homeIndicatorBefore\": 0…1}")
        }
        let object = try field.object(known: ["style", "homeIndicatorBefore"])
        return try object.optional("style").map { try $0.choice(StatusBar.Style.self) }
            ?? appearance.statusBarStyle
    }

    /// `"statusBar": {"homeIndicatorBefore": T}`: the home indicator's tone (0 black … 1 white) on
    /// the screen shown before the transition (`Transition.homeIndicatorToneBefore`); nil when absent.
    func homeIndicatorToneBefore(_ field: JSONField) throws -> Double? {
        guard case .object = field.value else { return nil }
        return try field.object(known: ["style", "homeIndicatorBefore"]).optional("homeIndicatorBefore")?.number(in: 0...1)
    }

    /// `"shapes"`: `[{"name": …, "color": …, "contours": [[x0, y0, x1, y1, …], …]}]`, filled paths
    /// in the layer's points (non-zero rule unless `"fillRule": "evenOdd"`), each contour at
    /// least three vertices.
    func shapes(_ field: JSONField) throws -> [ChromeShape] {
        try field.array().enumerated().map { index, entry in
            let object = try entry.object(known: ["name", "color", "contours", "fillRule"])
            let name = try object.optional("name")?.string() ?? "shape \(index)"
            let color = try object.optional("color")?.color(appearance: appearance) ?? .black
            let contoursField = try object.required("contours", "the outline: [[x0, y0, x1, y1, …], …] in the layer's points")
            return ChromeShape(name: name, path: Path(contours: try contours(contoursField), fillRule: try fillRule(object)), color: color)
        }
    }

    /// The main timing of a file without `"timing"`: UIView.animate's default curve and its most
    /// common duration.
    static let defaultTiming = Timing(curve: .bezier(.easeInEaseOut), durationSeconds: 0.3)

    /// `{"curve": …, "duration": …, "damping": …, "velocity": …}`.
    func timing(_ field: JSONField) throws -> Timing {
        let object = try field.object(known: ["curve", "duration", "damping", "velocity"])
        let request = try timingRequest(object)
        do {
            return try request.resolved(over: TransitionDecoder.defaultTiming)
        } catch let error as TimingRequestError {
            throw fail(error, request, object)
        }
    }

    /// The `curve` (with `damping`/`velocity` for `spring`) of an object, or nil when absent.
    func curve(_ object: JSONObject) throws -> TimingCurve? {
        let request = try timingRequest(object, duration: false)
        do {
            return try request.resolvedCurve(over: nil)
        } catch let error as TimingRequestError {
            throw fail(error, request, object)
        }
    }

    /// An object's `curve`, `duration`, `damping` and `velocity` as a `TimingRequest` (its limits).
    func timingRequest(_ object: JSONObject, duration: Bool = true) throws -> TimingRequest {
        TimingRequest(
            curve: try object.optional("curve")?.string(),
            durationSeconds: duration ? try object.optional("duration")?.number(in: TimingRequest.durationRangeSeconds) : nil,
            dampingRatio: try object.optional("damping")?.number(in: TimingRequest.dampingRatioRange),
            initialVelocity: try object.optional("velocity")?.number(in: TimingRequest.initialVelocityRange))
    }

    /// A `TimingRequestError` at the path of the key at fault.
    func fail(_ error: TimingRequestError, _ request: TimingRequest, _ object: JSONObject) -> TransitionFileError {
        let at = { (key: String) in object.optional(key) ?? object.field }
        switch error {
        case let .outOfRange(parameter, _):
            return at(parameter.rawValue).fail("\(error)")
        case let .curve(.unknownCurve(text)) where !text.contains(":"):
            return at("curve").fail("\(error)\(Suggestions.fileHint(text, in: TimingCurve.names))")
        case .curve, .settlesOutOfRange:
            return at("curve").fail("\(error)")
        case .springParametersWithoutSpring:
            return at(request.dampingRatio != nil ? "damping" : "velocity").fail(
                "\"damping\" and \"velocity\" go with \"curve\": \"spring\" only"
                    + (request.curve.map { ", not \(InputText.quoted($0))" } ?? ""))
        }
    }
}
