import FlipbookPipelineTestSupport
import Foundation
import Synchronization
import XCTest

@testable import Flipbook
@testable import FlipbookOutput
@testable import FlipbookRender

/// `flipbook render --watch`: a save renders again, a bad save prints its error and keeps the
/// last good output, and the loop goes on.
final class RenderWatchTests: XCTestCase {
    /// Collects a pipe's output on its own thread.
    final class Collected: Sendable {
        private let data = Mutex(Data())
        var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }
        init(_ pipe: Pipe) {
            DispatchQueue.global().async {
                while true {
                    let chunk = pipe.fileHandleForReading.availableData
                    if chunk.isEmpty { return }
                    self.data.withLock { $0.append(chunk) }
                }
            }
        }
    }

    /// Waits (at most 120 s) until `condition` holds.
    func wait(_ what: String, until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(120)
        while !condition() {
            guard Date() < deadline else { return XCTFail("timed out waiting for \(what)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    func transition(seconds: Double) -> String {
        #"{"name": "w", "layers": [], "timing": {"curve": "linear", "duration": \#(seconds)}}"#
    }

    func testASaveRendersAgainAndABadSaveKeepsTheOutputAndWatching() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("t.json").path, out = directory.appendingPathComponent("out").path
        try transition(seconds: 0.1).write(toFile: file, atomically: true, encoding: .utf8)
        let process = try startFlipbook(
            [
                "render", "--transition", file, "--fps", "10", "--scale", "1", "--out", out,
                "--progress", "none", "--watch"
            ], environment: ["FLIPBOOK_WATCH_ROUNDS": "3"])
        let stdout = Collected(process.standardOutput as! Pipe), stderr = Collected(process.standardError as! Pipe)
        defer { if process.isRunning { process.terminate() } }
        func frames() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter { $0.hasSuffix(".png") } }

        // 0.1 s at 10 fps: frames 0 and 1.
        wait("round 1") { stdout.text.contains("\n") && stderr.text.contains("watching 1 file") }
        XCTAssertTrue(stdout.text.hasPrefix("w: 2 frames, 375x667 px, "), stdout.text)
        XCTAssertEqual(frames().count, 2)

        try #"{"name": "w", bad"#.write(toFile: file, atomically: false, encoding: .utf8)
        wait("round 2's error") { stderr.text.contains("error: ") }
        XCTAssertTrue(stderr.text.contains("error: \(file): not valid JSON: line 1, column 15"), stderr.text)
        XCTAssertEqual(frames().count, 2, "a failed round leaves the last output as it was")
        XCTAssertTrue(process.isRunning, "a bad save does not end the watch")

        // 0.3 s: frames 0-3.
        try transition(seconds: 0.3).write(toFile: file, atomically: false, encoding: .utf8)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, stderr.text)
        wait("the output's end") { stdout.text.components(separatedBy: "\n").count == 3 }
        let lines = stdout.text.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, stdout.text)
        XCTAssertTrue(lines.last?.hasPrefix("w: 4 frames, 375x667 px, ") == true, stdout.text)
        XCTAssertEqual(frames().sorted(), ["frame_0000.png", "frame_0001.png", "frame_0002.png", "frame_0003.png"])
    }

    func testWatchRoundsGoesWithWatch() throws {
        let run = try runFlipbook(["render", "push", "--watch-rounds", "2"])
        XCTAssertEqual(run.status, 64)
        XCTAssertEqual(run.errorLines.first, "error: --watch-rounds goes with --watch")
    }
}

/// The decoded photos a watch loop keeps between rounds: the same unchanged file at the same size
/// is not decoded again; a saved file, or another size, is.
final class DecodedImageCacheTests: XCTestCase {
    func testAnUnchangedPhotoIsReusedAndASavedOneDecodedAgain() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = directory.appendingPathComponent("arches.jpg").path
        try FileManager.default.copyItem(atPath: Package.path("Samples/photos/arches.jpg"), toPath: photo)
        let cache = DecodedImageCache()
        let small = [photo: (width: 100, height: 100)]
        let first = try XCTUnwrap(try ImageStore(sources: [photo], minimumSizes: small, threads: 1, reusing: cache)[photo])
        let second = try XCTUnwrap(try ImageStore(sources: [photo], minimumSizes: small, threads: 1, reusing: cache)[photo])
        XCTAssertTrue(first === second, "the unchanged file is not decoded again")
        XCTAssertEqual(cache.count, 1)

        let larger = try XCTUnwrap(
            try ImageStore(
                sources: [photo], minimumSizes: [photo: (width: 2000, height: 2000)], threads: 1,
                reusing: cache)[photo])
        XCTAssertFalse(larger === second, "another minimum size decodes again")

        // A save: new bytes, a new modification time.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: photo))
        try bytes.write(to: URL(fileURLWithPath: photo))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 10)], ofItemAtPath: photo)
        let saved = try XCTUnwrap(
            try ImageStore(
                sources: [photo], minimumSizes: [photo: (width: 2000, height: 2000)], threads: 1,
                reusing: cache)[photo])
        XCTAssertFalse(saved === larger, "a saved file is decoded again")
        XCTAssertEqual(saved.base, larger.base, "to the same pixels, as the file is the same")
    }
}
