import Flipbook
import FlipbookCodecs
import FlipbookFiles
import FlipbookFormats
import FlipbookModel
import FlipbookRaster
import FlipbookScenes
// The render job's figures, all measured in one run so they can be compared (the machine is
// shared, so absolute times drift between runs; ratios within a run are what count), each
// printed beside its target:
//   - the default push job's wall time at 2 threads (the flipbook executable, as a user runs it)
//     and its peak RSS (≤ 150 MB);
//   - the libpng-only floor: the same 43 frames, rendered once by the bench, written by libpng at
//     level 1 with the Up filter on two workers (files created as the job creates them);
//   - their ratios, wall (target ≤ 0.30) and CPU (≤ 0.25), medians of the interleaved pairs, and
//     the job's files against the floor's (no larger in total, no frame over 2 % larger);
//   - the job on 1 thread against 2 (≥ 1.8×), and a 5,000-frame render against a 50-frame one
//     (peak RSS flat);
//   - the job's fixed costs: start-up, setting up the job (manifest, layout, fonts, display
//     lists), decoding the photos, the fingerprint, the folder swap;
//   - render-only ms/frame (≤ 1.5; no encoding, CPU time of the frames phase on one thread);
//   - encode ms/frame and MB/s of raw RGB with the default writer (≥ 500 MB/s on one core),
//     and ms/frame and bytes for every writer and filter;
//   - the default writer's files against libpng level 1's (Up: the floor's; Paeth) and
//     libdeflate's (no larger);
//   - a 10,000-photo manifest against the 16-photo sample (target ≤ 1.2×).
import Foundation
import Synchronization

/// Wall seconds, CPU seconds (user + system) and peak resident memory of one child process.
struct ChildRun {
    var seconds: Double
    var cpuSeconds: Double
    var maxRSSMegabytes: Double
}

/// The `flipbook` executable built next to this benchmark (scripts/bench builds both).
func flipbookExecutable() -> String? {
    let folder = (CommandLine.arguments[0] as NSString).deletingLastPathComponent
    let path = (folder.isEmpty ? "." : folder) + "/flipbook"
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}

