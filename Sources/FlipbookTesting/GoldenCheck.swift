import FlipbookFiles
import Foundation

/// Where one golden's reference and artefacts live.
///
/// References live in `<goldens>/<TestFile>/<name>.<extension>`, where `<TestFile>` is the
/// calling test file's name without `.swift` and `<goldens>` is, first found: the
/// `goldensDirectory` argument, `withGoldens(goldensDirectory:)`, the environment variable
/// `FLIPBOOK_GOLDENS_DIR`, or `__Goldens__` beside the test file. Artefacts are
/// `<artifacts>/<TestFile>/<name>.reference.<extension>`, `.actual.<extension>` and the
/// strategy's own (`.diff.png`), `<artifacts>` being `FLIPBOOK_ARTIFACTS` or
/// `<temporary directory>/flipbook-artifacts`. Only recording writes beside the tests.
struct GoldenPaths {
    let reference: String
    /// `<artifacts>/<TestFile>/<name>`: artefacts are this plus a suffix.
    let artifactBase: String
    let referenceArtifact: String
    let actualArtifact: String

    init(name: String, testFilePath: String, goldensDirectory: String?, pathExtension: String) {
        let testFile = URL(fileURLWithPath: testFilePath)
        let suite = testFile.deletingPathExtension().lastPathComponent
        let goldens =
            goldensDirectory ?? GoldenConfiguration.goldensDirectory ?? environmentValue("FLIPBOOK_GOLDENS_DIR")
            ?? testFile.deletingLastPathComponent().appendingPathComponent("__Goldens__").path
        reference = URL(fileURLWithPath: goldens).appendingPathComponent(suite).appendingPathComponent(name + "." + pathExtension).path
        let artifacts =
            environmentValue("FLIPBOOK_ARTIFACTS")
            ?? URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("flipbook-artifacts").path
        artifactBase = URL(fileURLWithPath: artifacts).appendingPathComponent(suite).appendingPathComponent(name).path
        referenceArtifact = artifactBase + ".reference." + pathExtension
        actualArtifact = artifactBase + ".actual." + pathExtension
    }
}

/// The record-mode machine every strategy runs through: validate the name, pick the mode,
/// record, compare, re-record, write the artefacts, and say what happened.
///
/// | mode | missing reference | mismatching | matching |
/// |---|---|---|---|
/// | `missing` | written, fails | fails | passes |
/// | `failed` | written, fails | re-written, fails | passes |
/// | `all` | written, fails | re-written, fails | re-written, fails |
/// | `never` | fails, nothing written beside the tests | fails | passes |
///
/// A run that writes a reference always fails, naming the file, so a retried CI job cannot pass
/// on references it just wrote.
struct GoldenCheck {
    let request: GoldenRequest
    let paths: GoldenPaths
    let describe: @Sendable ([UInt8]) -> String
    /// The artefacts a mismatch may add besides the reference and actual copies (`diff.png`).
    let mismatchArtifactSuffixes: [String]
    private var artifacts: [String] = []
    private var comparison: GoldenComparison?

    init(
        request: GoldenRequest, pathExtension: String, describe: @escaping @Sendable ([UInt8]) -> String,
        mismatchArtifactSuffixes: [String]
    ) {
        self.request = request
        self.paths = GoldenPaths(request, pathExtension: pathExtension)
        self.describe = describe
        self.mismatchArtifactSuffixes = mismatchArtifactSuffixes
    }

    private var name: String { request.name }

    private func result(_ outcome: GoldenResult.Outcome, _ message: String) -> GoldenResult {
        GoldenResult(
            outcome: outcome, message: message, referencePath: paths.reference, comparison: comparison?.pixels,
            artifactPaths: artifacts)
    }

