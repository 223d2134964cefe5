import Flipbook
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookRender
import FlipbookScenes
import FlipbookUIKit
import Foundation
import XCTest

/// Core Graphics' and Core Animation's maths, against values worked out by hand.
final class GeometryTests: XCTestCase {
    @MainActor func testAffineTransformsComposeAsCoreGraphics() async {
        // scaledBy applies the scale first: (1, 0) → scale (2, 0) → translate (12, 20).
        let t = CGAffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 3)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(t), CGPoint(x: 12, y: 23))
        // concatenating: self first, then the argument.
        let u = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 5, y: 0))
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(u), CGPoint(x: 7, y: 2))
        // A quarter turn is exact and clockwise on a y-down screen: (1, 0) → (0, 1).
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        XCTAssertEqual(CGPoint(x: 1, y: 0).applying(r), CGPoint(x: 0, y: 1))
        XCTAssertEqual(t.concatenating(t.inverted()), .identity)
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        // The bounding box of a rect turned a quarter: (0,0,20,10) → x −10…0, y 0…20.
        XCTAssertEqual(CGRect(x: 0, y: 0, width: 20, height: 10).applying(r), CGRect(x: -10, y: 0, width: 10, height: 20))
    }

    @MainActor func testTransform3DFunctions() async {
        let z = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        XCTAssertEqual(CATransform3DGetAffineTransform(z), CGAffineTransform(rotationAngle: .pi / 2))
        XCTAssertTrue(CATransform3DIsAffine(z))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let turned = CATransform3DRotate(perspective, .pi / 3, 0, 1, 0)
        XCTAssertFalse(CATransform3DIsAffine(turned))
        let product = CATransform3DConcat(turned, CATransform3DInvert(turned))
        for (value, expected) in zip(
            [product.m11, product.m22, product.m33, product.m44, product.m13, product.m34, product.m41],
            [1, 1, 1, 1, 0, 0, 0] as [CGFloat])
        {
            XCTAssertEqual(value, expected, accuracy: 1e-12)
        }
        // Translate applies the translation first (then the scale): (0,0,0) → (2·3, 0).
        let t = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 3, 0, 0)
        XCTAssertEqual(t.m41, 6)
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DIdentity))
        XCTAssertEqual(CATransform3DMakeAffineTransform(.identity), CATransform3DIdentity)
    }

    @MainActor func testConvertThroughARotatedSuperview() async {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let parent = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100)) // centre (100, 100)
        parent.transform = CGAffineTransform(rotationAngle: .pi / 2)
        window.addSubview(parent)
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 20))
        parent.addSubview(child)
        // Parent's (0, 0) is (−50, −50) from its centre; a quarter turn clockwise takes it to
        // (50, −50): (150, 50) in the window.
        XCTAssertEqual(parent.convert(CGPoint.zero, to: nil), CGPoint(x: 150, y: 50))
        XCTAssertEqual(child.convert(CGPoint(x: 10, y: 0), to: window), CGPoint(x: 150, y: 60))
        XCTAssertEqual(window.convert(CGPoint(x: 150, y: 60), to: child), CGPoint(x: 10, y: 0))
        // The child's 10×20 rect turns into a 20×10 box whose right edge is at x = 150.
        XCTAssertEqual(child.convert(child.bounds, to: nil), CGRect(x: 130, y: 50, width: 20, height: 10))
        XCTAssertEqual(parent.frame, CGRect(x: 50, y: 50, width: 100, height: 100))
        // A scroll offset (bounds origin) moves what is inside.
        let scroll = UIView(frame: CGRect(x: 0, y: 100, width: 375, height: 300))
        scroll.bounds.origin = CGPoint(x: 0, y: 40)
        window.addSubview(scroll)
        let cell = UIView(frame: CGRect(x: 10, y: 50, width: 10, height: 10))
        scroll.addSubview(cell)
        XCTAssertEqual(cell.convert(CGPoint.zero, to: nil), CGPoint(x: 10, y: 110))
        XCTAssertEqual(scroll.convert(cell.frame, to: window), CGRect(x: 10, y: 110, width: 10, height: 10))
    }

    @MainActor func testSubviewTreeEditing() async {
        let root = UIView(frame: .zero), a = UIView(), b = UIView(), c = UIView()
        a.tag = 1; b.tag = 2; c.tag = 3
        root.addSubview(a); root.addSubview(b)
        root.insertSubview(c, belowSubview: b)
        XCTAssertEqual(root.subviews.map(\.tag), [1, 3, 2])
        root.bringSubviewToFront(a)
        XCTAssertEqual(root.subviews.map(\.tag), [3, 2, 1])
        root.sendSubviewToBack(b)
        XCTAssertEqual(root.subviews.map(\.tag), [2, 3, 1])
        root.insertSubview(a, at: 0)
        XCTAssertEqual(root.subviews.map(\.tag), [1, 2, 3])
        root.insertSubview(b, aboveSubview: c)
        XCTAssertEqual(root.subviews.map(\.tag), [1, 3, 2])
        c.addSubview(a)
        XCTAssertEqual(root.subviews.map(\.tag), [3, 2])
        XCTAssertTrue(root.viewWithTag(1) === a)
        a.removeFromSuperview()
        XCTAssertNil(a.superview)
        XCTAssertNil(root.viewWithTag(1))
        XCTAssertEqual(root.layer.sublayers?.count, 2)
    }

    @MainActor func testFrameFollowsAnchorPointAndTransform() async {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        // Scaled about the centre (50, 25): the frame is the bounding box.
        XCTAssertEqual(view.frame, CGRect(x: -50, y: -25, width: 200, height: 100))
        XCTAssertEqual(view.bounds.size, CGSize(width: 100, height: 50))
        view.transform = .identity
        view.layer.anchorPoint = CGPoint(x: 0, y: 0)
        // The position stays; the frame moves so that its top left is at the position.
        XCTAssertEqual(view.frame, CGRect(x: 50, y: 25, width: 100, height: 50))
    }

    @MainActor func testColours() async {
        var red: CGFloat = 0, alpha: CGFloat = 0
        XCTAssertTrue(UIColor.systemBlue.withAlphaComponent(0.5).getRed(&red, green: nil, blue: nil, alpha: &alpha))
        XCTAssertEqual(red, 0); XCTAssertEqual(alpha, 0.5)
        XCTAssertEqual(UIColor(white: 0.5, alpha: 1), UIColor.gray)
        XCTAssertEqual(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1), UIColor.red)
        XCTAssertEqual(UIColor(cgColor: UIColor.orange.cgColor), UIColor.orange)
    }
}

final class RotationDecompositionTests: XCTestCase {
    @MainActor func testDecomposedRotationMatchesTheAngle() async throws {
        for degrees in [-170.0, -90, -30, 0, 12.5, 45, 90, 135, 180] {
            let transition = try Transition.record { window in
                let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                view.accessibilityIdentifier = "v"
                view.transform = CGAffineTransform(rotationAngle: CGFloat(degrees * Double.pi / 180)).scaledBy(x: 2, y: 3)
                window.addSubview(view)
            }
            let layer = try XCTUnwrap(transition.window.sublayers.first { $0.name == "v" })
            XCTAssertEqual(layer.transform.rotationDegrees, degrees, accuracy: 1e-9)
            XCTAssertEqual(layer.transform.scale.width, 2, accuracy: 1e-12)
            XCTAssertEqual(layer.transform.scale.height, 3, accuracy: 1e-12)
        }
    }
}