/// Runs `executable arguments…` under `/usr/bin/time` (Debian's `time`, which scripts/bench
/// installs) with stdout/stderr discarded, and returns its wall time and peak RSS. The peak RSS
/// is GNU time's `%M`: measured in a process forked from the small `time`, because a child
/// spawned straight from this bench inherits the bench's own peak (its frames in memory) in
/// `ru_maxrss`. Exits the bench when the child fails.
func runChild(_ executable: String, _ arguments: [String]) -> ChildRun {
    // In a private folder: a fixed name in /tmp could be a link planted for `time -o` to write through.
    guard let reportFolder = try? ScratchFolder(prefix: "flipbook-bench-time") else { print("cannot create a temporary folder"); exit(1) }
    defer { reportFolder.remove() }
    let report = reportFolder.path + "/time"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = (["/usr/bin/time", "-f", "%M %U %S", "-o", report, executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = wallClock()
    guard posix_spawn(&pid, "/usr/bin/time", &actions, nil, argv, environ) == 0 else {
        print("cannot start /usr/bin/time (apt-get install time)"); exit(1)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let seconds = wallClock() - start
    guard status == 0 else { print("\(executable) \(arguments.joined(separator: " ")) failed (status \(status))"); exit(1) }
    let fields = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: " ").compactMap {
        Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    guard fields.count == 3 else { print("/usr/bin/time gave no measurements for \(executable)"); exit(1) }
    return ChildRun(seconds: seconds, cpuSeconds: fields[1] + fields[2], maxRSSMegabytes: fields[0] / 1024)
}

/// The median of `values`.
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Writes `frames` as PNG files into `directory` on `threads` workers, each with its own encoder,
/// created (and flushed) exactly as a render job creates its frames; returns the wall seconds
/// and the CPU seconds of this process over that time.
func writeFrames(_ frames: [PremultipliedImage], options: PNGEncodeOptions, threads: Int, into directory: String) throws -> (
    seconds: Double, cpuSeconds: Double
) {
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let queue = BenchQueue()
    let start = wallClock(), cpuStart = processCPUClock()
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
        let encoder = PNGFrameEncoder(options: options)
        while true {
            let index = queue.take()
            guard index < frames.count else { return }
            do {
                let path = directory + "/frame_" + String(format: "%04d", index) + ".png"
                try encoder.withEncoded(frames[index]) { try OutputFile.create($0, at: path) }
            } catch {
                queue.fail(error)
            }
        }
    }
    let seconds = wallClock() - start, cpuSeconds = processCPUClock() - cpuStart
    if let failure = queue.failure { throw failure }
    return (seconds, cpuSeconds)
}

/// The next frame index and the first error of `writeFrames`'s workers, under one `Mutex`.
private final class BenchQueue: Sendable {
    private let state = Mutex<(next: Int, firstError: Error?)>((0, nil))

    /// The next index (all indices are handed out; the caller stops past the end).
    func take() -> Int {
        state.withLock { state in
            defer { state.next += 1 }; return state.next
        }
    }

    func fail(_ error: Error) { state.withLock { state in if state.firstError == nil { state.firstError = error } } }

    var failure: Error? { state.withLock { $0.firstError } }
}

/// CPU seconds of every thread of this process.
func processCPUClock() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// A manifest of `count` photos in a fresh folder: symbolic links `photos/pNNNNN.EXT` to the
/// sample photos, in the sample manifest's order, repeated (so its first screen is the sample's
/// and every entry is a distinct path, decoded separately if drawn), with the sample's sizes.
func largeManifest(count: Int, in folder: String) throws -> String {
    let sample = try PhotoManifest(contentsOf: Samples.photos)
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
    var entries: [String] = []
    for index in 0..<count {
        let photo = sample.photos[index % sample.photos.count]
        let source = URL(fileURLWithPath: photo.path).standardizedFileURL.path
        let name = "photos/p" + String(format: "%05d", index) + "." + (source as NSString).pathExtension
        try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: source)
        let size = photo.declaredSize!
        entries.append("{\"url\": \"\(name)\", \"width\": \(Int(size.width)), \"height\": \(Int(size.height))}")
    }
    let path = folder + "/photos.json"
    try Data(("{\"content\": [\n" + entries.joined(separator: ",\n") + "\n]}\n").utf8).write(to: URL(fileURLWithPath: path))
    return path
}

/// The push every job figure measures: the default push of the sample grid's fourth photo
/// (`flipbook render push --select 3`), on `threads` threads (nil: the settings' default).
func pushSettings(threads: Int? = nil) -> RenderSettings {
    var settings = RenderSettings(preset: .push)
    settings.scene.selectedIndex = 3
    if let threads { settings.threads = threads }
    return settings
}

/// Prints one figure: a name, a value with its unit, and a note.
func report(_ name: String, _ value: String, _ unit: String, _ note: String = "") {
    print(pad(name, 44) + pad(value, 10, left: true) + " " + pad(unit, 9) + note)
}

/// The job figures (listed at the top of this file). `runs` repetitions of each timed step,
/// interleaved so that slow phases of the machine hit both sides of a ratio.
func jobBenchmarks(runs: Int = 5) throws {
    guard Samples.isAvailable else {
        print("job benchmarks skipped: \(Samples.missingDescription ?? "")")
        return
    }
    guard let flipbook = flipbookExecutable() else {
        print("job benchmarks skipped: build flipbook next to FlipbookBench (swift build -c release; scripts/bench does)")
        return
    }
    let scratchFolder = try ScratchFolder(prefix: "flipbook-bench-job")
    defer { scratchFolder.remove() }
    let scratch = scratchFolder.path
    let settings = pushSettings(threads: 2)
    let job = try RenderJob(settings: settings)
    let frames = try job.renderFrames(job.sequence.map(\.index))
    let pushArguments = ["render", "push", "--select", "3", "--threads", "2", "--progress", "none", "--out", scratch + "/job"]
    print("job: push --select 3, \(frames.count) frames at 750×1334, \(runs) runs each, interleaved; medians; " + loadAverage())

    try jobAgainstFloor(flipbook: flipbook, arguments: pushArguments, frames: frames, scratch: scratch, runs: runs)
    scalingAndMemory(flipbook: flipbook, arguments: pushArguments, runs: runs)

    // Fixed costs of a job.
    try fixedCosts(flipbook: flipbook, settings: settings, runs: runs)

    // Render only.
    try renderOnlyBenchmark(runs: max(runs, 7))

    // Encoding, every writer, every filter (every third frame, to keep the bench short), and
    // the default writer's files against libpng's and libdeflate's for all 43 frames.
    encodingBenchmarks(stride(from: 0, to: frames.count, by: 3).map { frames[$0] })
    compareFileSizes(frames)

    try largeManifestBenchmark(flipbook: flipbook, scratch: scratch, runs: runs)
    print("job: done; " + loadAverage())
}

/// The machine's load averages over 1, 5 and 15 minutes, as text (wall-clock figures are only
/// as good as the machine is quiet).
func loadAverage() -> String {
    var loads = [Double](repeating: 0, count: 3)
    guard getloadavg(&loads, 3) == 3 else { return "load average unknown" }
    return "load average " + loads.map { fixed($0, decimals: 2) }.joined(separator: ", ")
}

/// The push job (`arguments`) against the libpng floor writing `frames`, `runs` pairs, each a
/// job then a floor (a run of jobs then a run of floors would let a slow minute of the shared
/// machine fall on one side): medians of the pairs' wall and CPU ratios, the files' bytes against
/// the floor's, the folder swap and the job's peak RSS.
func jobAgainstFloor(flipbook: String, arguments pushArguments: [String], frames: [PremultipliedImage], scratch: String, runs: Int) throws {
    let floorOptions = PNGEncodeOptions(writer: .libpng, compressionLevel: 1, filter: .up)
    _ = runChild(flipbook, pushArguments) // warm-up: page cache, dynamic linking
    var jobRuns: [ChildRun] = [], floorSeconds: [Double] = [], floorCPU: [Double] = []
    for _ in 0..<runs {
        // A fresh output folder each time, as for the floor (replacing a previous output also
        // deletes its 43 files: measured separately below).
        try? FileManager.default.removeItem(atPath: scratch + "/job")
        jobRuns.append(runChild(flipbook, pushArguments))
        let floorRun = try writeFrames(frames, options: floorOptions, threads: 2, into: scratch + "/floor")
        floorSeconds.append(floorRun.seconds)
        floorCPU.append(floorRun.cpuSeconds)
    }
    let jobSeconds = median(jobRuns.map(\.seconds)), floor = median(floorSeconds)
    let pairRatios = zip(jobRuns, floorSeconds).map { $0.seconds / $1 }
    let cpuRatios = zip(jobRuns, floorCPU).map { $0.cpuSeconds / $1 }
    report(
        "job: push, 2 threads (flipbook render)", fixed(jobSeconds * 1e3, decimals: 0), "ms",
        "runs " + jobRuns.map { fixed($0.seconds * 1e3, decimals: 0) }.joined(separator: " "))
    report(
        "floor: libpng level 1 up, 2 workers", fixed(floor * 1e3, decimals: 0), "ms",
        "runs " + floorSeconds.map { fixed($0 * 1e3, decimals: 0) }.joined(separator: " "))
    report(
        "job / floor, wall (median of pairs)", fixed(median(pairRatios), decimals: 2), "×",
        "target ≤ 0.30; per pair " + pairRatios.map { fixed($0, decimals: 2) }.joined(separator: " "))
    let jobCPU = median(jobRuns.map(\.cpuSeconds)), floorCPUMedian = median(floorCPU)
    report(
        "job / floor, CPU (user + system)", fixed(median(cpuRatios), decimals: 2), "×",
        "target ≤ 0.25; per pair " + cpuRatios.map { fixed($0, decimals: 2) }.joined(separator: " ") + "; job "
            + fixed(jobCPU * 1e3, decimals: 0) + " ms, floor " + fixed(floorCPUMedian * 1e3, decimals: 0) + " ms (load-robust)")
    let jobBytes = try frameFileSizes(in: scratch + "/job"), floorBytes = try frameFileSizes(in: scratch + "/floor")
    if jobBytes.count == floorBytes.count, !jobBytes.isEmpty {
        let ratios = zip(jobBytes, floorBytes).map { Double($0) / Double($1) }
        report(
            "job's files / floor's", fixed(Double(jobBytes.reduce(0, +)) / Double(floorBytes.reduce(0, +)), decimals: 3), "× total",
            "target ≤ 1, no frame > 1.02; largest frame " + fixed(ratios.max()!, decimals: 3) + ", "
                + "\(ratios.filter { $0 > 1 }.count) of \(ratios.count) frames larger; "
                + "\(jobBytes.reduce(0, +) / 1000) KB against \(floorBytes.reduce(0, +) / 1000) KB")
    } else {
        report("job's files / floor's", "?", "", "\(jobBytes.count) frames written by the job, \(floorBytes.count) by the floor")
    }
    var replaceRuns: [Double] = []
    for _ in 0..<runs { replaceRuns.append(runChild(flipbook, pushArguments).seconds) }
    report(
        "job, replacing its previous output", fixed(median(replaceRuns) * 1e3, decimals: 0), "ms",
        "fixed: folder swap, deleting the previous 43 files: " + fixed((median(replaceRuns) - jobSeconds) * 1e3, decimals: 0) + " ms more")
    report(
        "job: peak RSS", fixed(median(jobRuns.map(\.maxRSSMegabytes)), decimals: 1), "MB",
        "target ≤ 150; runs " + jobRuns.map { fixed($0.maxRSSMegabytes, decimals: 0) }.joined(separator: " "))

}

/// The sizes of the `frame_*.png` files in `directory`, in name order.
func frameFileSizes(in directory: String) throws -> [Int] {
    try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("frame_") && $0.hasSuffix(".png") }.sorted()
        .map { (try FileManager.default.attributesOfItem(atPath: directory + "/" + $0)[.size] as? Int) ?? 0 }
}

