import Foundation
import XCTest

@testable import FlipbookFiles

/// Private scratch folders (`ScratchFolder`) and the rule that no output is an input (`OutputOverlap`).
final class ScratchAndOverlapTests: FolderTestCase {
    /// `body` with `TMPDIR` set to the test folder, as the `flipbook` process would have it.
    func withTemporaryDirectory<T>(_ body: () throws -> T) rethrows -> T {
        let previous = getenv("TMPDIR").map { String(cString: $0) }
        setenv("TMPDIR", folder, 1)
        defer { if let previous { setenv("TMPDIR", previous, 1) } else { unsetenv("TMPDIR") } }
        return try body()
    }

    func testScratchFoldersAreNewPrivateAndUnpredictable() throws {
        try withTemporaryDirectory {
            let first = try ScratchFolder(prefix: "flipbook-test"), second = try ScratchFolder(prefix: "flipbook-test")
            XCTAssertNotEqual(first.path, second.path)
            for scratch in [first, second] {
                XCTAssertTrue(scratch.path.hasPrefix(folder + "/flipbook-test-"), scratch.path)
                XCTAssertEqual(scratch.path.count, (folder + "/flipbook-test-").count + 6, "six random characters")
                var info = stat()
                XCTAssertEqual(lstat(scratch.path, &info), 0)
                XCTAssertEqual(info.st_mode & S_IFMT, S_IFDIR)
                XCTAssertEqual(info.st_mode & 0o7777, 0o700)
            }
            first.remove()
            second.remove()
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
        }
    }

    /// Removal takes the folder and its contents, never what a link inside names; a signal's
    /// clean-up (`Termination.runCleanups`) removes it too; `remove()` after that is harmless.
    func testRemovalNeverFollowsLinksAndSignalsRemoveTheFolder() throws {
        try withTemporaryDirectory {
            let victim = folder + "/victim"
            try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
            try Data("keep".utf8).write(to: URL(fileURLWithPath: victim + "/file"))
            let scratch = try ScratchFolder(prefix: "flipbook-test")
            try FileManager.default.createSymbolicLink(atPath: scratch.path + "/link", withDestinationPath: victim)
            try FileManager.default.createDirectory(atPath: scratch.path + "/sub", withIntermediateDirectories: true)
            try Data([1]).write(to: URL(fileURLWithPath: scratch.path + "/sub/frame.png"))
            scratch.remove()
            scratch.remove()
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["victim"])
            XCTAssertEqual(try String(contentsOfFile: victim + "/file", encoding: .utf8), "keep")

            let signalled = try ScratchFolder(prefix: "flipbook-test")
            try Data([1]).write(to: URL(fileURLWithPath: signalled.path + "/frame.png"))
            Termination.runCleanups()
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["victim"])
            signalled.remove()
        }
    }

    func testAnOutputIsNeverAnInput() throws {
        let input = folder + "/in.png", other = folder + "/other.png"
        try Data([1]).write(to: URL(fileURLWithPath: input))
        try Data([2]).write(to: URL(fileURLWithPath: other))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.png", withDestinationPath: "in.png")
        XCTAssertEqual(link(input, folder + "/hard.png"), 0)
        let inputs = [OutputOverlap.Input(input)]
        func refusal(_ output: String, isFolder: Bool = false, _ inputs: [OutputOverlap.Input] = inputs, same: Bool = false) -> FileError? {
            do {
                try OutputOverlap.check(output: output, isFolder: isFolder, inputs: inputs, allowingSameFolder: same)
                return nil
            } catch {
                return error as? FileError
            }
        }
        let sameFile = "it is the input \(input) (the same file); name another output"
        for spelling in [input, folder + "/link.png", folder + "/hard.png", folder + "/./in.png", folder + "/x/../in.png"] {
            XCTAssertEqual(refusal(spelling), .unwritable(path: spelling, reason: sameFile), spelling)
        }
        XCTAssertNil(refusal(other))
        XCTAssertNil(refusal(folder + "/new.png"))
        // A folder output holding an input is replaced with it.
        XCTAssertEqual(
            refusal(folder, isFolder: true),
            .unwritable(
                path: folder,
                reason: "it would hold the input \(input), and the "
                    + "folder is replaced as a whole; name another folder"))
        XCTAssertNil(refusal(folder + "/page", isFolder: true))

        // Input folders: nothing inside, the folder itself only where allowed.
        let shard = folder + "/shard"
        try FileManager.default.createDirectory(atPath: shard, withIntermediateDirectories: true)
        let folders = [OutputOverlap.Input(shard, isFolder: true)]
        let inside = "it is inside the input folder \(shard), whose contents are read as the input; write it elsewhere"
        XCTAssertEqual(refusal(shard + "/merged", isFolder: true, folders), .unwritable(path: shard + "/merged", reason: inside))
        XCTAssertEqual(refusal(shard + "/summary.md", folders), .unwritable(path: shard + "/summary.md", reason: inside))
        XCTAssertEqual(
            refusal(shard, isFolder: true, folders),
            .unwritable(path: shard, reason: "it is the input folder \(shard); name another output"))
        XCTAssertNil(refusal(shard + "/", isFolder: true, folders, same: true))
        XCTAssertNil(refusal(folder + "/merged", isFolder: true, folders))
        XCTAssertEqual(
            refusal(folder, isFolder: true, folders, same: true),
            .unwritable(
                path: folder, reason: "it would hold the input \(shard), and the folder is replaced as a whole; name another folder"))
    }
}
