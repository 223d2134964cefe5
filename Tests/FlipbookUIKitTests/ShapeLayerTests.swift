import FlipbookCodecs
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookRaster
import FlipbookRender
import FlipbookScenes
import FlipbookUIKit
import Foundation
import XCTest

/// `CAShapeLayer`s added with `addSublayer` and layers used as masks, recorded and drawn, checked
/// against values worked out from their paths and timing by hand.
final class ShapeLayerTests: XCTestCase {
    /// The frame at `t` as drawn on the iPhone 8 (@2x).
    private func render(_ animator: TransitionAnimator, at t: Double, isFinal: Bool = false) -> PremultipliedImage {
        let window = animator.window(atSeconds: t, isFinal: isFinal)
        let ops = animator.displayOps(flattening: window, typesetter: nil)
        let list = DisplayList(device: animator.transition.device, frameIndex: 0, timeSeconds: t, progress: t, ops: ops)
        let image = FrameRasterizer(images: try! ImageStore(sources: [], threads: 1)).render(list)
        // FLIPBOOK_TEST_FRAMES=<folder> writes each frame drawn, to look at.
        if let folder = ProcessInfo.processInfo.environment["FLIPBOOK_TEST_FRAMES"] {
            try? PNGEncoder.write(image, toPath: "\(folder)/shape-\(isFinal ? "final" : "\(t)").png")
        }
        return image
    }

    /// The pixel whose top-left corner is at (x, y) points, as [r, g, b].
    private func pixel(_ image: PremultipliedImage, _ x: Double, _ y: Double) -> [Int] {
        let p = image[Int(x * 2), Int(y * 2)]
        return [Int(p.red), Int(p.green), Int(p.blue)]
    }

    private let red = [255, 0, 0], white = [255, 255, 255], green = [0, 255, 0]

    /// A ring: a circle of radius 100 about (187.5, 333.5) stroked 10 pt wide in red, no fill,
    /// its `strokeEnd` animated 0 → 1 over 1 s, linearly.
    @MainActor
    private func recordRing() throws -> Transition {
        try Transition.record { window in
            window.backgroundColor = .white
            let ring = CAShapeLayer()
            ring.path =
                UIBezierPath(arcCenter: CGPoint(x: 187.5, y: 333.5), radius: 100, startAngle: 0, endAngle: 2 * .pi, clockwise: true).cgPath
            ring.fillColor = nil
            ring.strokeColor = UIColor.red.cgColor
            ring.lineWidth = 10
            window.layer.addSublayer(ring)
            let draw = CABasicAnimation(keyPath: "strokeEnd")
            draw.fromValue = 0
            draw.toValue = 1
            draw.duration = 1
            draw.timingFunction = CAMediaTimingFunction(name: .linear)
            ring.add(draw, forKey: "draw")
        }
    }

    @MainActor func testAStrokeEndsHalfWayRoundTheCircleAtStrokeEndOneHalf() async throws {
        let animator = try TransitionAnimator(try recordRing())
        // The arc starts at 3 o'clock and runs clockwise on screen: at strokeEnd 0.5 (t = 0.5 s,
        // linear) it has covered the lower half and ends at 9 o'clock, cut square (butt cap).
        let image = render(animator, at: 0.5)
        func onRing(_ degrees: Double) -> (Double, Double) {
            let radians = degrees * .pi / 180
            return (187.5 + 100 * cos(radians), 333.5 + 100 * sin(radians))
        }
        for degrees in [10.0, 90, 170] {
            let (x, y) = onRing(degrees)
            XCTAssertEqual(pixel(image, x, y), red, "\(degrees)°, drawn")
        }
        for degrees in [190.0, 270, 350] {
            let (x, y) = onRing(degrees)
            XCTAssertEqual(pixel(image, x, y), white, "\(degrees)°, not yet drawn")
        }
        // The end is square at 9 o'clock: 3 pt beyond it along the tangent (up) is white, 3 pt
        // before it red; across the line, 2 pt inside its 5 pt half width red.
        XCTAssertEqual(pixel(image, 87.5 - 2, 333.5 - 3), white)
        XCTAssertEqual(pixel(image, 87.5 - 2, 333.5 + 3), red)
        // At the end the animation is removed: the model value, strokeEnd 1, the whole ring.
        let last = render(animator, at: 1, isFinal: true)
        XCTAssertEqual(pixel(last, onRing(270).0, onRing(270).1), red)
    }

