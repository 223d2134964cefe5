import Foundation
import Synchronization

/// Per-pixel scores of two images computed a band of rows at a time, the bands of a wave on
/// several threads, then handed on in row order on the calling thread: the memory is a few
/// bands' (not a map of the whole image), the time is divided among the cores, and everything
/// summed over the pixels is summed in the same order whatever the thread count — the bands'
/// rows depend on the width only.
enum ScoreBands {
    /// Rows per band for images `width` pixels wide: about 64 K pixels, at least one row.
    static func rows(width: Int) -> Int { max(1, 65_536 / max(1, width)) }

    /// Scores rows `0..<height` band by band: `score(rows)` on up to `threads` threads (a
    /// band's scores, row-major, and whatever else it makes), then `fold(rows, result)` for each
    /// band in order, then `progress(rows done, height)`.
    static func run<Result: Sendable>(
        height: Int, width: Int, threads: Int, progress: ((Int, Int) -> Void)?,
        score: @Sendable (Range<Int>) -> Result, fold: (Range<Int>, Result) -> Void
    ) {
        let bandRows = rows(width: width)
        let bands = stride(from: 0, to: height, by: bandRows).map { $0..<min(height, $0 + bandRows) }
        let wave = max(1, threads)
        var start = 0
        while start < bands.count {
            let batch = Array(bands[start..<min(bands.count, start + wave)])
            // One slot per band of the wave, set from the worker threads; in a `Mutex`, so the
            // compiler checks that every access holds the lock.
            let results = Mutex<[Result?]>(Array(repeating: nil, count: batch.count))
            if batch.count == 1 {
                let value = score(batch[0])
                results.withLock { $0[0] = value }
            } else {
                DispatchQueue.concurrentPerform(iterations: batch.count) { index in
                    let value = score(batch[index])
                    results.withLock { $0[index] = value }
                }
            }
            for (index, band) in batch.enumerated() {
                let value = results.withLock { slots in
                    defer { slots[index] = nil } // a band's scores are freed once folded
                    return slots[index]
                }
                guard let value else { preconditionFailure("band \(index) of the wave was never scored") }
                fold(band, value)
                progress?(band.upperBound, height)
            }
            start += batch.count
        }
    }

    /// The threads a comparison uses by default: one per core.
    static var defaultThreads: Int { ProcessInfo.processInfo.activeProcessorCount }
}

/// The largest scores of a comparison, kept only as many as the 99th percentile needs: of `count`
/// scores, the nearest-rank 99th percentile is the ⌈0.99·count⌉-th smallest, so the
/// (count − rank + 1)-th largest — the 1 % above it and itself. A score no larger than the
/// smallest of those kept cannot change it, so memory is 1 % of the pixels (twice that between
/// two trims), not a score per pixel.
struct LargestScores {
    /// How many of the largest scores decide the percentile.
    let keep: Int
    private var values: [Double] = []
    /// The smallest kept score once the list has been trimmed (nothing at or below it matters).
    private var floor: Double?

    /// Ready for `count` scores (the compared pixels).
    init(count: Int) {
        keep = count - PercentileRank.rank(of: count) + 1
        values.reserveCapacity(min(max(0, 2 * keep), 1 << 20))
    }

    /// Adds a score above 0.
    mutating func add(_ value: Double) {
        if let floor, !(value > floor) { return }
        values.append(value)
        if values.count >= 2 * keep + 4096 { trim() }
    }

    private mutating func trim() {
        values.sort(by: >)
        values.removeLast(values.count - keep)
        floor = values.last
    }

    /// The 99th percentile of the `count` scores when `nonZero` of them are above 0 (added):
    /// 0 when the zeros reach the rank.
    mutating func percentile99(nonZero: Int) -> Double {
        guard keep > 0, nonZero >= keep else { return 0 }
        values.sort(by: >)
        return values[keep - 1]
    }
}

/// The nearest-rank 99th percentile's rank among `count` scores, 1-based: ⌈0.99·count⌉.
enum PercentileRank {
    static func rank(of count: Int) -> Int { (99 * count + 99) / 100 }
}
