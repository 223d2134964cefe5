import Foundation

/// Why shards cannot be merged or fingerprinted; each names the folder or file.
package enum ShardError: Error, CustomStringConvertible, Equatable {
    /// `flipbook merge` without a folder.
    case noShards
    /// The folder is not the output of a render.
    case notAShard(directory: String, reason: String)
    /// The folder's timeline.json differs from the first folder's.
    case differentTimeline(directory: String, fingerprint: String, reference: String, referenceFingerprint: String)
    /// A file that a render does not write.
    case foreignFile(directory: String, name: String)
    /// A frame file whose index is past the sequence, or whose name is not the sequence's spelling.
    case frameOutOfRange(directory: String, name: String, frameCount: Int)
    /// Two folders hold the same frame.
    case duplicateFrame(index: Int, first: String, second: String)
    /// No folder holds these frames.
    case missingFrames(ranges: [ClosedRange<Int>], frameCount: Int)
    /// A file could not be read.
    case unreadable(path: String, reason: String)

    /// A one-line explanation.
    package var description: String {
        switch self {
        case .noShards:
            return "name the shard folders to merge"
        case let .notAShard(directory, reason):
            return "\(directory): not a flipbook render: \(reason)"
        case let .differentTimeline(directory, fingerprint, reference, referenceFingerprint):
            return "\(directory): belongs to another timeline than \(reference) (fingerprint \(fingerprint), not \(referenceFingerprint)): "
                + "the preset, an option, an input file or the flipbook version differs"
        case let .foreignFile(directory, name):
            return "\(directory): holds '\(name)', which is not a frame or timeline.json"
        case let .frameOutOfRange(directory, name, count):
            return "\(directory): '\(name)' is not a frame of this \(count)-frame sequence "
                + "(\(RenderOutputNames.frameFileName(index: 0, frameCount: count)) … \(RenderOutputNames.frameFileName(index: count - 1, frameCount: count)))"
        case let .duplicateFrame(index, first, second):
            return "frame \(index) is in both \(first) and \(second): shards must not overlap"
        case let .missingFrames(ranges, count):
            let text = ranges.prefix(5).map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(
                separator: ", ")
            let missing = ranges.reduce(0) { $0 + $1.count }
            return "\(missing) of \(count) frames are missing (\(text)\(ranges.count > 5 ? ", …" : "")): is a shard's folder left out?"
        case let .unreadable(path, reason):
            return "\(path): \(reason)"
        }
    }
}

extension ShardError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    package var errorDescription: String? { description }
}
