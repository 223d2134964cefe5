import Flipbook
import FlipbookLock
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookScenes
import Foundation
import XCTest

/// The reference side of a failing verify: a lock's display lists drawn again give the locked
/// pixels — checked against the hashes the lock recorded when it was made, for the job that
/// made it and for a job whose spring (and so every op's geometry) is another.
final class LockedReferenceTests: XCTestCase {
    func settings(_ preset: TransitionPreset, select: Int = 3) -> RenderSettings {
        var settings = RenderSettings.small(preset, select: select)
        settings.scene.device = TestScenes.tinyDevice
        settings.framesPerSecond = 15
        return settings
    }

    func testALockDrawnAgainHasItsOwnPixelHashes() throws {
        for preset in [TransitionPreset.push, .zoomPop, .cardPush, .dismiss] {
            let job = try RenderJob(settings: settings(preset, select: preset == .cardPush ? 1 : 3))
            let lock = try SequenceLock.make(job: job)
            let reference = try LockedReference(lock: lock, job: job)
            XCTAssertEqual(reference.count, lock.frames.count, "\(preset)")
            XCTAssertEqual(reference.undrawnOps, Array(repeating: 0, count: lock.frames.count), "\(preset): every text and path op found")
            XCTAssertEqual(
                (0..<reference.count).map { SequenceLock.pixelHash(reference.image(at: $0)) }, lock.frames.map(\.pixelHash), "\(preset)")
        }
    }

    func testAnotherSpringStillDrawsTheLockedFrames() throws {
        let locked = try RenderJob(settings: settings(.push))
        let lock = try SequenceLock.make(job: locked)
        var stiffer = settings(.push)
        stiffer.timing = Timing(curve: .spring(dampingRatio: 0.8, initialVelocity: 0), durationSeconds: 0.5)
        let current = try RenderJob(settings: stiffer)
        XCTAssertFalse(lock.differences(to: try SequenceLock.make(job: current)).isEmpty, "the springs differ")
        let reference = try LockedReference(lock: lock, job: current)
        XCTAssertEqual((0..<reference.count).map { SequenceLock.pixelHash(reference.image(at: $0)) }, lock.frames.map(\.pixelHash))
    }

    func testATextWhoseGlyphsChangedIsCountedNotDrawn() throws {
        let job = try RenderJob(settings: settings(.push))
        var lock = try SequenceLock.make(job: job)
        let textLine = try XCTUnwrap(lock.frames[0].ops.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("text ") })
        lock.frames[0].ops[textLine] = lock.frames[0].ops[textLine].replacingOccurrences(of: "glyphs=", with: "glyphs=9")
        let reference = try LockedReference(lock: lock, job: job)
        XCTAssertEqual(reference.undrawnOps[0], 1)
        XCTAssertNotEqual(SequenceLock.pixelHash(reference.image(at: 0)), lock.frames[0].pixelHash)
        XCTAssertEqual(SequenceLock.pixelHash(reference.image(at: 1)), lock.frames[1].pixelHash)
    }
}
