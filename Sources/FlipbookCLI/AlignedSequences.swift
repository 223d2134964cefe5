import Flipbook
import FlipbookSupport

/// The sequences of a review on their common time axis (`CommonTimeAxis`): per page position
/// each side's frame (held after the side ends), both sides' timing facts, their curves, and the
/// words that say how their lengths differ.
struct AlignedSequences {
    let axis: CommonTimeAxis
    /// Per side, per page position, the file of the frame it shows (empty for a side given
    /// without files: a lock, drawn by the caller).
    let paths: [[String]]
    /// Per page position: the frame as the page shows it (its index is the position's frame
    /// when every side has its own frame there, else the position on the axis).
    let frames: [ReviewPage.Frame]
    /// The sides' facts merged: a value both share once, one that differs as `A → B`.
    let facts: [(String, String)]
    /// Each side's timing curve, with two sides; empty with one.
    let curves: [ReviewPageData.Curve]
    /// Per side: its frame count and its last frame's time in seconds.
    let lengths: [(frames: Int, endSeconds: Double)]

    init(_ sequences: [RenderedSequence], labels: [String]) {
        let times = sequences.map { $0.frames.map(\.timeSeconds) }
        let axis = CommonTimeAxis(frameTimes: times)
        self.axis = axis
        paths = sequences.indices.map { side in sequences[side].paths.isEmpty ? [] : axis.shown[side].map { sequences[side].paths[$0] } }
        lengths = sequences.map { ($0.frames.count, $0.frames.last!.timeSeconds) }
        if axis.isEveryFrameOwn {
            frames = sequences[0].frames
        } else {
            frames = axis.timesSeconds.indices.map { position in
                let reference = sequences[0].frames[axis.shown[0][position]]
                var frame = ReviewPage.Frame(
                    index: position, timeSeconds: axis.timesSeconds[position], progress: reference.progress,
                    phase: reference.phase)
                frame.sideFrames = sequences.indices.map { side in
                    (
                        sequences[side].frames[axis.shown[side][position]].index,
                        axis.isHeld(side: side, position: position, frameTimes: times)
                    )
                }
                return frame
            }
        }
        curves =
            sequences.count < 2
            ? []
            : sequences.indices.map { side in
                ReviewPageData.Curve(
                    label: labels[side], points: sequences[side].frames.map { ($0.timeSeconds, $0.progress) },
                    endPosition: axis.endPosition(side: side))
            }
        facts = Self.merged(sequences.map(\.facts), frameCounts: sequences.map(\.frames.count))
    }

    /// The facts of every side, in the first side's order, then keys only later sides have; a
    /// value the sides share is shown once, values that differ as `A → B` (`–` where a side has
    /// none). With two sides or more, `frames` comes first.
    static func merged(_ sides: [[(String, String)]], frameCounts: [Int]) -> [(String, String)] {
        guard sides.count > 1 else { return sides.first ?? [] }
        var keys: [String] = []
        for side in sides { for (key, _) in side where !keys.contains(key) { keys.append(key) } }
        func shown(_ values: [String]) -> String { Set(values).count == 1 ? values[0] : values.joined(separator: " → ") }
        return [("frames", shown(frameCounts.map(String.init)))]
            + keys.map { key in
                (key, shown(sides.map { side in side.first { $0.0 == key }?.1 ?? "–" }))
            }
    }

    /// How the two sides' lengths differ, in words (no input's text: the sides are named by
    /// their roles); nil when they have the same frame times.
    var lengthsSentence: String? {
        guard !axis.isEveryFrameOwn, lengths.count == 2 else { return nil }
        func side(_ number: Int) -> String {
            "\(lengths[number].frames) frame\(lengths[number].frames == 1 ? "" : "s") ending at "
                + lengths[number].endSeconds.factText + " s"
        }
        let hold = lengths[0].endSeconds == lengths[1].endSeconds ? "" : ", the shorter one holding its last frame"
        return "the reference has \(side(0)), the actual \(side(1)); compared on a common time axis of \(axis.count) frames, "
            + "each side showing its latest frame at each time" + hold
    }

    /// The line `review` prints: how many of the page's frames differ, and the lengths when
    /// they differ.
    func headline(differing: [ReviewPage.Frame]) -> String {
        let count = frames.count
        guard let lengths = lengthsSentence else {
            return differing.first.map { "\(differing.count) of \(count) frames differ; first differing frame \($0.index)" }
                ?? "all \(count) frames identical"
        }
        return differing.first.map { "\(differing.count) of \(count) frames differ; first differing frame \($0.index) (\(lengths))" }
            ?? "the frames are identical where both have one, but the lengths differ (\(lengths))"
    }

    /// A frame's cell in the summary's table: its index, and the frame of each side that shows
    /// another (`21 (actual 18 held)`).
    static func frameCell(_ frame: ReviewPage.Frame) -> String {
        guard let sides = frame.sideFrames, sides.count == 2 else { return "\(frame.index)" }
        let other = zip(["reference", "actual"], sides).filter { $1.held || $1.index != frame.index }
        guard !other.isEmpty else { return "\(frame.index)" }
        return "\(frame.index) (" + other.map { "\($0) \($1.index)" + ($1.held ? " held" : "") }.joined(separator: ", ") + ")"
    }
}
