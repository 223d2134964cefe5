import Flipbook
import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// `sample:NAME`: every option naming a file to read takes a bundled sample by name, from any
/// folder; `flipbook samples` lists them.
final class SampleReferenceTests: XCTestCase {
    func testTheLibraryResolvesSampleNames() throws {
        XCTAssertEqual(Samples.resolve("sample:card-expand"), Samples.path("transitions/card-expand.json"))
        XCTAssertEqual(Samples.resolve("sample:half-swipe-cancel"), Samples.path("gestures/half-swipe-cancel.json"))
        XCTAssertEqual(Samples.resolve("sample:photos"), Samples.path("photos.json"))
        XCTAssertEqual(Samples.resolve("sample:cards-i18n"), Samples.path("cards-i18n.json"))
        XCTAssertEqual(Samples.resolve("sample:raccoon"), Samples.path("photos/raccoon.jpg"))
        XCTAssertEqual(Samples.resolve("sample:photos/retina.png"), Samples.path("photos/retina.png"))
        XCTAssertEqual(Samples.resolve("relative/file.json"), "relative/file.json", "other text is a path as it is")
        XCTAssertNil(Samples.resolve("sample:nothing"))
        XCTAssertNil(Samples.resolve("sample:../Package.swift"), "never outside the samples folder")
        XCTAssertNil(Samples.resolve("sample:photos" + "/"), "a folder is no sample")
        XCTAssertEqual(Samples.reference(forPath: Samples.path("photos/raccoon.jpg")), "sample:raccoon")
        XCTAssertNil(Samples.reference(forPath: Package.path("Package.swift")))
        let names = Samples.all.map(\.name)
        XCTAssertEqual(Set(names).count, names.count, "every name names one file")
        XCTAssertEqual(Samples.all.filter { $0.kind == "transition" }.count, Samples.transitions.count)
    }

    func testEveryFileOptionTakesASampleFromAnotherFolder() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for arguments in [
            ["render", "--transition", "sample:card-expand", "--scale", "1", "--frames", "0-0"],
            ["render", "pop", "--select", "3", "--gesture", "sample:half-swipe-cancel", "--scale", "1", "--frames", "0-0"],
            ["render", "card-push", "--cards", "sample:cards-i18n", "--scale", "1", "--frames", "0-0"],
            ["render", "push", "--manifest", "sample:photos", "--scale", "1", "--frames", "0-0"],
            ["inspect", "--transition", "sample:keyframes", "--frame", "0"]
        ] {
            let run = try runFlipbook(
                arguments + ["--fonts", Package.fixtureFonts] + (arguments[0] == "render" ? ["--progress", "none"] : []),
                in: directory)
            XCTAssertEqual(run.status, 0, "\(arguments): \(run.stderr)")
        }
        let unknown = try runFlipbook(["render", "--transition", "sample:card-expnd"], in: directory)
        XCTAssertEqual(unknown.status, 64)
        XCTAssertEqual(
            unknown.errorLines.first,
            "error: --transition: no bundled sample is named 'card-expnd' (`flipbook samples` lists them); did you mean 'card-expand'?")
    }

    func testTheSamplesCommandListsThem() throws {
        let run = try runFlipbook(["samples"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        XCTAssertEqual(lines.count, Samples.all.count)
        for name in ["card-expand", "half-swipe-cancel", "photos", "cards-i18n", "raccoon"] {
            XCTAssertTrue(lines.contains { $0.first == "sample:" + name }, name)
        }
        XCTAssertTrue(lines.contains(["sample:card-expand", "transition"]))
        XCTAssertTrue(lines.contains(["sample:photos", "photo", "manifest"]))
        let paths = try runFlipbook(["samples", "--paths"])
        XCTAssertTrue(paths.stdout.contains(Samples.path("gestures/full-swipe.json")), paths.stdout)
    }

    func testATransitionFileNamesSamplePhotos() throws {
        let json = #"{"manifest": "sample:photos", "layers": [{"name": "a", "frame": [0, 0, 10, 10], "image": "sample:raccoon"}]}"#
        let file = try TransitionFile(data: Data(json.utf8), path: "/nowhere/t.json")
        XCTAssertEqual(file.manifestPath, Samples.photos)
        let transition = try file.transition(photos: [], options: SceneOptions())
        XCTAssertEqual(transition.window.sublayers[0].imageSource, Samples.path("photos/raccoon.jpg"))
        XCTAssertThrowsError(
            try TransitionFile(
                data: Data(#"{"layers": [{"name": "a", "frame": [0, 0, 1, 1], "image": "sample:racoon"}]}"#.utf8),
                path: "t.json"
            ).transition(photos: [], options: SceneOptions())
        ) { error in
            XCTAssertEqual(
                "\(error)",
                #"t.json: $.layers[0].image: no bundled sample is named "racoon" (`flipbook samples` lists them) (did you mean "raccoon"?)"#
            )
        }
    }
}
