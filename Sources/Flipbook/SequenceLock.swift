import Foundation
import FlipbookGeometry
import FlipbookRaster
import FlipbookModel
import FlipbookScenes
import FlipbookFormats
import FlipbookRender
import FlipbookOutput

/// A sequence golden that weighs kilobytes: per frame, the display list as compact text (one
/// line per op) and a 64-bit hash of the rendered pixels (docs/GOLDENS.md, "Sequence goldens"):
/// CRC-64/XZ in format 2 (what `make` writes), FNV-1a over words in format 1 (still read and
/// verified with its own hash).
///
/// The file is text: a header of `key: value` lines, then per frame a `frame` line (index, time,
/// progress, pixel hash) followed by the frame's ops written against the previous frame's —
/// `= N` keeps the next N ops, `- N` drops N, `~ OP` replaces one, `+ OP` inserts one — so a
/// frame that moves one layer costs one line, and `git diff` of two locks reads as the ops that
/// changed. Image paths are written relative to the manifest, transition file or samples
/// folder (`$MANIFEST/a.jpg`), so a lock holds on every clone.
package struct SequenceLock: Sendable, Equatable {
    /// One frame: where it is in the sequence, its display list and the hash of its pixels.
    public struct Frame: Sendable, Equatable {
        /// The frame's index in the whole sequence.
        public var index: Int
        /// Its time in seconds and the timing's progress, as `timeline.json` writes them.
        public var timeSeconds: Double, progress: Double
        /// The display list, one op per line (`DisplayList.lockLines`).
        public var ops: [String]
        /// The hash of the pixels (`SequenceLock.pixelHash(_:format:)` of the lock's format).
        public var pixelHash: UInt64
    }

    /// The format `make` writes: 2 (CRC-64/XZ pixel hashes).
    public static let currentFormat = 2
    /// The formats a lock file may have: 1 (FNV-1a over words) and 2.
    public static let formats = 1...2

    /// The first line of a lock file of `format`: `flipbook-lock 2`.
    public static func magic(format: Int = currentFormat) -> String { "flipbook-lock \(format)" }

    /// Facts about the render (`preset`, `arguments`, `size`, `fps`, …), in order.
    public var header: [(key: String, value: String)]
    /// Every frame, in order.
    public var frames: [Frame]
    /// The lock's format, which says how `Frame.pixelHash` was computed.
    public var format: Int

    /// The value of header `key`, if present.
    public func headerValue(_ key: String) -> String? { header.first { $0.key == key }?.value }

    /// A lock from its parts.
    public init(header: [(key: String, value: String)], frames: [Frame], format: Int = currentFormat) {
        precondition(Self.formats.contains(format), "lock format \(format) is not one of \(Self.formats)")
        self.header = header
        self.frames = frames
        self.format = format
    }

    /// Same format, header lines in the same order and the same frames.
    public static func == (lhs: SequenceLock, rhs: SequenceLock) -> Bool {
        lhs.format == rhs.format && lhs.frames == rhs.frames
            && lhs.header.map { "\($0.key)=\($0.value)" } == rhs.header.map { "\($0.key)=\($0.value)" }
    }

    /// The hash of `image`'s pixels as lock `format` writes it.
    ///
    /// Format 2: **CRC-64/XZ** (the ECMA-182 polynomial, reflected, initial value and final XOR
    /// all ones; "123456789" → 0x995dc9bbdf1939fa) over the width and the height as 32-bit
    /// little-endian words, then every pixel's premultiplied R, G, B, A bytes in row order, by
    /// ISA-L's carry-less-multiply code (several bytes a cycle).
    ///
    /// Format 1: FNV-1a 64 over 32-bit words (offset basis 0xcbf29ce484222325, prime
    /// 0x100000001b3; each step `h = (h ^ word) · prime mod 2⁶⁴`): the width, the height, then
    /// every pixel as the word `R | G<<8 | B<<16 | A<<24`, in row order — one multiply chain,
    /// about 4 cycles a pixel, which is why format 2 replaced it.
    ///
    /// Either is recomputed in any language from a decoded PNG (docs/GOLDENS.md).
    public static func pixelHash(_ image: PremultipliedImage, format: Int = currentFormat) -> UInt64 {
        precondition(formats.contains(format), "lock format \(format) is not one of \(formats)")
        return format == 1 ? PixelHash.fnv1aWords(image) : PixelHash.crc64(image)
    }

    /// Renders every frame of `job` (no PNG is encoded) and locks it in `format` (a verify
    /// makes the lock it compares in the expected lock's format). `header` comes first (the
    /// CLI puts the command line there); size, fps and frame count follow.
    public static func make(job: RenderJob, header extra: [(key: String, value: String)] = [], format: Int = currentFormat,
                            progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> SequenceLock {
        precondition(formats.contains(format), "lock format \(format) is not one of \(formats)")
        let hashes = PositionedResults<UInt64>(count: job.frames.count)
        let lines = PositionedResults<[String]>(count: job.frames.count)
        let relative = sourceNamer(for: job.settings)
        // What every frame repeats is written once: an image's relative name, a text layout's
        // digest (the same title in 43 frames made 43 JSON texts and digests).
        let memo = LockLineMemo()
        // The renderer's own display lists are the ones locked: each is computed once. Each worker
        // hashes its frame and writes its display list as text, so the text costs no wall time
        // beyond the rasterizing it runs beside.
        let renderer = try job.frameRenderer()
        try renderer.run(threads: job.settings.threads, progress: progress) { position, _, list, image in
            hashes.set(position, pixelHash(image, format: format))
            lines.set(position, list.lockLines(source: { memo.source($0, relative) }, memo: memo))
        }
        let values = hashes.values, opLines = lines.values
        let frames = job.frames.enumerated().map { position, sample in
            Frame(index: sample.index, timeSeconds: sample.timeSeconds, progress: sample.progress,
                  ops: opLines[position], pixelHash: values[position])
        }
        let pixels = job.device.pixelSize
        let header = extra + [("size", "\(pixels.width)x\(pixels.height)"), ("fps", JSON.number(job.settings.framesPerSecond)),
                              ("frames", "\(frames.count)")]
        return SequenceLock(header: header, frames: frames, format: format)
    }

    /// Image paths written relative to the folder they come from, so locks hold on every clone.
    static func sourceNamer(for settings: RenderSettings) -> @Sendable (String) -> String {
        let known = sourceRoots(for: settings)
        return { source in
            let standard = URL(fileURLWithPath: source).standardizedFileURL.path
            for (root, name) in known where standard.hasPrefix(root + "/") {
                return name + standard.dropFirst(root.count)
            }
            return source
        }
    }

    /// The lock as text (see the type's description).
    public var text: String {
        var out = Self.magic(format: format) + "\n"
        for (key, value) in header { out += "\(key): \(value)\n" }
        var previous: [String] = []
        for frame in frames {
            out += "frame \(frame.index) time=\(JSON.number(frame.timeSeconds)) progress=\(JSON.number(frame.progress)) "
                + "pixels=\(Self.hex(frame.pixelHash))\n"
            for line in Self.delta(from: previous, to: frame.ops) { out += "  " + line + "\n" }
            previous = frame.ops
        }
        return out
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// `new` written against `old`: the common start and end kept (`= N`), the middle replaced
    /// op by op (`~`) where both have one, dropped (`- N`) or inserted (`+`) where only one has.
    static func delta(from old: [String], to new: [String]) -> [String] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        var lines: [String] = []
        var kept = prefix
        func flushKept() {
            if kept > 0 { lines.append("= \(kept)") }
            kept = 0
        }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)]), newMiddle = Array(new[prefix..<(new.count - suffix)])
        let shared = min(oldMiddle.count, newMiddle.count)
        for position in 0..<shared {
            if oldMiddle[position] == newMiddle[position] {
                kept += 1
            } else {
                flushKept()
                lines.append("~ " + newMiddle[position])
            }
        }
        flushKept()
        if oldMiddle.count > shared { lines.append("- \(oldMiddle.count - shared)") }
        for line in newMiddle.dropFirst(shared) { lines.append("+ " + line) }
        kept = suffix
        flushKept()
        return lines
    }

    /// Reads a lock file's text; `path` names it in errors.
    /// - Throws: `SequenceLockError.malformed` with the line number.
    public init(parsing text: String, path: String) throws {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func fail(_ line: Int, _ reason: String) -> SequenceLockError { .malformed(path: path, line: line, reason: reason) }
        guard let first = lines.first, let format = Self.formats.first(where: { first == Self.magic(format: $0) }) else {
            if let first = lines.first, first.hasPrefix("flipbook-lock ") {
                throw fail(1, "lock format \(InputText.singleQuoted(String(first.dropFirst("flipbook-lock ".count)))) is newer than this flipbook reads (\(Self.formats.map(String.init).joined(separator: ", ")))")
            }
            throw fail(1, "not a flipbook lock (the first line must be '\(Self.magic())')")
        }
        var header: [(key: String, value: String)] = []
        var frames: [Frame] = []
        var previous: [String] = []
        var current: Frame?
        var cursor = 0
        func close(_ number: Int) throws {
            guard var frame = current else { return }
            if cursor < previous.count { frame.ops.append(contentsOf: previous[cursor...]) }
            frames.append(frame)
            previous = frame.ops
            current = nil
            cursor = 0
        }
        for (offset, line) in lines.enumerated().dropFirst() {
            let number = offset + 1
            if line.isEmpty { continue }
            if line.hasPrefix("frame ") {
                try close(number)
                var fields: [String: String] = [:]
                let parts = line.split(separator: " ").map(String.init)
                for part in parts.dropFirst(2) {
                    guard let equals = part.firstIndex(of: "=") else { throw fail(number, "expected key=value, found \(InputText.singleQuoted(part))") }
                    fields[String(part[..<equals])] = String(part[part.index(after: equals)...])
                }
                guard parts.count >= 2, let index = Int(parts[1]), let time = fields["time"].flatMap({ Double($0) }),
                      let progress = fields["progress"].flatMap({ Double($0) }),
                      let hash = fields["pixels"].flatMap({ UInt64($0, radix: 16) }) else {
                    throw fail(number, "a frame line is 'frame N time=T progress=P pixels=HEX16'")
                }
                current = Frame(index: index, timeSeconds: time, progress: progress, ops: [], pixelHash: hash)
            } else if line.hasPrefix("  ") {
                guard current != nil else { throw fail(number, "an op before the first frame line") }
                let body = line.dropFirst(2)
                let kind = body.prefix(2)
                let rest = String(body.dropFirst(2))
                switch kind {
                case "= ", "- ":
                    guard let count = Int(rest), count > 0, cursor + count <= previous.count else {
                        throw fail(number, "\(InputText.singleQuoted(String(body))) reaches past the previous frame's \(previous.count) ops")
                    }
                    if kind == "= " { current!.ops.append(contentsOf: previous[cursor..<(cursor + count)]) }
                    cursor += count
                case "~ ":
                    guard cursor < previous.count else { throw fail(number, "'~' with no op of the previous frame left to replace") }
                    current!.ops.append(rest)
                    cursor += 1
                case "+ ":
                    current!.ops.append(rest)
                default:
                    throw fail(number, "an op line starts with '= ', '- ', '~ ' or '+ '")
                }
            } else if let colon = line.range(of: ": "), current == nil, frames.isEmpty {
                header.append((String(line[..<colon.lowerBound]), String(line[colon.upperBound...])))
            } else {
                throw fail(number, "unexpected line \(InputText.singleQuoted(line))")
            }
        }
        try close(lines.count)
        self.init(header: header, frames: frames, format: format)
    }
}

/// A lock file that cannot be read.
package enum SequenceLockError: Error, CustomStringConvertible, LocalizedError, Equatable {
    /// The text is not a lock, or line `line` is not what the format allows.
    case malformed(path: String, line: Int, reason: String)
    /// An image op names a file outside the lock's roots (`roots`: `$MANIFEST` …), with `..`,
    /// or, with `SceneOptions.sandboxPhotos`, one that does not resolve inside its root. Nothing
    /// is said of the file itself: whether it exists, or what it is.
    case imageOutsideRoots(name: String, roots: [String])

    /// One line naming the file and line.
    public var description: String {
        switch self {
        case let .malformed(path, line, reason): return "\(path):\(line): \(reason)"
        case let .imageOutsideRoots(name, roots):
            return "the lock names the image \(InputText.quoted(name)), which is not inside its folders (\(roots.joined(separator: ", "))): "
                + "a lock's image is a path below one of them without '.' or '..', resolving there, links followed, "
                + "when photos are sandboxed (SceneOptions.sandboxPhotos)"
        }
    }

    /// The same line, for `LocalizedError`.
    public var errorDescription: String? { description }
}
