import FlipbookGeometry
import FlipbookModel
import FlipbookRaster
import FlipbookRender
import FlipbookUIKit
import Foundation
import XCTest

/// Animators written against UIKit's documented API only, using the layer properties the
/// drawing model draws (shadows, continuous corners, 3-D transforms, blur, borders): recorded,
/// rendered, and checked against values worked out by hand, not by the renderer.
final class DrawingPropertiesTests: XCTestCase {
    /// The frame at `t` as the renderer draws it (@2x, the iPhone 8).
    private func render(_ animator: TransitionAnimator, at t: Double, isFinal: Bool = false) -> PremultipliedImage {
        let window = animator.window(atSeconds: t, isFinal: isFinal)
        let ops = DisplayList.ops(flattening: window, screen: animator.transition.device.bounds) { animator.initialLayer(named: $0) }
        let list = DisplayList(device: animator.transition.device, frameIndex: 0, timeSeconds: t, progress: t, ops: ops)
        return FrameRasterizer(images: try! ImageStore(sources: [], threads: 1)).render(list)
    }

    /// The pixel whose top-left corner is at (x, y) points, as [r, g, b].
    private func pixel(_ image: PremultipliedImage, _ x: Double, _ y: Double) -> [Int] {
        let p = image[Int(x * 2), Int(y * 2)]
        return [Int(p.red), Int(p.green), Int(p.blue)]
    }

