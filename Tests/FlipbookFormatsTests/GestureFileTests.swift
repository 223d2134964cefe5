import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookScenes
import Foundation
import XCTest

/// Gesture files: the format of docs/INTERACTIVE.md and an error naming the JSON path for each
/// kind of mistake.
final class GestureFileTests: XCTestCase {
    func parse(_ text: String) throws -> Gesture { try GestureFile.parse(Array(text.utf8), file: "g.json") }

    func message(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    func testAFullFile() throws {
        let gesture = try parse(
            """
            {"$schema": "x", "// note": "a comment key",
             "samples": [[0, 4, 300], [0.1, 60, 302], [0.2, 140.5, 301]],
             "completionSpeed": 1.5, "completionCurve": "easeOut", "finishVelocity": 250}
            """)
        XCTAssertEqual(
            gesture.samples,
            [
                TouchSample(timeSeconds: 0, xPoints: 4, yPoints: 300),
                TouchSample(timeSeconds: 0.1, xPoints: 60, yPoints: 302),
                TouchSample(timeSeconds: 0.2, xPoints: 140.5, yPoints: 301)
            ])
        XCTAssertEqual(gesture.completionSpeed, 1.5)
        XCTAssertEqual(gesture.completionCurve, .easeOut)
        XCTAssertEqual(gesture.finishVelocityPointsPerSecond, 250)
    }

    func testDefaults() throws {
        let gesture = try parse(#"{"samples": [[1, 0, 0], [2, 10, 0]]}"#)
        XCTAssertEqual(gesture.completionSpeed, 1)
        XCTAssertEqual(gesture.completionCurve, .easeInOut)
        XCTAssertEqual(gesture.finishVelocityPointsPerSecond, 100)
    }

    func testEveryErrorNamesTheFileAndThePath() {
        let cases: [(String, String)] = [
            (
                #"{"samples": [[0, 0, 0], [1, 1, 0], [2.4, 2, 0], [2.1, 3, 0]]}"#,
                "g.json: $.samples[3][0]: time must increase (2.1 after 2.4)"
            ),
            (#"{"samples": [[0, 0, 0], [0, 1, 0]]}"#, "g.json: $.samples[1][0]: time must increase (0 after 0)"),
            // Before: accepted, with an infinite release velocity (`null` in timeline.json).
            (
                #"{"samples": [[0, 0, 0], [1, 1, 0], [1.0005, 5, 0]]}"#,
                "g.json: $.samples[2][0]: samples must be at least 0.001 s apart (touch screens report at most 240 a second), "
                    + "this one is 0.0004999999999999449 s after the previous"
            ),
            (
                #"{"samples": [[0, 0, 0], [5e-324, 300, 0]]}"#,
                "g.json: $.samples[1][0]: samples must be at least 0.001 s apart (touch screens report at most 240 a second), "
                    + "this one is 5e-324 s after the previous"
            ),
            (#"{"samples": [[0, 0, 0], [1, 1]]}"#, "g.json: $.samples[1]: expected 3 numbers [t, x, y] (seconds, points, points), got 2"),
            (#"{"samples": [[0, 0, 0], [1, "1", 0]]}"#, "g.json: $.samples[1][1]: expected a number, got a string"),
            (#"{"samples": [[0, 0, 0], [1, true, 0]]}"#, "g.json: $.samples[1][1]: expected a number, got a boolean"),
            (#"{"samples": [[0, 0, 0], [1, 1e300, 0]]}"#, "g.json: $.samples[1][1]: must be between -1000000 and 1000000, not 1e+300"),
            (
                #"{"samples": [[0, 0, 0], {"t": 1}]}"#,
                "g.json: $.samples[1]: expected 3 numbers [t, x, y] (seconds, points, points), got an object"
            ),
            (#"{"samples": [[0, 0, 0]]}"#, "g.json: $.samples: a gesture needs at least 2 samples (touch-down and lift-off), got 1"),
            (
                #"{"samples": [[0, 0, 0], [21, 1, 0]]}"#,
                "g.json: $.samples: the gesture lasts 21 s; at most 20 s from the first sample to the last"
            ),
            (#"{"samples": {}}"#, "g.json: $.samples: expected an array, got an object"),
            (
                #"{"sample": []}"#,
                #"g.json: $.sample: unknown key "sample" (did you mean "samples"?); expected one of "samples", "completionSpeed", "completionCurve", "finishVelocity", "axis", "length""#
            ),
            (#"{}"#, #"g.json: $: missing "samples" (an array of [t, x, y])"#),
            (#"[]"#, "g.json: $: expected an object, got an array"),
            (#"{"samples": [[0, 0, 0], [1, 1, 0]], "completionSpeed": 0}"#, "g.json: $.completionSpeed: must be from 0.1 to 10, not 0"),
            (#"{"samples": [[0, 0, 0], [1, 1, 0]], "completionSpeed": null}"#, "g.json: $.completionSpeed: expected a number, got null"),
            (
                #"{"samples": [[0, 0, 0], [1, 1, 0]], "finishVelocity": -5}"#,
                "g.json: $.finishVelocity: must be a number of points per second ≥ 0, not -5"
            ),
            (
                #"{"samples": [[0, 0, 0], [1, 1, 0]], "completionCurve": "spring"}"#,
                #"g.json: $.completionCurve: unknown value "spring"; expected one of "easeInOut", "easeIn", "easeOut", "linear""#
            ),
            (
                #"{"samples": [[0, 0, 0], [1, 1, 0]], "completionCurve": 2}"#,
                "g.json: $.completionCurve: expected a string, got a number"
            ),
            (
                "{\"samples\": [[0, 0, 0],\n [1, 1, 0],]}",
                "g.json: not valid JSON: line 2, column 11: a trailing comma before ']' (JSON allows none)"
            ),
            (
                #"{"samples": [], "samples": []}"#,
                #"g.json: not valid JSON: line 1, column 17: the key "samples" appears twice in this object"#
            )
        ]
        for (text, expected) in cases {
            XCTAssertEqual(message(text), expected, text)
        }
    }

    /// The three samples in Samples/gestures/ have the outcomes docs/INTERACTIVE.md shows (the pop
    /// on a 375-point screen, 0.7 s).
    func testSampleGestures() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/gestures")
        func timeline(_ name: String) throws -> InteractiveTimeline {
            InteractiveTimeline(
                gesture: try GestureFile.read(folder.appendingPathComponent(name).path), widthPoints: 375,
                transitionDurationSeconds: 0.7, framesPerSecond: 60)
        }
        let full = try timeline("full-swipe.json")
        XCTAssertEqual(full.releaseFraction, 373.0 / 375, accuracy: 1e-12)
        XCTAssertTrue(full.finishes)
        let half = try timeline("half-swipe-cancel.json")
        XCTAssertEqual(half.releaseFraction, 168.0 / 375, accuracy: 1e-12)
        XCTAssertLessThan(abs(half.releaseVelocityPointsPerSecond), 20)
        XCTAssertFalse(half.finishes)
        let flick = try timeline("flick-from-30.json")
        XCTAssertEqual(flick.releaseFraction, 0.3, accuracy: 1e-12)
        XCTAssertGreaterThan(flick.releaseVelocityPointsPerSecond, 800)
        XCTAssertTrue(flick.finishes)
    }

    func testReadingAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gesture-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("swipe.json").path
        try Data(#"{"samples": [[0, 0, 0], [0.5, 200, 0]]}"#.utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertEqual(try GestureFile.read(file).releaseVelocity.x, 400, accuracy: 1e-9)
        XCTAssertThrowsError(try GestureFile.read(folder.path)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(folder.path): cannot read the gesture file: "), "\(error)")
        }
        XCTAssertThrowsError(try GestureFile.read(folder.appendingPathComponent("missing.json").path))
    }
}
