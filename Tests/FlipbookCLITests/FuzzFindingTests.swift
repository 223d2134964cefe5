import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// What `scripts/fuzz` found, run through the command as a user meets it (docs/FUZZING.md): every
/// transition file in `Tests/Fixtures/fuzz/transitions/` is rendered over the fuzz scene's photos
/// on a 100 × 100 pt @1x screen (the harnesses' canvas) and every gesture file in
/// `Tests/Fixtures/fuzz/gestures/` drives a `pop`. Each run must end — rendered (status 0) or
/// refused with one `error:` line naming the file (status 1) — within 60 s and 4 GB of address
/// space: a crash, a trap, a hang or a balloon fails the test. `Tests/Fixtures/fuzz/SOURCE.md`
/// says what each file found and what became of it.
final class FuzzFindingTests: XCTestCase {
    static let folder = Package.path("Tests/Fixtures/fuzz")
    /// Address space per run, KiB (`ulimit -v`): twice the fuzzer's 2 GB memory limit, so a
    /// finding that ballooned fails here too; a debug `flipbook` needs well under 1 GB.
    static let addressSpaceKiB = 4 << 20

    static func fixtures(_ sub: String, in folder: String = FuzzFindingTests.folder) -> [String] {
        let directory = folder + "/" + sub
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { directory + "/" + $0 }
    }

    /// Runs `flipbook ARGUMENTS` under the address-space limit and checks how it ended.
    func runBounded(_ arguments: [String], naming file: String) throws {
        let output = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let command = "ulimit -v \(Self.addressSpaceKiB) && exec \"$0\" \"$@\""
        let run = try runFlipbook(
            ["-c", command, flipbookExecutable.path] + arguments + [
                "--progress", "none", "--out", output.appendingPathComponent("out").path
            ],
            executable: URL(fileURLWithPath: "/bin/bash"), timeoutSeconds: 60)
        let name = (file as NSString).lastPathComponent
        XCTAssertTrue([0, 1].contains(run.status), "\(name): exit status \(run.status): \(run.stderr.suffix(2000))")
        if run.status == 1 {
            XCTAssertEqual(run.errorLines.count, 1, "\(name): \(run.stderr.prefix(2000))")
            XCTAssertTrue(run.stderr.hasPrefix("error: \(file)"), "\(name): \(run.stderr.prefix(500))")
            XCTAssertLessThan(run.stderr.utf8.count, 1000, "\(name): an error echoes at most a short excerpt of the input")
        }
    }

    func testFoundTransitionFilesRenderOrAreRefused() throws {
        let files = Self.fixtures("transitions")
        XCTAssertFalse(files.isEmpty)
        for file in files {
            try runBounded(
                [
                    "render", "--transition", file, "--manifest", Self.folder + "/photos.json", "--device", "100x100",
                    "--scale", "1", "--fps", "2", "--fonts", Package.fixtureFonts
                ], naming: file)
        }
    }

    func testFoundGestureFilesDriveAPopOrAreRefused() throws {
        for file in Self.fixtures("gestures") {
            try runBounded(
                [
                    "render", "pop", "--gesture", file, "--manifest", Package.samplesManifest, "--scale", "1", "--fps", "10",
                    "--fonts", Package.fixtureFonts
                ], naming: file)
        }
    }
}
