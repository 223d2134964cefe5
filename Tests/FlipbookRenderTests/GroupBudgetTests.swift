import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookRaster
import FlipbookScenes
import XCTest

@testable import Flipbook
@testable import FlipbookOutput
@testable import FlipbookRender

/// Nested opacity groups draw offscreen within a budget of two canvases of buffers; deeper
/// nesting draws its ops one by one (group opacity off) instead of allocating more.
final class GroupBudgetTests: XCTestCase {
    private let red = StraightColor(red: 1, green: 0, blue: 0)

    /// `depth` groups of opacity ½ inside each other, each holding a full-canvas red fill and the
    /// next group (the innermost: two red fills).
    private func nested(_ depth: Int, size: Double) -> [DisplayOp] {
        let fill = DisplayOp.fill(rect: Rect(x: 0, y: 0, width: size, height: size), color: red, opacity: 1, clip: nil)
        var ops: [DisplayOp] = [fill, fill]
        for _ in 0..<depth { ops = [.group(opacity: 0.5, ops: ops)] }
        return ops
    }

    private func render(_ ops: [DisplayOp], size: Int) throws -> PremultipliedPixel {
        let rasterizer = FrameRasterizer(images: try ImageStore(sources: [], threads: 1))
        var canvas = Canvas(widthPixels: size, heightPixels: size, scale: 1)
        rasterizer.draw(ops, on: &canvas)
        return PremultipliedPixel(packed: canvas.image.pixels[0])
    }

    func testGroupsWithinTheBudgetDrawExactlyAndDeeperOnesFoldTheirOpacity() throws {
        // Exact: a group of two opaque fills is opaque red inside; at opacity ½ it composites to
        // weight 128, alpha round(255·128/256) = 128 (PixelMath.scale: (255·128 + 128) >> 8).
        XCTAssertEqual(try render(nested(1, size: 4), size: 4).alpha, 128)
        // Two groups: the outer holds the inner at ½ (alpha 128) over nothing, composited at ½: 64.
        XCTAssertEqual(try render(nested(2, size: 4), size: 4).alpha, 64)
        // Three full-canvas groups would need three canvases of buffers: the innermost draws its
        // two fills one by one at ½ each (alpha 128, then 128 + 127·½ → 192), where exact
        // drawing would give 128; the two outer groups then halve twice: 192 → 96 → 48.
        let folded = try render(nested(3, size: 4), size: 4).alpha
        XCTAssertEqual(folded, 48)
        XCTAssertNotEqual(folded, 32)
    }

    func testSixteenNestedFullFrameGroupsCostAtMostTwoFramesOfBuffers() throws {
        // At 2000 × 2000 px a frame is 16 MB: sixteen nested groups asked for 256 MB of buffers.
        let before = Self.peakResidentBytes()
        let start = ContinuousClock.now
        _ = try render(nested(16, size: 2000), size: 2000)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(60))
        if let before, let after = Self.peakResidentBytes() {
            XCTAssertLessThan(after - before, 100_000_000, "peak memory grew by \(after - before) bytes")
        }
    }

    /// VmHWM of this process, from /proc (nil where there is none).
    static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}
