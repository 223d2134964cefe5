import Flipbook
import FlipbookModel
import FlipbookMotion
import FlipbookUIKit
import Foundation
import XCTest

@testable import FlipbookUIKitSamples

/// The App Store–style card's interruptible, interactive collapse (Samples/UIKit/CardExpansion),
/// driven by a finger: the collapse starts paused, `fractionComplete` follows the finger (linear
/// scrubbing: the card is the straight mix of its two layouts), and the release continues it to
/// the end or reverses it. Expected frames are computed here from the sample's two layouts:
/// resting (20, 120, 335, 420), expanded (0, 0, 375, 667), and the 300 pt collapse distance.
final class CardCollapseSampleTests: XCTestCase {
    private let resting = Rect(x: 20, y: 120, width: 335, height: 420)
    private let expanded = Rect(x: 0, y: 0, width: 375, height: 667)

    /// `share` of the way from `a` to `b`, computed here.
    private func mix(_ a: Rect, _ b: Rect, _ share: Double) -> Rect {
        Rect(
            x: a.x + (b.x - a.x) * share, y: a.y + (b.y - a.y) * share,
            width: a.width + (b.width - a.width) * share, height: a.height + (b.height - a.height) * share)
    }

    /// A finger going down at y = 200 and pulling to each of `pulls` (points down) 0.1 s apart,
    /// then holding still for three samples, so the release velocity is 0.
    private func pull(_ pulls: [Double]) throws -> Gesture {
        var samples = [TouchSample(timeSeconds: 0, xPoints: 187, yPoints: 200)]
        for (k, pull) in pulls.enumerated() {
            samples.append(TouchSample(timeSeconds: 0.1 * Double(k + 1), xPoints: 187, yPoints: 200 + pull))
        }
        let last = samples.last!
        for k in 1...3 { samples.append(TouchSample(timeSeconds: last.timeSeconds + 0.05 * Double(k), location: last.location)) }
        return try Gesture(samples: samples)
    }

    /// The card tapped at 0 (it springs open), the finger down at `touchDownSeconds`.
    @MainActor
    private func record(_ gesture: Gesture, touchDownSeconds: Double) throws -> (TransitionAnimator, TodayViewController, String) {
        let today = TodayViewController()
        today.photoName = SampleHost.photos[14].url
        today.secondPhotoName = SampleHost.photos[2].url
        let transition = try Transition.record(
            device: SampleHost.device, resources: SampleHost.resources, gesture: gesture,
            touchDownSeconds: touchDownSeconds
        ) { window in
            window.rootViewController = today
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            today.card.accessibilityIdentifier = "card"
            today.header.accessibilityIdentifier = "header"
            today.expand()
            return { pan in today.handleCollapsePan(pan) }
        }
        return (try TransitionAnimator(transition), today, "card")
    }

    private func frame(_ animator: TransitionAnimator, _ name: String, at seconds: Double, isFinal: Bool = false) -> Rect? {
        animator.layer(named: name, in: animator.window(atSeconds: seconds, isFinal: isFinal))?.frame
    }

    private func assertEqual(_ a: Rect?, _ b: Rect, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let a else { return XCTFail("no layer: \(message)", file: file, line: line) }
        for (x, y) in [(a.x, b.x), (a.y, b.y), (a.width, b.width), (a.height, b.height)] {
            XCTAssertEqual(x, y, accuracy: 1e-6, "\(message): \(a) ≠ \(b)", file: file, line: line)
        }
    }

    @MainActor func testPulledPastHalfWayTheCollapseFinishes() async throws {
        // Down at 0.7 s (the 0.6 s expansion is over); 90 pt at +0.1 s, 180 pt at +0.2 s, released at +0.35 s.
        let (animator, today, card) = try record(try pull([90, 180]), touchDownSeconds: 0.7)
        assertEqual(frame(animator, card, at: 0.65), expanded, "expanded before the touch")
        assertEqual(frame(animator, card, at: 0.75), expanded, "the collapse starts paused at 0")
        assertEqual(frame(animator, card, at: 0.85), mix(expanded, resting, 0.3), "90 of 300 pt: 30 % of the collapse")
        assertEqual(frame(animator, card, at: 1.0), mix(expanded, resting, 0.6), "180 of 300 pt")
        XCTAssertEqual(
            animator.layer(named: "header", in: animator.window(atSeconds: 1.0, isFinal: false))!.opacity, 0.6, accuracy: 1e-6,
            "the header fades back in with the same fraction")
        // Released at 1.05 s at 60 %: the rest takes durationFactor 1 × 0.6 s × (1 − 0.6) = 0.24 s.
        XCTAssertEqual(animator.durationSeconds, 1.05 + 0.24, accuracy: 1e-6)
        assertEqual(frame(animator, card, at: 1.29, isFinal: true), resting, "collapsed")
        XCTAssertFalse(today.isExpanded)
        XCTAssertNil(today.cardAnimator)
    }

    @MainActor func testReleasedShortOfHalfWayTheCardSpringsBackOpen() async throws {
        let (animator, today, card) = try record(try pull([90]), touchDownSeconds: 0.7)
        assertEqual(frame(animator, card, at: 0.85), mix(expanded, resting, 0.3), "90 of 300 pt")
        // Released at 0.95 s at 30 %: reversed, back over 0.6 s × 0.3 = 0.18 s.
        XCTAssertEqual(animator.durationSeconds, 0.95 + 0.18, accuracy: 1e-6)
        assertEqual(frame(animator, card, at: 1.13, isFinal: true), expanded, "open again")
        XCTAssertTrue(today.isExpanded)
    }

    @MainActor func testGrabbedWhileOpeningTheExpansionIsScrubbedBackThenResumes() async throws {
        // Down at 0.3 s, half-way through the 0.6 s expansion's time: the expansion pauses there
        // (fractionComplete 0.5); 60 pt takes it back to 0.5 − 60/300 = 0.3 of the way open.
        let (animator, today, card) = try record(try pull([60]), touchDownSeconds: 0.3)
        assertEqual(frame(animator, card, at: 0.45), mix(resting, expanded, 0.3), "scrubbed back to 30 % open")
        // Released at 0.55 s short of half-way: the expansion runs on from 0.3, over 0.6 s × 0.7 = 0.42 s.
        XCTAssertEqual(animator.durationSeconds, 0.55 + 0.42, accuracy: 1e-6)
        assertEqual(frame(animator, card, at: 0.97, isFinal: true), expanded, "open")
        XCTAssertTrue(today.isExpanded)
    }
}
