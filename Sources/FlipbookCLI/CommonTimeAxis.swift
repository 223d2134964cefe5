/// Two or more sequences of frames on one time axis, as `flipbook review` compares a reference
/// and an actual render whose durations (or frame rates) differ: the axis holds every time at
/// which some sequence has a frame, and at each a sequence shows its latest frame at or before
/// that time — after its last frame it holds the last, before its first it shows the first.
/// Sequences with the same frame times give the axis those times, one position per frame.
struct CommonTimeAxis: Equatable {
    /// Times closer than this are one moment on the axis: frame times are written to
    /// `timeline.json` in their shortest round-trip form, so equal frame rates give equal times,
    /// and a nanosecond is far below any frame interval (at most 240 fps, 4 ms).
    static let toleranceSeconds = 1e-9

    /// The axis's times in seconds, increasing.
    var timesSeconds: [Double]
    /// Per sequence, per axis position, the position (0-based) of the frame it shows.
    var shown: [[Int]]

    /// The axis of sequences whose frames are at `frameTimes` (per sequence, in seconds,
    /// non-decreasing, at least one frame each).
    init(frameTimes: [[Double]]) {
        precondition(frameTimes.allSatisfy { !$0.isEmpty }, "every sequence has a frame")
        // Sequences with the same frame times (one sequence too) keep their frames one to one,
        // even where two frames share a time.
        if frameTimes.allSatisfy({ $0 == frameTimes[0] }) {
            timesSeconds = frameTimes[0]
            shown = frameTimes.map { Array($0.indices) }
            return
        }
        var cursors = [Int](repeating: 0, count: frameTimes.count)
        var times: [Double] = []
        var shown = [[Int]](repeating: [], count: frameTimes.count)
        while true {
            // The earliest frame no sequence has reached yet.
            let next = frameTimes.indices.compactMap { side in
                cursors[side] < frameTimes[side].count ? frameTimes[side][cursors[side]] : nil
            }.min()
            guard let time = next else { break }
            for side in frameTimes.indices {
                while cursors[side] < frameTimes[side].count, frameTimes[side][cursors[side]] <= time + Self.toleranceSeconds {
                    cursors[side] += 1
                }
                shown[side].append(max(0, cursors[side] - 1))
            }
            times.append(time)
        }
        timesSeconds = times
        self.shown = shown
    }

    /// How many positions the axis has.
    var count: Int { timesSeconds.count }

    /// True when every sequence has exactly one frame per position (the same frame times).
    var isEveryFrameOwn: Bool {
        shown.allSatisfy { $0 == Array(0..<count) }
    }

    /// True when sequence `side` shows a frame of another time at `position`: its last frame held
    /// after it ended, its first before it began, or a slower sequence's frame between two of a
    /// faster one's.
    func isHeld(side: Int, position: Int, frameTimes: [[Double]]) -> Bool {
        abs(frameTimes[side][shown[side][position]] - timesSeconds[position]) > Self.toleranceSeconds
    }

    /// The axis position at which sequence `side` shows its last frame for the first time.
    func endPosition(side: Int) -> Int {
        let last = shown[side].last ?? 0
        return shown[side].firstIndex(of: last) ?? 0
    }
}
