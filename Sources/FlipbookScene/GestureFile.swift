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
/// starting with `//` (comments) are allowed. The syntax is checked strictly (`JSONSyntax`) before
/// Foundation parses it; every error names the file and the JSON path.
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
        do {
            try JSONSyntax.check(bytes)
        } catch let failure as JSONSyntax.Failure {
            throw GestureFileError.malformed(file: file, detail: failure.description)
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw GestureFileError.malformed(file: file, detail: (error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)")
        }
        func fail(_ path: String, _ message: String) -> GestureFileError { .invalid(file: file, path: path, message: message) }

        guard let object = root as? [String: Any] else { throw fail("$", "expected an object with \"samples\", got \(kind(of: root))") }
        for key in object.keys.sorted() where !keys.contains(key) && key != "$schema" && !key.hasPrefix("//") {
            throw fail("$.\(key)", "unknown key \"\(key)\"; expected one of \(keys.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        guard let samplesValue = object["samples"] else { throw fail("$", "missing \"samples\" (an array of [t, x, y])") }
        guard let rows = samplesValue as? [Any] else { throw fail("$.samples", "expected an array of [t, x, y], got \(kind(of: samplesValue))") }
        guard rows.count <= Gesture.maximumSampleCount else {
            throw fail("$.samples", Gesture.Problem.tooManySamples(rows.count).message)
        }
        var samples: [TouchSample] = []
        samples.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            let path = "$.samples[\(index)]"
            guard let triple = row as? [Any] else { throw fail(path, "expected [t, x, y] (seconds, points, points), got \(kind(of: row))") }
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
            guard let text = value as? String else { throw fail("$.completionCurve", "expected one of \(names.joined(separator: ", ")), got \(kind(of: value))") }
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

    /// A JSON number within ±`limit` (a boolean is not a number, though Foundation reads it as one).
    private static func number(_ value: Any, limit: Double, path: String, fail: (String, String) -> GestureFileError) throws -> Double {
        guard !PhotoManifest.isBoolean(value), let number = value as? NSNumber else {
            throw fail(path, "expected a number, got \(kind(of: value))")
        }
        let double = number.doubleValue
        guard double.isFinite, abs(double) <= limit else { throw fail(path, "must be a number from -\(Int(limit)) to \(Int(limit)), not \(double)") }
        return double
    }

    /// "an object", "a string", … for messages.
    private static func kind(of value: Any) -> String {
        if PhotoManifest.isBoolean(value) { return "a boolean" }
        switch value {
        case is [String: Any]: return "an object"
        case is [Any]: return "an array"
        case is String: return "a string"
        case is NSNumber: return "a number"
        default: return "null"
        }
    }
}