    @MainActor func testThePathAnimatesPointByPointAndJumpsBetweenDifferentStructures() async throws {
        let transition = try Transition.record { window in
            window.backgroundColor = .white
            let morph = CAShapeLayer()
            morph.fillColor = UIColor.green.cgColor
            // Same structure: a rect 100 wide growing to 300 wide (left edge fixed at 20).
            let small = UIBezierPath(rect: CGRect(x: 20, y: 100, width: 100, height: 100))
            let large = UIBezierPath(rect: CGRect(x: 20, y: 100, width: 300, height: 100))
            morph.path = large.cgPath
            window.layer.addSublayer(morph)
            let grow = CABasicAnimation(keyPath: "path")
            grow.fromValue = small.cgPath
            grow.toValue = large.cgPath
            grow.duration = 1
            grow.timingFunction = CAMediaTimingFunction(name: .linear)
            morph.add(grow, forKey: "grow")
            // Different structures (a rect and an oval): the new path shows at once.
            let jump = CAShapeLayer()
            jump.fillColor = UIColor.red.cgColor
            let oval = UIBezierPath(ovalIn: CGRect(x: 100, y: 400, width: 100, height: 100))
            jump.path = oval.cgPath
            window.layer.addSublayer(jump)
            let change = CABasicAnimation(keyPath: "path")
            change.fromValue = UIBezierPath(rect: CGRect(x: 100, y: 400, width: 100, height: 100)).cgPath
            change.toValue = oval.cgPath
            change.duration = 1
            jump.add(change, forKey: "change")
        }
        let animator = try TransitionAnimator(transition)
        let half = render(animator, at: 0.5)
        // Half way the right edge is at 20 + 200 = 220.
        XCTAssertEqual(pixel(half, 215, 150), green)
        XCTAssertEqual(pixel(half, 225, 150), white)
        // The rect's corner is outside the oval: white from the first frame on.
        XCTAssertEqual(pixel(render(animator, at: 0.25), 102, 402), white)
        XCTAssertEqual(pixel(half, 150, 450), red)
    }

    @MainActor func testFillRuleAndDashesAreDrawn() async throws {
        let transition = try Transition.record { window in
            window.backgroundColor = .white
            let rings = CAShapeLayer()
            let path = CGMutablePath()
            path.addEllipse(in: CGRect(x: 50, y: 100, width: 200, height: 200))
            path.addEllipse(in: CGRect(x: 100, y: 150, width: 100, height: 100))
            rings.path = path
            rings.fillColor = UIColor.red.cgColor
            rings.fillRule = .evenOdd
            window.layer.addSublayer(rings)
            let dashes = CAShapeLayer()
            let line = CGMutablePath()
            line.move(to: CGPoint(x: 20, y: 400))
            line.addLine(to: CGPoint(x: 220, y: 400))
            dashes.path = line
            dashes.strokeColor = UIColor.green.cgColor
            dashes.lineWidth = 8
            dashes.lineDashPattern = [20, 10]
            window.layer.addSublayer(dashes)
        }
        let image = render(try TransitionAnimator(transition), at: 0, isFinal: true)
        // Even-odd: the inner circle (both ellipses wind the same way) is a hole.
        XCTAssertEqual(pixel(image, 150, 200), white)
        XCTAssertEqual(pixel(image, 70, 200), red)
        // Dashes of 20 painted, 10 not, from x = 20: 20…40 painted, 40…50 not, 50…70 painted.
        XCTAssertEqual(pixel(image, 30, 400), green)
        XCTAssertEqual(pixel(image, 45, 400), white)
        XCTAssertEqual(pixel(image, 60, 400), green)
    }

