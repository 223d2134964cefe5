import FlipbookCodecs
import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// `.lock` files from a pull request, read by `flipbook verify` as CI runs it: a lock is
/// untrusted input. Each test edits a real lock of a small push the way a hostile (or damaged)
/// file would, and checks that verify answers with one error line naming the file and line — or
/// reads the file as the lock it is — instead of crashing, ballooning, or calling it a match.
final class HostileLockTests: XCTestCase {
    /// A push on iPhone SE at 1×, 10 fps: 8 frames, each a handful of ops.
    static let push = ["push", "--device", "se", "--scale", "1", "--fps", "10", "--font", Package.fixtureFont]

    /// A fresh lock of `push` in `folder`, its path and its lines (without the final empty one).
    func makeLock(in folder: URL) throws -> (path: String, lines: [String]) {
        let path = folder.appendingPathComponent("push.lock").path
        let made = try runFlipbook(["lock"] + Self.push + ["--out", path])
        XCTAssertEqual(made.status, 0, made.stderr)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return (path, text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
    }

    /// The line number (1-based) of frame `index`'s `frame` line.
    func frameLine(_ index: Int, in lines: [String]) -> Int {
        lines.firstIndex { $0.hasPrefix("frame \(index) ") }! + 1
    }

    func write(_ lines: [String], to path: String, lineEnd: String = "\n") throws {
        try (lines.joined(separator: lineEnd) + lineEnd).write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Groups nested 5 000 deep overflowed the stack of `verify --review` (the lock's op reader,
    /// then the rasterizer's bounds): nesting is checked while the lock is read. A lock nested as
    /// deep as the limit allows is read, drawn and put on the page.
    func testDeeplyNestedGroupsAreRefusedWhileReading() throws {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var (path, lines) = try makeLock(in: scratch)
        // Appended to the last frame, so its ops end with them (drawn last, on top) and no frame
        // after it keeps them. The outermost group is at 0.5, the others at 0.999, which each
        // group's 8-bit buffer rounds back to full (255 · 0.999 = 254.7 → 255).
        func nested(_ depth: Int) -> [String] {
            (0..<depth).map { "  + " + String(repeating: "  ", count: $0) + "group opacity=\($0 == 0 ? "0.5" : "0.999")" }
                + ["  + " + String(repeating: "  ", count: depth) + "fill rect=0,0,10,10 color=1,0,0,1 opacity=1"]
        }
        try write(lines + nested(5000), to: path)
        let page = scratch.appendingPathComponent("page").path
        let refused = try runFlipbook(["verify", path, "--review", page])
        XCTAssertEqual(refused.status, 2, "refused as bad input, not a crash: \(refused.stderr.suffix(800))")
        XCTAssertEqual(refused.errorLines, ["error: \(path):\(lines.count + 258): an op nested 257 groups deep; a lock nests at most 256"])

        // At the limit: read, drawn from its display lists (the lock side) and compared.
        lines += nested(256)
        try write(lines, to: path)
        let drawn = try runFlipbook(["verify", path, "--review", page])
        XCTAssertEqual(drawn.status, 1, drawn.stdout + drawn.stderr.suffix(800))
        XCTAssertTrue(drawn.stdout.contains("1 of 8 frames differ (first: frame 7)"), drawn.stdout)
        // The lock side's frame 7 has the square: red at half opacity over what the current
        // render (the other side) has there, the bar's grey.
        let lockSide = try ImageDecoder.decode(fileAtPath: page + "/side0/f00007.png")
        let current = try ImageDecoder.decode(fileAtPath: page + "/side1/f00007.png")
        let pixel = lockSide.pixels[5 * lockSide.width + 5], under = current.pixels[5 * current.width + 5]
        for (channel, red) in [(0, 255.0), (8, 0.0), (16, 0.0)] {
            let expected = 0.5 * red + 0.5 * Double((under >> UInt32(channel)) & 0xFF)
            XCTAssertEqual(
                Double((pixel >> UInt32(channel)) & 0xFF), expected, accuracy: 1, "channel at bit \(channel): drawn through all 256 groups")
        }
        let html = try String(contentsOfFile: page + "/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("push.lock (drawn from its display lists)"), "the lock side is drawn")
    }

    /// A 2 MB lock whose frames each inherit 40 000 ops took 5 GB: every frame copied the
    /// previous one's list. Inherited lists are shared now, and the ops of all frames together
    /// are counted while reading against `SequenceLock.maximumOpCount`.
    func testInheritedOpsAreSharedAndCounted() throws {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = scratch.appendingPathComponent("big.lock").path
        let (_, lines) = try makeLock(in: scratch)
        let header = Array(lines.prefix { !$0.hasPrefix("frame ") }).map { $0.hasPrefix("frames: ") ? "frames: 20000" : $0 }
        let ops = (0..<40_000).map { "  + fill rect=\($0),0,1,1 color=1,1,1,1 opacity=1" }
        let frames = (1..<20_000).map { "frame \($0) time=\(Double($0) / 100) progress=1 pixels=0000000000000000" }
        try write(header + ["frame 0 time=0 progress=0 pixels=0000000000000000"] + ops + frames, to: path)
        let command = "ulimit -v \(4 << 20) && exec \"$0\" \"$@\""
        let run = try runFlipbook(
            ["-c", command, flipbookExecutable.path, "verify", path],
            executable: URL(fileURLWithPath: "/bin/bash"), timeoutSeconds: 120)
        XCTAssertEqual(run.status, 2, "refused within 4 GB of address space: \(run.stderr.suffix(800))")
        // 40 000 ops a frame: frame 209 brings the count past 8 388 608.
        XCTAssertEqual(
            run.errorLines,
            [
                "error: \(path):\(header.count + 1 + 40_000 + 209): the frames so far hold 8400000 ops; "
                    + "a lock holds at most 8388608 in all"
            ])
    }

    /// git's autocrlf turns a lock's line ends into CR LF: "lock format '2<the whole file>' is
    /// newer than this flipbook". The lock reads as the same lock.
    func testALockWithWindowsLineEndsVerifies() throws {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (path, lines) = try makeLock(in: scratch)
        try write(lines, to: path, lineEnd: "\r\n")
        let run = try runFlipbook(["verify", path])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr.prefix(800))
        XCTAssertTrue(run.stdout.hasPrefix("\(path): push: all 8 frames match"), run.stdout)
    }

    /// An error quotes at most a short excerpt of the line it names, never the file.
    func testErrorsQuoteAnExcerptNotTheFile() throws {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = scratch.appendingPathComponent("odd.lock").path
        for text in [
            "flipbook-lock 2" + String(repeating: "x", count: 100_000) + "\nframe 0\n",
            "flipbook-lock \u{1b}]0;owned\u{07}" + String(repeating: "y", count: 100_000) + "\n",
            "flipbook-lock 2\nname: push\n" + String(repeating: "z", count: 100_000) + "\n"
        ] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let run = try runFlipbook(["verify", path])
            XCTAssertEqual(run.status, 2, run.stderr.prefix(300) + "")
            XCTAssertEqual(run.errorLines.count, 1, run.stderr.prefix(300) + "")
            XCTAssertLessThan(run.stderr.unicodeScalars.count, 300, run.stderr.prefix(300) + "")
            XCTAssertFalse(run.stderr.contains("\u{1b}"), "no control character reaches the terminal")
        }
    }

    /// A frame index of Int.max, a time of NaN, a progress of 1e400 (infinity) all "matched": a
    /// frame line's numbers are checked when read, and a frame's index, time and progress are
    /// compared with the render's.
    func testFrameNumbersAreValidatedAndCompared() throws {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (path, lines) = try makeLock(in: scratch)
        let line = frameLine(3, in: lines)
        let original = lines[line - 1]
        XCTAssertTrue(original.hasPrefix("frame 3 time=0.3 progress="), original)
        for (edited, message) in [
            (
                original.replacingOccurrences(of: "frame 3 ", with: "frame 9223372036854775807 "),
                "frame 9223372036854775807: a frame index is a whole number from 3 to 292799 (after frame 2)"
            ),
            (
                original.replacingOccurrences(of: "frame 3 ", with: "frame 2 "),
                "frame 2: a frame index is a whole number from 3 to 292799 (after frame 2)"
            ),
            (
                original.replacingOccurrences(of: "time=0.3", with: "time=nan"),
                "time=nan: a frame's time is a finite number of seconds from 0 to 1220"
            ),
            (
                original.replacingOccurrences(of: "time=0.3", with: "time=-1"),
                "time=-1: a frame's time is a finite number of seconds from 0 to 1220"
            ),
            (
                original.replacingOccurrences(of: "progress=", with: "progress=1e400 was="),
                "progress=1e400: a frame's progress is a finite number"
            )
        ] {
            var copy = lines
            copy[line - 1] = edited
            try write(copy, to: path)
            let run = try runFlipbook(["verify", path])
            XCTAssertEqual(run.status, 2, "\(edited): \(run.stdout)")
            XCTAssertEqual(run.errorLines, ["error: \(path):\(line): \(message)"], edited)
        }
        // A valid time that is not the render's is a difference.
        var copy = lines
        copy[line - 1] = original.replacingOccurrences(of: "time=0.3", with: "time=0.35")
        try write(copy, to: path)
        let run = try runFlipbook(["verify", path])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("1 of 8 frames differ (first: frame 3)"), run.stdout)
        XCTAssertTrue(run.stdout.contains("time 0.35 → 0.3"), run.stdout)
    }

    /// A lock cut short reported "43 of 0 frames differ": a lock that holds fewer frames than its
    /// header declares, or ends in the middle of a line, is called truncated.
    func testATruncatedLockIsCalledTruncated() throws {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (path, lines) = try makeLock(in: scratch)
        let header = lines.prefix { !$0.hasPrefix("frame ") }
        try write(Array(header), to: path)
        var run = try runFlipbook(["verify", path])
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertEqual(
            run.errorLines, ["error: \(path):\(header.count): the lock holds 0 of the 8 frames its header declares: it is truncated"])

        let three = Array(lines.prefix(frameLine(3, in: lines) - 1))
        try write(three, to: path)
        run = try runFlipbook(["verify", path])
        XCTAssertEqual(
            run.errorLines, ["error: \(path):\(three.count): the lock holds 3 of the 8 frames its header declares: it is truncated"])

        // A whole lock of fewer frames than the render is a difference, and says both counts.
        try write(three.map { $0.hasPrefix("frames: ") ? "frames: 3" : $0 }, to: path)
        run = try runFlipbook(["verify", path])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stdout.hasPrefix(
                "\(path): push: 5 of 8 frames differ (first: frame 3); geometry changed in 0, only pixels in 0; "
                    + "the lock holds 3 frames, the render 8\n"), run.stdout)

        let text = lines.joined(separator: "\n") + "\n"
        try String(text.dropLast(2)).write(toFile: path, atomically: true, encoding: .utf8)
        run = try runFlipbook(["verify", path])
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertEqual(run.errorLines, ["error: \(path):\(lines.count): the lock ends in the middle of a line: it is truncated"])
    }
}
