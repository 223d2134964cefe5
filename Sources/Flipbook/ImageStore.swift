import Foundation
import FlipbookCodecs
import FlipbookRaster

/// Decoded images ready to draw, keyed by source path. Immutable once built, so frames on any
/// number of threads read it without locks.
public struct ImageStore: Sendable {
    private var images: [String: ImagePyramid]

    /// Decodes every source (in parallel, up to `threads` at once) and builds its pyramid.
    /// - Throws: the first codec error, which names the file.
    public init(sources: Set<String>, limits: DecodeLimits = .default, threads: Int) throws {
        let list = sources.sorted()
        var results = [Result<ImagePyramid, Error>?](repeating: nil, count: list.count)
        let lock = NSLock()
        var next = 0
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, list.count))) { _ in
            while true {
                lock.lock()
                let index = next
                next += 1
                lock.unlock()
                guard index < list.count else { return }
                let result = Result { ImagePyramid(try ImageDecoder.decode(fileAtPath: list[index], limits: limits)) }
                lock.lock()
                results[index] = result
                lock.unlock()
            }
        }
        var images: [String: ImagePyramid] = [:]
        for (index, source) in list.enumerated() {
            images[source] = try results[index]!.get()
        }
        self.images = images
    }

    /// The image for a source; nil when it was not loaded.
    public subscript(source: String) -> ImagePyramid? { images[source] }
}
