import Foundation
import FlipbookScene

/// One of N contiguous parts of a sequence's frames, for rendering on several machines
/// (`flipbook render --shard K/N`, then `flipbook merge`).
///
/// Shard `index` is 1-based (`1/4` … `4/4`, as Playwright and Jest number shards). The frames are
/// split in order into `count` ranges whose sizes differ by at most one, the larger ones first:
/// 43 frames in 4 shards are 0-10, 11-21, 22-32, 33-42. A shard past the last frame (5 shards of
/// 4 frames) is empty: it renders no frame and writes only `timeline.json`.
public struct FrameShard: Sendable, Hashable, CustomStringConvertible {
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
    /// or on different machines match). 16 hex digits of 64-bit FNV-1a: it detects mistakes,
    /// it is not a security measure.
    /// - Throws: `ShardError.unreadable` when an input file cannot be read.
    public func fingerprint() throws -> String {
        var hash = FNV1a()
        hash.add("flipbook-timeline-1\n")
        hash.add(TimelineJSON.render(timeline: timeline, frames: sequence, followUpSeconds: transition.followUpSeconds,
                                     preset: settings.preset.rawValue, device: settings.scene.device, fingerprint: nil))
        hash.add("\(settings.pngOptions)\n")
        let lists = sequence.map { displayList(frame: $0) }
        var sources: [String] = []
        func collect(_ ops: [DisplayOp]) {
            for op in ops {
                switch op {
                case let .image(source, _, _, _, _): if !sources.contains(source) { sources.append(source) }
                case let .group(_, children): collect(children)
                case .fill, .text: break
                }
            }
        }
        lists.forEach { collect($0.ops) }
        // Display lists name files by path; put a position in their place, the bytes below.
        let placeholders = sources.enumerated().map { (JSON.string($1), JSON.string("#\($0)")) }
        for list in lists {
            var json = list.json
            for (path, placeholder) in placeholders { json = json.replacingOccurrences(of: path, with: placeholder) }
            hash.add(json)
        }
        for (position, source) in sources.enumerated() {
            hash.add("#\(position)\n")
            try hash.add(contentsOf: source)
        }
        hash.add("font \(font.familyName) \(font.styleName)\n")
        try hash.add(contentsOf: font.path)
        return hash.hex
    }

    /// Writes only `timeline.json` into `directory` (replaced atomically): the output of an empty
    /// shard, so a merge sees which timeline it belongs to.
    public func writeTimelineOnly(to directory: String) throws {
        let json = try timelineJSON()
        try AtomicDirectory.replace(directory) { temporary in
            try AtomicDirectory.write(Data(json.utf8), to: (temporary as NSString).appendingPathComponent("timeline.json"))
        }
    }

    /// The `timeline.json` of the whole sequence, with the fingerprint.
    func timelineJSON() throws -> String {
        TimelineJSON.render(timeline: timeline, frames: sequence, followUpSeconds: transition.followUpSeconds,
                            preset: settings.preset.rawValue, device: settings.scene.device, fingerprint: try fingerprint())
    }
}

/// 64-bit FNV-1a over bytes, for fingerprints (fast, deterministic, not cryptographic).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    }

    mutating func add(_ text: String) { add(bytes: text.utf8) }

    /// Adds a file's bytes, read in 1 MiB pieces.
    mutating func add(contentsOf path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ShardError.unreadable(path: path, reason: "cannot read it to fingerprint the timeline")
        }
        defer { try? handle.close() }
        while true {
            let chunk = handle.readData(ofLength: 1 << 20)
            if chunk.isEmpty { break }
            chunk.withUnsafeBytes { add(bytes: $0) }
        }
    }

    /// 16 lowercase hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