    /// The standard normal distribution function.
    private func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.squareRoot())) }

    // MARK: Shadow and continuous corners, on a spring

    /// A card with a shadow that expands on a spring, its corners `curve`.
    @MainActor
    private func recordCard(_ curve: CALayerCornerCurve) throws -> Transition {
        try Transition.record { window in
            window.backgroundColor = .white
            let card = UIView(frame: CGRect(x: 40, y: 200, width: 240, height: 160))
            card.accessibilityIdentifier = "card"
            card.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
            card.layer.cornerRadius = 16
            card.layer.cornerCurve = curve
            card.layer.shadowColor = UIColor.black.cgColor
            card.layer.shadowOpacity = 0.5
            card.layer.shadowOffset = CGSize(width: 0, height: 10)
            card.layer.shadowRadius = 8
            window.addSubview(card)
            UIView.animate(
                withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, options: [],
                animations: {
                    card.frame = CGRect(x: 20, y: 150, width: 280, height: 300)
                    // Since iOS 11 a view animation block animates the layer's corner radius too.
                    card.layer.cornerRadius = 24
                    // Not a view property: applied at once, as on iOS.
                    card.layer.shadowRadius = 8
                })
        }
    }

    @MainActor func testACardWithAShadowExpandsOnASpringAndCastsItsShadowAsCoreAnimationDoes() async throws {
        let transition = try recordCard(.continuous)
        let animator = try TransitionAnimator(transition)
        let start = try XCTUnwrap(animator.initialLayer(named: "card"))
        XCTAssertEqual(start.cornerCurve, .continuous)
        XCTAssertEqual(start.shadowOpacity, 0.5, accuracy: 1e-7)
        XCTAssertEqual(start.shadowOffset, Size(width: 0, height: 10))
        XCTAssertEqual(start.shadowRadius, 8)
        XCTAssertEqual(start.shadowColor, .black)
        XCTAssertTrue(transition.animations.contains { $0.target == "card" && $0.to.cornerRadius == 24 })

        let end = render(animator, at: 0.6, isFinal: true)
        // A continuous corner leaves its straight edge 1.528665 r before the corner (r = 24):
        // 1.3 r along the top edge a circular corner is already straight (covered), the
        // continuous one is still curving away (the top row not fully covered).
        let topRow = pixel(end, 20 + 1.3 * 24, 150)
        XCTAssertGreaterThan(topRow[0], 0, "\(topRow)")
        XCTAssertEqual(pixel(end, 160, 449), [0, 0, 255])
        XCTAssertEqual(pixel(end, 160, 150), [0, 0, 255])
    }

    @MainActor func testTheCardsShadowReachesAsFarAsCoreAnimationsGaussian() async throws {
        // The drawing model casts the shadows of layers drawn through their shape (continuous
        // or masked corners, borders, 3-D) in a change of its own; the shadow's reach is checked
        // here on the same card with circular corners.
        let animator = try TransitionAnimator(try recordCard(.circular))
        let end = render(animator, at: 0.6, isFinal: true)
        // The card ends at y 150…450; its shadow is the same rounded rect 10 pt lower, blurred
        // with σ = shadowRadius: under the middle, at d points past the shadow's edge (460), the
        // shadow's alpha is 0.5 · Φ(−d/σ) and white shows through the rest.
        for y in [452.0, 456, 460, 464, 470] {
            let d = y + 0.25 - 460 // the pixel's centre
            let expected = 255 * (1 - 0.5 * phi(-d / 8))
            let value = pixel(end, 160, y)
            XCTAssertEqual(Double(value[0]), expected, accuracy: 4, "y = \(y)")
            XCTAssertEqual(value[0], value[2], "a black shadow over white is grey, y = \(y)")
        }
        // Beyond 3σ the shadow is gone; the card itself is blue to its edge.
        XCTAssertGreaterThanOrEqual(pixel(end, 160, 486)[0], 253)
        XCTAssertEqual(pixel(end, 160, 449), [0, 0, 255])
        // The circular corner: 1.3 r along the top edge the top row is covered.
        XCTAssertEqual(pixel(end, 20 + 1.3 * 24, 150), [0, 0, 255])
    }

    // MARK: 3-D flip

    /// Where Core Animation puts a point of a `width` × `height` layer turned `degrees` about
    /// y with m34 = −1/500, anchor in the centre at `anchor`: (x, y, 0, 1) · Ry · P, divided by w.
    private func projected(_ x: Double, _ y: Double, degrees: Double, anchor: (Double, Double)) -> (Double, Double) {
        let theta = degrees * Double.pi / 180, c = cos(theta), s = sin(theta)
        let w = 1 + x * s / 500 // z = −x·s, then w = 1 + z · m34
        return (anchor.0 + x * c / w, anchor.1 + y / w)
    }

    @MainActor func testACardFlipsIn3DWithPerspectiveFromACABasicAnimation() async throws {
        let transition = try Transition.record { window in
            window.backgroundColor = .white
            let card = UIView(frame: CGRect(x: 60, y: 200, width: 200, height: 300))
            card.accessibilityIdentifier = "card"
            card.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
            card.layer.isDoubleSided = false
            window.addSubview(card)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500
            card.layer.transform = perspective
            let flip = CABasicAnimation(keyPath: "transform.rotation.y")
            flip.fromValue = 0
            flip.toValue = CGFloat.pi
            flip.duration = 1
            flip.timingFunction = CAMediaTimingFunction(name: .linear)
            flip.fillMode = .forwards
            flip.isRemovedOnCompletion = false
            card.layer.add(flip, forKey: "flip")
        }
        let animator = try TransitionAnimator(transition)
        XCTAssertEqual(animator.initialLayer(named: "card")?.transform.perspectiveDistancePoints ?? 0, 500, accuracy: 1e-9)
        let quarter = render(animator, at: 0.25)
        // 45°: the corners by hand.
        let topLeft = projected(-100, -150, degrees: 45, anchor: (160, 350)),
            topRight = projected(100, -150, degrees: 45, anchor: (160, 350))
        let bottomLeft = projected(-100, 150, degrees: 45, anchor: (160, 350))
        XCTAssertEqual(topLeft.0, 77.64, accuracy: 0.01)
        XCTAssertEqual(topRight.0, 221.95, accuracy: 0.01)
        let red = [255, 0, 0], white = [255, 255, 255]
        // Across the middle: red from the near (left) edge to the far (right) one.
        XCTAssertEqual(pixel(quarter, topLeft.0 + 1.5, 350), red)
        XCTAssertEqual(pixel(quarter, topLeft.0 - 2, 350), white)
        XCTAssertEqual(pixel(quarter, topRight.0 - 2, 350), red)
        XCTAssertEqual(pixel(quarter, topRight.0 + 1.5, 350), white)
        // The near edge is taller than the card (closer to the eye), the far edge shorter.
        XCTAssertEqual(pixel(quarter, topLeft.0 + 1.5, topLeft.1 + 2.5), red)
        XCTAssertEqual(pixel(quarter, topLeft.0 + 1.5, topLeft.1 - 2), white)
        XCTAssertEqual(pixel(quarter, topLeft.0 + 1.5, bottomLeft.1 - 2.5), red)
        XCTAssertEqual(pixel(quarter, topRight.0 - 2, topRight.1 - 2), white)
        XCTAssertEqual(pixel(quarter, topRight.0 - 2, topRight.1 + 2.5), red)
        // Past 90° the card shows its back, and a single-sided layer is not drawn.
        let back = render(animator, at: 0.75)
        XCTAssertEqual(pixel(back, 160, 350), white)
    }

    @MainActor func testCATransform3DMapsToTheModelsComponentsExactly() async throws {
        // Rotate about x then y with perspective and a move and a scale, composed as the
        // model's docs write it; the recorded layer carries each component back.
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 800
        t = CATransform3DTranslate(t, 30, -20, 0)
        t = CATransform3DRotate(t, 0.3, 1, 0, 0)
        t = CATransform3DRotate(t, -0.5, 0, 1, 0)
        t = CATransform3DRotate(t, 0.2, 0, 0, 1)
        t = CATransform3DScale(t, 1.5, 0.75, 1)
        let matrix = t
        let transition = try Transition.record { window in
            let view = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
            view.accessibilityIdentifier = "tilted"
            view.layer.anchorPoint = CGPoint(x: 0, y: 1)
            view.layer.transform = matrix
            window.addSubview(view)
        }
        let layer = try XCTUnwrap(try TransitionAnimator(transition).initialLayer(named: "tilted"))
        let degrees = 180 / Double.pi
        XCTAssertEqual(layer.transform.rotationXDegrees, 0.3 * degrees, accuracy: 1e-9)
        XCTAssertEqual(layer.transform.rotationYDegrees, -0.5 * degrees, accuracy: 1e-9)
        XCTAssertEqual(layer.transform.rotationDegrees, 0.2 * degrees, accuracy: 1e-9)
        XCTAssertEqual(layer.transform.scale.width, 1.5, accuracy: 1e-12)
        XCTAssertEqual(layer.transform.scale.height, 0.75, accuracy: 1e-12)
        XCTAssertEqual(layer.transform.translation.x, 30, accuracy: 1e-12)
        XCTAssertEqual(layer.transform.translation.y, -20, accuracy: 1e-12)
        XCTAssertEqual(layer.transform.perspectiveDistancePoints, 800, accuracy: 1e-9)
        XCTAssertEqual(layer.anchorPoint, Point(x: 0, y: 1))
        // Setting the anchor point keeps `position` (the centre the frame gave, (100, 100)) and
        // moves the frame, as Core Animation does.
        XCTAssertEqual(layer.position, Point(x: 100, y: 100))
        XCTAssertEqual(layer.frame, Rect(x: 100, y: 0, width: 100, height: 100))
    }

    // MARK: Blur modal

    @MainActor func testABlurFadesInFromNoEffectInsideAnAnimationBlock() async throws {
        let transition = try Transition.record { window in
            window.backgroundColor = .white
            // Stripes 2 pt wide: black and white, the blur's input.
            for index in 0..<80 where index % 2 == 0 {
                let stripe = UIView(frame: CGRect(x: CGFloat(index) * 4, y: 0, width: 4, height: 667))
                stripe.backgroundColor = .black
                window.addSubview(stripe)
            }
            let blur = UIVisualEffectView(effect: nil)
            blur.accessibilityIdentifier = "blur"
            blur.frame = window.bounds
            window.addSubview(blur)
            UIView.animate(
                withDuration: 0.4, delay: 0, options: .curveLinear,
                animations: {
                    blur.effect = UIBlurEffect(style: .systemMaterial)
                })
        }
        let animator = try TransitionAnimator(transition)
        XCTAssertNil(animator.initialLayer(named: "blur")?.blur)
        let last = animator.layer(named: "blur", in: animator.window(atSeconds: 0.4, isFinal: true))
        XCTAssertEqual(last?.blur, BlurEffect(style: .systemMaterial))
        // At the start the stripes show unchanged.
        let start = render(animator, at: 0)
        XCTAssertEqual(pixel(start, 1, 300), [0, 0, 0])
        XCTAssertEqual(pixel(start, 5, 300), [255, 255, 255])
        // At the end, a white tint of alpha 0.82 over the blurred stripes (σ 12 pt, far wider
        // than a stripe: mid-grey): every pixel ≥ 0.82 · 255 and the stripes within a few levels.
        let end = render(animator, at: 0.4, isFinal: true)
        let dark = pixel(end, 101, 300), light = pixel(end, 105, 300)
        XCTAssertGreaterThanOrEqual(dark[0], 209)
        XCTAssertLessThanOrEqual(abs(dark[0] - light[0]), 3)
        // Half way the tint is half as opaque: darker than the end, still far from the stripes.
        let middle = pixel(render(animator, at: 0.2), 101, 300)
        XCTAssertLessThan(middle[0], dark[0])
        XCTAssertGreaterThan(middle[0], 60)
    }

    // MARK: Border

    @MainActor func testABorderAnimatedByCABasicAnimationGrowsAndAViewBlockSetsItAtOnce() async throws {
        let transition = try Transition.record { window in
            window.backgroundColor = .white
            let framed = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
            framed.accessibilityIdentifier = "framed"
            framed.backgroundColor = UIColor(white: 0.5, alpha: 1)
            framed.layer.borderColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor
            window.addSubview(framed)
            let grow = CABasicAnimation(keyPath: "borderWidth")
            grow.fromValue = 0
            grow.toValue = 20
            grow.duration = 1
            grow.timingFunction = CAMediaTimingFunction(name: .linear)
            framed.layer.borderWidth = 20
            framed.layer.add(grow, forKey: "border")

            let other = UIView(frame: CGRect(x: 100, y: 300, width: 100, height: 100))
            other.accessibilityIdentifier = "other"
            other.backgroundColor = UIColor(white: 0.5, alpha: 1)
            other.layer.borderColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor
            window.addSubview(other)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { other.layer.borderWidth = 20 })
        }
        let animator = try TransitionAnimator(transition)
        let half = render(animator, at: 0.5)
        // 10 pt of border at half time: x 100…110 red, then the grey background; at the bottom
        // y 190…200.
        let red = [255, 0, 0], grey = pixel(half, 150, 150)
        XCTAssertEqual(grey[0], grey[1])
        XCTAssertEqual(pixel(half, 100, 150), red)
        XCTAssertEqual(pixel(half, 109.5, 150), red)
        XCTAssertEqual(pixel(half, 110, 150), grey)
        XCTAssertEqual(pixel(half, 150, 189.5), grey)
        XCTAssertEqual(pixel(half, 150, 190), red)
        XCTAssertEqual(pixel(half, 99.5, 150), [255, 255, 255])
        // The view block's border is 20 pt from the start.
        XCTAssertEqual(pixel(half, 119.5, 350), red)
        XCTAssertEqual(pixel(half, 120, 350), grey)
        XCTAssertEqual(pixel(render(animator, at: 0), 119.5, 350), red)
    }

    // MARK: Gradient, appearance

    @MainActor func testAGradientSublayerIsDrawnAsItsViewsGradient() async throws {
        let transition = try Transition.record { window in
            let card = UIView(frame: CGRect(x: 0, y: 100, width: 200, height: 100))
            card.accessibilityIdentifier = "card"
            let gradient = CAGradientLayer()
            gradient.frame = card.bounds
            gradient.colors = [UIColor.black.cgColor, UIColor.white.cgColor]
            gradient.startPoint = CGPoint(x: 0, y: 0.5)
            gradient.endPoint = CGPoint(x: 1, y: 0.5)
            card.layer.insertSublayer(gradient, at: 0)
            window.addSubview(card)
        }
        let animator = try TransitionAnimator(transition)
        let layer = try XCTUnwrap(animator.initialLayer(named: "card"))
        XCTAssertEqual(layer.gradient, Gradient(colors: [.black, .white], startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5)))
        // Left to right, black to white, interpolated in straight sRGB: a quarter of the way
        // (the pixel centred at x = 50.25) is 255 · 50.25 / 200.
        let image = render(animator, at: 0)
        XCTAssertEqual(Double(pixel(image, 50, 150)[0]), 255 * 50.25 / 200, accuracy: 1.5)
        XCTAssertEqual(Double(pixel(image, 150, 150)[0]), 255 * 150.25 / 200, accuracy: 1.5)
    }

    @MainActor func testSemanticColoursResolveInTheRecordingsAppearance() async throws {
        func record(_ appearance: Appearance) throws -> Layer? {
            let transition = try Transition.record(appearance: appearance) { window in
                let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                view.accessibilityIdentifier = "view"
                view.backgroundColor = .secondarySystemBackground
                window.addSubview(view)
            }
            return try TransitionAnimator(transition).initialLayer(named: "view")
        }
        // secondarySystemBackground: 242, 242, 247 light; 28, 28, 30 dark (Apple's tables).
        XCTAssertEqual(try record(.light)?.backgroundColor, StraightColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255))
        XCTAssertEqual(try record(.dark)?.backgroundColor, StraightColor(red: 28.0 / 255, green: 28.0 / 255, blue: 30.0 / 255))
        // Outside a recording UIKit's colours are the light ones.
        var white: CGFloat = 0
        XCTAssertTrue(UIColor.systemBackground.getWhite(&white, alpha: nil))
        XCTAssertEqual(white, 1)
    }

    @MainActor func testAShadowPathShapesTheShadowNotTheLayer() async throws {
        let transition = try Transition.record { window in
            window.backgroundColor = .white
            let tile = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
            tile.accessibilityIdentifier = "tile"
            tile.backgroundColor = .white
            tile.layer.shadowOpacity = 1
            tile.layer.shadowOffset = .zero
            tile.layer.shadowRadius = 4
            // Twice as wide as the tile: the shadow follows the path, not the tile.
            tile.layer.shadowPath = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 200, height: 100)).cgPath
            window.addSubview(tile)
        }
        let image = render(try TransitionAnimator(transition), at: 0)
        XCTAssertEqual(pixel(image, 150, 150), [255, 255, 255])
        // Inside the path beside the tile: fully shadowed (more than 3σ from every edge).
        XCTAssertLessThanOrEqual(pixel(image, 250, 150)[0], 2)
        // 5.25 pt below the path's bottom edge: 255 · (1 − Φ(−5.25 / 4)).
        XCTAssertEqual(Double(pixel(image, 250, 205)[0]), 255 * (1 - phi(-5.25 / 4)), accuracy: 4)
    }
}
