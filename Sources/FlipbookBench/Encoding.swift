import Flipbook
import FlipbookCodecs
import FlipbookFormats
import FlipbookModel
import FlipbookRaster
import FlipbookScenes
// PNG encoding benchmarks on real frames: each writer × filter (ms/frame, bytes), and the
// level sweep of the ISA-L and libdeflate writers that picks their defaults (`FlipbookBench png-levels`).
import Foundation

/// The presets and options of scripts/render (every preset, the selections it renders).
let renderPresets: [(TransitionPreset, select: Int, returnIndex: Int?)] = [
    (.push, 3, nil), (.pop, 3, 9), (.zoomPush, 4, nil), (.zoomPop, 4, 10), (.present, 3, nil),
    (.dismiss, 3, 15), (.fadePresent, 6, nil), (.fadeDismiss, 6, nil), (.cardPush, 1, nil), (.cardPop, 1, nil)
]

/// Settings for `preset` as scripts/render renders it (iPhone 8 @2x, 750×1334).
func renderSettings(_ preset: TransitionPreset, select: Int, returnIndex: Int?, threads: Int = 2) -> RenderSettings {
    var settings = RenderSettings(preset: preset)
    settings.scene.selectedIndex = select
    settings.scene.returnIndex = returnIndex
    settings.threads = threads
    return settings
}

/// Thread CPU seconds and total bytes of encoding `frames` once with `options` (one encoder, reused).
func encodeAll(_ frames: [PremultipliedImage], options: PNGEncodeOptions) -> (seconds: Double, bytes: [Int]) {
    let encoder = PNGFrameEncoder(options: options)
    var sizes: [Int] = []
    let start = now()
    for frame in frames { sizes.append(try! encoder.withEncoded(frame) { $0.count }) }
    return (now() - start, sizes)
}

/// Median over `runs` of encoding `frames` (after one warm-up): ms per frame, and the bytes.
func medianEncode(_ frames: [PremultipliedImage], options: PNGEncodeOptions, runs: Int) -> (msPerFrame: Double, bytes: [Int]) {
    var bytes = encodeAll(frames, options: options).bytes
    var times: [Double] = []
    for _ in 0..<runs {
        let result = encodeAll(frames, options: options)
        times.append(result.seconds)
        bytes = result.bytes
    }
    return (times.sorted()[times.count / 2] * 1e3 / Double(frames.count), bytes)
}

/// Encode ms/frame (thread CPU time, one thread) and bytes for libpng and libdeflate at their
/// default levels with each filter, on `frames`.
func encodingBenchmarks(_ frames: [PremultipliedImage], runs: Int = 3) {
    print("encode \(frames.count) push frames, one thread (CPU ms/frame, median of \(runs); KB/frame, mean)")
    // Everything but coding: the flipbook writer's level 0 packs, filters, checksums (Adler-32,
    // CRC-32) and copies the rows as stored blocks; the ISA-L writer without deflate packs,
    // filters and CRCs every filtered byte.
    let storedFlipbook = medianEncode(frames, options: PNGEncodeOptions(writer: .flipbook, compressionLevel: 0), runs: runs)
    report(
        "encode: flipbook level 0 (stored, paeth)", fixed(storedFlipbook.msPerFrame, decimals: 2), "ms/frame",
        "everything but the coding: pack, filter, Adler-32, CRC-32, copy")
    let measuring = PNGFrameEncoder(options: PNGEncodeOptions(writer: .isal))
    var filterTimes: [Double] = []
    for _ in 0...runs {
        let start = now()
        for frame in frames { _ = try! measuring.packFilterAndCRC(frame) }
        filterTimes.append((now() - start) * 1e3 / Double(frames.count))
    }
    report(
        "encode: isal pack + filter + CRC (average)", fixed(median(Array(filterTimes.dropFirst())), decimals: 2),
        "ms/frame", "the isal writer without deflate (the CRC covers all filtered bytes)")
    let defaultEncode = medianEncode(frames, options: .default, runs: runs)
    // Raw RGB bytes of a frame over the time: the encoder's throughput on its input.
    let megabytesPerSecond = Double(3 * frames[0].width * frames[0].height) / (defaultEncode.msPerFrame * 1e-3) / 1e6
    report(
        "encode: default writer (\(PNGEncodeOptions.default.writer.rawValue) L\(PNGEncodeOptions.default.compressionLevel) \(PNGEncodeOptions.default.filter.rawValue))",
        fixed(defaultEncode.msPerFrame, decimals: 2), "ms/frame",
        fixed(megabytesPerSecond, decimals: 0) + " MB/s of raw RGB; target ≥ 500 (one core)")
    let baseline = medianEncode(frames, options: PNGEncodeOptions(writer: .libpng, compressionLevel: 1, filter: .paeth), runs: runs)
    let baselineBytes = baseline.bytes.reduce(0, +)
    // Level 0 stores (no compression): what packing, filtering, CRCs and copying cost alone.
    let stored = medianEncode(frames, options: PNGEncodeOptions(writer: .libdeflate, compressionLevel: 0), runs: runs)
    print(
        pad("encode: libdeflate level 0 (stored) \(PNGEncodeOptions(writer: .libdeflate).filter.rawValue)", 38)
            + pad(fixed(stored.msPerFrame, decimals: 1), 10, left: true) + " ms"
            + pad(fixed(Double(stored.bytes.reduce(0, +)) / Double(frames.count) / 1e3, decimals: 0), 8, left: true) + " KB"
            + "   everything but compressing")
    for writer in PNGWriter.allCases {
        for filter in PNGFilter.allCases {
            let options = PNGEncodeOptions(writer: writer, filter: filter)
            let result =
                options == PNGEncodeOptions(writer: .libpng, compressionLevel: 1, filter: .paeth)
                ? baseline : medianEncode(frames, options: options, runs: runs)
            let total = result.bytes.reduce(0, +)
            let marks =
                (options == .default ? " (default)" : "")
                + (options == PNGEncodeOptions(writer: .libpng, compressionLevel: 1, filter: .paeth) ? " (libpng default)" : "")
            print(
                pad("encode: \(writer.rawValue) level \(options.compressionLevel) \(filter.rawValue)", 38)
                    + pad(fixed(result.msPerFrame, decimals: 1), 10, left: true) + " ms"
                    + pad(fixed(Double(total) / Double(frames.count) / 1e3, decimals: 0), 8, left: true) + " KB"
                    + pad(fixed(Double(total) / Double(baselineBytes), decimals: 3), 8, left: true) + " × libpng L1 paeth" + marks)
        }
    }
}

