import FlipbookCodecs
import FlipbookGeometry
import FlipbookModel
import FlipbookRaster
import FlipbookRender
import FlipbookUIKit
import Foundation
import XCTest

/// The fixture app's 3-D transitions (Tests/Fixtures/uikit-app/Transitions), written for iOS:
/// a hinge side menu, a "NatGeo" page turn and a card flip, recorded on a small phone at @1x
/// and drawn; the edges expected at each time worked out from the matrices the fixtures set and
/// Core Animation's interpolation of their parts, not read from the renderer.
final class Transform3DFixtureTests: XCTestCase {
    /// The iPhone SE's screen at one pixel per point.
    private let device = Device(name: "se", sizePoints: Size(width: 320, height: 568), scale: 1)

    private func render(_ animator: TransitionAnimator, at t: Double, _ name: String, isFinal: Bool = false) -> PremultipliedImage {
        CircularRevealTests.render(animator, at: t, isFinal: isFinal, name: name)
    }

    private func rgb(_ image: PremultipliedImage, _ x: Double, _ y: Double) -> [Int] {
        let p = image[Int(x), Int(y)]
        return [Int(p.red), Int(p.green), Int(p.blue)]
    }

    /// An sRGB colour's 8-bit components, as the fixtures write them.
    private func bytes(_ r: Double, _ g: Double, _ b: Double) -> [Int] { [r, g, b].map { Int(($0 * 255).rounded()) } }

    // MARK: Hinge side menu

    @MainActor func testTheHingeMenuUnfoldsAboutItsLeftEdgeWhileTheMainScreenSlides() async throws {
        let transition = try Transition.record(device: device) { window in
            let screen = HingeMenuViewController()
            window.rootViewController = screen
            screen.menuButton.sendActions(for: .touchUpInside)
        }
        let animator = try TransitionAnimator(transition)
        let orange = bytes(0.95, 0.55, 0.15), white = [255, 255, 255]
        // Folded edge-on at the start: only the main screen.
        let start = render(animator, at: 0, "hinge")
        XCTAssertEqual(rgb(start, 100, 300), white)
        // Half way (ease-in-ease-out is symmetric: progress ½ at 0.25 s). The closed menu is
        // T(120)·Ry(90°)·T(−120)·P(500), m44 = 1 + 120/500 = 1.24; divided by it, its parts are
        // scale 1/1.24, translation (−120, 0, −120)/1.24, rotation 90° about y, perspective
        // (0, 0, −1/500) and w 1/1.24; the open menu's are the identity's. Half of each: scale
        // and w s = (1 + 1/1.24)/2, translation (−60, 0, −60)/1.24, 45° about y, m34 part
        // −1/1000. Put back, a menu point (x, y) from the anchor (120, 284) lands at
        // (s·x·cos 45° − 60/1.24, s·y) / (s·x·cos 45°/1000 + s + (60/1.24)/1000).
        let c = 0.5.squareRoot(), s = (1 + 1 / 1.24) / 2
        func w(_ x: Double) -> Double { s * x * c / 1000 + s + 60 / 1.24 / 1000 }
        func screenX(_ x: Double) -> Double { 120 + (s * x * c - 60 / 1.24) / w(x) }
        let half = render(animator, at: 0.25, "hinge")
        // The main screen has slid half the menu's width: the menu shows left of x = 120; its
        // left edge has drifted off the screen (a matrix animation moves the hinge, as on iOS).
        XCTAssertLessThan(screenX(-120), 0)
        XCTAssertEqual(rgb(half, 60, 284), orange)
        XCTAssertEqual(rgb(half, 130, 284), white)
        // The menu's top edge at x = 60.5: the menu point there (screenX is increasing).
        var low = -120.0, high = 120.0
        for _ in 0..<80 { let mid = (low + high) / 2; if screenX(mid) < 60.5 { low = mid } else { high = mid } }
        let top = 284 - s * 284 / w(low)
        XCTAssertEqual(rgb(half, 60, top + 1.5), orange)
        XCTAssertNotEqual(rgb(half, 60, top - 1.5), orange)
        // Open: the menu flat at 0…240, the main screen moved right by 240.
        let end = render(animator, at: animator.durationSeconds, "hinge", isFinal: true)
        XCTAssertEqual(rgb(end, 10, 300), orange)
        XCTAssertEqual(rgb(end, 235, 300), orange)
        XCTAssertEqual(rgb(end, 245, 300), white)
    }

