// The issue-12 figures, all measured in one run so they can be compared (the machine is shared,
// so absolute times drift between runs; ratios within a run are what count):
//   - the default push job's wall time at 2 threads (the flipbook executable, as a user runs it)
//     and its peak RSS;
//   - the libpng-only floor: the same 43 frames, rendered once by the bench, written by libpng at
//     level 1 with the Up filter on two workers (files created as the job creates them);
//   - their ratio (target ≤ 0.6);
//   - render-only ms/frame (no encoding, CPU time of the frames phase on one thread);
//   - encode ms/frame and bytes for both writers and every filter;
//   - a 10,000-photo manifest against the 16-photo sample (target ≤ 1.2×).
import Foundation
import Flipbook
import FlipbookCodecs
import FlipbookFiles
import FlipbookRaster
import FlipbookScene

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
    let report = NSTemporaryDirectory() + "flipbook-bench-time-\(getpid())"
    defer { unlink(report) }
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
    let fields = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    guard fields.count == 3 else { print("/usr/bin/time gave no measurements for \(executable)"); exit(1) }
    return ChildRun(seconds: seconds, cpuSeconds: fields[1] + fields[2], maxRSSMegabytes: fields[0] / 1024)
}

/// The median of `values`.
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Writes `frames` as PNG files into `directory` on `threads` workers, each with its own encoder,
/// created (and flushed) exactly as a render job creates its frames; returns the wall seconds
/// and the CPU seconds of this process over that time.
func writeFrames(_ frames: [PremultipliedImage], options: PNGEncodeOptions, threads: Int, into directory: String) throws -> (seconds: Double, cpuSeconds: Double) {
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let lock = NSLock()
    var next = 0
    var failure: Error?
    let start = wallClock(), cpuStart = processCPUClock()
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
        let encoder = PNGFrameEncoder(options: options)
        while true {
            lock.lock(); let index = next; next += 1; lock.unlock()
            guard index < frames.count else { return }
            do {
                let path = directory + "/frame_" + String(format: "%04d", index) + ".png"
                try encoder.withEncoded(frames[index]) { try OutputFile.create($0, at: path) }
            } catch {
                lock.lock(); failure = failure ?? error; lock.unlock()
            }
        }
    }
    let seconds = wallClock() - start, cpuSeconds = processCPUClock() - cpuStart
    if let failure { throw failure }
    return (seconds, cpuSeconds)
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

/// Prints one figure: a name, a value with its unit, and a note.
func report(_ name: String, _ value: String, _ unit: String, _ note: String = "") {
    print(pad(name, 44) + pad(value, 10, left: true) + " " + pad(unit, 9) + note)
}

