import Flipbook
import FlipbookFormats
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookScenes
import Foundation
import XCTest

/// The output contract (README, "Reading the output"): files, determinism across thread counts, atomic replacement.
final class RenderOutputTests: XCTestCase {
    func testThreadCountDoesNotChangeABit() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var settings = RenderSettings.small(.push, select: 2)
        settings.frameRange = 8...13
        var outputs: [[String: Data]] = []
        for threads in [1, 2] {
            settings.threads = threads
            let out = directory.appendingPathComponent("t\(threads)").path
            let summary = try RenderJob(settings: settings).write(to: out)
            XCTAssertEqual(summary.framesWritten, 6)
            let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
            XCTAssertEqual(names, (8...13).map { String(format: "frame_%04d.png", $0) } + ["timeline.json"])
            outputs.append(
                Dictionary(
                    uniqueKeysWithValues: try names.map {
                        ($0, try Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent($0)))
                    }))
        }
        XCTAssertEqual(outputs[0], outputs[1], "--threads 1 and --threads 2 must write byte-identical files")
    }

    func testTimelineJSON() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var settings = RenderSettings.small(.pop)
        settings.frameRange = 0...0
        try RenderJob(settings: settings).write(to: directory.path + "/pop")
        let data = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/pop/timeline.json"))
        let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        XCTAssertEqual(json["fps"] as? Double, 60)
        XCTAssertEqual(json["duration"] as? Double, 0.7)
        XCTAssertEqual(json["frameCount"] as? Int, 43)
        let curve = json["curve"] as! [String: Any]
        XCTAssertEqual(curve["curve"] as? String, "spring")
        XCTAssertEqual(curve["dampingRatio"] as? Double, 0.6)
        XCTAssertEqual(curve["omega0"] as! Double, 15.491059, accuracy: 1e-6)
        let frames = json["frames"] as! [[String: Any]]
        XCTAssertEqual(frames.count, 43, "the timeline always describes the whole sequence, also for a shard")
        XCTAssertEqual(frames[42]["progress"] as? Double, 1)
        XCTAssertEqual(frames[15]["time"] as! Double, 0.25, accuracy: 1e-15)
    }

    func testAFailedRunLeavesThePreviousOutputIntact() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("push").path
        var settings = RenderSettings.small(.push)
        settings.frameRange = 0...1
        try RenderJob(settings: settings).write(to: out)
        let before = try FileManager.default.contentsOfDirectory(atPath: out).sorted()

        // A manifest whose photo is not an image: the run fails before touching the output.
        let manifest = directory.appendingPathComponent("broken.json")
        try "not an image".write(to: directory.appendingPathComponent("photo.jpg"), atomically: true, encoding: .utf8)
        try #"{"content": [{"url": "photo.jpg", "width": 4, "height": 3}]}"#.write(to: manifest, atomically: true, encoding: .utf8)
        settings.manifestPath = manifest.path
        XCTAssertThrowsError(try RenderJob(settings: settings).write(to: out)) { error in
            XCTAssertTrue("\(error)".contains("photo.jpg"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".push") }
        XCTAssertEqual(leftovers, [], "no temporary folders are left behind")
    }

    func testRefusesToReplaceADirectoryWithOtherFiles() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let precious = directory.appendingPathComponent("notes.txt")
        try "keep me".write(to: precious, atomically: true, encoding: .utf8)
        var settings = RenderSettings.small(.push)
        settings.frameRange = 0...0
        XCTAssertThrowsError(try RenderJob(settings: settings).write(to: directory.path)) { error in
            XCTAssertEqual(
                "\(error)",
                "\(directory.path): cannot write the output: exists and holds 'notes.txt', which flipbook "
                    + "did not write; name a new or empty directory, or one that holds only a previous render")
        }
        XCTAssertEqual(try String(contentsOf: precious, encoding: .utf8), "keep me")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["notes.txt"])
    }
}
