/// One of N contiguous parts of a sequence's frames, for rendering on several machines
/// (`flipbook render --shard K/N`, then `flipbook merge`).
///
/// Shard `index` is 1-based (`1/4` … `4/4`, as Playwright and Jest number shards). The frames are
/// split in order into `count` ranges whose sizes differ by at most one, the larger ones first:
/// 43 frames in 4 shards are 0-10, 11-21, 22-32, 33-42. A shard past the last frame (5 shards of
/// 4 frames) is empty: it renders no frame and writes only `timeline.json`.
package struct FrameShard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based position, 1…count.
    package var index: Int
    /// Number of shards, at least 1.
    package var count: Int

    /// The most shards: more would only make empty ones.
    package static let maximumCount = 10_000

    /// Shard `index` of `count`. Precondition: 1 ≤ index ≤ count ≤ `maximumCount`.
    package init(index: Int, count: Int) {
        precondition((1...FrameShard.maximumCount).contains(count) && (1...count).contains(index), "shard \(index)/\(count)")
        self.index = index
        self.count = count
    }

    /// Parses `K/N` (1 ≤ K ≤ N ≤ 10 000); nil for anything else.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let index = Int(parts[0]), let count = Int(parts[1]),
            (1...FrameShard.maximumCount).contains(count), (1...count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    /// "2/4".
    package var description: String { "\(index)/\(count)" }

    /// This shard's frames of a sequence of `frameCount` frames; nil when the shard is empty.
    package func frames(ofSequence frameCount: Int) -> ClosedRange<Int>? {
        precondition(frameCount >= 0)
        let base = frameCount / count, extra = frameCount % count
        let position = index - 1
        let lower = position * base + min(position, extra)
        let size = base + (position < extra ? 1 : 0)
        return size == 0 ? nil : lower...(lower + size - 1)
    }

    /// Every shard of `count` with its frames (nil when empty), in order.
    package static func all(count: Int, frameCount: Int) -> [(shard: FrameShard, frames: ClosedRange<Int>?)] {
        (1...count).map { index in
            let shard = FrameShard(index: index, count: count)
            return (shard, shard.frames(ofSequence: frameCount))
        }
    }
}
