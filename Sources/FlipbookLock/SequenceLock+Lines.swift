import FlipbookGeometry
package import FlipbookModel
import FlipbookRaster
import FlipbookText
import Foundation

extension DisplayList {
    /// The ops as compact text, one line per op, nested ops indented by two spaces:
    /// `fill rect=0,64,375,603 color=1,1,1,1 opacity=1 clip=0,0,375,667`. Text runs and path
    /// contours appear as a count and an FNV-1a 64 hash of their JSON (`glyphs=12:…`), keeping
    /// the line short; `source` rewrites image paths.
    package func lockLines(source: (String) -> String = { $0 }) -> [String] {
        lockLines(source: source, memo: nil)
    }

    /// `lockLines(source:)` with the pieces frames repeat taken from `memo` when it has them.
    func lockLines(source: (String) -> String, memo: LockLineMemo?) -> [String] {
        withoutActuallyEscaping(source) { source in
            var writer = LockLineWriter(source: source, memo: memo)
            writer.visit(ops, depth: 0)
            return writer.lines
        }
    }
}

/// The pieces of lock lines that the frames of a sequence repeat, each computed once: image
/// names and text digests. Thread-safe, so the workers share it: `@unchecked Sendable`, the
/// compiler cannot see that `lock` guards both tables.
final class LockLineMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var sources: [String: String] = [:]
    private var glyphs: [TextLayout: String] = [:]

    /// `name(path)`, computed once per path.
    func source(_ path: String, _ name: (String) -> String) -> String {
        remembered(\.sources, path) { name(path) }
    }

    /// `make()` for `layout`, computed once per layout.
    func glyphs(_ layout: TextLayout, _ make: () -> String) -> String {
        remembered(\.glyphs, layout, make)
    }

    /// `table[key]`, made (outside the lock: workers may make one at once, both the same) and
    /// kept when missing.
    private func remembered<Key: Hashable>(
        _ table: ReferenceWritableKeyPath<LockLineMemo, [Key: String]>, _ key: Key,
        _ make: () -> String
    ) -> String {
        lock.lock()
        if let known = self[keyPath: table][key] { lock.unlock(); return known }
        lock.unlock()
        let text = make()
        lock.lock()
        self[keyPath: table][key] = text
        lock.unlock()
        return text
    }
}

/// Writes `DisplayList.lockLines`: one line per op, and the pieces of a line — numbers as in
/// display-list JSON, rects, colours, clips, transforms, and FNV-1a 64 digests of what would
/// make a line long.
private struct LockLineWriter {
    /// Rewrites image paths.
    let source: (String) -> String
    /// Pieces already written for other frames (none: compute each).
    let memo: LockLineMemo?
    /// The lines so far.
    var lines: [String] = []

