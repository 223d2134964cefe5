import Flipbook
import FlipbookCodecs
import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// `flipbook compare`: variants rendered together, photos decoded once, one sheet and video.
final class CompareTests: XCTestCase {
    /// Two spring variants of push @0.5x, 10 fps (8 frames each).
    func springVariants() -> [Comparison.Variant] {
        [0.5, 0.9].map { damping in
            var settings = RenderSettings.small(.push, select: 2)
            settings.scene.device.scale = 0.5
            settings.framesPerSecond = 10
            settings.timing = Timing(curve: .spring(dampingRatio: damping, initialVelocity: 1), durationSeconds: 0.7)
            return Comparison.Variant(label: "damping \(damping)", settings: settings)
        }
    }

    /// The pixels of `rect` (points) of an image drawn at `scale`.
    func crop(_ image: PremultipliedImage, _ rect: Rect, scale: Double) -> PremultipliedImage {
        let x0 = Int((rect.minX * scale).rounded()), y0 = Int((rect.minY * scale).rounded())
        let width = Int((rect.width * scale).rounded()), height = Int((rect.height * scale).rounded())
        var pixels: [UInt32] = []
        for y in y0..<(y0 + height) { pixels += image.pixels[(y * image.width + x0)..<(y * image.width + x0 + width)] }
        return PremultipliedImage(width: width, height: height, pixels: pixels)
    }

    /// The variants' photos are read within their jobs' limits, as `RenderJob` reads them (the
    /// comparison read them with the default limits, and every file twice).
    func testPhotosAreReadWithinTheJobsFileLimit() throws {
        // card-push reads its images when it draws them; an avatar, astronaut.png, is 791 555 bytes.
        var settings = RenderSettings.small(.cardPush, select: 1)
        settings.scene.device.scale = 0.5
        settings.framesPerSecond = 10
        XCTAssertNoThrow(try Comparison(variants: [Comparison.Variant(label: "card", settings: settings)]))
        settings.maxFileBytes = 300_000
        XCTAssertNoThrow(try RenderJob(settings: settings))
        XCTAssertThrowsError(try Comparison(variants: [Comparison.Variant(label: "card", settings: settings)])) { error in
            XCTAssertTrue("\(error)".contains(".png: cannot read the file: it is 0.8 MB, more than the 0.3 MB limit"), "\(error)")
        }
    }