    mutating func run(_ serialize: () throws -> [UInt8], compare: ([UInt8], [UInt8]) throws -> GoldenComparison) -> GoldenResult {
        do {
            guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else { throw GoldenError.badName(name) }
            let setting = try GoldenRecordSetting.resolve(requested: request.record)
            let actual = try serialize()
            removeStaleArtifacts()
            guard FileManager.default.fileExists(atPath: paths.reference) else {
                if setting.mode == .never {
                    // Outside the source tree only: CI can upload it, a developer can review it.
                    try writeArtifact(actual, to: paths.actualArtifact)
                    return result(
                        .missingReference,
                        """
                        golden '\(name)': no reference at \(paths.reference); not recorded because \(setting.source).
                          actual: \(paths.actualArtifact)
                        Record it locally (FLIPBOOK_RECORD=missing, the default off CI), review and commit it.
                        """)
                }
                return try record(actual, why: "recorded a new reference")
            }
            if setting.mode == .all { return try record(actual, why: "re-recorded the reference (\(setting.source))") }
            let reference: [UInt8]
            do {
                reference = try InputFile.read(paths.reference)
                comparison = try compare(reference, actual)
            } catch {
                if setting.mode == .failed { return try record(actual, why: "re-recorded an unreadable reference (\(error))") }
                return result(.error, "golden '\(name)': cannot read the reference \(paths.reference): \(error)")
            }
            guard let mismatch = comparison?.mismatch else {
                return result(.matched, "golden '\(name)' matches \(paths.reference)" + (comparison?.matchSummary.map { ": " + $0 } ?? ""))
            }
            try writeArtifact(reference, to: paths.referenceArtifact)
            try writeArtifact(actual, to: paths.actualArtifact)
            for artifact in mismatch.artifacts {
                try writeArtifact(artifact.bytes, to: paths.artifactBase + "." + artifact.suffix)
            }
            var message = "golden '\(name)' does not match \(paths.reference): \(mismatch.summary)"
            // A screenful: the first changes say where to look, the artefacts show the rest.
            let shown = 24
            for line in mismatch.details.prefix(shown) { message += "\n  " + line }
            if mismatch.details.count > shown { message += "\n  … \(mismatch.details.count - shown) more" }
            message +=
                "\n" + Self.artifactLine("reference", paths.referenceArtifact) + "\n" + Self.artifactLine("actual", paths.actualArtifact)
            for artifact in mismatch.artifacts {
                let label = artifact.suffix.split(separator: ".").first.map(String.init) ?? artifact.suffix
                let caption = mismatch.artifactCaptions[artifact.suffix].map { " (\($0))" } ?? ""
                message += "\n" + Self.artifactLine(label, paths.artifactBase + "." + artifact.suffix) + caption
            }
            if setting.mode == .failed {
                try writeAtomically(actual, to: paths.reference)
                return result(.recorded, message + "\nre-recorded the reference (\(setting.source)): review and commit \(paths.reference)")
            }
            return result(
                .mismatched,
                message + "\nIf the change is intended, re-record with FLIPBOOK_RECORD=failed "
                    + "(or record: .failed) and review the new reference.")
        } catch {
            return result(.error, "golden '\(name)': \(error)")
        }
    }

    /// `  reference: PATH`, labels padded so the paths line up.
    private static func artifactLine(_ label: String, _ path: String) -> String {
        "  " + (label + ":").padding(toLength: max(11, label.count + 1), withPad: " ", startingAt: 0) + path
    }

    /// Writes the reference and fails saying so: a recording run never passes.
    private mutating func record(_ bytes: [UInt8], why: String) throws -> GoldenResult {
        try writeAtomically(bytes, to: paths.reference)
        return result(
            .recorded,
            """
            golden '\(name)': \(why) \(paths.reference) (\(describe(bytes))); \
            review and commit it, then run the test again (a recording run always fails)
            """)
    }

    private mutating func writeArtifact(_ bytes: [UInt8], to path: String) throws {
        try writeAtomically(bytes, to: path)
        artifacts.append(path)
    }

    /// Removes the artefacts of an earlier failing run, so the folder shows only current failures.
    private func removeStaleArtifacts() {
        let extra = mismatchArtifactSuffixes.map { paths.artifactBase + "." + $0 }
        for path in [paths.referenceArtifact, paths.actualArtifact] + extra {
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}

/// Writes `bytes` to `path` atomically (`OutputFile.write`), creating parent folders.
/// - Throws: `FileError.unwritable` naming `path`.
func writeAtomically(_ bytes: [UInt8], to path: String) throws {
    try OutputFile.write(bytes, to: path, createFolders: true)
}
