import Foundation
import FlipbookCodecs
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

    /// Encodes `image` and writes it to `path` (temporary sibling + rename).
    /// - Throws: `RenderError.output` naming the file.
    func write(_ image: PremultipliedImage, to path: String) throws {
        lock.lock()
        let encoder = idle.popLast() ?? PNGFrameEncoder(options: options)
        lock.unlock()
        defer { lock.lock(); idle.append(encoder); lock.unlock() }
        do {
            try encoder.write(image, toPath: path)
        } catch let CodecError.unwritable(_, reason) {
            throw RenderError.output(path: path, reason: reason)
        }
    }
}
