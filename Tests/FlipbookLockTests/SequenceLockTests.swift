import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import FlipbookTesting
import Foundation
import XCTest

@testable import Flipbook
@testable import FlipbookLock
@testable import FlipbookOutput
@testable import FlipbookRender

/// Sequence locks: text round trip, verify of a fresh render, a changed option found and put in
/// words, the size of a push lock, the pixel hash's definition.
final class SequenceLockTests: XCTestCase {
    /// Every preset and every sample transition, on the tiny device (whole frames in milliseconds).
    func everySequence() throws -> [(String, RenderSettings)] {
        var result: [(String, RenderSettings)] = []
        for preset in TransitionPreset.allCases {
            let known = TestScenes.presets.first { $0.0 == preset }
            var settings = RenderSettings.small(preset, select: known?.1 ?? 3, returnIndex: known?.2)
            settings.scene.device = TestScenes.tinyDevice
            settings.framesPerSecond = 15 // a quarter of the frames: the lock's logic is per frame
            result.append((preset.rawValue, settings))
        }
        for file in Samples.transitions {
            var settings = RenderSettings(transitionFile: file)
            settings.labelFontPath = Package.fixtureFont
            settings.sceneFontDirectory = Package.fixtureFonts
            settings.scene.device = TestScenes.tinyDevice
            settings.deviceOverride = settings.scene.device // not the file's own device
            settings.framesPerSecond = 15
            result.append((URL(fileURLWithPath: file).lastPathComponent, settings))
        }
        return result
    }

    func testEveryPresetAndSampleTransitionRoundTrips() throws {
        let sequences = try everySequence()
        XCTAssertGreaterThanOrEqual(sequences.count, TransitionPreset.allCases.count + 6)
        for (name, settings) in sequences {
            let job = try RenderJob(settings: settings)
            let lock = try SequenceLock.make(job: job, header: [("name", name)])
            XCTAssertEqual(lock.frames.count, job.frames.count, name)
            let parsed = try SequenceLock(parsing: lock.text, path: name + ".lock")
            XCTAssertEqual(parsed, lock, "\(name): the text reads back as the same lock")
            XCTAssertEqual(parsed.text, lock.text, name)
            guard name == "push" || name == "card-expand.json" else { continue }
            // A second render of the same settings (what verify does) matches frame for frame.
            let again = try SequenceLock.make(job: try RenderJob(settings: settings), header: [("name", name)])
            XCTAssertEqual(parsed.differences(to: again), [], name)
            // Each frame's ops are its display list's, and its hash is of the frame's pixels.
            let middle = job.frames.count / 2
            XCTAssertEqual(
                lock.frames[middle].ops,
                job.displayList(frame: job.frames[middle]).lockLines(source: SequenceLock.sourceNamer(for: settings)), name)
            XCTAssertEqual(lock.frames[middle].pixelHash, SequenceLock.pixelHash(try job.renderFrame(job.frames[middle].index)), name)
            XCTAssertFalse(lock.text.contains(Package.root.path), "\(name): no absolute path of this checkout")
        }
    }

