import FlipbookGeometry
import FlipbookMotion
import FlipbookPipelineTestSupport
import FlipbookRaster
import Foundation
import XCTest

@testable import FlipbookFormats
@testable import FlipbookModel
@testable import FlipbookScenes

/// Transition files: hand-made invalid files each give one error naming the file, the JSON path
/// and what was expected; valid files decode into the transition they describe.
final class TransitionFileTests: XCTestCase {
    /// Four photos (0: 600×400, the others square).
    let photos = (0..<4).map {
        ScenePhoto(source: "p\($0).jpg", sizePixels: $0 == 0 ? Size(width: 600, height: 400) : Size(width: 500, height: 500))
    }

    func decode(_ json: String, checkImage: ((String) throws -> Void)? = nil) throws -> Transition {
        try TransitionFile(data: Data(json.utf8), path: "t.json").transition(
            photos: photos, options: SceneOptions(), checkImage: checkImage)
    }

    /// The description of the error decoding `json` throws (fails the test when none is thrown).
    func error(_ json: String, checkImage: ((String) throws -> Void)? = nil, line: UInt = #line) -> String {
        do {
            _ = try decode(json, checkImage: checkImage)
            XCTFail("no error for \(json)", line: line)
            return ""
        } catch {
            return "\(error)"
        }
    }

    let square = #"{"name": "a", "frame": [0, 0, 10, 10]}"#

    func testSyntaxErrorsGiveLineAndColumn() {
        XCTAssertEqual(
            error("{\"layers\": [\n  {\"name\": \"a\", \"frame\": [0, 0, 1, 1]},\n]}"),
            "t.json: not valid JSON: line 2, column 39: a trailing comma before ']' (JSON allows none)")
        XCTAssertEqual(error(""), "t.json: not valid JSON: line 1, column 1: expected a value, found the end of the file")
        XCTAssertEqual(error("[1, 2]"), "t.json: $: expected an object, got an array")
    }

