import Flipbook
import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// Inputs that made a reader hang, balloon or read outside what it was given: shard timelines
/// claiming 10¹² frames, linked or foreign "frames", a transition named `/proc/self/pagemap`, a
/// FIFO among `--fonts`, JSON of millions of tiny values, images outside a sandboxed transition
/// file's folder. Every run has a time limit, so a hang fails.
final class HostileReadingTests: XCTestCase {
    var directory: URL!

    override func setUp() { directory = temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// `ShardMerge.merge`'s error as text, or "merged".
    func mergeRefusal(_ shards: [String]) -> String {
        do {
            _ = try ShardMerge.merge(shards, into: path("out"))
            return "merged"
        } catch {
            return "\(error)"
        }
    }

    /// fade-present at 1x and 10 fps (a few frames), rendered whole into `name`: a one-shard render.
    func renderShard(_ name: String) throws -> String {
        var settings = RenderSettings.small(.fadePresent)
        settings.framesPerSecond = 10
        try RenderJob(settings: settings).write(to: path(name))
        return path(name)
    }

    // MARK: merge

    /// Before: 95 bytes claiming 10¹² frames made `merge` list 10¹² missing indices (9 GB and
    /// growing). Now the count is checked against the most frames a render makes.
    func testAShardTimelineClaimingTooManyFramesIsRefusedAtOnce() throws {
        try FileManager.default.createDirectory(atPath: path("s"), withIntermediateDirectories: true)
        try Data(#"{"preset":"push","fingerprint":"abc","frameCount":1e12,"frames":[]}"#.utf8).write(
            to: URL(fileURLWithPath: path("s/timeline.json")))
        XCTAssertEqual(
            mergeRefusal([path("s")]),
            "\(path("s")): not a flipbook render: timeline.json: frameCount: must be a whole number from 1 to 292800, not 1000000000000")
        XCTAssertEqual(ShardMerge.maximumFrameCount, 292_800, "(20 s of gesture + 120 s / 0.1 of completion) × 240 fps")
        // One more than the limit is refused, the limit itself is counted (and reported missing).
        try Data(#"{"preset":"push","fingerprint":"abc","frameCount":292801}"#.utf8).write(
            to: URL(fileURLWithPath: path("s/timeline.json")))
        XCTAssertTrue(mergeRefusal([path("s")]).hasSuffix("frameCount: must be a whole number from 1 to 292800, not 292801"))
        let frames = (0..<292_800).map { "{\"index\":\($0),\"time\":0,\"progress\":0}" }.joined(separator: ",")
        try Data((#"{"preset":"push","fingerprint":"abc","frameCount":292800,"frames":["# + frames + "]}").utf8)
            .write(to: URL(fileURLWithPath: path("s/timeline.json")))
        XCTAssertEqual(mergeRefusal([path("s")]), "292800 of 292800 frames are missing (0-292799): is a shard's folder left out?")
    }

    /// Before: a symbolic or hard link named like a frame copied the file it points to (here a
    /// "secret" text file) into the merged output; a text file named like a frame was copied too.
    func testMergeCopiesOnlyPNGFilesOfTheShardsOwn() throws {
        let secret = path("secret.txt")
        try Data("password=hunter2\n".utf8).write(to: URL(fileURLWithPath: secret))
        let shard = try renderShard("shard")
        let frame = shard + "/frame_0001.png"
        XCTAssertEqual(mergeRefusal([shard]), "merged", "an untouched shard merges")

        try FileManager.default.removeItem(atPath: frame)
        XCTAssertEqual(symlink(secret, frame), 0)
        XCTAssertEqual(mergeRefusal([shard]), "\(frame): it is a symbolic link, not a regular file")

        try FileManager.default.removeItem(atPath: frame)
        XCTAssertEqual(link(secret, frame), 0)
        XCTAssertEqual(mergeRefusal([shard]), "\(frame): it has 2 names (hard links), so it may be a file from elsewhere")

        try FileManager.default.removeItem(atPath: frame)
        try FileManager.default.copyItem(atPath: secret, toPath: frame)
        XCTAssertEqual(mergeRefusal([shard]), "\(frame): it is not a PNG file (no PNG signature), so not a frame flipbook wrote")
        let merged = try FileManager.default.contentsOfDirectory(atPath: path("out")).sorted()
        XCTAssertFalse(
            try merged.contains { try Data(contentsOf: URL(fileURLWithPath: path("out/" + $0))) == Data("password=hunter2\n".utf8) },
            "the secret never reaches the output")
    }

    /// Before: a 90 MB timeline.json of `[0,0,…]` took 2 GB to parse (the values cost 21 times
    /// the file). Now at most `JSONValue.maximumValueCount` values are parsed.
    func testATimelineOfMillionsOfValuesIsRefusedByCount() throws {
        try FileManager.default.createDirectory(atPath: path("s"), withIntermediateDirectories: true)
        let zeros = String(repeating: "0,", count: JSONValue.maximumValueCount)
        try Data(("{\"preset\":\"push\",\"fingerprint\":\"abc\",\"frameCount\":1,\"pad\":[" + zeros + "0]}").utf8)
            .write(to: URL(fileURLWithPath: path("s/timeline.json")))
        let refusal = mergeRefusal([path("s")])
        XCTAssertTrue(refusal.hasPrefix("\(path("s")): not a flipbook render: timeline.json: not valid JSON: line 1, column "), refusal)
        XCTAssertTrue(refusal.hasSuffix(": more than 4194304 values (numbers, strings, arrays, objects…) in one file"), refusal)
    }

    /// The value count is checked as values are parsed, and a value is held inline (24 bytes),
    /// not boxed (8 bytes in the array plus a 32-byte box before).
    func testJSONCountsItsValues() throws {
        XCTAssertEqual(try JSONValue.parse(Array("[0,0,0]".utf8), maximumValueCount: 4), .array([.number(0), .number(0), .number(0)]))
        XCTAssertThrowsError(try JSONValue.parse(Array("[0,0,0,0]".utf8), maximumValueCount: 4)) { error in
            XCTAssertEqual("\(error)", "line 1, column 8: more than 4 values (numbers, strings, arrays, objects…) in one file")
        }
        XCTAssertEqual(MemoryLayout<JSONValue>.stride, 24)
    }

    /// Before: an XML property list of millions of `<true/>` was parsed by Foundation whole, at
    /// about 14 times its size, before any value could be counted. Now XML lists stop at 16 MiB.
    func testAnXMLPropertyListManifestHasItsOwnSizeLimit() throws {
        let plist = path("m.plist")
        let body =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>content</key><array>"
            + String(repeating: "<true/>", count: (17 << 20) / 7) + "</array></dict></plist>"
        try Data(body.utf8).write(to: URL(fileURLWithPath: plist))
        XCTAssertThrowsError(try PhotoManifest(contentsOf: plist)) { error in
            XCTAssertEqual(
                "\(error)",
                "\(plist): cannot read the manifest: it is 17 MB, more than the 16 MB limit for an XML property list "
                    + "(write it as JSON or a binary property list)")
        }
    }

    // MARK: transition files

    /// Before: the reader checked the reported size (0) and then read `/proc/self/pagemap`
    /// without a bound: 8 GB in 15 s. Now the read stops at the 16 MB limit.
    func testATransitionFileIsReadWithABound() throws {
        let run = try runFlipbook(
            ["render", "--transition", "/proc/self/pagemap", "--progress", "none", "--out", path("out")], timeoutSeconds: 60)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.hasPrefix("error: /proc/self/pagemap: cannot read the transition file: "), run.stderr)
        // A file that grows past the limit while read: a sparse regular file reporting 20 MB.
        let big = path("big.json")
        XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: nil))
        XCTAssertEqual(truncate(big, 20_000_000), 0)
        XCTAssertThrowsError(try TransitionFile(contentsOf: big)) { error in
            XCTAssertEqual(
                "\(error)", "\(big): cannot read the transition file: it is 19.1 MB, more than the 15.3 MB limit for an input file")
        }
        let fifo = path("t.json")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        XCTAssertThrowsError(try TransitionFile(contentsOf: fifo)) { error in
            XCTAssertEqual("\(error)", "\(fifo): cannot read the transition file: it is a FIFO (named pipe), not a regular file")
        }
        XCTAssertThrowsError(try TransitionFile(contentsOf: path("nope.json"))) { error in
            XCTAssertEqual("\(error)", "\(path("nope.json")): cannot read the transition file: no such file")
        }
    }

