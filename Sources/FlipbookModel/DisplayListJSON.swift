package import FlipbookGeometry
import FlipbookMotion
package import FlipbookRaster
import FlipbookSupport
package import FlipbookText
import Foundation

extension DisplayList {
    /// The display list as JSON (docs/ARCHITECTURE.md): `canvas`, `frame`, `time`, `progress` and `ops`, one
    /// op per line, numbers in their shortest round-trip form (integers without a decimal point).
    public var json: String {
        let size = device.sizePoints
        var out =
            "{\"canvas\": {\"width\": \(JSON.number(size.width)), \"height\": \(JSON.number(size.height)), "
            + "\"scale\": \(JSON.number(device.scale))},\n"
        out += " \"frame\": \(frameIndex), \"time\": \(JSON.number(timeSeconds)), \"progress\": \(JSON.number(progress)),\n"
        out += " \"ops\": "
        JSON.write(ops, indent: " ", into: &out)
        out += "}\n"
        return out
    }
}

/// A minimal, deterministic JSON writer for display lists and timelines.
package enum JSON {
    /// A number: integers without a decimal point, others in Swift's shortest round-trip form;
    /// non-finite values (never produced by a valid scene) as `null`.
    package static func number(_ value: Double) -> String {
        value.isFinite ? value.shortestText : "null"
    }

    /// A string with JSON escapes.
    package static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// An array of numbers.
    package static func numbers(_ values: [Double]) -> String {
        "[" + values.map(number).joined(separator: ", ") + "]"
    }

    static func rect(_ rect: Rect) -> String { numbers([rect.x, rect.y, rect.width, rect.height]) }

    static func color(_ color: StraightColor) -> String { numbers([color.red, color.green, color.blue, color.alpha]) }

    static func clip(_ clip: Clip?) -> String {
        guard let clip else { return "\"clip\": null" }
        var text = "\"clip\": \(rect(clip.rect))"
        if clip.cornerRadius > 0 { text += ", \"cornerRadius\": \(number(clip.cornerRadius))" }
        if clip.cornerRadius > 0, let cornerRect = clip.cornerRect { text += ", \"cornerRect\": \(rect(cornerRect))" }
        return text
    }

    static func transform(_ t: FlipbookGeometry.Transform2D) -> String { numbers([t.a, t.b, t.c, t.d, t.tx, t.ty]) }

    static func shape(_ shape: ClipShape) -> String {
        "\"rect\": \(rect(shape.rect)), \"cornerRadius\": \(number(shape.cornerRadius)), \"transform\": \(transform(shape.transform))"
    }

    /// A text op's glyph runs, each with the font that draws it (file, face index, family and
    /// style), its size, direction and text, and every glyph as `[id, x, y]`: its origin on the
    /// baseline in points from the op's origin.
    package static func runs(_ layout: TextLayout) -> String {
        let runs = layout.lines.flatMap(\.runs).map { run in
            "{\"font\": \(string(run.font.path)), \"face\": \(run.font.faceIndex), \"family\": \(string(run.font.familyName)), "
                + "\"style\": \(string(run.font.styleName)), \"size\": \(number(run.sizePoints)), \"rtl\": \(run.isRightToLeft), "
                + "\"text\": \(string(run.text)), \"glyphs\": ["
                + run.glyphs.map { "[\($0.id), \(number($0.x)), \(number($0.y))]" }.joined(separator: ", ") + "]}"
        }
        return "[" + runs.joined(separator: ", ") + "]"
    }

    /// A path's contours: one flat `[x0, y0, x1, y1, …]` array of vertices per contour.
    package static func contours(_ path: Path) -> String {
        "[" + path.contours.map { numbers($0.flatMap { [$0.x, $0.y] }) }.joined(separator: ", ") + "]"
    }

    /// `, "fillRule": "evenOdd"` for a path filled by the even-odd rule; empty for the non-zero
    /// rule (the default a reader assumes).
    package static func fillRule(_ path: Path) -> String {
        path.fillRule == .nonZero ? "" : ", \"fillRule\": \(string(path.fillRule.rawValue))"
    }

    /// A vector path's elements, each an array naming its kind and then its points' coordinates
    /// (points): `["move", x, y]`, `["line", x, y]`, `["quadCurve", cx, cy, x, y]`,
    /// `["curve", c1x, c1y, c2x, c2y, x, y]`, `["close"]` — the control points first, as
    /// `CGPathElement` lists them.
    package static func elements(_ path: BezierPath) -> String {
        "["
            + path.elements.map { element in
                let kind: String
                switch element.kind {
                case .move: kind = "move"
                case .line: kind = "line"
                case .quadCurve: kind = "quadCurve"
                case .curve: kind = "curve"
                case .close: kind = "close"
                }
                return "[" + ([string(kind)] + element.points.flatMap { [number($0.x), number($0.y)] }).joined(separator: ", ") + "]"
            }.joined(separator: ", ") + "]"
    }

    /// A stroke's members, as a transition file spells a shape layer's.
    package static func stroke(_ style: StrokeStyle) -> String {
        "\"lineWidth\": \(number(style.lineWidth)), \"lineCap\": \(string(style.lineCap.rawValue)), "
            + "\"lineJoin\": \(string(style.lineJoin.rawValue)), \"miterLimit\": \(number(style.miterLimit)), "
            + "\"lineDashPattern\": \(numbers(style.dashPattern)), \"lineDashPhase\": \(number(style.dashPhase)), "
            + "\"strokeStart\": \(number(style.strokeStart)), \"strokeEnd\": \(number(style.strokeEnd))"
    }

    /// A shadow's members: colour, offset and blur radius (points).
    static func shadow(_ shadow: Shadow) -> String {
        "\"shadowColor\": \(color(shadow.color)), \"shadowOffset\": \(numbers([shadow.offset.x, shadow.offset.y])), "
            + "\"shadowRadius\": \(number(shadow.blurRadiusPoints))"
    }

    /// A gradient's members, as a transition file spells them.
    package static func gradient(_ gradient: Gradient) -> String {
        var text = "\"type\": \(string(gradient.kind.rawValue)), \"colors\": [" + gradient.colors.map(color).joined(separator: ", ") + "]"
        if let locations = gradient.locations { text += ", \"locations\": \(numbers(locations))" }
        return text + ", \"startPoint\": \(numbers([gradient.startPoint.x, gradient.startPoint.y])), "
            + "\"endPoint\": \(numbers([gradient.endPoint.x, gradient.endPoint.y]))"
    }

    package static func write(_ ops: [DisplayOp], indent: String, into out: inout String) {
        guard !ops.isEmpty else { out += "[]"; return }
        out += "[\n"
        for (index, op) in ops.enumerated() {
            out += indent + " "
            switch op {
            case let .fill(r, color, opacity, c):
                out +=
                    "{\"op\": \"fill\", \"rect\": \(rect(r)), \"color\": \(self.color(color)), "
                    + "\"opacity\": \(number(opacity)), \(clip(c))}"
            case let .image(source, r, mode, opacity, c):
                out +=
                    "{\"op\": \"image\", \"source\": \(string(source)), \"rect\": \(rect(r)), "
                    + "\"contentMode\": \(string(mode.rawValue)), \"opacity\": \(number(opacity)), \(clip(c))}"
            case let .text(layout, origin, color, opacity, c):
                out +=
                    "{\"op\": \"text\", \"text\": \(string(layout.text)), "
                    + "\"origin\": \(numbers([origin.x, origin.y])), \"color\": \(self.color(color)), "
                    + "\"opacity\": \(number(opacity)), \(clip(c)), \"runs\": \(runs(layout))}"
            case let .transformedText(layout, origin, t, color, opacity, c):
                out +=
                    "{\"op\": \"transformedText\", \"text\": \(string(layout.text)), "
                    + "\"origin\": \(numbers([origin.x, origin.y])), \"transform\": \(transform(t)), \"color\": \(self.color(color)), "
                    + "\"opacity\": \(number(opacity)), \(clip(c)), \"runs\": \(runs(layout))}"
            case let .group(opacity, children):
                out += "{\"op\": \"group\", \"opacity\": \(number(opacity)), \"ops\": "
                write(children, indent: indent + "  ", into: &out)
                out += "}"
            case let .shape(s, color, opacity, c):
                out += "{\"op\": \"shape\", \(shape(s)), \"color\": \(self.color(color)), \"opacity\": \(number(opacity)), \(clip(c))}"
            case let .transformedImage(source, r, mode, t, opacity, c):
                out +=
                    "{\"op\": \"transformedImage\", \"source\": \(string(source)), \"rect\": \(rect(r)), "
                    + "\"contentMode\": \(string(mode.rawValue)), \"transform\": \(transform(t)), \"opacity\": \(number(opacity)), \(clip(c))}"
            case let .maskedGroup(opacity, mask, children):
                out += "{\"op\": \"maskedGroup\", \"opacity\": \(number(opacity)), \"mask\": {\(shape(mask))}, \"ops\": "
                write(children, indent: indent + "  ", into: &out)
                out += "}"
            case let .path(p, color, opacity, c):
                out +=
                    "{\"op\": \"path\", \"contours\": \(contours(p))\(fillRule(p)), \"color\": \(self.color(color)), "
                    + "\"opacity\": \(number(opacity)), \(clip(c))}"
            case let .projected(.image(source, r, mode), h, opacity, c):
                out +=
                    "{\"op\": \"projectedImage\", \"source\": \(string(source)), \"rect\": \(rect(r)), "
                    + "\"contentMode\": \(string(mode.rawValue)), \"projection\": \(numbers(h.m)), \"opacity\": \(number(opacity)), \(clip(c))}"
            case let .projected(.text(layout, origin, color), h, opacity, c):
                out +=
                    "{\"op\": \"projectedText\", \"text\": \(string(layout.text)), "
                    + "\"origin\": \(numbers([origin.x, origin.y])), \"projection\": \(numbers(h.m)), \"color\": \(self.color(color)), "
                    + "\"opacity\": \(number(opacity)), \(clip(c)), \"runs\": \(runs(layout))}"
            case let .projected(.gradient(g, r), h, opacity, c):
                out +=
                    "{\"op\": \"projectedGradient\", \"rect\": \(rect(r)), \(gradient(g)), \"projection\": \(numbers(h.m)), "
                    + "\"opacity\": \(number(opacity)), \(clip(c))}"
            case let .pathMaskedGroup(opacity, mask, children):
                out +=
                    "{\"op\": \"pathMaskedGroup\", \"opacity\": \(number(opacity)), \"mask\": \(contours(mask))\(fillRule(mask)), \"ops\": "
                write(children, indent: indent + "  ", into: &out)
                out += "}"
            case let .shadow(p, s, opacity, c):
                out += "{\"op\": \"shadow\", \"contours\": \(contours(p)), \(shadow(s)), \"opacity\": \(number(opacity)), \(clip(c))}"
            case let .shadowedGroup(opacity, s, c, children):
                out += "{\"op\": \"shadowedGroup\", \"opacity\": \(number(opacity)), \(shadow(s)), \(clip(c)), \"ops\": "
                write(children, indent: indent + "  ", into: &out)
                out += "}"
            case let .gradient(g, s, opacity, c):
                out += "{\"op\": \"gradient\", \(shape(s)), \(gradient(g)), \"opacity\": \(number(opacity)), \(clip(c))}"
            case let .backdrop(f, s, opacity, c):
                out +=
                    "{\"op\": \"backdrop\", \(shape(s)), \"blurRadius\": \(number(f.blurRadiusPoints)), "
                    + "\"saturation\": \(number(f.saturation)), \"tint\": \(self.color(f.tint)), \"opacity\": \(number(opacity)), \(clip(c))}"
            case let .vector(path, paint, t, color, opacity, c):
                let painted: String
                switch paint {
                case let .fill(rule): painted = "\"fillRule\": \(string(rule.rawValue))"
                case let .stroke(style): painted = "\"stroke\": {\(stroke(style))}"
                }
                out +=
                    "{\"op\": \"vector\", \"elements\": \(elements(path)), \(painted), \"transform\": \(transform(t)), "
                    + "\"color\": \(self.color(color)), \"opacity\": \(number(opacity)), \(clip(c))}"
            case let .layerMaskedGroup(opacity, mask, children):
                out += "{\"op\": \"layerMaskedGroup\", \"opacity\": \(number(opacity)), \"mask\": "
                write(mask, indent: indent + "  ", into: &out)
                out += ", \"ops\": "
                write(children, indent: indent + "  ", into: &out)
                out += "}"
            }
            out += index == ops.count - 1 ? "\n" : ",\n"
        }
        out += indent + "]"
    }
}
