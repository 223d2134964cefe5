import FlipbookCodecs
import FlipbookImageDiff
import FlipbookRaster
import FlipbookTestSupport
import FlipbookTesting
import XCTest

/// Record modes, reference locations and failure artefacts. Every test works in its own scratch
/// folder (goldens and FLIPBOOK_ARTIFACTS) and sets CI and FLIPBOOK_RECORD itself, restoring them.
final class GoldenImageTests: XCTestCase {
    var scratch = ""
    var goldens: String { scratch + "/goldens" }
    var artifacts: String { scratch + "/artifacts" }
    let image = gradientImage(width: 8, height: 8)

    override func setUpWithError() throws {
        scratch = try makeScratchDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// Checks `image` by the `.image` strategy with the given record environment.
    func verify(
        _ image: PremultipliedImage, named name: String = "frame", record: String? = nil, ci: String? = nil,
        tolerance: Int = 0, maxDifferingFraction: Double = 0
    ) -> GoldenResult {
        withEnvironment(["FLIPBOOK_RECORD": record, "CI": ci, "FLIPBOOK_ARTIFACTS": artifacts, "FLIPBOOK_GOLDENS_DIR": nil]) {
            verifyGolden(
                of: image, as: .image(tolerance: tolerance, maxDifferingFraction: maxDifferingFraction), named: name,
                goldensDirectory: goldens)
        }
    }

    var referencePath: String { goldens + "/GoldenImageTests/frame.png" }

    /// Records `image` as the reference (default mode) and checks that it then matches.
    func recordReference(_ image: PremultipliedImage) throws {
        XCTAssertEqual(verify(image).outcome, .recorded)
        XCTAssertEqual(verify(image).outcome, .matched)
    }

    // MARK: missing references

    func testMissingReferenceOnCIFailsAndWritesNothingBesideTheTests() {
        let result = verify(image, ci: "true")
        XCTAssertEqual(result.outcome, .missingReference)
        XCTAssertFalse(result.passed)
        XCTAssertEqual(result.referencePath, referencePath)
        XCTAssertTrue(result.message.contains("no reference at \(referencePath)"), result.message)
        XCTAssertTrue(result.message.contains("CI is set"), result.message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens))
        // Only the actual image, outside the source tree, for CI to upload.
        XCTAssertEqual(filesBelow(artifacts), ["GoldenImageTests/frame.actual.png"])
        XCTAssertEqual(result.artifactPaths, [artifacts + "/GoldenImageTests/frame.actual.png"])
    }