    func testEachRowShowsItsVariantAtTheColumnsMoments() throws {
        let variants = springVariants()
        let comparison = try Comparison(variants: variants)
        XCTAssertEqual(comparison.columnTimes(count: 3), [0, 0.35, 0.7])
        let sheet = try comparison.renderSheet(columns: 3, threads: 2)
        let layout = comparison.sheetLayout(columns: 3)
        XCTAssertEqual(sheet.width, layout.widthPixels)
        XCTAssertEqual(sheet.height, layout.heightPixels)
        for (row, variant) in variants.enumerated() {
            // The reference: the same frame rendered alone, reduced to the thumbnail size.
            let alone = try RenderJob(settings: variant.settings)
            for (column, frameIndex) in [0, 4, 7].enumerated() {
                let frame = try alone.renderFrame(frameIndex)
                let size = layout.thumbnailSizes[row]
                var canvas = Canvas(widthPixels: size.width, heightPixels: size.height, scale: 1)
                canvas.draw(
                    ImagePyramid(frame), in: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)),
                    contentMode: .scaleToFill)
                let shown = crop(sheet, layout.thumbnailRect(row: row, column: column), scale: layout.scale)
                XCTAssertEqual(shown.pixels, canvas.image.pixels, "row \(row), column \(column) is frame \(frameIndex) of \(variant.label)")
            }
        }
        // Rows differ where the springs differ (column 1, 0.35 s), not where they agree (0 s).
        XCTAssertEqual(
            crop(sheet, layout.thumbnailRect(row: 0, column: 0), scale: layout.scale).pixels,
            crop(sheet, layout.thumbnailRect(row: 1, column: 0), scale: layout.scale).pixels)
        XCTAssertNotEqual(
            crop(sheet, layout.thumbnailRect(row: 0, column: 1), scale: layout.scale).pixels,
            crop(sheet, layout.thumbnailRect(row: 1, column: 1), scale: layout.scale).pixels)
        XCTAssertEqual(try comparison.renderSheet(columns: 3, threads: 1).pixels, sheet.pixels, "any thread count, same sheet")
    }

    func testAShorterVariantHoldsItsLastFrame() throws {
        var variants = springVariants()
        variants[0].settings.timing = Timing(curve: .bezier(.easeInEaseOut), durationSeconds: 0.3)
        let comparison = try Comparison(variants: variants)
        XCTAssertEqual(comparison.durationSeconds, 0.7, accuracy: 1e-12)
        XCTAssertEqual(comparison.frame(ofVariant: 0, atSeconds: 0.2).index, 2)
        XCTAssertEqual(comparison.frame(ofVariant: 0, atSeconds: 0.7).index, 3, "0.3 s at 10 fps ends at frame 3")
        XCTAssertEqual(comparison.frame(ofVariant: 1, atSeconds: 0.7).index, 7)
        XCTAssertEqual(comparison.videoFrameCount, 8)
    }

    func testTheVideoFramePutsTheVariantsSideBySide() throws {
        let variants = springVariants()
        let comparison = try Comparison(variants: variants)
        let size = comparison.videoSizePixels
        let pixels = variants[0].settings.scene.device.pixelSize // 188x334 @0.5x
        let second = comparison.videoFrameOrigin(variant: 1)
        XCTAssertEqual(comparison.videoFrameOrigin(variant: 0).x, 0)
        XCTAssertEqual(second.x, pixels.width + 4, "a 4-pixel gap at @0.5x")
        XCTAssertEqual(size.width, 2 * pixels.width + 4)
        XCTAssertEqual(size.height, pixels.height + second.y)
        let frame = comparison.videoFrame(3)
        for (row, variant) in variants.enumerated() {
            let alone = try RenderJob(settings: variant.settings).renderFrame(3)
            let origin = comparison.videoFrameOrigin(variant: row)
            let region = crop(
                frame, Rect(x: Double(origin.x), y: Double(origin.y), width: Double(pixels.width), height: Double(pixels.height)), scale: 1)
            XCTAssertEqual(region.pixels, alone.pixels, "variant \(row) is its frame, unscaled")
        }
    }

    func testTheCommandWritesOneSheet() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sheet = directory.appendingPathComponent("{preset}-curves.jpg").path
        let run = try runFlipbook([
            "compare", "fade-present", "--vary", "curve=linear,bezier:0.3,-0.5,0.7,1.6,easeIn",
            "--scale", "1", "--fps", "10", "--sheet-frames", "3", "--out", sheet, "--progress", "none"
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        let written = directory.appendingPathComponent("fade-present-curves.jpg").path
        XCTAssertEqual(run.stdout, "fade-present: 3 variants × 3 moments → \(written)\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["fade-present-curves.jpg"])
        let image = try ImageDecoder.decode(fileAtPath: written)
        XCTAssertGreaterThan(image.height, 3 * 166, "three rows of @1x thumbnails and a plot")

        let semicolons = try runFlipbook([
            "compare", "push", "--vary", "duration=0.4;0.8", "--vary", "device=se,x", "--scale", "1",
            "--fps", "5", "--sheet-frames", "2", "--out", written, "--progress", "none"
        ])
        XCTAssertEqual(semicolons.status, 0, semicolons.stderr)
        XCTAssertEqual(semicolons.stdout, "push: 4 variants × 2 moments → \(written)\n")
    }

    /// Spring notations have commas inside their parentheses: `--vary curve=` keeps each whole.
    func testVaryKeepsTheCommasOfASpringNotation() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sheet = directory.appendingPathComponent("springs.png").path
        let run = try runFlipbook([
            "compare", "fade-present", "--vary",
            "curve=spring(response: 0.5, dampingFraction: 0.8),spring(duration: 0.4, bounce: 0.2),bezier:0.3,-0.5,0.7,1.6",
            "--scale", "1", "--fps", "10", "--sheet-frames", "2", "--out", sheet, "--progress", "none"
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "fade-present: 3 variants × 2 moments → \(sheet)\n")
        // An unclosed parenthesis keeps the rest as one value, which --curve then refuses.
        let unclosed = try runFlipbook([
            "compare", "fade-present", "--vary", "curve=spring(response: 0.5, dampingFraction: 0.8,linear",
            "--scale", "1", "--out", sheet, "--progress", "none"
        ])
        XCTAssertNotEqual(unclosed.status, 0)
        XCTAssertTrue(unclosed.stderr.contains("spring(response: 0.5, dampingFraction: 0.8,linear"), unclosed.stderr)
    }

    func testCompareUsageErrors() throws {
        for (arguments, message) in [
            (["compare", "push"], "give --vary NAME=V1,V2,... (e.g. --vary damping=0.5,0.6,0.8)"),
            (
                ["compare", "push", "--vary", "dampin=0.5,0.6"],
                "--vary: 'dampin' is not an option a variant can change (curve, duration, damping, velocity, device, scale, fps, select, return, columns, scroll, manifest, cards, label-font, scene-fonts, appearance, era); did you mean 'damping'?"
            ),
            (["compare", "push", "--vary", "damping"], "--vary must be NAME=V1,V2,... (e.g. damping=0.5,0.6,0.8), not 'damping'"),
            (["compare", "push", "--vary", "damping=0.5,,0.6"], "--vary damping: every value must be non-empty, in 'damping=0.5,,0.6'"),
            (
                ["compare", "push", "--vary", "damping=0.5", "--vary", "damping=0.6"],
                "--vary damping is given twice; list every value in one --vary"
            ),
            (
                ["compare", "push", "--vary", "scroll=0,100"],
                "--scroll does not apply to push (only to present, dismiss, fade-present, fade-dismiss)"
            ),
            (
                ["compare", "push", "--vary", "damping=0.1,0.2,0.3,0.4,0.5", "--vary", "velocity=0,1,2,3,4"],
                "--vary makes 25 variants; at most 24 fit on a sheet"
            ),
            (["compare", "push", "--vary", "damping=0.5,2"], "--damping must be between 0 and 1, not 2"),
            (["compare", "push", "--vary", "damping=0.5", "--out", "x.tiff"], "--out must name a .png, .jpg or .jpeg file, not 'x.tiff'")
        ] {
            let run = try runFlipbook(arguments)
            XCTAssertEqual(run.status, 64, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.errorLines, ["error: " + message, "see 'flipbook help compare'"], "\(arguments)")
        }
    }

    /// The design loop is for your own transition: compare takes --transition FILE, and refuses
    /// a PRESET with it, as render does.
    func testTheCommandComparesATransitionFile() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sheet = directory.appendingPathComponent("{preset}-springs.png").path
        let run = try runFlipbook([
            "compare", "--transition", Package.path("Samples/transitions/card-expand.json"),
            "--vary", "damping=0.6,1", "--scale", "1", "--fps", "10", "--sheet-frames", "2",
            "--scene-fonts", Package.fixtureFonts, "--out", sheet, "--progress", "none"
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        let written = directory.appendingPathComponent("card-expand-springs.png").path
        XCTAssertEqual(run.stdout, "card-expand: 2 variants × 2 moments → \(written)\n")
        let image = try ImageDecoder.decode(fileAtPath: written)
        XCTAssertGreaterThan(image.height, 2 * 166, "two rows of @1x thumbnails and a plot")

        for (arguments, message) in [
            (
                ["compare", "push", "--transition", "sample:card-expand", "--vary", "damping=0.6,1"],
                "give a PRESET or --transition FILE, not both (unexpected argument 'push')"
            ),
            (["compare", "--vary", "damping=0.6,1"], "missing PRESET or --transition FILE (see `flipbook list`)"),
            // The sheet's label font under its new name and its old one: the same option.
            (
                ["compare", "push", "--vary", "label-font=a.ttf", "--vary", "font=b.ttf"],
                "--vary label-font is given twice; list every value in one --vary"
            ),
            (
                ["compare", "--transition", "sample:card-expand", "--vary", "select=1,2"],
                "--select does not apply to card-expand (only to presets; a transition file names its photos and layers itself)"
            )
        ] {
            let refused = try runFlipbook(arguments)
            XCTAssertEqual(refused.status, 64, "\(arguments): \(refused.stderr)")
            XCTAssertEqual(refused.errorLines, ["error: " + message, "see 'flipbook help compare'"], "\(arguments)")
        }
    }
}
