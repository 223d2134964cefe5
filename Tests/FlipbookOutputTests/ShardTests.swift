import Flipbook
import FlipbookFormats
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookScenes
import Foundation
import XCTest

/// `--shard K/N`, the fingerprint in timeline.json and `flipbook merge`.
final class ShardTests: XCTestCase {
    func testShardRangesAreContiguousAndBalanced() {
        let ranges = FrameShard.all(count: 4, frameCount: 43).map(\.frames)
        XCTAssertEqual(ranges, [0...10, 11...21, 22...32, 33...42])
        XCTAssertEqual(FrameShard.all(count: 3, frameCount: 91).map(\.frames), [0...30, 31...60, 61...90])
        XCTAssertEqual(FrameShard.all(count: 1, frameCount: 19).map(\.frames), [0...18])
        // More shards than frames: the last ones are empty.
        XCTAssertEqual(FrameShard.all(count: 5, frameCount: 3).map(\.frames), [0...0, 1...1, 2...2, nil, nil])
        for count in 1...12 {
            for frames in [1, 7, 43, 100] {
                let covered = FrameShard.all(count: count, frameCount: frames).compactMap(\.frames).flatMap { Array($0) }
                XCTAssertEqual(covered, Array(0..<frames), "\(count) shards of \(frames) frames cover each frame once, in order")
            }
        }
    }

    func testShardParsing() {
        XCTAssertEqual(FrameShard(parsing: "2/4"), FrameShard(index: 2, count: 4))
        for bad in ["0/4", "5/4", "1/0", "2", "1/4/2", "-1/4", "a/4", "1/", "/4", "1 /4", "1/10001", "+1/4"] {
            XCTAssertNil(FrameShard(parsing: bad), bad)
        }
    }