    func testCIWinsOverAnyRecordMode() {
        for mode in ["all", "missing", "failed"] {
            XCTAssertEqual(verify(image, record: mode, ci: "1").outcome, .missingReference, mode)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens))
    }

    func testNeverModeDoesNotRecord() {
        let result = verify(image, record: "never")
        XCTAssertEqual(result.outcome, .missingReference)
        XCTAssertTrue(result.message.contains("FLIPBOOK_RECORD=never"), result.message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens))
    }

    func testMissingModeIsTheDefaultAndRecordsThenFails() throws {
        let result = verify(image)
        XCTAssertEqual(result.outcome, .recorded)
        XCTAssertFalse(result.passed)
        XCTAssertTrue(result.message.contains("recorded a new reference \(referencePath) (8x8)"), result.message)
        XCTAssertEqual(try ImageDecoder.decode(fileAtPath: referencePath), image)
        XCTAssertEqual(filesBelow(goldens), ["GoldenImageTests/frame.png"])
        XCTAssertEqual(filesBelow(artifacts), [])
        // The next run compares.
        XCTAssertEqual(verify(image, record: "missing").outcome, .matched)
    }

    func testEmptyCIValueCountsAsUnset() {
        XCTAssertEqual(verify(image, ci: "").outcome, .recorded)
    }

    // MARK: existing references

    func testMatchingImagePassesAndWritesNothing() throws {
        try recordReference(image)
        let result = verify(image, record: "failed")
        XCTAssertTrue(result.passed)
        XCTAssertEqual(result.comparison?.summary, "identical (8x8)")
        XCTAssertEqual(result.artifactPaths, [])
        XCTAssertEqual(filesBelow(artifacts), [])
    }

    func testFailedModeReRecordsOnMismatchOnly() throws {
        try recordReference(image)
        var changed = image
        changed.pixels[0] = packed(255, 255, 255, 255)
        let result = verify(changed, record: "failed")
        XCTAssertEqual(result.outcome, .recorded)
        XCTAssertTrue(result.message.contains("re-recorded the reference (FLIPBOOK_RECORD=failed)"), result.message)
        XCTAssertTrue(result.message.contains("1 of 64 pixels"), result.message)
        XCTAssertEqual(try ImageDecoder.decode(fileAtPath: referencePath), changed)
        XCTAssertEqual(result.artifactPaths.count, 3)
        XCTAssertEqual(verify(changed, record: "failed").outcome, .matched)
    }

    func testAllModeReRecordsEvenAMatchingReference() throws {
        try recordReference(image)
        let result = verify(image, record: "ALL") // case does not matter
        XCTAssertEqual(result.outcome, .recorded)
        XCTAssertTrue(result.message.contains("re-recorded the reference (FLIPBOOK_RECORD=all) \(referencePath)"), result.message)
    }

    func testUnknownRecordModeFailsAndWritesNothing() {
        let result = verify(image, record: "sometimes")
        XCTAssertEqual(result.outcome, .error)
        XCTAssertTrue(
            result.message.contains("FLIPBOOK_RECORD is 'sometimes'; expected all, missing, failed or never"),
            result.message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens))
        XCTAssertFalse(FileManager.default.fileExists(atPath: artifacts))
    }

    func testMismatchWritesThreeArtefactsAndNamesThem() throws {
        try recordReference(image)
        var changed = image
        changed.pixels[9] = packed(0, 0, 0, 255)
        changed.pixels[10] = packed(255, 255, 255, 255)
        let result = verify(changed, record: "never")
        XCTAssertEqual(result.outcome, .mismatched)
        let base = artifacts + "/GoldenImageTests/frame"
        let expected = [base + ".reference.png", base + ".actual.png", base + ".diff.png"]
        XCTAssertEqual(result.artifactPaths, expected)
        for path in expected {
            XCTAssertTrue(result.message.contains(path), "message does not name \(path): \(result.message)")
        }
        XCTAssertTrue(result.message.contains("differ: 2 of 64 pixels (3.1"), result.message)
        let largest = try XCTUnwrap(result.comparison).largestDifference
        XCTAssertTrue(result.message.contains("largest difference \(largest)"), result.message)
        XCTAssertEqual(try ImageDecoder.decode(fileAtPath: expected[0]), image)
        XCTAssertEqual(try ImageDecoder.decode(fileAtPath: expected[1]), changed)
        let diff = try ImageDecoder.decode(fileAtPath: expected[2])
        XCTAssertEqual(diff, DiffImage.make(reference: image, actual: changed))
        // The reference beside the tests is untouched.
        XCTAssertEqual(try ImageDecoder.decode(fileAtPath: referencePath), image)
        // A later passing run clears the stale artefacts.
        XCTAssertEqual(verify(changed, tolerance: 255).outcome, .matched)
        XCTAssertEqual(filesBelow(artifacts), [])
    }

    func testToleranceAndAllowedFraction() throws {
        try recordReference(image)
        var changed = image
        changed.pixels[3] = changed.pixels[3] &+ 2 // red + 2
        XCTAssertEqual(verify(changed, tolerance: 1).outcome, .mismatched)
        XCTAssertEqual(verify(changed, tolerance: 2).outcome, .matched)
        XCTAssertEqual(verify(changed, maxDifferingFraction: 1.0 / 64).outcome, .matched)
        let result = verify(changed, tolerance: 1, maxDifferingFraction: 0.005)
        XCTAssertTrue(result.message.contains("(allowed: more than 1 in at most 0.5% of pixels)"), result.message)
    }

    func testSizeMismatchIsReportedAsSuch() throws {
        try recordReference(image)
        let result = verify(gradientImage(width: 9, height: 8), maxDifferingFraction: 1)
        XCTAssertEqual(result.outcome, .mismatched)
        XCTAssertTrue(result.message.contains("size differs: 8x8 vs 9x8 (reference vs actual)"), result.message)
        XCTAssertEqual(try ImageDecoder.decode(fileAtPath: result.artifactPaths[2]).width, 9 * 3 + 2 * DiffImage.gapPixels)
    }

    func testUnreadableReference() throws {
        try FileManager.default.createDirectory(atPath: goldens + "/GoldenImageTests", withIntermediateDirectories: true)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: referencePath))
        let result = verify(image, record: "missing")
        XCTAssertEqual(result.outcome, .error)
        XCTAssertTrue(result.message.contains("cannot read the reference"), result.message)
        XCTAssertTrue(result.message.contains(referencePath), result.message)
        let rerecorded = verify(image, record: "failed")
        XCTAssertEqual(rerecorded.outcome, .recorded)
        XCTAssertEqual(try ImageDecoder.decode(fileAtPath: referencePath), image)
    }

    func testTransparentImagesRoundTrip() throws {
        var translucent = image
        translucent.pixels[0] = packed(10, 20, 30, 40)
        translucent.pixels[1] = 0
        try recordReference(translucent)
    }

    // MARK: locations and names

    func testGoldensDirectoryFromTheEnvironment() {
        let result = withEnvironment([
            "FLIPBOOK_GOLDENS_DIR": scratch + "/from-env", "CI": "1",
            "FLIPBOOK_ARTIFACTS": artifacts
        ]) {
            verifyGolden(of: image, as: .image, named: "frame")
        }
        XCTAssertEqual(result.referencePath, scratch + "/from-env/GoldenImageTests/frame.png")
    }

    func testDefaultGoldensFolderIsBesideTheTestFile() {
        // CI set, so nothing is written into the source tree.
        let result = withEnvironment(["FLIPBOOK_GOLDENS_DIR": nil, "CI": "1", "FLIPBOOK_ARTIFACTS": artifacts]) {
            verifyGolden(of: image, as: .image, named: "never-recorded")
        }
        let folder = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().path
        XCTAssertEqual(result.referencePath, folder + "/__Goldens__/GoldenImageTests/never-recorded.png")
        XCTAssertFalse(FileManager.default.fileExists(atPath: result.referencePath))
    }

    func testBadNamesAreRejected() {
        for name in ["", "a/b", ".hidden", "../escape"] {
            let result = verify(image, named: name)
            XCTAssertEqual(result.outcome, .error, name)
            XCTAssertTrue(result.message.contains("must be a non-empty file name"), result.message)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens))
    }
}