    // MARK: Page turn

    @MainActor func testTheCoverTurnsOpenAboutItsLeftEdgeOverAnArticleComingForward() async throws {
        let transition = try Transition.record(device: device) { window in
            let cover = MagazineCoverViewController()
            let navigation = UINavigationController(rootViewController: cover)
            navigation.setNavigationBarHidden(true, animated: false)
            window.rootViewController = navigation
            cover.openButton.sendActions(for: .touchUpInside)
        }
        let animator = try TransitionAnimator(transition)
        let yellow = bytes(0.98, 0.8, 0.1), white = [255, 255, 255]
        let start = render(animator, at: 0, "page-turn")
        XCTAssertEqual(rgb(start, 10, 284), yellow)
        XCTAssertEqual(rgb(start, 310, 284), yellow)
        // Half way (0.4 s of 0.8, progress ½): the cover turned −45° about its left edge with
        // m34 = −1/1000 (its own components, interpolated one by one): its right edge, 320 pt
        // from the hinge, at 320·cos 45° / (1 − 320·sin 45°/1000) = 292.45.
        let c = 0.5.squareRoot()
        let rightEdge = 320 * c / (1 - 320 * c / 1000)
        XCTAssertEqual(rightEdge, 292.45, accuracy: 0.01)
        let half = render(animator, at: 0.4, "page-turn")
        XCTAssertEqual(rgb(half, rightEdge - 2, 200), yellow)
        XCTAssertEqual(rgb(half, rightEdge + 2, 200), white)
        // The article, T(0, 0, −150)·P(1000) at the start, half way at translation −75 and
        // m34 −1/2000: w = 1 + 75/2000, scaled by 1/w about its centre (160, 284): the
        // headline's top, 250 in the article, at 284 − 34/w, showing right of the cover.
        let headline = bytes(0.1, 0.2, 0.5), top = 284 - 34 / (1 + 75.0 / 2000)
        XCTAssertEqual(rgb(half, 305, top + 1.5), headline)
        XCTAssertEqual(rgb(half, 305, top - 1.5), white)
        // The end: the article alone, flat.
        let end = render(animator, at: animator.durationSeconds, "page-turn", isFinal: true)
        XCTAssertEqual(rgb(end, 100, 251), headline)
        XCTAssertEqual(rgb(end, 100, 248), white)
    }

    // MARK: Card flip

    @MainActor func testTheCardFlipsAboutYThroughItsContainersPerspective() async throws {
        var controller: CardFlipViewController?
        let transition = try Transition.record(device: device) { window in
            let screen = CardFlipViewController()
            controller = screen
            window.rootViewController = screen
            screen.flip(screen)
        }
        XCTAssertNotNil(controller)
        let animator = try TransitionAnimator(transition)
        let redFace = bytes(0.85, 0.15, 0.2), blueFace = bytes(0.15, 0.3, 0.75), background = bytes(0.93, 0.93, 0.93)
        XCTAssertEqual(rgb(render(animator, at: 0, "card-flip"), 160, 284), redFace)
        // At 0.15 s of 0.6 the front has turned π·p, p the ease-in-ease-out at ¼; through the
        // container's m34 = −1/600 about the card's centre (160, 284) its edges are at
        // 160 ± 100·cos θ / (1 ± 100·sin θ / 600).
        let theta = Double.pi * CircularRevealTests.easeInEaseOut(0.25)
        let right = 160 + 100 * cos(theta) / (1 + 100 * sin(theta) / 600), left = 160 - 100 * cos(theta) / (1 - 100 * sin(theta) / 600)
        let quarter = render(animator, at: 0.15, "card-flip")
        XCTAssertEqual(rgb(quarter, left + 1.5, 284), redFace)
        XCTAssertEqual(rgb(quarter, left - 1.5, 284), background)
        XCTAssertEqual(rgb(quarter, right - 1.5, 284), redFace)
        XCTAssertEqual(rgb(quarter, right + 1.5, 284), background)
        // Past edge-on the front shows its back and is not drawn; the back face, turned from
        // −π, now faces the viewer.
        XCTAssertEqual(rgb(render(animator, at: 0.45, "card-flip"), 160, 284), blueFace)
        XCTAssertEqual(rgb(render(animator, at: animator.durationSeconds, "card-flip", isFinal: true), 160, 284), blueFace)
    }
}
