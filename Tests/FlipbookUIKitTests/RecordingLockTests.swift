import Flipbook
import FlipbookLock
import FlipbookModel
import FlipbookUIKit
import Foundation
import XCTest

/// A sequence lock of a recording names its images relative to the recording's resources folder
/// (`$RESOURCES/…`), so it holds when the folder is checked out elsewhere (a CI runner, another
/// engineer's home folder), and a lock's image is read back only from inside that folder.
final class RecordingLockTests: XCTestCase {
    private static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Samples/photos").standardizedFileURL

    /// A folder of its own under the temporary directory, removed after the test.
    private func scratchFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("recording-lock-\(ProcessInfo.processInfo.globallyUniqueString)").appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        return folder
    }

    /// An `Assets` folder of its own holding `photos/arches.jpg`.
    private func assetsFolder() throws -> URL {
        let folder = try scratchFolder("Assets")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.photos.appendingPathComponent("arches.jpg"), to: folder.appendingPathComponent("photos/arches.jpg"))
        return folder
    }

    /// A photo in a subfolder of `resources` fading and sliding in over a white window, its
    /// centre from x = 120 to `endCenterX` points.
    @MainActor
    private func record(resources: URL, endCenterX: CGFloat = 200) throws -> Transition {
        var device = Device.iPhone8
        device.scale = 0.25 // a few thousand pixels a frame: only the paths matter here
        return try Transition.record(device: device, resources: resources) { window in
            window.backgroundColor = .white
            let photo = UIImageView(image: UIImage(named: "photos/arches"))
            photo.accessibilityIdentifier = "photo"
            photo.frame = CGRect(x: 20, y: 300, width: 200, height: 120)
            photo.contentMode = .scaleAspectFill
            photo.alpha = 0
            window.addSubview(photo)
            UIView.animate(
                withDuration: 0.2, delay: 0, options: .curveLinear,
                animations: {
                    photo.alpha = 1
                    photo.center.x = endCenterX
                })
        }
    }

    private func job(_ transition: Transition) throws -> RenderJob {
        var settings = RenderSettings(transition: transition)
        settings.framesPerSecond = 20
        return try RenderJob(settings: settings)
    }

    @MainActor func testALockRecordedInOneFolderVerifiesInACopyAtAnotherPath() async throws {
        let first = try assetsFolder()
        let recorded = try record(resources: first)
        XCTAssertEqual(recorded.resourcesFolderPath, first.standardizedFileURL.path)
        let lock = try SequenceLock.make(job: try job(recorded))
        XCTAssertTrue(lock.text.contains(#"image "$RESOURCES/photos/arches.jpg""#), lock.text)
        XCTAssertFalse(lock.text.contains(first.path), "no path of the recording machine is in the lock")

        // The same folder at another path, deeper, under another name; the first one gone.
        let moved = try scratchFolder("checkout/runner/work/App/Assets")
        try FileManager.default.removeItem(at: moved)
        try FileManager.default.copyItem(at: first, to: moved)
        try FileManager.default.removeItem(at: first)
        let again = try job(try record(resources: moved))
        let verified = try SequenceLock.make(job: again)
        XCTAssertTrue(lock.differences(to: verified).isEmpty, "the lock holds in the copy")
        XCTAssertEqual(lock.text, verified.text)
        // The lock's side of a review page is drawn from the copy: the locked pixels.
        let reference = try LockedReference(lock: lock, job: again)
        XCTAssertEqual((0..<reference.count).map { SequenceLock.pixelHash(reference.image(at: $0)) }, lock.frames.map(\.pixelHash))
    }

    /// A changed frame names the view that draws each changed op, as the recording names it
    /// (its accessibility identifier here), not only its place in the display list.
    @MainActor func testADifferenceNamesTheViewOfEachChangedOp() async throws {
        let folder = try assetsFolder()
        let lock = try SequenceLock.make(job: try job(try record(resources: folder)))
        let changed = try job(try record(resources: folder, endCenterX: 180)) // 200 in the lock
        let differences = lock.differences(
            to: try SequenceLock.make(job: changed), layerNames: { changed.layerNamesOfLockLines(frameIndex: $0) })
        // Frame 1 (t = 0.05 s, a quarter of the linear 0.2 s): the photo's x is 20 + 80/4 = 40 in
        // the lock, 20 + 60/4 = 35 now.
        let frame1 = try XCTUnwrap(differences.first { $0.index == 1 })
        XCTAssertTrue(
            frame1.changes.contains { $0.contains(#"image "$RESOURCES/photos/arches.jpg" of 'photo': rect.x 40 → 35"#) },
            "\(frame1.changes)")
    }

    @MainActor func testALockMayNotNameAnImageOutsideTheResourcesFolder() async throws {
        let folder = try assetsFolder()
        let current = try job(try record(resources: folder))
        let lock = try SequenceLock.make(job: current)
        for name in [
            "$RESOURCES/../secret.png", "$RESOURCES/photos/../../secret.png", "$RESOURCES//secret.png", folder.path + "/photos/arches.jpg"
        ] {
            var hostile = lock
            for index in hostile.frames.indices {
                hostile.frames[index].ops = lock.frames[index].ops.map {
                    $0.replacingOccurrences(of: #""$RESOURCES/photos/arches.jpg""#, with: "\"\(name)\"")
                }
            }
            XCTAssertThrowsError(try LockedReference(lock: hostile, job: current), name) { error in
                XCTAssertEqual(error as? SequenceLockError, .imageOutsideRoots(name: name, roots: ["$RESOURCES", "$MANIFEST", "$SAMPLES"]))
            }
        }
    }

    @MainActor func testATransitionRecordedWithoutResourcesHasNoResourcesRoot() async throws {
        let transition = try Transition.record(device: .iPhone8) { window in window.backgroundColor = .white }
        XCTAssertNil(transition.resourcesFolderPath)
    }
}
