import FlipbookRaster
import FlipbookTestSupport
import Synchronization
import XCTest

@testable import FlipbookImageDiff

/// Perceptual scores of large images cost a few bands and the largest 1 % of the scores, not a
/// score (or several filter values) per pixel, and the same whatever the thread count: FLIP on
/// two 100-megapixel PNGs held 8.7 GB after a minute; ΔE kept a score per differing pixel and
/// the L*a*b* of every colour it met.
final class ScoreMemoryTests: XCTestCase {
    /// The 99th percentile from the largest scores equals the one from sorting every score
    /// (nearest rank, zeros first), for counts around the rank's steps and many zeros.
    func testTheLargestScoresGiveTheSortedPercentile() {
        var random = SplitMix(seed: 99)
        for count in [1, 2, 99, 100, 101, 199, 200, 1000, 12_345] {
            for zeroShare in [0.0, 0.5, 0.985, 0.995, 1.0] {
                let scores = (0..<count).map { _ in random.unit() < zeroShare ? 0 : Double(1 + random.next() % 50) / 7 }
                let sorted = scores.sorted()
                let expected = sorted[(99 * count + 99) / 100 - 1]
                var largest = LargestScores(count: count)
                for score in scores where score > 0 { largest.add(score) }
                XCTAssertEqual(
                    largest.percentile99(nonZero: scores.filter { $0 > 0 }.count), expected, "\(count) scores, \(zeroShare) zeros")
            }
        }
    }

    /// Bands are fixed by the width: one thread or three give the same scores and heat maps,
    /// and progress counts rows to the last.
    func testScoresDoNotDependOnTheThreadCount() {
        let reference = gradientImage(width: 120, height: 200)
        var actual = reference
        for i in stride(from: 0, to: actual.pixels.count, by: 37) { actual.pixels[i] = packed(UInt32(i % 256), 40, 200, 255) }
        let one = PerceptualComparison.compareWithHeatMap(reference, actual, threads: 1)
        let three = PerceptualComparison.compareWithHeatMap(reference, actual, threads: 3)
        XCTAssertEqual(one.comparison, three.comparison)
        XCTAssertTrue(one.heatMap == three.heatMap)
        let rows = RowLog()
        let flipOne = FLIPComparison.compareWithHeatMap(reference, actual, threads: 1, progress: { done, total in rows.add(done, total) })
        let flipThree = FLIPComparison.compareWithHeatMap(reference, actual, threads: 3)
        XCTAssertEqual(flipOne.comparison, flipThree.comparison)
        XCTAssertTrue(flipOne.heatMap == flipThree.heatMap)
        XCTAssertEqual(rows.last?.done, 200)
        XCTAssertEqual(rows.last?.total, 200)
        XCTAssertEqual(rows.values.map(\.done), rows.values.map(\.done).sorted())
    }

    /// FLIP of two 1000 × 400 images with a differing pixel in every fourth row scores the
    /// pixels around each: before, every row's filters were kept for the whole image, 80 bytes
    /// a pixel an image (64 MB here, 16 GB for 100 megapixels).
    func testFLIPHoldsAFewBandsNotTheWholeImagesFilters() throws {
        let reference = solidImage(width: 1000, height: 400, packed(200, 200, 200, 255))
        var actual = reference
        for row in stride(from: 0, to: 400, by: 4) { actual.pixels[row * 1000 + (row * 7) % 1000] = packed(20, 40, 60, 255) }
        var scores: FLIPComparison?
        let growth = try XCTUnwrap(peakMemoryGrowth { scores = FLIPComparison.compare(reference, actual) }, "no /proc/self/clear_refs")
        XCTAssertGreaterThan(scores?.differingPixels ?? 0, 100)
        XCTAssertLessThan(growth, 24 << 20, "the peak rose by \(growth) bytes")
    }

    /// ΔE of two 720 × 720 images whose pixels all differ and all have their own colour keeps
    /// the largest 1 % of the scores and small tables of recent colours: before, a score per
    /// pixel and the L*a*b* of all 1 036 800 colours (about 50 MB here).
    func testDeltaEHoldsTheLargestScoresNotOnePerPixel() throws {
        func image(_ shift: UInt32) -> PremultipliedImage {
            var pixels: [UInt32] = []
            for y in 0..<720 {
                for x in 0..<720 {
                    pixels.append(packed(UInt32(x & 255), UInt32(y & 255), (UInt32(x >> 8) | UInt32(y >> 8) << 2) + shift, 255))
                }
            }
            return PremultipliedImage(width: 720, height: 720, pixels: pixels)
        }
        let reference = image(0), actual = image(16)
        var scores: PerceptualComparison?
        let growth = try XCTUnwrap(
            peakMemoryGrowth { scores = PerceptualComparison.compare(reference, actual) }, "no /proc/self/clear_refs")
        XCTAssertEqual(scores?.differingPixels, 720 * 720)
        XCTAssertLessThan(growth, 16 << 20, "the peak rose by \(growth) bytes")
    }
}

/// Progress calls, recorded from any thread; in a `Mutex`, so the compiler checks that every
/// access holds the lock.
final class RowLog: Sendable {
    private let log = Mutex<[(done: Int, total: Int)]>([])
    var values: [(done: Int, total: Int)] { log.withLock { $0 } }
    func add(_ done: Int, _ total: Int) { log.withLock { $0.append((done, total)) } }
    var last: (done: Int, total: Int)? { log.withLock { $0.last } }
}
