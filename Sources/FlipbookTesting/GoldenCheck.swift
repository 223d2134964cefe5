import Foundation
import FlipbookCodecs
import FlipbookFiles
import FlipbookImageDiff
import FlipbookRaster

/// What a golden check found; `message` says it in words for a test failure.
public struct GoldenResult: Sendable {
    /// How the check ended.
    public enum Outcome: Sendable, Hashable {
        /// The image matches its reference within tolerance: the only passing outcome.
        case matched
        /// The image does not match (or has another size); nothing recorded.
        case mismatched
        /// The reference was written (new, or re-recorded by `all`/`failed`): fails on purpose.
        case recorded
        /// No reference exists and the record mode (`never`, or `CI` set) forbids writing one.
        case missingReference
        /// The check could not run: bad record mode or name, unreadable reference, a write error.
        case error
    }

    /// How the check ended.
    public let outcome: Outcome
    /// A readable account: the reference path, counts, artefact paths, what was written.
    public let message: String
    /// Where the reference image lives (or would live).
    public let referencePath: String
    /// The pixel comparison, when one was made.
    public let comparison: ImageComparison?
    /// Files written outside the source tree (reference copy, actual, diff), in that order.
    public let artifactPaths: [String]

    /// True only when the image matched its reference.
    public var passed: Bool { outcome == .matched }
}

/// Golden-image checks, independent of any test framework.
///
/// References live in `<goldens>/<TestFile>/<name>.png`, where `<TestFile>` is the calling test
/// file's name without `.swift` and `<goldens>` is, first found: the `goldensDirectory`
/// argument, the environment variable `FLIPBOOK_GOLDENS_DIR`, or `__Goldens__` beside the test
/// file. On failure, `<artifacts>/<TestFile>/<name>.reference.png`, `.actual.png` and `.diff.png`
/// are written, `<artifacts>` being `FLIPBOOK_ARTIFACTS` or `<temporary directory>/flipbook-artifacts`.
/// Only recording writes beside the tests. See docs/GOLDENS.md.
public enum GoldenImage {
    /// Checks `image` against the reference called `name` and records per `GoldenRecordMode`.
    ///
    /// The image goes through a PNG encode/decode round trip first, so exactly what a reference
    /// would hold is compared. `tolerance` is per channel (0…255) and `maxDifferingFraction`
    /// (0…1) the share of pixels allowed to exceed it; both default to 0 (exact match).
    /// `file` locates the test file; leave the default.
    public static func verify(_ image: PremultipliedImage, named name: String, tolerance: Int = 0,
                              maxDifferingFraction: Double = 0, goldensDirectory: String? = nil,
                              file: StaticString = #filePath) -> GoldenResult {
        verify(image, named: name, tolerance: tolerance, maxDifferingFraction: maxDifferingFraction,
               goldensDirectory: goldensDirectory, testFilePath: "\(file)")
    }

    /// `verify` with the test file's path as a `String` (Swift Testing's `SourceLocation`).
    static func verify(_ image: PremultipliedImage, named name: String, tolerance: Int,
                       maxDifferingFraction: Double, goldensDirectory: String?, testFilePath: String) -> GoldenResult {
        precondition((0...255).contains(tolerance), "tolerance must be 0…255, not \(tolerance)")
        precondition((0...1).contains(maxDifferingFraction), "maxDifferingFraction must be 0…1, not \(maxDifferingFraction)")
        let paths = GoldenPaths(name: name, testFilePath: testFilePath, goldensDirectory: goldensDirectory)
        var check = GoldenCheck(name: name, paths: paths)
        do {
            try check.run(image, tolerance: tolerance, maxDifferingFraction: maxDifferingFraction)
        } catch {
            check.finish(.error, "golden '\(name)': \(error)")
        }
        return check.result
    }
}

/// Where one golden's reference and artefacts live.
struct GoldenPaths {
    let reference: String
    /// `<artifacts>/<TestFile>/<name>`: artefacts are this plus a suffix.
    let artifactBase: String
    let referenceArtifact: String
    let actualArtifact: String
    let diffArtifact: String

    init(name: String, testFilePath: String, goldensDirectory: String?, pathExtension: String = "png") {
        let testFile = URL(fileURLWithPath: testFilePath)
        let suite = testFile.deletingPathExtension().lastPathComponent
        let goldens = goldensDirectory ?? GoldenConfiguration.goldensDirectory ?? environmentValue("FLIPBOOK_GOLDENS_DIR")
            ?? testFile.deletingLastPathComponent().appendingPathComponent("__Goldens__").path
        reference = URL(fileURLWithPath: goldens).appendingPathComponent(suite).appendingPathComponent(name + "." + pathExtension).path
        let artifacts = environmentValue("FLIPBOOK_ARTIFACTS")
            ?? URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("flipbook-artifacts").path
        let base = URL(fileURLWithPath: artifacts).appendingPathComponent(suite).appendingPathComponent(name).path
        artifactBase = base
        referenceArtifact = base + ".reference." + pathExtension
        actualArtifact = base + ".actual." + pathExtension
        diffArtifact = base + ".diff.png"
    }
}

/// One run of a golden check; `run` throws only for errors, every other end calls `finish`.
struct GoldenCheck {
    let name: String
    let paths: GoldenPaths
    private(set) var result: GoldenResult
    private var comparison: ImageComparison?
    private var artifacts: [String] = []

