import Flipbook
import FlipbookModel
import FlipbookMotion
import FlipbookPipelineTestSupport
import FlipbookTestSupport
import FlipbookTesting
import Foundation
import XCTest

/// `.sequence` goldens drawn by a `flipbook` worker (`FLIPBOOK_WORKER`, docs/GOLDENS.md "Debug
/// builds") against the same goldens drawn in the test process: the same lock bytes, the same
/// outcomes, messages and artefacts, and clear failures when the worker is missing or dies. The
/// worker here is the `flipbook` built next to the tests (a debug build: the speed is
/// `scripts/bench consumer`'s business, the bytes are this test's).
final class GoldenWorkerTests: XCTestCase {
    /// A push as a transition value (what a recording is), its images found in the samples
    /// folder it names as its resources (the lock writes them `$RESOURCES/…`), at 15 fps on a
    /// 320×568 pt screen @1x (a transition file's scale is 1 to 4, so the tiny device's 0.25
    /// would not be sent).
    func recordingLikeSettings(timing: Timing? = nil) throws -> RenderSettings {
        var preset = RenderSettings.small(.push, select: 3)
        preset.scene.device = Device(name: "se", sizePoints: Size(width: 320, height: 568), scale: 1)
        var settings = try Self.transitionSettings(of: preset)
        settings.timing = timing
        return settings
    }

    /// The transition `preset` builds, as a value whose resources folder is the samples folder,
    /// at 15 fps with the fixture fonts.
    static func transitionSettings(of preset: RenderSettings) throws -> RenderSettings {
        var transition = try RenderJob(settings: preset).transition
        transition.resourcesFolderPath = Package.path("Samples")
        var settings = RenderSettings(transition: transition)
        settings.labelFontPath = Package.fixtureFont
        settings.sceneFontDirectory = Package.fixtureFonts
        settings.framesPerSecond = 15
        return settings
    }

    /// One `.sequence` check of `settings` with `FLIPBOOK_WORKER` set to `worker`, off CI, the
    /// goldens and artefacts in `scratch`.
    func check(_ settings: RenderSettings, worker: String, record: GoldenRecordMode? = nil, in scratch: String) throws -> GoldenResult {
        let job = try RenderJob(settings: settings)
        return withEnvironment(["FLIPBOOK_WORKER": worker, "CI": nil, "FLIPBOOK_RECORD": nil, "FLIPBOOK_ARTIFACTS": scratch + "/artifacts"])
        {
            verifyGolden(of: job, as: .sequence, named: "push", record: record, goldensDirectory: scratch + "/goldens")
        }
    }

