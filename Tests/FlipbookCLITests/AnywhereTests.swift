import Flipbook
import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// The bundled samples are found wherever flipbook runs: from another directory, installed the
/// way scripts/install lays it out, and through the library (`Samples.photos`).
final class AnywhereTests: XCTestCase {
    func testTheLibraryOffersTheSamples() throws {
        XCTAssertTrue(Samples.isAvailable)
        XCTAssertNil(Samples.missingDescription)
        XCTAssertTrue(Samples.photos.hasSuffix("/photos.json"), Samples.photos)
        XCTAssertTrue(FileManager.default.fileExists(atPath: Samples.photos))
        XCTAssertTrue(FileManager.default.fileExists(atPath: Samples.cards))
        XCTAssertTrue(FileManager.default.fileExists(atPath: Samples.path("photos/raccoon.jpg")))
        XCTAssertTrue(FileManager.default.fileExists(atPath: Samples.path("photos/SOURCE.md")), "the licences travel with the photos")
        XCTAssertEqual(RenderSettings(preset: .push).manifestPath, Samples.photos)
        XCTAssertEqual(RenderSettings(preset: .cardPush).scene.cardsManifestPath, Samples.cards)
        XCTAssertEqual(Samples.transitions, Samples.files(in: "transitions", withExtension: "json"))
        // The default settings render with no path set, whatever the current directory.
        let job = try RenderJob(settings: RenderSettings(preset: .cardPop))
        XCTAssertEqual(job.sequence.count, 31)
    }

    func testRendersFromAnotherDirectoryWithNoOptions() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try runFlipbook(["render", "card-push", "--scale", "1", "--frames", "0-0", "--progress", "none"], in: directory)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("Output/card-push/frame_0000.png").path))
        let inspect = try runFlipbook(["inspect", "push", "--frame", "0"], in: directory)
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
    }

    /// scripts/install's layout: PREFIX/lib/flipbook/{flipbook, bundle}, PREFIX/bin/flipbook a
    /// relative symlink. The installed binary reads the samples from the bundle beside it.
    func testAnInstalledBinaryFindsTheBundleBesideIt() throws {
        let bundleName = "Flipbook_FlipbookSamples.resources"
        let built = flipbookExecutable.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: built.appendingPathComponent(bundleName).path) else {
            throw XCTSkip("no \(bundleName) beside \(flipbookExecutable.path)")
        }
        let prefix = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let lib = prefix.appendingPathComponent("lib/flipbook"), bin = prefix.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: flipbookExecutable, to: lib.appendingPathComponent("flipbook"))
        try FileManager.default.copyItem(at: built.appendingPathComponent(bundleName), to: lib.appendingPathComponent(bundleName))
        try FileManager.default.createSymbolicLink(
            atPath: bin.appendingPathComponent("flipbook").path,
            withDestinationPath: "../lib/flipbook/flipbook")
        let elsewhere = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let run = try runFlipbook(
            ["inspect", "card-push", "--frame", "0"], in: elsewhere, environment: ["FLIPBOOK_SAMPLES": nil],
            executable: bin.appendingPathComponent("flipbook"))
        XCTAssertEqual(run.status, 0, run.stderr)
        let bundle = lib.appendingPathComponent(bundleName).resolvingSymlinksInPath().path
        XCTAssertTrue(
            run.stdout.contains("\"source\": \"\(bundle)/photos/"), "sources come from the installed bundle: \(run.stdout.prefix(400))")
    }

    func testFlipbookSamplesOverridesTheBundle() throws {
        let samples = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: samples) }
        try FileManager.default.createDirectory(at: samples.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Package.path("Samples/photos/camera.png"), toPath: samples.appendingPathComponent("photos/camera.png").path)
        try #"{"content": [{"url": "photos/camera.png"}, {"url": "photos/camera.png"}]}"#
            .write(to: samples.appendingPathComponent("photos.json"), atomically: true, encoding: .utf8)
        let run = try runFlipbook(["inspect", "push", "--frame", "0"], in: samples, environment: ["FLIPBOOK_SAMPLES": samples.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("\(samples.path)/photos/camera.png"), String(run.stdout.prefix(400)))
    }

    #if DEBUG
        /// The note comes before the work, so a render that then fails at once still shows it.
        func testADebugBuildSaysSoBeforeALongRender() throws {
            let directory = temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("not-a-folder")
            try Data("x".utf8).write(to: file)
            let long = try runFlipbook(["render", "push", "--out", file.path])
            XCTAssertEqual(long.status, 1)
            XCTAssertEqual(long.errorLines.count, 2, long.stderr)
            XCTAssertTrue(
                long.errorLines[0].hasPrefix("note: this flipbook is a debug build, about 40× slower than a release build"), long.stderr)
            XCTAssertTrue(long.errorLines[1].hasPrefix("error: \(file.path): cannot write the output"), long.stderr)
            let short = try runFlipbook(["render", "push", "--scale", "1", "--frames", "0-3", "--out", file.path])
            XCTAssertEqual(short.errorLines.count, 1, "4 frames @1x are quick even in a debug build: \(short.stderr)")
        }
    #endif
}