/// Every preset of scripts/render: libpng level 1 Paeth (the writer before the others) against
/// ISA-L and libdeflate at each of their levels up to `maxLevel` with each of `filters`: total
/// bytes, the largest per-frame ratio, ms/frame. The default is the best time × size whose every
/// frame is no larger than libpng's.
func levelSweep(filters: [PNGFilter], maxLevel: Int = 12) throws {
    var frames: [PremultipliedImage] = []
    for (preset, select, returnIndex) in renderPresets {
        let job = try RenderJob(settings: renderSettings(preset, select: select, returnIndex: returnIndex))
        frames += try job.renderFrames(job.sequence.map(\.index))
    }
    print("level sweep: \(frames.count) frames of every preset (scripts/render), one thread")
    let baseline = encodeAll(frames, options: PNGEncodeOptions(writer: .libpng, compressionLevel: 1, filter: .paeth))
    let baselineTotal = baseline.bytes.reduce(0, +)
    print(
        pad("libpng level 1 paeth", 30) + pad(fixed(baseline.seconds * 1e3 / Double(frames.count), decimals: 1), 8, left: true)
            + " ms/frame " + pad(String(baselineTotal), 11, left: true) + " bytes")
    for writer in [PNGWriter.isal, .libdeflate] {
        for filter in filters {
            for level in writer.compressionLevels where level >= (writer == .isal ? 0 : 1) && level <= maxLevel {
                let result = encodeAll(frames, options: PNGEncodeOptions(writer: writer, compressionLevel: level, filter: filter))
                let total = result.bytes.reduce(0, +)
                let worst = zip(result.bytes, baseline.bytes).map { Double($0) / Double($1) }.max() ?? 0
                print(
                    pad("\(writer.rawValue) level \(level) \(filter.rawValue)", 30)
                        + pad(fixed(result.seconds * 1e3 / Double(frames.count), decimals: 1), 8, left: true) + " ms/frame "
                        + pad(String(total), 11, left: true) + " bytes " + fixed(Double(total) / Double(baselineTotal), decimals: 3)
                        + " × total, largest frame ratio " + fixed(worst, decimals: 3))
            }
        }
    }
}

/// The encoding figures of the job benchmarks alone, over the default push's frames.
func pushEncodingBenchmarks() throws {
    let settings = pushSettings()
    let job = try RenderJob(settings: settings)
    let frames = try job.renderFrames(job.sequence.map(\.index))
    encodingBenchmarks(stride(from: 0, to: frames.count, by: 3).map { frames[$0] })
    compareFileSizes(frames)
}
