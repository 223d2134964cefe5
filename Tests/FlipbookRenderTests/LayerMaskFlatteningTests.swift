import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookRender
import Foundation
import XCTest

/// A layer's `mask` and a shape layer's content in the flattener and the rasterizer: only a
/// masked layer takes the offscreen pass, its mask in its own coordinates; the drawn coverage
/// is the mask's area, worked out by hand.
final class LayerMaskFlatteningTests: XCTestCase {
    private let screen = Rect(x: 0, y: 0, width: 100, height: 100)
    private let red = StraightColor(red: 1, green: 0, blue: 0)

    /// A red 80 × 80 panel at (10, 10), scrolled by (5, 0), its mask a circle of radius 20 about
    /// (40, 40) in the panel's bounds coordinates (a shape layer), the panel at `opacity`.
    private func panel(opacity: Double = 1, maskHidden: Bool = false) -> Layer {
        var panel = Layer(name: "panel", frame: Rect(x: 10, y: 10, width: 80, height: 80))
        panel.backgroundColor = red
        panel.opacity = opacity
        panel.boundsOrigin = Point(x: 5, y: 0)
        var mask = Layer(name: "mask", frame: .zero)
        var circle = ShapeContent()
        circle.path.addEllipse(in: Rect(x: 20, y: 20, width: 40, height: 40))
        mask.shapeContent = circle
        mask.isHidden = maskHidden
        panel.mask = mask
        var root = Layer(name: "root", frame: screen)
        root.sublayers = [panel]
        return root
    }

    func testOnlyAMaskedLayerIsDrawnOffscreenWithTheMaskInItsBoundsCoordinates() throws {
        let ops = DisplayList.ops(flattening: panel(opacity: 0.5), screen: screen)
        guard ops.count == 1, case let .layerMaskedGroup(opacity, mask, content) = ops[0] else { return XCTFail("\(ops)") }
        XCTAssertEqual(opacity, 0.5, "the layer's opacity is the group's")
        XCTAssertEqual(content, [.fill(rect: Rect(x: 10, y: 10, width: 80, height: 80), color: red, opacity: 1, clip: nil)])
        guard mask.count == 1, case let .vector(path, .fill(.nonZero), transform, color, _, _) = mask[0] else { return XCTFail("\(mask)") }
        // Bounds coordinates: the panel's origin minus its scroll.
        XCTAssertEqual(transform.apply(to: Point(x: 0, y: 0)), Point(x: 5, y: 10))
        XCTAssertEqual(path.controlPointBounds, Rect(x: 20, y: 20, width: 40, height: 40))
        XCTAssertEqual(color, .black, "a shape layer fills black by default")
        // A hidden mask masks nothing: the panel as without one.
        var plain = panel(maskHidden: true)
        XCTAssertEqual(DisplayList.ops(flattening: plain, screen: screen), [content[0]])
        plain.sublayers[0].mask = nil
        XCTAssertEqual(DisplayList.ops(flattening: plain, screen: screen), [content[0]])
    }

    func testTheMaskedAreaIsTheMasksArea() throws {
        let ops = DisplayList.ops(flattening: panel(), screen: screen)
        let list = DisplayList(
            device: Device(name: "test", sizePoints: Size(width: 100, height: 100), scale: 2), frameIndex: 0, timeSeconds: 0, progress: 0,
            ops: ops)
        let image = FrameRasterizer(images: try ImageStore(sources: [], threads: 1)).render(list)
        // Red over white: green falls from 255 as coverage rises; the covered area in points²
        // is Σ (255 − green) / 255 ÷ 4 — the circle's π·20², within the four-cubic circle's
        // 0.03 % and the 8-bit rounding.
        var covered = 0.0
        for y in 0..<image.height { for x in 0..<image.width { covered += (255 - Double(image[x, y].green)) / 255 } }
        XCTAssertEqual(covered / 4, Double.pi * 400, accuracy: Double.pi * 400 * 0.003)
        // Its centre is at the panel's (10, 10) + (40, 40) − the scroll (5, 0).
        XCTAssertEqual(image[45 * 2, 50 * 2].green, 0)
        XCTAssertEqual(image[45 * 2, 28 * 2].green, 255)
    }

    func testNestedMasksCountTowardsTheNestingLimit() {
        let fill = DisplayOp.fill(rect: Rect(x: 0, y: 0, width: 1, height: 1), color: red, opacity: 1, clip: nil)
        var mask: [DisplayOp] = [fill]
        for _ in 0..<300 { mask = [.layerMaskedGroup(opacity: 1, mask: mask, ops: [fill])] }
        XCTAssertEqual(DisplayOp.nestingDepth(of: mask), 300, "each mask a level below its group")
        XCTAssertLessThanOrEqual(DisplayOp.nestingDepth(of: DisplayOp.limitingNesting(mask)), DisplayOp.maximumNestingDepth)
    }
}
