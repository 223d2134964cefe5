import Foundation
import FlipbookFiles
import FlipbookGeometry
import FlipbookText
import FlipbookMotion
import FlipbookRaster
import FlipbookSamples

/// A transition file: a `Transition` written as JSON (docs/TRANSITIONS.md is the reference,
/// docs/transition.schema.json the schema editors complete from).
///
/// Reading is strict: unknown keys are errors (with a "did you mean"), every error names the file,
/// the JSON path and what was expected, and everything is checked before anything is rendered.
public struct TransitionFile: Sendable {
    /// The file, as given.
    public let path: String
    /// The parsed JSON.
    public let root: JSONValue
    /// The photo manifest the file names (`"manifest"`, resolved against the file's folder).
    public let manifestPath: String?
    /// The transition's name: `"name"`, or the file's name without its extension.
    public let name: String
    /// True when layers refer to manifest photos (`{"photo": N}`, waterfall grids, `cellOf`).
    public let usesPhotos: Bool

    /// The keys of the top-level object.
    static let topKeys = ["name", "device", "manifest", "timing", "background", "statusBar", "layers", "animations", "completion",
                           "cancelCompletion"]

    /// Reads and parses a file (at most `maximumBytes`).
    /// - Throws: `TransitionFileError`.
    public init(contentsOf path: String) throws {
        let data: Data
        do {
            // InputFile: a FIFO, a device or /proc/self/pagemap (which reports a size of 0 and
            // reads for gigabytes) is refused or cut off at the limit while reading.
            data = Data(try InputFile.read(path, maximumBytes: TransitionFile.maximumBytes))
        } catch let error as FileError {
            // "no such file", as the reference shows it, rather than strerror's capitalised text.
            let missing = String(cString: strerror(ENOENT))
            throw TransitionFileError.unreadable(file: path, reason: error.reason == missing ? "no such file" : error.reason)
        }
        try self.init(data: data, path: path)
    }

    /// The largest transition file read (16 MB: far beyond any hand-written or exported file).
    public static let maximumBytes = 16_000_000

    /// Parses file bytes; `path` names the file in errors and resolves relative paths.
    /// - Throws: `TransitionFileError`.
    public init(data: Data, path: String) throws {
        self.path = path
        do {
            root = try JSONValue.parse(data)
        } catch let error as JSONSyntaxError {
            throw TransitionFileError.syntax(file: path, error)
        }
        let top = JSONField(value: root, path: "$", file: path)
        let object = try top.object(known: TransitionFile.topKeys)
        let manifestField = object.optional("manifest")
        manifestPath = try manifestField.map { try TransitionFile.resolve($0, against: path) }
        if let manifestPath, let manifestField, !FileManager.default.fileExists(atPath: manifestPath) {
            throw manifestField.fail("\(manifestPath): no such file")
        }
        usesPhotos = TransitionFile.mentionsPhotos(root)
        name = try TransitionFile.name(in: object, file: path)
    }

    /// The transition's name: `"name"`, or the file's name without its extension. It becomes part
    /// of output paths (`Output/{preset}`), so it must be a plain file name (`OutputName`): no
    /// `/`, no leading dot, no control characters.
    /// - Throws: `TransitionFileError.invalid` at `$.name` (or `$` for the file's own name).
    static func name(in object: JSONObject, file: String) throws -> String {
        if let field = object.optional("name") {
            let name = try field.nonEmptyString()
            if let problem = OutputName.problem(with: name) {
                throw field.fail("must be a plain file name (it names the outputs, e.g. Output/NAME), but \(problem)")
            }
            return name
        }
        let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        if let problem = OutputName.problem(with: name) {
            throw object.field.fail("the file's name cannot name the outputs (\(problem)); give the transition a \"name\"")
        }
        return name
    }

    private static func mentionsPhotos(_ value: JSONValue) -> Bool {
        switch value {
        case let .object(members):
            return members.contains { ["photo", "waterfallGrid", "cellOf", "aspectFitPhoto", "aspectFillPhoto"].contains($0.key) || mentionsPhotos($0.value) }
        case let .array(values): return values.contains(where: mentionsPhotos)
        default: return false
        }
    }