    /// Before: `--sandbox-photos` with `--transition` checked neither the file's images nor its
    /// `manifest`: `"image": "../secret.jpg"` was read and drawn.
    func testSandboxPhotosCoversATransitionFilesImagesAndManifest() throws {
        try FileManager.default.createDirectory(atPath: path("t"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Package.path("Samples/photos/arches.jpg"), toPath: path("secret.jpg"))
        try FileManager.default.copyItem(atPath: Package.path("Samples/photos/arches.jpg"), toPath: path("t/inside.jpg"))
        func write(_ text: String) throws -> String {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path("t/t.json")))
            return path("t/t.json")
        }
        func render(_ file: String, _ extra: [String] = []) throws -> FlipbookRun {
            try runFlipbook(
                ["render", "--transition", file, "--frames", "0-0", "--scale", "1", "--progress", "none", "--out", path("out")] + extra,
                timeoutSeconds: 60)
        }
        let real = try XCTUnwrap(URL(fileURLWithPath: path("t")).resolvingSymlinksInPath().path as String?)
        let outside = try write(#"{"name": "x", "layers": [{"name": "a", "frame": [0, 0, 50, 50], "image": "../secret.jpg"}]}"#)
        XCTAssertEqual(try render(outside).status, 0, "without the flag the image is drawn")
        let refused = try render(outside, ["--sandbox-photos"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(
            refused.stderr,
            "error: \(outside): $.layers[0].image: \"../secret.jpg\": it resolves to "
                + "\((real as NSString).deletingLastPathComponent)/secret.jpg, outside the transition file's folder \(real) (--sandbox-photos)\n"
        )
        let inside = try write(#"{"name": "x", "layers": [{"name": "a", "frame": [0, 0, 50, 50], "image": "inside.jpg"}]}"#)
        XCTAssertEqual(try render(inside, ["--sandbox-photos"]).status, 0)
        let manifest = try write(
            #"{"name": "x", "manifest": "../photos.json", "layers": [{"name": "a", "frame": [0, 0, 50, 50], "image": {"photo": 0}}]}"#)
        try FileManager.default.copyItem(atPath: Package.samplesManifest, toPath: path("photos.json"))
        let manifestRefused = try render(manifest, ["--sandbox-photos"])
        XCTAssertEqual(
            manifestRefused.stderr,
            "error: \(manifest): $.manifest: it resolves to \((real as NSString).deletingLastPathComponent)/photos.json, "
                + "outside the transition file's folder \(real) (--sandbox-photos)\n")
    }

    // MARK: fonts

    /// Before: fontconfig opened a FIFO named `*.ttf` in `--fonts DIR` and blocked forever.
    func testAFIFOAmongTheFontsFailsAtOnce() throws {
        let fonts = path("fonts")
        try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Package.fixtureFont, toPath: fonts + "/a.ttf")
        XCTAssertEqual(mkfifo(fonts + "/z.ttf", 0o644), 0)
        let run = try runFlipbook(
            [
                "render", "fade-present", "--frames", "0-0", "--scale", "1", "--fonts", fonts, "--progress", "none",
                "--out", path("out")
            ], timeoutSeconds: 60)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "error: \(fonts)/z.ttf: font cannot be used: it is a FIFO (named pipe), not a regular file\n")
        XCTAssertThrowsError(try FontCollection(directory: fonts)) { error in
            XCTAssertEqual(error as? FontError, .unusable(path: fonts + "/z.ttf", reason: "it is a FIFO (named pipe), not a regular file"))
        }
    }

    // MARK: gesture files

    /// Before: the size error of a gesture file named `--max-file-megabytes`, which does not
    /// raise it (it raises the photos' limit).
    func testTheGestureFileSizeErrorNamesNoOptionThatDoesNotRaiseIt() throws {
        let big = path("g.json")
        XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: nil))
        XCTAssertEqual(truncate(big, 5 << 20), 0)
        let run = try runFlipbook(["render", "pop", "--gesture", big, "--progress", "none", "--out", path("out")], timeoutSeconds: 60)
        XCTAssertEqual(run.status, 1)
        XCTAssertFalse(run.stderr.contains("--max-file-megabytes"), run.stderr)
        XCTAssertTrue(
            run.stderr.contains("\(big): cannot read the gesture file: it is 5 MB, more than the 4 MB limit for an input file"), run.stderr)
    }
}
