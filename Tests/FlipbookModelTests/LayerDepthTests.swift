import FlipbookGeometry
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import Foundation
import XCTest

@testable import FlipbookFormats
@testable import FlipbookModel

/// anchorPoint, maskedCorners, cornerCurve, borders and 3-D transforms: the maths against values
/// computed by hand or with Python (CATransform3D's formulas written out independently), the
/// flattened ops, and transition files that read and write them.
final class LayerDepthTests: XCTestCase {
    let screen = Rect(x: 0, y: 0, width: 320, height: 568)

    func corners(_ layer: Layer) -> [Point] {
        let w = layer.frame.width, h = layer.frame.height
        return [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)].map(layer.planeToParent.apply(to:))
    }

    func assertPoints(_ points: [Point], _ expected: [(Double, Double)], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(points.count, expected.count, file: file, line: line)
        for (p, e) in zip(points, expected) {
            XCTAssertEqual(p.x, e.0, accuracy: 1e-6, file: file, line: line);
            XCTAssertEqual(p.y, e.1, accuracy: 1e-6, file: file, line: line)
        }
    }

    /// The card flip's front face at 30°: the corners Python computes from x' = x·cosθ,
    /// z' = −x·sinθ, w = 1 − z'/800 about the anchor (160, 284).
    func testRotateYWithPerspectiveProjectsTheCornersAsCoreAnimation() {
        var face = Layer(name: "front", frame: Rect(x: 40, y: 124, width: 240, height: 320))
        face.transform.rotationYDegrees = 30
        face.transform.perspectiveDistancePoints = 800
        assertPoints(
            corners(face),
            [
                (47.650758428, 111.027027027), (256.672603213, 135.162790698),
                (256.672603213, 432.837209302), (47.650758428, 456.972972973)
            ])
        face.transform.rotationYDegrees = 150
        assertPoints(
            corners(face),
            [
                (272.349241572, 111.027027027), (63.327396787, 135.162790698),
                (63.327396787, 432.837209302), (272.349241572, 456.972972973)
            ])
        XCTAssertTrue(face.planeToParent.isReversed(at: Point(x: 120, y: 160)), "past 90° the face shows its back")
    }

    /// A container's sublayerTransform perspective reaches a sublayer's z before it is flattened:
    /// a full-size face turned 30° inside a container with `perspective` 800 lands exactly where
    /// the face with its own perspective does (the Python corners above); without the
    /// container's perspective the turn is orthographic (x' = x·cos30°, by hand).
    func testASublayerTransformPerspectiveIsSharedBySublayers() {
        var container = Layer(name: "container", frame: Rect(x: 40, y: 124, width: 240, height: 320))
        container.sublayerTransform.perspectiveDistancePoints = 800
        var face = Layer(name: "face", frame: Rect(x: 0, y: 0, width: 240, height: 320))
        face.backgroundColor = .white
        face.transform.rotationYDegrees = 30
        container.sublayers = [face]
        func outline(_ root: Layer) -> [Point] {
            guard case let .path(path, _, _, _) = DisplayList.ops(flattening: root, screen: screen).first else { return [] }
            return path.contours.first ?? []
        }
        assertPoints(
            outline(container),
            [
                (47.650758428, 111.027027027), (256.672603213, 135.162790698),
                (256.672603213, 432.837209302), (47.650758428, 456.972972973)
            ])
        container.sublayerTransform = .identity
        let c = 120 * 3.0.squareRoot() / 2
        assertPoints(outline(container), [(160 - c, 124), (160 + c, 124), (160 + c, 444), (160 - c, 444)])
    }

    /// rotateX 60° with perspective 500 (Python: y' = y·cosθ, z' = y·sinθ): the top edge tips away.
    func testRotateXTipsTheTopEdgeAway() {
        var layer = Layer(name: "a", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        layer.transform.rotationXDegrees = 60
        layer.transform.perspectiveDistancePoints = 500
        assertPoints(
            corners(layer),
            [
                (3.985014629, 26.992507314), (96.014985371, 26.992507314),
                (104.740682135, 77.370341067), (-4.740682135, 77.370341067)
            ])
    }

    /// A door on its left edge: anchorPoint (0, 0.5), rotateY 60°, perspective 600 (Python). The
    /// hinge edge stays where it is.
    func testAnchorPointIsThePivot() {
        var door = Layer(name: "door", frame: Rect(x: 20, y: 100, width: 200, height: 300))
        door.anchorPoint = Point(x: 0, y: 0.5)
        door.transform.rotationYDegrees = 60
        door.transform.perspectiveDistancePoints = 600
        XCTAssertEqual(door.position, Point(x: 20, y: 250))
        assertPoints(corners(door), [(20, 100), (97.599076226, 133.601385661), (97.599076226, 366.398614339), (20, 400)])
        // 2-D: a quarter turn about the top-left corner (by hand: (x, y) → (−y, x) about (10, 20)).
        var bar = Layer(name: "bar", frame: Rect(x: 10, y: 20, width: 100, height: 50))
        bar.anchorPoint = .zero
        bar.transform.rotationDegrees = 90
        bar.backgroundColor = .black
        let ops = DisplayList.ops(flattening: bar, screen: screen)
        guard case let .shape(shape, _, _, _) = ops.first else { return XCTFail("\(ops)") }
        XCTAssertEqual(shape.transform.apply(to: Point(x: 100, y: 0)), Point(x: 10, y: 120))
        XCTAssertEqual(shape.transform.apply(to: Point(x: 0, y: 0)), Point(x: 10, y: 20))
    }

    /// The default anchor point leaves the 2-D flattening exactly as it was (centre pivot).
    func testTheDefaultAnchorPointIsTheCentre() {
        var layer = Layer(name: "a", frame: Rect(x: 10, y: 20, width: 100, height: 50))
        layer.transform.rotationDegrees = 90
        layer.backgroundColor = .black
        guard case let .shape(shape, _, _, _) = DisplayList.ops(flattening: layer, screen: screen).first else { return XCTFail() }
        // About (60, 45): the top-left (0, 0) = (−50, −25) from the centre goes to (25, −50) from it.
        XCTAssertEqual(shape.transform.apply(to: .zero), Point(x: 85, y: -5))
    }

    /// isDoubleSided false: a face turned over draws none of its own content, while its
    /// sublayers are judged by themselves (Core Animation culls layer by layer).
    func testBackFacesAreCulledLayerByLayer() {
        var face = Layer(name: "face", frame: Rect(x: 40, y: 124, width: 240, height: 320))
        face.backgroundColor = .white
        face.isDoubleSided = false
        face.transform.rotationYDegrees = 180
        face.transform.perspectiveDistancePoints = 800
        XCTAssertEqual(DisplayList.ops(flattening: face, screen: screen), [])
        var child = Layer(name: "child", frame: Rect(x: 10, y: 10, width: 20, height: 20))
        child.backgroundColor = .black
        face.sublayers = [child]
        let ops = DisplayList.ops(flattening: face, screen: screen)
        XCTAssertEqual(ops.count, 1, "the double-sided child is drawn, mirrored")
        face.sublayers[0].isDoubleSided = false
        XCTAssertEqual(DisplayList.ops(flattening: face, screen: screen), [])
        face.isDoubleSided = true
        face.sublayers = []
        XCTAssertEqual(DisplayList.ops(flattening: face, screen: screen).count, 1)
        // Seen edge-on (90°) nothing is drawn.
        face.transform.rotationYDegrees = 90
        XCTAssertEqual(DisplayList.ops(flattening: face, screen: screen), [])
    }

    /// The border is drawn after the content and the sublayers, outside the clip: the last op.
    func testTheBorderIsAboveTheSublayers() {
        var card = Layer(name: "card", frame: Rect(x: 10, y: 10, width: 100, height: 60))
        card.backgroundColor = .white
        card.borderWidth = 2
        card.borderColor = StraightColor(red: 1, green: 0, blue: 0)
        card.cornerRadius = 8
        card.clipsToBounds = true
        var fill = Layer(name: "fill", frame: Rect(x: 0, y: 0, width: 100, height: 60))
        fill.backgroundColor = .black
        card.sublayers = [fill]
        let ops = DisplayList.ops(flattening: card, screen: screen)
        XCTAssertEqual(ops.count, 3, "\(ops)")
        guard case .path(_, .white, _, _) = ops[0], case .pathMaskedGroup = ops[1], case let .path(band, color, _, _) = ops[2] else {
            return XCTFail("\(ops)")
        }
        XCTAssertEqual(color, StraightColor(red: 1, green: 0, blue: 0))
        XCTAssertEqual(band.contours.count, 2, "the band: the outline and the inset outline")
    }

    /// Layers without the new properties flatten exactly as before (no shaped ops).
    func testPlainLayersKeepThePlainOps() {
        var card = Layer(name: "card", frame: Rect(x: 10, y: 10, width: 100, height: 60))
        card.backgroundColor = .white
        card.cornerRadius = 8
        XCTAssertFalse(card.needsShapedDrawing)
        guard case .fill = DisplayList.ops(flattening: card, screen: screen).first else { return XCTFail() }
        card.maskedCorners = [.minXMinY]
        XCTAssertTrue(card.needsShapedDrawing)
        card.maskedCorners = .all
        card.borderWidth = 1
        XCTAssertTrue(card.needsShapedDrawing)
    }

    /// Perspective animates as its m34 (−1/d): half-way from none to 400 pt is m34 = −1/800.
    func testPerspectiveInterpolatesAsM34() {
        var to = LayerTransform()
        to.perspectiveDistancePoints = 400
        to.rotationYDegrees = 180
        let half = LayerTransform.interpolate(from: .identity, to: to, progress: 0.5)
        XCTAssertEqual(half.perspectiveDistancePoints, 800, accuracy: 1e-9)
        XCTAssertEqual(half.rotationYDegrees, 90)
    }

    static let file = #"""
        {"device": "se", "layers": [
          {"name": "sheet", "frame": [0, 148, 320, 420], "backgroundColor": "white", "cornerRadius": 12,
           "maskedCorners": ["minXMinY", "maxXMinY"], "cornerCurve": "continuous", "clipsToBounds": true,
           "borderWidth": 1, "borderColor": [0, 0, 0, 0.2], "anchorPoint": [0.5, 0], "isDoubleSided": false,
           "transform": {"rotateX": 10, "rotateY": -5, "perspective": 700}, "sublayerTransform": {"perspective": 500}}
        ],
        "animations": [
          {"target": "sheet", "to": {"transform": {"rotateX": 0, "perspective": 700}, "anchorPoint": [0.5, 0.5], "borderWidth": 3,
                                     "borderColor": "black"}, "completion": [
            {"target": "sheet", "set": {"maskedCorners": [], "cornerCurve": "circular", "isDoubleSided": true}}]}
        ]}
        """#

    func decode(_ text: String) throws -> Transition {
        try TransitionFile(data: Data(text.utf8), path: "depth.json").transition(photos: [], options: SceneOptions())
    }

    /// Every key reads into the model and writes back (export → read gives the same transition).
    func testTheKeysReadAndExportBack() throws {
        let transition = try decode(Self.file)
        let sheet = transition.window.sublayers[0]
        XCTAssertEqual(sheet.maskedCorners, [.minXMinY, .maxXMinY])
        XCTAssertEqual(sheet.cornerCurve, .continuous)
        XCTAssertEqual(sheet.borderWidth, 1)
        XCTAssertEqual(sheet.anchorPoint, Point(x: 0.5, y: 0))
        XCTAssertFalse(sheet.isDoubleSided)
        XCTAssertEqual(sheet.transform.rotationXDegrees, 10)
        XCTAssertEqual(sheet.transform.rotationYDegrees, -5)
        XCTAssertEqual(sheet.transform.perspectiveDistancePoints, 700)
        XCTAssertEqual(transition.animations[0].to.borderWidth, 3)
        XCTAssertEqual(transition.animations[0].completion[0].set.maskedCorners, [])
        let exported = TransitionFile.json(for: transition, relativeTo: "/tmp")
        for key in [
            "\"maskedCorners\": [\"minXMinY\", \"maxXMinY\"]", "\"cornerCurve\": \"continuous\"", "\"rotateX\": 10",
            "\"perspective\": 700", "\"isDoubleSided\": false", "\"anchorPoint\": [0.5, 0]", "\"maskedCorners\": []",
            "\"sublayerTransform\": {\"perspective\": 500}"
        ] {
            XCTAssertTrue(exported.contains(key), "\(key) in \(exported)")
        }
        XCTAssertEqual(try decode(exported), transition)
    }

    func testBadValuesAreClearErrors() {
        func message(_ text: String) -> String {
            do { _ = try decode(text); return "" } catch { return "\(error)" }
        }
        let layer = #"{"layers": [{"name": "a", "frame": [0, 0, 10, 10], "#
        XCTAssertTrue(
            message(layer + #""maskedCorners": ["minXMinX"]}]}"#).contains(
                "$.layers[0].maskedCorners[0]: unknown value \"minXMinX\" (did you mean \"minXMinY\"?"))
        XCTAssertTrue(message(layer + #""maskedCorners": ["minXMinY", "minXMinY"]}]}"#).contains("listed twice"))
        XCTAssertTrue(message(layer + #""cornerCurve": "squircle"}]}"#).contains("expected one of \"circular\", \"continuous\""))
        XCTAssertTrue(
            message(layer + #""transform": {"perspective": 0}}]}"#).contains("$.layers[0].transform.perspective: must be between 1"))
        let animated =
            #"{"layers": [{"name": "a", "frame": [0, 0, 10, 10]}], "animations": [{"target": "a", "to": {"cornerCurve": "continuous"}}]}"#
        XCTAssertTrue(message(animated).contains("\"cornerCurve\" cannot be animated"), message(animated))
    }
}