    /// `relative` resolved against the folder of `file` (absolute paths stay as they are).
    /// A string field naming a file: `sample:NAME` (a bundled sample, `Samples.resolve`) or a
    /// path relative to `file`'s folder.
    static func resolve(_ field: JSONField, against file: String) throws -> String {
        let text = try field.nonEmptyString()
        guard text.hasPrefix(Samples.referencePrefix) else { return resolve(text, against: file) }
        guard let path = Samples.resolve(text) else {
            let name = String(text.dropFirst(Samples.referencePrefix.count))
            throw field.fail("no bundled sample is named \(InputText.quoted(name)) (`flipbook samples` lists them)"
                             + Suggestions.fileHint(name, in: Samples.all.map(\.name)))
        }
        return path
    }

    static func resolve(_ relative: String, against file: String) -> String {
        if relative.hasPrefix("/") { return relative }
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? relative : ((folder as NSString).appendingPathComponent(relative) as NSString).standardizingPath
    }

    /// With `--sandbox-photos` (`SceneOptions.sandboxPhotos`): the manifest the file names must
    /// resolve, links followed, inside the transition file's folder, as its images must
    /// (`transition(photos:options:)` checks those); the manifest's photos must then lie inside
    /// the manifest's folder. - Throws: `TransitionFileError.invalid` at `$.manifest`.
    public func checkManifestInSandbox() throws {
        // A bundled sample (`sample:photos`) is part of flipbook, not of the file under review.
        guard let manifestPath, Samples.reference(forPath: manifestPath) == nil,
              let problem = PhotoSandbox.problem(manifestPath, insideFolderOf: path, folderName: "the transition file's folder") else { return }
        throw TransitionFileError.invalid(file: path, path: "$.manifest", message: "\(problem) (SceneOptions.sandboxPhotos)")
    }

    /// The file's device: `"device"`, or `fallback` when the file has none.
    public func device(fallback: Device) throws -> Device {
        let object = try JSONField(value: root, path: "$", file: path).object(known: TransitionFile.topKeys)
        return try object.optional("device").map(TransitionFile.device) ?? fallback
    }

    /// The file's main timing (`"timing"`; default easeInEaseOut, 0.3 s), the one `--curve`,
    /// `--duration`, `--damping` and `--velocity` change.
    /// - Throws: `TransitionFileError` naming the JSON path.
    public func mainTiming() throws -> Timing {
        let object = try JSONField(value: root, path: "$", file: path).object(known: TransitionFile.topKeys)
        let decoder = TransitionDecoder(file: path, photos: [], options: SceneOptions())
        return try object.optional("timing").map { try decoder.timing($0) } ?? TransitionDecoder.defaultTiming
    }

    /// Builds the transition.
    ///
    /// - Parameters:
    ///   - photos: the manifest's photos, for `{"photo": N}`, waterfall grids and `cellOf`.
    ///   - options: columns and the default device.
    ///   - device: replaces the file's device when given (`--device`).
    ///   - checkImage: called once per image file the layers name (e.g. reads its header); an
    ///     error it throws is reported with the JSON path of the first use.
    /// - Throws: `TransitionFileError` naming the JSON path.
    public func transition(photos: [ScenePhoto], options: SceneOptions, device: Device? = nil,
                           checkImage: ((String) throws -> Void)? = nil) throws -> Transition {
        var decoder = TransitionDecoder(file: path, photos: photos, options: options)
        let top = JSONField(value: root, path: "$", file: path)
        let object = try top.object(known: TransitionFile.topKeys)
        decoder.device = try device ?? object.optional("device").map(TransitionFile.device) ?? options.device
        let transition = try decoder.transition(object)
        if let checkImage {
            for (source, jsonPath) in decoder.imageUses {
                do { try checkImage(source) } catch {
                    throw TransitionFileError.invalid(file: path, path: jsonPath.text, message: "\(error)")
                }
            }
        }
        do {
            _ = try TransitionAnimator(transition)
        } catch let error as TransitionError {
            // Point at the field that starts the problem where there is one.
            var jsonPath = "$"
            switch error {
            case let .cycle(names):
                if let index = transition.animations.firstIndex(where: { $0.name == names.first }) { jsonPath = "$.animations[\(index)].after" }
            case let .invalidSnapshot(name, _):
                if let found = TransitionFile.layerPath(named: name, in: root) { jsonPath = found + ".snapshotOf" }
            default:
                break
            }
            throw TransitionFileError.invalid(file: path, path: jsonPath, message: "\(error)")
        }
        return transition
    }

