import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookScenes
import Foundation
import XCTest

@testable import Flipbook
@testable import FlipbookRender

/// A sheet pulled down drives its dismissal end to end: the gesture file's axis, the fraction
/// over the screen's height, the velocity along y, the finish and the last frame; and a drag
/// across its axis is warned about before the render.
final class GestureAxisRenderTests: XCTestCase {
    func job(_ gesture: Gesture?) throws -> RenderJob {
        var settings = RenderSettings.small(.dismiss, select: 3)
        settings.gesture = gesture
        return try RenderJob(settings: settings)
    }

    /// `Samples/gestures/pull-down.json`: 20 samples 0.02 s apart, 12 pt down each (600 pt/s),
    /// 228 pt in all on the 667-point iPhone 8: fraction 228/667, finishes over (1 − 228/667)·D.
    func testPullDownFinishesTheDismissal() throws {
        let gesture = try GestureFile.read(Package.path("Samples/gestures/pull-down.json"))
        XCTAssertEqual(gesture.axis, .y)
        let interactive = try job(gesture), plain = try job(nil)
        let timeline = try XCTUnwrap(interactive.interaction?.timeline)
        XCTAssertEqual(timeline.releaseFraction, 228.0 / 667, accuracy: 1e-12)
        XCTAssertEqual(timeline.releaseVelocityPointsPerSecond, 600, accuracy: 1e-9)
        XCTAssertTrue(timeline.finishes)
        XCTAssertEqual(timeline.completionDurationSeconds, (1 - 228.0 / 667) * plain.animator.durationSeconds, accuracy: 1e-12)
        XCTAssertEqual(
            try interactive.displayList(frameIndex: interactive.sequence.count - 1).ops,
            try plain.displayList(frameIndex: plain.sequence.count - 1).ops, "ends on the dismissal's last frame")
        // Frame 12 (0.2 s, finger down): the dismissal at time (120/667)·D.
        let frame = interactive.interaction!.frames[12]
        XCTAssertEqual(frame.fraction, 120.0 / 667, accuracy: 1e-12)
        XCTAssertTrue(interactive.warnings.isEmpty, "\(interactive.warnings)")
    }

    /// The same finger read along x (no "axis"): it moves 228 pt down and not sideways, so the
    /// fraction stays 0 — the job says why before any frame is drawn.
    func testVerticalDragOnXIsWarnedAbout() throws {
        let samples = (0..<20).map { TouchSample(timeSeconds: 0.02 * Double($0), xPoints: 187.5, yPoints: 200 + 12 * Double($0)) }
        let interactive = try job(try Gesture(samples: samples))
        XCTAssertEqual(interactive.interaction?.timeline.releaseFraction, 0)
        XCTAssertEqual(interactive.warnings.count, 1)
        XCTAssertTrue(
            interactive.warnings[0].hasPrefix("gesture: the finger moves 228 pt across the gesture's axis x"), interactive.warnings[0])
    }

    func testGestureFileAxisKeys() throws {
        func parse(_ json: String) throws -> Gesture { try GestureFile.parse(Array(json.utf8), file: "g.json") }
        let base = #""samples": [[0, 0, 0], [0.5, 30, 40]]"#
        XCTAssertEqual(try parse("{\(base)}").axis, .x)
        XCTAssertEqual(try parse("{\(base), \"axis\": \"-y\"}").axis, .negativeY)
        XCTAssertEqual(try parse("{\(base), \"axis\": \"−y\"}").axis, .negativeY, "a typographic minus")
        XCTAssertEqual(try parse("{\(base), \"axis\": [3, 4], \"length\": 100}").releaseVelocity, Point(x: 60, y: 80))
        XCTAssertEqual(try parse("{\(base), \"axis\": [3, 4], \"length\": 100}").lengthPoints, 100)
        for (json, expected) in [
            ("{\(base), \"axis\": \"z\"}", #"g.json: $.axis: unknown value "z""#),
            ("{\(base), \"axis\": [0, 0]}", "g.json: $.axis: the direction [0, 0] has no length"),
            ("{\(base), \"axis\": 1}", "g.json: $.axis: expected \"x\", \"-x\", \"y\", \"-y\" or a direction [dx, dy], got a number"),
            ("{\(base), \"length\": 0}", "g.json: $.length: must be a number of points > 0, not 0"),
            ("{\(base), \"axes\": \"y\"}", #"g.json: $.axes: unknown key "axes" (did you mean "axis"?)"#)
        ] {
            XCTAssertThrowsError(try parse(json)) { error in
                XCTAssertTrue("\(error)".hasPrefix(expected), "\(error)")
            }
        }
    }
}
