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

/// What UIKit code animates, recorded and evaluated, against values computed here from
/// UIKit's published formulas.
final class AnimationTests: XCTestCase {
    private func layer(_ name: String, _ animator: TransitionAnimator, at t: Double) -> Layer {
        animator.layer(named: name, in: animator.window(atSeconds: t, isFinal: false))!
    }

    @MainActor func testSpringInsideAnimateLandsWhereUIKitsFormulaSays() async throws {
        let transition = try Transition.record { window in
            let photo = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            photo.accessibilityIdentifier = "photo"
            window.addSubview(photo)
            UIView.animate(
                withDuration: 0.7, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 1, options: [],
                animations: {
                    photo.frame = CGRect(x: 200, y: 300, width: 100, height: 100)
                })
        }
        let animator = try TransitionAnimator(transition)
        // x(t) = e^(−ζω t)(cos ω_d t + (ζω − v)/ω_d · sin ω_d t), ω = 15.491059 rad/s for d 0.7,
        // ζ 0.6, v 1 (the duration's envelope reaching 0.001); progress = 1 − x.
        let omega = 15.491059, zeta = 0.6, v = 1.0, t = 0.2
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        let x = exp(-zeta * omega * t) * (cos(omegaD * t) + (zeta * omega - v) / omegaD * sin(omegaD * t))
        let frame = layer("photo", animator, at: t).frame
        XCTAssertEqual(frame.x, 200 * (1 - x), accuracy: 1e-3)
        XCTAssertEqual(frame.y, 300 * (1 - x), accuracy: 1e-3)
        XCTAssertGreaterThan(layer("photo", animator, at: 0.25).frame.x, 200, "a 0.6 spring overshoots")
        XCTAssertEqual(layer("photo", animator, at: 0.7).frame.x, 200)
        XCTAssertEqual(animator.durationSeconds, 0.7)
    }

