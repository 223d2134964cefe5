package import Flipbook
import FlipbookFormats
import FlipbookGeometry
package import FlipbookModel
package import FlipbookRaster
import FlipbookRender
import FlipbookSupport
import Foundation

/// The reference side of a failing `verify`: the lock's display lists drawn again.
///
/// A lock keeps every op's geometry, colours, opacities, clips and image paths exactly (numbers
/// in their shortest round-trip form), so fills, images, shapes, groups and masks come back as
/// they were. Text and path ops keep only a digest of their glyphs or contours: they are drawn
/// with the current render's op of the same digest (the same glyphs or outline, wherever it is
/// now) and left out, and counted, when no current op has it.
///
/// A frame is drawn when asked for (`image(at:)`), from any thread: the frames are never all
/// held at once.
package struct LockedReference: Sendable {
    /// Draws the frames, one per lock frame, on the job's device.
    private let cache: FrameCache
    /// Per frame position, how many text or path ops could not be drawn (their digest is not
    /// in the current render).
    package var undrawnOps: [Int]

    /// Draws `lock` with `job`'s device, images and fonts.
    /// - Throws: `SequenceLockError.malformed` for an op line that cannot be read back;
    ///   image errors as a render would.
    package init(lock: SequenceLock, job: RenderJob) throws {
        let current = job.frames.map { job.displayList(frame: $0) }
        let namer = SequenceLock.sourceNamer(for: job.settings)
        var digests: [String: DisplayOp] = [:]
        for list in current { Self.collectDigests(list.ops, namer: namer, into: &digests) }
        let resolver = SequenceLock.sourceResolver(for: job.settings)
        let rootNames = SequenceLock.sourceRoots(for: job.settings).map(\.name)
        var undrawn: [Int] = []
        var lists: [DisplayList] = []
        for frame in lock.frames {
            let (ops, missing) = try SequenceLock.displayOps(frame.ops, digests: digests, source: resolver, rootNames: rootNames)
            undrawn.append(missing)
            lists.append(
                DisplayList(
                    device: job.device, frameIndex: frame.index, timeSeconds: frame.timeSeconds,
                    progress: frame.progress, ops: ops))
        }
        cache = FrameCache(lists: lists, rasterizer: try job.makeRasterizer(for: lists))
        undrawnOps = undrawn
    }

    /// How many frames the lock has.
    package var count: Int { cache.lists.count }

    /// Frame `position` (0-based) of the lock, drawn now.
    package func image(at position: Int) -> PremultipliedImage { cache.render(position) }

    /// Text and path ops by their lock line's digest token (`glyphs=…` with the text, `contours=…`).
    static func collectDigests(_ ops: [DisplayOp], namer: @escaping @Sendable (String) -> String, into digests: inout [String: DisplayOp]) {
        for op in ops {
            switch op {
            case let .group(_, children), let .maskedGroup(_, _, children):
                collectDigests(children, namer: namer, into: &digests)
            case .text, .transformedText, .path:
                let line = DisplayList(device: .iPhone8, frameIndex: 0, timeSeconds: 0, progress: 0, ops: [op]).lockLines(source: namer)[0]
                if let key = LockOpReader.digestKey(line) { digests[key] = op }
            default:
                continue
            }
        }
    }
}

extension SequenceLock {
    /// The folders image paths are written relative to, and their names (`$MANIFEST` …), in
    /// the order they are tried: a recording's resources folder (`$RESOURCES`) or a transition
    /// file's folder (`$TRANSITION`), then the manifest's and the samples'.
    static func sourceRoots(for settings: RenderSettings) -> [(path: String, name: String)] {
        var roots: [(String, String)] = []
        switch settings.source {
        case let .file(path):
            roots.append(((URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path), "$TRANSITION"))
        case let .transition(transition):
            // The root folder itself cannot be a root: its names would start with "//".
            if let folder = transition.resourcesFolderPath, folder != "/" { roots.append((folder, "$RESOURCES")) }
        case .preset:
            break
        }
        roots.append((URL(fileURLWithPath: settings.manifestPath).standardizedFileURL.deletingLastPathComponent().path, "$MANIFEST"))
        roots.append((URL(fileURLWithPath: Samples.directory).standardizedFileURL.path, "$SAMPLES"))
        return roots
    }