    /// The JSON path of the layer object named `name` (searching `layers` and `sublayers`).
    static func layerPath(named name: String, in root: JSONValue) -> String? {
        func search(_ value: JSONValue, _ path: String) -> String? {
            guard case let .object(members) = value else { return nil }
            if members.contains(where: { $0.key == "name" && $0.value == .string(name) }) { return path }
            for member in members where member.key == "sublayers" || member.key == "layers" {
                guard case let .array(items) = member.value else { continue }
                for (index, item) in items.enumerated() {
                    if let found = search(item, "\(path).\(member.key)[\(index)]") { return found }
                }
            }
            return nil
        }
        return search(root, "$")
    }

    static func device(_ field: JSONField) throws -> Device {
        if case let .string(name) = field.value {
            guard let device = Device(named: name) else {
                let hint = Suggestions.fileHint(name, in: Device.presets.map(\.name))
                throw field.fail("unknown device \(InputText.quoted(name))\(hint); expected iphone8, se, plus, x, \"WxH\" in points, or an object")
            }
            return device
        }
        let object = try field.object(known: ["width", "height", "scale", "topBar"])
        let width = try object.required("width", "points").number(in: 100...2000)
        let height = try object.required("height", "points").number(in: 100...2000)
        let scale = try object.optional("scale")?.number(in: 1...4) ?? 2
        let bar = try object.optional("topBar")?.number(in: 0...200) ?? 64
        return Device(name: "\(JSON.number(width))x\(JSON.number(height))", sizePoints: Size(width: width, height: height),
                      scale: scale, topBarHeightPoints: bar)
    }
}

/// Turns a transition file's JSON into a `Transition`, resolving photo references and keeping
/// every layer's window origin so `cellOf` frames can be expressed in any layer's coordinates.
struct TransitionDecoder {
    let file: String
    let photos: [ScenePhoto]
    let options: SceneOptions
    var device = Device.iPhone8
    /// Image files and the JSON path of their first use.
    var imageUses: [(String, JSONPath)] = []
    private var seenImages = Set<String>()
    /// Each layer's parent's window origin (translation only), for `cellOf` in animations.
    private var parentOrigins: [String: Point] = [:]
    /// Waterfall grids declared so far: cell frames in window points at the grid's start scroll.
    private var gridCells: [String: [Rect]] = [:]
    private var layerPaths: [String: JSONPath] = [:]
    /// `snapshotOf` fields, checked once every layer is known.
    private var snapshotUses: [JSONField] = []

    init(file: String, photos: [ScenePhoto], options: SceneOptions) {
        self.file = file; self.photos = photos; self.options = options
    }

    static let layerKeys = ["name", "frame", "opacity", "backgroundColor", "cornerRadius", "transform", "scroll", "image",
                            "contentMode", "clipsToBounds", "hidden", "text", "shapes", "snapshotOf", "sublayers", "waterfallGrid", "navigationBar"]
    static let patchKeys = ["frame", "opacity", "backgroundColor", "cornerRadius", "transform", "scroll", "hidden", "image",
                            "contentMode", "clipsToBounds", "text", "removed"]
    /// The patch keys an animation's `from`, `to` and keyframes may hold (the others are set
    /// in a completion or on the layer).
    static let animatableKeys = ["frame", "opacity", "backgroundColor", "cornerRadius", "transform", "scroll"]
    static let animationKeys = ["name", "target", "from", "to", "keyframes", "delay", "after", "duration", "curve", "damping",
                                "velocity", "completion"]

