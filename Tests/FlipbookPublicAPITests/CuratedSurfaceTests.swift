import Foundation
import XCTest
import Flipbook
import FlipbookTesting

/// What a package that depends on Flipbook sees: every type a public property or thrown error
/// exposes can be named with `import Flipbook` (and `FlipbookTesting`) alone, and what the
/// package's own modules share among themselves cannot.
final class CuratedSurfaceTests: XCTestCase {
    /// Compiles as a consumer's code would: these are types that settings, results and errors
    /// expose, so a consumer must be able to write their names (to set an option, to catch an error).
    func testAConsumerNamesWhatTheAPIExposes() {
        let exposed: [Any.Type] = [
            RenderSettings.self, RenderJob.self, RenderError.self, Transition.self, Layer.self, Animation.self,
            LayerPatch.self, Timing.self, TimingCurve.self, Spring.self, CubicBezier.self, Gesture.self, Device.self,
            TransitionPreset.self, SceneOptions.self, SceneError.self, TransitionFile.self, TransitionFileError.self,
            ManifestError.self, StraightColor.self, PremultipliedImage.self, ContentMode.self, Point.self, Size.self,
            Rect.self, Transform2D.self, DisplayList.self, PNGEncodeOptions.self, PNGWriter.self, DecodeLimits.self,
            CodecError.self, FileError.self, ImageFileNameError.self, ImageComparison.self, Samples.self,
        ]
        XCTAssertEqual(exposed.count, 35)
    }

    /// Type-checks one-line programs against the modules this test target was built with, with
    /// the flags SwiftPM used for it but outside the package (no `-package-name`): each internal
    /// name must be unknown to a consumer, and a control program that names public types must pass.
    func testAConsumerCannotSeeThePackagesInternals() throws {
        let flags = try consumerFlags()
        XCTAssertEqual(try typecheck("import Flipbook\nlet _ = RenderSettings(preset: .push)\nlet _: PNGEncodeOptions? = nil", flags: flags).status, 0,
                       "the control program must compile")
        for name in ["Canvas", "PixelMath", "JSONValue", "ImageStore", "FrameRasterizer", "InputFile", "OutputDirectory"] {
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
