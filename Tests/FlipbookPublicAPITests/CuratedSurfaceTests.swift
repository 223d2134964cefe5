import Foundation
import XCTest
import Flipbook
import FlipbookTesting

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
        "Flipbook": ["ImageStoreError", "PhotoLibraryError", "PlannedDecode", "PreviewOptions", "RenderError", "RenderJob", "RenderJob.FrameSink", "RenderProgress", "RenderSettings", "RenderSummary"],
        "FlipbookCodecs": ["CodecError", "DecodeLimits", "ImageFormat", "PNGChannels", "PNGEncodeOptions", "PNGFilter", "PNGWriter"],
        "FlipbookFiles": ["FileError"],
        "FlipbookFormats": ["JSONSyntaxError", "ManifestError", "TransitionFile", "TransitionFileError"],
        "FlipbookGeometry": ["Point", "Rect", "SettingField", "SettingNamingError", "SettingText", "SettingText.Interpolation", "Size", "Transform2D"],
        "FlipbookModel": ["Animation", "AnimationTiming", "Appearance", "BlurEffect", "BlurStyle", "Device", "DisplayList", "EdgeInsets",
                          "FontWeight", "Keyframe", "Layer", "LayerChange", "LayerPatch", "LayerTransform", "ScreenCutout", "StatusBar",
                          "StatusBar.Style", "SystemColor", "SystemEra", "TextAlignment", "TextContent", "TimedChanges", "Transition", "TransitionError"],
        "FlipbookMotion": ["AnimationCurve", "CubicBezier", "FrameSample", "Gesture", "Gesture.Problem", "GestureAxis", "Spring",
                           "SpringNotationError", "Timing", "TimingCurve", "TimingCurveParseError", "TouchSample"],
        "FlipbookOutput": ["AnimatedPNGError", "ImageFileNameError", "VideoExportError"],
        "FlipbookRaster": ["ContentMode", "CornerCurve", "CornerMask", "Gradient", "Gradient.Kind", "PremultipliedImage", "PremultipliedPixel",
                           "StraightColor"],
        "FlipbookSamples": ["Samples"],
        "FlipbookScenes": ["SceneError", "SceneOptions", "TransitionPreset"],
        "FlipbookText": ["FontError", "LineBreakMode"],
        "FlipbookTesting": ["GoldenConfiguration", "GoldenError", "GoldenImage", "GoldenMismatch", "GoldenRecordMode", "GoldenResult",
                            "GoldenResult.Outcome", "GoldenSequence", "GoldenStrategy", "GoldensTrait"],
        "FlipbookImageDiff": ["DeltaETolerance", "FLIPTolerance", "ImageComparison"],
    ]

    /// The package's root folder (this file is Tests/FlipbookPublicAPITests/CuratedSurfaceTests.swift).
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Reads the sources of the two products and of every module they re-export (`@_exported
    /// import`), and finds each `public`/`open` type, typealias and protocol whose enclosing types
    /// (if any) are public too: the list above, no more, no fewer.
    func testThePublicTypesAreTheListedOnes() throws {
        var modules: [String] = []
        for product in ["Flipbook", "FlipbookTesting"] {
            let exports = try String(contentsOf: Self.root.appendingPathComponent("Sources/\(product)/Exports.swift"), encoding: .utf8)
            modules += [product] + exports.split(separator: "\n").compactMap { line in
                line.hasPrefix("@_exported import ") ? String(line.dropFirst("@_exported import ".count)) : nil
            }.filter { $0 != "Foundation" }
        }
        XCTAssertEqual(Set(modules), Set(Self.publicTypes.keys), "the products re-export other modules than the list names")
        for module in modules {
            let folder = Self.root.appendingPathComponent(module == "FlipbookSamples" ? "Samples/FlipbookSamples" : "Sources/\(module)")
            let found = try Self.publicTypes(inSwiftFilesUnder: folder)
            let listed = Set(Self.publicTypes[module] ?? [])
            XCTAssertEqual(found.subtracting(listed).sorted(), [],
                           "\(module): public types not in the list (make them `package` unless a user writes or names them)")
            XCTAssertEqual(listed.subtracting(found).sorted(), [], "\(module): listed types that are not public (any more)")
        }
        XCTAssertEqual(Self.publicTypes.values.joined().count, 96)
    }

    /// docs/ARCHITECTURE.md's "What a user can name" names every listed type, and no other.
    func testTheArchitectureDocumentListsThePublicTypes() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        guard let start = text.range(of: "## What a user can name"), let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex) else {
            return XCTFail("docs/ARCHITECTURE.md has no section \"What a user can name\"")
        }
        let table = text[start.upperBound..<end.lowerBound].split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| group") }
        let named = Set(table.flatMap { row in
            row.split(separator: "|").dropFirst().joined().components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        })
        let listed = Set(Self.publicTypes.values.joined())
        XCTAssertEqual(listed.subtracting(named).sorted(), [], "public types the document does not name")
        XCTAssertEqual(named.subtracting(listed).sorted(), [], "names in the document's table that are not public types")
    }

    /// Public type declarations in a folder's Swift files, nested ones qualified (`StatusBar.Style`);
    /// a type nested in a `package` or internal one (or in an extension of one) is left out. Nesting
    /// is read from indentation, which the sources keep at four spaces a level.
    private static func publicTypes(inSwiftFilesUnder folder: URL) throws -> Set<String> {
        let declaration = try NSRegularExpression(pattern: #"^( *)(?:@\w+(?:\([^)]*\))? +)*(?:(public|open|package|internal|private|fileprivate) +)?"#
                                                  + #"(?:(?:final|indirect) +)*(struct|enum|class|protocol|typealias|actor|extension) +([\w.]+)"#)
        var declared: [(name: String, parent: String?, isPublic: Bool)] = []
        let files = FileManager.default.enumerator(atPath: folder.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        for file in files {
            var enclosing: [(indent: Int, name: String)] = []
            for line in try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(separator: "\n") {
                let text = String(line)
                guard let match = declaration.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { continue }
                func group(_ index: Int) -> String { Range(match.range(at: index), in: text).map { String(text[$0]) } ?? "" }
                let indent = group(1).count, access = group(2), kind = group(3), name = group(4)
                while let last = enclosing.last, last.indent >= indent { enclosing.removeLast() }
                let parent = enclosing.last?.name
                let qualified = kind == "extension" ? name : parent.map { "\($0).\(name)" } ?? name
                if kind != "extension" { declared.append((qualified, parent, access == "public" || access == "open")) }
                if kind != "typealias" { enclosing.append((indent, qualified)) }
            }
        }
        // Public top-level types, then public types inside public ones, until nothing is added.
        var visible: Set<String> = []
        while true {
            let more = declared.filter { $0.isPublic && !visible.contains($0.name) && ($0.parent.map(visible.contains) ?? true) }
            if more.isEmpty { return visible }
            visible.formUnion(more.map(\.name))
        }
    }

    /// Every listed type can be named by a consumer: a program outside the package that writes
    /// each name type-checks (a `package` type in the list, or one behind an unexported module,
    /// gives "cannot find … in scope").
    func testAConsumerNamesEveryPublicType() throws {
        let names = Self.publicTypes.values.joined().sorted().map { $0 == "GoldenStrategy" ? "GoldenStrategy<Int>" : $0 }
        let program = "import Flipbook\nimport FlipbookTesting\nlet _: [Any.Type] = [\n" + names.map { "    \($0).self,\n" }.joined() + "]\n"
        let result = try typecheck(program, flags: try consumerFlags())
        XCTAssertEqual(result.status, 0, String(result.output.prefix(2000)))
    }

    /// Type-checks one-line programs against the modules this test target was built with, with
    /// the flags SwiftPM used for it but outside the package (no `-package-name`): each internal
    /// name must be unknown to a consumer, and a control program that names public types must pass.
    func testAConsumerCannotSeeThePackagesInternals() throws {
        let flags = try consumerFlags()
        XCTAssertEqual(try typecheck("import Flipbook\nlet _ = RenderSettings(preset: .push)\nlet _: PNGEncodeOptions? = nil", flags: flags).status, 0,
                       "the control program must compile")
        for name in ["Canvas", "PixelMath", "JSONValue", "ImageStore", "FrameRasterizer", "InputFile", "OutputDirectory", "Typesetter", "Font",
                     "TextLayout", "Homography", "Timeline", "TransitionAnimator", "SequenceLock", "NavigationBar", "WaterfallLayout"] {
            let result = try typecheck("import Flipbook\nimport FlipbookTesting\nlet _ = \(name).self", flags: flags)
            XCTAssertNotEqual(result.status, 0, "\(name) is visible to a consumer")
            XCTAssertTrue(result.output.contains("cannot find '\(name)' in scope"), "\(name): \(result.output.prefix(400))")
        }
    }

    /// The compiler flags of this target's build (`.build/debug.yaml` or `release.yaml`, named
    /// like the products folder), minus the outputs, the sources and the package name.
    private func consumerFlags() throws -> (compiler: String, flags: [String]) {
        // The build description sits at the top of the scratch folder (`.build/debug.yaml`), above
        // the products folder this test runs from.
        var folder = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).deletingLastPathComponent()
        let description = folder.lastPathComponent + ".yaml"  // debug.yaml, release.yaml
        var text: String?
        for _ in 0..<4 where text == nil {
            text = try? String(contentsOf: folder.appendingPathComponent(description), encoding: .utf8)
            folder.deleteLastPathComponent()
        }
        guard let text else { throw XCTSkip("no build description (\(description)) above the test's products") }
        guard let key = text.range(of: #""C.FlipbookPublicAPITests-[^"]*\.module":"#, options: .regularExpression), let argsStart = text.range(of: "args: [", range: key.upperBound..<text.endIndex),
              let argsEnd = text.range(of: "]\n", range: argsStart.upperBound..<text.endIndex) else {
            throw XCTSkip("the build description has no compile command for FlipbookPublicAPITests")
        }
        let list = try JSONDecoder().decode([String].self, from: Data(("[" + text[argsStart.upperBound..<argsEnd.lowerBound] + "]").utf8))
        guard list.first?.hasSuffix("swiftc") == true else { throw XCTSkip("the module's command is not swiftc: \(list.first ?? "")") }
        var flags: [String] = [], index = 1  // [0] is swiftc
        let dropWithValue: Set = ["-module-name", "-emit-module-path", "-output-file-map", "-index-store-path", "-package-name", "-j", "-num-threads"]
        let drop: Set = ["-emit-dependencies", "-emit-module", "-incremental", "-enable-batch-mode", "-serialize-diagnostics", "-c",
                         "-parseable-output", "-parse-as-library", "-enable-testing", "-g",
                         "-whole-module-optimization"]
        while index < list.count {
            let arg = list[index]
            if arg == "-Xcc", index + 1 < list.count { flags += [arg, list[index + 1]]; index += 2; continue }  // clang's, kept whole
            if dropWithValue.contains(arg) { index += 2; continue }
            if drop.contains(arg) || arg.hasPrefix("@") || arg.hasPrefix("-j") { index += 1; continue }
            flags.append(arg); index += 1
        }
        return (list[0], flags)
    }

    private func typecheck(_ program: String, flags: (compiler: String, flags: [String])) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-consumer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("main.swift")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: flags.compiler)
        process.arguments = ["-typecheck", "-module-name", "Consumer"] + flags.flags + [source.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
