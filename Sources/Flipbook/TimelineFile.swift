import FlipbookFiles
import FlipbookFormats
import FlipbookModel
import FlipbookSupport
import Foundation

/// A render folder's `timeline.json` read back (`flipbook review`, `flipbook merge`): the one
/// reader of the file `TimelineJSON` writes. A folder from a pull request is untrusted, so every
/// value used is checked — a number for its range, whole numbers for being whole, all for being
/// finite (JSON has no infinity; a value past a `Double` is a syntax error) — and an error names
/// the file and the field (`frames[2].index`). Keys it does not use are not read.
package struct TimelineFile: Sendable {
    /// One frame as the timeline lists it.
    package struct Frame: Sendable, Equatable {
        /// Its place in the sequence: the frame's position in the list.
        package var index: Int
        /// Seconds from the start, 0 to `TimelineFile.maximumSeconds`.
        package var timeSeconds: Double
        /// The timing's progress (any finite number: a curve may overshoot far).
        package var progress: Double
        /// `interactive`, `completing`, `dragging`, `settling` … for a gesture-driven render.
        package var phase: String?
    }

    /// The longest sequence a render makes, in seconds: a gesture (≤ 20 s) driving a transition
    /// file (≤ 120 s) completed at speed 0.1 (≤ 1 200 s).
    package static let maximumSeconds = 1220.0
    /// The most frames a render makes: `maximumSeconds` at 240 fps, 292 800.
    package static let maximumFrameCount = 1220 * 240
    /// The largest `timeline.json` read: 96 MiB. The longest timeline (`maximumFrameCount`
    /// frames of a gesture-driven render, at most about 200 bytes a frame) is about 60 MB.
    package static let maximumBytes = 96 << 20

    /// The preset or transition's name (`preset`), when the file has it (`merge` needs it).
    package var preset: String?
    /// `RenderJob.fingerprint()`, when the file has it (`merge` compares shards by it).
    package var fingerprint: String?
    /// `fps`: frames per second, above 0; 60 when the file does not say.
    package var framesPerSecond: Double
    /// `duration`: the timing's duration in seconds, 0 to `maximumSeconds`.
    package var durationSeconds: Double?
    /// `frameCount`, when the file has it (then it is `frames.count`).
    package var declaredFrameCount: Int?
    /// Every frame of the sequence, in order; at least one.
    package var frames: [Frame]
    /// What the review page shows of the sequence, in order: preset, duration, fps, the curve's
    /// parameters a person sets, the device, the gesture's decision and lift-off frame.
    package var facts: [(String, String)]

    /// Reads and checks the file at `path`, a regular file of its own (as a render folder's
    /// frames: a link could show another file's first bytes in an error). - Throws:
    /// `TimelineFileError`; `FileError` when it cannot be read.
    package static func read(_ path: String) throws -> TimelineFile {
        try TimelineFile(bytes: try InputFile.readOwnFile(path, maximumBytes: maximumBytes), path: path)
    }

    /// Checks `bytes` as the `timeline.json` at `path`. - Throws: `TimelineFileError`.
    package init(bytes: [UInt8], path: String) throws {
        func fail(_ field: String?, _ reason: String) -> TimelineFileError { .invalid(path: path, field: field, reason: reason) }
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch { throw fail(nil, "not valid JSON: \(error)") }
        guard let members = root.members else { throw fail(nil, "not a flipbook timeline (not a JSON object)") }
        let fields = TimelineFields(members: members, prefix: "", fail: fail)
        preset = try fields.string("preset")
        fingerprint = try fields.string("fingerprint")
        // fps and scale are shown, not computed with: any positive value (the library allows
        // what `--fps` and `--scale` do not).
        framesPerSecond = try fields.positive("fps") ?? 60
        durationSeconds = try fields.number("duration", in: 0...Self.maximumSeconds, unit: " of seconds")
        declaredFrameCount = try fields.whole("frameCount", in: 1...Self.maximumFrameCount)
        guard let list = members["frames"] else { throw fail("frames", "missing: a timeline lists its frames") }
        guard let items = list.elements, (1...Self.maximumFrameCount).contains(items.count) else {
            throw fail(
                "frames",
                "must be an array of 1 to \(Self.maximumFrameCount) frames, not \(list.elements.map { "\($0.count) of them" } ?? list.kind)"
            )
        }
        if let declared = declaredFrameCount, declared != items.count {
            throw fail("frameCount", "must be \(items.count) (the frames listed), not \(declared)")
        }
        frames = []
        frames.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            let name = "frames[\(position)]"
            guard let frame = item.members else { throw fail(name, "must be an object, not \(item.kind)") }
            let fields = TimelineFields(members: frame, prefix: name + ".", fail: fail)
            guard let index = try fields.value("index", as: "a number", \.numberValue) else { throw fail(name + ".index", "missing") }
            guard index == Double(position) else {
                throw fail(name + ".index", "must be \(position) (the frame's place in the list), not \(index.shortestText)")
            }
            guard let time = try fields.number("time", in: 0...Self.maximumSeconds, unit: " of seconds") else {
                throw fail(name + ".time", "missing")
            }
            guard let progress = try fields.value("progress", as: "a number", \.numberValue) else {
                throw fail(name + ".progress", "missing")
            }
            frames.append(Frame(index: position, timeSeconds: time, progress: progress, phase: try fields.string("phase")))
        }
        var facts: [(String, String)] = []
        if let preset { facts.append(("preset", preset)) }
        // Facts are read by people: `factText` rounds away a computation's last bits
        // (`0.7000000000000001`); the frames' times and the curves keep every digit.
        if let durationSeconds { facts.append(("duration", durationSeconds.factText + " s")) }
        facts.append(("fps", framesPerSecond.factText))
        if let curve = try fields.object("curve") {
            // What a person set; the derived spring constants stay in timeline.json.
            let shown = Set(["curve", "dampingRatio", "initialVelocity", "controlPoints", "x1", "y1", "x2", "y2"])
            facts.append(
                (
                    "curve",
                    curve.members.keys.sorted().filter(shown.contains).map { key in
                        "\(key) " + (curve.members[key]!.stringValue ?? curve.members[key]!.numberValue.map(\.factText) ?? "…")
                    }.joined(separator: ", ")
                ))
        }
        if let device = try fields.object("device") {
            let scale = try device.positive("scale")
            if let name = try device.string("name") { facts.append(("device", name + (scale.map { " @\($0.factText)x" } ?? ""))) }
        }
        if let gesture = try fields.object("interactive") {
            let released = try gesture.whole("releaseFrame", in: 0...(frames.count - 1))
            if let decision = try gesture.string("decision") {
                facts.append(("gesture", decision + (released.map { ", released after frame \($0)" } ?? "")))
            }
        }
        self.facts = facts
    }
}

