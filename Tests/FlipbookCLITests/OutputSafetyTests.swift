import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// Output safety end to end through `flipbook`: nothing a user owns is deleted or replaced, and
/// an interrupted run leaves the previous output and no temporary folders (docs/LIMITS.md, "Output").
final class OutputSafetyTests: ScratchFolderTestCase {
    func hiddenEntries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }.sorted()
    }

    /// Renders two frames of the push at @1x into `out`.
    func renderSmall(_ out: String, _ extra: [String] = []) throws -> FlipbookRun {
        try runFlipbook(["render", "push", "--scale", "1", "--frames", "0-1", "--out", out] + extra)
    }

    // MARK: 1. Folders named like outputs

    func testFoldersNamedLikeFramesAreNotDeleted() throws {
        let trap = path("trap")
        for name in ["timeline.json", "frame_0000.png"] {
            try FileManager.default.createDirectory(atPath: trap + "/" + name, withIntermediateDirectories: true)
            try "mine".write(toFile: trap + "/" + name + "/notes.txt", atomically: false, encoding: .utf8)
        }
        let run = try renderSmall(trap)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(
            run.stderr,
            "error: \(trap): cannot write the output: exists and holds 'frame_0000.png', which flipbook did not "
                + "write; name a new or empty directory, or one that holds only a previous render\n")
        for name in ["timeline.json", "frame_0000.png"] {
            XCTAssertEqual(try String(contentsOfFile: trap + "/" + name + "/notes.txt", encoding: .utf8), "mine")
        }
        XCTAssertEqual(try hiddenEntries(), [])
    }

    // MARK: 2. A folder the user cannot list

    func testAFolderTheUserCannotListIsRefused() throws {
        // As root every folder can be listed: run flipbook as the user nobody, from a copy it may execute.
        let secret = path("secret")
        try FileManager.default.createDirectory(atPath: secret, withIntermediateDirectories: true)
        try "mine".write(toFile: secret + "/diary.txt", atomically: false, encoding: .utf8)
        let sandbox = try UnprivilegedRun(in: directory)
        for mode: mode_t in [0o311, 0o333] {
            XCTAssertEqual(chmod(secret, mode), 0)
            let run = try sandbox.flipbook([
                "render", "push", "--scale", "1", "--frames", "0-0", "--manifest", sandbox.manifest, "--out", secret
            ])
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(
                run.stderr,
                "error: \(secret): cannot write the output: its contents cannot be listed (Permission denied), "
                    + "so flipbook cannot tell whether it holds only a previous render; name a folder you can read\n")
        }
        XCTAssertEqual(chmod(secret, 0o755), 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: secret), ["diary.txt"])
        XCTAssertEqual(try hiddenEntries(), [])
    }

    // MARK: 3. Links and special files as outputs

    func testOutputsWriteThroughLinksAndRefuseSpecialFiles() throws {
        let png = Package.path("Samples/photos/camera.png")
        // decode --out through a link: the link stays, its file gets the PNG.
        let real = path("real.png"), link = path("link.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: real))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.png")
        let decoded = try runFlipbook(["decode", png, "--out", link])
        XCTAssertEqual(decoded.status, 0, decoded.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "real.png")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: real)).prefix(4), Data([0x89, 0x50, 0x4E, 0x47]))

        // A FIFO, and (as root) a copy of /dev/null, named by every output option: refused, kept.
        let fifo = path("fifo.png")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        var specials = [(fifo, "a FIFO (named pipe)")]
        let null = path("null.png")
        if mknod(null, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 { specials.append((null, "a character device")) }
        for (special, kind) in specials {
            let expected =
                "error: \(special): cannot write the output: it is \(kind); only a regular file (or a symbolic link to one) is replaced\n"
            for arguments in [
                ["decode", png, "--out", special], ["diff", png, png, "--out", special],
                ["curve", "--plot", special]
            ] {
                let run = try runFlipbook(arguments)
                // diff's 1 means "the images differ"; its failures exit 2.
                XCTAssertEqual(run.status, arguments[0] == "diff" ? 2 : 1, "\(arguments): \(run.stderr)")
                XCTAssertTrue(run.stderr.hasSuffix(expected), "\(arguments): \(run.stderr)")
            }
            let sheet = try renderSmall(path("frames"), ["--contact-sheet", special])
            XCTAssertEqual(sheet.status, 1, sheet.stderr)
            XCTAssertEqual(sheet.stderr, expected)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("frames")), "checked before anything is rendered")
            var info = stat()
            XCTAssertEqual(lstat(special, &info), 0)
            XCTAssertNotEqual(info.st_mode & S_IFMT, S_IFREG, "\(special) is still \(kind)")
        }
        XCTAssertEqual(try hiddenEntries(), [])
    }

    func testAVideoNamingAFIFOIsRefusedBeforeRendering() throws {
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        // A stand-in ffmpeg: the output check comes first, so it is never run.
        try "#!/bin/sh\nexit 9\n".write(toFile: bin.path + "/ffmpeg", atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(bin.path + "/ffmpeg", 0o755), 0)
        let fifo = path("movie.mp4")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let run = try runFlipbook(
            ["render", "push", "--scale", "1", "--frames", "0-1", "--out", path("frames"), "--video", fifo],
            environment: ["PATH": bin.path + ":/usr/bin:/bin"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(
            run.stderr,
            "error: \(fifo): cannot write the video: it is a FIFO (named pipe); only a regular file "
                + "(or a symbolic link to one) is replaced\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("frames")))
    }

    // MARK: 4. A swap interrupted by a kill

    /// Killed between the two renames of the old swap, the output was gone and the previous
    /// render sat in a hidden folder forever. The next run — even one that fails — restores it.
    func testTheNextRunRestoresAnOutputAKillLeftMissing() throws {
        let out = path("push")
        XCTAssertEqual(try renderSmall(out).status, 0)
        let dead = deadProcessID()
        XCTAssertEqual(rename(out, path(".push.old-\(dead)-42")), 0) // as a kill between the renames leaves it
        let manifest = path("broken.json")
        try #"{"content": [{"url": "missing.jpg", "width": 4, "height": 3}]}"#.write(toFile: manifest, atomically: true, encoding: .utf8)
        let failed = try runFlipbook(["render", "push", "--manifest", manifest, "--out", out])
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: out).sorted(), ["frame_0000.png", "frame_0001.png", "timeline.json"])
        XCTAssertEqual(try hiddenEntries(), [])
    }

    // MARK: 5. Signals and leftovers

    /// A dead run's temporary folder is swept when it carries flipbook's mark (its timeline.json,
    /// which a render writes first); one without it is someone's folder and stays.
    func testTemporaryFoldersOfDeadRunsAreSwept() throws {
        let out = path("push")
        let dead = deadProcessID()
        XCTAssertEqual(try renderSmall(path("earlier")).status, 0)
        let stale = path(".push.tmp-\(dead)-7"), unmarked = path(".push.tmp-\(dead)-8")
        for folder in [stale, unmarked] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(count: 1000).write(to: URL(fileURLWithPath: folder + "/frame_0000.png"))
        }
        try FileManager.default.copyItem(atPath: path("earlier/timeline.json"), toPath: stale + "/timeline.json")
        XCTAssertEqual(try renderSmall(out).status, 0)
        XCTAssertEqual(try hiddenEntries(), [".push.tmp-\(dead)-8"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: unmarked), ["frame_0000.png"])
    }

    /// SIGINT, SIGTERM, SIGHUP and SIGQUIT in the middle of a render: the temporary folder is
    /// removed, the previous output is intact, the exit status is 128 + the signal (SIGQUIT
    /// printed "Program crashed" and exited 0 before).
    func testSignalsRemoveTheTemporaryFolderAndExitWith128PlusTheSignal() throws {
        let out = path("push")
        XCTAssertEqual(try renderSmall(out).status, 0)
        let previous = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        for (signal, status) in [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129), (SIGQUIT, 131)] {
            // 2401 frames on one thread: long enough to be interrupted while writing frames.
            let process = try startFlipbook([
                "render", "push", "--scale", "1", "--fps", "240", "--duration", "10", "--threads", "1", "--out", out
            ])
            let started = Date()
            var temporary: String?
            while temporary == nil, Date().timeIntervalSince(started) < 60, process.isRunning {
                temporary = try hiddenEntries().first { entry in
                    entry.hasPrefix(".push.tmp-\(process.processIdentifier)-")
                        && ((try? FileManager.default.contentsOfDirectory(atPath: path(entry)).count) ?? 0) > 2
                }
                usleep(20_000)
            }
            XCTAssertNotNil(temporary, "the render wrote frames into its temporary folder")
            kill(process.processIdentifier, signal)
            let sent = Date()
            while process.isRunning && Date().timeIntervalSince(sent) < 30 { usleep(20_000) }
            if process.isRunning {
                XCTFail("signal \(signal): flipbook went on rendering")
                kill(process.processIdentifier, SIGKILL)
            }
            process.waitUntilExit()
            let stderr = String(decoding: (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(process.terminationReason, .exit, "signal \(signal)")
            XCTAssertEqual(process.terminationStatus, Int32(status), "signal \(signal): \(stderr)")
            XCTAssertFalse(stderr.contains("crashed"), stderr)
            XCTAssertEqual(try hiddenEntries(), [], "signal \(signal) left the temporary folder")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), previous)
        }
    }
}

