import FlipbookGeometry
public import FlipbookModel
import FlipbookMotion
import FlipbookRaster
import FlipbookSamples
import FlipbookText
import Foundation

extension TransitionFile {
    /// The transition as a transition file's JSON text: every layer written out in full (plain
    /// rects, the bundled photos as `sample:NAME`, other image paths relative to `directory`, the
    /// folder the file will be written to — never into the install folder), so
    /// reading it back gives the same transition and so the same frames, bit for bit (numbers
    /// are written in their shortest round-trip form).
    public static func json(for transition: Transition, relativeTo directory: String) -> String {
        var writer = TransitionWriter(directory: directory)
        return writer.document(transition)
    }

    /// The layers one device pixel thick at the transition's scale and thinner than a point (a
    /// navigation bar's and a card row's hairline: `1 / scale` points): written in points, they
    /// are one pixel only at that scale, so an export says which scale it assumed.
    package static func hairlineNames(in transition: Transition) -> [String] {
        let pixel = 1 / transition.device.scale
        guard pixel < 1 else { return [] }
        func visit(_ layer: Layer) -> [String] {
            let thin = layer.frame.height == pixel || layer.frame.width == pixel
            return (thin ? [layer.name] : []) + layer.sublayers.flatMap(visit)
        }
        return transition.window.sublayers.flatMap(visit)
    }
}

/// Writes transitions as indented, deterministic JSON.
struct TransitionWriter {
    let directory: String

