package import Flipbook
import FlipbookCodecs
package import FlipbookGeometry
import FlipbookModel
package import FlipbookRaster
import FlipbookRender
import FlipbookSupport
import Foundation

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
/// folder (`$MANIFEST/a.jpg`), or a recording's resources folder (`$RESOURCES/a.jpg`), so a
/// lock holds on every clone.
package struct SequenceLock: Sendable, Equatable {
    /// One frame: where it is in the sequence, its display list and the hash of its pixels.
    package struct Frame: Sendable, Equatable {
        /// The frame's index in the whole sequence.
        package var index: Int
        /// Its time in seconds and the timing's progress, as `timeline.json` writes them.
        package var timeSeconds: Double, progress: Double
        /// The display list, one op per line (`DisplayList.lockLines`).
        package var ops: [String]
        /// The hash of the pixels (`SequenceLock.pixelHash(_:format:)` of the lock's format).
        package var pixelHash: UInt64
    }

    /// The format `make` writes: 2 (CRC-64/XZ pixel hashes).
    package static let currentFormat = 2
    /// The formats a lock file may have: 1 (FNV-1a over words) and 2.
    package static let formats = 1...2

    /// The first line of a lock file of `format`: `flipbook-lock 2`.
    package static func magic(format: Int = currentFormat) -> String { "flipbook-lock \(format)" }

    /// Facts about the render (`preset`, `arguments`, `size`, `fps`, …), in order.
    package var header: [(key: String, value: String)]
    /// Every frame, in order.
    package var frames: [Frame]
    /// The lock's format, which says how `Frame.pixelHash` was computed.
    package var format: Int

    /// The value of header `key`, if present.
    package func headerValue(_ key: String) -> String? { header.first { $0.key == key }?.value }

    /// A lock from its parts.
    package init(header: [(key: String, value: String)], frames: [Frame], format: Int = currentFormat) {
        precondition(Self.formats.contains(format), "lock format \(format) is not one of \(Self.formats)")
        self.header = header
        self.frames = frames
        self.format = format
    }

    /// Same format, header lines in the same order and the same frames.
    package static func == (lhs: SequenceLock, rhs: SequenceLock) -> Bool {
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
    package static func pixelHash(_ image: PremultipliedImage, format: Int = currentFormat) -> UInt64 {
        precondition(formats.contains(format), "lock format \(format) is not one of \(formats)")
        return format == 1 ? PixelHash.fnv1aWords(image) : PixelHash.crc64(image)
    }

    /// Renders every frame of `job` (no PNG is encoded) and locks it in `format` (a verify
    /// makes the lock it compares in the expected lock's format). `header` comes first (the
    /// CLI puts the command line there); size, fps and frame count follow.
    /// - Throws: render errors; `SequenceLockError.tooManyOps` when the frames hold more ops than
    ///   a lock may (`maximumOpCount`).
    package static func make(
        job: RenderJob, header extra: [(key: String, value: String)] = [], format: Int = currentFormat,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws -> SequenceLock {
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
        let opCount = opLines.reduce(0) { $0 + $1.count }
        guard opCount <= maximumOpCount else { throw SequenceLockError.tooManyOps(count: opCount) }
        let frames = job.frames.enumerated().map { position, sample in
            Frame(
                index: sample.index, timeSeconds: sample.timeSeconds, progress: sample.progress,
                ops: opLines[position], pixelHash: values[position])
        }
        let pixels = job.device.pixelSize
        let header =
            extra + [
                ("size", "\(pixels.width)x\(pixels.height)"), ("fps", JSON.number(job.settings.framesPerSecond)),
                ("frames", "\(frames.count)")
            ]
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
    package var text: String {
        var out = Self.magic(format: format) + "\n"
        for (key, value) in header { out += "\(key): \(value)\n" }
        var previous: [String] = []
        for frame in frames {
            out +=
                "frame \(frame.index) time=\(JSON.number(frame.timeSeconds)) progress=\(JSON.number(frame.progress)) "
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

    /// The deepest an op may be nested in a lock: `DisplayOp.maximumNestingDepth` (256) groups,
    /// the most a display list holds, so every lock `make` writes is read. An op line's
    /// indentation is checked as it is read: a lock of groups nested 5 000 deep overflowed the
    /// stack of `verify --review`.
    package static let maximumNestingDepth = DisplayOp.maximumNestingDepth

    /// The most ops the frames of a lock hold together, each frame counted whole (the ops it
    /// keeps from the frame before too): 8 Mi, 128 MB of references to shared op texts, and the
    /// size of what `verify` compares and `verify --review` draws. Checked while reading, as each
    /// frame is complete: a 2 MB lock of frames that each keep 40 000 ops asked for 5 GB. A
    /// push lock holds about 30 ops a frame; the longest render (292 800 frames) may average 28,
    /// a minute at 240 fps 580. `make` refuses to write a lock that would hold more.
    package static let maximumOpCount = 8 << 20

    /// Reads a lock file's text; `path` names it in errors. Lines end with LF or CR LF (git's
    /// `autocrlf` on Windows). Every frame line's numbers are checked (an index after the
    /// previous frame's and below `TimelineFile.maximumFrameCount`, a finite time from 0 to
    /// `TimelineFile.maximumSeconds`, a finite progress), so are the ops' nesting
    /// (`maximumNestingDepth`) and count (`maximumOpCount`); a lock that ends inside a line or
    /// holds fewer frames than its `frames:` header declares is reported as truncated. A frame
    /// that keeps the previous frame's ops unchanged shares its list.
    /// - Throws: `SequenceLockError.malformed` with the line number; an input's text is quoted
    ///   as an excerpt (`InputText`), never whole.
    package init(parsing text: String, path: String) throws {
        // Split by scalars: as Characters, "\r\n" is one, and a CR LF file would be one line.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { scalars in
            var line = String(Substring(scalars))
            if line.unicodeScalars.last == "\r" { line.unicodeScalars.removeLast() }
            return line
        }
        func fail(_ line: Int, _ reason: String) -> SequenceLockError { .malformed(path: path, line: line, reason: reason) }
        let first = lines[0]
        guard let format = Self.formats.first(where: { first == Self.magic(format: $0) }) else {
            let prefix = "flipbook-lock "
            guard first.hasPrefix(prefix) else { throw fail(1, "not a flipbook lock (the first line must be '\(Self.magic())')") }
            let given = String(first.dropFirst(prefix.count)), known = Self.formats.map(String.init).joined(separator: ", ")
            if let number = Int(given), number > Self.currentFormat {
                throw fail(1, "lock format '\(number)' is newer than this flipbook reads (\(known))")
            }
            throw fail(1, "lock format \(InputText.singleQuoted(given)) is not one this flipbook reads (\(known))")
        }
        // What `text` writes ends with a line feed (after which the split leaves an empty piece):
        // a lock without one was cut off.
        let endsWithLineFeed = text.unicodeScalars.last == "\n"
        let lineCount = endsWithLineFeed ? lines.count - 1 : lines.count
        guard endsWithLineFeed else { throw fail(lineCount, "the lock ends in the middle of a line: it is truncated") }
        var reader = LockTextReader(fail: fail)
        for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            try reader.read(line, number: offset + 1)
        }
        try reader.close()
        if let declared = reader.declaredFrames {
            guard let count = Int(declared.value), (1...TimelineFile.maximumFrameCount).contains(count) else {
                throw fail(
                    declared.line,
                    "frames: \(InputText.singleQuoted(declared.value)) is not a frame count "
                        + "(a whole number from 1 to \(TimelineFile.maximumFrameCount))")
            }
            if reader.frames.count < count {
                throw fail(lineCount, "the lock holds \(reader.frames.count) of the \(count) frames its header declares: it is truncated")
            }
            if reader.frames.count > count {
                throw fail(lineCount, "the lock holds \(reader.frames.count) frames, more than the \(count) its header declares")
            }
        }
        guard !reader.frames.isEmpty else { throw fail(lineCount, "the lock holds no frame: it is truncated") }
        self.init(header: reader.header, frames: reader.frames, format: format)
    }
}

/// Reads a lock's lines after the first into its header and frames (`SequenceLock(parsing:path:)`),
/// checking each line as it comes.
private struct LockTextReader {
    let fail: (Int, String) -> SequenceLockError
    var header: [(key: String, value: String)] = []
    /// The `frames:` header's value and line.
    var declaredFrames: (value: String, line: Int)?
    var frames: [SequenceLock.Frame] = []
    /// The frame being read, its line, and whether an op line changed it (until then it keeps
    /// `previous` and shares it).
    var current: SequenceLock.Frame?
    var currentLine = 0
    var edited = false
    /// The last frame's ops, and how many of them the current frame has kept or dropped.
    var previous: [String] = []
    var cursor = 0
    /// The ops of the frames read so far.
    var heldOps = 0

    mutating func read(_ line: String, number: Int) throws {
        if line.hasPrefix("frame ") {
            try close()
            try readFrameLine(line, number: number)
        } else if line.hasPrefix("  ") {
            guard current != nil else { throw fail(number, "an op before the first frame line") }
            try readOpLine(line.dropFirst(2), number: number)
        } else if let colon = line.range(of: ": "), current == nil, frames.isEmpty {
            let key = String(line[..<colon.lowerBound]), value = String(line[colon.upperBound...])
            if key == "frames" { declaredFrames = (value, number) }
            header.append((key, value))
        } else {
            throw fail(number, "unexpected line \(InputText.singleQuoted(line))")
        }
    }

    /// `frame N time=T progress=P pixels=HEX16`.
    mutating func readFrameLine(_ line: String, number: Int) throws {
        var fields: [String: String] = [:]
        let parts = line.split(separator: " ").map(String.init)
        for part in parts.dropFirst(2) {
            guard let equals = part.firstIndex(of: "=") else {
                throw fail(number, "expected key=value, found \(InputText.singleQuoted(part))")
            }
            fields[String(part[..<equals])] = String(part[part.index(after: equals)...])
        }
        guard parts.count >= 2, let timeText = fields["time"], let progressText = fields["progress"],
            let hash = fields["pixels"].flatMap({ UInt64($0, radix: 16) })
        else {
            throw fail(number, "a frame line is 'frame N time=T progress=P pixels=HEX16'")
        }
        let lowest = frames.last.map { $0.index + 1 } ?? 0, highest = TimelineFile.maximumFrameCount - 1
        guard let index = Int(parts[1]), index >= lowest, index <= highest else {
            throw fail(
                number,
                "frame \(InputText.excerpt(parts[1])): a frame index is a whole number from \(lowest) to \(highest)"
                    + (frames.last.map { " (after frame \($0.index))" } ?? ""))
        }
        guard let time = Double(decimalText: timeText), (0...TimelineFile.maximumSeconds).contains(time) else {
            throw fail(
                number,
                "time=\(InputText.excerpt(timeText)): a frame's time is a finite number of seconds "
                    + "from 0 to \(JSON.number(TimelineFile.maximumSeconds))")
        }
        guard let progress = Double(decimalText: progressText) else {
            throw fail(number, "progress=\(InputText.excerpt(progressText)): a frame's progress is a finite number")
        }
        current = SequenceLock.Frame(index: index, timeSeconds: time, progress: progress, ops: [], pixelHash: hash)
        currentLine = number
        edited = false
    }

    /// `= N` keeps, `- N` drops, `~ OP` replaces, `+ OP` inserts.
    mutating func readOpLine(_ body: Substring, number: Int) throws {
        let kind = body.prefix(2)
        let rest = String(body.dropFirst(2))
        switch kind {
        case "= ", "- ":
            guard let count = Int(rest), count > 0, count <= previous.count - cursor else {
                throw fail(number, "\(InputText.singleQuoted(String(body))) reaches past the previous frame's \(previous.count) ops")
            }
            if kind == "- " { startEditing() }
            if edited, kind == "= " { current!.ops.append(contentsOf: previous[cursor..<(cursor + count)]) }
            cursor += count
        case "~ ", "+ ":
            let indentation = rest.prefix { $0 == " " }.count
            guard indentation / 2 <= SequenceLock.maximumNestingDepth else {
                throw fail(number, "an op nested \(indentation / 2) groups deep; a lock nests at most \(SequenceLock.maximumNestingDepth)")
            }
            startEditing()
            if kind == "~ " {
                guard cursor < previous.count else { throw fail(number, "'~' with no op of the previous frame left to replace") }
                cursor += 1
            }
            current!.ops.append(rest)
        default:
            throw fail(number, "an op line starts with '= ', '- ', '~ ' or '+ '")
        }
        try count(current!.ops.count, line: number)
    }

    /// From the first change on, the frame holds its own list: the ops kept so far, copied.
    mutating func startEditing() {
        guard !edited else { return }
        current!.ops = Array(previous[0..<cursor])
        edited = true
    }

    /// Ends the current frame: it keeps the rest of the previous frame's ops (the whole list,
    /// shared, when no line changed it).
    mutating func close() throws {
        guard var frame = current else { return }
        if edited {
            frame.ops.append(contentsOf: previous[cursor...])
        } else {
            frame.ops = previous
        }
        try count(frame.ops.count, line: currentLine)
        heldOps += frame.ops.count
        frames.append(frame)
        previous = frame.ops
        current = nil
        cursor = 0
    }

    func count(_ opsOfCurrent: Int, line: Int) throws {
        let total = heldOps + opsOfCurrent
        guard total <= SequenceLock.maximumOpCount else {
            throw fail(line, "the frames so far hold \(total) ops; a lock holds at most \(SequenceLock.maximumOpCount) in all")
        }
    }
}

/// A lock file that cannot be read.
package enum SequenceLockError: SettingNamingError, LocalizedError, Equatable {
    /// The text is not a lock, or line `line` is not what the format allows.
    case malformed(path: String, line: Int, reason: String)
    /// An image op names a file outside the lock's roots (`roots`: `$MANIFEST` …), with `..`,
    /// or, with `SceneOptions.sandboxPhotos`, one that does not resolve inside its root. Nothing
    /// is said of the file itself: whether it exists, or what it is.
    case imageOutsideRoots(name: String, roots: [String])
    /// A sequence whose frames hold more ops than a lock may (`SequenceLock.maximumOpCount`).
    case tooManyOps(count: Int)

    /// One line naming the file and line.
    package var message: SettingText {
        switch self {
        case let .malformed(path, line, reason): return "\(path):\(line): \(reason)"
        case let .imageOutsideRoots(name, roots):
            return
                "the lock names the image \(InputText.quoted(name)), which is not inside its folders (\(roots.joined(separator: ", "))): "
                + "a lock's image is a path below one of them without '.' or '..', resolving there, links followed, "
                + "when photos are sandboxed (\(field: .sandboxPhotos))"
        case let .tooManyOps(count):
            return "the sequence's frames hold \(count) ops in all; a lock holds at most \(SequenceLock.maximumOpCount) "
                + "(lock fewer frames: a lower \(field: .framesPerSecond))"
        }
    }

    /// The same line, for `LocalizedError`.
    package var errorDescription: String? { description }
}
