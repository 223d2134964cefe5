import FlipbookFormats
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookScenes
import FlipbookTesting
import Foundation
import XCTest

@testable import Flipbook
@testable import FlipbookOutput
@testable import FlipbookRender

/// Transition files end to end: every preset exported to a file renders the preset's frames,
/// the sample transitions render, and a bad file fails before anything is written.
final class TransitionFileRenderTests: XCTestCase {
    static let presets = TestScenes.everyPreset

    /// A display list's JSON with every image path made absolute and standardised (an exported
    /// file names images relative to itself; reading it back resolves them).
    func normalised(_ list: DisplayList) -> String {
        var copy = list
        copy.ops = copy.ops.map {
            RenderJob.renamingSources(
                $0,
                Dictionary(
                    uniqueKeysWithValues: DisplayList.imageSources(in: list.ops).map {
                        ($0, (URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path))
                    }))
        }
        return copy.json
    }

    func testEveryPresetExportedToAFileRendersByteIdenticalFrames() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (preset, select, returnIndex) in Self.presets {
            let presetJob = try RenderJob(settings: .small(preset, select: select, returnIndex: returnIndex))
            let file = directory.appendingPathComponent("\(preset.rawValue).json").path
            try TransitionFile.json(for: presetJob.transition, relativeTo: directory.path).write(
                toFile: file, atomically: true, encoding: .utf8)
            var settings = RenderSettings(transitionFile: file)
            settings.labelFontPath = Package.fixtureFont
            settings.sceneFontDirectory = Package.fixtureFonts
            let fileJob = try RenderJob(settings: settings)
            XCTAssertEqual(fileJob.sequence, presetJob.sequence, "\(preset)")
            // The same screen (an exported @1x iPhone 8 is written as sizes: it is not the named device).
            XCTAssertEqual(fileJob.device.sizePoints, presetJob.device.sizePoints, "\(preset)")
            XCTAssertEqual(fileJob.device.scale, presetJob.device.scale, "\(preset)")
            XCTAssertEqual(fileJob.device.topBarHeightPoints, presetJob.device.topBarHeightPoints, "\(preset)")
            for sample in presetJob.sequence {
                XCTAssertEqual(
                    normalised(fileJob.displayList(frame: sample)), normalised(presetJob.displayList(frame: sample)),
                    "\(preset) frame \(sample.index)")
            }
            // Pixels of the first, a middle and the last frame, byte for byte.
            let last = presetJob.sequence.count - 1
            let frames = [0, last / 2, last]
            XCTAssertEqual(try fileJob.renderFrames(frames), try presetJob.renderFrames(frames), "\(preset)")
        }
    }

    func testExportTransitionAndRenderTransitionFromTheCommandLine() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("exported/pop.json").path
        let export = try runFlipbook(["export-transition", "pop", "--select", "3", "--return", "9", "--scale", "1", "--out", file])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertTrue(export.stdout.hasPrefix("pop: "), export.stdout)
        // The bundled photos by name, never a path into the install (or build) folder.
        let exported = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(exported.contains(#""image": "sample:"#), String(exported.prefix(600)))
        XCTAssertFalse(exported.contains(".resources"), "no path into the samples bundle")
        XCTAssertFalse(exported.contains("Samples/photos"), "no path into the source tree")
        XCTAssertFalse(exported.contains("// scale"), "at @1x a hairline is a whole point: nothing to say")
        // At @2x the bar's hairline is 0.5 pt, one pixel only there: the file and the command say so.
        let retina = directory.appendingPathComponent("pop@2x.json").path
        let export2x = try runFlipbook(["export-transition", "pop", "--select", "3", "--out", retina])
        XCTAssertEqual(export2x.status, 0, export2x.stderr)
        XCTAssertTrue(export2x.stderr.hasPrefix("note: exported at @2x: "), export2x.stderr)
        let retinaText = try String(contentsOfFile: retina, encoding: .utf8)
        XCTAssertTrue(retinaText.contains(#""// scale": "exported at @2x: "#), String(retinaText.prefix(400)))
        XCTAssertTrue(retinaText.contains("bar hairline"), String(retinaText.prefix(400)))
        let fromPreset = directory.appendingPathComponent("a").path, fromFile = directory.appendingPathComponent("b").path
        let font = Package.fixtureFont
        let a = try runFlipbook([
            "render", "pop", "--select", "3", "--return", "9", "--scale", "1", "--frames", "0-2", "--font", font, "--out", fromPreset
        ])
        let b = try runFlipbook(["render", "--transition", file, "--frames", "0-2", "--font", font, "--out", fromFile])
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(b.status, 0, b.stderr)
        for name in ["frame_0000.png", "frame_0001.png", "frame_0002.png"] {
            XCTAssertEqual(
                FileManager.default.contents(atPath: fromPreset + "/" + name), FileManager.default.contents(atPath: fromFile + "/" + name),
                name)
        }
        let inspect = try runFlipbook(["inspect", "--transition", file, "--frame", "1"])
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        XCTAssertTrue(inspect.stdout.contains("\"frame\": 1"), inspect.stdout)
        // A preset name and a file at once, and preset-only options, are usage mistakes.
        XCTAssertEqual(try runFlipbook(["render", "push", "--transition", file]).status, 64)
        let select = try runFlipbook(["render", "--transition", file, "--select", "2"])
        XCTAssertEqual(select.status, 64)
        XCTAssertTrue(select.stderr.hasPrefix("error: --select does not apply to pop"), select.stderr)
    }

    func testABadTransitionFileFailsBeforeWritingAndKeepsThePreviousOutput() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out").path
        let good = directory.appendingPathComponent("good.json").path
        try
            #"{"device": {"width": 100, "height": 100, "scale": 1}, "layers": [{"name": "a", "frame": [0, 0, 50, 50], "backgroundColor": "red"}], "animations": [{"target": "a", "to": {"opacity": 0}}]}"#
            .write(toFile: good, atomically: true, encoding: .utf8)
        let first = try runFlipbook(["render", "--transition", good, "--fps", "10", "--out", out])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.hasPrefix("good: 4 frames, 100x100 px"), first.stdout)
        let before = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        let bad = directory.appendingPathComponent("bad.json").path
        try #"{"layers": [{"name": "a", "frame": [0, 0, 50, 50]}], "animations": [{"target": "a", "to": {"frame": [0, 0, 10]}}]}"#
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let failed = try runFlipbook(["render", "--transition", bad, "--out", out])
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.stderr, "error: \(bad): $.animations[0].to.frame: expected 4 numbers [x, y, width, height], got 3\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), before)
        let missingImage = directory.appendingPathComponent("image.json").path
        try #"{"layers": [{"name": "a", "frame": [0, 0, 50, 50], "image": "nope.png"}]}"#.write(
            toFile: missingImage, atomically: true, encoding: .utf8)
        let imageRun = try runFlipbook(["render", "--transition", missingImage, "--out", out])
        XCTAssertEqual(imageRun.status, 1)
        XCTAssertTrue(imageRun.stderr.hasPrefix("error: \(missingImage): $.layers[0].image: "), imageRun.stderr)
        XCTAssertTrue(imageRun.stderr.contains(directory.appendingPathComponent("nope.png").path), imageRun.stderr)
    }

    /// Each sample transition renders; its middle frame is a golden (@1x), and the display lists
    /// show what the sample is about.
    func testTheSampleTransitionsRender() throws {
        let files = Samples.transitions
        XCTAssertEqual(
            files.map { ($0 as NSString).lastPathComponent },
            [
                "app-store-card.json", "blur-modal.json", "bottom-sheet-dismiss.json", "bottom-sheet.json", "card-expand.json",
                "card-flip.json", "cross-dissolve-scale.json",
                "fit-every-screen.json", "keyframes.json", "shared-element.json", "slide-over.json", "swipe-back.json"
            ])
        for file in files {
            // The file's device at @1x (as `--scale 1` does), so the goldens stay small.
            let job = try RenderJob(settings: .transitionFile(file, scale: 1))
            let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            assertGolden(of: try job.renderFrame(job.sequence.count / 2), as: .image, named: "\(name)-middle")
        }
    }

    func testSampleTransitionGeometry() throws {
        func job(_ name: String) throws -> RenderJob {
            var settings = RenderSettings(transitionFile: Samples.path("transitions/\(name).json"))
            settings.labelFontPath = Package.fixtureFont
            settings.sceneFontDirectory = Package.fixtureFonts
            return try RenderJob(settings: settings)
        }
        func lastOps(_ job: RenderJob) -> String { job.displayList(frame: job.sequence.last!).json }
        // The card ends full screen with square corners: its image is drawn clipped to the
        // screen with no corner radius.
        let card = try job("card-expand")
        let final = card.displayList(frame: card.sequence.last!)
        let cardImage = final.ops.compactMap { op -> Clip? in
            if case let .image(_, _, _, _, clip) = op { return clip }
            return nil
        }
        XCTAssertEqual(cardImage.last?.cornerRadius ?? 0, 0)
        let first = card.displayList(frame: card.sequence[0])
        XCTAssertTrue(first.json.contains("\"cornerRadius\": 16"), "the card starts with 16 pt corners")
        // Slide-over: the old screen moves a third as far as the new one (UINavigationController's
        // parallax), and is hidden at the end.
        let slide = try job("slide-over")
        let animator = try TransitionAnimator(slide.transition)
        func layer(_ name: String, in root: Layer) -> Layer? {
            if root.name == name { return root }
            return root.sublayers.lazy.compactMap { layer(name, in: $0) }.first
        }
        for t in [0.05, 0.1, 0.25, 0.4] {
            let window = animator.window(atSeconds: t, isFinal: false)
            let new = try XCTUnwrap(layer("new screen", in: window)).frame.x, old = try XCTUnwrap(layer("old screen", in: window)).frame.x
            XCTAssertEqual(old, -(375 - new) / 3, accuracy: 1e-9, "t = \(t)")
            XCTAssertGreaterThan(new, 0)
        }
        let end = animator.window(atSeconds: 0.5, isFinal: true)
        XCTAssertEqual(layer("new screen", in: end)?.frame.x, 0)
        XCTAssertEqual(layer("old screen", in: end)?.isHidden, true)
        XCTAssertFalse(lastOps(slide).contains("\"rect\": [-125"), "the old screen is not drawn at completion")
    }
}
