import FlipbookCodecs
import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookRaster
import FlipbookRender
import FlipbookText
import FlipbookUIKit
import Foundation
import XCTest

/// The fixture app's activity screen (Tests/Fixtures/uikit-app/Animations), written for iOS:
/// a keyframe pop, a group that fades and raises a badge and stays, a spring, a CATransition
/// push and an animation chained from `animationDidStop`, recorded on a 320 × 568 pt screen at
/// @1x and drawn; each value worked out here from the animation's numbers and curves.
final class ActivityAnimationsTests: XCTestCase {
    @MainActor private func record() throws -> TransitionAnimator {
        var device = Device.iPhoneSE
        device.scale = 1
        let transition = try Transition.record(device: device) { window in
            let screen = ActivityViewController()
            window.rootViewController = screen
            screen.refreshFinished()
        }
        return try TransitionAnimator(transition)
    }

    private func layer(_ name: String, _ animator: TransitionAnimator, at t: Double) -> Layer {
        animator.layer(named: name, in: animator.window(atSeconds: t, isFinal: false))!
    }

    /// A timing curve with control points (x1, y1), (x2, y2) at fraction x, by bisection.
    private func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<100 { let mid = (low + high) / 2; if coordinate(mid, x1, x2) < x { low = mid } else { high = mid } }
        return coordinate(low, y1, y2)
    }

    /// The fixture fonts (Tests/Fixtures/fonts), so the labels are drawn.
    private static let typesetter = Typesetter(
        fonts: try! FontCollection(directory: fixtureApp.deletingLastPathComponent().appendingPathComponent("fonts").path))

    /// The frame at `t` at @1x (FLIPBOOK_TEST_FRAMES=<folder> writes it, to look at).
    private func render(_ animator: TransitionAnimator, at t: Double) -> PremultipliedImage {
        let window = animator.window(atSeconds: t, isFinal: false)
        let ops = animator.displayOps(flattening: window, typesetter: Self.typesetter)
        let list = DisplayList(device: animator.transition.device, frameIndex: 0, timeSeconds: t, progress: t, ops: ops)
        let image = FrameRasterizer(images: try! ImageStore(sources: [], threads: 1)).render(list)
        if let folder = ProcessInfo.processInfo.environment["FLIPBOOK_TEST_FRAMES"] {
            try? PNGEncoder.write(image, toPath: "\(folder)/activity-\(String(format: "%.3f", t)).png")
        }
        return image
    }

    @MainActor func testThePopReachesEachScaleAtItsKeyTime() async throws {
        let animator = try record()
        for (t, scale) in [(0.2, 1.2), (0.35, 0.9), (0.5, 1.0)] {
            XCTAssertEqual(layer("like", animator, at: t).transform.scale.width, scale, accuracy: 1e-9, "t = \(t)")
        }
        // Half the first interval on its ease-out (0, 0, 0.58, 1).
        XCTAssertEqual(layer("like", animator, at: 0.1).transform.scale.width, 1 + 0.2 * curve(0, 0, 0.58, 1, at: 0.5), accuracy: 1e-7)
    }

    @MainActor func testTheBadgeFadesAndRisesAndStays() async throws {
        let animator = try record()
        let mid = layer("badge", animator, at: 0.2)
        XCTAssertEqual(mid.opacity, curve(0, 0, 0.58, 1, at: 0.5), accuracy: 1e-7)
        XCTAssertEqual(mid.frame.y, 58 + 15, accuracy: 1e-9)
        let after = layer("badge", animator, at: 0.8)
        XCTAssertEqual(after.opacity, 1)
        XCTAssertEqual(after.frame.y, 58, accuracy: 1e-9)
    }

    @MainActor func testTheCardFollowsTheSpringsClosedForm() async throws {
        let animator = try record()
        // m 1, k 170, c 12: a = c/2m = 6, ωd = √(170 − 36); progress 1 − e^(−at)(cos ωd t + a/ωd sin ωd t).
        let wd = 134.0.squareRoot()
        for t in [0.05, 0.15, 0.3] {
            let progress = 1 - exp(-6 * t) * (cos(wd * t) + 6 / wd * sin(wd * t))
            XCTAssertEqual(layer("card", animator, at: t).frame.x, 24 + 150 * progress, accuracy: 1e-7, "t = \(t)")
        }
    }

    @MainActor func testTheStatusIsPushedInFromTheRight() async throws {
        let animator = try record()
        let window = animator.window(atSeconds: 0.175, isFinal: false)
        // Half the time on ease-in-ease-out, symmetric about (½, ½): each text is 120 pt along.
        let status = animator.layer(named: "status", in: window)!
        XCTAssertEqual(status.text?.string, "Up to date")
        XCTAssertEqual(status.transform.translation.x, 120, accuracy: 1e-9)
        func find(_ layer: Layer) -> Layer? {
            if layer.sublayers.first?.text?.string == "Syncing…" { return layer }
            return layer.sublayers.lazy.compactMap(find).first
        }
        let old = try XCTUnwrap(find(window))
        XCTAssertEqual(old.transform.translation.x, -120, accuracy: 1e-9)
        XCTAssertEqual(animator.layer(named: "status", in: animator.window(atSeconds: 0.4, isFinal: false))!.transform, .identity)
    }

    @MainActor func testTheDotComesBackFromAnimationDidStop() async throws {
        let animator = try record()
        XCTAssertEqual(layer("dot", animator, at: 0.15).frame.x, 124, accuracy: 1e-9)
        XCTAssertEqual(layer("dot", animator, at: 0.3).frame.x, 224, accuracy: 1e-9)
        XCTAssertEqual(layer("dot", animator, at: 0.45).frame.x, 224 - 200 * curve(0.42, 0, 1, 1, at: 0.5), accuracy: 1e-7)
        XCTAssertEqual(layer("dot", animator, at: 0.61).frame.x, 24, accuracy: 1e-9)
    }

    @MainActor func testTheFramesDrawWhatTheValuesSay() async throws {
        let animator = try record()
        for t in [0.0, 0.1, 0.175, 0.3, 0.45] { _ = render(animator, at: t) }
        // The card's centre at 0.3 s, and where it started: green, then white.
        let image = render(animator, at: 0.3)
        let wd = 134.0.squareRoot(), t = 0.3
        let x = 24 + 150 * (1 - exp(-6 * t) * (cos(wd * t) + 6 / wd * sin(wd * t)))
        let inside = image[Int(x + 60), 180], start = image[30, 180]
        XCTAssertEqual([inside.red, inside.green, inside.blue], [51, 179, 115])
        XCTAssertEqual([start.red, start.green, start.blue], [255, 255, 255])
    }
}
