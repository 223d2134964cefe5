import FlipbookCodecs
import FlipbookModel

/// What the frames of a whole sequence draw of each image file, gathered in one pass over their
/// display lists as `RenderJob.init` makes them (none is kept: memory does not grow with the
/// sequence but for a few numbers per file).
struct SequenceImages: Sendable {
    /// Every source drawn, in order of first use (frame order, then op order).
    private(set) var sources: [String] = []
    /// The frames drawing each source: ascending, disjoint runs of frame indices.
    private var frames: [String: [Range<Int>]] = [:]
    /// The largest size each source is drawn at, over every frame, for sources whose header was known.
    private(set) var largestSizes: [String: (width: Int, height: Int)] = [:]

    /// Adds the images `list` (frame `list.frameIndex`, frames added in ascending order) draws.
    /// `header(source)` is asked once per source, at its first use: the file's header, or nil
    /// when it is not known (then no size is kept for it).
    mutating func add(_ list: DisplayList, header: (String) throws -> ImageHeader?) rethrows {
        let frame = list.frameIndex
        for source in DisplayList.imageSources(in: list.ops) {
            if var runs = frames[source] {
                if runs[runs.count - 1].upperBound == frame {
                    runs[runs.count - 1] = runs[runs.count - 1].lowerBound..<(frame + 1)
                } else if runs[runs.count - 1].upperBound < frame {
                    runs.append(frame..<(frame + 1))
                }
                frames[source] = runs
            } else {
                frames[source] = [frame..<(frame + 1)]
                sources.append(source)
                if let known = try header(source) { imageSizes[source] = (known.width, known.height) }
            }
        }
        RenderJob.addLargestDrawnSizes(in: list, imageSizes: imageSizes, to: &largestSizes)
    }

    /// The sources drawn by at least one frame whose index is in `indices`.
    func sources(drawnIn indices: Range<Int>) -> Set<String> {
        Set(frames.compactMap { source, runs in runs.contains { $0.overlaps(indices) } ? source : nil })
    }

    /// Upright sizes of the sources with a known header (what `largestDrawnSizes` lays images out with).
    private var imageSizes: [String: (width: Int, height: Int)] = [:]
}
