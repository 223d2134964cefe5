import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookScenes
import FlipbookUIKit
import Foundation
import XCTest

/// A recording that uses every drawing property exports to a transition file that reads back as
/// the same frames, and 3-D seen through a parent's `sublayerTransform` is recorded as set.
final class DrawingPropertiesExportTests: XCTestCase {
    @MainActor
    private func recordEverything() throws -> Transition {
        try Transition.record { window in
            window.backgroundColor = .white
            let stage = UIView(frame: CGRect(x: 0, y: 100, width: 375, height: 400))
            stage.accessibilityIdentifier = "stage"
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 600
            stage.layer.sublayerTransform = perspective
            window.addSubview(stage)
            let face = UIView(frame: CGRect(x: 80, y: 50, width: 200, height: 300))
            face.accessibilityIdentifier = "face"
            face.backgroundColor = .systemBlue
            face.layer.cornerRadius = 20
            face.layer.cornerCurve = .continuous
            face.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            face.layer.borderWidth = 3
            face.layer.borderColor = UIColor.white.cgColor
            face.layer.anchorPoint = CGPoint(x: 0, y: 0.5)
            face.layer.isDoubleSided = false
            stage.addSubview(face)
            let shadowed = UIView(frame: CGRect(x: 20, y: 520, width: 120, height: 80))
            shadowed.accessibilityIdentifier = "shadowed"
            shadowed.backgroundColor = .white
            shadowed.layer.shadowOpacity = 0.3
            shadowed.layer.shadowRadius = 6
            shadowed.layer.shadowOffset = CGSize(width: 2, height: 4)
            window.addSubview(shadowed)
            let blur = UIVisualEffectView(effect: nil)
            blur.accessibilityIdentifier = "blur"
            blur.frame = CGRect(x: 200, y: 520, width: 150, height: 100)
            window.addSubview(blur)
            let turn = CABasicAnimation(keyPath: "transform.rotation.y")
            turn.toValue = -CGFloat.pi / 3
            turn.duration = 0.5
            turn.fillMode = .forwards
            turn.isRemovedOnCompletion = false
            face.layer.add(turn, forKey: "turn")
            let glow = CABasicAnimation(keyPath: "shadowRadius")
            glow.fromValue = 6
            glow.toValue = 16
            glow.duration = 0.5
            shadowed.layer.shadowRadius = 16
            shadowed.layer.add(glow, forKey: "glow")
            UIView.animate(withDuration: 0.5) { blur.effect = UIBlurEffect(style: .systemThinMaterialDark) }
        }
    }

    @MainActor func testTheRecordedPropertiesAreTheOnesSet() async throws {
        let animator = try TransitionAnimator(try recordEverything())
        let stage = try XCTUnwrap(animator.initialLayer(named: "stage")), face = try XCTUnwrap(animator.initialLayer(named: "face"))
        XCTAssertEqual(stage.sublayerTransform.perspectiveDistancePoints, 600, accuracy: 1e-9)
        XCTAssertEqual(face.maskedCorners, [.minXMinY, .maxXMinY])
        XCTAssertEqual(face.cornerCurve, .continuous)
        XCTAssertEqual(face.borderWidth, 3)
        XCTAssertEqual(face.borderColor, .white)
        XCTAssertEqual(face.anchorPoint, Point(x: 0, y: 0.5))
        XCTAssertFalse(face.isDoubleSided)
        // The anchor moved, the position stayed (the centre, 180, 200): the frame moved right.
        XCTAssertEqual(face.frame, Rect(x: 180, y: 50, width: 200, height: 300))
        let turned = animator.layer(named: "face", in: animator.window(atSeconds: 0.5, isFinal: true))
        XCTAssertEqual(turned?.transform.rotationYDegrees ?? 0, -60, accuracy: 1e-9)
        let glowing = animator.layer(named: "shadowed", in: animator.window(atSeconds: 0.25, isFinal: false))
        XCTAssertGreaterThan(glowing?.shadowRadius ?? 0, 6)
        XCTAssertLessThan(glowing?.shadowRadius ?? 99, 16)
        XCTAssertEqual(
            animator.layer(named: "blur", in: animator.window(atSeconds: 0.5, isFinal: true))?.blur,
            BlurEffect(style: .systemThinMaterialDark))
    }

    @MainActor func testTheExportedFileReadsBackAsTheSameFrames() async throws {
        let transition = try recordEverything()
        let folder = FileManager.default.temporaryDirectory.path
        let json = TransitionFile.json(for: transition, relativeTo: folder)
        let reread = try TransitionFile(data: Data(json.utf8), path: folder + "/uikit.json").transition(photos: [], options: SceneOptions())
        let original = try TransitionAnimator(transition), copy = try TransitionAnimator(reread)
        for t in [0.0, 0.125, 0.25, 0.5] {
            XCTAssertEqual(original.window(atSeconds: t, isFinal: t == 0.5), copy.window(atSeconds: t, isFinal: t == 0.5), "t = \(t)")
        }
    }
}
