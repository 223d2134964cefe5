import Foundation

/// `flipbook verify` of a push lock against `flipbook render` of the same push (PNG frames
/// written), both as child processes as a user runs them, `runs` each, interleaved; medians.
/// The lock promises verify costs at most a fifth of the render (docs/GOLDENS.md).
func verifyBenchmark(runs: Int = 5) throws {
    guard let flipbook = flipbookExecutable() else {
        print("verify benchmark skipped: build flipbook next to FlipbookBench (scripts/bench does)")
        return
    }
    let scratch = NSTemporaryDirectory() + "flipbook-bench-verify-\(getpid())"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let options = ["push", "--select", "3", "--threads", "2"]
    let lock = scratch + "/push.lock"
    _ = runChild(flipbook, ["lock"] + options + ["--out", lock])  // exits the bench on failure
    let render = ["render"] + options + ["--progress", "none", "--out", scratch + "/frames"]
    _ = runChild(flipbook, render)
    _ = runChild(flipbook, ["verify", lock])
    var renderSeconds: [Double] = [], verifySeconds: [Double] = [], renderCPU: [Double] = [], verifyCPU: [Double] = []
    for _ in 0..<runs {
        try? FileManager.default.removeItem(atPath: scratch + "/frames")
        let rendered = runChild(flipbook, render), verified = runChild(flipbook, ["verify", lock])
        renderSeconds.append(rendered.seconds)
        renderCPU.append(rendered.cpuSeconds)
        verifySeconds.append(verified.seconds)
        verifyCPU.append(verified.cpuSeconds)
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: lock)[.size] as? Int) ?? 0
    print("verify: push --select 3, 2 threads, \(runs) runs each, interleaved; medians; the lock is \(bytes / 1000) KB")
    report("render, PNG frames written", fixed(median(renderSeconds) * 1e3, decimals: 0), "ms",
           "runs " + renderSeconds.map { fixed($0 * 1e3, decimals: 0) }.joined(separator: " "))
    report("verify the lock", fixed(median(verifySeconds) * 1e3, decimals: 0), "ms",
           "runs " + verifySeconds.map { fixed($0 * 1e3, decimals: 0) }.joined(separator: " "))
    report("verify / render", fixed(median(verifySeconds) / median(renderSeconds), decimals: 2), "×", "target ≤ 0.2")
    report("verify CPU / render CPU (user + system)", fixed(median(verifyCPU) / median(renderCPU), decimals: 2), "×",
           "verify " + fixed(median(verifyCPU) * 1e3, decimals: 0) + " ms, render " + fixed(median(renderCPU) * 1e3, decimals: 0) + " ms")
}
