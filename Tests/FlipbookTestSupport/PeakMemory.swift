import Foundation

/// How much the resident memory's peak rose while `body` ran, in bytes: the peak (VmHWM) is
/// reset to the current resident size first by writing 5 to /proc/self/clear_refs, so what
/// earlier tests touched does not hide it. Nil where Linux's /proc does not offer that.
public func peakMemoryGrowth(_ body: () throws -> Void) rethrows -> Int? {
    func status(_ key: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
    guard FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs"),
        (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil,
        let before = status("VmRSS")
    else {
        try body()
        return nil
    }
    try body()
    return status("VmHWM").map { $0 - before }
}