/// The job (`arguments`, 2 threads) against itself on 1 thread, and the peak RSS of a
/// 5,016-frame render against a 50-frame one.
func scalingAndMemory(flipbook: String, arguments pushArguments: [String], runs: Int) {
    // Scaling: 1 thread against 2, interleaved.
    let oneThread = pushArguments.map { $0 == "2" ? "1" : $0 }
    var oneRuns: [Double] = [], twoRuns: [Double] = []
    for _ in 0..<runs {
        oneRuns.append(runChild(flipbook, oneThread).seconds)
        twoRuns.append(runChild(flipbook, pushArguments).seconds)
    }
    let scaling = zip(oneRuns, twoRuns).map { $0 / $1 }
    report(
        "job: 1 thread / 2 threads (wall)", fixed(median(scaling), decimals: 2), "×",
        "target ≥ 1.8; 1 thread " + fixed(median(oneRuns) * 1e3, decimals: 0) + " ms, 2 threads "
            + fixed(median(twoRuns) * 1e3, decimals: 0) + " ms; per pair " + scaling.map { fixed($0, decimals: 2) }.joined(separator: " "))

    // Memory against sequence length: 5,016 frames (240 fps for 20.9 s) against 50 (0.21 s),
    // rendered without writing (5,000 written frames would be ~5 GB of disk on a shared machine).
    let long = ["render", "push", "--select", "3", "--threads", "2", "--fps", "240", "--duration", "20.9", "--no-write"]
    let short = ["render", "push", "--select", "3", "--threads", "2", "--fps", "240", "--duration", "0.21", "--no-write"]
    let longRun = runChild(flipbook, long), shortRun = runChild(flipbook, short)
    report(
        "peak RSS, 5,016 frames / 50 frames", fixed(longRun.maxRSSMegabytes / shortRun.maxRSSMegabytes, decimals: 2), "×",
        "target flat (≈ 1); " + fixed(longRun.maxRSSMegabytes, decimals: 1) + " MB vs " + fixed(shortRun.maxRSSMegabytes, decimals: 1)
            + " MB (--no-write; " + fixed(longRun.seconds, decimals: 1) + " s vs " + fixed(shortRun.seconds, decimals: 2) + " s)")

}

