import FlipbookCodecs
import FlipbookGeometry
import FlipbookModel
import FlipbookRaster
import FlipbookRender
import FlipbookUIKit
import Foundation
import XCTest

/// The fixture app's circular reveal (Tests/Fixtures/uikit-app/Transitions), written for iOS:
/// a `CAShapeLayer` mask whose circle path animates from the tapped button to one covering the
/// screen, recorded and drawn; the circle's radius at each time worked out from its two paths
/// and Core Animation's ease-in-ease-out curve, not read from the renderer.
final class CircularRevealTests: XCTestCase {
    /// The frame at `t` as drawn on the recording's device; written as `name-t.png` to look at.
    static func render(_ animator: TransitionAnimator, at t: Double, isFinal: Bool = false, name: String = "reveal") -> PremultipliedImage {
        let window = animator.window(atSeconds: t, isFinal: isFinal)
        let ops = animator.displayOps(flattening: window, typesetter: nil)
        let list = DisplayList(device: animator.transition.device, frameIndex: 0, timeSeconds: t, progress: t, ops: ops)
        let image = FrameRasterizer(images: try! ImageStore(sources: [], threads: 1)).render(list)
        // FLIPBOOK_TEST_FRAMES=<folder> writes each frame drawn, to look at.
        if let folder = ProcessInfo.processInfo.environment["FLIPBOOK_TEST_FRAMES"] {
            try? PNGEncoder.write(image, toPath: "\(folder)/\(name)-\(isFinal ? "final" : String(format: "%.3f", t)).png")
        }
        return image
    }

    /// The pixel whose top-left corner is at (x, y) points, as [r, g, b].
    static func pixel(_ image: PremultipliedImage, _ x: Double, _ y: Double) -> [Int] {
        let p = image[Int(x * 2), Int(y * 2)]
        return [Int(p.red), Int(p.green), Int(p.blue)]
    }