    /// A lock names its fonts by file, not by path: the same render with the same fonts in
    /// another folder (another checkout, another CI machine) gives the same lock.
    func testALockDoesNotDependOnWhereTheFontsAre() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-fonts-\(UUID().uuidString)")
        try FileManager.default.copyItem(atPath: Package.fixtureFonts, toPath: copy.path)
        defer { try? FileManager.default.removeItem(at: copy) }
        var settings = RenderSettings(preset: .push)
        settings.scene.device.scale = 1
        settings.framesPerSecond = 10
        settings.labelFontPath = nil
        settings.sceneFontDirectory = Package.fixtureFonts
        let here = try SequenceLock.make(job: try RenderJob(settings: settings))
        settings.sceneFontDirectory = copy.path
        let there = try SequenceLock.make(job: try RenderJob(settings: settings))
        XCTAssertTrue(here.text.contains(" glyphs="), "the lock has text to digest")
        XCTAssertEqual(here.text, there.text)
    }

    func testAChangedDampingIsFoundAndPutInWords() throws {
        var settings = RenderSettings.small(.push, select: 3)
        settings.scene.device = TestScenes.tinyDevice
        settings.framesPerSecond = 15
        let lock = try SequenceLock.make(job: try RenderJob(settings: settings))
        settings.timing = Timing(curve: .spring(dampingRatio: 0.8, initialVelocity: 0), durationSeconds: 0.5)
        let changed = try SequenceLock.make(job: try RenderJob(settings: settings))
        let differences = lock.differences(to: changed)
        XCTAssertFalse(differences.isEmpty)
        XCTAssertNil(differences.first { $0.index == 0 }, "frame 0 is the same at any damping")
        let first = try XCTUnwrap(differences.first)
        XCTAssertEqual(first.kind, .geometry)
        XCTAssertTrue(
            first.changes.contains { $0.contains("image \"$MANIFEST/photos/") && $0.contains("rect.y ") && $0.contains(" → ") },
            "\(first.changes)")
    }

    func testOnlyPixelsChanged() {
        let frame = SequenceLock.Frame(
            index: 0, timeSeconds: 0, progress: 0, ops: ["fill rect=0,0,1,1 color=1,1,1,1 opacity=1"], pixelHash: 1)
        var other = frame
        other.pixelHash = 2
        let differences = SequenceLock(header: [], frames: [frame]).differences(to: SequenceLock(header: [], frames: [other]))
        XCTAssertEqual(differences.map(\.kind), [.pixels])
    }

    func testChangesInWords() {
        XCTAssertEqual(
            SequenceLock.describe(
                from: ["image \"a.jpg\" rect=0,331,100,50 mode=scaleToFill opacity=0.4"],
                to: ["image \"a.jpg\" rect=0,333,100,50 mode=scaleToFill opacity=0.5"]),
            ["op 0 image \"a.jpg\": rect.y 331 → 333, opacity 0.4 → 0.5"])
        XCTAssertEqual(
            SequenceLock.describe(
                from: ["fill rect=0,0,1,1 color=1,1,1,1 opacity=1"],
                to: ["fill rect=0,0,1,1 color=1,1,1,1 opacity=1 clip=0,0,2,2"]),
            ["op 0 fill: clip (none) → 0,0,2,2"])
        XCTAssertEqual(SequenceLock.readable("313.02707148706", "282.9091218123"), "313.027 → 282.909")
    }

    func testDeltaEncodingKeepsReplacesDropsAndInserts() throws {
        let frames = [["a", "b", "c", "d"], ["a", "B", "c", "d"], ["a", "d"], ["x", "a", "d", "y"], []].enumerated().map {
            SequenceLock.Frame(
                index: $0.offset, timeSeconds: Double($0.offset), progress: 0.5, ops: $0.element.map { "fill " + $0 }, pixelHash: 7)
        }
        let lock = SequenceLock(header: [("name", "t")], frames: frames)
        XCTAssertTrue(lock.text.contains("frame 1 time=1 progress=0.5 pixels=0000000000000007\n  = 1\n  ~ fill B\n  = 2\n"), lock.text)
        XCTAssertEqual(try SequenceLock(parsing: lock.text, path: "t.lock"), lock)
    }

    func testMalformedLocksNameTheLine() {
        XCTAssertThrowsError(try SequenceLock(parsing: "hello\n", path: "x.lock")) {
            XCTAssertEqual("\($0)", "x.lock:1: not a flipbook lock (the first line must be 'flipbook-lock 2')")
        }
        XCTAssertThrowsError(try SequenceLock(parsing: "flipbook-lock 3\n", path: "x.lock")) {
            XCTAssertEqual("\($0)", "x.lock:1: lock format '3' is newer than this flipbook reads (1, 2)")
        }
        XCTAssertThrowsError(try SequenceLock(parsing: "flipbook-lock 1\nframe 0 time=0 progress=0 pixels=00\n  = 3\n", path: "x.lock")) {
            XCTAssertEqual("\($0)", "x.lock:3: '= 3' reaches past the previous frame's 0 ops")
        }
    }

    /// Format 1: FNV-1a 64 over the words 1, 1, 0xff1e140a (width, height, one pixel), computed
    /// with Python: h = 0xcbf29ce484222325; for w in words: h = ((h ^ w) * 0x100000001b3) mod 2⁶⁴.
    func testFormat1PixelHashIsFNV1aOverSizeAndRGBA() {
        let image = PremultipliedImage(width: 1, height: 1, pixels: [10 | 20 << 8 | 30 << 16 | 255 << 24])
        XCTAssertEqual(SequenceLock.pixelHash(image, format: 1), 0xdeb3_0266_1408_8267)
    }

    /// Format 2: CRC-64/XZ, computed with Python bit by bit (reflected ECMA-182 polynomial
    /// 0xC96C5795D7870F42, initial value and final XOR all ones; "123456789" → 0x995dc9bbdf1939fa,
    /// the catalogue's check value) over the bytes 01 00 00 00 01 00 00 00 0a 14 1e ff, and over
    /// a 2×1 image with a transparent second pixel.
    func testFormat2PixelHashIsCRC64XZOverSizeAndRGBA() {
        let image = PremultipliedImage(width: 1, height: 1, pixels: [10 | 20 << 8 | 30 << 16 | 255 << 24])
        XCTAssertEqual(SequenceLock.pixelHash(image, format: 2), 0xdc2a_4da9_85c4_9648)
        XCTAssertEqual(SequenceLock.pixelHash(image), 0xdc2a_4da9_85c4_9648, "format 2 is the default")
        let wide = PremultipliedImage(width: 2, height: 1, pixels: [10 | 20 << 8 | 30 << 16 | 255 << 24, 0])
        XCTAssertEqual(SequenceLock.pixelHash(wide), 0x6edd_6b30_f13c_4f9c)
    }

    /// A format-1 lock (FNV-1a hashes) still reads and verifies: the new render is hashed the old
    /// way, and writing the lock back keeps format 1.
    func testAFormat1LockVerifiesWithItsOwnHash() throws {
        let settings = try XCTUnwrap(everySequence().first { $0.0 == "push" }).1
        let job = try RenderJob(settings: settings)
        let old = try SequenceLock.make(job: job, header: [("name", "push")], format: 1)
        XCTAssertTrue(old.text.hasPrefix("flipbook-lock 1\n"))
        let parsed = try SequenceLock(parsing: old.text, path: "push.lock")
        XCTAssertEqual(parsed.format, 1)
        XCTAssertEqual(parsed.text, old.text)
        let again = try SequenceLock.make(job: job, header: [("name", "push")], format: parsed.format)
        XCTAssertEqual(parsed.differences(to: again), [])
        let current = try SequenceLock.make(job: job, header: [("name", "push")])
        XCTAssertTrue(current.text.hasPrefix("flipbook-lock 2\n"))
        XCTAssertEqual(current.frames.map(\.ops), old.frames.map(\.ops))
        XCTAssertEqual(current.frames[1].pixelHash, SequenceLock.pixelHash(try job.renderFrame(job.frames[1].index), format: 2))
        XCTAssertEqual(old.frames[1].pixelHash, SequenceLock.pixelHash(try job.renderFrame(job.frames[1].index), format: 1))
        // Hashes of one format never compare with the other's: every frame would differ.
        XCTAssertEqual(parsed.differences(to: current).count, job.frames.count)
    }

    /// The default push (iPhone 8 at 2x, 60 fps): its lock text, without rendering the pixels
    /// (each frame's hash line has a fixed width).
    func testAPushLockWeighsUnder100KB() throws {
        var settings = RenderSettings(preset: .push)
        settings.labelFontPath = Package.fixtureFont
        let job = try RenderJob(settings: settings)
        let namer = SequenceLock.sourceNamer(for: settings)
        let frames = job.frames.map {
            SequenceLock.Frame(
                index: $0.index, timeSeconds: $0.timeSeconds, progress: $0.progress,
                ops: job.displayList(frame: $0).lockLines(source: namer), pixelHash: 0)
        }
        let bytes = SequenceLock(header: [("name", "push")], frames: frames).text.utf8.count
        XCTAssertLessThan(bytes, 100_000, "\(job.frames.count) frames")
        print("push lock: \(job.frames.count) frames, \(bytes) bytes")
    }
}