    func numbers(_ values: [Double]) -> String { values.map(JSON.number).joined(separator: ",") }
    func rect(_ r: Rect) -> String { numbers([r.x, r.y, r.width, r.height]) }
    func color(_ c: StraightColor) -> String { numbers([c.red, c.green, c.blue, c.alpha]) }
    func clip(_ c: Clip?) -> String {
        guard let c else { return "" }
        var text = " clip=" + rect(c.rect)
        if c.cornerRadius > 0 { text += " clipRadius=" + JSON.number(c.cornerRadius) }
        if c.cornerRadius > 0, let corner = c.cornerRect { text += " clipCornerRect=" + rect(corner) }
        return text
    }
    func transform(_ t: FlipbookGeometry.Transform2D) -> String { numbers([t.a, t.b, t.c, t.d, t.tx, t.ty]) }
    func shape(_ s: ClipShape) -> String {
        "rect=\(rect(s.rect)) radius=\(JSON.number(s.cornerRadius)) transform=\(transform(s.transform))"
    }
    func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return SequenceLock.hex(hash)
    }
    func glyphs(_ layout: TextLayout) -> String {
        guard let memo else { return glyphText(layout) }
        return memo.glyphs(layout) { glyphText(layout) }
    }
    func glyphText(_ layout: TextLayout) -> String {
        let runs = layout.lines.flatMap(\.runs)
        let first =
            runs.first.map { " font=\($0.font.familyName.replacingOccurrences(of: " ", with: "_")):\(JSON.number($0.sizePoints))" } ?? ""
        // The font files by name, not path: a lock recorded in one checkout holds in another.
        var text = JSON.runs(layout)
        for path in Set(runs.map(\.font.path)) {
            text = text.replacingOccurrences(of: JSON.string(path), with: JSON.string((path as NSString).lastPathComponent))
        }
        return "\(first) glyphs=\(runs.reduce(0) { $0 + $1.glyphs.count }):\(digest(text))"
    }
    func quoted(_ text: String) -> String {
        JSON.string(text).replacingOccurrences(of: " ", with: "\\u0020")
    }
    /// ` fillRule=evenOdd` for an even-odd path; nothing for the non-zero default.
    func fillRule(_ path: Path) -> String { path.fillRule == .nonZero ? "" : " fillRule=\(path.fillRule.rawValue)" }
    func shadow(_ s: Shadow) -> String {
        "shadow.color=\(color(s.color)) shadow.offset=\(numbers([s.offset.x, s.offset.y])) shadow.radius=\(JSON.number(s.blurRadiusPoints))"
    }
    mutating func visit(_ ops: [DisplayOp], depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        for op in ops {
            switch op {
            case let .fill(r, c, opacity, cl):
                lines.append(indent + "fill rect=\(rect(r)) color=\(color(c)) opacity=\(JSON.number(opacity))\(clip(cl))")
            case let .image(s, r, mode, opacity, cl):
                lines.append(
                    indent + "image \(quoted(source(s))) rect=\(rect(r)) mode=\(mode.rawValue) opacity=\(JSON.number(opacity))\(clip(cl))")
            case let .text(layout, origin, c, opacity, cl):
                lines.append(
                    indent + "text \(quoted(layout.text)) origin=\(numbers([origin.x, origin.y])) color=\(color(c)) "
                        + "opacity=\(JSON.number(opacity))\(clip(cl))\(glyphs(layout))")
            case let .transformedText(layout, origin, t, c, opacity, cl):
                lines.append(
                    indent + "transformedText \(quoted(layout.text)) origin=\(numbers([origin.x, origin.y])) "
                        + "transform=\(transform(t)) color=\(color(c)) opacity=\(JSON.number(opacity))\(clip(cl))\(glyphs(layout))")
            case let .group(opacity, children):
                lines.append(indent + "group opacity=\(JSON.number(opacity))")
                visit(children, depth: depth + 1)
            case let .shape(s, c, opacity, cl):
                lines.append(indent + "shape \(shape(s)) color=\(color(c)) opacity=\(JSON.number(opacity))\(clip(cl))")
            case let .transformedImage(s, r, mode, t, opacity, cl):
                lines.append(
                    indent + "transformedImage \(quoted(source(s))) rect=\(rect(r)) mode=\(mode.rawValue) "
                        + "transform=\(transform(t)) opacity=\(JSON.number(opacity))\(clip(cl))")
            case let .maskedGroup(opacity, mask, children):
                lines.append(
                    indent + "maskedGroup opacity=\(JSON.number(opacity)) mask.\(shape(mask).replacingOccurrences(of: " ", with: " mask."))"
                )
                visit(children, depth: depth + 1)
            case let .path(p, c, opacity, cl):
                lines.append(
                    indent
                        + "path contours=\(p.contours.count):\(digest(JSON.contours(p) + JSON.fillRule(p)))\(fillRule(p)) color=\(color(c)) "
                        + "opacity=\(JSON.number(opacity))\(clip(cl))")
            case let .projected(.image(s, r, mode), h, opacity, cl):
                lines.append(
                    indent + "projectedImage \(quoted(source(s))) rect=\(rect(r)) mode=\(mode.rawValue) "
                        + "projection=\(numbers(h.m)) opacity=\(JSON.number(opacity))\(clip(cl))")
            case let .projected(.text(layout, origin, c), h, opacity, cl):
                lines.append(
                    indent + "projectedText \(quoted(layout.text)) origin=\(numbers([origin.x, origin.y])) "
                        + "projection=\(numbers(h.m)) color=\(color(c)) opacity=\(JSON.number(opacity))\(clip(cl))\(glyphs(layout))")
            case let .projected(.gradient(g, r), h, opacity, cl):
                lines.append(
                    indent + "projectedGradient rect=\(rect(r)) gradient=\(digest(JSON.gradient(g))) "
                        + "projection=\(numbers(h.m)) opacity=\(JSON.number(opacity))\(clip(cl))")
            case let .pathMaskedGroup(opacity, mask, children):
                lines.append(
                    indent + "pathMaskedGroup opacity=\(JSON.number(opacity)) "
                        + "mask.contours=\(mask.contours.count):\(digest(JSON.contours(mask) + JSON.fillRule(mask)))\(fillRule(mask))")
                visit(children, depth: depth + 1)
            case let .shadow(p, s, opacity, cl):
                lines.append(
                    indent + "shadow contours=\(p.contours.count):\(digest(JSON.contours(p))) \(shadow(s)) "
                        + "opacity=\(JSON.number(opacity))\(clip(cl))")
            case let .shadowedGroup(opacity, s, cl, children):
                lines.append(indent + "shadowedGroup opacity=\(JSON.number(opacity)) \(shadow(s))\(clip(cl))")
                visit(children, depth: depth + 1)
            case let .gradient(g, s, opacity, cl):
                lines.append(
                    indent + "gradient \(shape(s)) gradient=\(digest(JSON.gradient(g))) opacity=\(JSON.number(opacity))\(clip(cl))")
            case let .backdrop(f, s, opacity, cl):
                lines.append(
                    indent + "backdrop \(shape(s)) blur=\(JSON.number(f.blurRadiusPoints)) saturation=\(JSON.number(f.saturation)) "
                        + "tint=\(color(f.tint)) opacity=\(JSON.number(opacity))\(clip(cl))")
            case let .vector(path, paint, t, c, opacity, cl):
                let painted: String
                switch paint {
                case let .fill(rule): painted = "fillRule=\(rule.rawValue)"
                case let .stroke(style): painted = "stroke=\(digest(JSON.stroke(style)))"
                }
                lines.append(
                    indent + "vector elements=\(path.elements.count):\(digest(JSON.elements(path))) \(painted) transform=\(transform(t)) "
                        + "color=\(color(c)) opacity=\(JSON.number(opacity))\(clip(cl))")
            case let .layerMaskedGroup(opacity, mask, children):
                // The mask's ops, then the masked ones, each one level deeper under its own heading.
                lines.append(indent + "layerMaskedGroup opacity=\(JSON.number(opacity))")
                lines.append(indent + "  mask")
                visit(mask, depth: depth + 2)
                lines.append(indent + "  masked")
                visit(children, depth: depth + 2)
            }
        }
    }
}
