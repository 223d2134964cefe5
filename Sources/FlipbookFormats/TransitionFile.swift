import FlipbookFiles
import FlipbookGeometry
public import FlipbookModel
package import FlipbookMotion
import FlipbookSamples
import FlipbookSupport
public import Foundation

/// A transition file: a `Transition` written as JSON (docs/TRANSITIONS.md is the reference,
/// docs/transition.schema.json the schema editors complete from).
///
/// Reading is strict: unknown keys are errors (with a "did you mean"), every error names the file,
/// the JSON path and what was expected, and everything is checked before anything is rendered.
public struct TransitionFile: Sendable {
    /// The file, as given.
    public let path: String
    /// The parsed JSON.
    package let root: JSONValue
    /// The photo manifest the file names (`"manifest"`, resolved against the file's folder).
    public let manifestPath: String?
    /// The transition's name: `"name"`, or the file's name without its extension.
    public let name: String
    /// True when layers refer to manifest photos (`{"photo": N}`, waterfall grids, `cellOf`).
    package let usesPhotos: Bool

    /// The keys of the top-level object.
    static let topKeys = [
        "name", "device", "manifest", "timing", "background", "statusBar", "layers", "animations", "timedChanges",
        "completion", "cancelCompletion", "appearance", "era"
    ]

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
            return members.contains {
                ["photo", "waterfallGrid", "cellOf", "aspectFitPhoto", "aspectFillPhoto"].contains($0.key) || mentionsPhotos($0.value)
            }
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
            throw field.fail(
                "no bundled sample is named \(InputText.quoted(name)) (`flipbook samples` lists them)"
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
    package func checkManifestInSandbox() throws {
        // A bundled sample (`sample:photos`) is part of flipbook, not of the file under review.
        guard let manifestPath, Samples.reference(forPath: manifestPath) == nil,
            let problem = PhotoSandbox.problem(manifestPath, insideFolderOf: path, folderName: "the transition file's folder")
        else { return }
        throw TransitionFileError.invalid(file: path, path: "$.manifest", message: "\(problem) (\(field: .sandboxPhotos))")
    }

    /// The file's device: `"device"`, or `fallback` when the file has none.
    public func device(fallback: Device) throws -> Device {
        let object = try JSONField(value: root, path: "$", file: path).object(known: TransitionFile.topKeys)
        return try object.optional("device").map(TransitionFile.device) ?? fallback
    }

    /// The file's main timing (`"timing"`; default easeInEaseOut, 0.3 s), the one `--curve`,
    /// `--duration`, `--damping` and `--velocity` change.
    /// - Throws: `TransitionFileError` naming the JSON path.
    package func mainTiming() throws -> Timing {
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
    package func transition(
        photos: [ScenePhoto], options: SceneOptions, device: Device? = nil,
        checkImage: ((String) throws -> Void)? = nil
    ) throws -> Transition {
        var decoder = TransitionDecoder(file: path, photos: photos, options: options)
        let top = JSONField(value: root, path: "$", file: path)
        let object = try top.object(known: TransitionFile.topKeys)
        decoder.device = try device ?? object.optional("device").map(TransitionFile.device) ?? options.device
        if let era = try options.era ?? TransitionFile.era(in: object) { decoder.device.era = era }
        decoder.appearance = try options.appearance ?? TransitionFile.appearance(in: object)
        let transition = try decoder.transition(object)
        if let checkImage {
            for (source, jsonPath) in decoder.imageUses {
                do { try checkImage(source) } catch {
                    throw TransitionFileError.invalid(file: path, path: jsonPath.text, message: "\(error: error)")
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
                if let index = transition.animations.firstIndex(where: { $0.name == names.first }) {
                    jsonPath = "$.animations[\(index)].after"
                }
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

    /// The file's `"era"`: `"ios13"`, `"ios15"` or `"ios16"`, the iOS whose system chrome is
    /// drawn (docs/CHROME.md, "Eras"); nil when absent (the device's own).
    static func era(in object: JSONObject) throws -> SystemEra? {
        try object.optional("era").map { try $0.choice(SystemEra.self) }
    }

    /// The file's `"appearance"`: `"light"` (default) or `"dark"`.
    static func appearance(in object: JSONObject) throws -> Appearance {
        try object.optional("appearance").map { try $0.choice(Appearance.self) } ?? .light
    }

    static func device(_ field: JSONField) throws -> Device {
        if case let .string(name) = field.value {
            guard let device = Device(named: name) else {
                let hint = Suggestions.fileHint(name, in: Device.presets.map(\.name))
                throw field.fail(
                    "unknown device \(InputText.quoted(name))\(hint); expected a device name (`flipbook devices` lists them: iphone8, se, plus, x, iphone15pro, …), \"WxH\" or \"WxH@S\" in points, or an object"
                )
            }
            return device
        }
        let object = try field.object(known: ["name", "width", "height", "scale", "topBar"])
        if let nameField = object.optional("name") {
            // A named phone at another scale (`{"name": "iphone15pro", "scale": 2}`): everything
            // but the scale is the phone's, status bar and safe area included.
            guard case let .string(name) = nameField.value, var device = Device.presets.first(where: { Device(named: name) == $0 }) else {
                let hint = (nameField.value.stringValue).map { Suggestions.fileHint($0, in: Device.presets.map(\.name)) } ?? ""
                throw nameField.fail(
                    "expected the name of a phone (`flipbook devices` lists them: iphone8, se, plus, x, iphone15pro, …)\(hint)")
            }
            for key in ["width", "height", "topBar"] {
                if let extra = object.optional(key) {
                    throw extra.fail(
                        "does not go with \"name\": a named phone has its own size and bars (give \"name\" and \"scale\", or no \"name\")")
                }
            }
            if let scale = try object.optional("scale")?.number(in: 1...4) { device.scale = scale }
            return device
        }
        let width = try object.required("width", "points").number(in: 100...2000)
        let height = try object.required("height", "points").number(in: 100...2000)
        let scale = try object.optional("scale")?.number(in: 1...4) ?? 2
        let bar = try object.optional("topBar")?.number(in: 0...200) ?? 64
        return Device(
            name: "\(JSON.number(width))x\(JSON.number(height))", sizePoints: Size(width: width, height: height),
            scale: scale, topBarHeightPoints: bar)
    }
}
