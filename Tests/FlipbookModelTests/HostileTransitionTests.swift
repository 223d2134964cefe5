import FlipbookGeometry
import FlipbookMotion
import FlipbookPipelineTestSupport
import FlipbookRaster
import Foundation
import XCTest

@testable import FlipbookFormats
@testable import FlipbookModel
@testable import FlipbookScenes

/// Transition files built to crash, hang or flood the terminal: each is compiled in bounded
/// time and stack, or refused with one short, printable message.
final class HostileTransitionTests: XCTestCase {
    private let box = Layer(name: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10))

    private func transition(_ animations: [Animation], layers: [Layer]? = nil) -> Transition {
        var window = Layer(name: "window", frame: Device.iPhone8.bounds)
        window.sublayers = layers ?? [box]
        return Transition(
            name: "t", device: .iPhone8, window: window, animations: animations,
            timing: Timing(curve: .bezier(.linear), durationSeconds: 1), statusBar: nil)
    }

    private func fade(_ index: Int, after: Int?) -> Animation {
        Animation(
            name: "a\(index)", target: "box", to: LayerPatch(opacity: 0.5), after: after.map { "a\($0)" },
            timing: AnimationTiming(durationSeconds: 0.001))
    }

    func testALongAfterChainIsResolvedWithoutDeepRecursion() throws {
        // Each animation starts after the next one declared: resolving a0 walks the whole chain
        // (a recursion per link overflowed the stack at about 3,500).
        let count = 30_000
        let chain = (0..<count).map { fade($0, after: $0 + 1 < count ? $0 + 1 : nil) }
        let animator = try TransitionAnimator(transition(chain))
        // a(count−1) starts at 0, a0 at (count − 1) ms and ends at count ms.
        XCTAssertEqual(animator.durationSeconds, Double(count) * 0.001, accuracy: 1e-9)
        XCTAssertEqual(animator.window(atSeconds: 0.0005, isFinal: false).sublayers[0].opacity, 0.75, accuracy: 1e-9)
    }

    func testALongCircleIsTheCircleErrorInOneShortLine() {
        let count = 100_000
        let circle = (0..<count).map { fade($0, after: ($0 + 1) % count) }
        XCTAssertThrowsError(try TransitionAnimator(transition(circle))) { error in
            guard case let TransitionError.cycle(names) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(names.count, count + 1)
            XCTAssertEqual("\(error)", "animations start after each other in a circle: a0 → a1 → a2 → a3 → … (99996 more) → a0")
        }
        // A short circle is named in full, as before.
        XCTAssertThrowsError(try TransitionAnimator(transition([fade(0, after: 1), fade(1, after: 0)]))) { error in
            XCTAssertEqual("\(error)", "animations start after each other in a circle: a0 → a1 → a0")
        }
    }

    func testSnapshotsAreCountedAgainstTheirLimitBeforeAnythingIsDrawn() throws {
        // A source of 1,000 layers (itself and 999 sublayers) snapshotted 100 times draws 100,000
        // layers: accepted; once more is refused, in time linear in the tree.
        var source = Layer(name: "source", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        source.sublayers = (0..<999).map { Layer(name: "s\($0)", frame: Rect(x: 0, y: 0, width: 1, height: 1)) }
        func snapshots(_ count: Int) -> [Layer] {
            (0..<count).map {
                var snapshot = Layer(name: "p\($0)", frame: Rect(x: 0, y: 0, width: 10, height: 10))
                snapshot.snapshotOf = "source"
                return snapshot
            }
        }
        XCTAssertEqual(TransitionAnimator.maximumSnapshotLayers, 100_000)
        XCTAssertNoThrow(try TransitionAnimator(transition([], layers: [source] + snapshots(100))))
        let start = ContinuousClock.now
        XCTAssertThrowsError(try TransitionAnimator(transition([], layers: [source] + snapshots(3000)))) { error in
            XCTAssertEqual(error as? TransitionError, .tooManySnapshotLayers(count: 101_000))
            XCTAssertEqual("\(error)", "snapshots draw 101000 layers in all (each draws its source's layers again); at most 100000")
        }
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(2))
    }

    /// The description of the error decoding `json` as a transition file.
    private func fileError(_ json: String) -> String {
        do {
            _ = try TransitionFile(data: Data(json.utf8), path: "t.json").transition(photos: [], options: SceneOptions())
            XCTFail("no error")
            return ""
        } catch {
            return "\(error)"
        }
    }

    func testMessagesQuoteAtMostEightyCharactersOfInputAndNoControls() {
        // A 1 MB unknown key was echoed twice (the path and the message): a 2 MB line.
        let key = String(repeating: "k", count: 1_000_000)
        let unknownKey = fileError(#"{"layers": [{"name": "a", "frame": [0, 0, 1, 1], ""# + key + #"": 1}]}"#)
        let shown = String(repeating: "k", count: 80) + "…"
        XCTAssertEqual(
            unknownKey,
            "t.json: $.layers[0].\(shown): unknown key \"\(shown)\"; expected one of "
                + TransitionDecoder.layerKeys.map { "\"\($0)\"" }.joined(separator: ", "))
        // ESC and BEL in a layer name retitled the terminal.
        let control = fileError(
            #"{"layers": [{"name": "box\u001b]0;pwned\u0007", "frame": [0, 0, 1, 1]}], "#
                + #""animations": [{"target": "bo\u001b]0;pwned\u0007", "to": {"opacity": 0}}]}"#)
        XCTAssertEqual(
            control,
            #"t.json: $.animations[0].target: no layer is named "bo\u001b]0;pwned\u0007" (did you mean "box\u001b]0;pwned\u0007"?)"#)
        for message in [unknownKey, control] {
            XCTAssertFalse(message.unicodeScalars.contains { $0.properties.generalCategory == .control }, message)
        }
        // A long layer name in a model error, and a repeated long key in the JSON reader.
        let name = String(repeating: "n", count: 10_000)
        XCTAssertEqual(
            "\(TransitionError.duplicateLayerName(name))",
            "two layers are named '\(String(repeating: "n", count: 80))…' (layer names must be unique)")
        XCTAssertLessThan(fileError("{\"" + key + "\": 1, \"" + key + "\": 2}").count, 300)
    }

    func testPathsCostConstantMemoryPerLayerAndReadAsBefore() throws {
        var paths = LayerPaths()
        let root = try XCTUnwrap(paths.add("window", parent: nil, position: 0))
        let card = try XCTUnwrap(paths.add("card", parent: root, position: 3))
        _ = try XCTUnwrap(paths.add("title", parent: card, position: 1))
        XCTAssertNil(paths.add("card", parent: root, position: 4))
        XCTAssertEqual(paths["window"], [])
        XCTAssertEqual(paths["title"], [3, 1])
        XCTAssertNil(paths["nothing"])
        let layers = JSONField(value: .null, path: "$", file: "t.json").child("layers", .null)
        XCTAssertEqual(layers.element(2, .null).child("frame", .null).path, "$.layers[2].frame")
        // A duplicate name deep in the tree still names the first one's path.
        XCTAssertTrue(
            fileError(
                #"{"layers": [{"name": "a", "frame": [0, 0, 1, 1], "sublayers": [{"name": "b", "frame": [0, 0, 1, 1]}]}, "#
                    + #"{"name": "b", "frame": [0, 0, 1, 1]}]}"#
            ).contains("(at $.layers[0].sublayers[0])"))
    }
}
