import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// Inputs that hung `flipbook`, ballooned it, or got an unclear answer (special files,
/// huge headers, endless scans, unreadable manifests), run
/// through the command as a user meets them. Every run has a time limit, so a hang fails.
final class HostileInputCommandTests: ScratchFolderTestCase {
    static func fixture(_ name: String) -> String { Package.path("Tests/Fixtures/hostile/\(name)") }

    /// A manifest in the test folder listing `photos` (paths as written).
    func manifest(_ photos: [String], name: String = "photos.json") throws -> String {
        let entries = photos.map { "{\"url\": \"\($0)\"}" }.joined(separator: ", ")
        try "{\"content\": [\(entries)]}".write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }

    /// Renders one frame at @1x with `manifest`, into the test folder.
    func render(_ manifest: String, _ extra: [String] = []) throws -> FlipbookRun {
        try runFlipbook(
            ["render", "push", "--scale", "1", "--frames", "0-0", "--manifest", manifest, "--progress", "none", "--out", path("out")]
                + extra,
            timeoutSeconds: 30)
    }

    // MARK: 9. FIFOs and devices

    /// Before: open() of the FIFO blocked forever (here: killed after 30 s, and failed).
    func testAFIFOAsAnyInputFailsAtOnce() throws {
        let fifo = path("photo.jpg")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let reason = "cannot read the file: it is a FIFO (named pipe), not a regular file"
        let decode = try runFlipbook(["decode", fifo, "--out", path("x.png")], timeoutSeconds: 30)
        XCTAssertEqual(decode.status, 1)
        XCTAssertEqual(decode.stderr, "error: \(fifo): \(reason)\n")
        let photo = try render(try manifest(["photo.jpg"]))
        XCTAssertEqual(photo.stderr, "error: \(path("photos.json")): $.content[0].url: \(fifo): \(reason)\n")
        let asManifest = try render(fifo)
        XCTAssertEqual(asManifest.stderr, "error: \(fifo): cannot read the manifest: it is a FIFO (named pipe), not a regular file\n")
        let font = try render(Package.samplesManifest, ["--font", fifo])
        XCTAssertEqual(font.stderr, "error: \(fifo): font cannot be used: it is a FIFO (named pipe), not a regular file\n")
    }

    /// Before: /dev/zero and /dev/urandom were read until the process was killed for memory.
    func testDevicesAsInputsAreRefused() throws {
        for device in ["/dev/zero", "/dev/urandom"] {
            let decode = try runFlipbook(["decode", device, "--out", path("x.png")], timeoutSeconds: 30)
            XCTAssertEqual(decode.stderr, "error: \(device): cannot read the file: it is a character device, not a regular file\n")
            let photo = try render(try manifest([device]))
            XCTAssertEqual(photo.status, 1)
            XCTAssertTrue(
                photo.stderr.hasSuffix("$.content[0].url: \(device): cannot read the file: it is a character device, not a regular file\n"),
                photo.stderr)
            let asManifest = try render(device)
            XCTAssertEqual(asManifest.stderr, "error: \(device): cannot read the manifest: it is a character device, not a regular file\n")
        }
    }

