import FlipbookFiles
import FlipbookGeometry
import FlipbookModel
package import FlipbookMotion
import Foundation

/// A gesture file that cannot be used: the file, the JSON path (`$.samples[3][0]`) and what is wrong.
package enum GestureFileError: Error, CustomStringConvertible, Equatable {
    /// The file cannot be read.
    case unreadable(file: String, reason: String)
    /// The file is not JSON (`detail` has the line and column).
    case malformed(file: String, detail: String)
    /// A value is missing, of the wrong type, out of range or unknown.
    case invalid(file: String, path: String, message: String)

    /// `file: $.path: message`, or `file: not valid JSON: line L, column C: …`.
    package var description: String {
        switch self {
        case let .unreadable(file, reason): return "\(file): cannot read the gesture file: \(reason)"
        case let .malformed(file, detail): return "\(file): not valid JSON: \(detail)"
        case let .invalid(file, path, message): return "\(file): \(path): \(message)"
        }
    }
}

/// Reads a gesture file (docs/INTERACTIVE.md, "Gesture files"):
///
/// ```json
/// {"samples": [[0, 4, 300], [0.1, 60, 302], [0.2, 140, 301]],
///  "completionSpeed": 1, "completionCurve": "easeInOut", "finishVelocity": 100}
/// ```
///
/// `samples` (required): at least two `[t, x, y]` — seconds, window points — strictly increasing in
/// t. The rest are optional, with UIKit's defaults; `axis` (`"x"`, `"-x"`, `"y"`, `"-y"` or
/// `[dx, dy]`, default `"x"`) and `length` (points, default the container's extent along the axis)
/// say what the progress is (`GestureAxis`). Unknown keys are errors (with the nearest key);
/// `"$schema"` and keys starting with `//` (comments) are allowed. It is read as transition files
/// are, by the package's one strict JSON reader (`JSONValue.parse`) and the `JSONField` accessors;
/// every error names the file and the JSON path.
package enum GestureFile {
    /// Largest gesture file read, bytes (10 000 samples take well under 1 MB).
    package static let maximumBytes = 4 << 20

    /// The keys a gesture file may have.
    package static let keys = ["samples", "completionSpeed", "completionCurve", "finishVelocity", "axis", "length"]

    /// Reads and validates the gesture at `path`. - Throws: `GestureFileError`.
    package static func read(_ path: String) throws -> Gesture {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, maximumBytes: maximumBytes)
        } catch let error as FileError {
            throw GestureFileError.unreadable(file: path, reason: error.reason)
        }
        return try parse(bytes, file: path)
    }

    /// Parses gesture-file bytes; `file` names the file in errors. - Throws: `GestureFileError`.
    package static func parse(_ bytes: [UInt8], file: String) throws -> Gesture {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch let error as JSONSyntaxError {
            throw GestureFileError.malformed(file: file, detail: error.description)
        }
        do {
            return try decode(JSONField(value: root, path: "$", file: file))
        } catch let TransitionFileError.invalid(_, path, message) {
            throw GestureFileError.invalid(file: file, path: path, message: message.description)
        }
    }

    /// The gesture in a parsed file, read with the transition files' strict accessors (unknown
    /// keys with a "did you mean", JSON paths). - Throws: `TransitionFileError.invalid`.
    static func decode(_ top: JSONField) throws -> Gesture {
        let object = try top.object(known: keys)
        let rows = try object.required("samples", "an array of [t, x, y]").array()
        guard rows.count <= Gesture.maximumSampleCount else {
            throw top.child("samples", .null).fail(Gesture.Problem.tooManySamples(rows.count).message)
        }
        // ±1 000 000 s or points: far beyond any screen or gesture, small enough that differences stay exact.
        let limit = -1e6...1e6
        let samples = try rows.map { row -> TouchSample in
            let n = try row.numbers(3, names: "[t, x, y] (seconds, points, points)", in: limit)
            return TouchSample(timeSeconds: n[0], xPoints: n[1], yPoints: n[2])
        }
        let completionSpeed = try object.optional("completionSpeed")?.number(in: limit) ?? Gesture.defaultCompletionSpeed
        let finishVelocity = try object.optional("finishVelocity")?.number(in: limit) ?? Gesture.defaultFinishVelocity
        let curve =
            try object.optional("completionCurve").map { field -> AnimationCurve in
                let name = try field.choice(AnimationCurve.allCases.map(\.rawValue), aliases: Array(AnimationCurve.aliases.keys))
                return AnimationCurve(rawValue: name) ?? AnimationCurve.aliases[name]!
            }
            ?? .easeInOut
        let axis = try object.optional("axis").map(decodeAxis) ?? .x
        // 1 000 000 points: as the samples' limit; a length of 0 would make every fraction infinite.
        let length = try object.optional("length")?.number(in: 0...1e6)

        if let problem = Gesture.validate(
            samples: samples, completionSpeed: completionSpeed, finishVelocityPointsPerSecond: finishVelocity,
            axis: axis, lengthPoints: length)
        {
            func fail(_ path: String) -> TransitionFileError { .invalid(file: top.file, path: path, message: SettingText(problem.message)) }
            switch problem {
            case let .notFinite(sample, component): throw fail("$.samples[\(sample)][\(component)]")
            case let .timeNotIncreasing(sample, _, _), let .samplesTooClose(sample, _): throw fail("$.samples[\(sample)][0]")
            case .tooFewSamples, .tooManySamples, .tooLong: throw fail("$.samples")
            case .completionSpeedOutOfRange: throw fail("$.completionSpeed")
            case .finishVelocityOutOfRange: throw fail("$.finishVelocity")
            case .badAxis: throw fail("$.axis")
            case .lengthOutOfRange: throw fail("$.length")
            }
        }
        return try Gesture(
            samples: samples, completionSpeed: completionSpeed, completionCurve: curve,
            finishVelocityPointsPerSecond: finishVelocity, axis: axis, lengthPoints: length)
    }

    /// `"x"`, `"-x"`, `"y"`, `"-y"` (`"−y"` with a minus sign too), or a direction `[dx, dy]`.
    static func decodeAxis(_ field: JSONField) throws -> GestureAxis {
        if case .array = field.value {
            let n = try field.numbers(2, names: "[dx, dy] (a direction in window points, y down)", in: -1e6...1e6)
            if let message = GestureAxis.problem(dx: n[0], dy: n[1]) { throw field.fail(message) }
            return .direction(dx: n[0], dy: n[1])
        }
        guard case .string = field.value else {
            throw field.fail("expected \"x\", \"-x\", \"y\", \"-y\" or a direction [dx, dy], got \(field.value.kind)")
        }
        let minusSign = ["−x": "-x", "−y": "-y"] // U+2212, as typography writes it
        let name = try field.choice(["x", "-x", "y", "-y"], aliases: Array(minusSign.keys))
        return GestureAxis.names[minusSign[name] ?? name]!
    }
}

extension GestureFileError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    package var errorDescription: String? { description }
}