    /// A lock frame's op lines read back into display ops, and how many text or path ops were
    /// left out because `digests` (text and path ops by their digest token) has none of theirs;
    /// `source` turns an image's name in the lock into a path, or nil when the lock may not name
    /// it (`rootNames` are the names it may start with, for the error).
    /// - Throws: `SequenceLockError.malformed` for a line that cannot be read back,
    ///   `SequenceLockError.imageOutsideRoots` for an image `source` refuses.
    package static func displayOps(
        _ lines: [String], digests: [String: DisplayOp] = [:],
        source: @escaping @Sendable (String) -> String? = { $0 },
        rootNames: [String] = []
    ) throws -> (ops: [DisplayOp], undrawn: Int) {
        var missing = 0
        var reader = LockOpReader(lines: lines, digests: digests, source: source, rootNames: rootNames)
        let ops = try reader.ops(depth: 0, missing: &missing)
        return (ops, missing)
    }

    /// The inverse of `sourceNamer`: `$MANIFEST/a.jpg` back to a path on this machine, or nil
    /// when a lock may not name it. A lock comes from a pull request as often as not, so its
    /// images are read only inside its roots: the name must be a root's name, `/` and a relative
    /// path whose components are neither empty, `.` nor `..` (`$MANIFEST/../../etc/passwd`, an
    /// absolute path or any other name is refused). With `--sandbox-photos`
    /// (`SceneOptions.sandboxPhotos`) the file must also resolve, links followed, inside its root
    /// (`PhotoSandbox`). Nil says nothing of why, so no file outside is probed for the caller.
    static func sourceResolver(for settings: RenderSettings) -> @Sendable (String) -> String? {
        let roots = sourceRoots(for: settings), sandbox = settings.scene.sandboxPhotos
        return { name in
            for root in roots where name.hasPrefix(root.name + "/") {
                let relative = name.dropFirst(root.name.count + 1)
                guard !relative.split(separator: "/", omittingEmptySubsequences: false).contains(where: { ["", ".", ".."].contains($0) })
                else { return nil }
                let path = root.path + "/" + relative
                guard !sandbox || PhotoSandbox.resolves(path, inside: root.path) else { return nil }
                return path
            }
            return nil
        }
    }
}

/// Reads a lock frame's op lines back into display ops (the format `DisplayList.lockLines` writes).
struct LockOpReader {
    let lines: [String]
    let digests: [String: DisplayOp]
    let source: @Sendable (String) -> String?
    /// The roots' names, for the error when `source` refuses a name.
    let rootNames: [String]
    var position = 0

    init(lines: [String], digests: [String: DisplayOp], source: @escaping @Sendable (String) -> String?, rootNames: [String]) {
        self.rootNames = rootNames
        self.lines = lines
        self.digests = digests
        self.source = source
    }

    /// The token that names a text or path op's content: the quoted text with its glyph digest,
    /// or the contour digest.
    static func digestKey(_ line: String) -> String? {
        let tokens = line.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
        if let glyphs = tokens.first(where: { $0.hasPrefix("glyphs=") }), tokens.count > 1 {
            return tokens[0] + " " + tokens[1] + " " + glyphs
        }
        return tokens.first { $0.hasPrefix("contours=") }
    }

    private func fail(_ reason: String) -> SequenceLockError {
        .malformed(path: "the lock", line: position + 1, reason: reason)
    }

    /// The ops at `depth` until the group they are in ends. Recursive, once a level: the lock
    /// reader has checked that no op is nested deeper than `SequenceLock.maximumNestingDepth`
    /// (checked here too, for lines from elsewhere).
    mutating func ops(depth: Int, missing: inout Int) throws -> [DisplayOp] {
        guard depth <= SequenceLock.maximumNestingDepth else {
            throw fail("an op nested more than \(SequenceLock.maximumNestingDepth) groups deep")
        }
        let indent = String(repeating: "  ", count: depth)
        var result: [DisplayOp] = []
        while position < lines.count {
            let line = lines[position]
            guard line.hasPrefix(indent), !line.dropFirst(indent.count).hasPrefix(" ") else {
                if depth == 0 { throw fail("an op indented deeper than its group: \(InputText.singleQuoted(String(line)))") }
                return result
            }
            position += 1
            if let op = try op(String(line.dropFirst(indent.count)), depth: depth, missing: &missing) { result.append(op) }
        }
        return result
    }

