import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import Foundation
import XCTest

@testable import Flipbook
@testable import FlipbookRender

/// Places where the presets once departed from the reference apps, each shown matching the app's code:
/// the card snapshots reproduce the resting card (`CardTransition.pushAnimation`), the carousel's bar never
/// half-transparent over the cover, card comments left-aligned (docs/REFERENCE-APPS.md, "The card carousel"), `snapshotOf`
/// stretching an aspect-fill picture as a bitmap, and the navigation samples' one fixed bar.
final class FidelityDeviationTests: XCTestCase {
    func job(_ preset: TransitionPreset, select: Int, cards: String? = nil, scale: Double = 1) throws -> RenderJob {
        var settings = RenderSettings.small(preset, select: select)
        settings.scene.device.scale = scale
        if let cards { settings.scene.cardsManifestPath = Package.path(cards) }
        return try RenderJob(settings: settings)
    }

    /// `snapshotViewAfterScreenUpdates:NO` of the cell's parts reproduces the cell: card-push's
    /// frame 0 is the resting carousel (card-pop's last frame, centred on the same card) to the
    /// pixel — no white notches at the cover's bottom corners, no square card bottom. At the
    /// iPhone 8's @2x, where the seam between cover and title (457.5 pt) is a pixel edge; at @1x
    /// that half-pixel row differs, because the app adds the cover snapshot above the title's
    /// (`CardTransition.pushAnimation` in Samples/UIKit/Cards) while the card draws the title view above its cover.
    func testCardSnapshotsReproduceTheRestingCard() throws {
        let push = try job(.cardPush, select: 1, scale: 2), pop = try job(.cardPop, select: 1, scale: 2)
        let tap = try push.renderFrame(0), resting = try pop.renderFrame(pop.sequence.count - 1)
        XCTAssertEqual(tap.pixels, resting.pixels)
        // At card-pop's frame before the last, the title snapshot lies a fraction of a point off
        // the card: its bottom-left corner is rounded (the grey carousel shows), not square (white).
        let nearlyHome = try pop.renderFrame(pop.sequence.count - 2)
        let card = CardScene(cards: [], device: push.device).cardFrame(1, centred: 1)
        let corner = pixel(nearlyHome, x: Int(card.minX * 2), y: Int(card.maxY * 2) - 1)
        XCTAssertEqual(corner.r, corner.b)
        XCTAssertLessThan(corner.r, 250, "the rounded corner shows the carousel's grey, not the white of a square snapshot")
    }

    func pixel(_ image: PremultipliedImage, x: Int, y: Int) -> (r: UInt32, g: UInt32, b: UInt32) {
        let packed = image[x, y].packed
        return (packed & 0xFF, (packed >> 8) & 0xFF, (packed >> 16) & 0xFF)
    }

    /// The carousel's bar is opaque in every frame of card push and pop: it slides off the top
    /// (0 → −64) instead of fading, so no translucent band crosses the flying cover.
    func testCarouselBarSlidesInsteadOfFading() throws {
        for preset in [TransitionPreset.cardPush, .cardPop] {
            let job = try job(preset, select: 1)
            for sample in job.sequence where sample.index < job.sequence.count - 1 {
                let window = job.animator.window(atSeconds: sample.timeSeconds, isFinal: false)
                guard let bar = job.animator.layer(named: NavigationBar.layerName, in: window), !bar.isHidden else { continue }
                XCTAssertEqual(bar.opacity, 1, "\(preset) frame \(sample.index)")
                XCTAssertTrue((-64...0).contains(bar.frame.y), "\(preset) frame \(sample.index): \(bar.frame)")
            }
        }
        // Half-way through the push (easeInEaseOut at t = 0.25 s of 0.5 s: progress 0.5) the bar is
        // half out: y = −32.
        let push = try job(.cardPush, select: 1)
        let bar = try XCTUnwrap(
            push.animator.layer(named: NavigationBar.layerName, in: push.animator.window(atSeconds: 0.25, isFinal: false)))
        XCTAssertEqual(bar.frame.y, -32, accuracy: 1e-9)
    }

    /// The card carousel sets the comment label to `NSTextAlignmentLeft`: an Arabic comment is laid out right
    /// to left but starts at the cell's left inset, x = 15 (it ended at the right inset before).
    func testArabicCommentsHugTheLeftInset() throws {
        let push = try job(.cardPush, select: 2, cards: "Samples/cards-i18n.json")
        let ops = try push.displayList(frameIndex: 48).ops
        let comments = ops.compactMap { op -> (String, Point, Double)? in
            guard case let .text(layout, origin, _, _, _) = op, let line = layout.lines.first,
                line.text.unicodeScalars.contains(where: { (0x0600...0x06FF).contains($0.value) })
            else { return nil }
            return (line.text, origin, line.widthPoints)
        }
        let below = comments.filter { $0.1.y > 380 } // the comment rows, not the title
        XCTAssertEqual(below.count, 2, "\(comments)")
        for (text, origin, width) in below {
            XCTAssertEqual(origin.x, 15, accuracy: 1e-9, text)
            XCTAssertLessThan(width, 375 - 30 - 50, "\(text) is short enough that right alignment would show")
        }
    }

