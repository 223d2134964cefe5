import Foundation
import FlipbookFiles
import FlipbookMotion

/// A gesture file that cannot be used: the file, the JSON path (`$.samples[3][0]`) and what is wrong.
public enum GestureFileError: Error, CustomStringConvertible, Equatable {
    /// The file cannot be read.
    case unreadable(file: String, reason: String)
    /// The file is not JSON (`detail` has the line and column).
    case malformed(file: String, detail: String)
    /// A value is missing, of the wrong type, out of range or unknown.
    case invalid(file: String, path: String, message: String)

    /// `file: $.path: message`, or `file: not valid JSON: line L, column C: …`.
    public var description: String {
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
/// t. The rest are optional, with UIKit's defaults. Unknown keys are errors; `"$schema"` and keys
/// starting with `//` (comments) are allowed. Read by the package's one strict JSON
/// reader (`JSONValue.parse`); every error names the file and the JSON path.
public enum GestureFile {
    /// Largest gesture file read, bytes (10 000 samples take well under 1 MB).
    public static let maximumBytes = 4 << 20

    /// The keys a gesture file may have.
    public static let keys = ["samples", "completionSpeed", "completionCurve", "finishVelocity"]

    /// Reads and validates the gesture at `path`. - Throws: `GestureFileError`.
    public static func read(_ path: String) throws -> Gesture {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, maximumBytes: maximumBytes)
        } catch let error as FileError {
            throw GestureFileError.unreadable(file: path, reason: error.reason)
        }
        return try parse(bytes, file: path)
    }

    /// Parses gesture-file bytes; `file` names the file in errors. - Throws: `GestureFileError`.
    public static func parse(_ bytes: [UInt8], file: String) throws -> Gesture {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch let error as JSONSyntaxError {
            throw GestureFileError.malformed(file: file, detail: error.description)
        }
        func fail(_ path: String, _ message: String) -> GestureFileError { .invalid(file: file, path: path, message: message) }

        guard case let .object(members) = root, let object = root.members else {
            throw fail("$", "expected an object with \"samples\", got \(root.kind)")
        }
        for (key, _) in members where !keys.contains(key) && key != "$schema" && !key.hasPrefix("//") {
            throw fail("$.\(key)", "unknown key \"\(key)\"\(Suggestions.fileHint(key, in: keys)); expected one of \(keys.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        guard let samplesValue = object["samples"] else { throw fail("$", "missing \"samples\" (an array of [t, x, y])") }
        guard let rows = samplesValue.elements else { throw fail("$.samples", "expected an array of [t, x, y], got \(samplesValue.kind)") }
        guard rows.count <= Gesture.maximumSampleCount else {
            throw fail("$.samples", Gesture.Problem.tooManySamples(rows.count).message)
        }
        var samples: [TouchSample] = []
        samples.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            let path = "$.samples[\(index)]"
            guard let triple = row.elements else { throw fail(path, "expected [t, x, y] (seconds, points, points), got \(row.kind)") }
            guard triple.count == 3 else { throw fail(path, "expected 3 numbers [t, x, y] (seconds, points, points), got \(triple.count)") }
            let numbers = try triple.enumerated().map { component, value in
                try number(value, limit: 1e6, path: "\(path)[\(component)]", fail: fail)
            }
            samples.append(TouchSample(timeSeconds: numbers[0], xPoints: numbers[1], yPoints: numbers[2]))
        }
        var completionSpeed = Gesture.defaultCompletionSpeed
        if let value = object["completionSpeed"] { completionSpeed = try number(value, limit: 1e6, path: "$.completionSpeed", fail: fail) }
        var finishVelocity = Gesture.defaultFinishVelocity
        if let value = object["finishVelocity"] { finishVelocity = try number(value, limit: 1e6, path: "$.finishVelocity", fail: fail) }
        var curve = AnimationCurve.easeInOut
        if let value = object["completionCurve"] {
            let names = AnimationCurve.allCases.map(\.rawValue)
            guard let text = value.stringValue else { throw fail("$.completionCurve", "expected one of \(names.joined(separator: ", ")), got \(value.kind)") }
            guard let parsed = AnimationCurve(rawValue: text) else {
                throw fail("$.completionCurve", "unknown curve \"\(text)\"; expected one of \(names.joined(separator: ", ")) (UIView.AnimationCurve)")
            }
            curve = parsed
        }

        if let problem = Gesture.validate(samples: samples, completionSpeed: completionSpeed, finishVelocityPointsPerSecond: finishVelocity) {
            switch problem {
            case let .notFinite(sample, component): throw fail("$.samples[\(sample)][\(component)]", problem.message)
            case let .timeNotIncreasing(sample, _, _): throw fail("$.samples[\(sample)][0]", problem.message)
            case .tooFewSamples, .tooManySamples, .tooLong: throw fail("$.samples", problem.message)
            case .completionSpeedOutOfRange: throw fail("$.completionSpeed", problem.message)
            case .finishVelocityOutOfRange: throw fail("$.finishVelocity", problem.message)
            }
        }
        return try Gesture(samples: samples, completionSpeed: completionSpeed, completionCurve: curve,
                           finishVelocityPointsPerSecond: finishVelocity)
    }

    /// A JSON number within ±`limit`.
    private static func number(_ value: JSONValue, limit: Double, path: String, fail: (String, String) -> GestureFileError) throws -> Double {
        guard let double = value.numberValue else { throw fail(path, "expected a number, got \(value.kind)") }
        guard abs(double) <= limit else { throw fail(path, "must be a number from -\(Int(limit)) to \(Int(limit)), not \(double)") }
        return double
    }
}