    init(name: String, paths: GoldenPaths) {
        self.name = name
        self.paths = paths
        result = GoldenResult(outcome: .error, message: "golden '\(name)': not checked", referencePath: paths.reference,
                              comparison: nil, artifactPaths: [])
    }

    mutating func finish(_ outcome: GoldenResult.Outcome, _ message: String) {
        result = GoldenResult(outcome: outcome, message: message, referencePath: paths.reference,
                              comparison: comparison, artifactPaths: artifacts)
    }

    mutating func run(_ image: PremultipliedImage, tolerance: Int, maxDifferingFraction: Double,
                      perceptual: PerceptualLimit? = nil) throws {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else { throw GoldenError.badName(name) }
        let mode = try GoldenRecordMode.current()
        let actualPNG = try PNGEncoder.encode(image)
        let actual = try ImageDecoder.decode(actualPNG, name: "actual image of golden '\(name)'")
        removeStaleArtifacts()

        guard FileManager.default.fileExists(atPath: paths.reference) else {
            if mode == .never {
                // Outside the source tree only: CI can upload it, a developer can review it.
                try writeArtifact(actualPNG, to: paths.actualArtifact)
                let why = environmentValue("CI") != nil ? "CI is set" : GoldenRecordMode.setting(.never)
                finish(.missingReference, """
                    golden '\(name)': no reference image at \(paths.reference); not recorded because \(why).
                      actual: \(paths.actualArtifact)
                    Record it locally (FLIPBOOK_RECORD=missing, the default off CI), review and commit it.
                    """)
                return
            }
            try record(actualPNG, image: actual, why: "recorded a new reference")
            return
        }
        if mode == .all {
            try record(actualPNG, image: actual, why: "re-recorded the reference (\(GoldenRecordMode.setting(.all)))")
            return
        }
        let reference: PremultipliedImage
        do {
            reference = try ImageDecoder.decode(fileAtPath: paths.reference)
        } catch {
            if mode == .failed {
                try record(actualPNG, image: actual, why: "re-recorded an unreadable reference (\(error))")
                return
            }
            finish(.error, "golden '\(name)': cannot read the reference \(paths.reference): \(error)")
            return
        }
        let comparison = ImageComparison.compare(reference, actual, tolerance: tolerance)
        self.comparison = comparison
        // With a ΔE or FLIP tolerance the perceptual scores decide and are what the message reports.
        let scores = perceptual?.score(reference, actual)
        let passes = scores?.passes ?? comparison.passes(maxDifferingFraction: maxDifferingFraction)
        let summary = scores?.summary ?? comparison.summary
        if passes {
            finish(.matched, "golden '\(name)' matches \(paths.reference): \(summary)")
            return
        }
        try writeArtifact(try PNGEncoder.encode(reference), to: paths.referenceArtifact)
        try writeArtifact(actualPNG, to: paths.actualArtifact)
        try writeArtifact(try PNGEncoder.encode(DiffImage.make(reference: reference, actual: actual, tolerance: tolerance)),
                          to: paths.diffArtifact)
        var allowed = comparison.sizesMatch
            ? " (allowed: more than \(tolerance) in at most \(percent(maxDifferingFraction)) of pixels)"
            : " (reference vs actual)"
        if let perceptual, comparison.sizesMatch { allowed = " (allowed: \(perceptual.allowed))" }
        var message = """
            golden '\(name)' does not match \(paths.reference): \(summary)\(allowed)
              reference: \(paths.referenceArtifact)
              actual:    \(paths.actualArtifact)
              diff:      \(paths.diffArtifact) (reference | difference | actual)
            """
        if mode == .failed {
            try writeAtomically(actualPNG, to: paths.reference)
            message += "\nre-recorded the reference (\(GoldenRecordMode.setting(.failed))): review and commit \(paths.reference)"
            finish(.recorded, message)
        } else {
            message += "\nIf the change is intended, re-record with FLIPBOOK_RECORD=failed and review the new reference."
            finish(.mismatched, message)
        }
    }

    /// Writes the reference and fails saying so: a recording run never passes.
    private mutating func record(_ png: [UInt8], image: PremultipliedImage, why: String) throws {
        try writeAtomically(png, to: paths.reference)
        finish(.recorded, """
            golden '\(name)': \(why) \(paths.reference) (\(image.width)x\(image.height)); \
            review and commit it, then run the test again (a recording run always fails)
            """)
    }

    private mutating func writeArtifact(_ bytes: [UInt8], to path: String) throws {
        try writeAtomically(bytes, to: path)
        artifacts.append(path)
    }

    /// Removes the artefacts of an earlier failing run, so the folder shows only current failures.
    private func removeStaleArtifacts() {
        for path in [paths.referenceArtifact, paths.actualArtifact, paths.diffArtifact] {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    private func percent(_ fraction: Double) -> String {
        let text = String(format: "%.4f", fraction * 100)
        let trimmed = text.contains(".") ? text.replacingOccurrences(of: "0+$", with: "", options: .regularExpression) : text
        return (trimmed.hasSuffix(".") ? String(trimmed.dropLast()) : trimmed) + "%"
    }
}

/// Writes `bytes` to `path` atomically (`OutputFile.write`), creating parent folders.
/// - Throws: `FileError.unwritable` naming `path`.
func writeAtomically(_ bytes: [UInt8], to path: String) throws {
    try OutputFile.write(bytes, to: path, createFolders: true)
}
