import Flipbook
import FlipbookFiles
import FlipbookLock
import FlipbookRaster
import Foundation

/// `flipbook verify` of a push lock against `flipbook render` of the same push (PNG frames
/// written), both as child processes as a user runs them, `runs` each, interleaved; medians.
/// Beside them `flipbook render --no-write`: the same frames drawn (photos decoded, every frame
/// rasterized) but not encoded — the work verify must do too, so its floor (docs/GOLDENS.md).
func verifyBenchmark(runs: Int = 5) throws {
    guard let flipbook = flipbookExecutable() else {
        print("verify benchmark skipped: build flipbook next to FlipbookBench (scripts/bench does)")
        return
    }
    let scratchFolder = try ScratchFolder(prefix: "flipbook-bench-verify")
    defer { scratchFolder.remove() }
    let scratch = scratchFolder.path
    let options = ["push", "--select", "3", "--threads", "2"]
    let lock = scratch + "/push.lock"
    _ = runChild(flipbook, ["lock"] + options + ["--out", lock]) // exits the bench on failure
    let render = ["render"] + options + ["--progress", "none", "--out", scratch + "/frames"]
    _ = runChild(flipbook, render)
    _ = runChild(flipbook, ["verify", lock])
    let drawOnly = ["render"] + options + ["--progress", "none", "--no-write"]
    // The same render with the other writers: the default before (isal), and the two slower ones.
    let otherWriterNames = ["isal", "libdeflate", "libpng"]
    let otherWriters = otherWriterNames.map { render + ["--png-writer", $0] }
    var renderSeconds: [Double] = [], verifySeconds: [Double] = [], renderCPU: [Double] = [], verifyCPU: [Double] = []
    var drawSeconds: [Double] = [], otherSeconds: [[Double]] = otherWriterNames.map { _ in [] }
    for _ in 0..<runs {
        try? FileManager.default.removeItem(atPath: scratch + "/frames")
        let rendered = runChild(flipbook, render), verified = runChild(flipbook, ["verify", lock])
        renderSeconds.append(rendered.seconds)
        renderCPU.append(rendered.cpuSeconds)
        verifySeconds.append(verified.seconds)
        verifyCPU.append(verified.cpuSeconds)
        drawSeconds.append(runChild(flipbook, drawOnly).seconds)
        for (index, arguments) in otherWriters.enumerated() {
            try? FileManager.default.removeItem(atPath: scratch + "/frames")
            otherSeconds[index].append(runChild(flipbook, arguments).seconds)
        }
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: lock)[.size] as? Int) ?? 0
    print("verify: push --select 3, 2 threads, \(runs) runs each, interleaved; medians; the lock is \(bytes / 1000) KB")
    report(
        "render, PNG frames written", fixed(median(renderSeconds) * 1e3, decimals: 0), "ms",
        "runs " + renderSeconds.map { fixed($0 * 1e3, decimals: 0) }.joined(separator: " "))
    report(
        "verify the lock", fixed(median(verifySeconds) * 1e3, decimals: 0), "ms",
        "runs " + verifySeconds.map { fixed($0 * 1e3, decimals: 0) }.joined(separator: " "))
    report("verify / render", fixed(median(verifySeconds) / median(renderSeconds), decimals: 2), "×", "(the render writes PNGs)")
    report(
        "render --no-write (decode + draw, no PNGs)", fixed(median(drawSeconds) * 1e3, decimals: 0), "ms",
        "the work verify shares with the render: " + fixed(median(drawSeconds) / median(renderSeconds), decimals: 2) + "× the render")
    report(
        "verify / render --no-write", fixed(median(verifySeconds) / median(drawSeconds), decimals: 2), "×",
        "target ≤ 1.3; what verify adds to drawing the frames: the lock's text, the hashes, reading the lock")
    for (index, writer) in otherWriterNames.enumerated() {
        report(
            "verify / render --png-writer \(writer)", fixed(median(verifySeconds) / median(otherSeconds[index]), decimals: 2), "×",
            "that render " + fixed(median(otherSeconds[index]) * 1e3, decimals: 0) + " ms")
    }
    report(
        "verify CPU / render CPU (user + system)", fixed(median(verifyCPU) / median(renderCPU), decimals: 2), "×",
        "verify " + fixed(median(verifyCPU) * 1e3, decimals: 0) + " ms, render " + fixed(median(renderCPU) * 1e3, decimals: 0) + " ms")
    try verifyBreakdown(runs: runs, renderCPUSeconds: median(renderCPU))
}

/// Where verify's CPU time goes, in this process on one thread (medians of `runs`): the lock of
/// every frame (`SequenceLock.make`), the frames' rasterizing alone (`RenderJob.render` with no
/// sink), and the pixel hash of every frame; the rest of the lock is its display lists as text.
/// Each as a share of the child render's CPU time, so the floor under verify / render shows:
/// what verify cannot skip (start-up, photos, rasterizing) against what it may still shed.
func verifyBreakdown(runs: Int, renderCPUSeconds: Double) throws {
    let settings = pushSettings(threads: 1)
    var lockCPU: [Double] = [], rasterCPU: [Double] = [], hashCPU: [Double] = [], oldHashCPU: [Double] = [], setupCPU: [Double] = []
    var frameCount = 0
    for _ in 0..<runs {
        let setupStart = processCPUClock()
        let job = try RenderJob(settings: settings)
        setupCPU.append(processCPUClock() - setupStart)
        frameCount = job.frames.count
        let lockStart = processCPUClock()
        _ = try SequenceLock.make(job: job)
        lockCPU.append(processCPUClock() - lockStart)
        rasterCPU.append(try job.render().framesCPUSeconds ?? 0)
        let frames = try job.renderFrames(job.frames.map(\.index))
        hashCPU.append(hashSeconds(frames, format: SequenceLock.currentFormat))
        oldHashCPU.append(hashSeconds(frames, format: 1))
    }
    func share(_ values: [Double]) -> String { fixed(median(values) / renderCPUSeconds, decimals: 2) + "× render CPU" }
    print("verify's parts, in process, 1 thread, \(frameCount) frames (the render's CPU from the runs above):")
    report("  set up the job (manifest, layout, fonts)", fixed(median(setupCPU) * 1e3, decimals: 0), "ms CPU", share(setupCPU))
    report(
        "  lock every frame (photos, display lists, rasterize, hash, text)", fixed(median(lockCPU) * 1e3, decimals: 0), "ms CPU",
        share(lockCPU))
    report("    of which rasterizing the frames", fixed(median(rasterCPU) * 1e3, decimals: 0), "ms CPU", share(rasterCPU))
    report("    of which hashing the pixels (CRC-64, lock format 2)", fixed(median(hashCPU) * 1e3, decimals: 1), "ms CPU", share(hashCPU))
    report(
        "    format 1's hash instead (FNV-1a, one word per step)", fixed(median(oldHashCPU) * 1e3, decimals: 1), "ms CPU", share(oldHashCPU)
    )
}

/// CPU seconds to hash every frame in lock `format`.
func hashSeconds(_ frames: [PremultipliedImage], format: Int) -> Double {
    let start = processCPUClock()
    var sum: UInt64 = 0
    for frame in frames { sum &+= SequenceLock.pixelHash(frame, format: format) }
    if sum == 1 { print("") } // keeps the hashes from being optimised away
    return processCPUClock() - start
}
