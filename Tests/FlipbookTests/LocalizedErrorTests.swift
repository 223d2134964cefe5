import Flipbook
import FlipbookCodecs
import FlipbookFiles
import FlipbookFormats
import FlipbookLock
import FlipbookModel
import FlipbookMotion
import FlipbookOutput
import FlipbookRender
import FlipbookScenes
import FlipbookTesting
import FlipbookText
import FlipbookUIKit
import Foundation
import XCTest

/// Every public error of the library reads the same through `localizedDescription` as through
/// `description`, and names fields, not command-line options.
final class LocalizedErrorTests: XCTestCase {
    /// One value of each public error type, by the type's name in the sources.
    static let samples: [String: Error] = [
        "AnimatedPNGError": AnimatedPNGError.notAnimated,
        "CodecError": CodecError.unreadable(path: "a.png", reason: "No such file or directory"),
        "CodecWarning": CodecWarning.missingEndOfImage(path: "a.jpg"),
        "FileError": FileError.tooLarge(path: "a.json", bytes: 20, limitBytes: 10),
        "FontError": FontError.defaultFontNotFound(searched: ["/a.ttf"]),
        "GestureFileError": GestureFileError.invalid(file: "g.json", path: "$.samples[0]", message: "must be an array"),
        "GoldenError": GoldenError.unknownRecordMode("sometimes"),
        "ImageFileNameError": ImageFileNameError(path: "sheet.webp"),
        "ImageStoreError": ImageStoreError.overBudget(totalPixels: 3_000_000, budgetPixels: 2_000_000, largest: []),
        "JSONSyntaxError": syntaxError("{\n  \"a\" 1}"),
        "ManifestError": ManifestError.outsideSandbox(path: "m.json", field: "content[0].url", url: "../a.jpg", problem: "outside"),
        "OutputNameError": OutputNameError.escapes(template: "../{preset}", folder: "Out"),
        "PhotoLibraryError": PhotoLibraryError.photo(manifest: "m.json", field: "content[0].url", underlying: "unreadable"),
        "Problem": Gesture.Problem.tooFewSamples(1),
        "RenderError": RenderError.frameRangeOutOfBounds(range: 40...43, frameCount: 43),
        "RecordingError": RecordingError.transitionNotCompleted(animator: "CardAnimator", waitingOn: "nothing was left to run after 0.5 s"),
        "SceneError": SceneError.pageNotAdjacent(from: 3, to: 5),
        "SelectorError": SelectorError.unrecognized(selector: "handlePan:", target: "CardViewController", madeAt: "App/Card.swift:42"),
        "SequenceLockError": SequenceLockError.malformed(path: "a.lock", line: 3, reason: "not a frame line"),
        "ShardError": ShardError.noShards,
        "SpringNotationError": SpringNotationError(curve: "spring(bounce: -0.2)", message: "a negative bounce has no published formula"),
        "TimingCurveParseError": TimingCurveParseError.unknownCurve("bouncy"),
        "TimingRequestError": TimingRequestError.settlesOutOfRange(seconds: 40),
        "TransitionError": TransitionError.cycle(["a", "b"]),
        "TransitionFileError": TransitionFileError.invalid(file: "t.json", path: "$.layers[0]", message: "unknown key"),
        "VideoExportError": VideoExportError.ffmpegNotFound(searchPath: "/usr/bin")
    ]

    static func syntaxError(_ text: String) -> Error {
        do { _ = try JSONValue.parse(Array(text.utf8)); preconditionFailure("\(text) parsed") } catch { return error }
    }

    func testLocalizedDescriptionIsTheOneLineDescription() {
        for (name, error) in Self.samples {
            let line = (error as? Gesture.Problem)?.message ?? "\(error)"
            XCTAssertEqual(error.localizedDescription, line, name)
            XCTAssertFalse(error.localizedDescription.contains("could not be completed"), name)
        }
    }

    func testLibraryErrorsNameFieldsNotOptions() throws {
        XCTAssertEqual(
            "\(SceneError.indexOutOfRange(field: .selectedIndex, index: 16, count: 16))",
            "SceneOptions.selectedIndex 16 is out of range: the manifest has 16 photos (0…15)")
        XCTAssertEqual(
            "\(SceneError.pageNotAdjacent(from: 3, to: 5))",
            "SceneOptions.pageTarget 5 is not next to SceneOptions.selectedIndex 3: a paging scroll view "
                + "moves one page a swipe (SceneOptions.pageTarget 2 or 4)")
        let option = try NSRegularExpression(pattern: "(^|[^-A-Za-z])--[a-z]")
        for (name, error) in Self.samples {
            let text = error.localizedDescription
            XCTAssertNil(option.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)), "\(name): \(text)")
        }
    }

    /// The samples cover every public error type declared in Sources (outside the command line,
    /// whose errors are not public).
    func testEveryPublicErrorTypeHasASample() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").standardized
        // `Error`, or `SettingNamingError` (an error whose message names settings) which refines it.
        let declaration = try NSRegularExpression(pattern: #"public (?:enum|struct|class) (\w+)\s*:[^{]*\b(?:Setting\w*)?Error\b"#)
        var declared: Set<String> = []
        let files = FileManager.default.enumerator(atPath: sources.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        for file in files where !file.hasPrefix("FlipbookCLI/") && !file.hasPrefix("FlipbookBench/") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                declared.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        XCTAssertGreaterThan(declared.count, 15)
        XCTAssertEqual(declared.subtracting(Self.samples.keys).sorted(), [], "public error types without a sample")
    }
}
