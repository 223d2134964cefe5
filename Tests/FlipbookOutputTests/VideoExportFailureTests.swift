import FlipbookPipelineTestSupport
import FlipbookRaster
import Foundation
import Synchronization
import XCTest

@testable import Flipbook
@testable import FlipbookOutput
@testable import FlipbookRender

/// An ffmpeg that dies, lies or cannot start, met by `VideoExport` directly and through
/// `flipbook render --video`: exit 1 with ffmpeg's message, the frames and any previous video
/// intact, never a crash.
final class VideoExportFailureTests: ScratchFolderTestCase {
    /// Files in the test folder besides `bin`, sorted (hidden ones included).
    func outputs() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "bin" }.sorted()
    }

    /// Before: while one append stopped ffmpeg (its lock released), another thread's append hit
    /// the precondition "frame appended twice or after finish()" and the process trapped.
    func testAppendsFromManyThreadsWhileFFmpegDiesAllGetItsError() throws {
        let bin = try fakeFFmpeg("/usr/bin/head -c 3000000 > /dev/null\necho 'Conversion failed!' >&2\nexit 1")
        let frame = PremultipliedImage(width: 64, height: 64, fill: PremultipliedPixel(red: 255, green: 0, blue: 0, alpha: 255))
        for _ in 0..<10 {
            let video = try VideoExport(
                path: path("v.mp4"), widthPixels: 64, heightPixels: 64, framesPerSecond: 30,
                environment: ["PATH": bin])
            let errors = Mutex<[String]>([])
            // 4000 frames of 16 KB (64 MB) from 8 threads, far more than the 3 MB ffmpeg reads.
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                for position in stride(from: thread, to: 4000, by: 8) {
                    do {
                        try video.append(frame, at: position)
                    } catch {
                        errors.withLock { $0.append("\(error)") }
                        return
                    }
                }
            }
            // A thread whose frames all waited for earlier ones may finish without an error.
            let messages = errors.withLock { $0 }
            XCTAssertGreaterThan(messages.count, 0)
            XCTAssertEqual(Set(messages), ["\(path("v.mp4")): ffmpeg failed (exit status 1):\nConversion failed!"])
            XCTAssertThrowsError(try video.finish()) { XCTAssertEqual("\($0)", messages.first) }
            video.cancel()
            XCTAssertEqual(try outputs(), [], "no temporary video is left")
        }
    }

    /// ffmpeg dying mid-stream (exiting, or killed) and an unwritable video folder through the
    /// command: exit 1 with ffmpeg's message, the previous frames intact.
    func testADyingFFmpegLeavesThePreviousFramesIntact() throws {
        let out = path("frames")
        let first = try runFlipbook(["render", "push", "--scale", "1", "--frames", "0-1", "--out", out, "--progress", "none"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let previous = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        let exiting = try fakeFFmpeg("head -c 3000000 > /dev/null\necho 'Conversion failed!' >&2\nexit 1", folder: "exits")
        let killed = try fakeFFmpeg("head -c 3000000 > /dev/null\nkill -9 $$", folder: "killed")
        for (bin, message) in [(exiting, "ffmpeg failed (exit status 1):\nConversion failed!"), (killed, "ffmpeg failed (exit status 9)")] {
            let run = try runFlipbook(
                [
                    "render", "push", "--scale", "1", "--frames", "0-5", "--threads", "2", "--out", out,
                    "--video", path("v.mp4"), "--progress", "none"
                ],
                environment: ["PATH": bin + ":/usr/bin:/bin"])
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertTrue(run.stderr.contains("error: \(path("v.mp4")): \(message)\n"), run.stderr)
            XCTAssertFalse(run.stderr.contains("Fatal error"), run.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), previous)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("v.mp4")))
        }
        // A video folder nothing can be created in (sysfs refuses even root): refused before any frame.
        let unwritable = try runFlipbook(
            [
                "render", "push", "--scale", "1", "--frames", "0-5", "--out", out,
                "--video", "/sys/flipbook-test.mp4", "--progress", "none"
            ],
            environment: ["PATH": exiting + ":/usr/bin:/bin"])
        XCTAssertEqual(unwritable.status, 1)
        XCTAssertTrue(
            unwritable.stderr.hasSuffix("error: /sys/flipbook-test.mp4: cannot write the video: Permission denied\n"),
            unwritable.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), previous)
        XCTAssertEqual(try outputs(), ["exits", "frames", "killed"])
    }

    /// Before: ffmpeg with +faststart on a full disk printed "Error writing trailer … No space
    /// left on device", exited 0, and the truncated file replaced the user's good video.
    func testAVideoFFmpegBotchedDoesNotReplaceAGoodOne() throws {
        let video = path("v.mp4")
        try Data("a good video".utf8).write(to: URL(fileURLWithPath: video))
        // The output file is ffmpeg's last argument.
        let lastArgument = #"for last; do :; done"#
        let cases: [(body: String, message: String)] = [
            // A clean exit after an error in the log, with a container that looks whole.
            (
                lastArgument + "\ncat > /dev/null\nprintf '\\0\\0\\0\\10ftyp\\0\\0\\0\\10moov\\0\\0\\0\\10mdat' > \"$last\"\n"
                    + "echo '[mp4 @ 0x1] Error writing trailer of v.mp4: No space left on device' >&2\nexit 0",
                "ffmpeg failed (exit status 0):\n[mp4 @ 0x1] Error writing trailer of v.mp4: No space left on device"
            ),
            // A clean exit, a silent log and garbage.
            (
                lastArgument + "\ncat > /dev/null\nhead -c 5000 /dev/urandom > \"$last\"\nexit 0",
                "ffmpeg reported success, but the video it wrote is incomplete ("
            ),
            // A clean exit and a file cut short inside its index.
            (
                lastArgument + "\ncat > /dev/null\nprintf '\\0\\0\\0\\10ftyp\\0\\0\\1\\0moov' > \"$last\"\nexit 0",
                "ffmpeg reported success, but the video it wrote is incomplete (a box at byte 8 runs past the end of the file: it was cut short); "
                    + "the previous file is kept"
            )
        ]
        for (index, (body, message)) in cases.enumerated() {
            let bin = try fakeFFmpeg(body, folder: "bin\(index)")
            let run = try runFlipbook(
                ["render", "push", "--scale", "1", "--frames", "0-2", "--video", video, "--no-frames", "--progress", "none"],
                environment: ["PATH": bin + ":/usr/bin:/bin"])
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertTrue(run.stderr.contains("error: \(video): \(message)"), run.stderr)
            XCTAssertEqual(try String(contentsOfFile: video, encoding: .utf8), "a good video")
            XCTAssertEqual(try outputs().filter { !$0.hasPrefix("bin") }, ["v.mp4"], "no temporary video is left")
        }
    }

    /// The container check on real files: whole ones pass, each cut-short prefix fails.
    func testTheContainerCheckFindsCutShortFiles() throws {
        guard let ffmpeg = try? VideoExport.locateFFmpeg() else { throw XCTSkip("ffmpeg not on PATH") }
        for format in VideoFormat.allCases {
            let file = path("whole.\(format.rawValue)")
            let video = try VideoExport(path: file, widthPixels: 32, heightPixels: 32, framesPerSecond: 10)
            for position in 0..<5 {
                try video.append(
                    PremultipliedImage(
                        width: 32, height: 32, fill: PremultipliedPixel(red: UInt8(position * 50), green: 0, blue: 0, alpha: 255)),
                    at: position)
            }
            try video.finish()
            try video.commit()
            XCTAssertNil(VideoFileCheck.problem(inFileAt: file, format: format))
            XCTAssertNil(
                VideoFileCheck.probe(file, ffmpeg: ffmpeg, environment: ProcessInfo.processInfo.environment, frames: 5, size: (32, 32)))
            XCTAssertEqual(
                VideoFileCheck.probe(file, ffmpeg: ffmpeg, environment: ProcessInfo.processInfo.environment, frames: 6, size: (32, 32)),
                "ffprobe finds 5 frames of 32x32, not 6 frames of 32x32")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            for cut in [1, 7, bytes.count / 2, bytes.count - 1] {
                let short = path("short.\(format.rawValue)")
                try bytes.prefix(cut).write(to: URL(fileURLWithPath: short))
                XCTAssertNotNil(VideoFileCheck.problem(inFileAt: short, format: format), "\(format) cut at \(cut) of \(bytes.count)")
            }
        }
    }

    /// Before: "The operation could not be completed. (NSCocoaErrorDomain error 256.)".
    func testAnFFmpegThatCannotStartIsExplained() throws {
        let script = try fakeFFmpeg("exit 0", folder: "script")
        try "#!/nonexistent/interpreter\nexit 0\n".write(toFile: script + "/ffmpeg", atomically: false, encoding: .utf8)
        let garbage = try fakeFFmpeg("", folder: "garbage")
        try Data([0x00, 0x01, 0x02, 0x03, 0xFF]).write(to: URL(fileURLWithPath: garbage + "/ffmpeg"))
        XCTAssertEqual(chmod(garbage + "/ffmpeg", 0o755), 0)
        for (bin, reason) in [
            (script, "it is a script whose interpreter, /nonexistent/interpreter, is missing or not executable"),
            (garbage, "it is not a program this system can run (no ELF header or #! line)")
        ] {
            XCTAssertThrowsError(
                try VideoExport(
                    path: path("v.gif"), widthPixels: 8, heightPixels: 8, framesPerSecond: 10,
                    environment: ["PATH": bin])
            ) { error in
                guard case let .cannotStart(_, found)? = error as? VideoExportError else { return XCTFail("\(error)") }
                XCTAssertFalse(found.contains("NSCocoaErrorDomain"), found)
                XCTAssertEqual(found, reason)
            }
        }
        XCTAssertEqual(try outputs().filter { !["script", "garbage"].contains($0) }, [])
    }

    /// Before: `compare --video` rendered 21 s and 3.5 GB of frames before libx264 refused a
    /// 32096×8096 video. The size is checked first.
    func testVideoSizesBeyondTheEncoderAreRefusedBeforeRendering() throws {
        XCTAssertNoThrow(try VideoExport.checkSize(path: "v.mp4", widthPixels: 16384, heightPixels: 2000))
        XCTAssertNoThrow(try VideoExport.checkSize(path: "v.mp4", widthPixels: 16385, heightPixels: 2000)) // cropped to even
        XCTAssertThrowsError(try VideoExport.checkSize(path: "v.mp4", widthPixels: 32096, heightPixels: 8096)) { error in
            XCTAssertEqual(
                "\(error)",
                "v.mp4: a 32096x8096 video is too large: H.264 through libx264 takes at most 16384 pixels a side; "
                    + "use a smaller PreviewOptions.videoScale, a smaller SceneOptions.device.scale or fewer variants side by side")
        }
        XCTAssertNoThrow(try VideoExport.checkSize(path: "v.mp4", widthPixels: 32096, heightPixels: 8096, scale: 0.5))
        XCTAssertNoThrow(try VideoExport.checkSize(path: "v.gif", widthPixels: 32096, heightPixels: 10))
        XCTAssertThrowsError(try VideoExport.checkSize(path: "v.gif", widthPixels: 20000, heightPixels: 20000)) // ffmpeg's input limit
        // 24 variants of the Plus at @3x side by side: refused at once, before the sheet is rendered.
        let values = (1...24).map { String(format: "0.%02d", 50 + $0) }.joined(separator: ",")
        let run = try runFlipbook([
            "compare", "push", "--vary", "damping=" + values, "--device", "plus", "--scale", "3",
            "--out", path("sheet.png"), "--video", path("v.mp4"), "--progress", "none"
        ])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(path("v.mp4")): a "), run.stderr)
        XCTAssertTrue(run.stderr.contains("video is too large: H.264 through libx264 takes at most 16384 pixels a side"), run.stderr)
        XCTAssertEqual(try outputs(), [], "neither the sheet nor the video was written")
    }
}