    @MainActor func testAGradientMaskFadesAViewAndAFreeSublayerIsDrawnAboveTheSubviews() async throws {
        let transition = try Transition.record { window in
            window.backgroundColor = .white
            let panel = UIView(frame: CGRect(x: 0, y: 100, width: 375, height: 200))
            panel.backgroundColor = .red
            let fade = CAGradientLayer()
            fade.frame = panel.bounds
            fade.colors = [UIColor.black.cgColor, UIColor.clear.cgColor]
            fade.startPoint = CGPoint(x: 0, y: 0.5)
            fade.endPoint = CGPoint(x: 1, y: 0.5)
            panel.layer.mask = fade
            window.addSubview(panel)
            let child = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            child.backgroundColor = .blue
            panel.addSubview(child)
            let badge = CAShapeLayer()
            badge.path = UIBezierPath(ovalIn: CGRect(x: 25, y: 25, width: 50, height: 50)).cgPath
            badge.fillColor = UIColor.green.cgColor
            panel.layer.addSublayer(badge)
        }
        let image = render(try TransitionAnimator(transition), at: 0, isFinal: true)
        // The mask's alpha falls linearly from 1 at x = 0 to 0 at x = 375: at the middle of the
        // panel red is half covered over white (255, 128, 128 to rounding).
        let middle = pixel(image, 187.5, 250)
        XCTAssertEqual(middle[0], 255)
        XCTAssertEqual(Double(middle[1]), 127.5, accuracy: 2)
        XCTAssertEqual(pixel(image, 370, 250)[1], 252, accuracy: 3)
        // The free sublayer is drawn above the subview (and masked with it: nearly opaque at x 50).
        let badge = pixel(image, 50, 150)
        XCTAssertLessThan(badge[0], 40, "\(badge)")
        XCTAssertGreaterThan(badge[1], 220, "\(badge)")
    }

    // MARK: Transition files