/// A process id no process has: above Linux's largest (`/proc/sys/kernel/pid_max` is at most 2^22).
func deadProcessID() -> Int32 { Int32.max }

/// `flipbook` run by the user nobody (when this process is root, via `setpriv`) from a copy in a
/// folder everyone may read, with a one-photo manifest there: permission checks that root would
/// pass can then be tested wherever the repository is cloned.
struct UnprivilegedRun {
    let executable: String
    let manifest: String
    let prefix: [String]

    init(in directory: URL) throws {
        let folder = directory.appendingPathComponent("nobody")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        executable = folder.appendingPathComponent("flipbook").path
        try FileManager.default.copyItem(atPath: flipbookExecutable.path, toPath: executable)
        try FileManager.default.copyItem(
            atPath: Package.path("Samples/photos/camera.png"), toPath: folder.appendingPathComponent("camera.png").path)
        manifest = folder.appendingPathComponent("photos.json").path
        try #"{"content": [{"url": "camera.png"}]}"#.write(toFile: manifest, atomically: true, encoding: .utf8)
        for path in [directory.path, folder.path, executable] { _ = chmod(path, 0o755) }
        for path in [manifest, folder.appendingPathComponent("camera.png").path] { _ = chmod(path, 0o644) }
        if geteuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                throw XCTSkip("running as root without setpriv (util-linux) to become an ordinary user")
            }
            prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
        } else {
            prefix = []
        }
    }

    func flipbook(_ arguments: [String]) throws -> FlipbookRun {
        try runFlipbook(
            arguments, in: URL(fileURLWithPath: "/"), executable: URL(fileURLWithPath: prefix.first ?? executable),
            prefixArguments: Array(prefix.dropFirst()) + (prefix.isEmpty ? [] : [executable]))
    }
}
