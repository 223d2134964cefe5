import FlipbookFormats
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookTesting
import Foundation
import XCTest

@testable import Flipbook

/// The card-flip and bottom-sheet samples end to end: goldens at moments that show the 3-D
/// flip, geometry against values computed independently of the renderer, and export → render
/// byte-identical.
final class LayerDepthRenderTests: XCTestCase {
    func job(_ name: String, scale: Double = 1) throws -> RenderJob {
        try job(file: Samples.path("transitions/\(name).json"), scale: scale)
    }

    /// The file at @1x on its own device, with the fixture fonts (as the sample goldens).
    func job(file: String, scale: Double = 1) throws -> RenderJob {
        try RenderJob(settings: .transitionFile(file, scale: scale))
    }

    func layer(_ name: String, in root: Layer) -> Layer? {
        if root.name == name { return root }
        return root.sublayers.lazy.compactMap { self.layer(name, in: $0) }.first
    }

    /// Frames 2 and 5 of the flip: the front face turned away, then the back turning in.
    func testCardFlipGoldens() throws {
        let flip = try job("card-flip")
        assertGolden(of: try flip.renderFrame(2), as: .image, named: "card-flip-front")
        assertGolden(of: try flip.renderFrame(5), as: .image, named: "card-flip-back")
    }

    /// At every frame the faces' corners are where CATransform3D's formulas (written out here
    /// with Foundation's cos and sin, not the renderer's maths) put them, and exactly one face
    /// is drawn (each is culled while it shows its back).
    func testCardFlipGeometry() throws {
        let flip = try job("card-flip")
        let animator = try TransitionAnimator(flip.transition)
        for sample in flip.sequence {
            let window = animator.window(atSeconds: sample.timeSeconds, isFinal: sample.index == flip.sequence.count - 1)
            for name in ["front", "back"] {
                let face = try XCTUnwrap(layer(name, in: window))
                let theta = face.transform.rotationYDegrees * Double.pi / 180
                for (cx, cy) in [(0.0, 0.0), (240.0, 0.0), (240.0, 320.0), (0.0, 320.0)] {
                    let x = cx - 120, y = cy - 160
                    let w = 1 + x * sin(theta) / 800 // w = 1 − z/d with z = −x·sinθ
                    let expected = (x * cos(theta) / w + 160, y / w + 284)
                    let p = face.planeToParent.apply(to: Point(x: cx, y: cy))
                    XCTAssertEqual(p.x, expected.0, accuracy: 1e-9, "\(name) frame \(sample.index)")
                    XCTAssertEqual(p.y, expected.1, accuracy: 1e-9, "\(name) frame \(sample.index)")
                }
            }
            // Which face shows: the front while |θ| < 90°.
            let front = try XCTUnwrap(layer("front", in: window)).transform.rotationYDegrees
            let ops = flip.displayList(frame: sample).ops.filter {
                if case .pathMaskedGroup = $0 { return true }
                if case let .path(_, color, _, _) = $0 { return color == StraightColor(red: 0.98, green: 0.96, blue: 0.9) }
                return false
            }
            if abs(abs(front) - 90) > 1e-9 {
                XCTAssertEqual(ops.count, 1, "frame \(sample.index): one face (the front's masked photo or the back's background)")
                if case .pathMaskedGroup = ops.first { XCTAssertLessThan(abs(front), 90) } else { XCTAssertGreaterThan(abs(front), 90) }
            }
        }
    }

    /// The sheet's top corners are rounded and its bottom corners square: at the last frame the
    /// pixel in the top-left corner shows the dimmed screen, the one below the curve the sheet.
    func testBottomSheetCorners() throws {
        let sheet = try job("bottom-sheet")
        let last = try sheet.renderFrame(sheet.sequence.count - 1)
        let window = try TransitionAnimator(sheet.transition).window(atSeconds: 10, isFinal: true)
        XCTAssertEqual(try XCTUnwrap(layer("sheet", in: window)).frame.y, 148)
        // Top-left corner pixel: the screen (0.95 grey) under 40 % black, 0.95·0.6·255 = 145.
        XCTAssertEqual(Int(last[0, 148].red), 145, accuracy: 2)
        // 12 pt continuous: the curve leaves the top edge at 12·1.528665 = 18.3 pt; below the
        // corner (y = 148 + 19) the sheet is white.
        XCTAssertEqual(last[0, 167].red, 255)
        XCTAssertEqual(last[160, 148].red, 255, "the top edge between the corners")
        XCTAssertEqual(last[0, 567].red, 255, "square bottom corner")
        assertGolden(of: last, as: .image, named: "bottom-sheet-last")
    }

    /// The samples exported and read back render the same bytes.
    func testTheSamplesExportAndRenderByteIdentical() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["card-flip", "bottom-sheet"] {
            let original = try job(name)
            let file = directory.appendingPathComponent("\(name).json").path
            try TransitionFile.json(for: original.transition, relativeTo: directory.path).write(
                toFile: file, atomically: true, encoding: .utf8)
            let exported = try job(file: file)
            // The same layers and animations (an exported @1x device is written as its size).
            XCTAssertEqual(exported.transition.window, original.transition.window, name)
            XCTAssertEqual(exported.transition.animations, original.transition.animations, name)
            let frames = [0, 2, 5, original.sequence.count - 1]
            XCTAssertEqual(try exported.renderFrames(frames), try original.renderFrames(frames), name)
        }
    }
}
