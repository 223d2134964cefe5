import Foundation
import FlipbookCodecs
import FlipbookFiles
import FlipbookRaster

/// PNG encoders shared by worker threads: a frame borrows one, so each worker keeps a warm
/// libdeflate compressor and buffers instead of allocating them per frame (`PNGFrameEncoder`
/// is not thread-safe, so an encoder is never used by two frames at once).
final class PNGEncoderPool: @unchecked Sendable {
    let options: PNGEncodeOptions
    private let lock = NSLock()
    private var idle: [PNGFrameEncoder] = []

    /// A pool of encoders with `options` (created as needed: at most one per concurrent frame).
    init(options: PNGEncodeOptions) { self.options = options }

    /// Encodes `image` and creates the new file `path` with it (`OutputFile.create`: flushed;
    /// for files in a folder that is swapped in whole). Errors name `name`.
    /// - Throws: `CodecError.encodeFailed`, `FileError.unwritable`.
    func write(_ image: PremultipliedImage, to path: String, reportingAs name: String) throws {
        lock.lock()
        let encoder = idle.popLast() ?? PNGFrameEncoder(options: options)
        lock.unlock()
        defer { lock.lock(); idle.append(encoder); lock.unlock() }
        try encoder.withEncoded(image) { try OutputFile.create($0, at: path, reportingAs: name) }
    }
}
