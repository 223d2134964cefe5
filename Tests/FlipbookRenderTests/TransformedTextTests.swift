import Flipbook
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import FlipbookTesting
import FlipbookText
import Foundation
import XCTest

/// Text on a rotated, flipped or unevenly scaled layer (`transformedText`): the glyphs turn
/// with their layer, drawn upright offscreen and resampled through the transform.
final class TransformedTextTests: XCTestCase {
    /// A 200×200 pt screen at `scale` with one black label, "Flipbook 17", in a square layer
    /// filling it, under `transform`.
    func job(_ transform: LayerTransform, scale: Double = 1, color: StraightColor = .black) throws -> RenderJob {
        let device = Device(name: "square", sizePoints: Size(width: 200, height: 200), scale: scale)
        var window = Layer(name: "window", frame: device.bounds)
        window.backgroundColor = .white
        var label = Layer(name: "label", frame: device.bounds)
        label.text = TextContent(
            string: "Flipbook 17", sizePoints: 24, weight: .bold, baselineOrigin: Point(x: 37.3, y: 109.6), color: color)
        label.transform = transform
        window.sublayers = [label]
        let transition = Transition(
            name: "turned", device: device, window: window,
            timing: Timing(curve: .bezier(.linear), durationSeconds: 0.1), statusBar: nil)
        var settings = RenderSettings(transition: transition)
        settings.sceneFontDirectory = Package.fixtureFonts
        settings.labelFontPath = Package.fixtureFont
        return try RenderJob(settings: settings)
    }

    /// The frame's text ops (upright or transformed).
    func textOps(_ job: RenderJob) throws -> [DisplayOp] {
        try job.displayList(frameIndex: 0).ops.filter {
            switch $0 {
            case .text, .transformedText: return true
            default: return false
            }
        }
    }

    /// Upright or evenly scaled: a `text` op in window points (scaled layout); rotated, flipped
    /// or unevenly scaled: a `transformedText` op in the layer's points with the layer's matrix.
    func testOpsFollowTheTransform() throws {
        guard case let .text(upright, uprightOrigin, _, _, _)? = try textOps(job(.identity)).first else { return XCTFail("no text op") }
        guard case let .text(doubled, _, _, _, _)? = try textOps(job(LayerTransform(scale: Size(width: 2, height: 2)))).first else {
            return XCTFail("an even scale keeps a text op")
        }
        XCTAssertEqual(doubled.lines[0].runs[0].sizePoints, 48)
        for transform in [
            LayerTransform(rotationDegrees: 30), LayerTransform(scale: Size(width: 2, height: 1)),
            LayerTransform(scale: Size(width: -1, height: 1))
        ] {
            guard case let .transformedText(layout, origin, matrix, color, _, _)? = try textOps(job(transform)).first else {
                XCTFail("\(transform): no transformedText op"); continue
            }
            XCTAssertEqual(layout, upright, "laid out in the layer's points, unscaled")
            XCTAssertEqual(origin, uprightOrigin, "the layer's points (the layer fills the screen)")
            XCTAssertEqual(color, .black)
            // The layer's matrix about its centre (100, 100).
            let expected = Transform2D(translationX: -100, y: -100).concatenating(transform.affineTransform)
                .concatenating(Transform2D(translationX: 100, y: 100))
            for (a, b) in zip(
                [matrix.a, matrix.b, matrix.c, matrix.d, matrix.tx, matrix.ty],
                [expected.a, expected.b, expected.c, expected.d, expected.tx, expected.ty])
            {
                XCTAssertEqual(a, b, accuracy: 1e-9, "\(transform)")
            }
        }
    }

    /// A quarter turn maps device pixels onto device pixels, and the bitmap's grid is aligned to
    /// them: the turned label is the upright one turned, pixel for pixel (black text composites
    /// without rounding), at @1x and @2x.
    func testQuarterTurnsAreTheUprightPixelsTurned() throws {
        for scale in [1.0, 2.0] {
            let upright = try job(.identity, scale: scale).renderFrame(0)
            for quarter in 1...3 {
                let turned = try job(LayerTransform(rotationDegrees: Double(90 * quarter)), scale: scale).renderFrame(0)
                let n = upright.width
                var expected = upright.pixels
                for y in 0..<n {
                    for x in 0..<n {
                        // Clockwise by 90°·q about the centre: (x, y) → (n−1−y, x) per quarter.
                        var (tx, ty) = (x, y)
                        for _ in 0..<quarter { (tx, ty) = (n - 1 - ty, tx) }
                        expected[ty * n + tx] = upright.pixels[y * n + x]
                    }
                }
                let differing = zip(turned.pixels, expected).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "@\(Int(scale))x, \(90 * quarter)°")
            }
        }
    }

    /// A 30° turn at @2x: the ink lies along the turned baseline (a pixel golden), and a group
    /// fading the label draws the same picture at half strength (the bounds of a turned text op).
    func testThirtyDegreesGolden() throws {
        let image = try job(LayerTransform(rotationDegrees: 30), scale: 2).renderFrame(0)
        assertGolden(of: image, as: .image, named: "flipbook-30deg-2x")
        // Ink: dark pixels' extent is wider than tall but far taller than the upright line's.
        func inkRows(_ image: PremultipliedImage) -> Int {
            (0..<image.height).filter { y in (0..<image.width).contains { x in image.pixels[y * image.width + x] & 0xFF < 128 } }.count
        }
        let upright = try job(.identity, scale: 2).renderFrame(0)
        XCTAssertGreaterThan(inkRows(image), 2 * inkRows(upright), "the line climbs with the turn")
    }
}