/// The issue-12 figures (see the top of this file). `runs` repetitions of each timed step,
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
    let scratch = NSTemporaryDirectory() + "flipbook-bench-job-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    var settings = RenderSettings(preset: .push)
    settings.scene.selectedIndex = 3
    settings.threads = 2
    let job = try RenderJob(settings: settings)
    let frames = try job.renderFrames(job.sequence.map(\.index))
    let pushArguments = ["render", "push", "--select", "3", "--threads", "2", "--progress", "none", "--out", scratch + "/job"]
    let floorOptions = PNGEncodeOptions(writer: .libpng, compressionLevel: 1, filter: .up)
    print("job: push --select 3, \(frames.count) frames at 750×1334, \(runs) runs each, interleaved; medians")

    // 1–3. The whole job against the libpng floor.
    _ = runChild(flipbook, pushArguments)  // warm-up: page cache, dynamic linking
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
    report("job: push, 2 threads (flipbook render)", fixed(jobSeconds * 1e3, decimals: 0), "ms",
           "runs " + jobRuns.map { fixed($0.seconds * 1e3, decimals: 0) }.joined(separator: " "))
    report("floor: libpng level 1 up, 2 workers", fixed(floor * 1e3, decimals: 0), "ms",
           "runs " + floorSeconds.map { fixed($0 * 1e3, decimals: 0) }.joined(separator: " "))
    report("job / floor", fixed(jobSeconds / floor, decimals: 2), "×",
           "target ≤ 0.6; per pair " + pairRatios.map { fixed($0, decimals: 2) }.joined(separator: " "))
    let jobCPU = median(jobRuns.map(\.cpuSeconds)), floorCPUMedian = median(floorCPU)
    report("job CPU / floor CPU (user + system)", fixed(jobCPU / floorCPUMedian, decimals: 2), "×",
           "job " + fixed(jobCPU * 1e3, decimals: 0) + " ms, floor " + fixed(floorCPUMedian * 1e3, decimals: 0)
           + " ms: what the ratio tends to when other work takes the second core")
    var replaceRuns: [Double] = []
    for _ in 0..<runs { replaceRuns.append(runChild(flipbook, pushArguments).seconds) }
    report("job, replacing its previous output", fixed(median(replaceRuns) * 1e3, decimals: 0), "ms",
           "deleting the previous 43 files is the difference")
    report("job: peak RSS", fixed(median(jobRuns.map(\.maxRSSMegabytes)), decimals: 1), "MB",
           "target ≤ 150; runs " + jobRuns.map { fixed($0.maxRSSMegabytes, decimals: 0) }.joined(separator: " "))

    // 4. Render only.
    try renderOnlyBenchmark(runs: max(runs, 7))

    // 5. Encoding, both writers, every filter (every third frame, to keep the bench short).
    encodingBenchmarks(stride(from: 0, to: frames.count, by: 3).map { frames[$0] })

    // 6. 10,000 photos against the 16 of the sample.
    let manifest = try largeManifest(count: 10_000, in: scratch + "/large")
    let small = ["render", "push", "--select", "3", "--threads", "2", "--progress", "none", "--out", scratch + "/small"]
    let large = ["render", "push", "--select", "3", "--threads", "2", "--progress", "none", "--manifest", manifest, "--out", scratch + "/large-out"]
    _ = runChild(flipbook, large)
    var smallRuns: [ChildRun] = [], largeRuns: [ChildRun] = []
    for _ in 0..<runs {
        smallRuns.append(runChild(flipbook, small))
        largeRuns.append(runChild(flipbook, large))
    }
    let smallSeconds = median(smallRuns.map(\.seconds)), largeSeconds = median(largeRuns.map(\.seconds))
    report("push, 16-photo sample manifest", fixed(smallSeconds * 1e3, decimals: 0), "ms",
           "peak RSS " + fixed(median(smallRuns.map(\.maxRSSMegabytes)), decimals: 1) + " MB")
    report("push, 10,000-photo manifest", fixed(largeSeconds * 1e3, decimals: 0), "ms",
           "peak RSS " + fixed(median(largeRuns.map(\.maxRSSMegabytes)), decimals: 1) + " MB")
    report("10,000 / 16 photos", fixed(largeSeconds / smallSeconds, decimals: 2), "×", "target ≤ 1.2")
}

/// Render-only ms/frame of the default push: the frames phase of `RenderJob.render()` (frame
/// cache, rasterizer; no encoding, nothing written) on one thread, in CPU time, median of `runs`.
/// `FlipbookBench render` runs only this (with more runs, e.g. under `perf record`).
func renderOnlyBenchmark(runs: Int) throws {
    var settings = RenderSettings(preset: .push)
    settings.scene.selectedIndex = 3
    settings.threads = 1
    let job = try RenderJob(settings: settings)
    let count = Double(job.frames.count)
    _ = try job.render()
    var cpu: [Double] = [], wall: [Double] = []
    for _ in 0..<runs {
        let summary = try job.render()
        cpu.append(summary.framesCPUSeconds! / count)
        wall.append(summary.framesSeconds! / count)
    }
    report("render only, 1 thread (CPU time)", fixed(median(cpu) * 1e3, decimals: 2), "ms/frame",
           "target ≤ 2; wall " + fixed(median(wall) * 1e3, decimals: 2) + " ms/frame; \(runs) runs")
}