/// The members of one object of a timeline, read with their field names for errors.
private struct TimelineFields {
    let members: [String: JSONValue]
    /// The object's path with a dot (`frames[2].`), empty at the top.
    let prefix: String
    let fail: (String?, String) -> TimelineFileError

    /// `key`'s value through `read`, nil when absent; of another kind it is an error.
    func value<Value>(_ key: String, as kind: String, _ read: (JSONValue) -> Value?) throws -> Value? {
        guard let value = members[key] else { return nil }
        guard let read = read(value) else { throw fail(prefix + key, "must be \(kind), not \(value.kind)") }
        return read
    }

    func string(_ key: String) throws -> String? { try value(key, as: "a string", \.stringValue) }

    /// A number in `range`; `unit` follows "a number" in the message (" of seconds").
    func number(_ key: String, in range: ClosedRange<Double>, unit: String) throws -> Double? {
        guard let number = try value(key, as: "a number", \.numberValue) else { return nil }
        guard range.contains(number) else {
            throw fail(
                prefix + key,
                "must be a number\(unit) from \(range.lowerBound.shortestText) to \(range.upperBound.shortestText), "
                    + "not \(number.shortestText)")
        }
        return number
    }

    /// A number greater than 0.
    func positive(_ key: String) throws -> Double? {
        guard let number = try value(key, as: "a number", \.numberValue) else { return nil }
        guard number > 0 else { throw fail(prefix + key, "must be a number greater than 0, not \(number.shortestText)") }
        return number
    }

    /// A whole number in `range`.
    func whole(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let number = try value(key, as: "a number", \.numberValue) else { return nil }
        guard let whole = Int(exactly: number), range.contains(whole) else {
            throw fail(prefix + key, "must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(number.shortestText)")
        }
        return whole
    }

    func object(_ key: String) throws -> TimelineFields? {
        try value(key, as: "an object", \.members).map { TimelineFields(members: $0, prefix: prefix + key + ".", fail: fail) }
    }
}

/// A `timeline.json` that cannot be used: the file, the field and what is wrong.
package enum TimelineFileError: Error, CustomStringConvertible, LocalizedError, Equatable {
    /// `field` (nil: the file as a whole) is missing, of the wrong kind or out of range.
    case invalid(path: String, field: String?, reason: String)

    /// The field and what is wrong, without the file: `frames[2].index: must be 2 …`.
    package var reason: String {
        switch self {
        case let .invalid(_, field, reason): return field.map { "\($0): \(reason)" } ?? reason
        }
    }

    /// `PATH: FIELD: REASON`.
    package var description: String {
        switch self {
        case let .invalid(path, _, _): return "\(path): \(reason)"
        }
    }

    /// The same line, for `LocalizedError`.
    package var errorDescription: String? { description }
}
