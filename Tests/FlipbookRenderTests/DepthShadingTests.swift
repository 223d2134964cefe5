import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookTesting
import Foundation
// A layer with a 3-D transform and a shadow, with a 3-D transform and a gradient, and a blur
// layer with continuous corners: drawn together, checked against CATransform3D's formulas
// written out here, and looked at (goldens in __Goldens__/DepthShadingTests/).
import XCTest

@testable import Flipbook

final class DepthShadingTests: XCTestCase {
    /// `layers` on a white 200×200 screen @1x without the status bar.
    func job(_ layers: String, background: String = "white") throws -> RenderJob {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("depth.json").path
        try """
        {"device": {"width": 200, "height": 200, "scale": 1}, "statusBar": false, "background": "\(background)", "layers": [\(layers)]}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        var settings = RenderSettings(transitionFile: file)
        settings.labelFontPath = Package.fixtureFont
        settings.sceneFontDirectory = Package.fixtureFonts
        return try RenderJob(settings: settings)
    }

    /// A 100 pt card at (50, 50) turned 40° about y with an 300 pt eye, about its centre
    /// (100, 100): its point (x, y) relative to the centre lands at
    /// (x·cos θ / w + 100, y / w + 100), w = 1 + x·sin θ / 300 (CATransform3DRotate with
    /// m34 = −1/300, the card-flip test's formula).
    static let theta = 40.0 * Double.pi / 180
    static func project(_ x: Double, _ y: Double) -> Point {
        let w = 1 + x * sin(theta) / 300
        return Point(x: x * cos(theta) / w + 100, y: y / w + 100)
    }

    /// Its shadow (0.5 black, radius 4, 6 pt down) is drawn — it was left out of layers drawn
    /// through a perspective — from the projected outline, its offset and radius taking the
    /// map's local scale at the centre: there the map's derivative is diag(cos θ, 1), so the
    /// offset stays (0, 6) and the radius is 4·√cos θ. Below the middle of the bottom edge
    /// (y = 150 at x = 100), the shadow's own edge is 6 pt lower, where the white screen is
    /// darkened by half the shadow: 255·(1 − 0.5·Φ(d/σ)) at a pixel centre d below it.
    func testA3DLayerCastsItsShadow() throws {
        let card = try job(
            #"""
            {"name": "card", "frame": [50, 50, 100, 100], "backgroundColor": "systemBlue", "cornerRadius": 12,
             "shadowOpacity": 0.5, "shadowRadius": 4, "shadowOffset": [0, 6], "transform": {"rotateY": 40, "perspective": 300}}
            """#)
        let ops = flattenedOps(card.displayList(frame: card.sequence[0]).ops)
        let shadows = ops.compactMap { op -> (Path, Shadow)? in
            if case let .shadow(path, shadow, _, _) = op { return (path, shadow) } else { return nil }
        }
        XCTAssertEqual(shadows.count, 1)
        let (outline, shadow) = try XCTUnwrap(shadows.first)
        XCTAssertEqual(shadow.offset.x, 0, accuracy: 1e-9)
        XCTAssertEqual(shadow.offset.y, 6, accuracy: 1e-9)
        XCTAssertEqual(shadow.blurRadiusPoints, 4 * cos(Self.theta).squareRoot(), accuracy: 1e-9)
        let box = try XCTUnwrap(outline.boundingBox)
        XCTAssertEqual(box.minX, Self.project(-50, 0).x, accuracy: 1e-6)
        XCTAssertEqual(box.maxX, Self.project(50, 0).x, accuracy: 1e-6)
        XCTAssertLessThan(box.maxY, Self.project(-50, 50).y, "the near edge is the taller one, its corners rounded")
        XCTAssertGreaterThan(box.maxY, Self.project(-38, 50).y)
        let image = try card.renderFrame(0)
        let sigma = 4 * cos(Self.theta).squareRoot()
        for y in 151..<168 {
            let d = Double(y) + 0.5 - 156
            let phi = 0.5 * erfc(d / sigma / 2.0.squareRoot())
            // 3 levels: the edge tilts by 0.1 pt per pt across the pixel, and the blur is three boxes.
            XCTAssertEqual(Double(image[100, y].red), 255 * (1 - 0.5 * phi), accuracy: 3, "y \(y)")
        }
        XCTAssertEqual(image[100, 199].red, 255, "far below: no shadow")
        assertGolden(of: image, as: .image, named: "depth-shadow")
    }

    /// A horizontal black-to-white gradient on the same card is drawn through the perspective
    /// (it was left out too): the pixel whose centre is at screen x maps back to the layer's
    /// x = X / (cos θ − X·sin θ / 300) (X = screen x − 100, inverting the projection above on
    /// the centre line), where the gradient's grey is 255 · (x + 50) / 100.
    func testA3DLayerDrawsItsGradient() throws {
        let card = try job(
            #"""
            {"name": "card", "frame": [50, 50, 100, 100], "transform": {"rotateY": 40, "perspective": 300},
             "gradient": {"colors": ["black", "white"], "startPoint": [0, 0.5], "endPoint": [1, 0.5]}}
            """#, background: "systemRed")
        let ops = flattenedOps(card.displayList(frame: card.sequence[0]).ops)
        XCTAssertTrue(
            ops.contains {
                if case .projected(.gradient, _, _, _) = $0 { return true }; return false
            })
        let image = try card.renderFrame(0)
        let left = Int(Self.project(-50, 0).x.rounded(.up)) + 1, right = Int(Self.project(50, 0).x) - 1
        for column in left...right {
            let X = Double(column) + 0.5 - 100
            let x = X / (cos(Self.theta) - X * sin(Self.theta) / 300)
            let grey = 255 * (x + 50) / 100
            // 3 levels: the bitmap's bilinear sampling over a gradient steeper than 2.55 levels per pt.
            XCTAssertEqual(Double(image[column, 100].red), grey, accuracy: 3, "column \(column)")
            XCTAssertEqual(image[column, 100].red, image[column, 100].green, "grey")
        }
        assertGolden(of: image, as: .image, named: "depth-gradient")
    }

    /// A blur layer with continuous corners keeps its backdrop (it was left out of layers drawn
    /// through their shape), and a masked-corner layer its gradient, clipped to the shape.
    func testShapedLayersKeepTheirBlurAndGradient() throws {
        let frame = try job(
            #"""
            {"name": "bar 1", "frame": [40, 0, 16, 200], "backgroundColor": "systemRed"},
            {"name": "bar 2", "frame": [90, 0, 16, 200], "backgroundColor": "systemGreen"},
            {"name": "bar 3", "frame": [140, 0, 16, 200], "backgroundColor": "black"},
            {"name": "panel", "frame": [20, 20, 160, 80], "cornerRadius": 16, "cornerCurve": "continuous", "blur": "systemMaterial"},
            {"name": "tab", "frame": [20, 120, 160, 60], "cornerRadius": 20, "maskedCorners": ["minXMinY", "maxXMinY"],
             "gradient": {"colors": ["systemBlue", "systemTeal"]}}
            """#)
        let ops = flattenedOps(frame.displayList(frame: frame.sequence[0]).ops)
        XCTAssertTrue(
            ops.contains {
                if case .backdrop = $0 { return true }; return false
            }, "the panel's blur")
        XCTAssertEqual(
            ops.filter {
                if case .gradient = $0 { return true }; return false
            }.count, 1, "the tab's gradient")
        let image = try frame.renderFrame(0)
        // The panel blurs the bars: the black bar's edge is soft under it, sharp above and below.
        XCTAssertEqual(image[139, 110].packed, 0xFFFF_FFFF, "beside the bar, outside the panel: white")
        XCTAssertLessThan(image[139, 60].red, 250, "beside the bar, under the panel: the blur spreads it")
        // The tab's top-left corner is rounded (the white screen shows), its bottom-left square (the tab).
        XCTAssertEqual(image[20, 120].packed, 0xFFFF_FFFF)
        XCTAssertNotEqual(image[20, 120], image[30, 130])
        XCTAssertEqual(Double(image[20, 179].blue), Double(image[25, 175].blue), accuracy: 4, "square bottom corner: the tab's own colour")
        assertGolden(of: image, as: .image, named: "shaped-blur-gradient")
    }
}
