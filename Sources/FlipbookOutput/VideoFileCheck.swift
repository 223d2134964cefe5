import Foundation

/// Checks of a video ffmpeg says it wrote, before it may replace anything: ffmpeg 5.1 with
/// `+faststart` can print "Error writing trailer … No space left on device" and still exit 0,
/// leaving a truncated MP4.
enum VideoFileCheck {
    /// What is wrong with the container at `path`, or nil when it is whole: an MP4's top-level
    /// boxes must tile the file exactly, start with `ftyp` and include `moov` (the index) and
    /// `mdat` (the frames); a GIF must start with its signature and end with its trailer byte.
    static func problem(inFileAt path: String, format: VideoFormat) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "it cannot be read: \(String(cString: strerror(errno)))" }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return "it cannot be read: \(String(cString: strerror(errno)))" }
        let size = Int(info.st_size)
        func bytes(at offset: Int, count: Int) -> [UInt8] {
            var buffer = [UInt8](repeating: 0, count: count)
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return read == count ? buffer : []
        }
        switch format {
        case .gif:
            // Header (6) + logical screen descriptor (7) + trailer (1).
            guard size >= 14, ["GIF87a", "GIF89a"].map({ Array($0.utf8) }).contains(bytes(at: 0, count: 6)) else {
                return "it is not a GIF (no GIF87a/GIF89a signature)"
            }
            guard bytes(at: size - 1, count: 1) == [0x3B] else { return "it does not end with the GIF trailer: it was cut short" }
            return nil
        case .mp4:
            var offset = 0
            var types: [String] = []
            while offset < size {
                let header = bytes(at: offset, count: 8)
                guard header.count == 8 else { return "it ends inside a box header at byte \(offset): it was cut short" }
                let size32 = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
                var boxSize = size32, headerSize = 8
                if size32 == 1 {
                    let large = bytes(at: offset + 8, count: 8)
                    guard large.count == 8, large[0] & 0x80 == 0 else {
                        return "it ends inside a box header at byte \(offset): it was cut short"
                    }
                    boxSize = large.reduce(0) { $0 << 8 | Int($1) }
                    headerSize = 16
                } else if size32 == 0 {
                    boxSize = size - offset // "to the end of the file"
                }
                guard boxSize >= headerSize, boxSize <= size - offset else {
                    return "a box at byte \(offset) runs past the end of the file: it was cut short"
                }
                types.append(String(decoding: header[4..<8], as: UTF8.self))
                offset += boxSize
            }
            guard types.first == "ftyp" else { return "it is not an MP4 (it does not start with an ftyp box)" }
            guard types.contains("moov") else { return "it has no moov box, the index ffmpeg writes last" }
            guard types.contains("mdat") else { return "it has no mdat box: it holds no frames" }
            return nil
        }
    }

    /// When `ffprobe` sits beside `ffmpeg`: what it finds wrong with the video at `path` — it
    /// cannot read it, or counts other than `frames` frames of `size` — or nil (also when there is
    /// no ffprobe; the container check still applies). Counting packets reads the container
    /// only, not the pictures.
    static func probe(
        _ path: String, ffmpeg: String, environment: [String: String], frames: Int,
        size: (width: Int, height: Int)
    ) -> String? {
        let ffprobe = (ffmpeg as NSString).deletingLastPathComponent + "/ffprobe"
        guard FileManager.default.isExecutableFile(atPath: ffprobe) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffprobe)
        process.arguments = [
            "-v", "error", "-count_packets", "-select_streams", "v:0",
            "-show_entries", "stream=width,height,nb_read_packets", "-of", "csv=p=0", path
        ]
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        guard (try? process.run()) != nil else { return nil }
        // Written by the one drain task, read only after `drained.wait()`: no lock needed.
        final class Box: @unchecked Sendable { var data = Data() }
        let log = Box(), drained = DispatchGroup()
        DispatchQueue.global().async(group: drained) { log.data = errors.fileHandleForReading.readDataToEndOfFile() }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        drained.wait()
        process.waitUntilExit()
        let firstError = String(decoding: log.data, as: UTF8.self).split(separator: "\n").first.map(String.init)
        guard process.terminationStatus == 0, firstError == nil else {
            return "ffprobe cannot read it" + (firstError.map { ": " + String($0.prefix(200)) } ?? "")
        }
        let expected = "\(size.width),\(size.height),\(frames)"
        let found = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard found == expected else {
            let parts = found.split(separator: ",")
            let shown = parts.count == 3 ? "\(parts[2]) frames of \(parts[0])x\(parts[1])" : "no video stream"
            return "ffprobe finds \(shown), not \(frames) frames of \(size.width)x\(size.height)"
        }
        return nil
    }
}
