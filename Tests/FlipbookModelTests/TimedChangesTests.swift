import FlipbookGeometry
import FlipbookMotion
import FlipbookPipelineTestSupport
import FlipbookRaster
import Foundation
import XCTest

@testable import FlipbookFormats
@testable import FlipbookModel
@testable import FlipbookScenes

/// Timed changes: values that switch at a time, with an animation completion's semantics (from
/// the first frame strictly after the time, steps an animation starts from), after the
/// completions due at the same time, read from and written to transition files.
final class TimedChangesTests: XCTestCase {
    private let box = Layer(name: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10))
    private let badge: Layer = {
        var layer = Layer(name: "badge", frame: Rect(x: 20, y: 0, width: 10, height: 10))
        layer.isHidden = true
        return layer
    }()

    private func transition(animations: [Animation] = [], timed: [TimedChanges]) -> Transition {
        var window = Layer(name: "window", frame: Device.iPhone8.bounds)
        window.sublayers = [box, badge]
        return Transition(
            name: "t", device: .iPhone8, window: window, animations: animations, timedChanges: timed,
            timing: Timing(curve: .bezier(.linear), durationSeconds: 1), statusBar: nil)
    }

    private func layer(_ name: String, _ animator: TransitionAnimator, at t: Double, isFinal: Bool = false) -> Layer {
        animator.layer(named: name, in: animator.window(atSeconds: t, isFinal: isFinal))!
    }

    private func set(_ target: String, _ patch: LayerPatch) -> LayerChange { LayerChange(target: target, set: patch) }

    func testAValueSwitchesStrictlyAfterItsTimeAndInTheFinalFrame() throws {
        let animator = try TransitionAnimator(
            transition(timed: [TimedChanges(atSeconds: 0.25, changes: [set("badge", LayerPatch(isHidden: false))])]))
        XCTAssertTrue(layer("badge", animator, at: 0.25).isHidden, "at its time, the change has not happened yet")
        XCTAssertFalse(layer("badge", animator, at: 0.25 + 1e-9).isHidden)
        XCTAssertFalse(layer("badge", animator, at: 0, isFinal: true).isHidden)
    }

    func testAnAnimatableValueIsAStepALaterAnimationStartsFrom() throws {
        // Opacity 1 → 0.2 at 0.3 s, then animated linearly to 1 over 0.4 s from 0.5 s: 0.6 at 0.7 s.
        let fade = Animation(
            target: "box", to: LayerPatch(opacity: 1), delaySeconds: 0.5,
            timing: AnimationTiming(curve: .bezier(.linear), durationSeconds: 0.4))
        let animator = try TransitionAnimator(
            transition(animations: [fade], timed: [TimedChanges(atSeconds: 0.3, changes: [set("box", LayerPatch(opacity: 0.2))])]))
        XCTAssertEqual(layer("box", animator, at: 0.3).opacity, 1)
        XCTAssertEqual(layer("box", animator, at: 0.4).opacity, 0.2)
        XCTAssertEqual(layer("box", animator, at: 0.7).opacity, 0.6, accuracy: 1e-12)
        XCTAssertEqual(layer("box", animator, at: 0.9, isFinal: true).opacity, 1)
    }

    func testAtOneTimeCompletionsComeFirstThenTheTimedChangesInOrder() throws {
        // An animation ending at 0.5 s whose completion sets opacity 0.3; two timed changes at
        // 0.5 s listed before it would be, setting 0.6 then 0.9: the last applied wins.
        let move = Animation(
            target: "box", to: LayerPatch(frame: Rect(x: 0, y: 100, width: 10, height: 10)),
            timing: AnimationTiming(curve: .bezier(.linear), durationSeconds: 0.5),
            completion: [set("box", LayerPatch(opacity: 0.3)), set("badge", LayerPatch(isHidden: false))])
        let timed = [
            TimedChanges(atSeconds: 0.5, changes: [set("box", LayerPatch(opacity: 0.6)), set("badge", LayerPatch(isRemoved: true))]),
            TimedChanges(atSeconds: 0.5, changes: [set("box", LayerPatch(opacity: 0.9))])
        ]
        let animator = try TransitionAnimator(transition(animations: [move], timed: timed))
        XCTAssertEqual(layer("box", animator, at: 0.6).opacity, 0.9)
        XCTAssertTrue(layer("badge", animator, at: 0.6).isHidden, "removed by the timed change, after the completion showed it")
        XCTAssertEqual(layer("box", animator, at: 0, isFinal: true).opacity, 0.9)
    }

    func testTheLastTimeLengthensTheTransitionEvenWithNothingToChange() throws {
        XCTAssertEqual(try TransitionAnimator(transition(timed: [TimedChanges(atSeconds: 1.5, changes: [])])).durationSeconds, 1.5)
        XCTAssertEqual(
            try TransitionAnimator(transition(timed: [TimedChanges(atSeconds: 0.5, changes: [])])).durationSeconds, 1,
            "at least the main duration")
        XCTAssertThrowsError(try TransitionAnimator(transition(timed: [TimedChanges(atSeconds: 121, changes: [])]))) { error in
            XCTAssertEqual(error as? TransitionError, .tooLong(seconds: 121))
        }
    }

    func testBadTimesAndUnknownLayersAreNamed() {
        XCTAssertThrowsError(try TransitionAnimator(transition(timed: [TimedChanges(atSeconds: -0.1, changes: [])]))) { error in
            XCTAssertEqual("\(error)", "timedChanges[0]: the time must be a number of seconds, 0 or more (is -0.1)")
        }
        XCTAssertThrowsError(try TransitionAnimator(transition(timed: [TimedChanges(atSeconds: .nan, changes: [])])))
        XCTAssertThrowsError(
            try TransitionAnimator(
                transition(timed: [
                    TimedChanges(atSeconds: 0.1, changes: []),
                    TimedChanges(atSeconds: 0.2, changes: [set("ghost", LayerPatch(isHidden: true))])
                ]))
        ) { error in
            XCTAssertEqual(error as? TransitionError, .unknownLayer("ghost", usedBy: "timedChanges[1]"))
        }
    }

    // MARK: Files

    private func decode(_ json: String) throws -> Transition {
        try TransitionFile(data: Data(json.utf8), path: "t.json").transition(photos: [], options: SceneOptions())
    }

    private func error(_ json: String, line: UInt = #line) -> String { transitionFileError(json, line: line) }

    private let layers =
        #""layers": [{"name": "box", "frame": [0, 0, 10, 10]}, {"name": "badge", "frame": [20, 0, 10, 10], "hidden": true}]"#

    func testAFileSaysTheSameAndExportsItBack() throws {
        let decoded = try decode(
            #"{\#(layers), "timedChanges": [{"at": 0.25, "changes": [{"target": "badge", "set": {"hidden": false}}]}, {"at": 1.5, "changes": []}]}"#
        )
        XCTAssertEqual(
            decoded.timedChanges,
            [
                TimedChanges(atSeconds: 0.25, changes: [set("badge", LayerPatch(isHidden: false))]),
                TimedChanges(atSeconds: 1.5, changes: [])
            ])
        let exported = TransitionFile.json(for: decoded, relativeTo: ".")
        XCTAssertTrue(
            exported.contains(
                #"""
                  "timedChanges": [
                    {"at": 0.25, "changes": [
                      {"target": "badge", "set": {"hidden": false}}
                    ]},
                    {"at": 1.5, "changes": []}
                  ]
                """#), exported)
        XCTAssertEqual(
            try TransitionFile(data: Data(exported.utf8), path: "t.json").transition(photos: [], options: SceneOptions()), decoded)
        XCTAssertFalse(
            TransitionFile.json(for: try decode("{\(layers)}"), relativeTo: ".").contains("timedChanges"),
            "a transition without timed changes exports as before")
    }

    func testFileErrorsNameTheJSONPath() {
        XCTAssertEqual(
            error(#"{\#(layers), "timedChanges": [{"at": 121, "changes": []}]}"#),
            "t.json: $.timedChanges[0].at: must be between 0 and 120, not 121")
        XCTAssertEqual(
            error(#"{\#(layers), "timedChanges": [{"at": 0.5}]}"#),
            #"t.json: $.timedChanges[0]: missing "changes" (the changes made at that time)"#)
        XCTAssertTrue(
            error(#"{\#(layers), "timedChanges": [{"at": 0.5, "changes": [{"target": "bdge", "set": {}}]}]}"#).hasPrefix(
                #"t.json: $.timedChanges[0].changes[0].target: no layer is named "bdge" (did you mean "badge"?)"#))
        XCTAssertTrue(
            error(#"{\#(layers), "timedChanges": [{"time": 0.5, "changes": []}]}"#).hasPrefix(
                #"t.json: $.timedChanges[0].time: unknown key "time""#))
    }
}