    /// Core Animation's ease-in-ease-out (control points (0.42, 0), (0.58, 1), Apple's
    /// documented values) at the fraction `x` of the duration: the curve's y where its x is `x`,
    /// found by bisection on the Bézier parameter.
    static func easeInEaseOut(_ x: Double) -> Double {
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if coordinate(mid, 0.42, 0.58) < x { low = mid } else { high = mid }
        }
        return coordinate((low + high) / 2, 0, 1)
    }

    @MainActor
    private func recordReveal() throws -> Transition {
        try Transition.record { window in
            let menu = RevealMenuViewController()
            window.rootViewController = menu
            menu.revealButton.sendActions(for: .touchUpInside)
        }
    }

    /// The button: 60 pt at (275, 567), centre (305, 597). The farthest screen corner is (0, 0):
    /// the covering radius is √(305² + 597²); the end circle is the button's oval grown by it.
    private let center = (x: 305.0, y: 597.0)
    private let startRadius = 30.0
    private var endRadius: Double { 30 + (305.0 * 305 + 597 * 597).squareRoot() }

    @MainActor func testTheMaskIsAShapeLayerWhosePathAnimatesFromTheButtonToTheWholeScreen() async throws {
        let transition = try recordReveal()
        let animator = try TransitionAnimator(transition)
        func masked(_ layer: Layer) -> Layer? { layer.mask != nil ? layer : layer.sublayers.lazy.compactMap(masked).first }
        let detail = try XCTUnwrap(masked(animator.window(atSeconds: 0, isFinal: false)))
        let mask = try XCTUnwrap(detail.mask)
        XCTAssertEqual(mask.name, "CAShapeLayer #\(mask.name.split(separator: "#").last ?? "")")
        let reveal = try XCTUnwrap(transition.animations.first { $0.target == mask.name })
        XCTAssertEqual(reveal.timing.durationSeconds, 0.5)
        XCTAssertEqual(reveal.from.shapePath?.controlPointBounds, Rect(x: 275, y: 567, width: 60, height: 60))
        let end = try XCTUnwrap(reveal.to.shapePath?.controlPointBounds)
        XCTAssertEqual(end.width, 2 * endRadius, accuracy: 1e-9)
        XCTAssertEqual(end.midX, center.x, accuracy: 1e-9)
        // animationDidStop takes the mask away and completes the transition: the detail screen
        // is drawn whole, unmasked, in the last frame.
        let last = animator.window(atSeconds: animator.durationSeconds, isFinal: true)
        XCTAssertEqual(animator.layer(named: mask.name, in: last)?.isHidden, true)
    }

    @MainActor func testTheRevealCirclesRadiusFollowsItsPathsAndCurve() async throws {
        let animator = try TransitionAnimator(try recordReveal())
        let blue = [26, 77, 230], white = [255, 255, 255]
        for t in [0.1, 0.25, 0.4] {
            // Both ovals are four cubics about the same centre: blended point by point, the
            // circle of the blended radius.
            let radius = startRadius + (endRadius - startRadius) * Self.easeInEaseOut(t / 0.5)
            let image = Self.render(animator, at: t)
            // Straight up from the centre (the pixel's centre is 0.25 pt below its corner).
            let inside = center.y - radius + 2, outside = center.y - radius - 2.5
            if inside > 0 { XCTAssertEqual(Self.pixel(image, center.x, inside), blue, "t = \(t), radius \(radius)") }
            if outside > 0 { XCTAssertEqual(Self.pixel(image, center.x, outside), white, "t = \(t), radius \(radius)") }
        }
        // The end: the whole detail screen, its banner white on blue.
        let last = Self.render(animator, at: 0.5, isFinal: true)
        XCTAssertEqual(Self.pixel(last, 5, 5), blue)
        XCTAssertEqual(Self.pixel(last, 100, 150), white)
        XCTAssertEqual(Self.pixel(last, 100, 300), blue)
    }

    @MainActor func testAtTheStartTheCircleCoversTheButtonsArea() async throws {
        let animator = try TransitionAnimator(try recordReveal())
        let image = Self.render(animator, at: 0)
        // Red is 255 in the white screen and the pink button alike, 26 in the detail: each
        // pixel's coverage by the circle is (255 − red) / 229. Summed over the button's box and
        // divided by 4 (pixels per point²), the area of a circle of radius 30: π·30², within the
        // four-cubic circle's 0.03 % and the 8-bit rounding.
        var covered = 0.0
        for y in (567 * 2)..<(627 * 2) {
            for x in (275 * 2)..<(335 * 2) { covered += (255 - Double(image[x, y].red)) / 229 }
        }
        XCTAssertEqual(covered / 4, Double.pi * 900, accuracy: Double.pi * 900 * 0.005)
        XCTAssertEqual(Self.pixel(image, 100, 300), [255, 255, 255], "the menu elsewhere")
    }

    // MARK: The bubble: a view as the mask

    @MainActor func testTheBubbleMaskViewGrowsAsItsTransformIsAnimated() async throws {
        let transition = try Transition.record { window in
            let screen = BubbleMenuViewController()
            window.rootViewController = screen
            screen.presentDetail()
        }
        let animator = try TransitionAnimator(transition)
        let blue = [26, 77, 230], white = [255, 255, 255]
        // The bubble is a circle of the covering radius R about the button's centre, scaled by
        // 0.001 → 1 on UIKit's ease-in-out (the same control points as Core Animation's).
        let coveringRadius = (305.0 * 305 + 597 * 597).squareRoot()
        for t in [0.15, 0.25, 0.35] {
            let scale = 0.001 + 0.999 * Self.easeInEaseOut(t / 0.5)
            let radius = coveringRadius * scale
            let image = Self.render(animator, at: t)
            let inside = center.y - radius + 2, outside = center.y - radius - 2.5
            if inside > 0 { XCTAssertEqual(Self.pixel(image, center.x, inside), blue, "t = \(t), radius \(radius)") }
            if outside > 0 { XCTAssertEqual(Self.pixel(image, center.x, outside), white, "t = \(t), radius \(radius)") }
        }
        let start = Self.render(animator, at: 0)
        XCTAssertEqual(Self.pixel(start, center.x + 20, center.y), [255, 51, 102], "the menu's button, not yet covered")
        let last = Self.render(animator, at: 0.5, isFinal: true)
        XCTAssertEqual(Self.pixel(last, 5, 5), blue, "the mask taken away: the whole detail screen")
    }
}
