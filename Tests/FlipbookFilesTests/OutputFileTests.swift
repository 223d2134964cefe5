import Foundation
import XCTest

@testable import FlipbookFiles

/// Atomic single-file output: links are written through, special files are never replaced.
final class OutputFileTests: FolderTestCase {
    func testWriteReplacesTheFileAndLeavesNothingElse() throws {
        let path = folder + "/out.png"
        try OutputFile.write([1, 2, 3], to: path)
        try OutputFile.write([4, 5], to: path)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data([4, 5]))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["out.png"])
    }

    func testCreatesFoldersOnlyWhenAsked() throws {
        let path = folder + "/a/b/out.png"
        XCTAssertEqual(
            try readError { try OutputFile.write([1], to: path) },
            .unwritable(path: path, reason: "No such file or directory"))
        try OutputFile.write([1], to: path, createFolders: true)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data([1]))
    }

    /// Before: the link itself was replaced by a regular file.
    func testASymbolicLinkIsWrittenThrough() throws {
        let real = folder + "/real.png", link = folder + "/link.png"
        try Data([9]).write(to: URL(fileURLWithPath: real))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.png") // relative
        try OutputFile.write([1, 2], to: link)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "real.png", "the link stays a link")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: real)), Data([1, 2]))
        // A dangling link creates the file it names.
        let dangling = folder + "/dangling.png"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder + "/new.png")
        try OutputFile.write([3], to: dangling)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder + "/new.png")), Data([3]))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dangling), folder + "/new.png")
    }

    /// Before: a FIFO, a socket or a device node (as root, `/dev/null`) was replaced by a regular file.
    func testSpecialFilesAreRefusedAndKept() throws {
        let fifo = folder + "/fifo.png"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let socketPath = folder + "/socket.png"
        let socketDescriptor = try bindSocket(socketPath)
        defer { close(socketDescriptor) }
        var cases: [(String, String)] = [(fifo, "a FIFO (named pipe)"), (socketPath, "a socket"), (folder, "a directory")]
        let device = folder + "/null.png"
        // 1:3 is /dev/null; root only
        if mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 { cases.append((device, "a character device")) }
        for (path, kind) in cases {
            XCTAssertEqual(
                try readError { try OutputFile.write([1], to: path) },
                .unwritable(path: path, reason: "it is \(kind); only a regular file (or a symbolic link to one) is replaced"))
            XCTAssertEqual(try readError { try PendingOutput(path) }.reason.hasPrefix("it is \(kind)"), true)
            var info = stat()
            XCTAssertEqual(lstat(path, &info), 0)
            XCTAssertEqual(FileError.kind(ofMode: info.st_mode), kind, "\(path) is still \(kind)")
        }
        // Through a link too; the message says where the chain ended.
        let link = folder + "/to-fifo.png"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fifo)
        XCTAssertEqual(
            try readError { try OutputFile.write([1], to: link) },
            .unwritable(
                path: link,
                reason: "it is a FIFO (named pipe) (through the symbolic link, \(fifo)); "
                    + "only a regular file (or a symbolic link to one) is replaced"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }, [], "no temporaries left")
    }

    func testLinkLoopsAreRefused() throws {
        let a = folder + "/a.png", b = folder + "/b.png"
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        XCTAssertEqual(
            try readError { try OutputFile.write([1], to: a) }, .unwritable(path: a, reason: "Too many levels of symbolic links"))
    }

    func testEmptyPathIsRefused() throws {
        let error = try readError { try OutputFile.write([1], to: "") }
        XCTAssertEqual(error.description, "(empty path): cannot write the output: the path is empty")
    }

    /// Temporaries of dead processes beside the output are removed; a live process's are kept.
    func testTemporariesOfDeadRunsAreRemoved() throws {
        let dead = try deadProcessID()
        let stale = folder + "/.out.png.tmp-\(dead)-17", live = folder + "/.out.png.tmp-\(getpid())-18"
        let staleVideo = folder + "/.out.png.tmp-\(dead)-19.mp4", other = folder + "/.other.png.tmp-\(dead)-20"
        for path in [stale, live, staleVideo, other] { try Data([0]).write(to: URL(fileURLWithPath: path)) }
        try OutputFile.write([1], to: folder + "/out.png")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        XCTAssertEqual(left, [".other.png.tmp-\(dead)-20", ".out.png.tmp-\(getpid())-18", "out.png"])
    }

    func testPendingOutputCommitsAndDiscards() throws {
        let path = folder + "/video.mp4"
        let pending = try PendingOutput(path, extension: "mp4")
        XCTAssertTrue(pending.temporaryPath.hasPrefix(folder + "/.video.mp4.tmp-\(getpid())-"), pending.temporaryPath)
        XCTAssertTrue(pending.temporaryPath.hasSuffix(".mp4"))
        try Data([7]).write(to: URL(fileURLWithPath: pending.temporaryPath))
        try pending.commit()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data([7]))
        let discarded = try PendingOutput(path)
        try Data([8]).write(to: URL(fileURLWithPath: discarded.temporaryPath))
        discarded.discard()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data([7]))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["video.mp4"])
    }

    func testHiddenNamesRoundTrip() {
        let name = Leftovers.name(for: "out", role: .temporary, token: "12-34", extension: "gif")
        XCTAssertEqual(name, ".out.tmp-12-34.gif")
        XCTAssertEqual(Leftovers.parse(name, for: "out")?.pid, 12)
        XCTAssertEqual(Leftovers.parse(".out.old-5-6", for: "out")?.role, .old)
        for other in [".out.tmp-12", ".out.tmp-x-1", ".out.tmp--1-2", ".outer.tmp-1-2", "out.tmp-1-2", ".out.tmp-1-2-3"] {
            XCTAssertNil(Leftovers.parse(other, for: "out"), other)
        }
    }
}

/// The id of a process that has exited (a child, waited for).
func deadProcessID() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 0"]
    try process.run()
    process.waitUntilExit()
    XCTAssertFalse(Leftovers.isRunning(process.processIdentifier))
    return process.processIdentifier
}

/// A Unix socket bound at `path`; returns its descriptor.
func bindSocket(_ path: String) throws -> Int32 {
    #if os(Linux)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        for (index, byte) in path.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
    }
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard result == 0 else { throw XCTSkip("cannot bind a Unix socket at \(path)") }
    return descriptor
}
