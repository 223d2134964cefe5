import Flipbook
import FlipbookTesting
import Foundation
import XCTest

/// What a package that depends on Flipbook sees: every type a public property or thrown error
/// exposes can be named with `import Flipbook` (and `FlipbookTesting`) alone, and what the
/// package's own modules share among themselves cannot.
final class CuratedSurfaceTests: XCTestCase {
    /// Every public type that `import Flipbook` and `import FlipbookTesting` expose, by the module
    /// that declares it (nested types as `Outer.Inner`): what a user writes or names — settings,
    /// jobs, transitions, layers and animations, devices, timing, errors, goldens — and the types
    /// their public properties and thrown errors expose. docs/ARCHITECTURE.md ("What a user can
    /// name") lists the same. A new public type fails `testThePublicTypesAreTheListedOnes`: make
    /// it `package` unless a user writes or names it, or add it here and there.
    static let publicTypes: [String: [String]] = [
        "Flipbook": [
            "ImageStoreError", "PlannedDecode", "PreviewOptions", "RenderError", "RenderJob", "RenderJob.FrameSink", "RenderProgress",
            "RenderSettings", "RenderSummary"
        ],
        "FlipbookCodecs": ["CodecError", "DecodeLimits", "ImageFormat", "PNGChannels", "PNGEncodeOptions", "PNGFilter", "PNGWriter"],
        "FlipbookFiles": ["FileError"],
        "FlipbookFormats": ["JSONSyntaxError", "ManifestError", "PhotoLibraryError", "TransitionFile", "TransitionFileError"],
        "FlipbookGeometry": [
            "Point", "Rect", "SettingField", "SettingNamingError", "SettingText", "SettingText.Interpolation", "Size", "Transform2D"
        ],
        "FlipbookModel": [
            "Animation", "AnimationTiming", "Appearance", "BlurEffect", "BlurStyle", "Device", "DisplayList", "EdgeInsets",
            "FontWeight", "Keyframe", "Layer", "LayerChange", "LayerPatch", "LayerTransform", "SceneOptions", "ScreenCutout", "StatusBar",
            "StatusBar.Style", "SystemColor", "SystemEra", "TextAlignment", "TextContent", "TimedChanges", "Transition", "TransitionError"
        ],
        "FlipbookMotion": [
            "AnimationCurve", "CubicBezier", "FrameSample", "Gesture", "Gesture.Problem", "GestureAxis", "Spring",
            "SpringNotationError", "Timing", "TimingCurve", "TimingCurveParseError", "TouchSample"
        ],
        "FlipbookOutput": ["AnimatedPNGError", "ImageFileNameError", "VideoExportError"],
        "FlipbookRaster": [
            "ContentMode", "CornerCurve", "CornerMask", "Gradient", "Gradient.Kind", "PremultipliedImage", "PremultipliedPixel",
            "StraightColor"
        ],
        "FlipbookSamples": ["Samples"],
        "FlipbookScenes": ["SceneError", "TransitionPreset"],
        "FlipbookText": ["FontError", "LineBreakMode"],
        "FlipbookTesting": [
            "GoldenConfiguration", "GoldenError", "GoldenImage", "GoldenMismatch", "GoldenRecordMode", "GoldenResult",
            "GoldenResult.Outcome", "GoldenSequence", "GoldenStrategy", "GoldensTrait"
        ],
        "FlipbookImageDiff": ["DeltaETolerance", "FLIPTolerance", "ImageComparison"]
    ]

