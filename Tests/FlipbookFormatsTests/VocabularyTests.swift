import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookScenes
import Foundation
import XCTest

/// One vocabulary for transition and gesture files: both curve spellings everywhere, UIKit's
/// property names answered with Flipbook's, and errors that list only what fits there.
final class VocabularyTests: XCTestCase {
    func error(_ json: String, line: UInt = #line) -> String {
        do {
            _ = try TransitionFile(data: Data(json.utf8), path: "t.json").transition(photos: [], options: SceneOptions())
            XCTFail("no error for \(json)", line: line)
            return ""
        } catch {
            return "\(error)"
        }
    }

    let square = #"{"name": "a", "frame": [0, 0, 10, 10]}"#

    func testBothEaseInOutSpellingsWorkInBothFiles() throws {
        XCTAssertEqual(try TimingCurve.parse("easeInOut"), try TimingCurve.parse("easeInEaseOut"))
        XCTAssertEqual(try TimingCurve.parse("easeInOut"), .bezier(CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)))
        let file = try TransitionFile(
            data: Data(#"{"layers": [\#(square)], "animations": [{"target": "a", "to": {"opacity": 0}, "curve": "easeInOut"}]}"#.utf8),
            path: "t.json"
        ).transition(photos: [], options: SceneOptions())
        XCTAssertEqual(file.animations[0].timing.curve, .bezier(.easeInEaseOut))
        let gesture = try GestureFile.parse(
            Array(#"{"samples": [[0, 0, 0], [0.1, 10, 0]], "completionCurve": "easeInEaseOut"}"#.utf8), file: "g.json")
        XCTAssertEqual(gesture.completionCurve, .easeInOut)
        // A near miss of either spelling is suggested.
        XCTAssertThrowsError(
            try GestureFile.parse(
                Array(#"{"samples": [[0, 0, 0], [0.1, 10, 0]], "completionCurve": "easeInEaseOutt"}"#.utf8), file: "g.json")
        ) {
            XCTAssertTrue("\($0)".contains(#"(did you mean "easeInEaseOut"?)"#), "\($0)")
        }
        XCTAssertTrue(
            error(#"{"layers": [\#(square)], "animations": [{"target": "a", "to": {"opacity": 0}, "curve": "easeInOutt"}]}"#)
                .contains(#"(did you mean "easeInOut"?)"#))
    }

    func testUIKitNamesGetFlipbooksNames() {
        for (uikit, flipbook) in [("alpha", "opacity"), ("center", "frame"), ("bounds", "frame"), ("contentOffset", "scroll")] {
            XCTAssertTrue(
                error(#"{"layers": [\#(square)], "animations": [{"target": "a", "to": {"\#(uikit)": 1}}]}"#).hasPrefix(
                    #"t.json: $.animations[0].to.\#(uikit): unknown key "\#(uikit)" (did you mean "\#(flipbook)"? UIKit's \#(uikit) is "\#(flipbook)" in a transition file)"#
                ),
                uikit)
        }
        XCTAssertTrue(
            error(#"{"layers": [{"name": "a", "frame": [0, 0, 10, 10], "isHidden": true}]}"#).hasPrefix(
                #"t.json: $.layers[0].isHidden: unknown key "isHidden" (did you mean "hidden"?"#))
    }

    func testAnAnimationsToListsOnlyWhatCanBeAnimated() {
        XCTAssertEqual(
            error(#"{"layers": [\#(square)], "animations": [{"target": "a", "to": {"zzz": 1}}]}"#),
            #"t.json: $.animations[0].to.zzz: unknown key "zzz"; expected one of "frame", "opacity", "backgroundColor", "cornerRadius", "transform", "scroll", "textColor", "fontSize", "anchorPoint", "borderWidth", "borderColor", "sublayerTransform", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "gradient", "blur", "path", "fillColor", "strokeColor", "lineWidth", "strokeStart", "strokeEnd""#
        )
        // The other layer keys still get their own answer.
        XCTAssertEqual(
            error(#"{"layers": [\#(square)], "animations": [{"target": "a", "to": {"hidden": true}}]}"#),
            #"t.json: $.animations[0].to.hidden: "hidden" cannot be animated; set it in a "completion" (or on the layer)"#)
    }

    func testAFrameObjectMentionsThePlainRect() {
        XCTAssertEqual(
            error(#"{"layers": [\#(square)], "animations": [{"target": "a", "to": {"frame": {"x": 0, "y": 0}}}]}"#),
            #"t.json: $.animations[0].to.frame.x: unknown key "x" (or give a plain [x, y, width, height] instead of an object); expected one of "cellOf", "index", "aspectFitPhoto", "aspectFillPhoto", "in", "relativeTo", "left", "right", "top", "bottom", "width", "height", "centerX", "centerY""#
        )
    }

    func testAnAfterThatMatchesNothingListsTheNames() {
        XCTAssertEqual(
            error(
                #"{"layers": [\#(square)], "animations": [{"name": "expand", "target": "a", "to": {"opacity": 0}}, {"name": "fade", "target": "a", "to": {"opacity": 1}}, {"target": "a", "after": "reveal", "to": {"opacity": 1}}]}"#
            ),
            #"t.json: $.animations[2].after: no animation is named "reveal"; the named animations are "expand", "fade""#)
        XCTAssertEqual(
            error(#"{"layers": [\#(square)], "animations": [{"target": "a", "after": "reveal", "to": {"opacity": 1}}]}"#),
            #"t.json: $.animations[0].after: no animation is named "reveal" (no animation has a "name")"#)
    }
}
