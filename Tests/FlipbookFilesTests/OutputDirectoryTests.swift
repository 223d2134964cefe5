import Foundation
import XCTest

@testable import FlipbookFiles

/// Atomic folder output: what counts as a previous output, the swap, and recovery after a kill.
final class OutputDirectoryTests: FolderTestCase {
    override func tearDown() {
        OutputDirectory.exchangeDisabled = false
        super.tearDown()
    }

    /// The render's naming rule, simplified: `frame_*.png` and `timeline.json`.
    static func isOutput(_ name: String) -> Bool {
        name == "timeline.json" || (name.hasPrefix("frame_") && name.hasSuffix(".png"))
    }

    /// The writer's mark, simplified: every folder `render` writes holds a regular `frame_0000.png`
    /// (a render's is its timeline.json).
    static func isOwned(_ folder: String) -> Bool {
        var info = stat()
        return lstat(folder + "/frame_0000.png", &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Replaces `path` with files named `names`, each holding `content`.
    func render(_ path: String, _ names: [String], _ content: String) throws {
        try OutputDirectory.replace(path, keeping: Self.isOutput, ownedIf: Self.isOwned) { temporary in
            for name in names { try OutputFile.create(Array(content.utf8), at: temporary + "/" + name) }
        }
    }

    func contents(_ path: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            result[name] = try String(contentsOfFile: path + "/" + name, encoding: .utf8)
        }
        return result
    }

    func hiddenEntries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }.sorted()
    }

    func testReplacesAPreviousOutput() throws {
        let out = folder + "/out"
        try render(out, ["frame_0000.png", "frame_0001.png", "timeline.json"], "old")
        try render(out, ["frame_0000.png", "timeline.json"], "new")
        XCTAssertEqual(try contents(out), ["frame_0000.png": "new", "timeline.json": "new"])
        XCTAssertEqual(try hiddenEntries(), [])
    }

    /// The one-step swap: renameat2(RENAME_EXCHANGE) found at run time and supported here.
    func testExchangeSwapsTwoFoldersInOneStep() throws {
        try render(folder + "/a", ["frame_0000.png"], "a")
        try render(folder + "/b", ["frame_0000.png"], "b")
        guard OutputDirectory.exchange(folder + "/a", folder + "/b") else {
            throw XCTSkip("renameat2(RENAME_EXCHANGE) is not available here (errno \(errno)); the two-rename fallback is used")
        }
        XCTAssertEqual(try contents(folder + "/a"), ["frame_0000.png": "b"])
        XCTAssertEqual(try contents(folder + "/b"), ["frame_0000.png": "a"])
    }

    func testTheTwoRenameFallbackGivesTheSameResult() throws {
        OutputDirectory.exchangeDisabled = true
        let out = folder + "/out"
        try render(out, ["frame_0000.png"], "old")
        try render(out, ["frame_0000.png"], "new")
        XCTAssertEqual(try contents(out), ["frame_0000.png": "new"])
        XCTAssertEqual(try hiddenEntries(), [])
    }

    func testAFailedBuildLeavesThePreviousOutput() throws {
        let out = folder + "/out"
        try render(out, ["frame_0000.png"], "old")
        struct Failure: Error {}
        XCTAssertThrowsError(
            try OutputDirectory.replace(out, keeping: Self.isOutput, ownedIf: Self.isOwned) { temporary in
                try OutputFile.create([1], at: temporary + "/frame_0001.png")
                throw Failure()
            })
        XCTAssertEqual(try contents(out), ["frame_0000.png": "old"])
        XCTAssertEqual(try hiddenEntries(), [])
    }

    /// Directories (and links) with an output's name are someone's files, not a render.
    func testFoldersAndLinksNamedLikeOutputsAreNotAPreviousRender() throws {
        let trap = folder + "/trap"
        for name in ["timeline.json", "frame_0000.png"] {
            try FileManager.default.createDirectory(atPath: trap + "/" + name, withIntermediateDirectories: true)
            try "user data".write(toFile: trap + "/" + name + "/notes.txt", atomically: false, encoding: .utf8)
        }
        let error = try readError { try self.render(trap, ["frame_0000.png"], "new") }
        XCTAssertEqual(
            error.description,
            "\(trap): cannot write the output: exists and holds 'frame_0000.png', which flipbook did not "
                + "write; name a new or empty directory, or one that holds only a previous render")
        for name in ["timeline.json", "frame_0000.png"] {
            XCTAssertEqual(try String(contentsOfFile: trap + "/" + name + "/notes.txt", encoding: .utf8), "user data")
        }
        let linked = folder + "/linked"
        try FileManager.default.createDirectory(atPath: linked, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: linked + "/frame_0003.png", withDestinationPath: trap + "/timeline.json/notes.txt")
        XCTAssertTrue(try readError { try self.render(linked, ["frame_0000.png"], "new") }.reason.contains("'frame_0003.png'"))
        XCTAssertEqual(try hiddenEntries(), [])
    }

    /// A folder that cannot be listed was taken for an empty one and replaced.
    func testAFolderThatCannotBeListedIsRefused() throws {
        let secret = folder + "/secret"
        try FileManager.default.createDirectory(atPath: secret, withIntermediateDirectories: true)
        try "user data".write(toFile: secret + "/diary.txt", atomically: false, encoding: .utf8)
        for mode: mode_t in [0o311, 0o333] {
            XCTAssertEqual(chmod(secret, mode), 0)
            let error = try asUnprivilegedUser { try readError { try self.render(secret, ["frame_0000.png"], "new") } }
            XCTAssertEqual(
                error,
                .unwritable(
                    path: secret,
                    reason: "its contents cannot be listed (Permission denied), so flipbook "
                        + "cannot tell whether it holds only a previous render; name a folder you can read"))
        }
        XCTAssertEqual(chmod(secret, 0o755), 0)
        XCTAssertEqual(try contents(secret), ["diary.txt": "user data"])
        XCTAssertEqual(try hiddenEntries(), [])
    }

    /// A link to a folder is followed; the link stays.
    func testALinkToAFolderIsFollowed() throws {
        let real = folder + "/real", link = folder + "/link"
        try render(real, ["frame_0000.png"], "old")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real")
        try render(link, ["frame_0000.png"], "new")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "real")
        XCTAssertEqual(try contents(real), ["frame_0000.png": "new"])
        let fileLink = folder + "/file-link"
        try "x".write(toFile: folder + "/plain", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: fileLink, withDestinationPath: folder + "/plain")
        XCTAssertEqual(
            try readError { try self.render(fileLink, ["frame_0000.png"], "new") },
            .unwritable(path: fileLink, reason: "exists and is a regular file, not a folder"))
    }

    func testTrailingSlashAndDot() throws {
        let out = folder + "/out"
        try render(out + "/", ["frame_0000.png"], "one")
        XCTAssertEqual(try contents(out), ["frame_0000.png": "one"])
        try render(out + "/.", ["frame_0000.png"], "two")
        XCTAssertEqual(try contents(out), ["frame_0000.png": "two"])
        XCTAssertEqual(try hiddenEntries(), [])
    }

    /// Killed between the fallback's two renames, the output was missing for good.
    /// The next replace finishes the swap (the new folder was complete) — here a replace whose
    /// own build fails, so what is left is what the recovery did.
    func testAnInterruptedSwapIsFinishedByTheNextRun() throws {
        let dead = try deadProcessID()
        let out = folder + "/out"
        try render(folder + "/.out.old-\(dead)-1", ["frame_0000.png"], "previous")
        try render(folder + "/.out.tmp-\(dead)-1", ["frame_0000.png"], "complete new")
        struct Failure: Error {}
        XCTAssertThrowsError(try OutputDirectory.replace(out, keeping: Self.isOutput, ownedIf: Self.isOwned) { _ in throw Failure() })
        XCTAssertEqual(try contents(out), ["frame_0000.png": "complete new"])
        XCTAssertEqual(try hiddenEntries(), [])
    }

    /// Killed after the previous folder stepped aside but with no new folder left: it is moved back.
    func testAnInterruptedSwapWithoutTheNewFolderIsUndone() throws {
        let dead = try deadProcessID()
        let out = folder + "/out"
        try render(folder + "/.out.old-\(dead)-2", ["frame_0000.png"], "previous")
        struct Failure: Error {}
        XCTAssertThrowsError(try OutputDirectory.replace(out, keeping: Self.isOutput, ownedIf: Self.isOwned) { _ in throw Failure() })
        XCTAssertEqual(try contents(out), ["frame_0000.png": "previous"])
        XCTAssertEqual(try hiddenEntries(), [])
    }

    /// Temporary folders of interrupted runs stayed forever. Those of dead processes
    /// are swept; a running process's are left alone (it may be rendering right now).
    func testTemporaryFoldersOfDeadRunsAreSwept() throws {
        let dead = try deadProcessID()
        let out = folder + "/out"
        try render(out, ["frame_0000.png"], "old")
        try render(folder + "/.out.tmp-\(dead)-3", ["frame_0000.png", "frame_0001.png"], "half")
        try render(folder + "/.out.old-\(dead)-4", ["frame_0000.png"], "older")
        try render(folder + "/.out.tmp-\(getpid())-5", ["frame_0000.png"], "in progress")
        try render(folder + "/.other.tmp-\(dead)-6", ["frame_0000.png"], "another output's")
        try render(out, ["frame_0000.png"], "new")
        XCTAssertEqual(try contents(out), ["frame_0000.png": "new"])
        XCTAssertEqual(try hiddenEntries(), [".other.tmp-\(dead)-6", ".out.tmp-\(getpid())-5"])
    }

    func testAFileWhereAFolderShouldBeIsRefused() throws {
        let path = folder + "/file"
        try "x".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(
            try readError { try self.render(path, ["frame_0000.png"], "new") },
            .unwritable(path: path, reason: "exists and is a regular file, not a folder"))
        XCTAssertEqual(
            try readError { try self.render("", ["frame_0000.png"], "new") },
            .unwritable(path: "", reason: "the path is empty"))
    }

    func testSignalCleanupRemovesTheTemporaryFolder() throws {
        let out = folder + "/out"
        try OutputDirectory.replace(out, keeping: Self.isOutput, ownedIf: Self.isOwned) { temporary in
            try OutputFile.create([1], at: temporary + "/frame_0000.png")
            XCTAssertTrue(FileManager.default.fileExists(atPath: temporary))
            Termination.runCleanups() // what a handled SIGINT does before exiting
            XCTAssertFalse(FileManager.default.fileExists(atPath: temporary))
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false) // let the swap go on
        }
    }

    /// Files named like a render that the writer did not mark are someone's: refused, kept.
    func testAFolderWithoutTheWritersMarkIsRefused() throws {
        let out = folder + "/mine"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try "user data".write(toFile: out + "/frame_0001.png", atomically: false, encoding: .utf8)
        try "user data".write(toFile: out + "/timeline.json", atomically: false, encoding: .utf8)
        XCTAssertEqual(
            try readError { try self.render(out, ["frame_0000.png"], "new") },
            .unwritable(
                path: out,
                reason: "exists and holds files named like a render, but not one flipbook wrote "
                    + "(no flipbook timeline.json with its fingerprint), so they would be deleted; name a new or empty "
                    + "directory, or delete them first"))
        XCTAssertEqual(try contents(out), ["frame_0001.png": "user data", "timeline.json": "user data"])
        XCTAssertEqual(try hiddenEntries(), [])
    }

    /// Folders named like a dead run's leftovers are swept or restored only when they carry the
    /// mark; a link among them is never followed, adopted as the output or removed.
    func testUnmarkedLeftoversAndLinksAreLeftAlone() throws {
        let dead = try deadProcessID()
        let out = folder + "/out"
        let users = folder + "/.out.tmp-\(dead)-7"
        try FileManager.default.createDirectory(atPath: users, withIntermediateDirectories: true)
        try "user data".write(toFile: users + "/notes.txt", atomically: false, encoding: .utf8)
        let elsewhere = folder + "/elsewhere"
        try render(elsewhere, ["frame_0000.png"], "not the output")
        try FileManager.default.createSymbolicLink(atPath: folder + "/.out.old-\(dead)-8", withDestinationPath: elsewhere)
        try FileManager.default.createDirectory(atPath: folder + "/.out.tmp-\(dead)-9", withIntermediateDirectories: true) // empty: swept
        struct Failure: Error {}
        XCTAssertThrowsError(try OutputDirectory.replace(out, keeping: Self.isOutput, ownedIf: Self.isOwned) { _ in throw Failure() })
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "the link was not adopted as the output")
        XCTAssertEqual(try hiddenEntries(), [".out.old-\(dead)-8", ".out.tmp-\(dead)-7"])
        XCTAssertEqual(try contents(users), ["notes.txt": "user data"])
        XCTAssertEqual(try contents(elsewhere), ["frame_0000.png": "not the output"])
    }

    /// A failure after the swap (committing the files that belong with the folder) puts the
    /// previous folder back, with the exchange and with the two-rename fallback.
    func testAFailureAfterTheSwapPutsThePreviousFolderBack() throws {
        struct Failure: Error {}
        for disabled in [false, true] {
            OutputDirectory.exchangeDisabled = disabled
            let out = folder + "/out-\(disabled)"
            var sawNew = false
            XCTAssertThrowsError(
                try OutputDirectory.replace(
                    folder + "/fresh-\(disabled)", keeping: Self.isOutput, ownedIf: Self.isOwned,
                    afterSwap: { throw Failure() }
                ) { temporary in
                    try OutputFile.create([1], at: temporary + "/frame_0000.png")
                })
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/fresh-\(disabled)"), "a new output is taken away again")
            try render(out, ["frame_0000.png"], "old")
            XCTAssertThrowsError(
                try OutputDirectory.replace(
                    out, keeping: Self.isOutput, ownedIf: Self.isOwned,
                    afterSwap: {
                        sawNew = (try? String(contentsOfFile: out + "/frame_0000.png", encoding: .utf8)) == "new"
                        throw Failure()
                    }
                ) { temporary in
                    try OutputFile.create(Array("new".utf8), at: temporary + "/frame_0000.png")
                })
            XCTAssertTrue(sawNew, "afterSwap runs with the new folder in place")
            XCTAssertEqual(try contents(out), ["frame_0000.png": "old"])
            XCTAssertEqual(try hiddenEntries(), [])
        }
    }

    /// Before: a read-only previous output was swapped out, could not be emptied, and stayed
    /// beside the output as a hidden copy no run could sweep.
    func testAReadOnlyPreviousOutputIsRefusedBeforeAnythingIsWritten() throws {
        let out = folder + "/out"
        try render(out, ["frame_0000.png"], "old")
        XCTAssertEqual(chmod(out, 0o555), 0)
        defer { _ = chmod(out, 0o755) }
        XCTAssertEqual(chmod(folder, 0o777), 0)
        let error = try asUnprivilegedUser { try readError { try self.render(out, ["frame_0000.png"], "new") } }
        XCTAssertEqual(
            error,
            .unwritable(
                path: out,
                reason: "the previous render in it is read-only (Permission denied), so flipbook "
                    + "could not remove it after the swap; make it writable (chmod u+w) or name another directory"))
        XCTAssertEqual(try contents(out), ["frame_0000.png": "old"])
        XCTAssertEqual(try hiddenEntries(), [])
    }

    /// A signal's clean-up runs while worker threads still write frames into the temporary
    /// folder: one removal pass could meet a file created after it listed the folder and leave
    /// the folder behind (1 of 12 random SIGTERMs did).
    func testRemovingAFolderThatIsStillBeingFilled() throws {
        for round in 0..<5 {
            let filling = folder + "/.out.tmp-\(getpid())-\(round)"
            XCTAssertEqual(mkdir(filling, 0o755), 0)
            for index in 0..<200 { close(open(filling + "/frame_\(index).png", O_WRONLY | O_CREAT, 0o644)) }
            let writer = Thread {
                for index in 200..<100_000 {
                    let descriptor = open(filling + "/frame_\(index).png", O_WRONLY | O_CREAT | O_EXCL, 0o644)
                    if descriptor < 0 { return }
                    close(descriptor)
                }
            }
            writer.start()
            usleep(200)
            OutputDirectory.removeFolder(filling)
            XCTAssertFalse(FileManager.default.fileExists(atPath: filling), "round \(round)")
        }
    }

    /// Two first renders of the same output at once: the later swap meets the folder the other
    /// made ("Directory not empty"), says what that means, and leaves the other's output.
    func testAConcurrentFirstRenderIsExplained() throws {
        let out = folder + "/out"
        let error = try readError {
            try OutputDirectory.replace(out, keeping: Self.isOutput, ownedIf: Self.isOwned) { temporary in
                try OutputFile.create([1], at: temporary + "/frame_0000.png")
                try self.render(out, ["frame_0000.png"], "the other run's") // finishes first
                return 0
            }
        }
        XCTAssertEqual(
            error,
            .unwritable(
                path: out,
                reason: "cannot move the new output into place: Directory not empty (another run "
                    + "created it meanwhile: is a second flipbook writing the same output? Run again once it is done)"))
        XCTAssertEqual(try contents(out), ["frame_0000.png": "the other run's"])
        XCTAssertEqual(try hiddenEntries(), [])
        XCTAssertTrue(OutputDirectory.explain(EBUSY).hasPrefix("Device or resource busy (it is a mount point or in use"))
    }

    /// Runs `body` with the effective user `nobody` when this process is root (root may list
    /// any folder, so the permission check needs an ordinary user), then returns to root.
    func asUnprivilegedUser<T>(_ body: () throws -> T) throws -> T {
        guard geteuid() == 0 else { return try body() }
        let nobody: uid_t = 65534
        guard seteuid(nobody) == 0 else { throw XCTSkip("cannot switch to user nobody") }
        defer { XCTAssertEqual(seteuid(0), 0) }
        return try body()
    }
}