/// The push job with a 10,000-photo manifest against the 16-photo sample.
func largeManifestBenchmark(flipbook: String, scratch: String, runs: Int) throws {
    let manifest = try largeManifest(count: 10_000, in: scratch + "/large")
    let small = ["render", "push", "--select", "3", "--threads", "2", "--progress", "none", "--out", scratch + "/small"]
    let large = [
        "render", "push", "--select", "3", "--threads", "2", "--progress", "none", "--manifest", manifest, "--out", scratch + "/large-out"
    ]
    _ = runChild(flipbook, large)
    var smallRuns: [ChildRun] = [], largeRuns: [ChildRun] = []
    for _ in 0..<runs {
        smallRuns.append(runChild(flipbook, small))
        largeRuns.append(runChild(flipbook, large))
    }
    let smallSeconds = median(smallRuns.map(\.seconds)), largeSeconds = median(largeRuns.map(\.seconds))
    report(
        "push, 16-photo sample manifest", fixed(smallSeconds * 1e3, decimals: 0), "ms",
        "peak RSS " + fixed(median(smallRuns.map(\.maxRSSMegabytes)), decimals: 1) + " MB")
    report(
        "push, 10,000-photo manifest", fixed(largeSeconds * 1e3, decimals: 0), "ms",
        "peak RSS " + fixed(median(largeRuns.map(\.maxRSSMegabytes)), decimals: 1) + " MB")
    report("10,000 / 16 photos", fixed(largeSeconds / smallSeconds, decimals: 2), "×", "target ≤ 1.2")
}

