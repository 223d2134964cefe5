import Foundation
import XCTest

@testable import FlipbookFiles

/// Inputs that used to hang or balloon: FIFOs, devices, directories, huge files.
final class InputFileTests: FolderTestCase {
    func testReadsARegularFile() throws {
        let path = folder + "/a.bin"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try InputFile.read(path), [1, 2, 3])
        XCTAssertEqual(try InputFile.read(path, maximumBytes: 3), [1, 2, 3], "exactly at the limit is fine")
        try Data().write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try InputFile.read(path), [])
    }

    /// Before: open() of a FIFO without a writer blocked forever (the test would time out).
    func testAFIFOIsRefusedWithoutBlocking() throws {
        let fifo = folder + "/photo.jpg"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let error = try readError { try InputFile.read(fifo) }
        XCTAssertEqual(error, .notRegularFile(path: fifo, kind: "a FIFO (named pipe)"))
        XCTAssertEqual(error.description, "\(fifo): cannot read the file: it is a FIFO (named pipe), not a regular file")
        XCTAssertEqual(try readError { try InputFile.check(fifo) }, .notRegularFile(path: fifo, kind: "a FIFO (named pipe)"))
    }

    /// Before: /dev/zero and /dev/urandom were read until the process was killed for memory.
    func testDevicesAndDirectoriesAreRefused() throws {
        for device in ["/dev/zero", "/dev/urandom", "/dev/null"] where FileManager.default.fileExists(atPath: device) {
            XCTAssertEqual(try readError { try InputFile.read(device) }, .notRegularFile(path: device, kind: "a character device"))
        }
        XCTAssertEqual(try readError { try InputFile.read(folder) }, .notRegularFile(path: folder, kind: "a directory"))
    }

    /// `readOwnFile` (a shard's frames): a symbolic link or a file with a second name could be
    /// any file the user can read; both are refused, a file of its own is read.
    func testReadOwnFileRefusesLinks() throws {
        let path = folder + "/frame.png", other = folder + "/secret.txt"
        try Data([1, 2]).write(to: URL(fileURLWithPath: path))
        try Data([9]).write(to: URL(fileURLWithPath: other))
        XCTAssertEqual(try InputFile.readOwnFile(path), [1, 2])
        let symbolic = folder + "/symbolic.png", hard = folder + "/hard.png"
        XCTAssertEqual(symlink(other, symbolic), 0)
        XCTAssertEqual(try InputFile.read(symbolic), [9], "read follows links")
        XCTAssertEqual(try readError { try InputFile.readOwnFile(symbolic) }, .notRegularFile(path: symbolic, kind: "a symbolic link"))
        XCTAssertEqual(link(other, hard), 0)
        XCTAssertEqual(
            try readError { try InputFile.readOwnFile(hard) },
            .unreadable(path: hard, reason: "it has 2 names (hard links), so it may be a file from elsewhere"))
        XCTAssertEqual(
            try readError { try InputFile.readOwnFile(other) },
            .unreadable(path: other, reason: "it has 2 names (hard links), so it may be a file from elsewhere"))
    }

    /// A piece of a file (a font's table directory): fewer bytes at the end, the same refusals.
    func testReadsAPieceAtAnOffset() throws {
        let path = folder + "/font.ttf"
        try Data([0, 1, 2, 3, 4, 5]).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try InputFile.read(path, atOffset: 2, count: 3).bytes, [2, 3, 4])
        XCTAssertEqual(try InputFile.read(path, atOffset: 4, count: 10).bytes, [4, 5])
        XCTAssertEqual(try InputFile.read(path, atOffset: 100, count: 4).bytes, [])
        XCTAssertEqual(try InputFile.read(path, atOffset: 0, count: 1).fileSize, 6)
        let fifo = folder + "/z.ttf"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        XCTAssertEqual(
            try readError { try InputFile.read(fifo, atOffset: 0, count: 12) }, .notRegularFile(path: fifo, kind: "a FIFO (named pipe)"))
    }

    func testSizeLimit() throws {
        // Sparse: 300 MiB by its size, no disk blocks.
        let path = folder + "/huge.png"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        XCTAssertEqual(truncate(path, 300 << 20), 0)
        let error = try readError { try InputFile.read(path) }
        XCTAssertEqual(error, .tooLarge(path: path, bytes: 300 << 20, limitBytes: 256 << 20))
        XCTAssertEqual(error.description, "\(path): cannot read the file: it is 300 MB, more than the 256 MB limit for an input file")
        XCTAssertEqual(
            try readError { try InputFile.read(path, maximumBytes: 100) }, .tooLarge(path: path, bytes: 300 << 20, limitBytes: 100))
        try Data(count: 101).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try readError { try InputFile.read(path, maximumBytes: 100) }, .tooLarge(path: path, bytes: 101, limitBytes: 100))
    }

    func testMissingFileAndEmptyPath() throws {
        XCTAssertEqual(
            try readError { try InputFile.read(folder + "/nope") },
            .unreadable(path: folder + "/nope", reason: "No such file or directory"))
        XCTAssertEqual(try readError { try InputFile.read("") }, .unreadable(path: "", reason: "the path is empty"))
    }

    func testMegabytesAreRoundedToATenth() {
        XCTAssertEqual(FileError.megabytes(256 << 20), "256")
        XCTAssertEqual(FileError.megabytes((300 << 20) + (1 << 19)), "300.5")
        XCTAssertEqual(FileError.megabytes(1), "0")
    }
}

/// The FileError `body` throws; fails the test (and throws) when it throws none.
func readError(_ body: () throws -> Any, file: StaticString = #filePath, line: UInt = #line) throws -> FileError {
    do {
        _ = try body()
    } catch let error as FileError {
        return error
    }
    XCTFail("expected a FileError", file: file, line: line)
    throw CancellationError()
}

/// A test case with a fresh folder (`folder`) that is removed afterwards.
class FolderTestCase: XCTestCase {
    var folder: String!

    override func setUpWithError() throws {
        folder = try makeFolder()
    }

    override func tearDown() {
        removeFolder(folder)
    }
}

/// A fresh folder under the temporary directory.
func makeFolder() throws -> String {
    let path = NSTemporaryDirectory() + "flipbook-files-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Removes a test folder, first making everything in it accessible again.
func removeFolder(_ path: String?) {
    guard let path else { return }
    _ = chmod(path, 0o755)
    if let entries = try? FileManager.default.contentsOfDirectory(atPath: path) {
        for entry in entries { _ = chmod(path + "/" + entry, 0o755) }
    }
    try? FileManager.default.removeItem(atPath: path)
}