    mutating func transition(_ object: JSONObject) throws -> Transition {
        let name = try TransitionFile.name(in: object, file: file)
        let timing = try object.optional("timing").map { try self.timing($0) } ?? TransitionDecoder.defaultTiming
        var window = Layer(name: "window", frame: device.bounds)
        window.backgroundColor = try object.optional("background")?.color() ?? .white
        layerPaths["window"] = JSONPath("$")
        let statusBar = try object.optional("statusBar").map(self.statusBar) ?? .dark
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
                    hint = names.isEmpty ? " (no animation has a \"name\")"
                        : "; the named animations are " + names.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                }
                throw field.child("after", .string(after)).fail("no animation is named \(InputText.quoted(after))\(hint)")
            }
        }
        return Transition(name: name, device: device, window: window, animations: animations, completion: completion,
                          cancelCompletion: cancelCompletion, timing: timing, statusBar: statusBar)
    }

    /// `"statusBar"`: `false` (none), `true` or `{"style": "dark" | "light"}` (default dark).
    func statusBar(_ field: JSONField) throws -> StatusBar.Style? {
        if case let .bool(on) = field.value { return on ? .dark : nil }
        guard case .object = field.value else { throw field.fail("expected false, true or {\"style\": \"dark\" | \"light\"}") }
        let object = try field.object(known: ["style"])
        return try object.optional("style").map { StatusBar.Style(rawValue: try $0.choice(StatusBar.Style.allCases.map(\.rawValue)))! } ?? .dark
    }

    /// `"shapes"`: `[{"name": …, "color": …, "contours": [[x0, y0, x1, y1, …], …]}]`, filled paths
    /// in the layer's points (non-zero rule), each contour at least three vertices.
    func shapes(_ field: JSONField) throws -> [ChromeShape] {
        try field.array().enumerated().map { index, entry in
            let object = try entry.object(known: ["name", "color", "contours"])
            let name = try object.optional("name")?.string() ?? "shape \(index)"
            let color = try object.optional("color")?.color() ?? .black
            let contoursField = try object.required("contours", "the outline: [[x0, y0, x1, y1, …], …] in the layer's points")
            let contours = try contoursField.array().map { contour -> [Point] in
                let values = try contour.array().map { try $0.number() }
                guard values.count >= 6, values.count % 2 == 0 else {
                    throw contour.fail("a contour is a flat list of at least three x, y pairs: [x0, y0, x1, y1, x2, y2, …]")
                }
                return stride(from: 0, to: values.count, by: 2).map { Point(x: values[$0], y: values[$0 + 1]) }
            }
            return ChromeShape(name: name, path: Path(contours: contours), color: color)
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
    private func timingRequest(_ object: JSONObject, duration: Bool = true) throws -> TimingRequest {
        TimingRequest(curve: try object.optional("curve")?.string(),
                      durationSeconds: duration ? try object.optional("duration")?.number(in: TimingRequest.durationRangeSeconds) : nil,
                      dampingRatio: try object.optional("damping")?.number(in: TimingRequest.dampingRatioRange),
                      initialVelocity: try object.optional("velocity")?.number(in: TimingRequest.initialVelocityRange))
    }

    /// A `TimingRequestError` at the path of the key at fault.
    private func fail(_ error: TimingRequestError, _ request: TimingRequest, _ object: JSONObject) -> TransitionFileError {
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
                "\"damping\" and \"velocity\" go with \"curve\": \"spring\" only" + (request.curve.map { ", not \(InputText.quoted($0))" } ?? ""))
        }
    }

    mutating func layer(_ field: JSONField, parentOrigin: Point) throws -> Layer {
        let object = try field.object(known: TransitionDecoder.layerKeys)
        let nameField = try object.required("name", "a unique name animations refer to")
        let name = try nameField.nonEmptyString()
        if let first = layerPaths[name] { throw nameField.fail("another layer is already named \(InputText.quoted(name)) (at \(first.text)); names must be unique") }
        layerPaths[name] = field.location
        parentOrigins[name] = parentOrigin
        var layer = Layer(name: name, frame: .zero)
        if object.has("waterfallGrid"), let bar = object.optional("navigationBar") {
            throw bar.fail("a layer has at most one generator: \"waterfallGrid\" or \"navigationBar\"")
        }
        if object.has("waterfallGrid"), let scroll = object.optional("scroll") {
            throw scroll.fail("a waterfall grid's scroll is \"waterfallGrid\": {\"scroll\": …} (or \"reveal\"), so its cells and cellOf agree")
        }
        if let grid = object.optional("waterfallGrid") {
            layer = try waterfallGrid(grid, name: name, object: object, parentOrigin: parentOrigin)
        } else if let bar = object.optional("navigationBar") {
            layer = try navigationBar(bar, name: name)
        } else {
            layer.frame = try frame(object.required("frame", "[x, y, width, height] in the parent's points"), parentOrigin: parentOrigin)
        }
        if object.has("waterfallGrid") || object.has("navigationBar"), let frame = object.optional("frame") {
            layer.frame = try self.frame(frame, parentOrigin: parentOrigin)
        }
        var patch = try self.patch(JSONField(value: field.value, location: field.location, file: file), object: object, targetParent: parentOrigin,
                                   animatableOnly: false, allowRemoved: false)
        patch.frame = nil
        layer.apply(patch)
        if let shapes = object.optional("shapes") { layer.shapes = try self.shapes(shapes) }
        if let snapshot = object.optional("snapshotOf") {
            layer.snapshotOf = try snapshot.nonEmptyString()
            snapshotUses.append(snapshot)
        }
        if let sublayers = object.optional("sublayers") {
            let origin = Point(x: parentOrigin.x + layer.frame.x - layer.boundsOrigin.x, y: parentOrigin.y + layer.frame.y - layer.boundsOrigin.y)
            layer.sublayers += try sublayers.array().map { try self.layer($0, parentOrigin: origin) }
        }
        return layer
    }

    /// A frame: `[x, y, w, h]`, `{"cellOf": GRID, "index": N}` (that cell where the grid shows it at
    /// the start, in this layer's parent's points) or `{"aspectFitPhoto": N, "in": [x, y, w, h]}`.
    func frame(_ field: JSONField, parentOrigin: Point) throws -> Rect {
        guard case .object = field.value else { return try field.rect() }
        let object = try field.object(known: ["cellOf", "index", "aspectFitPhoto", "aspectFillPhoto", "in"],
                                      alternative: "give a plain [x, y, width, height] instead of an object")
        let kinds = ["cellOf", "aspectFitPhoto", "aspectFillPhoto"].filter(object.has)
        if kinds.count > 1 { throw field.fail("give one of \"cellOf\", \"aspectFitPhoto\" or \"aspectFillPhoto\", not \(kinds.count)") }
        if object.has("cellOf"), let extra = object.optional("in") { throw extra.fail("\"in\" goes with \"aspectFitPhoto\" or \"aspectFillPhoto\"") }
        if !object.has("cellOf"), let extra = object.optional("index") { throw extra.fail("\"index\" goes with \"cellOf\"") }
        if let grid = object.optional("cellOf") {
            let gridName = try grid.nonEmptyString()
            guard let cells = gridCells[gridName] else {
                let hint = Suggestions.fileHint(gridName, in: gridCells.keys.sorted())
                throw grid.fail("no waterfall grid named \(InputText.quoted(gridName)) is declared before this point\(hint)")
            }
            let index = try object.required("index", "the photo's index in the manifest").integer(in: 0...(cells.count - 1))
            return cells[index].offsetBy(dx: -parentOrigin.x, dy: -parentOrigin.y)
        }
        let fit = object.optional("aspectFitPhoto"), fill = object.optional("aspectFillPhoto")
        guard let photoField = fit ?? fill else { throw field.fail("expected [x, y, width, height], {\"cellOf\": …, \"index\": …} or {\"aspectFitPhoto\": …, \"in\": […]}") }
        let photo = try self.photo(photoField)
        let bounds = try object.required("in", "the rect to fit the photo in").rect()
        return (fit != nil ? ContentMode.scaleAspectFit : .scaleAspectFill).imageRect(imageSize: photo.sizePixels, in: bounds)
    }

    func photo(_ field: JSONField) throws -> ScenePhoto {
        guard !photos.isEmpty else { throw field.fail("refers to a manifest photo, but the manifest has no photos") }
        return photos[try field.integer(in: 0...(photos.count - 1))]
    }

    mutating func waterfallGrid(_ field: JSONField, name: String, object: JSONObject, parentOrigin: Point) throws -> Layer {
        let grid = try field.object(known: ["columns", "scroll", "reveal", "hidden"])
        guard !photos.isEmpty else { throw field.fail("a waterfall grid needs the manifest's photos, and it has none") }
        let columns = try grid.optional("columns")?.integer(in: 2...8) ?? options.columns
        // Laid out for the grid's own width: the screen's, or its `frame`'s when given.
        var layoutDevice = device
        if let frame = object.optional("frame") { layoutDevice.sizePoints.width = try self.frame(frame, parentOrigin: parentOrigin).width }
        let scene = PhotoBrowserScene(photos: photos, device: layoutDevice, columns: columns)
        var scroll = try grid.optional("scroll")?.number(in: 0...1e7) ?? 0
        if let reveal = grid.optional("reveal") {
            guard grid.optional("scroll") == nil else { throw reveal.fail("give \"scroll\" or \"reveal\", not both") }
            scroll = scene.gridScroll(revealing: try reveal.integer(in: 0...(photos.count - 1)))
        }
        let hidden = try grid.optional("hidden")?.array().map { try $0.integer(in: 0...(photos.count - 1)) } ?? []
        // Every cell gets a layer (a file may animate the grid's scroll or target any cell);
        // a file's grid keeps aspect-fill cells (the push preset's are seed 000's scaleToFill).
        var layer = scene.gridLayer(scroll: scroll, allCells: true, cellMode: .scaleAspectFill)
        layer.name = name
        for index in layer.sublayers.indices {
            layer.sublayers[index].name = "\(name) cell \(index)"
            if hidden.contains(index) { layer.sublayers[index].isHidden = true }
        }
        if let frame = object.optional("frame") { layer.frame = try self.frame(frame, parentOrigin: parentOrigin) }
        for (index, cell) in layer.sublayers.enumerated() {
            let cellName = cell.name
            if let first = layerPaths[cellName] { throw field.fail("its cell \(InputText.quoted(cellName)) has the name of the layer at \(first.text)") }
            layerPaths[cellName] = field.location
            parentOrigins[cellName] = Point(x: parentOrigin.x + layer.frame.x, y: parentOrigin.y + layer.frame.y - scroll)
            _ = index
        }
        gridCells[name] = scene.layout.cellFrames.map {
            $0.offsetBy(dx: parentOrigin.x + layer.frame.x, dy: parentOrigin.y + layer.frame.y - scroll)
        }
        return layer
    }

    mutating func navigationBar(_ field: JSONField, name: String) throws -> Layer {
        let object = try field.object(known: ["title", "backTitle", "leftButton", "rightButton"])
        let item = NavigationItem(title: try object.optional("title")?.string() ?? "", backTitle: try object.optional("backTitle")?.string(),
                                  leftButton: try object.optional("leftButton")?.string(), rightButton: try object.optional("rightButton")?.string())
        var bar = NavigationBar.layer(device: device, showing: item)
        bar.name = name
        func rename(_ layer: inout Layer) {
            for index in layer.sublayers.indices {
                layer.sublayers[index].name = name + " / " + layer.sublayers[index].name
                layerPaths[layer.sublayers[index].name] = field.location
                rename(&layer.sublayers[index])
            }
        }
        rename(&bar)
        return bar
    }

    /// Layer properties from `object` (a layer, `to`, `from` or `set`).
    mutating func patch(_ field: JSONField, object: JSONObject, targetParent: Point, animatableOnly: Bool, allowRemoved: Bool) throws -> LayerPatch {
        var patch = LayerPatch()
        if animatableOnly {
            for key in ["hidden", "image", "contentMode", "clipsToBounds", "text", "removed"] where object.has(key) {
                throw object.optional(key)!.fail("\"\(key)\" cannot be animated; set it in a \"completion\" (or on the layer)")
            }
        }
        if !allowRemoved, let removed = object.optional("removed") { throw removed.fail("\"removed\" is for completions") }
        if let value = object.optional("frame") { patch.frame = try frame(value, parentOrigin: targetParent) }
        if let value = object.optional("opacity") { patch.opacity = try value.number(in: 0...1) }
        if let value = object.optional("backgroundColor") { patch.backgroundColor = try value.color() }
        if let value = object.optional("cornerRadius") { patch.cornerRadius = try value.number(in: 0...1e6) }
        if let value = object.optional("transform") { patch.transform = try transform(value) }
        if let value = object.optional("scroll") { patch.boundsOrigin = try value.point() }
        if let value = object.optional("hidden") { patch.isHidden = try value.bool() }
        if let value = object.optional("image") { patch.imageSource = try image(value) }
        if let value = object.optional("contentMode") {
            patch.contentMode = ContentMode(rawValue: try value.choice(ContentMode.allCases.map(\.rawValue)))
        }
        if let value = object.optional("clipsToBounds") { patch.clipsToBounds = try value.bool() }
        if let value = object.optional("text") { patch.text = try text(value) }
        if let value = object.optional("removed") {
            guard try value.bool() else { throw value.fail("\"removed\" can only be true") }
            patch.isRemoved = true
        }
        return patch
    }

    /// `"path/to/file.jpg"` (relative to the transition file) or `{"photo": N}`.
    mutating func image(_ field: JSONField) throws -> String {
        let source: String
        if case .object = field.value {
            let object = try field.object(known: ["photo"])
            source = try photo(try object.required("photo", "the photo's index in the manifest")).source
        } else {
            let text = try field.nonEmptyString()
            if let scheme = text.range(of: "://"), !text[..<scheme.lowerBound].contains("/") {
                throw field.fail("\(InputText.quoted(text)) is a URL; name a local image file (relative to the transition file)")
            }
            source = try TransitionFile.resolve(field, against: file)
            if options.sandboxPhotos, !text.hasPrefix(Samples.referencePrefix),
               let problem = PhotoSandbox.problem(source, insideFolderOf: file, folderName: "the transition file's folder") {
                throw field.fail("\(InputText.quoted(text)): \(problem) (SceneOptions.sandboxPhotos)")
            }
        }
        if seenImages.insert(source).inserted { imageUses.append((source, field.location)) }
        return source
    }

    /// `{"translate": [x, y], "rotate": degrees, "scale": s or [sx, sy]}`.
    func transform(_ field: JSONField) throws -> LayerTransform {
        let object = try field.object(known: ["translate", "rotate", "scale"])
        var transform = LayerTransform.identity
        if let value = object.optional("translate") { transform.translation = try value.point() }
        if let value = object.optional("rotate") { transform.rotationDegrees = try value.number(in: -36000...36000) }
        if let value = object.optional("scale") {
            if case .number = value.value {
                let scale = try value.number(in: -1000...1000)
                transform.scale = Size(width: scale, height: scale)
            } else {
                let n = try value.numbers(2, names: "[sx, sy]", in: -1000...1000)
                transform.scale = Size(width: n[0], height: n[1])
            }
        }
        return transform
    }

    /// `{"string", "size", "weight", "color", "origin", "align", "width", "maxWidth", "lines", "lineBreak"}`.
    func text(_ field: JSONField) throws -> TextContent {
        let object = try field.object(known: ["string", "size", "weight", "color", "origin", "align", "width", "maxWidth", "lines", "lineBreak"])
        let string = try object.required("string", "the text").string()
        let size = try object.optional("size")?.number(in: 1...500) ?? 17
        let weight = try object.optional("weight").map { FontWeight(rawValue: try $0.choice(FontWeight.allCases.map(\.rawValue)))! } ?? .regular
        let color = try object.optional("color")?.color() ?? .black
        let origin = try object.optional("origin")?.point() ?? Point(x: 0, y: size)
        let width = try object.optional("width")?.number(in: 0...1e6)
        let alignment: TextAlignment
        switch try object.optional("align")?.choice(["leading", "natural", "center", "trailing"]) ?? "leading" {
        case "center":
            guard let width else { throw field.fail("\"align\": \"center\" needs \"width\", the box the line is centred in") }
            alignment = .centered(widthPoints: width)
        case "trailing":
            guard let width else { throw field.fail("\"align\": \"trailing\" needs \"width\", the box the line ends in") }
            alignment = .trailing(widthPoints: width)
        case "natural":
            alignment = .natural
        default:
            alignment = .leading
        }
        let maxWidth = try object.optional("maxWidth")?.number(in: 0...1e6)
        let lines = try object.optional("lines")?.integer(in: 0...10_000) ?? 1
        let lineBreak = try object.optional("lineBreak").map {
            TextLayout.LineBreakMode(rawValue: try $0.choice(TextLayout.LineBreakMode.allCases.map(\.rawValue)))!
        } ?? .truncateTail
        return TextContent(string: string, sizePoints: size, weight: weight, baselineOrigin: origin, color: color,
                           alignment: alignment, maxWidthPoints: maxWidth, numberOfLines: lines, lineBreakMode: lineBreak)
    }

    /// The layer named by `field`, which must exist.
    func target(_ field: JSONField) throws -> String {
        let name = try field.nonEmptyString()
        guard layerPaths[name] != nil else {
            let hint = Suggestions.fileHint(name, in: layerPaths.keys.sorted())
            throw field.fail("no layer is named \(InputText.quoted(name))\(hint)")
        }
        return name
    }

    mutating func animation(_ field: JSONField) throws -> Animation {
        let object = try field.object(known: TransitionDecoder.animationKeys)
        let target = try self.target(object.required("target", "the name of the layer animated"))
        let origin = parentOrigins[target] ?? .zero
        var animation = Animation(target: target)
        animation.name = try object.optional("name")?.nonEmptyString()
        if let from = object.optional("from") {
            animation.from = try patch(from, object: from.object(known: TransitionDecoder.patchKeys, listed: TransitionDecoder.animatableKeys), targetParent: origin, animatableOnly: true, allowRemoved: false)
        }
        if let to = object.optional("to") {
            animation.to = try patch(to, object: to.object(known: TransitionDecoder.patchKeys, listed: TransitionDecoder.animatableKeys), targetParent: origin, animatableOnly: true, allowRemoved: false)
            if animation.to.animatedProperties.isEmpty { throw to.fail("sets nothing to animate (frame, opacity, backgroundColor, cornerRadius, transform or scroll)") }
        }
        if let keyframes = object.optional("keyframes") {
            if object.has("to") { throw keyframes.fail("give \"to\" or \"keyframes\", not both") }
            let list = try keyframes.array()
            guard !list.isEmpty else { throw keyframes.fail("needs at least one keyframe") }
            animation.keyframes = try list.map { entry in
                let keyframe = try entry.object(known: ["start", "duration", "to", "curve", "damping", "velocity"])
                let start = try keyframe.required("start", "relative start time, 0…1").number(in: 0...1)
                let durationField = try keyframe.required("duration", "relative duration, 0…1")
                let duration = try durationField.number(in: 0...1)
                guard duration > 0, start + duration <= 1 + 1e-9 else { throw durationField.fail("must be greater than 0, with start + duration at most 1") }
                let to = try keyframe.required("to", "the values reached at the keyframe's end")
                let patch = try self.patch(to, object: to.object(known: TransitionDecoder.patchKeys, listed: TransitionDecoder.animatableKeys), targetParent: origin, animatableOnly: true, allowRemoved: false)
                if patch.animatedProperties.isEmpty { throw to.fail("sets nothing to animate (frame, opacity, backgroundColor, cornerRadius, transform or scroll)") }
                var curve = TimingCurve.bezier(.linear)
                if let curveField = keyframe.optional("curve") {
                    curve = try self.curve(keyframe) ?? curve
                    if case .springPhysics = curve { throw curveField.fail("a keyframe's curve must be a Bézier or \"spring\"") }
                }
                return Keyframe(relativeStart: start, relativeDuration: duration, to: patch, curve: curve)
            }
        }
        if !object.has("to") && !object.has("keyframes") { throw field.fail("missing \"to\" (or \"keyframes\"): what the animation changes") }
        // A `from` value for a property the animation does not animate would silently do nothing.
        if let from = object.optional("from") {
            let animated = Set(animation.to.animatedProperties + animation.keyframes.flatMap(\.to.animatedProperties))
            let keyOf: [AnimatableProperty: String] = [.frame: "frame", .opacity: "opacity", .backgroundColor: "backgroundColor",
                                                       .cornerRadius: "cornerRadius", .transform: "transform", .boundsOrigin: "scroll"]
            for property in animation.from.animatedProperties where !animated.contains(property) {
                let key = keyOf[property]!
                throw try from.object(known: TransitionDecoder.patchKeys).optional(key)!.fail("\"\(key)\" is not animated (not in \"to\" or a keyframe), so it has no start value")
            }
        }
        animation.delaySeconds = try object.optional("delay")?.number(in: 0...600) ?? 0
        animation.after = try object.optional("after")?.nonEmptyString()
        let curve = try self.curve(object)
        var duration = try object.optional("duration")?.number(in: TimingRequest.durationRangeSeconds)
        // A spring-physics curve lasts its settling time unless told otherwise (as in `timing`).
        if duration == nil, let curve, case let .springPhysics(spring) = curve {
            guard TimingRequest.durationRangeSeconds.contains(spring.settlingDurationSeconds) else {
                throw (object.optional("curve") ?? object.field).fail("the spring settles after \(NumberText.shortest(spring.settlingDurationSeconds)) s; give \"duration\"")
            }
            duration = spring.settlingDurationSeconds
        }
        animation.timing = AnimationTiming(curve: curve, durationSeconds: duration)
        if let completion = object.optional("completion") { animation.completion = try completion.array().map { try change($0) } }
        return animation
    }

    /// `{"target": NAME, "set": {…}}`.
    mutating func change(_ field: JSONField) throws -> LayerChange {
        let object = try field.object(known: ["target", "set"])
        let target = try self.target(object.required("target", "the name of the layer changed"))
        let set = try object.required("set", "the properties to set")
        let patch = try self.patch(set, object: set.object(known: TransitionDecoder.patchKeys), targetParent: parentOrigins[target] ?? .zero,
                                   animatableOnly: false, allowRemoved: true)
        return LayerChange(target: target, set: patch)
    }
}