/// The parts of a push job that do not depend on the frame count, median of `runs` each (wall):
/// process start-up (`flipbook list`), setting up the job (`RenderJob(settings:)`: manifest,
/// layout, timeline, fonts), decoding the photos (the first frame rendered alone, less a frame's
/// render: headers, decodes and pyramids of every photo it draws, sized for the whole sequence),
/// the fingerprint (hashing the display lists, photo and font bytes), and the folder swap
/// (replacing the previous output against writing into no folder).
func fixedCosts(flipbook: String, settings: RenderSettings, runs: Int) throws {
    let startUp = median((0..<runs).map { _ in runChild(flipbook, ["list"]).seconds })
    report("fixed: process start-up (flipbook list)", fixed(startUp * 1e3, decimals: 0), "ms", "once per job")
    var job = try RenderJob(settings: settings)
    let setUp = try medianWallClock(runs: runs) { job = try RenderJob(settings: settings) }
    report("fixed: job set-up (manifest, layout, fonts)", fixed(setUp * 1e3, decimals: 0), "ms", "RenderJob(settings:)")
    let firstFrame = try medianWallClock(runs: runs) { _ = try job.renderFrames([15]) }
    report(
        "fixed: photo decode (+ one frame)", fixed(firstFrame * 1e3, decimals: 0), "ms",
        "frame 15 alone: its photos' headers, decodes, pyramids, on \(settings.threads) threads")
    let fingerprint = try medianWallClock(runs: runs) { _ = try job.fingerprint() }
    report("fixed: fingerprint", fixed(fingerprint * 1e3, decimals: 0), "ms", "display lists, photo and font bytes")
}

/// The default writer's files against libpng level 1's with Up (the floor's setting) and Paeth
/// (the libpng writer's default) and libdeflate's defaults, over `frames`: totals and the
/// largest per-frame ratio.
func compareFileSizes(_ frames: [PremultipliedImage]) {
    let writers = [
        PNGEncodeOptions.default, PNGEncodeOptions(writer: .libpng, compressionLevel: 1, filter: .up),
        PNGEncodeOptions(writer: .libpng, compressionLevel: 1, filter: .paeth), PNGEncodeOptions(writer: .libdeflate)
    ]
    let sizes = writers.map { encodeAll(frames, options: $0).bytes }
    for (index, name) in [(1, "libpng level 1 up"), (2, "libpng level 1 paeth"), (3, "libdeflate level 1 average")] {
        let total = Double(sizes[0].reduce(0, +)) / Double(sizes[index].reduce(0, +))
        let ratios = zip(sizes[0], sizes[index]).map { Double($0) / Double($1) }
        report(
            "files: default / \(name)", fixed(total, decimals: 3), "× total",
            "largest frame " + fixed(ratios.max() ?? 0, decimals: 3)
                + ", \(ratios.filter { $0 > 1 }.count) of \(frames.count) frames larger"
                + (index == 1 ? "; target no larger in total, no frame over 1.02" : ""))
    }
}

/// Render-only ms/frame of the default push: the frames phase of `RenderJob.render()` (frame
/// cache, rasterizer; no encoding, nothing written) on one thread, in CPU time, median of `runs`.
/// `FlipbookBench render` runs only this (with more runs, e.g. under `perf record`).
func renderOnlyBenchmark(runs: Int) throws {
    let settings = pushSettings(threads: 1)
    let job = try RenderJob(settings: settings)
    let count = Double(job.frames.count)
    _ = try job.render()
    var cpu: [Double] = [], wall: [Double] = []
    for _ in 0..<runs {
        let summary = try job.render()
        cpu.append(summary.framesCPUSeconds! / count)
        wall.append(summary.framesSeconds! / count)
    }
    report(
        "render only, 1 thread (CPU time)", fixed(median(cpu) * 1e3, decimals: 2), "ms/frame",
        "target ≤ 1.5; wall " + fixed(median(wall) * 1e3, decimals: 2) + " ms/frame; \(runs) runs")
}
