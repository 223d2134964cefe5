import Flipbook
import FlipbookCodecs
import FlipbookFormats
import FlipbookModel
import FlipbookRaster
import FlipbookRender
import FlipbookScenes
import FlipbookText
// End-to-end benchmarks of one frame: decode its photos, rasterize it, encode it (the whole
// job is in Job.swift). They read Samples/photos.json, so run them from the package root (scripts/bench does).
import Foundation

/// Wall-clock seconds (a job uses several threads, so thread CPU time would not do).
func wallClock() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// Median wall-clock seconds of `runs` runs of `body`, after one warm-up.
func medianWallClock(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    try body()
    var times: [Double] = []
    for _ in 0..<runs {
        let start = wallClock()
        try body()
        times.append(wallClock() - start)
    }
    return times.sorted()[times.count / 2]
}

/// Push on an iPhone 8 @2x: one frame's decoding, rasterization and encoding.
func pipelineBenchmarks() throws {
    guard Samples.isAvailable else {
        print("pipeline benchmarks skipped: \(Samples.missingDescription ?? "")")
        return
    }
    let settings = pushSettings()
    let job = try RenderJob(settings: settings)
    // Frame 15 (the spring's peak): the grid under the fading detail plus the snapshot.
    let list = try job.displayList(frameIndex: 15)
    let sources = Set(
        list.ops.compactMap { op -> String? in
            if case let .image(source, _, _, _, _) = op { return source } else { return nil }
        })
    var store = try ImageStore(sources: sources, threads: 1)
    let decodePixels = try sources.reduce(0) { total, path in
        let header = try ImageDecoder.readHeader(fileAtPath: path)
        return total + header.width * header.height
    }
    benchmark("frame: decode + pyramid its \(sources.count) photos", pixels: decodePixels, runs: 3) {
        store = try! ImageStore(sources: sources, threads: 1)
    }
    let rasterizer = FrameRasterizer(images: store)
    let frame = rasterizer.render(list)
    benchmark("frame: rasterize push #15 @2x", pixels: screenPixels) { _ = rasterizer.render(list) }
    for writer in PNGWriter.allCases {
        let options = PNGEncodeOptions(writer: writer)
        benchmark("frame: PNG encode (\(writer.rawValue) L1 \(options.filter.rawValue))", pixels: screenPixels) {
            _ = try! PNGEncoder.encode(frame, options: options)
        }
    }
}
