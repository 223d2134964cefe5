import Foundation
import FlipbookFiles
import FlipbookModel
import FlipbookScenes
import FlipbookFormats
import FlipbookRender
import FlipbookOutput

/// One of N contiguous parts of a sequence's frames, for rendering on several machines
/// (`flipbook render --shard K/N`, then `flipbook merge`).
///
/// Shard `index` is 1-based (`1/4` … `4/4`, as Playwright and Jest number shards). The frames are
/// split in order into `count` ranges whose sizes differ by at most one, the larger ones first:
/// 43 frames in 4 shards are 0-10, 11-21, 22-32, 33-42. A shard past the last frame (5 shards of
/// 4 frames) is empty: it renders no frame and writes only `timeline.json`.
package struct FrameShard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based position, 1…count.
    public var index: Int
    /// Number of shards, at least 1.
    public var count: Int

    /// The most shards: more would only make empty ones.
    public static let maximumCount = 10_000

    /// Shard `index` of `count`. Precondition: 1 ≤ index ≤ count ≤ `maximumCount`.
    public init(index: Int, count: Int) {
        precondition((1...FrameShard.maximumCount).contains(count) && (1...count).contains(index), "shard \(index)/\(count)")
        self.index = index
        self.count = count
    }

    /// Parses `K/N` (1 ≤ K ≤ N ≤ 10 000); nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let index = Int(parts[0]), let count = Int(parts[1]),
              (1...FrameShard.maximumCount).contains(count), (1...count).contains(index) else { return nil }
        self.init(index: index, count: count)
    }

    /// "2/4".
    public var description: String { "\(index)/\(count)" }

    /// This shard's frames of a sequence of `frameCount` frames; nil when the shard is empty.
    public func frames(ofSequence frameCount: Int) -> ClosedRange<Int>? {
        precondition(frameCount >= 0)
        let base = frameCount / count, extra = frameCount % count
        let position = index - 1
        let lower = position * base + min(position, extra)
        let size = base + (position < extra ? 1 : 0)
        return size == 0 ? nil : lower...(lower + size - 1)
    }

    /// Every shard of `count` with its frames (nil when empty), in order.
    public static func all(count: Int, frameCount: Int) -> [(shard: FrameShard, frames: ClosedRange<Int>?)] {
        (1...count).map { index in
            let shard = FrameShard(index: index, count: count)
            return (shard, shard.frames(ofSequence: frameCount))
        }
    }
}

extension RenderJob {
    /// A digest of everything that decides the pixels of the whole sequence, recorded in
    /// `timeline.json` so `flipbook merge` can tell shards of one timeline from shards of another.
    ///
    /// It covers the preset, the frame count and every frame's time and progress, the timing's
    /// parameters, the device, the PNG options, each frame's display list (so the manifest's
    /// layout, the scene options and the text), the bytes of every image file drawn (in order of
    /// first use) and of the font file. It leaves out what does not change the pixels: worker
    /// threads, the frame range, and where the files are (shards rendered in different folders
    /// or on different machines match). 16 hex digits of a 64-bit FNV-style digest (`FingerprintDigest`): it
    /// detects mistakes, it is not a security measure.
    /// - Throws: `ShardError.unreadable` when an input file cannot be read.
    package func fingerprint() throws -> String {
        var hash = FingerprintDigest()
        hash.add("flipbook-timeline-1\n")
        hash.add(TimelineJSON.render(timeline: timeline, frames: sequence, followUpSeconds: followUpSeconds,
                                     preset: transition.name, device: device, interaction: interaction, paging: paging, fingerprint: nil))
        hash.add("\(settings.pngOptions)\n")
        // In order of first use over the sequence (found as the job was made).
        let sources = sequenceImages.sources
        // Display lists name files by path; put a position in their place, the bytes below.
        // (Renamed in the ops, not by replacing text in the JSON: 43 lists × 14 paths of string
        // replacement took ~0.1 s, a tenth of a whole push job.) One list at a time, none kept.
        let placeholders = Dictionary(uniqueKeysWithValues: sources.enumerated().map { ($1, "#\($0)") })
        for sample in sequence {
            var list = keptOrNewDisplayList(frame: sample)
            list.ops = list.ops.map { RenderJob.renamingSources($0, placeholders) }
            hash.add(list.json)
        }
        for (position, source) in sources.enumerated() {
            hash.add("#\(position)\n")
            try hash.add(contentsOf: source, maximumBytes: settings.maxFileBytes)
        }
        hash.add("font \(font.familyName) \(font.styleName)\n")
        try hash.add(contentsOf: font.path)
        return hash.hex
    }

    /// `op` with each image source replaced by its entry in `names` (sources without one kept).
    static func renamingSources(_ op: DisplayOp, _ names: [String: String]) -> DisplayOp {
        DisplayList.mappingImageSources([op]) { names[$0] ?? $0 }[0]
    }

    /// Writes only `timeline.json` into `directory` (replaced atomically): the output of an empty
    /// shard, so a merge sees which timeline it belongs to.
    package func writeTimelineOnly(to directory: String) throws {
        let json = try timelineJSON()
        try OutputDirectory.replace(directory, keeping: RenderOutputNames.isRenderOutput, ownedIf: RenderOutputNames.isFlipbookFolder) { temporary in
            try OutputFile.create(Array(json.utf8), at: temporary + "/" + RenderOutputNames.timeline,
                                  reportingAs: (directory as NSString).appendingPathComponent(RenderOutputNames.timeline))
        }
    }

    /// The `timeline.json` of the whole sequence, with the fingerprint.
    func timelineJSON() throws -> String {
        TimelineJSON.render(timeline: timeline, frames: sequence, followUpSeconds: followUpSeconds,
                            preset: transition.name, device: device, interaction: interaction, paging: paging, fingerprint: try fingerprint())
    }
}

/// A 64-bit digest for fingerprints: FNV-1a's constants applied to 8-byte little-endian words,
/// with an xor-shift after each multiply so high bits reach the low ones (8 times fewer steps
/// than byte-wise FNV-1a, which matters in debug builds). Deterministic on every machine; it
/// detects mistakes, it is not cryptographic.
struct FingerprintDigest {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            value = (value ^ word) &* FingerprintDigest.prime
            value ^= value >> 29
            index += 8
        }
        while index < bytes.count {
            value = (value ^ UInt64(bytes[index])) &* FingerprintDigest.prime
            index += 1
        }
        // The length, so "ab" + "c" and "a" + "bc" differ.
        value = (value ^ UInt64(bytes.count)) &* FingerprintDigest.prime
    }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    /// Adds a file's bytes, read in 1 MiB pieces (`InputFile`: a regular file within the size limit).
    mutating func add(contentsOf path: String, maximumBytes: Int = InputFile.defaultMaximumBytes) throws {
        do {
            try InputFile.read(path, maximumBytes: maximumBytes) { add($0) }
        } catch let error as FileError {
            throw ShardError.unreadable(path: path, reason: "cannot read it to fingerprint the timeline (\(error.reason))")
        }
    }

    /// 16 lowercase hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
