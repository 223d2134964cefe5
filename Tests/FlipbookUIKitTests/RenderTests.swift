import Flipbook
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookRender
import FlipbookScenes
import FlipbookUIKit
import Foundation
import XCTest

/// Recorded UIKit code through the existing pipeline: display lists, pixels, transition files.
final class RenderTests: XCTestCase {
    private static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Samples/photos").standardizedFileURL

    /// A red square slides right; a photo fades in, aspect-filled and clipped with rounded corners.
    @MainActor
    private func recordSample() throws -> Transition {
        try Transition.record(resources: RenderTests.photos) { window in
            window.backgroundColor = .white
            let square = UIView(frame: CGRect(x: 0, y: 100, width: 100, height: 100))
            square.backgroundColor = .red
            square.accessibilityIdentifier = "square"
            window.addSubview(square)
            let photo = UIImageView(image: UIImage(named: "arches"))
            photo.accessibilityIdentifier = "photo"
            photo.frame = CGRect(x: 20, y: 300, width: 200, height: 120)
            photo.contentMode = .scaleAspectFill
            photo.clipsToBounds = true
            photo.layer.cornerRadius = 12
            photo.alpha = 0
            window.addSubview(photo)
            UIView.animate(
                withDuration: 1, delay: 0, options: .curveLinear,
                animations: {
                    square.center.x = 250
                    photo.alpha = 1
                })
        }
    }

    private func displayList(_ animator: TransitionAnimator, at t: Double) -> DisplayList {
        let window = animator.window(atSeconds: t, isFinal: false)
        let ops = DisplayList.ops(flattening: window, screen: animator.transition.device.bounds) { animator.initialLayer(named: $0) }
        return DisplayList(device: animator.transition.device, frameIndex: 0, timeSeconds: t, progress: t, ops: ops)
    }

    @MainActor func testRecordedAnimatorRendersThroughThePipeline() async throws {
        let transition = try recordSample()
        let animator = try TransitionAnimator(transition)
        let list = displayList(animator, at: 0.5)
        // The square's centre went 50 → 250 linearly: x 100…200 at half time.
        XCTAssertTrue(
            list.ops.contains { op in
                if case let .fill(rect, color, opacity, _) = op {
                    return rect == Rect(x: 100, y: 100, width: 100, height: 100) && color == .init(red: 1, green: 0, blue: 0)
                        && opacity == 1
                }
                return false
            }, "\(list.ops)")
        let imagePath = RenderTests.photos.appendingPathComponent("arches.jpg").path
        XCTAssertTrue(
            list.ops.contains { op in
                switch op {
                case let .image(source, _, mode, opacity, clip):
                    return source == imagePath && mode == .scaleAspectFill && abs(opacity - 0.5) < 1e-12 && clip != nil
                case let .group(opacity, ops): return abs(opacity - 0.5) < 1e-12 && !ops.isEmpty
                default: return false
                }
            }, "\(list.ops)")

        let images = try ImageStore(sources: [imagePath], threads: 1)
        let image = FrameRasterizer(images: images).render(list)
        let scale = 2
        let inside = image[150 * scale, 150 * scale], outside = image[50 * scale, 150 * scale]
        XCTAssertEqual([inside.red, inside.green, inside.blue, inside.alpha], [255, 0, 0, 255])
        XCTAssertEqual([outside.red, outside.green, outside.blue], [255, 255, 255])
        // The photo at half opacity: neither white nor fully the photo; the rounded corner's
        // outermost pixel stays white.
        let corner = image[20 * scale, 300 * scale], middle = image[120 * scale, 360 * scale]
        XCTAssertEqual([corner.red, corner.green, corner.blue], [255, 255, 255])
        XCTAssertNotEqual([middle.red, middle.green, middle.blue], [255, 255, 255])
    }

    @MainActor func testExportedTransitionFileRendersTheSameFrames() async throws {
        let transition = try recordSample()
        let folder = FileManager.default.temporaryDirectory.path
        let json = TransitionFile.json(for: transition, relativeTo: folder)
        let reread = try TransitionFile(data: Data(json.utf8), path: folder + "/uikit.json").transition(photos: [], options: SceneOptions())
        let original = try TransitionAnimator(transition), copy = try TransitionAnimator(reread)
        XCTAssertEqual(original.durationSeconds, copy.durationSeconds)
        for t in [0.0, 0.25, 0.5, 0.999, 1] {
            XCTAssertEqual(displayList(original, at: t).ops, displayList(copy, at: t).ops, "t = \(t)")
        }
    }
}

final class SnapshotTests: XCTestCase {
    @MainActor func testAResizableSnapshotShowsItsPartStretchedWithTheSnapshot() async throws {
        let transition = try Transition.record { window in
            let source = UIView(frame: CGRect(x: 0, y: 100, width: 200, height: 100))
            source.accessibilityIdentifier = "source"
            source.backgroundColor = .blue
            window.addSubview(source)
            let part = source.resizableSnapshotView(
                from: CGRect(x: 100, y: 0, width: 100, height: 100), afterScreenUpdates: false, withCapInsets: .zero)!
            part.accessibilityIdentifier = "part"
            part.frame = CGRect(x: 0, y: 300, width: 100, height: 100)
            window.addSubview(part)
            UIView.animate(
                withDuration: 1, delay: 0, options: .curveLinear, animations: { part.frame = CGRect(x: 0, y: 300, width: 200, height: 200) }
            )
        }
        let animator = try TransitionAnimator(transition)
        let start = try XCTUnwrap(animator.initialLayer(named: "part content"))
        XCTAssertEqual(start.snapshotOf, "source")
        // The right half of a 200-wide source: drawn from x −100 in a 100-wide snapshot.
        XCTAssertEqual(start.frame, Rect(x: -100, y: 0, width: 200, height: 100))
        XCTAssertTrue(animator.initialLayer(named: "part")!.clipsToBounds)
        // At half time the snapshot is 150 wide: the content is scaled by 1.5.
        XCTAssertEqual(
            animator.layer(named: "part content", in: animator.window(atSeconds: 0.5, isFinal: false))!.frame,
            Rect(x: -150, y: 0, width: 300, height: 150))
    }
}