/// `assertGolden` reports through XCTest at the caller's file and line.
final class AssertGoldenTests: XCTestCase {
    var captured: [(message: String, file: String, line: Int)] = []
    var capturing = false

    // swift-corelibs-xctest has no XCTExpectFailure: capture failures while `capturing` is set.
    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
        expected: Bool
    ) {
        if capturing {
            captured.append((description, filePath, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testFailureIsReportedAtTheCallSiteWithTheMessage() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let image = gradientImage(width: 4, height: 4)
        capturing = true
        let (result, line) = withEnvironment(["CI": nil, "FLIPBOOK_RECORD": nil, "FLIPBOOK_ARTIFACTS": scratch + "/artifacts"]) {
            (assertGolden(of: image, as: .image, named: "fresh", goldensDirectory: scratch), #line)
        }
        capturing = false
        XCTAssertEqual(result.outcome, .recorded)
        XCTAssertEqual(captured.count, 1)
        XCTAssertEqual(captured.first?.message.contains(result.message), true)
        XCTAssertEqual(captured.first?.file, "\(#filePath)")
        XCTAssertEqual(captured.first?.line, line)
        // Now it matches: no failure.
        capturing = true
        let second = withEnvironment(["CI": nil, "FLIPBOOK_RECORD": nil]) {
            assertGolden(of: image, as: .image, named: "fresh", goldensDirectory: scratch)
        }
        capturing = false
        XCTAssertTrue(second.passed)
        XCTAssertEqual(captured.count, 1)
    }
}
