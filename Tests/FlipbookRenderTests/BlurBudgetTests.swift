import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookTestSupport
import XCTest

@testable import Flipbook
@testable import FlipbookRaster
@testable import FlipbookRender

/// Shadows, blurs and snapshots of them stay within the renderer's buffer budget — two frames
/// of 4-byte values, plus one band of path coverage — whatever a transition file scales them
/// by: buffers cover only what can reach the frame, and a blur too wide for that runs on a
/// coarser grid. The files here made the previous renderer allocate 188 GB, 833 GB and 1.4 TB
/// (aborting), or 6 GB for a 320 × 568 frame.
final class BlurBudgetTests: ScratchFolderTestCase {
    /// The scratch a frame of `width × height` pixels may hold at once, in 4-byte values: two
    /// frames, and one band of coverage (`AreaAccumulator.bandRows`: 2¹⁸ cells of 10 bytes).
    private func allowance(_ width: Int, _ height: Int) -> Int { 2 * width * height + (10 << 18) / 4 + width }

    /// Frame 0 of `json` (a transition file's text), drawn as the renderer draws it; the canvas
    /// keeps the most scratch it held at once. The process's peak memory may rise by that
    /// allowance and 4 MB (the frame's own small allocations) while it draws.
    private func drawFirstFrame(_ json: String, name: String) throws -> Canvas {
        let file = directory.appendingPathComponent(name + ".json").path
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        let job = try RenderJob(settings: .transitionFile(file, scale: 2))
        let list = try job.displayList(frameIndex: 0)
        let rasterizer = try job.makeRasterizer(for: [list])
        let size = list.device.pixelSize
        var canvas = Canvas(
            widthPixels: size.width, heightPixels: size.height, scale: list.device.scale,
            background: PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255))
        let growth = peakMemoryGrowth { rasterizer.draw(list.ops, on: &canvas) }
        if let growth { XCTAssertLessThan(growth, 4 * allowance(size.width, size.height) + (4 << 20), "the peak rose by \(growth) bytes") }
        return canvas
    }

    /// A transition of one layer (`layer`'s JSON members) on a 200 × 300 pt screen.
    private func transition(_ layers: String) -> String {
        #"{"name": "t", "device": {"width": 200, "height": 300, "scale": 2}, "timing": {"duration": 0.1}, "layers": ["#
            + layers + #"], "animations": []}"#
    }

    func testAShadowOnALayerScaledAThousandTimesStaysWithinTwoFrames() throws {
        // Before: σ = 20 pt × 1000 × 2 px, a buffer of the screen grown by 3σ on every side
        // (188 GB on an iPhone 8), aborting.
        let canvas = try drawFirstFrame(
            transition(
                #"""
                {"name": "a", "frame": [50, 50, 20, 20], "backgroundColor": "red", "transform": {"scale": 1000},
                 "shadowOpacity": 1, "shadowRadius": 20, "sublayers": [{"name": "b", "frame": [0, 0, 5, 5], "backgroundColor": "blue"}]}
                """#), name: "scaled")
        XCTAssertLessThanOrEqual(canvas.peakBufferPixels, allowance(400, 600))
        XCTAssertGreaterThan(canvas.peakBufferPixels, 400 * 600 / 2, "the shadow is drawn, from a buffer of about a frame")
        // A red layer covering the screen; no pixel of it shows the shadow through.
        XCTAssertEqual(canvas.image[200, 300], PremultipliedPixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    func testAShadowOnALayerScaledAHundredTimesStaysWithinTwoFrames() throws {
        // Before: 5.5 GB and 15.5 s on an iPhone 8; here 98 MB for a frame of 0.96 MB.
        let canvas = try drawFirstFrame(
            transition(
                #"""
                {"name": "a", "frame": [50, 50, 20, 20], "backgroundColor": "red", "transform": {"scale": 100},
                 "shadowOpacity": 1, "shadowRadius": 2, "sublayers": [{"name": "b", "frame": [0, 0, 5, 5], "backgroundColor": "blue"}]}
                """#), name: "hundred")
        XCTAssertLessThanOrEqual(canvas.peakBufferPixels, allowance(400, 600))
    }

    func testAShadowThroughAPerspectiveStaysWithinTwoFrames() throws {
        // Before: the shadow's radius taken from the map's local scale at the layer's centre,
        // 833 GB.
        let canvas = try drawFirstFrame(
            transition(
                #"""
                {"name": "a", "frame": [50, 50, 100, 100], "backgroundColor": "red",
                 "transform": {"scale": 100, "rotateY": 30, "perspective": 1000}, "shadowOpacity": 1, "shadowRadius": 100,
                 "sublayers": [{"name": "b", "frame": [0, 0, 5, 5], "backgroundColor": "blue"}]}
                """#), name: "perspective")
        XCTAssertLessThanOrEqual(canvas.peakBufferPixels, allowance(400, 600))
    }

    func testNestedScaledShadowsStayWithinTwoFrames() throws {
        // Before: each group's buffer grown by its shadow's reach around the enclosing group's
        // (already grown) buffer: 1.4 TB on an iPhone 8, 30 MB here.
        let canvas = try drawFirstFrame(
            transition(
                #"""
                {"name": "a", "frame": [50, 50, 40, 40], "transform": {"scale": 3}, "shadowOpacity": 1, "shadowRadius": 30,
                 "sublayers": [{"name": "b", "frame": [0, 0, 40, 40], "transform": {"scale": 3}, "shadowOpacity": 1, "shadowRadius": 30,
                   "sublayers": [{"name": "c", "frame": [0, 0, 40, 40], "transform": {"scale": 3}, "shadowOpacity": 1, "shadowRadius": 30,
                     "sublayers": [{"name": "d", "frame": [0, 0, 40, 40], "backgroundColor": "blue"}]}]}]}
                """#), name: "nested")
        XCTAssertLessThanOrEqual(canvas.peakBufferPixels, allowance(400, 600))
    }

    func testASnapshotOfABlurWithAShadowStaysWithinTwoFrames() throws {
        // Before: a 408-byte file took more than 6 GB for one 320 × 568 frame (70 MB here): the
        // snapshot stretches the source's blur and shadow 20 × 30 times.
        let canvas = try drawFirstFrame(
            transition(
                #"""
                {"name": "src", "frame": [0, 0, 10, 10], "shadowOpacity": 1, "shadowRadius": 100, "blur": "dark",
                 "sublayers": [{"name": "c", "frame": [0, 0, 5, 5], "backgroundColor": "blue"}]},
                {"name": "s", "frame": [0, 0, 200, 300], "snapshotOf": "src", "shadowOpacity": 1, "shadowRadius": 100}
                """#), name: "snapshot")
        XCTAssertLessThanOrEqual(canvas.peakBufferPixels, allowance(400, 600))
        // The snapshot's dark blur still covers the screen where the blue square is not.
        let pixel = canvas.image[300, 500]
        XCTAssertLessThan(Int(pixel.red), 128, "\(pixel)")
    }

    /// A shadowed group drawn from two buffers (the budget too small for one) gives the pixels
    /// of the one-buffer drawing: the second way only changes what is held at once. (σ = 3 px is
    /// too small for a coarser grid: the budget leaves the two full-resolution buffers.)
    func testAShadowedGroupDrawnTwiceMatchesOneBuffer() {
        let shadow = Shadow(color: StraightColor(white: 0, alpha: 0.6), offset: Point(x: 6, y: 9), blurRadiusPoints: 3)
        let shape = Rect(x: -40, y: 10, width: 200, height: 60)
        func draw(budget: Int?) -> Canvas {
            var canvas = Canvas(
                widthPixels: 120, heightPixels: 90, scale: 1, background: PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255))
            canvas.drawShadowedGroup(shadow: shadow, opacity: 0.8, bounds: shape, clip: nil, budgetPixels: budget) { inner, _ in
                inner.fill(shape, cornerRadius: 12, transform: .identity, color: StraightColor(red: 0.2, green: 0.5, blue: 0.9))
            }
            return canvas
        }
        // One buffer: the group over 144 × 60 px and the plane over 138 × 78 (2 bytes each),
        // with the blur's and the weights' scratch, 19 386 values; two: the plane alone (4
        // bytes each) with its scratch, 16 476, then the group's 120 × 60.
        let one = draw(budget: nil), two = draw(budget: 17_500)
        XCTAssertEqual(one.image, two.image)
        XCTAssertGreaterThan(one.peakBufferPixels, 17_500, "the first drawing used one larger buffer")
        XCTAssertLessThanOrEqual(two.peakBufferPixels, 17_500)
        XCTAssertNotEqual(two.image[60, 85], PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255), "the shadow is drawn")
    }

    /// A blur computed in bands of rows gives exactly the pixels of one band.
    func testABackdropInBandsMatchesOneBand() {
        var base = Canvas(widthPixels: 90, heightPixels: 140, scale: 1)
        for i in 0..<12 {
            base.fill(
                Rect(x: Double(i * 7), y: Double(i * 11), width: 30, height: 20),
                color: StraightColor(red: Double(i) / 12, green: 1 - Double(i) / 12, blue: 0.5, alpha: 0.5 + Double(i) / 24))
        }
        let filter = BackdropFilter(blurRadiusPoints: 4, saturation: 1.8, tint: StraightColor(white: 1, alpha: 0.3))
        let shape = Path(roundedRect: Rect(x: 5, y: 8, width: 80, height: 120), cornerRadius: 10)
        var whole = base, banded = base
        whole.applyBackdrop(filter, to: shape, opacity: 0.9)
        // The reach is 3 · (4 + 1) = 15 rows. One band (120 rows of filtered pixels, the
        // 150-row plane) takes about 13 400 values; 7 000 leave bands of 30 rows, two of them
        // waiting at a time.
        banded.applyBackdrop(filter, to: shape, opacity: 0.9, budgetPixels: 7000)
        XCTAssertTrue(whole.image == banded.image, "banded pixels differ")
        let coverage = (Canvas.coverageBandBytes((5, 8, 85, 128)) + 2 * 80 + 3) / 4
        XCTAssertLessThanOrEqual(banded.peakBufferPixels - coverage, 7000)
        XCTAssertGreaterThan(whole.peakBufferPixels - coverage, 7000)
    }

    /// Coverage in bands is the coverage of the whole region, however the rows are cut.
    func testCoverageBandsMatchTheWholeRegion() {
        let polygons = [
            [Point(x: 3.3, y: -2), Point(x: 51.7, y: 14.2), Point(x: 30.1, y: 61.9), Point(x: -4, y: 40.5)],
            [Point(x: 10, y: 10), Point(x: 20, y: 12), Point(x: 14, y: 30)]
        ]
        let region = (x0: 0, y0: 0, x1: 48, y1: 60)
        let whole = Canvas.coverage(of: polygons, over: region)
        for rows in [1, 7, 59, 60] {
            var banded: [UInt16] = []
            Canvas.forEachCoverageBand(of: polygons, over: region, rows: rows) { _, weights in banded += weights }
            XCTAssertEqual(banded, whole, "bands of \(rows) rows")
        }
    }

    /// On a coarser grid a shadow keeps the Gaussian's profile: a straight edge's shadow with
    /// σ = 24 px blurred on cells of a few pixels is within 2 levels of the full-resolution one,
    /// and as close to 255 · Φ(x / σ) (3.8 levels, the three boxes' own shape error).
    func testAShadowOnACoarseGridKeepsTheGaussianProfile() {
        let sigma = 24.0, edge = 150.0
        let path = Path(roundedRect: Rect(x: edge, y: -3000, width: 6000, height: 7000), cornerRadius: 0)
        let shadow = Shadow(color: .black, offset: .zero, blurRadiusPoints: sigma)
        var exact = Canvas(widthPixels: 300, heightPixels: 4, scale: 1), coarse = exact
        exact.drawShadow(of: path, shadow: shadow)
        // Full resolution needs a plane of (300 + 2 · 75) × (4 + 2 · 75) two-byte values.
        coarse.drawShadow(of: path, shadow: shadow, budgetPixels: 4000)
        XCTAssertGreaterThan(exact.peakBufferPixels, 28_000)
        XCTAssertLessThan(coarse.peakBufferPixels, 28_000)
        for x in 0..<300 {
            let expected = 255 * 0.5 * erfc(-((Double(x) + 0.5 - edge) / sigma) / 2.0.squareRoot())
            XCTAssertEqual(Double(coarse.image[x, 2].alpha), expected, accuracy: 3.8, "x \(x)")
            XCTAssertLessThanOrEqual(abs(Int(coarse.image[x, 2].alpha) - Int(exact.image[x, 2].alpha)), 2, "x \(x)")
        }
    }
}