    func testTheFileSizeLimitAndItsOption() throws {
        let big = path("big.png")
        XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: nil))
        XCTAssertEqual(truncate(big, 300 << 20), 0) // sparse
        let refused = try runFlipbook(["decode", big, "--out", path("x.png")])
        XCTAssertEqual(
            refused.stderr,
            "error: \(big): cannot read the file: it is 300 MB, more than the 256 MB limit for an input file "
                + "(--max-file-megabytes)\n")
        let allowed = try runFlipbook(["decode", big, "--out", path("x.png"), "--max-file-megabytes", "301"])
        XCTAssertEqual(allowed.stderr, "error: \(big): not a PNG or JPEG file (it starts with neither signature)\n", "read, then judged")
        let photo = try render(try manifest(["big.png"]), ["--max-file-megabytes", "10"])
        XCTAssertTrue(photo.stderr.contains("it is 300 MB, more than the 10 MB limit"), photo.stderr)
    }

    // MARK: 6, 7. PNG chunks: memory

    /// Before: 2.1 GB allocated and zero-filled for a 52-byte file; 336 MB for 300 KB of zTXt.
    /// Peak memory is compared with decoding a plain 1×1 PNG (the process's own baseline: the
    /// runtime, the text libraries): the hostile files may add at most 50 MB.
    func testHostilePNGsDecodeInLittleMemory() throws {
        let plain = try runMeasuringMemory(["decode", Package.path("Tests/Fixtures/pngsuite/basn0g08.png"), "--out", path("x.png")])
        XCTAssertEqual(plain.status, 0)
        let huge = try runMeasuringMemory(["decode", Self.fixture("huge-chunk-ztxt.png"), "--out", path("x.png")])
        XCTAssertEqual(huge.status, 1)
        XCTAssertLessThan(huge.maxResidentKilobytes, plain.maxResidentKilobytes + 50_000, "the 2 GB the chunk claims are never allocated")
        let bomb = try runMeasuringMemory(["decode", Self.fixture("ztxt-bomb.png"), "--out", path("x.png")])
        XCTAssertEqual(bomb.status, 0)
        XCTAssertLessThan(bomb.maxResidentKilobytes, plain.maxResidentKilobytes + 50_000, "the 316 MB of text is never inflated")
    }

    // MARK: 8. Scans

    func testAJPEGWithTooManyScansFailsBeforeRendering() throws {
        let run = try render(try manifest([Self.fixture("progressive-694-scans.jpg")]))
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.stderr,
            "error: \(path("photos.json")): $.content[0].url: \(Self.fixture("progressive-694-scans.jpg")): the JPEG "
                + "file exceeds a decoding limit: it has 694 scans, more than the 64 decoded for an image of 10000x10000 pixels "
                + "(progressive encoders use about 10)\n")
    }

    // MARK: 10. No end marker

    func testAJPEGWithoutItsEndMarkerIsShownWithOneWarning() throws {
        let file = Self.fixture("jpg_no_eoi.jpg")
        let decode = try runFlipbook(["decode", file, "--out", path("x.png")])
        XCTAssertEqual(decode.status, 0, decode.stderr)
        XCTAssertEqual(decode.stdout, "227x149\n")
        let warning =
            "warning: \(file): the JPEG file lacks its end-of-image marker (FF D9); its image data is complete, so it was decoded\n"
        XCTAssertEqual(decode.stderr, warning)
        // Named twice in a manifest, drawn in many frames: said once.
        // --progress none: on a slow machine a plain progress line (every 5 s) would join the warning.
        let run = try runFlipbook([
            "render", "push", "--scale", "1", "--frames", "0-5", "--manifest", try manifest([file, file, file]),
            "--progress", "none", "--out", path("out")
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, warning)
    }

    // MARK: 11. Messages

    // MARK: 12. Values that were accepted

    func testNumbersMustBeDecimalAndPathsNonEmpty() throws {
        for (arguments, message) in [
            (["render", "push", "--fps", "0x10"], "error: --fps must be a decimal number, not '0x10'"),
            (["render", "push", "--duration", "inf"], "error: --duration must be a decimal number, not 'inf'"),
            (["render", "push", "--out", ""], "error: --out needs a value, not an empty string"),
            (["render", "push", "--contact-sheet="], "error: --contact-sheet needs a value, not an empty string"),
            (
                ["curve", "--curve", "bezier:0,-1e308,1,1e308"],
                "error: --curve: curve 'bezier:0,-1e308,1,1e308': its progress is not a finite number over the duration (the parameters are too large)"
            ),
            (
                ["curve", "--curve", "spring-physics:1,1e300,1e300,1e300"],
                "error: --curve: curve 'spring-physics:1,1e300,1e300,1e300': its progress is not a finite number over the duration (the parameters are too large)"
            ),
            (
                ["render", "push", "--curve", "spring-physics:1,1e300,1e300,1e300", "--duration", "1"],
                "error: --curve: curve 'spring-physics:1,1e300,1e300,1e300': its progress is not a finite number over the duration (the parameters are too large)"
            )
        ] {
            let run = try runFlipbook(arguments)
            XCTAssertEqual(run.status, 64, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stderr.split(separator: "\n").first.map(String.init), message, "\(arguments)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out")))
    }

    func testAManifestWithATrailingCommaIsRefused() throws {
        try "{\"content\": [\n  {\"url\": \"a.jpg\"},\n]}".write(toFile: path("photos.json"), atomically: true, encoding: .utf8)
        let run = try render(path("photos.json"))
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.stderr, "error: \(path("photos.json")): not valid JSON: line 2, column 19: a trailing comma before ']' (JSON allows none)\n"
        )
    }

    // MARK: 14. Photos from anywhere

    func testSandboxedManifestsCannotReachOutsideTheirFolder() throws {
        let album = directory.appendingPathComponent("album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Package.path("Samples/photos/camera.png"), toPath: album.path + "/camera.png")
        let manifest = album.path + "/photos.json"
        try #"{"content": [{"url": "camera.png"}, {"url": "../../../../../../../../etc/passwd"}]}"#.write(
            toFile: manifest, atomically: true, encoding: .utf8)
        let real = URL(fileURLWithPath: album.path).resolvingSymlinksInPath().path
        let sandboxed = try render(manifest, ["--sandbox-photos"])
        XCTAssertEqual(sandboxed.status, 1)
        XCTAssertEqual(
            sandboxed.stderr,
            "error: \(manifest): $.content[1].url is ../../../../../../../../etc/passwd: it resolves to /etc/passwd, "
                + "outside the manifest's folder \(real) (--sandbox-photos)\n")
        // Without the sandbox the file is read, but its content is never quoted (it was, in hex).
        let open = try render(manifest)
        XCTAssertEqual(open.status, 1)
        XCTAssertTrue(open.stderr.hasSuffix("/etc/passwd: not a PNG or JPEG file (it starts with neither signature)\n"), open.stderr)
        // An absolute path inside the manifest's folder (here a subfolder) is fine.
        let allowed = try render(try self.manifest([album.path + "/camera.png"]), ["--sandbox-photos"])
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
    }

    /// Before: a pixel-stage failure named the file but not the manifest entry.
    func testAPhotoThatFailsWhileDecodingNamesItsManifestEntry() throws {
        var png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Package.path("Tests/Fixtures/pngsuite/basn2c08.png"))))
        png[70] ^= 0xFF // inside IDAT: the header still reads, the pixels do not
        try Data(png).write(to: URL(fileURLWithPath: path("broken.png")))
        let good = Package.path("Samples/photos/camera.png")
        let run = try render(try manifest([good, good, good, "broken.png"]))
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.stderr.hasPrefix("error: \(path("photos.json")): $.content[3].url: \(path("broken.png")): corrupt or truncated PNG file: "),
            run.stderr)
    }

    /// Before: "NSCocoaErrorDomain error 512".
    func testAContactSheetNamingAFolderSaysSo() throws {
        try FileManager.default.createDirectory(atPath: path("sheet.png"), withIntermediateDirectories: true)
        let run = try render(Package.samplesManifest, ["--contact-sheet", path("sheet.png")])
        XCTAssertEqual(
            run.stderr,
            "error: \(path("sheet.png")): cannot write the output: it is a directory; only a regular file "
                + "(or a symbolic link to one) is replaced\n")
    }

    /// Before: a full disk named the hidden temporary file. A file-size limit (EFBIG) stands in for it.
    func testAFullDiskNamesTheOutputNotTheTemporaryFile() throws {
        let shell = ["/bin/sh", "-c", "trap '' XFSZ; ulimit -f 40; exec \"$0\" \"$@\"", flipbookExecutable.path]
        let decode = try runFlipbook(
            ["decode", Package.path("Samples/photos/camera.png"), "--out", path("big.png")],
            executable: URL(fileURLWithPath: shell[0]), prefixArguments: Array(shell.dropFirst()))
        XCTAssertEqual(decode.stderr, "error: \(path("big.png")): cannot write the output: File too large\n")
        let render = try runFlipbook(
            ["render", "push", "--frames", "0-0", "--progress", "none", "--out", path("out")],
            executable: URL(fileURLWithPath: shell[0]), prefixArguments: Array(shell.dropFirst()))
        XCTAssertEqual(render.stderr, "error: \(path("out"))/frame_0000.png: cannot write the output: File too large\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }, [])
    }
}
