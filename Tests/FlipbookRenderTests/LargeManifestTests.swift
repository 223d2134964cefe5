import FlipbookCodecs
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import FlipbookText
import Foundation
import XCTest

@testable import Flipbook
@testable import FlipbookOutput
@testable import FlipbookRender

/// Large manifests: only the photos a sequence draws are opened when the manifest gives sizes;
/// text groups composite only where their glyphs are; frame files are written off the workers.
final class LargeManifestTests: XCTestCase {
    /// A manifest of `count` entries cycling through the sample photos (absolute paths, the
    /// sample's sizes), with `replace` entries swapped for other JSON objects.
    private func manifest(count: Int, in directory: URL, replace: [Int: String] = [:]) throws -> String {
        let sample = try PhotoManifest(contentsOf: Package.samplesManifest)
        let entries = (0..<count).map { index -> String in
            if let entry = replace[index] { return entry }
            let photo = sample.photos[index % sample.photos.count]
            return
                "{\"url\": \"\(photo.path)\", \"width\": \(Int(photo.declaredSize!.width)), \"height\": \(Int(photo.declaredSize!.height))}"
        }
        let path = directory.appendingPathComponent("photos.json").path
        try ("{\"content\": [" + entries.joined(separator: ",\n") + "]}").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testPhotosNoFrameDrawsAreNotOpened() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.jpg").path
        let square = directory.appendingPathComponent("square.png").path // a file no other entry names
        try FileManager.default.copyItem(atPath: Package.path("Samples/photos/retina.png"), toPath: square)
        // Entry 150 does not exist and 160 declares the wrong shape; both are far below the first screen.
        let path = try manifest(
            count: 200, in: directory,
            replace: [
                150: "{\"url\": \"\(missing)\", \"width\": 100, \"height\": 100}",
                160: "{\"url\": \"\(square)\", \"width\": 300, \"height\": 100}"
            ])
        XCTAssertThrowsError(try PhotoLibrary(manifestPath: path)) { error in
            XCTAssertEqual("\(error)", "\(path): $.content[150].url: \(missing): cannot read the file: No such file or directory")
        }
        let library = try PhotoLibrary(manifestPath: path, reading: .undeclaredSizesOnly)
        XCTAssertEqual(library.photos.count, 200)
        XCTAssertTrue(library.headers.isEmpty, "every size is declared: no file opened")

        var settings = RenderSettings.small(.push, select: 3)
        settings.manifestPath = path
        settings.frameRange = 0...0
        let job = try RenderJob(settings: settings)
        XCTAssertEqual(job.warnings, [])
        XCTAssertFalse(job.imageHeaders.keys.contains(missing))
        XCTAssertLessThan(job.imageHeaders.count, 20, "only the photos on screen")
        XCTAssertEqual(try job.renderFrame(0).width, 375)
    }

    func testADrawnPhotoIsCheckedBeforeAnyFrame() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.jpg").path
        let retina = Package.path("Samples/photos/retina.png")
        var settings = RenderSettings.small(.push, select: 3)
        // Entry 1 is on the first screen and missing.
        settings.manifestPath = try manifest(
            count: 50, in: directory, replace: [1: "{\"url\": \"\(missing)\", \"width\": 590, \"height\": 765}"])
        XCTAssertThrowsError(try RenderJob(settings: settings)) { error in
            XCTAssertEqual(
                "\(error)", "\(settings.manifestPath): $.content[1].url: \(missing): cannot read the file: No such file or directory")
        }
        // Entry 2 is on screen and declares a shape its file does not have: a warning naming it.
        settings.manifestPath = try manifest(
            count: 50, in: directory, replace: [2: "{\"url\": \"\(retina)\", \"width\": 600, \"height\": 400}"])
        let job = try RenderJob(settings: settings)
        XCTAssertEqual(
            job.warnings,
            [
                "\(settings.manifestPath): $.content[2] declares 600x400 but \(retina) is 1000x1000 (aspect 1.500 vs 1.000); "
                    + "the grid uses the declared size, the photo is drawn with its own"
            ])
    }

    /// A group of text ops composites only around its glyphs, with exactly the pixels of a
    /// whole-canvas group.
    func testTextGroupBoundsChangeNoPixel() throws {
        let typesetter = Typesetter(fonts: try FontCollection(directory: Package.fixtureFonts))
        let rasterizer = FrameRasterizer(images: try ImageStore(sources: [], threads: 1))
        let style = TextStyle(sizePoints: 17)
        let texts: [DisplayOp] = [
            .text(typesetter.layout("4 of 16", style: style), origin: Point(x: 157.68, y: 31.53), color: .black, opacity: 1, clip: nil),
            .text(
                typesetter.layout("‹ Photos", style: style), origin: Point(x: 8, y: 31.53),
                color: StraightColor(red: 0, green: 0.478, blue: 1), opacity: 1, clip: nil)
        ]
        let background = PremultipliedPixel(red: 248, green: 248, blue: 248, alpha: 255)
        for scale in [1.0, 2, 3] {
            var direct = Canvas(widthPixels: Int(375 * scale), heightPixels: Int(64 * scale), scale: scale, background: background)
            rasterizer.draw([.group(opacity: 0.4, ops: texts)], on: &direct)
            var whole = Canvas(widthPixels: Int(375 * scale), heightPixels: Int(64 * scale), scale: scale, background: background)
            whole.drawGroup(opacity: 0.4, bounds: nil) { rasterizer.draw(texts, on: &$0) }
            XCTAssertEqual(direct.image, whole.image, "scale \(scale)")
        }
        // Each glyph's origin widened by the size (17 pt) left and right, 2 sizes up, 1 down:
        // baselines at 31.53 + 16.47 (Inter's 0.969 em ascender) = 48.
        let bounds = try XCTUnwrap(FrameRasterizer.bounds(of: texts) { FrameRasterizer.textBounds($0) })
        XCTAssertEqual(bounds.minY, 48 - 34, accuracy: 0.02)
        XCTAssertEqual(bounds.maxY, 48 + 17, accuracy: 0.02)
        XCTAssertEqual(bounds.minX, 8 - 17, accuracy: 0.02)
        XCTAssertGreaterThan(bounds.maxX, 157.68 + 50 + 17)
        XCTAssertLessThan(bounds.maxX, 157.68 + 70 + 17)
    }

    /// A frame file that cannot be created fails the run with the file's name.
    func testFrameFileErrorsReachTheCaller() throws {
        let writer = FrameFileWriter(options: PNGEncodeOptions())
        let image = PremultipliedImage(width: 2, height: 2, fill: PremultipliedPixel(red: 0, green: 0, blue: 0, alpha: 255))
        try writer.write(image, to: "/nonexistent-flipbook-folder/frame_0000.png", reportingAs: "out/frame_0000.png")
        XCTAssertThrowsError(try writer.finish()) { error in
            XCTAssertTrue("\(error)".contains("out/frame_0000.png"), "\(error)")
        }
        // Later frames fail at once rather than queueing behind the failure.
        XCTAssertThrowsError(try writer.write(image, to: "/nonexistent-flipbook-folder/frame_0001.png", reportingAs: "out/frame_0001.png"))
    }
}
