import FlipbookRaster
import FlipbookTestSupport
import FlipbookTesting
import Foundation
import XCTest

/// The strategies (`GoldenStrategy`) and the task-local record mode (`withGoldens`): what each
/// strategy writes, how it says what changed, and which record mode a check sees.
final class GoldenStrategyTests: XCTestCase {
    var scratch = ""

    override func setUpWithError() throws {
        scratch = try makeScratchDirectory()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// Runs `body` off CI, with no FLIPBOOK_RECORD and artefacts in the scratch folder.
    func offCI<T>(_ body: () throws -> T) rethrows -> T {
        try withEnvironment(["CI": nil, "FLIPBOOK_RECORD": nil, "FLIPBOOK_ARTIFACTS": scratch + "/artifacts"], body)
    }

    func verify<Value>(_ value: Value, _ strategy: GoldenStrategy<Value>, _ name: String) -> GoldenResult {
        verifyGolden(of: value, as: strategy, named: name, goldensDirectory: scratch)
    }

    // MARK: withGoldens

    func testWithGoldensSetsTheRecordModeForItsScopeOnly() throws {
        let image = gradientImage(width: 6, height: 4)
        try offCI {
            XCTAssertEqual(verify(image, .image, "scoped").outcome, .recorded)
            XCTAssertEqual(verify(image, .image, "scoped").outcome, .matched)
            let rerecorded = withGoldens(record: .all) { verify(image, .image, "scoped") }
            XCTAssertEqual(rerecorded.outcome, .recorded)
            XCTAssertTrue(rerecorded.message.contains("withGoldens(record: .all)"), rerecorded.message)
            // Outside the scope the environment decides again; a nested scope wins inside.
            XCTAssertEqual(verify(image, .image, "scoped").outcome, .matched)
            XCTAssertEqual(try GoldenRecordMode.current(), .missing)
            withGoldens(record: .never) {
                XCTAssertEqual(GoldenConfiguration.record, .never)
                withGoldens(record: .failed) { XCTAssertEqual(GoldenConfiguration.record, .failed) }
                withGoldens { XCTAssertEqual(GoldenConfiguration.record, .never, "nil keeps the surrounding mode") }
                XCTAssertEqual(verify(image, .image, "never-recorded").outcome, .missingReference)
            }
            XCTAssertNil(GoldenConfiguration.record)
        }
    }

    func testCIWinsOverWithGoldens() throws {
        withEnvironment(["CI": "1", "FLIPBOOK_ARTIFACTS": scratch + "/artifacts"]) {
            let result = withGoldens(record: .all) { verify(gradientImage(width: 2, height: 2), .image, "ci") }
            XCTAssertEqual(result.outcome, .missingReference)
            XCTAssertFalse(FileManager.default.fileExists(atPath: scratch + "/GoldenStrategyTests/ci.png"))
        }
    }

    func testWithGoldensIsTaskLocal() async throws {
        // Two tasks at once, each in its own scope, each sees only its own mode.
        async let first: GoldenRecordMode? = withGoldens(record: .all) { () async -> GoldenRecordMode? in
            try? await Task.sleep(nanoseconds: 20_000_000)
            return GoldenConfiguration.record
        }
        async let second: GoldenRecordMode? = withGoldens(record: .failed) { () async -> GoldenRecordMode? in
            try? await Task.sleep(nanoseconds: 10_000_000)
            return GoldenConfiguration.record
        }
        let (a, b) = await (first, second)
        XCTAssertEqual(a, .all)
        XCTAssertEqual(b, .failed)
        XCTAssertNil(GoldenConfiguration.record)
    }

    func testWithGoldensSetsTheGoldensDirectory() throws {
        try offCI {
            let result = withGoldens(goldensDirectory: scratch + "/elsewhere") {
                verifyGolden(of: "hello\n", as: .text, named: "greeting")
            }
            XCTAssertEqual(result.referencePath, scratch + "/elsewhere/GoldenStrategyTests/greeting.txt")
            XCTAssertEqual(try String(contentsOfFile: result.referencePath, encoding: .utf8), "hello\n")
        }
    }

    // MARK: per-call record mode and default names

    func testARecordArgumentWinsOverTheScopeButNotOverCI() throws {
        let image = gradientImage(width: 5, height: 5)
        try offCI {
            withGoldens(record: .never) {
                XCTAssertEqual(verifyGolden(of: image, as: .image, named: "call", goldensDirectory: scratch).outcome, .missingReference)
                XCTAssertEqual(
                    verifyGolden(of: image, as: .image, named: "call", record: .missing, goldensDirectory: scratch).outcome,
                    .recorded)
                let rerecorded = verifyGolden(of: image, as: .image, named: "call", record: .all, goldensDirectory: scratch)
                XCTAssertEqual(rerecorded.outcome, .recorded)
                XCTAssertTrue(rerecorded.message.contains("re-recorded the reference (record: .all)"), rerecorded.message)
            }
            // A bad FLIPBOOK_RECORD does not matter when the check says its own mode.
            try withEnvironment(["FLIPBOOK_RECORD": "sometimes"]) {
                XCTAssertEqual(
                    verifyGolden(of: image, as: .image, named: "call", record: .never, goldensDirectory: scratch).outcome, .matched)
                XCTAssertEqual(verifyGolden(of: image, as: .image, named: "call", goldensDirectory: scratch).outcome, .error)
                XCTAssertThrowsError(try GoldenRecordMode.current())
            }
        }
        withEnvironment(["CI": "1", "FLIPBOOK_ARTIFACTS": scratch + "/artifacts"]) {
            let result = verifyGolden(of: image, as: .image, named: "ci-call", record: .all, goldensDirectory: scratch)
            XCTAssertEqual(result.outcome, .missingReference)
            XCTAssertTrue(result.message.contains("not recorded because CI is set"), result.message)
        }
    }

    func testUnnamedGoldensAreTheTestNameAndACount() throws {
        try offCI {
            let first = verifyGolden(of: "a\n", as: .text, goldensDirectory: scratch)
            let second = verifyGolden(of: "b\n", as: .text, goldensDirectory: scratch)
            XCTAssertEqual(first.referencePath, scratch + "/GoldenStrategyTests/testUnnamedGoldensAreTheTestNameAndACount.1.txt")
            XCTAssertEqual(second.referencePath, scratch + "/GoldenStrategyTests/testUnnamedGoldensAreTheTestNameAndACount.2.txt")
            XCTAssertEqual(try String(contentsOfFile: second.referencePath, encoding: .utf8), "b\n")
            // A named golden does not take a number.
            XCTAssertEqual(
                verifyGolden(of: "c\n", as: .text, named: "named", goldensDirectory: scratch).referencePath,
                scratch + "/GoldenStrategyTests/named.txt")
            XCTAssertTrue(verifyGolden(of: "d\n", as: .text, goldensDirectory: scratch).referencePath.hasSuffix(".3.txt"))
            // Spaces and punctuation of a test's name become dashes.
            let raw = verifyGolden(of: "e\n", as: .text, goldensDirectory: scratch, testName: "`push, then pop`()")
            XCTAssertEqual(raw.referencePath, scratch + "/GoldenStrategyTests/push-then-pop.1.txt")
        }
    }

    // MARK: display lists

    static func displayListJSON(y: Double, progress: Double, opacity: Double = 1) -> String {
        """
        {"canvas": {"width": 375, "height": 667, "scale": 1},
         "frame": 15, "time": 0.25, "progress": \(progress),
         "ops": [
          {"op": "fill", "rect": [0, 0, 375, 667], "color": [1, 1, 1, 1], "opacity": 1, "clip": null},
          {"op": "group", "opacity": \(opacity), "ops": [
            {"op": "image", "source": "$PACKAGE/Samples/photos/coffee.jpg", "rect": [5, \(y), 236, 157], "contentMode": "scaleToFill", "opacity": 1, "clip": [0, 64, 375, 603]}
           ]}
         ]}

        """
    }

    func testDisplayListMismatchNamesTheChangedFields() throws {
        try offCI {
            let reference = Self.displayListJSON(y: 331, progress: 0.5)
            XCTAssertEqual(verify(reference, .displayListJSON, "sheet").outcome, .recorded)
            XCTAssertEqual(verify(reference, .displayListJSON, "sheet").outcome, .matched)
            let result = verify(Self.displayListJSON(y: 333, progress: 0.625, opacity: 0.4), .displayListJSON, "sheet")
            XCTAssertEqual(result.outcome, .mismatched)
            XCTAssertTrue(result.message.contains("3 changes to the display list"), result.message)
            XCTAssertTrue(result.message.contains("progress 0.5 → 0.625"), result.message)
            XCTAssertTrue(result.message.contains("op 1 group: opacity 1 → 0.4"), result.message)
            XCTAssertTrue(result.message.contains("op 2 image \"$PACKAGE/Samples/photos/coffee.jpg\": rect.y 331 → 333"), result.message)
            XCTAssertFalse(result.message.contains("pixels differ"), result.message)
            XCTAssertEqual(
                result.artifactPaths,
                [
                    scratch + "/artifacts/GoldenStrategyTests/sheet.reference.json",
                    scratch + "/artifacts/GoldenStrategyTests/sheet.actual.json"
                ])
            // The reference is untouched by a mismatch; `failed` re-records it.
            XCTAssertEqual(try String(contentsOfFile: result.referencePath, encoding: .utf8), reference)
            let rerecorded = withGoldens(record: .failed) { verify(Self.displayListJSON(y: 333, progress: 0.5), .displayListJSON, "sheet") }
            XCTAssertEqual(rerecorded.outcome, .recorded)
            XCTAssertEqual(verify(Self.displayListJSON(y: 333, progress: 0.5), .displayListJSON, "sheet").outcome, .matched)
        }
    }

    func testAReferenceThatIsNotADisplayListIsAnError() throws {
        try offCI {
            try FileManager.default.createDirectory(atPath: scratch + "/GoldenStrategyTests", withIntermediateDirectories: true)
            try "not json".write(toFile: scratch + "/GoldenStrategyTests/broken.json", atomically: true, encoding: .utf8)
            let result = verify(Self.displayListJSON(y: 1, progress: 0), .displayListJSON, "broken")
            XCTAssertEqual(result.outcome, .error)
            XCTAssertTrue(result.message.contains("the reference is not display-list JSON"), result.message)
        }
    }

    // MARK: text and pullback

    func testTextMismatchShowsTheChangedLines() throws {
        offCI {
            _ = verify("a\nb\nc\n", .text, "lines")
            let result = verify("a\nB\nc\n", .text, "lines")
            XCTAssertEqual(result.outcome, .mismatched)
            XCTAssertTrue(result.message.contains("- b\n") && result.message.contains("+ B\n"), result.message)
        }
    }

    func testPullbackChecksTheTransformedValue() throws {
        let strategy = GoldenStrategy<String>.text.pullback { (count: Int) in String(repeating: "x", count: count) + "\n" }
        XCTAssertEqual(strategy.pathExtension, "txt")
        try offCI {
            XCTAssertEqual(verify(3, strategy, "count").outcome, .recorded)
            XCTAssertEqual(try String(contentsOfFile: scratch + "/GoldenStrategyTests/count.txt", encoding: .utf8), "xxx\n")
            XCTAssertEqual(verify(3, strategy, "count").outcome, .matched)
            XCTAssertEqual(verify(4, strategy, "count").outcome, .mismatched)
        }
    }

    // MARK: animated PNG

    func frames(_ count: Int, changing index: Int? = nil) -> [PremultipliedImage] {
        (0..<count).map { position in
            var image = solidImage(width: 4, height: 3, packed(UInt32(40 * position), 0, 0, 255))
            if position == index { image.pixels[5] = packed(0, 255, 0, 255) }
            return image
        }
    }

    func testAnimatedPNGChecksFrameCountDelaysAndPixels() throws {
        offCI {
            let recorded = verify(frames(3), .animatedPNG(framesPerSecond: 10), "blink")
            XCTAssertEqual(recorded.outcome, .recorded)
            XCTAssertTrue(recorded.message.contains("(3 frames,"), recorded.message)
            XCTAssertEqual(recorded.referencePath, scratch + "/GoldenStrategyTests/blink.apng")
            XCTAssertEqual(verify(frames(3), .animatedPNG(framesPerSecond: 10), "blink").outcome, .matched)

            let pixel = verify(frames(3, changing: 2), .animatedPNG(framesPerSecond: 10), "blink")
            XCTAssertEqual(pixel.outcome, .mismatched)
            XCTAssertTrue(pixel.message.contains("1 of 3 frames differ (first: frame 2)"), pixel.message)
            XCTAssertTrue(pixel.message.contains("frame 2: differ: 1 of 12 pixels"), pixel.message)
            XCTAssertEqual(pixel.artifactPaths.last, scratch + "/artifacts/GoldenStrategyTests/blink.first-diff.png")

            let slower = verify(frames(3), .animatedPNG(framesPerSecond: 20), "blink")
            XCTAssertEqual(slower.outcome, .mismatched)
            XCTAssertTrue(slower.message.contains("the same frames, other timing"), slower.message)
            XCTAssertTrue(slower.message.contains("frame 0 delay 0.1 s → 0.05 s"), slower.message)

            let longer = verify(frames(4), .animatedPNG(framesPerSecond: 10), "blink")
            XCTAssertEqual(longer.outcome, .mismatched)
            XCTAssertTrue(longer.message.contains("3 frames in the reference, 4 now"), longer.message)
            XCTAssertTrue(longer.message.contains("frame count 3 → 4"), longer.message)
        }
    }
}