    /// The package's root folder (this file is Tests/FlipbookPublicAPITests/CuratedSurfaceTests.swift).
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The public types, typealiases and protocols in the products' symbol baselines (which
    /// `PublicSymbolBaselineTests` holds to the compiler's own symbol graph), by module: the
    /// list above, no more, no fewer.
    func testThePublicTypesAreTheListedOnes() throws {
        var found: [String: Set<String>] = [:]
        for product in ["Flipbook", "FlipbookTesting"] {
            let baseline = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("__Baselines__/\(product).symbols.txt")
            for line in try String(contentsOf: baseline, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
                // `Module kind Path: declaration`; extensions of other modules' types (`A@B`) add no type.
                let words = line.split(separator: " ", maxSplits: 2)
                guard words.count == 3, !words[0].contains("@"),
                    ["struct", "class", "enum", "protocol", "typealias", "actor"].contains(words[1])
                else { continue }
                found[String(words[0]), default: []].insert(String(words[2].prefix { $0 != ":" }))
            }
        }
        XCTAssertEqual(Set(found.keys), Set(Self.publicTypes.keys), "the products expose other modules than the list names")
        for (module, types) in found {
            let listed = Set(Self.publicTypes[module] ?? [])
            XCTAssertEqual(
                types.subtracting(listed).sorted(), [],
                "\(module): public types not in the list (make them `package` unless a user writes or names them)")
            XCTAssertEqual(listed.subtracting(types).sorted(), [], "\(module): listed types that are not public (any more)")
        }
        XCTAssertEqual(Self.publicTypes.values.joined().count, 96)
    }

    /// docs/ARCHITECTURE.md's "What a user can name" names every listed type, and no other.
    func testTheArchitectureDocumentListsThePublicTypes() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        guard let start = text.range(of: "## What a user can name"),
            let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex)
        else {
            return XCTFail("docs/ARCHITECTURE.md has no section \"What a user can name\"")
        }
        let table = text[start.upperBound..<end.lowerBound].split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| group") }
        let named = Set(
            table.flatMap { row in
                row.split(separator: "|").dropFirst().joined().components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(
                    \.element)
            })
        let listed = Set(Self.publicTypes.values.joined())
        XCTAssertEqual(listed.subtracting(named).sorted(), [], "public types the document does not name")
        XCTAssertEqual(named.subtracting(listed).sorted(), [], "names in the document's table that are not public types")
    }

    /// Every listed type can be named by a consumer: a program outside the package that writes
    /// each name type-checks (a `package` type in the list, or one behind an unexported module,
    /// gives "cannot find … in scope").
    func testAConsumerNamesEveryPublicType() throws {
        let names = Self.publicTypes.values.joined().sorted().map { $0 == "GoldenStrategy" ? "GoldenStrategy<Int>" : $0 }
        let program =
            "import Flipbook\nimport FlipbookTesting\nlet _: [Any.Type] = [\n" + names.map { "    \($0).self,\n" }.joined() + "]\n"
        let result = try typecheck(program, flags: try consumerFlags())
        XCTAssertEqual(result.status, 0, String(result.output.prefix(2000)))
    }

    /// Type-checks one-line programs against the modules this test target was built with, with
    /// the flags SwiftPM used for it but outside the package (no `-package-name`): each internal
    /// name must be unknown to a consumer, and a control program that names public types must pass.
    func testAConsumerCannotSeeThePackagesInternals() throws {
        let flags = try consumerFlags()
        XCTAssertEqual(
            try typecheck("import Flipbook\nlet _ = RenderSettings(preset: .push)\nlet _: PNGEncodeOptions? = nil", flags: flags).status, 0,
            "the control program must compile")
        for name in [
            "Canvas", "PixelMath", "JSONValue", "ImageStore", "FrameRasterizer", "InputFile", "OutputDirectory", "Typesetter", "Font",
            "TextLayout", "Homography", "Timeline", "TransitionAnimator", "SequenceLock", "NavigationBar", "WaterfallLayout"
        ] {
            let result = try typecheck("import Flipbook\nimport FlipbookTesting\nlet _ = \(name).self", flags: flags)
            XCTAssertNotEqual(result.status, 0, "\(name) is visible to a consumer")
            XCTAssertTrue(result.output.contains("cannot find '\(name)' in scope"), "\(name): \(result.output.prefix(400))")
        }
    }
}
