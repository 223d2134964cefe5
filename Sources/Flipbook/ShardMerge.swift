import FlipbookCodecs
import FlipbookFiles
import FlipbookOutput
import Foundation

/// Joins the folders of a sharded render (`--shard K/N` or `--frames A-B`) into one output
/// folder, as if the sequence had been rendered in one run (`flipbook merge`).
package enum ShardMerge {
    /// What a merge did.
    package struct Summary: Sendable, Equatable {
        /// The folder that now holds the merged render.
        package var outputDirectory: String
        /// Frames in the sequence (all present now).
        package var frameCount: Int
        /// The preset named in `timeline.json`.
        package var preset: String
        /// Each input folder with the number of frames it gave, in the order given.
        package var framesPerShard: [Int]
    }

    /// Checks that `directories` hold renders of the same timeline (their `timeline.json` files
    /// carry the same fingerprint and are identical) and that together they hold every frame of
    /// the sequence exactly once, with nothing else in them; then copies the frames and
    /// `timeline.json` into `output`, replaced atomically (a failure leaves it as it was). `output`
    /// may be one of the inputs.
    /// `output` may not lie inside a shard (it would spoil it) nor hold one (`OutputOverlap`).
    /// - Throws: `ShardError` naming the folder or file and what is wrong; `FileError.unwritable`
    ///   when `output` cannot be written, or lies inside a shard or holds one.
    package static func merge(_ directories: [String], into output: String) throws -> Summary {
        guard !directories.isEmpty else { throw ShardError.noShards }
        try OutputOverlap.check(
            output: output, isFolder: true, inputs: directories.map { OutputOverlap.Input($0, isFolder: true) },
            allowingSameFolder: true)
        // Only the first folder's timeline is kept; the others are compared with it and dropped.
        var shards: [(directory: String, frames: [Int: String])] = []
        var reference: (directory: String, fingerprint: String, frameCount: Int, preset: String, timeline: [UInt8])?
        for directory in directories {
            let shard = try readShard(directory)
            if let reference {
                guard shard.fingerprint == reference.fingerprint, shard.timeline == reference.timeline else {
                    throw ShardError.differentTimeline(
                        directory: directory, fingerprint: shard.fingerprint,
                        reference: reference.directory, referenceFingerprint: reference.fingerprint)
                }
            } else {
                reference = (directory, shard.fingerprint, shard.frameCount, shard.preset, shard.timeline)
            }
            shards.append((directory, shard.frames))
        }
        let whole = reference!
        var owner: [Int: String] = [:]
        for shard in shards {
            for index in shard.frames.keys.sorted() {
                guard index < whole.frameCount else {
                    throw ShardError.frameOutOfRange(directory: shard.directory, name: shard.frames[index]!, frameCount: whole.frameCount)
                }
                if let first = owner[index] {
                    throw ShardError.duplicateFrame(index: index, first: first, second: shard.directory)
                }
                owner[index] = shard.directory
            }
        }
        let missing = (0..<whole.frameCount).filter { owner[$0] == nil }
        guard missing.isEmpty else { throw ShardError.missingFrames(ranges: ranges(missing), frameCount: whole.frameCount) }

        try OutputDirectory.replace(output, keeping: RenderOutputNames.isRenderOutput, ownedIf: RenderOutputNames.isFlipbookFolder) {
            temporary in
            func write(_ bytes: [UInt8], named name: String) throws {
                try OutputFile.create(bytes, at: temporary + "/" + name, reportingAs: (output as NSString).appendingPathComponent(name))
            }
            // First: it marks the folder as flipbook's (see RenderOutputNames.isFlipbookFolder).
            try write([UInt8](whole.timeline), named: RenderOutputNames.timeline)
            for shard in shards {
                for (_, name) in shard.frames {
                    try write(try readFrame((shard.directory as NSString).appendingPathComponent(name)), named: name)
                }
            }
        }
        return Summary(
            outputDirectory: output, frameCount: whole.frameCount, preset: whole.preset,
            framesPerShard: shards.map(\.frames.count))
    }

    /// The most frames a render makes, so the most a shard's `timeline.json` may claim
    /// (`TimelineFile.maximumFrameCount`, 292 800; docs/LIMITS.md, "Rendering"). A timeline
    /// claiming 10¹² frames must not make the merge list 10¹² missing indices.
    package static let maximumFrameCount = TimelineFile.maximumFrameCount

    /// The largest `timeline.json` read: `TimelineFile.maximumBytes`, 96 MiB.
    package static let maximumTimelineBytes = TimelineFile.maximumBytes

    /// The largest frame file copied: 256 MiB (`InputFile.defaultMaximumBytes`), more than the
    /// largest frame (8000 × 8000 RGBA, 244 MiB before compression) with PNG's overhead.
    package static let maximumFrameBytes = InputFile.defaultMaximumBytes

    /// The bytes of a frame file of a render folder, to copy elsewhere (`merge`, `review`): a
    /// regular file of its own, at most `maximumFrameBytes`, starting with the PNG signature and whole
    /// (its chunks' lengths and CRC-32s, `IHDR` first, `IEND` last; `PNGFileCheck`). A
    /// symbolic or hard link could bring in any file the user can read (a "frame" that is a
    /// private key) and copy it into the output, so it is refused (`InputFile.readOwnFile`).
    /// - Throws: `ShardError.unreadable` naming `path`.
    package static func readFrame(_ path: String) throws -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.readOwnFile(path, maximumBytes: maximumFrameBytes)
        } catch let error as FileError {
            throw ShardError.unreadable(path: path, reason: error.reason)
        }
        guard bytes.starts(with: PNGFileCheck.signature) else {
            throw ShardError.unreadable(path: path, reason: "it is not a PNG file (no PNG signature), so not a frame flipbook wrote")
        }
        // Whole: a frame cut short (a copy killed halfway) or damaged must not pass.
        if let problem = PNGFileCheck.problem(in: bytes) {
            throw ShardError.unreadable(path: path, reason: "not a whole PNG file: \(problem)")
        }
        return bytes
    }

    /// A shard folder's timeline (bytes, fingerprint, frame count, preset) and its frames by index.
    private static func readShard(_ directory: String) throws
        -> (timeline: [UInt8], fingerprint: String, frameCount: Int, preset: String, frames: [Int: String])
    {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ShardError.notAShard(directory: directory, reason: "no such folder")
        }
        let timelinePath = (directory as NSString).appendingPathComponent("timeline.json")
        let timeline: [UInt8]
        do {
            timeline = try InputFile.readOwnFile(timelinePath, maximumBytes: maximumTimelineBytes)
        } catch let error as FileError {
            let reason =
                FileManager.default.fileExists(atPath: timelinePath)
                ? "its timeline.json cannot be read (\(error.reason))" : "it has no timeline.json"
            throw ShardError.notAShard(directory: directory, reason: reason)
        }
        // Every number in it is checked: the merge copies it into its output as it is.
        let file: TimelineFile
        do {
            file = try TimelineFile(bytes: timeline, path: timelinePath)
        } catch let error as TimelineFileError {
            throw ShardError.notAShard(directory: directory, reason: "timeline.json: " + error.reason)
        }
        guard let preset = file.preset, let frameCount = file.declaredFrameCount else {
            throw ShardError.notAShard(directory: directory, reason: "timeline.json is not a flipbook timeline (no preset or frameCount)")
        }
        guard let fingerprint = file.fingerprint else {
            throw ShardError.notAShard(
                directory: directory, reason: "timeline.json has no fingerprint (rendered by an older flipbook? render it again)")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw ShardError.unreadable(path: directory, reason: "cannot list it (\(error.localizedDescription))")
        }
        var frames: [Int: String] = [:]
        for name in names.sorted() where name != "timeline.json" {
            guard RenderOutputNames.isRenderOutput(name), let index = Int(name.dropFirst("frame_".count).dropLast(".png".count)) else {
                throw ShardError.foreignFile(directory: directory, name: name)
            }
            guard name == RenderOutputNames.frameFileName(index: index, frameCount: frameCount) else {
                throw ShardError.frameOutOfRange(directory: directory, name: name, frameCount: frameCount)
            }
            frames[index] = name
        }
        return (timeline, fingerprint, frameCount, preset, frames)
    }

    /// "3-5, 9" style ranges of sorted indices.
    static func ranges(_ indices: [Int]) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for index in indices {
            if let last = result.last, last.upperBound + 1 == index {
                result[result.count - 1] = last.lowerBound...index
            } else {
                result.append(index...index)
            }
        }
        return result
    }
}