    mutating func document(_ transition: Transition) -> String {
        var members: [(String, String)] = [("name", JSON.string(transition.name))]
        let hairlines = TransitionFile.hairlineNames(in: transition)
        if !hairlines.isEmpty {
            // A comment key (ignored when read): the rects are in points, drawn for this scale.
            let scale = JSON.number(transition.device.scale)
            members.append(
                (
                    "// scale",
                    JSON.string(
                        "exported at @\(scale)x: \(hairlines.joined(separator: ", ")) \(hairlines.count == 1 ? "is" : "are") "
                            + "one device pixel thick (1/\(scale) pt) only at this scale; export again at another scale for another")
                ))
        }
        members.append(("device", device(transition.device)))
        // The era when it is not the one the device's name (or, for an object, `ios13`) gives.
        if transition.device.era != (namedDevice(transition.device)?.era ?? .ios13) {
            members.append(("era", JSON.string(transition.device.era.rawValue)))
        }
        members += [
            ("timing", timing(curve: transition.timing.curve, duration: transition.timing.durationSeconds)),
            ("background", color(transition.window.backgroundColor ?? .clear)),
            (
                "statusBar",
                transition.statusBar.map { style in
                    object(
                        [("style", JSON.string(style.rawValue))]
                            + (transition.homeIndicatorToneBefore.map { [("homeIndicatorBefore", JSON.number($0))] } ?? []))
                } ?? "false"
            )
        ]
        members.append(("layers", list(transition.window.sublayers.map { layer($0, indent: "    ") }, indent: "  ")))
        if !transition.animations.isEmpty {
            members.append(("animations", list(transition.animations.map { animation($0, indent: "    ") }, indent: "  ")))
        }
        if !transition.timedChanges.isEmpty {
            members.append(
                (
                    "timedChanges",
                    list(
                        transition.timedChanges.map { moment in
                            object([("at", JSON.number(moment.atSeconds)), ("changes", list(moment.changes.map(change), indent: "    "))])
                        }, indent: "  ")
                ))
        }
        if !transition.completion.isEmpty {
            members.append(("completion", list(transition.completion.map(change), indent: "  ")))
        }
        if !transition.cancelCompletion.isEmpty {
            members.append(("cancelCompletion", list(transition.cancelCompletion.map(change), indent: "  ")))
        }
        return "{\n" + members.map { "  \(JSON.string($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }

    func list(_ items: [String], indent: String) -> String {
        items.isEmpty ? "[]" : "[\n" + items.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n" + indent + "]"
    }

    func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(JSON.string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// The named device `device` is, whatever its era (written apart, as `era`) and scale
    /// (written beside the name when it is not the phone's own).
    func namedDevice(_ device: Device) -> Device? {
        Device.presets.first {
            var same = device; same.era = $0.era; same.scale = $0.scale; return same == $0
        }
    }

    func device(_ device: Device) -> String {
        if let preset = namedDevice(device) {
            // A recording of a phone at another scale (a test's small goldens) keeps its name, so
            // the file renders its status bar and safe area as the recording did.
            guard preset.scale != device.scale else { return JSON.string(preset.name) }
            return object([("name", JSON.string(preset.name)), ("scale", JSON.number(device.scale))])
        }
        return object([
            ("width", JSON.number(device.width)), ("height", JSON.number(device.height)),
            ("scale", JSON.number(device.scale)), ("topBar", JSON.number(device.topBarHeightPoints))
        ])
    }

    func curveMembers(_ curve: TimingCurve) -> [(String, String)] {
        var members = [("curve", JSON.string(curve.specification))]
        if case let .spring(damping, velocity) = curve {
            members += [("damping", JSON.number(damping)), ("velocity", JSON.number(velocity))]
        }
        return members
    }

    func timing(curve: TimingCurve, duration: Double) -> String {
        object(curveMembers(curve) + [("duration", JSON.number(duration))])
    }

    func color(_ color: StraightColor) -> String { JSON.numbers([color.red, color.green, color.blue, color.alpha]) }

    func rect(_ rect: Rect) -> String { JSON.numbers([rect.x, rect.y, rect.width, rect.height]) }

    /// A bundled sample's `sample:NAME` (so the file survives being moved, and flipbook being
    /// installed elsewhere); any other `source` relative to the output folder (absolute when they
    /// share nothing but the root).
    func imagePath(_ source: String) -> String {
        if let reference = Samples.reference(forPath: source) { return reference }
        let cwd = FileManager.default.currentDirectoryPath
        func absolute(_ path: String) -> [String] {
            let full = path.hasPrefix("/") ? path : (cwd as NSString).appendingPathComponent(path)
            return (full as NSString).standardizingPath.split(separator: "/").map(String.init)
        }
        let from = absolute(directory.isEmpty ? "." : directory), to = absolute(source)
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        if common == 0 { return "/" + to.joined(separator: "/") }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...]
        return parts.joined(separator: "/")
    }

    func transform(_ transform: LayerTransform) -> String {
        var members: [(String, String)] = []
        if transform.translation != .zero {
            members.append(("translate", JSON.numbers([transform.translation.x, transform.translation.y])))
        }
        if transform.rotationDegrees != 0 { members.append(("rotate", JSON.number(transform.rotationDegrees))) }
        if transform.scale != Size(width: 1, height: 1) {
            members.append(("scale", JSON.numbers([transform.scale.width, transform.scale.height])))
        }
        members += transform3DMembers(transform)
        return object(members)
    }

    func text(_ text: TextContent) -> String {
        var members = [("string", JSON.string(text.string)), ("size", JSON.number(text.sizePoints))]
        if text.weight != .regular { members.append(("weight", JSON.string(text.weight.rawValue))) }
        members += [("color", color(text.color)), ("origin", JSON.numbers([text.baselineOrigin.x, text.baselineOrigin.y]))]
        switch text.alignment {
        case .leading: break
        case .natural: members.append(("align", JSON.string("natural")))
        case let .centered(width): members += [("align", JSON.string("center")), ("width", JSON.number(width))]
        case let .trailing(width): members += [("align", JSON.string("trailing")), ("width", JSON.number(width))]
        }
        if let maxWidth = text.maxWidthPoints { members.append(("maxWidth", JSON.number(maxWidth))) }
        if text.numberOfLines != 1 { members.append(("lines", String(text.numberOfLines))) }
        if text.lineBreakMode != .truncateTail { members.append(("lineBreak", JSON.string(text.lineBreakMode.rawValue))) }
        return object(members)
    }

    func layer(_ layer: Layer, indent: String) -> String {
        var members: [(String, String)] = [("name", JSON.string(layer.name)), ("frame", rect(layer.frame))]
        if layer.opacity != 1 { members.append(("opacity", JSON.number(layer.opacity))) }
        if let background = layer.backgroundColor { members.append(("backgroundColor", color(background))) }
        if layer.cornerRadius != 0 { members.append(("cornerRadius", JSON.number(layer.cornerRadius))) }
        if !layer.transform.isIdentity { members.append(("transform", transform(layer.transform))) }
        if layer.boundsOrigin != .zero { members.append(("scroll", JSON.numbers([layer.boundsOrigin.x, layer.boundsOrigin.y]))) }
        if let image = layer.imageSource {
            members.append(("image", JSON.string(imagePath(image))))
            members.append(("contentMode", JSON.string(layer.contentMode.rawValue)))
        }
        if layer.clipsToBounds { members.append(("clipsToBounds", "true")) }
        members += layerPropertyMembers(layer)
        if layer.isHidden { members.append(("hidden", "true")) }
        if let text = layer.text { members.append(("text", self.text(text))) }
        if !layer.shapes.isEmpty {
            members.append(
                (
                    "shapes",
                    "["
                        + layer.shapes.map { shape in
                            object(
                                [("name", JSON.string(shape.name)), ("color", color(shape.color)), ("contours", JSON.contours(shape.path))]
                                    + (shape.path.fillRule == .nonZero ? [] : [("fillRule", JSON.string(shape.path.fillRule.rawValue))]))
                        }.joined(separator: ", ") + "]"
                ))
        }
        if let source = layer.snapshotOf { members.append(("snapshotOf", JSON.string(source))) }
        members += shadingMembers(layer)
        members += shapeMembers(layer)
        if let mask = layer.mask { members.append(("mask", self.layer(mask, indent: indent + "  "))) }
        var out = object(members)
        if !layer.sublayers.isEmpty {
            out.removeLast()
            out += ", \"sublayers\": " + list(layer.sublayers.map { self.layer($0, indent: indent + "  ") }, indent: indent) + "}"
        }
        return out
    }

    func patch(_ patch: LayerPatch) -> String {
        var members: [(String, String)] = []
        if let frame = patch.frame { members.append(("frame", rect(frame))) }
        if let opacity = patch.opacity { members.append(("opacity", JSON.number(opacity))) }
        if let background = patch.backgroundColor { members.append(("backgroundColor", color(background))) }
        if let radius = patch.cornerRadius { members.append(("cornerRadius", JSON.number(radius))) }
        if let transform = patch.transform { members.append(("transform", self.transform(transform))) }
        if let origin = patch.boundsOrigin { members.append(("scroll", JSON.numbers([origin.x, origin.y]))) }
        if let hidden = patch.isHidden { members.append(("hidden", hidden ? "true" : "false")) }
        if let image = patch.imageSource { members.append(("image", JSON.string(imagePath(image)))) }
        if let mode = patch.contentMode { members.append(("contentMode", JSON.string(mode.rawValue))) }
        if let clips = patch.clipsToBounds { members.append(("clipsToBounds", clips ? "true" : "false")) }
        if let text = patch.text { members.append(("text", self.text(text))) }
        if patch.isRemoved == true { members.append(("removed", "true")) }
        members += layerPropertyMembers(patch)
        members += shadingMembers(patch)
        if let color = patch.textColor { members.append(("textColor", self.color(color))) }
        if let size = patch.fontSizePoints { members.append(("fontSize", JSON.number(size))) }
        members += shapeMembers(patch)
        return object(members)
    }

    func change(_ change: LayerChange) -> String {
        object([("target", JSON.string(change.target)), ("set", patch(change.set))])
    }

    func animation(_ animation: Animation, indent: String) -> String {
        var members: [(String, String)] = []
        if let name = animation.name { members.append(("name", JSON.string(name))) }
        members.append(("target", JSON.string(animation.target)))
        if animation.from != LayerPatch() { members.append(("from", patch(animation.from))) }
        if animation.keyframes.isEmpty {
            members.append(("to", patch(animation.to)))
        } else {
            members.append(
                (
                    "keyframes",
                    list(
                        animation.keyframes.map { keyframe in
                            object(
                                [
                                    ("start", JSON.number(keyframe.relativeStart)), ("duration", JSON.number(keyframe.relativeDuration)),
                                    ("to", patch(keyframe.to))
                                ] + curveMembers(keyframe.curve).prefix(keyframe.curve == .bezier(.linear) ? 0 : 3))
                        }, indent: indent)
                ))
        }
        if animation.delaySeconds != 0 { members.append(("delay", JSON.number(animation.delaySeconds))) }
        if let after = animation.after { members.append(("after", JSON.string(after))) }
        if let duration = animation.timing.durationSeconds { members.append(("duration", JSON.number(duration))) }
        if let curve = animation.timing.curve { members += curveMembers(curve) }
        if !animation.completion.isEmpty { members.append(("completion", list(animation.completion.map(change), indent: indent))) }
        return object(members)
    }
}