    /// Shape layers, a shape mask whose path animates and is taken away at the end, a gradient
    /// mask, dashes and the even-odd rule, in one recording.
    @MainActor
    private func recordEverything() throws -> Transition {
        try Transition.record { window in
            window.backgroundColor = .white
            let panel = UIView(frame: CGRect(x: 0, y: 100, width: 375, height: 300))
            panel.backgroundColor = .systemBlue
            window.addSubview(panel)
            let circle = CAShapeLayer()
            circle.path = UIBezierPath(ovalIn: CGRect(x: 150, y: 100, width: 75, height: 75)).cgPath
            panel.layer.mask = circle
            let grow = CABasicAnimation(keyPath: "path")
            grow.fromValue = circle.path
            grow.toValue = UIBezierPath(ovalIn: CGRect(x: -100, y: -150, width: 575, height: 575)).cgPath
            grow.duration = 0.5
            grow.fillMode = .forwards
            grow.isRemovedOnCompletion = false
            circle.add(grow, forKey: "grow")
            let star = CAShapeLayer()
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 100, y: 20))
            path.addLine(to: CGPoint(x: 160, y: 200))
            path.addLine(to: CGPoint(x: 10, y: 90))
            path.addLine(to: CGPoint(x: 190, y: 90))
            path.addLine(to: CGPoint(x: 40, y: 200))
            path.closeSubpath()
            star.path = path
            star.fillRule = .evenOdd
            star.fillColor = UIColor.orange.cgColor
            star.strokeColor = UIColor.black.cgColor
            star.lineWidth = 3
            star.lineJoin = .round
            star.lineDashPattern = [12, 4]
            star.lineDashPhase = 2
            panel.layer.addSublayer(star)
            let stroke = CABasicAnimation(keyPath: "strokeEnd")
            stroke.fromValue = 0
            stroke.duration = 0.5
            star.add(stroke, forKey: "stroke")
            let fade = CAGradientLayer()
            fade.frame = CGRect(x: 0, y: 0, width: 375, height: 100)
            fade.colors = [UIColor.black.cgColor, UIColor.clear.cgColor]
            let strip = UIView(frame: CGRect(x: 0, y: 450, width: 375, height: 100))
            strip.backgroundColor = .systemRed
            strip.layer.mask = fade
            window.addSubview(strip)
        }
    }

    @MainActor func testTheExportedFileReadsBackAsTheSameFrames() async throws {
        let transition = try recordEverything()
        let folder = FileManager.default.temporaryDirectory.path
        let json = TransitionFile.json(for: transition, relativeTo: folder)
        XCTAssertTrue(json.contains("\"mask\""), json)
        XCTAssertTrue(json.contains("\"fillRule\": \"evenOdd\""), json)
        let reread = try TransitionFile(data: Data(json.utf8), path: folder + "/uikit.json").transition(photos: [], options: SceneOptions())
        let original = try TransitionAnimator(transition), copy = try TransitionAnimator(reread)
        for t in [0.0, 0.125, 0.25, 0.5] {
            let isFinal = t == 0.5
            XCTAssertEqual(original.window(atSeconds: t, isFinal: isFinal), copy.window(atSeconds: t, isFinal: isFinal), "t = \(t)")
            XCTAssertEqual(render(original, at: t, isFinal: isFinal).pixels, render(copy, at: t, isFinal: isFinal).pixels, "t = \(t)")
        }
    }

    func testAFilesPathIsReadStrictlyWithinBounds() throws {
        func read(_ shape: String) throws -> Transition {
            let json = #"{"name": "t", "layers": [{"name": "a", "frame": [0, 0, 100, 100], "shape": "# + shape + #"}]}"#
            return try TransitionFile(data: Data(json.utf8), path: "/tmp/t.json").transition(photos: [], options: SceneOptions())
        }
        func message(_ shape: String) -> String {
            do { _ = try read(shape); return "" } catch { return "\(error)" }
        }
        XCTAssertTrue(
            message(#"{"path": [["line", 1, 2]]}"#).contains("$.layers[0].shape.path[0]"), message(#"{"path": [["line", 1, 2]]}"#))
        XCTAssertTrue(message(#"{"path": [["move", 1]]}"#).contains("$.layers[0].shape.path[0]"))
        XCTAssertTrue(message(#"{"path": [["arc", 1, 2]]}"#).contains("unknown value"))
        XCTAssertTrue(message(#"{"path": [], "lineWidth": -1}"#).contains("lineWidth"))
        XCTAssertTrue(message(#"{"path": [], "lineCap": "rounded"}"#).contains("\"round\""))
        let many = "[" + Array(repeating: #"["move", 0, 0]"#, count: BezierPath.maximumElementCount + 1).joined(separator: ",") + "]"
        XCTAssertTrue(message(#"{"path": "# + many + "}").contains("more than"))
        let shape = try XCTUnwrap(
            read(
                ##"{"path": [["move", 0, 0], ["quadCurve", 50, 0, 50, 50], ["close"]], "fillColor": null, "strokeColor": "#FF0000", "lineDashPattern": [2, 1]}"##
            ).window.sublayers.first?.shapeContent)
        XCTAssertEqual(shape.fillColor, .clear)
        XCTAssertEqual(shape.style.dashPattern, [2, 1])
        XCTAssertEqual(shape.path.kinds, [.move, .quadCurve, .close])
    }
}

extension ShapeLayerTests {
    @MainActor func testWhatIsNotDrawnIsRefusedByName() async throws {
        for (layer, expected) in [(CATextLayer(), "CATextLayer's text"), (CAReplicatorLayer(), "CAReplicatorLayer's copies")]
            as [(CALayer, String)]
        {
            XCTAssertThrowsError(try Transition.record { window in window.layer.addSublayer(layer) }) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
        }
        let bitmap = CALayer()
        bitmap.contents = "an image"
        bitmap.name = "badge"
        XCTAssertThrowsError(
            try Transition.record { window in
                let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                window.addSubview(view)
                view.layer.mask = bitmap
            }
        ) { error in
            XCTAssertTrue("\(error)".contains("CALayer 'badge'"), "\(error)")
        }
        // One mask a layer: a second one set later is refused, naming the view.
        XCTAssertThrowsError(
            try Transition.record { window in
                let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                view.accessibilityIdentifier = "masked"
                window.addSubview(view)
                view.layer.mask = CAShapeLayer()
                UIView.animate(withDuration: 0.1, animations: { view.alpha = 0.5 }) { _ in view.layer.mask = CAShapeLayer() }
            }
        ) { error in
            XCTAssertTrue("\(error)".contains("'masked'") && "\(error)".contains("second mask"), "\(error)")
        }
    }
}