    @MainActor func testCompletionFollowUpStartsAtTheFirstsEnd() async throws {
        var completionTimes: [Double] = []
        let transition = try Transition.record { window in
            let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            card.accessibilityIdentifier = "card"
            window.addSubview(card)
            UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: { card.alpha = 0.5 }) { finished in
                XCTAssertTrue(finished)
                completionTimes.append(CACurrentMediaTime())
                let badge = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
                badge.accessibilityIdentifier = "badge"
                card.addSubview(badge)
                UIView.animate(
                    withDuration: 0.3, delay: 0, options: .curveLinear,
                    animations: {
                        card.center = CGPoint(x: 50, y: 350)
                    },
                    completion: { _ in
                        completionTimes.append(CACurrentMediaTime()); badge.removeFromSuperview()
                    })
            }
        }
        XCTAssertEqual(completionTimes, [0.5, 0.8])
        let animator = try TransitionAnimator(transition)
        XCTAssertEqual(animator.durationSeconds, 0.8, accuracy: 1e-12)
        XCTAssertEqual(layer("card", animator, at: 0.25).opacity, 0.75, accuracy: 1e-12)
        XCTAssertEqual(layer("card", animator, at: 0.5).frame.y, 0)
        // Linear from y 0 to y 300 (centre 50 → 350) between 0.5 s and 0.8 s.
        XCTAssertEqual(layer("card", animator, at: 0.65).frame.y, 150, accuracy: 1e-9)
        // The badge exists only between the two completions.
        XCTAssertTrue(layer("badge", animator, at: 0.4).isHidden)
        XCTAssertFalse(layer("badge", animator, at: 0.6).isHidden)
        XCTAssertTrue(animator.layer(named: "badge", in: animator.window(atSeconds: 0.8, isFinal: true))!.isHidden)
    }

    @MainActor func testSetOutsideABlockAppliesAtOnceAndPerformWithoutAnimation() async throws {
        let transition = try Transition.record { window in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.accessibilityIdentifier = "v"
            window.addSubview(view)
            view.alpha = 0.2
            UIView.animate(
                withDuration: 1,
                animations: {
                    view.center.x = 105
                    UIView.performWithoutAnimation { view.alpha = 0.4 }
                })
        }
        let animator = try TransitionAnimator(transition)
        XCTAssertEqual(layer("v", animator, at: 0).opacity, 0.4)
        XCTAssertEqual(layer("v", animator, at: 0.5).frame.x, 50, accuracy: 1e-9, "ease in-out is half way at half time")
    }

    @MainActor func testLayoutIfNeededInsideABlockAnimatesTheLayout() async throws {
        final class Panel: UIView {
            var expanded = false
            let bar = UIView(frame: .zero)
            override init(frame: CGRect) { super.init(frame: frame); bar.accessibilityIdentifier = "bar"; addSubview(bar) }
            required init?(coder: NSCoder) { nil }
            override func layoutSubviews() { bar.frame = CGRect(x: 0, y: 0, width: expanded ? 200 : 100, height: 10) }
        }
        let transition = try Transition.record { window in
            let panel = Panel(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            window.addSubview(panel)
            panel.layoutIfNeeded()
            UIView.animate(
                withDuration: 1, delay: 0, options: .curveLinear,
                animations: {
                    panel.expanded = true
                    panel.setNeedsLayout()
                    panel.layoutIfNeeded()
                })
        }
        let animator = try TransitionAnimator(transition)
        XCTAssertEqual(layer("bar", animator, at: 0.5).frame.width, 150, accuracy: 1e-9)
    }

    @MainActor func testKeyframesSplitTheDuration() async throws {
        let transition = try Transition.record { window in
            let dot = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            dot.accessibilityIdentifier = "dot"
            window.addSubview(dot)
            UIView.animateKeyframes(
                withDuration: 2, delay: 0, options: [],
                animations: {
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { dot.frame.origin.x = 100 }
                    UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { dot.frame.origin.x = 300 }
                })
        }
        let animator = try TransitionAnimator(transition)
        XCTAssertEqual(layer("dot", animator, at: 0.5).frame.x, 50, accuracy: 1e-9)
        XCTAssertEqual(layer("dot", animator, at: 1.5).frame.x, 200, accuracy: 1e-9)
        XCTAssertEqual(animator.durationSeconds, 2)
    }

    @MainActor func testAnInterruptingAnimationStartsFromThePresentationValue() async throws {
        let transition = try Transition.record { window in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.accessibilityIdentifier = "v"
            window.addSubview(view)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.frame.origin.x = 100 })
            UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: { view.alpha = 0.5 }) { _ in
                // At 0.5 s x is 50; the new animation goes from there to 0 in 0.5 s.
                UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: { view.frame.origin.x = 0 })
            }
        }
        let animator = try TransitionAnimator(transition)
        XCTAssertEqual(layer("v", animator, at: 0.75).frame.x, 25, accuracy: 1e-9)
        XCTAssertEqual(layer("v", animator, at: 1).frame.x, 0)
    }

    @MainActor func testSpringDurationBounceAndPropertyAnimator() async throws {
        let transition = try Transition.record { window in
            let a = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)), b = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            a.accessibilityIdentifier = "a"; b.accessibilityIdentifier = "b"
            window.addSubview(a); window.addSubview(b)
            UIView.animate(springDuration: 0.5, bounce: 0) { a.frame.origin.x = 100 }
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { b.frame.origin.x = 100 }
            animator.addCompletion { position in XCTAssertEqual(position, .end) }
            animator.startAnimation()
        }
        let animator = try TransitionAnimator(transition)
        // Bounce 0: critically damped, ω = 2π / 0.5; progress 1 − (1 + ωt)e^(−ωt).
        let omega = 2 * Double.pi / 0.5, t = 0.1
        XCTAssertEqual(layer("a", animator, at: t).frame.x, 100 * (1 - (1 + omega * t) * exp(-omega * t)), accuracy: 1e-6)
        XCTAssertEqual(layer("b", animator, at: 0.5).frame.x, 50, accuracy: 1e-9)
    }

    @MainActor func testPropertyAnimatorPausedScrubbedAndContinuedReversed() async throws {
        var ended: UIViewAnimatingPosition?
        let transition = try Transition.record { window in
            let sheet = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            sheet.accessibilityIdentifier = "sheet"
            window.addSubview(sheet)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { sheet.frame.origin.y = 400 }
            animator.addCompletion {
                ended = $0; XCTAssertEqual(sheet.frame.origin.y, 0)
            }
            animator.pauseAnimation()
            animator.fractionComplete = 0.5
            animator.isReversed = true
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        }
        XCTAssertEqual(ended, .start)
        let animator = try TransitionAnimator(transition)
        XCTAssertEqual(layer("sheet", animator, at: 0).frame.y, 200, accuracy: 1e-9)
        // Half the distance back in half the time: 200 → 0 linearly over 0.5 s.
        XCTAssertEqual(layer("sheet", animator, at: 0.25).frame.y, 100, accuracy: 1e-9)
        XCTAssertEqual(animator.layer(named: "sheet", in: animator.window(atSeconds: 0.5, isFinal: true))!.frame.y, 0)
    }

    @MainActor func testBasicAndSpringLayerAnimations() async throws {
        let transition = try Transition.record { window in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            view.accessibilityIdentifier = "v"
            window.addSubview(view)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0.0; fade.toValue = 1.0; fade.duration = 0.4
            fade.timingFunction = CAMediaTimingFunction(name: .linear)
            view.layer.add(fade, forKey: "fade")
            let spring = CASpringAnimation(keyPath: "cornerRadius")
            spring.fromValue = 0; spring.toValue = 20; spring.damping = 20; spring.stiffness = 100
            view.layer.cornerRadius = 20
            view.layer.add(spring, forKey: "corner")
        }
        let animator = try TransitionAnimator(transition)
        XCTAssertEqual(layer("v", animator, at: 0.1).opacity, 0.25, accuracy: 1e-9)
        // After the fade is removed the model opacity (1) shows.
        XCTAssertEqual(layer("v", animator, at: 0.5).opacity, 1)
        // Critically damped (c = 2√(km) = 20), ω = 10: progress 1 − (1 + 10t)e^(−10t).
        XCTAssertEqual(layer("v", animator, at: 0.2).cornerRadius, 20 * (1 - 3 * exp(-2)), accuracy: 1e-6)
    }

    @MainActor func testTransitionCrossDissolveFadesASnapshotOut() async throws {
        let transition = try Transition.record { window in
            let label = UILabel(frame: CGRect(x: 0, y: 100, width: 200, height: 40))
            label.accessibilityIdentifier = "label"
            label.text = "Before"
            window.addSubview(label)
            UIView.transition(
                with: label, duration: 0.4, options: [.transitionCrossDissolve, .curveLinear], animations: { label.text = "After" })
        }
        let animator = try TransitionAnimator(transition)
        let window = animator.window(atSeconds: 0.2, isFinal: false)
        let snapshot = window.sublayers.first { $0.snapshotOf == "label" }
        XCTAssertEqual(snapshot?.opacity ?? -1, 0.5, accuracy: 1e-9)
        XCTAssertEqual(animator.layer(named: "label", in: window)?.text?.string, "After")
    }
}