/// A consumer's sequence golden through FlipbookTesting: recorded, verified, and failing with
/// the frames in words when the spring changes.
final class GoldenSequenceTests: XCTestCase {
    func testRecordVerifyAndFail() throws {
        let scratch = temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var settings = RenderSettings.small(.push, select: 3)
        settings.scene.device = TestScenes.tinyDevice
        settings.framesPerSecond = 15
        func check(_ settings: RenderSettings) throws -> GoldenResult {
            let job = try RenderJob(settings: settings)
            // The record modes read the environment: the default mode, off CI, artefacts in scratch.
            let names = ["FLIPBOOK_RECORD", "CI", "FLIPBOOK_ARTIFACTS"]
            let saved = names.map { getenv($0).map { String(cString: $0) } }
            defer { for (name, value) in zip(names, saved) { if let value { setenv(name, value, 1) } else { unsetenv(name) } } }
            unsetenv("FLIPBOOK_RECORD")
            unsetenv("CI")
            setenv("FLIPBOOK_ARTIFACTS", scratch + "/artifacts", 1)
            return verifyGolden(of: job, as: .sequence, named: "push", goldensDirectory: scratch + "/goldens")
        }
        let recorded = try check(settings)
        XCTAssertEqual(recorded.outcome, .recorded, recorded.message)
        XCTAssertEqual(recorded.referencePath, scratch + "/goldens/SequenceLockTests/push.lock")
        XCTAssertTrue(FileManager.default.fileExists(atPath: recorded.referencePath))
        let matched = try check(settings)
        XCTAssertEqual(matched.outcome, .matched, matched.message)
        settings.timing = Timing(curve: .spring(dampingRatio: 0.8, initialVelocity: 0), durationSeconds: 0.5)
        let failed = try check(settings)
        XCTAssertEqual(failed.outcome, .mismatched)
        XCTAssertTrue(failed.message.contains("(geometry): op "), failed.message)
        // The reference's copy beside the actual one, as for images.
        XCTAssertEqual(
            failed.artifactPaths,
            [
                scratch + "/artifacts/SequenceLockTests/push.reference.lock",
                scratch + "/artifacts/SequenceLockTests/push.actual.lock"
            ])
    }
}