    func scratchFolder() -> String {
        let scratch = temporaryDirectory().path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: scratch) }
        return scratch
    }

    func testTheWorkerRecordsTheSameLockAsTheTestProcess() throws {
        let inProcess = scratchFolder(), worker = scratchFolder()
        let settings = try recordingLikeSettings()
        let here = try check(settings, worker: "off", in: inProcess)
        let there = try check(settings, worker: flipbookExecutable.path, in: worker)
        XCTAssertEqual(here.outcome, .recorded, here.message)
        XCTAssertEqual(there.outcome, .recorded, there.message)
        let lock = try Data(contentsOf: URL(fileURLWithPath: here.referencePath))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: there.referencePath)), lock)
        XCTAssertEqual(there.message, here.message.replacingOccurrences(of: inProcess, with: worker))
        // The images are named as the recording's: relative to its resources folder.
        XCTAssertTrue(
            String(decoding: lock, as: UTF8.self).contains("image \"$RESOURCES/"), String(decoding: lock.prefix(600), as: UTF8.self))
        // Each verifies the other's lock.
        try FileManager.default.removeItem(atPath: there.referencePath)
        try FileManager.default.copyItem(atPath: here.referencePath, toPath: there.referencePath)
        XCTAssertEqual(try check(settings, worker: flipbookExecutable.path, in: worker).outcome, .matched)
    }

    func testAChangedSpringFailsWithTheSameMessageAndArtefacts() throws {
        let inProcess = scratchFolder(), worker = scratchFolder()
        let settings = try recordingLikeSettings()
        _ = try check(settings, worker: "off", in: inProcess)
        try FileManager.default.createDirectory(atPath: worker + "/goldens", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: inProcess + "/goldens/GoldenWorkerTests", toPath: worker + "/goldens/GoldenWorkerTests")
        let changed = try recordingLikeSettings(timing: Timing(curve: .spring(dampingRatio: 0.6, initialVelocity: 0), durationSeconds: 0.5))
        let here = try check(changed, worker: "off", record: .never, in: inProcess)
        let there = try check(changed, worker: flipbookExecutable.path, record: .never, in: worker)
        XCTAssertEqual(here.outcome, .mismatched, here.message)
        XCTAssertEqual(there.outcome, .mismatched, there.message)
        XCTAssertTrue(here.message.contains("frames differ"), here.message)
        XCTAssertEqual(there.message, here.message.replacingOccurrences(of: inProcess, with: worker))
        XCTAssertEqual(there.artifactPaths, here.artifactPaths.map { $0.replacingOccurrences(of: inProcess, with: worker) })
        for (mine, theirs) in zip(here.artifactPaths, there.artifactPaths) {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: theirs)), try Data(contentsOf: URL(fileURLWithPath: mine)), theirs)
        }
    }

    /// A preset's job is not sent (its lock's roots come from the preset's manifest), nor is one
    /// a transition file cannot hold (the tiny device's scale of 0.25): each is drawn in-process
    /// — a worker that would fail is never started — and checks as it always did.
    func testJobsTheWorkerCannotRebuildAreDrawnInTheTestProcess() throws {
        let inProcess = scratchFolder(), worker = scratchFolder()
        let failing = worker + "/failing-worker"
        try "#!/bin/sh\nexit 7\n".write(toFile: failing, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(failing, 0o755), 0)
        var preset = RenderSettings.small(.push, select: 3)
        preset.scene.device = TestScenes.tinyDevice
        preset.framesPerSecond = 15
        for settings in [preset, try Self.transitionSettings(of: preset)] {
            let here = try check(settings, worker: "off", record: .all, in: inProcess)
            let there = try check(settings, worker: failing, record: .all, in: worker)
            XCTAssertEqual(there.outcome, .recorded, there.message)
            XCTAssertEqual(
                try Data(contentsOf: URL(fileURLWithPath: there.referencePath)),
                try Data(contentsOf: URL(fileURLWithPath: here.referencePath)))
        }
    }

    /// A job that fails while drawing (its photo removed after the job read its header) fails
    /// the check with the same error through the worker as in the test process.
    func testAJobThatFailsInTheWorkerFailsWithTheTestProcesssError() throws {
        let scratch = scratchFolder()
        let photo = scratch + "/photo.jpg", killed = scratch + "/killed-worker"
        try FileManager.default.copyItem(atPath: Package.path("Samples/photos/coffee.jpg"), toPath: photo)
        try "#!/bin/sh\nkill -9 $$\n".write(toFile: killed, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(killed, 0o755), 0)
        // The push of the other tests, every photo in it replaced by the copy.
        func usingTheCopy(_ layer: Layer) -> Layer {
            var layer = layer
            if layer.imageSource != nil { layer.imageSource = photo }
            layer.sublayers = layer.sublayers.map(usingTheCopy)
            return layer
        }
        var settings = try recordingLikeSettings()
        guard case let .transition(original) = settings.source else { return XCTFail("a transition value") }
        var transition = original
        transition.window = usingTheCopy(original.window)
        transition.resourcesFolderPath = scratch
        settings.source = .transition(transition)
        let job = try RenderJob(settings: settings)
        func check(_ worker: String) -> GoldenResult {
            withEnvironment(["FLIPBOOK_WORKER": worker, "CI": nil, "FLIPBOOK_RECORD": nil, "FLIPBOOK_ARTIFACTS": scratch + "/artifacts"]) {
                verifyGolden(of: job, as: .sequence, named: "still", goldensDirectory: scratch + "/goldens")
            }
        }
        // Sent to the worker: one that dies fails the check.
        let dead = check(killed)
        XCTAssertTrue(dead.message.contains("killed by signal 9"), dead.message)
        try FileManager.default.removeItem(atPath: photo)
        let here = check("off"), there = check(flipbookExecutable.path)
        XCTAssertEqual(here.outcome, .error, here.message)
        XCTAssertTrue(here.message.contains(photo), here.message)
        XCTAssertEqual(there.outcome, .error, there.message)
        XCTAssertEqual(there.message, here.message)
    }

    func testAWorkerThatIsNotThereFailsTheCheckSayingWhatToDo() throws {
        let scratch = scratchFolder()
        let result = try check(try recordingLikeSettings(), worker: scratch + "/no-such-flipbook", in: scratch)
        XCTAssertEqual(result.outcome, .error)
        XCTAssertEqual(
            result.message,
            "golden 'push': FLIPBOOK_WORKER=\(scratch)/no-such-flipbook is not an executable file: set "
                + "FLIPBOOK_WORKER to a release build of flipbook from the same Flipbook checkout as the tests, or to off to "
                + "draw in the test process (docs/GOLDENS.md, \"Debug builds\")")
        XCTAssertFalse(FileManager.default.fileExists(atPath: result.referencePath), "nothing recorded")
    }

    func testAWorkerThatDiesFailsTheCheckNamingHowItEnded() throws {
        let scratch = scratchFolder()
        let killed = scratch + "/killed-worker", failing = scratch + "/failing-worker"
        try "#!/bin/sh\necho 'drawing…' >&2\nkill -9 $$\n".write(toFile: killed, atomically: true, encoding: .utf8)
        try "#!/bin/sh\necho 'out of disk' >&2\nexit 7\n".write(toFile: failing, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(killed, 0o755), 0)
        XCTAssertEqual(chmod(failing, 0o755), 0)
        let settings = try recordingLikeSettings()
        let dead = try check(settings, worker: killed, in: scratch)
        XCTAssertEqual(dead.outcome, .error)
        XCTAssertTrue(
            dead.message.hasPrefix("golden 'push': the golden worker \(killed) failed: it was killed by signal 9 while drawing "),
            dead.message)
        XCTAssertTrue(dead.message.contains("drawing…"), dead.message)
        let failed = try check(settings, worker: failing, in: scratch)
        XCTAssertEqual(failed.outcome, .error)
        XCTAssertTrue(
            failed.message.hasPrefix("golden 'push': the golden worker \(failing) failed: it exited with status 7:\nout of disk; "),
            failed.message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: failed.referencePath), "nothing recorded")
    }

    /// A request of another protocol (a worker built from another Flipbook) is refused, saying so.
    func testTheWorkerRefusesAnotherProtocol() throws {
        let scratch = scratchFolder()
        try #"{"protocolVersion": 99}"#.write(toFile: scratch + "/request.json", atomically: true, encoding: .utf8)
        let run = try runFlipbook(["golden-worker", scratch])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(
            run.errorLines,
            [
                "the test's FlipbookTesting speaks golden-worker protocol 99, this flipbook speaks 1: build the "
                    + "worker from the same Flipbook checkout as the tests (docs/GOLDENS.md, \"Debug builds\")"
            ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch + "/lock"))
    }
}