    /// A `snapshotOf` a 150×150 aspect-fill photo stretched to 375×150 is the square picture
    /// stretched 2.5× across, as `snapshotView(afterScreenUpdates:)`'s bitmap is: the aspect-fill
    /// crop is made in the source's 150×150 bounds, then scaled by (2.5, 1) — not a new crop.
    func testSnapshotOfAnAspectFillImageStretchesAsABitmap() throws {
        var thumb = Layer(name: "thumb", frame: Rect(x: 0, y: 100, width: 150, height: 150))
        thumb.imageSource = "photo.jpg"
        thumb.contentMode = .scaleAspectFill
        thumb.clipsToBounds = true
        var copy = Layer(name: "copy", frame: Rect(x: 0, y: 300, width: 150, height: 150))
        copy.snapshotOf = "thumb"
        var window = Layer(name: "window", frame: Rect(x: 0, y: 0, width: 375, height: 667))
        window.sublayers = [thumb, copy]
        let transition = Transition(
            name: "stretch", device: .iPhone8, window: window,
            animations: [Animation(target: "copy", to: LayerPatch(frame: Rect(x: 0, y: 300, width: 375, height: 150)))],
            timing: Timing(curve: .bezier(.linear), durationSeconds: 0.5))
        func ops(_ transition: Transition) throws -> [DisplayOp] {
            let animator = try TransitionAnimator(transition)
            return DisplayList.ops(
                flattening: animator.window(atSeconds: 0.5, isFinal: true), screen: Rect(x: 0, y: 0, width: 375, height: 667),
                snapshotSource: { animator.initialLayer(named: $0) })
        }
        let stretched = try ops(transition).compactMap { op -> (Rect, ContentMode, Transform2D, Clip?)? in
            guard case let .transformedImage(_, rect, mode, transform, _, clip) = op else { return nil }
            return (rect, mode, transform, clip)
        }
        XCTAssertEqual(stretched.count, 1)
        XCTAssertEqual(stretched.first?.0, Rect(x: 0, y: 0, width: 150, height: 150))
        XCTAssertEqual(stretched.first?.1, .scaleAspectFill)
        XCTAssertEqual(stretched.first?.2, Transform2D(a: 2.5, b: 0, c: 0, d: 1, tx: 0, ty: 300))
        XCTAssertEqual(stretched.first?.3?.rect, Rect(x: 0, y: 300, width: 375, height: 150))
        // Stretched evenly (150 → 300 both ways) the plain image op stays: uniform scaling of an
        // aspect-fill crop is the same picture either way.
        var even = transition
        even.animations = [Animation(target: "copy", to: LayerPatch(frame: Rect(x: 0, y: 300, width: 300, height: 300)))]
        XCTAssertTrue(
            try ops(even).contains {
                if case .image(_, Rect(x: 0, y: 300, width: 300, height: 300), .scaleAspectFill, _, _) = $0 { return true }; return false
            })
    }

    /// UINavigationController's bar stays put and only its items move: in every frame of the
    /// `slide-over` and `swipe-back` samples both bars are at (0, 0, W, 64), drawn above the
    /// sliding screens and the dimming, and never dimmed or moved.
    func testNavigationSamplesKeepOneFixedBar() throws {
        for name in ["slide-over", "swipe-back"] {
            var settings = RenderSettings(transitionFile: Package.path("Samples/transitions/\(name).json"))
            settings.labelFontPath = Package.fixtureFont
            settings.sceneFontDirectory = Package.fixtureFonts
            let job = try RenderJob(settings: settings)
            for sample in job.sequence {
                let window = job.animator.window(atSeconds: sample.timeSeconds, isFinal: sample.index == job.sequence.count - 1)
                let top = window.sublayers.map(\.name)
                for bar in ["old bar", "new bar"] {
                    guard let layer = job.animator.layer(named: bar, in: window), !layer.isHidden else { continue }
                    XCTAssertEqual(layer.frame, Rect(x: 0, y: 0, width: 375, height: 64), "\(name) \(bar) frame \(sample.index)")
                    XCTAssertTrue(layer.transform.isIdentity)
                    if let dimming = top.firstIndex(of: "dimming"), let index = top.firstIndex(of: bar) {
                        XCTAssertGreaterThan(index, dimming, "\(name): the bar is above the dimming")
                    }
                }
                XCTAssertNil(job.animator.layer(named: "new screen", in: window)?.sublayers.first { $0.name.hasSuffix("bar") })
            }
        }
    }
}