    private mutating func op(_ line: String, depth: Int, missing: inout Int) throws -> DisplayOp? {
        let tokens = line.split(separator: " ").map(String.init)
        var fields: [String: String] = [:]
        var name: String?
        for token in tokens.dropFirst() {
            if token.hasPrefix("\"") {
                let json = token.replacingOccurrences(of: "\\u0020", with: " ")
                name = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String
            } else if let equals = token.firstIndex(of: "=") {
                fields[String(token[..<equals])] = String(token[token.index(after: equals)...])
            }
        }
        func numbers(_ key: String, _ count: Int) throws -> [Double] {
            // Finite decimals, as `lockLines` writes them (`Double(_:)` would take `nan`, `inf`, `0x10`).
            let values = (fields[key] ?? "").split(separator: ",", omittingEmptySubsequences: false).compactMap { Double(decimalText: $0) }
            guard values.count == count else {
                throw fail("'\(key)' needs \(count) finite numbers in \(InputText.singleQuoted(String(line)))")
            }
            return values
        }
        func number(_ key: String) throws -> Double { try numbers(key, 1)[0] }
        func rect(_ key: String) throws -> Rect { let v = try numbers(key, 4); return Rect(x: v[0], y: v[1], width: v[2], height: v[3]) }
        func color() throws -> StraightColor {
            let v = try numbers("color", 4); return StraightColor(red: v[0], green: v[1], blue: v[2], alpha: v[3])
        }
        func transform(_ key: String) throws -> Transform2D {
            let v = try numbers(key, 6)
            return Transform2D(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
        }
        func clip() throws -> Clip? {
            guard fields["clip"] != nil else { return nil }
            return Clip(
                rect: try rect("clip"), cornerRadius: fields["clipRadius"] == nil ? 0 : try number("clipRadius"),
                cornerRect: fields["clipCornerRect"] == nil ? nil : try rect("clipCornerRect"))
        }
        func mode() throws -> ContentMode {
            guard let mode = fields["mode"].flatMap(ContentMode.init(rawValue:)) else {
                throw fail("an unknown content mode in \(InputText.singleQuoted(String(line)))")
            }
            return mode
        }
        func shape(_ prefix: String) throws -> ClipShape {
            ClipShape(
                rect: try rect(prefix + "rect"), cornerRadius: try number(prefix + "radius"), transform: try transform(prefix + "transform")
            )
        }
        func imageSource() throws -> String {
            guard let name else { throw fail("an image op without its quoted source") }
            guard let path = source(name) else { throw SequenceLockError.imageOutsideRoots(name: name, roots: rootNames) }
            return path
        }
        switch tokens.first ?? "" {
        case "fill": return .fill(rect: try rect("rect"), color: try color(), opacity: try number("opacity"), clip: try clip())
        case "image":
            return .image(
                source: try imageSource(), rect: try rect("rect"), contentMode: try mode(), opacity: try number("opacity"), clip: try clip()
            )
        case "transformedImage":
            return .transformedImage(
                source: try imageSource(), rect: try rect("rect"), contentMode: try mode(),
                transform: try transform("transform"), opacity: try number("opacity"), clip: try clip())
        case "shape": return .shape(try shape(""), color: try color(), opacity: try number("opacity"), clip: try clip())
        case "group":
            let opacity = try number("opacity")
            return .group(opacity: opacity, ops: try ops(depth: depth + 1, missing: &missing))
        case "maskedGroup":
            let opacity = try number("opacity"), mask = try shape("mask.")
            return .maskedGroup(opacity: opacity, mask: mask, ops: try ops(depth: depth + 1, missing: &missing))
        case "text", "transformedText", "path":
            // Only the content's digest is locked: the current op with that digest supplies it.
            guard let key = Self.digestKey(line), let found = digests[key] else { missing += 1; return nil }
            switch found {
            case let .text(layout, _, _, _, _), let .transformedText(layout, _, _, _, _, _):
                let origin = try numbers("origin", 2)
                if tokens[0] == "text" {
                    return .text(
                        layout, origin: Point(x: origin[0], y: origin[1]), color: try color(), opacity: try number("opacity"),
                        clip: try clip())
                }
                return .transformedText(
                    layout, origin: Point(x: origin[0], y: origin[1]), transform: try transform("transform"),
                    color: try color(), opacity: try number("opacity"), clip: try clip())
            case let .path(path, _, _, _):
                return .path(path, color: try color(), opacity: try number("opacity"), clip: try clip())
            default:
                missing += 1
                return nil
            }
        default:
            throw fail("an unknown op \(InputText.singleQuoted(tokens.first ?? ""))")
        }
    }
}