    /// The acceptance test: a two-shard render merged is byte-identical to the unsharded render.
    func testTwoShardsMergedEqualTheUnshardedRender() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var settings = RenderSettings.small(.fadeDismiss, select: 2)
        settings.scene.device.scale = 0.5
        settings.framesPerSecond = 30 // 0.3 s: 10 frames
        let whole = directory.appendingPathComponent("whole").path
        try RenderJob(settings: settings).write(to: whole)
        var shards: [String] = []
        for shard in [FrameShard(index: 1, count: 2), FrameShard(index: 2, count: 2)] {
            var part = settings
            part.frameRange = shard.frames(ofSequence: 10)
            part.threads = shard.index // the thread count never changes the bytes
            let out = directory.appendingPathComponent("shard-\(shard.index)").path
            try RenderJob(settings: part).write(to: out)
            shards.append(out)
        }
        let merged = directory.appendingPathComponent("merged").path
        let summary = try ShardMerge.merge(shards.reversed(), into: merged)
        XCTAssertEqual(summary.frameCount, 10)
        XCTAssertEqual(summary.framesPerShard, [5, 5])
        XCTAssertEqual(summary.preset, "fade-dismiss")
        let names = try FileManager.default.contentsOfDirectory(atPath: whole).sorted()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: merged).sorted(), names)
        XCTAssertEqual(names.count, 11)
        for name in names {
            XCTAssertEqual(
                try Data(contentsOf: URL(fileURLWithPath: merged + "/" + name)),
                try Data(contentsOf: URL(fileURLWithPath: whole + "/" + name)), name)
        }
    }

    func testTheFingerprintFollowsWhatChangesThePixels() throws {
        let base = RenderSettings.small(.push, select: 1)
        let fingerprint = try RenderJob(settings: base).fingerprint()
        XCTAssertEqual(fingerprint.count, 16)
        var sameWork = base
        sameWork.threads = 1
        sameWork.frameRange = 3...7
        XCTAssertEqual(try RenderJob(settings: sameWork).fingerprint(), fingerprint, "threads and the frame range do not matter")
        var variants: [RenderSettings] = []
        var other = base; other.scene.selectedIndex = 2; variants.append(other)
        other = base; other.framesPerSecond = 30; variants.append(other)
        other = base; other.scene.device.scale = 2; variants.append(other)
        other = base; other.timing = Timing(curve: .spring(dampingRatio: 0.8, initialVelocity: 1), durationSeconds: 0.7);
        variants.append(other)
        other = base; other.source = .preset(.zoomPush); variants.append(other)
        for variant in variants {
            XCTAssertNotEqual(try RenderJob(settings: variant).fingerprint(), fingerprint, "\(variant)")
        }
    }

    func testTheFingerprintFollowsThePhotoBytesNotTheirPaths() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func manifest(in folder: String, photo: String) throws -> String {
            let url = directory.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: Package.path("Samples/photos/\(photo)"), toPath: url.appendingPathComponent("a.png").path)
            try #"{"content": [{"url": "a.png", "width": 512, "height": 512}, {"url": "a.png", "width": 512, "height": 512}]}"#
                .write(to: url.appendingPathComponent("photos.json"), atomically: true, encoding: .utf8)
            return url.appendingPathComponent("photos.json").path
        }
        var settings = RenderSettings.small(.push)
        settings.manifestPath = try manifest(in: "one", photo: "camera.png")
        let first = try RenderJob(settings: settings).fingerprint()
        settings.manifestPath = try manifest(in: "two", photo: "camera.png")
        XCTAssertEqual(try RenderJob(settings: settings).fingerprint(), first, "the same bytes in another folder")
        settings.manifestPath = try manifest(in: "three", photo: "astronaut.png")
        XCTAssertNotEqual(try RenderJob(settings: settings).fingerprint(), first, "other bytes, same layout")
    }

    func testMergeRefusesShardsThatDoNotFit() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var settings = RenderSettings.small(.fadePresent)
        settings.framesPerSecond = 20 // 7 frames
        func render(_ name: String, _ range: ClosedRange<Int>?, fps: Double = 20) throws -> String {
            var part = settings
            part.frameRange = range
            part.framesPerSecond = fps
            let out = directory.appendingPathComponent(name).path
            try RenderJob(settings: part).write(to: out)
            return out
        }
        let a = try render("a", 0...3), b = try render("b", 4...6), overlap = try render("overlap", 3...4)
        let other = try render("other", 4...6, fps: 21)
        let out = directory.appendingPathComponent("out").path
        func refusal(_ shards: [String]) -> String {
            do {
                _ = try ShardMerge.merge(shards, into: out)
                return "merged"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(refusal([a]), "3 of 7 frames are missing (4-6): is a shard's folder left out?")
        XCTAssertEqual(refusal([a, b, overlap]), "frame 3 is in both \(a) and \(overlap): shards must not overlap")
        XCTAssertTrue(refusal([a, other]).hasPrefix("\(other): belongs to another timeline than \(a) (fingerprint "), refusal([a, other]))
        XCTAssertEqual(
            refusal([a, directory.appendingPathComponent("nope").path]),
            "\(directory.appendingPathComponent("nope").path): not a flipbook render: no such folder")
        try Data("notes".utf8).write(to: URL(fileURLWithPath: b + "/notes.txt"))
        XCTAssertEqual(refusal([a, b]), "\(b): holds 'notes.txt', which is not a frame or timeline.json")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written by a refused merge")
        try FileManager.default.removeItem(atPath: b + "/notes.txt")
        XCTAssertEqual(refusal([b, a]), "merged")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).count, 8)
    }

    func testTheCommandLineShardsPrintsRangesAndMerges() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ranges = try runFlipbook(["render", "present", "--shards", "4", "--print-ranges"])
        XCTAssertEqual(ranges.status, 0, ranges.stderr)
        XCTAssertEqual(ranges.stdout, "1/4 0-22\n2/4 23-45\n3/4 46-68\n4/4 69-90\n")
        let common = ["render", "fade-present", "--scale", "1", "--fps", "10", "--progress", "none"] // 4 frames
        var shards: [String] = []
        for k in 1...5 {
            let out = directory.appendingPathComponent("shard-\(k)").path
            let run = try runFlipbook(common + ["--shard", "\(k)/5", "--out", out])
            XCTAssertEqual(run.status, 0, run.stderr)
            shards.append(out)
            if k == 5 {
                XCTAssertEqual(
                    run.stdout, "fade-present: shard 5/5 is empty (the sequence has 4 frames): wrote only timeline.json → \(out)\n")
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), ["timeline.json"])
            } else {
                XCTAssertTrue(
                    run.stdout.hasPrefix("fade-present: 1 frame (shard \(k)/5: frames \(k - 1)-\(k - 1) of 4), 375x667 px, "), run.stdout)
                XCTAssertTrue(run.stdout.hasSuffix(" s → \(out)\n"), run.stdout)
            }
        }
        let merged = directory.appendingPathComponent("merged").path
        let merge = try runFlipbook(["merge"] + shards + ["--out", merged])
        XCTAssertEqual(merge.status, 0, merge.stderr)
        XCTAssertEqual(merge.stdout, "fade-present: 4 frames from 5 folders (1 + 1 + 1 + 1 + 0) → \(merged)\n")
        let whole = directory.appendingPathComponent("whole").path
        XCTAssertEqual(try runFlipbook(common + ["--out", whole]).status, 0)
        for name in try FileManager.default.contentsOfDirectory(atPath: whole) {
            XCTAssertEqual(
                FileManager.default.contents(atPath: merged + "/" + name), FileManager.default.contents(atPath: whole + "/" + name), name)
        }
        let missing = try runFlipbook(["merge", shards[0], "--out", merged])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "error: 3 of 4 frames are missing (1-3): is a shard's folder left out?\n")
        for (arguments, message) in [
            (["render", "push", "--shard", "5/4"], "--shard must be K/N with 1 <= K <= N <= 10000 (e.g. 1/4), not '5/4'"),
            (["render", "push", "--shard", "1/2", "--frames", "0-3"], "--shard and --frames both pick frames; give one"),
            (["render", "push", "--shards", "3"], "--shards goes with --print-ranges (to render one shard: --shard K/N)"),
            (["merge", shards[0]], "missing --out OUT")
        ] {
            let run = try runFlipbook(arguments)
            XCTAssertEqual(run.status, 64, "\(arguments)")
            XCTAssertEqual(run.errorLines.first, "error: " + message)
        }
    }
}