    func testUnknownKeysAreErrorsWithTheClosestKnownKey() {
        XCTAssertTrue(
            error(#"{"layers": [], "animation": []}"#).hasPrefix(
                #"t.json: $.animation: unknown key "animation" (did you mean "animations"?); expected one of "name", "#))
        XCTAssertTrue(
            error(#"{"layers": [{"name": "a", "frame": [0, 0, 10, 10], "cornerRadious": 4}]}"#).hasPrefix(
                #"t.json: $.layers[0].cornerRadious: unknown key "cornerRadious" (did you mean "cornerRadius"?)"#))
    }

    func testWrongShapesAndRangesNameThePath() {
        XCTAssertEqual(
            error(
                #"{"layers": [\#(square)], "animations": [{"target": "a", "to": {"opacity": 1}}, {"target": "a", "to": {"frame": [1, 2, 3]}}]}"#
            ),
            "t.json: $.animations[1].to.frame: expected 4 numbers [x, y, width, height], got 3")
        XCTAssertEqual(
            error(#"{"layers": [{"name": "a", "frame": [0, 0, 10, "10"]}]}"#),
            "t.json: $.layers[0].frame[3]: expected a number, got a string")
        XCTAssertEqual(
            error(#"{"layers": [{"name": "a", "frame": [0, 0, 10, 10], "opacity": 1.5}]}"#),
            "t.json: $.layers[0].opacity: must be between 0 and 1, not 1.5")
        XCTAssertEqual(
            error(#"{"timing": {"curve": "linear", "duration": 100}, "layers": []}"#),
            "t.json: $.timing.duration: must be between 0.001 and 60, not 100")
        XCTAssertEqual(
            error(#"{"layers": [{"name": "a", "frame": [0, 0, 10, 10], "image": {"photo": 9}}]}"#),
            "t.json: $.layers[0].image.photo: must be between 0 and 3, not 9")
        XCTAssertEqual(
            error(
                #"{"layers": [\#(square)], "animations": [{"target": "a", "keyframes": [{"start": 0.5, "duration": 0.75, "to": {"opacity": 0}}]}]}"#
            ),
            "t.json: $.animations[0].keyframes[0].duration: must be greater than 0, with start + duration at most 1")
    }

    func testNamesThatDoNotExistSuggestTheClosestOne() {
        XCTAssertEqual(
            error(#"{"layers": [{"name": "card", "frame": [0, 0, 10, 10]}], "animations": [{"target": "crad", "to": {"opacity": 0}}]}"#),
            #"t.json: $.animations[0].target: no layer is named "crad" (did you mean "card"?)"#)
        XCTAssertEqual(
            error(
                #"{"layers": [\#(square)], "animations": [{"name": "move", "target": "a", "to": {"opacity": 0}}, {"target": "a", "after": "mvoe", "to": {"opacity": 1}}]}"#
            ),
            #"t.json: $.animations[1].after: no animation is named "mvoe" (did you mean "move"?)"#)
        XCTAssertEqual(
            error(#"{"device": "iphone9", "layers": []}"#),
            #"t.json: $.device: unknown device "iphone9" (did you mean "iphone8"?); expected a device name (`flipbook devices` lists them: iphone8, se, plus, x, iphone15pro, …), "WxH" or "WxH@S" in points, or an object"#
        )
        XCTAssertTrue(
            error(#"{"layers": [\#(square)], "animations": [{"target": "a", "to": {"opacity": 0}, "curve": "easeinout"}]}"#).hasPrefix(
                "t.json: $.animations[0].curve: unknown curve 'easeinout'"))
        XCTAssertEqual(
            error(#"{"layers": [{"name": "a", "frame": {"cellOf": "grid", "index": 2}}]}"#),
            #"t.json: $.layers[0].frame.cellOf: no waterfall grid named "grid" is declared before this point"#)
        XCTAssertEqual(
            error(#"{"layers": [{"name": "a", "frame": [0, 0, 10, 10], "snapshotOf": "nothing"}]}"#),
            #"t.json: $.layers[0].snapshotOf: no layer is named "nothing""#)
    }

    func testStructuralMistakes() {
        XCTAssertEqual(
            error(#"{"layers": [\#(square), \#(square)]}"#),
            #"t.json: $.layers[1].name: another layer is already named "a" (at $.layers[0]); names must be unique"#)
        XCTAssertEqual(
            error(#"{"layers": [\#(square)], "animations": [{"target": "a", "to": {"hidden": true}}]}"#),
            #"t.json: $.animations[0].to.hidden: "hidden" cannot be animated; set it in a "completion" (or on the layer)"#)
        XCTAssertEqual(
            error(#"{"layers": [\#(square)], "animations": [{"target": "a"}]}"#),
            #"t.json: $.animations[0]: missing "to" (or "keyframes"): what the animation changes"#)
        XCTAssertEqual(
            error(
                #"{"layers": [\#(square)], "animations": [{"name": "x", "target": "a", "after": "y", "to": {"opacity": 0}}, {"name": "y", "target": "a", "after": "x", "to": {"opacity": 1}}]}"#
            ),
            "t.json: $.animations[0].after: animations start after each other in a circle: x → y → x")
        XCTAssertEqual(
            error(
                #"{"layers": [{"name": "a", "frame": [0, 0, 10, 10], "sublayers": [{"name": "b", "frame": [0, 0, 1, 1], "snapshotOf": "a"}]}]}"#
            ),
            "t.json: $.layers[0].sublayers[0].snapshotOf: layer 'b': cannot be a snapshot of itself or of a layer that contains it")
    }

    /// Mistakes that used to be accepted and silently did something else.
    func testAmbiguousOrIneffectiveKeysAreErrors() {
        XCTAssertEqual(
            error(
                #"{"layers": [\#(square)], "animations": [{"target": "a", "from": {"opacity": 0.5, "cornerRadius": 3}, "to": {"opacity": 1}}]}"#
            ),
            #"t.json: $.animations[0].from.cornerRadius: "cornerRadius" is not animated (not in "to" or a keyframe), so it has no start value"#
        )
        XCTAssertEqual(
            error(#"{"layers": [{"name": "g", "waterfallGrid": {}, "navigationBar": {"title": "x"}}]}"#),
            #"t.json: $.layers[0].navigationBar: a layer has at most one generator: "waterfallGrid" or "navigationBar""#)
        XCTAssertEqual(
            error(#"{"layers": [{"name": "g", "waterfallGrid": {}, "scroll": [0, 40]}]}"#),
            #"t.json: $.layers[0].scroll: a waterfall grid's scroll is "waterfallGrid": {"scroll": …} (or "reveal"), so its cells and cellOf agree"#
        )
        XCTAssertEqual(
            error(#"{"layers": [{"name": "a", "frame": {"aspectFitPhoto": 0, "aspectFillPhoto": 1, "in": [0, 0, 10, 10]}}]}"#),
            #"t.json: $.layers[0].frame: give one of "cellOf", "aspectFitPhoto" or "aspectFillPhoto", not 2"#)
        XCTAssertEqual(
            error(#"{"layers": [\#(square)], "animations": [{"target": "a", "keyframes": [{"start": 0, "duration": 1, "to": {}}]}]}"#),
            #"t.json: $.animations[0].keyframes[0].to: sets nothing to animate (frame, opacity, backgroundColor, cornerRadius, transform, scroll, textColor, fontSize, anchorPoint, borderWidth, borderColor, sublayerTransform, shadowColor, shadowOpacity, shadowOffset, shadowRadius, gradient, blur, path, fillColor, strokeColor, lineWidth, strokeStart or strokeEnd)"#
        )
        XCTAssertTrue(
            error(##"{"layers": [{"name": "a", "frame": [0, 0, 10, 10], "backgroundColor": "#+12345"}]}"##).hasPrefix(
                "t.json: $.layers[0].backgroundColor: expected a colour"))
        XCTAssertEqual(error(#"{"manifest": "nowhere.json", "layers": []}"#), "t.json: $.manifest: nowhere.json: no such file")
        // 20 chained animations of 60 s: 1200 s, beyond the 120 s limit.
        let chain = (0..<20).map { index -> String in
            let after = index > 0 ? ", \"after\": \"s\(index - 1)\"" : ""
            return "{\"name\": \"s\(index)\", \"target\": \"a\", \"duration\": 60, \"to\": {\"opacity\": \(index % 2)}\(after)}"
        }
        XCTAssertEqual(
            error(#"{"layers": [\#(square)], "animations": [\#(chain.joined(separator: ", "))]}"#),
            "t.json: $: the transition lasts 1200 s (delays and `after` chains add up); at most 120 s")
    }

    func testASpringPhysicsAnimationLastsItsSettlingTime() throws {
        let transition = try decode(
            #"{"layers": [\#(square)], "animations": [{"target": "a", "curve": "spring-physics:1,100,10,0", "to": {"opacity": 0}}]}"#)
        let spring = Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        XCTAssertEqual(transition.animations[0].timing.durationSeconds, spring.settlingDurationSeconds)
    }

    /// Recordings of UIKit code write holds a microsecond long (a value kept, never a frame
    /// longer), so an animation's duration goes that low; a transition's own timing does not.
    func testAnAnimationMayLastAMicrosecondAsRecordedHoldsDo() throws {
        let transition = try decode(#"{"layers": [\#(square)], "animations": [{"target": "a", "duration": 1e-06, "to": {"opacity": 1}}]}"#)
        XCTAssertEqual(transition.animations[0].timing.durationSeconds, 0.000_001)
        XCTAssertEqual(
            error(#"{"layers": [\#(square)], "animations": [{"target": "a", "duration": 0, "to": {"opacity": 1}}]}"#),
            "t.json: $.animations[0].duration: must be between 1e-06 and 60, not 0")
        XCTAssertEqual(
            error(#"{"timing": {"curve": "linear", "duration": 1e-06}, "layers": []}"#),
            "t.json: $.timing.duration: must be between 0.001 and 60, not 1e-06")
    }

    /// A completion's change of an animatable property is a step that a later animation of the
    /// property starts from (it used to override every later frame).
    func testACompletionValueIsWhereTheNextAnimationStarts() throws {
        let transition = try decode(
            """
            {"timing": {"curve": "linear", "duration": 1}, "layers": [\(square)],
             "animations": [{"name": "one", "target": "a", "to": {"opacity": 0.5}, "completion": [{"target": "a", "set": {"opacity": 0.2, "hidden": false}}]},
                            {"target": "a", "after": "one", "to": {"opacity": 1}}]}
            """)
        let animator = try TransitionAnimator(transition)
        XCTAssertEqual(animator.durationSeconds, 2)
        XCTAssertEqual(animator.window(atSeconds: 0.5, isFinal: false).sublayers[0].opacity, 0.75, accuracy: 1e-12, "1 → 0.5, halfway")
        XCTAssertEqual(
            animator.window(atSeconds: 1, isFinal: false).sublayers[0].opacity, 0.2, accuracy: 1e-12,
            "the step: the second animation starts from it")
        XCTAssertEqual(animator.window(atSeconds: 1.5, isFinal: false).sublayers[0].opacity, 0.6, accuracy: 1e-12, "0.2 → 1, halfway")
        XCTAssertEqual(animator.window(atSeconds: 2, isFinal: true).sublayers[0].opacity, 1)
    }

    func testAGridWithAFrameIsLaidOutForItsWidth() throws {
        let transition = try decode(#"{"layers": [{"name": "g", "frame": [0, 64, 187, 603], "waterfallGrid": {"columns": 2}}]}"#)
        // Two columns in 187 pt: round((187 − 15) / 2) = 86 pt.
        XCTAssertEqual(transition.window.sublayers[0].sublayers.map(\.frame.width).max(), 2 * 86)
        XCTAssertEqual(transition.window.sublayers[0].sublayers.map(\.frame.width).min(), 86)
    }

    func testImageFilesAreCheckedUpFrontAtTheirFirstUse() {
        struct Unreadable: Error, CustomStringConvertible { var description: String { "cannot read the file" } }
        var checked: [String] = []
        let json =
            #"{"layers": [{"name": "a", "frame": [0, 0, 10, 10], "image": "img/a.png"}, {"name": "b", "frame": [0, 0, 10, 10], "image": "img/a.png"}]}"#
        XCTAssertEqual(
            error(
                json,
                checkImage: {
                    checked.append($0); throw Unreadable()
                }),
            "t.json: $.layers[0].image: cannot read the file")
        // Each file once, resolved against the transition file's folder.
        XCTAssertEqual(checked, ["img/a.png"])
        let nested = try? TransitionFile(data: Data(json.utf8), path: "/work/my/t.json").transition(photos: [], options: SceneOptions())
        XCTAssertEqual(nested?.window.sublayers[0].imageSource, "/work/my/img/a.png")
    }

    func testAValidFileDecodesIntoItsTransition() throws {
        let transition = try decode(
            """
            {"name": "demo", "device": {"width": 200, "height": 300, "scale": 1},
             "timing": {"curve": "spring", "damping": 0.8, "duration": 0.5}, "background": "#102030",
             "layers": [{"name": "card", "frame": [10, 20, 100, 50], "cornerRadius": 8, "clipsToBounds": true, "image": {"photo": 0},
                         "contentMode": "scaleAspectFill",
                         "sublayers": [{"name": "label", "frame": [4, 4, 90, 20], "text": {"string": "Hi", "size": 12, "weight": "semibold"}}]}],
             "animations": [{"name": "grow", "target": "card", "to": {"frame": [0, 0, 200, 300], "cornerRadius": 0}},
                            {"target": "label", "after": "grow", "delay": 0.1, "duration": 0.2, "curve": "linear", "to": {"opacity": 0}}],
             "completion": [{"target": "label", "set": {"hidden": true}}]}
            """)
        XCTAssertEqual(transition.name, "demo")
        XCTAssertEqual(transition.device.sizePoints, Size(width: 200, height: 300))
        XCTAssertEqual(transition.device.scale, 1)
        XCTAssertEqual(transition.timing, Timing(curve: .spring(dampingRatio: 0.8, initialVelocity: 1), durationSeconds: 0.5))
        XCTAssertEqual(transition.window.backgroundColor, StraightColor(red: 16.0 / 255, green: 32.0 / 255, blue: 48.0 / 255, alpha: 1))
        let card = transition.window.sublayers[0]
        XCTAssertEqual(card.frame, Rect(x: 10, y: 20, width: 100, height: 50))
        XCTAssertEqual(card.imageSource, "p0.jpg")
        XCTAssertEqual(card.contentMode, .scaleAspectFill)
        XCTAssertEqual(card.sublayers[0].text?.weight, .semibold)
        XCTAssertEqual(transition.animations.count, 2)
        XCTAssertEqual(transition.animations[1].after, "grow")
        XCTAssertEqual(transition.animations[1].delaySeconds, 0.1)
        XCTAssertEqual(transition.animations[1].timing, AnimationTiming(curve: .bezier(.linear), durationSeconds: 0.2))
        XCTAssertEqual(transition.completion, [LayerChange(target: "label", set: LayerPatch(isHidden: true))])
    }

    func testGridCellsAndAspectFitFramesComeFromTheManifest() throws {
        let transition = try decode(
            """
            {"layers": [{"name": "grid", "waterfallGrid": {"columns": 2, "hidden": [1]}},
                        {"name": "fly", "frame": {"cellOf": "grid", "index": 1}},
                        {"name": "fit", "frame": {"aspectFitPhoto": 0, "in": [0, 0, 300, 300]}}]}
            """)
        let grid = transition.window.sublayers[0]
        XCTAssertEqual(grid.sublayers.count, 4, "every cell gets a layer")
        XCTAssertEqual(grid.sublayers.map(\.name), ["grid cell 0", "grid cell 1", "grid cell 2", "grid cell 3"])
        XCTAssertEqual(grid.sublayers.map(\.isHidden), [false, true, false, false])
        // The cell in window points: the grid's frame origin (below the 64 pt bar) plus the cell's.
        let cell = grid.sublayers[1].frame
        XCTAssertEqual(transition.window.sublayers[1].frame, cell.offsetBy(dx: grid.frame.x, dy: grid.frame.y))
        // 600×400 fitted in 300×300: 300×200, centred.
        XCTAssertEqual(transition.window.sublayers[2].frame, Rect(x: 0, y: 50, width: 300, height: 200))
    }

    /// An exported file reads back as the same transition.
    func testExportThenDecodeGivesTheSameTransition() throws {
        var window = Layer(name: "window", frame: Rect(x: 0, y: 0, width: 375, height: 667))
        window.backgroundColor = .white
        var a = Layer(name: "a", frame: Rect(x: 1.25, y: 2, width: 100.1, height: 50))
        a.transform = LayerTransform(translation: Point(x: 3, y: -4), rotationDegrees: 12.5, scale: Size(width: 1.5, height: 0.75))
        a.cornerRadius = 6
        a.text = TextContent(
            string: "Zoë", sizePoints: 13, weight: .bold, baselineOrigin: Point(x: 0, y: 12), color: .black,
            alignment: .centered(widthPoints: 100), maxWidthPoints: 90)
        var b = Layer(name: "b", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        b.snapshotOf = "a"
        var triangle = Path()
        triangle.move(to: Point(x: 0.5, y: 0)); triangle.line(to: Point(x: 10, y: 1e-3)); triangle.line(to: Point(x: 0, y: 10 / 3));
        triangle.close()
        b.shapes = [ChromeShape(name: "t", path: triangle, color: StraightColor(white: 0.2, alpha: 0.5))]
        window.sublayers = [a, b]
        var original = Transition(
            name: "round-trip", device: .iPhone8, window: window,
            animations: [
                Animation(name: "m", target: "a", to: LayerPatch(opacity: 0.25)),
                Animation(
                    target: "b", to: LayerPatch(frame: Rect(x: 5, y: 5, width: 1, height: 1)),
                    delaySeconds: 0.05, after: "m",
                    timing: AnimationTiming(curve: .bezier(.easeIn), durationSeconds: 0.2))
            ],
            completion: [LayerChange(target: "a", set: LayerPatch(isRemoved: true))],
            timing: Timing(curve: .bezier(.linear), durationSeconds: 1))
        for statusBar in [StatusBar.Style.dark, .light, nil] {
            original.statusBar = statusBar
            let json = TransitionFile.json(for: original, relativeTo: "/tmp")
            let decoded = try TransitionFile(data: Data(json.utf8), path: "/tmp/x.json").transition(photos: [], options: SceneOptions())
            XCTAssertEqual(decoded, original)
        }
    }

    /// `"statusBar"`: on and dark when absent, `false` for none, a style; its layers can be animated.
    func testStatusBarDefaultsToDarkAndCanBeTurnedOffOrStyled() throws {
        XCTAssertEqual(try decode(#"{"layers": []}"#).statusBar, .dark)
        XCTAssertEqual(try decode(#"{"statusBar": false, "layers": []}"#).statusBar, nil)
        XCTAssertEqual(try decode(#"{"statusBar": true, "layers": []}"#).statusBar, .dark)
        XCTAssertEqual(try decode(#"{"statusBar": {"style": "light"}, "layers": []}"#).statusBar, .light)
        let faded = try decode(#"{"layers": [], "animations": [{"target": "status bar", "to": {"opacity": 0}}]}"#)
        XCTAssertEqual(faded.animations.first?.target, "status bar")
        XCTAssertTrue(error(#"{"statusBar": {"style": "grey"}, "layers": []}"#).hasPrefix(#"t.json: $.statusBar.style: "#))
        XCTAssertEqual(
            error(#"{"statusBar": "dark", "layers": []}"#),
            #"t.json: $.statusBar: expected false, true or {"style": "dark" | "light", "homeIndicatorBefore": 0…1}"#)
        // The home indicator's tone on the screen before the transition (0 black … 1 white).
        XCTAssertNil(try decode(#"{"layers": []}"#).homeIndicatorToneBefore)
        XCTAssertEqual(try decode(#"{"statusBar": {"homeIndicatorBefore": 1}, "layers": []}"#).homeIndicatorToneBefore, 1)
        XCTAssertEqual(try decode(#"{"statusBar": {"homeIndicatorBefore": 1}, "layers": []}"#).statusBar, .dark)
        XCTAssertTrue(
            error(#"{"statusBar": {"homeIndicatorBefore": 2}, "layers": []}"#).hasPrefix(#"t.json: $.statusBar.homeIndicatorBefore: "#))
        XCTAssertTrue(
            error(#"{"statusBar": false, "layers": [], "animations": [{"target": "status bar", "to": {"opacity": 0}}]}"#)
                .hasPrefix(#"t.json: $.animations[0].target: no layer is named "status bar""#))
    }

    /// `"shapes"`: flat vertex lists in the layer's points; too few numbers name the contour.
    func testShapesDecodeAndNameABadContour() throws {
        let transition = try decode(
            ##"{"layers": [{"name": "a", "frame": [0, 0, 10, 10], "shapes": [{"color": "#ff0000", "contours": [[0, 0, 4, 0, 0, 4]]}]}]}"##)
        let shape = try XCTUnwrap(transition.window.sublayers.first?.shapes.first)
        XCTAssertEqual(shape.name, "shape 0")
        XCTAssertEqual(shape.color, StraightColor(red: 1, green: 0, blue: 0))
        XCTAssertEqual(shape.path.contours, [[Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 0, y: 4)]])
        XCTAssertEqual(
            error(#"{"layers": [{"name": "a", "frame": [0, 0, 10, 10], "shapes": [{"contours": [[0, 0, 4, 0]]}]}]}"#),
            "t.json: $.layers[0].shapes[0].contours[0]: a contour is a flat list of at least three x, y pairs: [x0, y0, x1, y1, x2, y2, …]")
    }

    /// `cancelCompletion`: decoded with JSON paths like any change; applied only by
    /// `cancelledWindow()`, on the window at t = 0 — never in the transition's own frames.
    func testCancelCompletionAppliesOnlyToACancelledGesturesLastFrame() throws {
        XCTAssertEqual(
            error(#"{"layers": [\#(square)], "cancelCompletion": [{"target": "b", "set": {"removed": true}}]}"#),
            #"t.json: $.cancelCompletion[0].target: no layer is named "b" (did you mean "a"?)"#)
        XCTAssertTrue(
            error(#"{"layers": [\#(square)], "cancelCompletion": [{"target": "a", "set": {"hiden": true}}]}"#).hasPrefix(
                #"t.json: $.cancelCompletion[0].set.hiden: unknown key "hiden" (did you mean "hidden"?)"#))
        let transition = try decode(
            #"""
            {"statusBar": false, "layers": [{"name": "detail image", "frame": [0, 0, 10, 10], "hidden": true},
                                             {"name": "snapshot", "frame": [0, 0, 10, 10], "backgroundColor": "red"}],
             "animations": [{"target": "snapshot", "to": {"frame": [50, 50, 2, 2]}, "duration": 1}],
             "completion": [{"target": "snapshot", "set": {"removed": true}}],
             "cancelCompletion": [{"target": "snapshot", "set": {"removed": true}}, {"target": "detail image", "set": {"hidden": false}}]}
            """#)
        XCTAssertEqual(transition.cancelCompletion.map(\.target), ["snapshot", "detail image"])
        let animator = try TransitionAnimator(transition)
        let start = animator.window(atSeconds: 0, isFinal: false), cancelled = animator.cancelledWindow()
        XCTAssertEqual(start.sublayers.map(\.isHidden), [true, false], "t = 0: the snapshot over the hidden image")
        XCTAssertEqual(cancelled.sublayers.map(\.isHidden), [false, true], "cancelled: the image, the snapshot removed")
        XCTAssertEqual(cancelled.sublayers[1].frame, Rect(x: 0, y: 0, width: 10, height: 10), "at t = 0's values")
        XCTAssertEqual(animator.window(atSeconds: 1, isFinal: true).sublayers.map(\.isHidden), [true, true], "finishing ignores it")
        // Exported and read back, unchanged.
        let exported = try TransitionFile(data: Data(TransitionFile.json(for: transition, relativeTo: "/").utf8), path: "e.json")
            .transition(photos: photos, options: SceneOptions())
        XCTAssertEqual(exported.cancelCompletion, transition.cancelCompletion)
        // Without one a cancelled gesture ends on t = 0.
        var plain = transition
        plain.cancelCompletion = []
        XCTAssertEqual(try TransitionAnimator(plain).cancelledWindow(), start)
    }
}
