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

    /// Replaces `path` with files named `names`, each holding `content`.
    func render(_ path: String, _ names: [String], _ content: String) throws {
        try OutputDirectory.replace(path, keeping: Self.isOutput) { temporary in
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
        XCTAssertThrowsError(try OutputDirectory.replace(out, keeping: Self.isOutput) { temporary in
            try OutputFile.create([1], at: temporary + "/frame_0001.png")
            throw Failure()
        })
        XCTAssertEqual(try contents(out), ["frame_0000.png": "old"])
        XCTAssertEqual(try hiddenEntries(), [])
    }

    /// Finding 1: directories (and links) with an output's name are someone's files, not a render.
    func testFoldersAndLinksNamedLikeOutputsAreNotAPreviousRender() throws {
        let trap = folder + "/trap"
        for name in ["timeline.json", "frame_0000.png"] {
            try FileManager.default.createDirectory(atPath: trap + "/" + name, withIntermediateDirectories: true)
            try "user data".write(toFile: trap + "/" + name + "/notes.txt", atomically: false, encoding: .utf8)
        }
        let error = try readError { try self.render(trap, ["frame_0000.png"], "new") }
        XCTAssertEqual(error.description, "\(trap): cannot write the output: exists and holds 'frame_0000.png', which flipbook did not "
                       + "write; name a new or empty directory, or one that holds only a previous render")
        for name in ["timeline.json", "frame_0000.png"] {
            XCTAssertEqual(try String(contentsOfFile: trap + "/" + name + "/notes.txt", encoding: .utf8), "user data")
        }
        let linked = folder + "/linked"
        try FileManager.default.createDirectory(atPath: linked, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: linked + "/frame_0003.png", withDestinationPath: trap + "/timeline.json/notes.txt")
        XCTAssertTrue(try readError { try self.render(linked, ["frame_0000.png"], "new") }.reason.contains("'frame_0003.png'"))
        XCTAssertEqual(try hiddenEntries(), [])
    }

    /// Finding 2: a folder that cannot be listed was taken for an empty one and replaced.
    func testAFolderThatCannotBeListedIsRefused() throws {
        let secret = folder + "/secret"
        try FileManager.default.createDirectory(atPath: secret, withIntermediateDirectories: true)
        try "user data".write(toFile: secret + "/diary.txt", atomically: false, encoding: .utf8)
        for mode: mode_t in [0o311, 0o333] {
            XCTAssertEqual(chmod(secret, mode), 0)
            let error = try asUnprivilegedUser { try readError { try self.render(secret, ["frame_0000.png"], "new") } }
            XCTAssertEqual(error, .unwritable(path: secret, reason: "its contents cannot be listed (Permission denied), so flipbook "
                                              + "cannot tell whether it holds only a previous render; name a folder you can read"))
        }
        XCTAssertEqual(chmod(secret, 0o755), 0)
        XCTAssertEqual(try contents(secret), ["diary.txt": "user data"])
        XCTAssertEqual(try hiddenEntries(), [])
    }

    /// Finding 3 for folders: a link to a folder is followed; the link stays.
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
        XCTAssertEqual(try readError { try self.render(fileLink, ["frame_0000.png"], "new") },
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

    /// Finding 4: killed between the fallback's two renames, the output was missing for good.
    /// The next replace finishes the swap (the new folder was complete) — here a replace whose
    /// own build fails, so what is left is what the recovery did.
    func testAnInterruptedSwapIsFinishedByTheNextRun() throws {
        let dead = try deadProcessID()
        let out = folder + "/out"
        try render(folder + "/.out.old-\(dead)-1", ["frame_0000.png"], "previous")
        try render(folder + "/.out.tmp-\(dead)-1", ["frame_0000.png"], "complete new")
        struct Failure: Error {}
        XCTAssertThrowsError(try OutputDirectory.replace(out, keeping: Self.isOutput) { _ in throw Failure() })
        XCTAssertEqual(try contents(out), ["frame_0000.png": "complete new"])
        XCTAssertEqual(try hiddenEntries(), [])
    }

    /// Killed after the previous folder stepped aside but with no new folder left: it is moved back.
    func testAnInterruptedSwapWithoutTheNewFolderIsUndone() throws {
        let dead = try deadProcessID()
        let out = folder + "/out"
        try render(folder + "/.out.old-\(dead)-2", ["frame_0000.png"], "previous")
        struct Failure: Error {}
        XCTAssertThrowsError(try OutputDirectory.replace(out, keeping: Self.isOutput) { _ in throw Failure() })
        XCTAssertEqual(try contents(out), ["frame_0000.png": "previous"])
        XCTAssertEqual(try hiddenEntries(), [])
    }

    /// Finding 5: temporary folders of interrupted runs stayed forever. Those of dead processes
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
        XCTAssertEqual(try readError { try self.render(path, ["frame_0000.png"], "new") },
                       .unwritable(path: path, reason: "exists and is a regular file, not a folder"))
        XCTAssertEqual(try readError { try self.render("", ["frame_0000.png"], "new") },
                       .unwritable(path: "", reason: "the path is empty"))
    }

    func testSignalCleanupRemovesTheTemporaryFolder() throws {
        let out = folder + "/out"
        try OutputDirectory.replace(out, keeping: Self.isOutput) { temporary in
            try OutputFile.create([1], at: temporary + "/frame_0000.png")
            XCTAssertTrue(FileManager.default.fileExists(atPath: temporary))
            Termination.runCleanups()  // what a handled SIGINT does before exiting
            XCTAssertFalse(FileManager.default.fileExists(atPath: temporary))
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)  // let the swap go on
        }
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
