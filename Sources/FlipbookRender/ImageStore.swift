import Foundation
import FlipbookCodecs
import FlipbookMotion
import FlipbookRaster

/// Decoded images ready to draw, keyed by source path. Immutable once built, so frames on any
/// number of threads read it without locks.
package struct ImageStore: Sendable {
    private var images: [String: ImagePyramid]
    /// What the decodes noticed about good images (a JPEG without its end marker), in path order.
    package private(set) var warnings: [CodecWarning] = []

    /// What decoding one source will allocate, known from its header before any pixel is decoded.
    package struct PlannedDecode: Equatable, Sendable {
        /// The source path.
        package var path: String
        /// The file's upright size in pixels (the image's size in points).
        package var fileWidth: Int, fileHeight: Int
        /// The decoded size in pixels: the file's size, or a JPEG reduced by `reduction`.
        package var decodedWidth: Int, decodedHeight: Int
        /// The JPEG DCT scale denominator (1, 2, 4, 8); 1 for PNG and full-size decodes.
        package var reduction: Int
        /// Pixels allocated: the decoded image and every pyramid level (about 4/3 of the image).
        package var pixelsWithPyramid: Int
        /// Memory the decode needs for a while besides the pixels, in pixels of 4 bytes: a
        /// progressive JPEG's coefficient buffer (`ImageHeader.workingBytes`, rounded up), 0 otherwise.
        package var workingPixels: Int

        /// What the plan counts against the budget: `pixelsWithPyramid + workingPixels`.
        package var budgetPixels: Int { pixelsWithPyramid + workingPixels }

        /// A plan with every field given (`ImageStore.plan` computes one from a header).
        package init(path: String, fileWidth: Int, fileHeight: Int, decodedWidth: Int, decodedHeight: Int, reduction: Int,
                    pixelsWithPyramid: Int, workingPixels: Int = 0) {
            self.path = path; self.fileWidth = fileWidth; self.fileHeight = fileHeight
            self.decodedWidth = decodedWidth; self.decodedHeight = decodedHeight
            self.reduction = reduction; self.pixelsWithPyramid = pixelsWithPyramid; self.workingPixels = workingPixels
        }
    }

    /// Decodes every source (in parallel, up to `threads` at once) and builds its pyramid.
    ///
    /// A source with an entry in `minimumSizes` (upright pixels it is drawn at, at most) is
    /// decoded as small as allowed while staying at least that large (JPEG only; see
    /// `ImageDecoder.scaleDenominator(for:minimumSize:)`); others are decoded at full size.
    /// Every header is known first — from `headers` (read once per job, e.g. by `PhotoLibrary`),
    /// else read now: when the planned pixels (`PlannedDecode.budgetPixels` summed: images,
    /// pyramids, progressive coefficient buffers) exceed `pixelBudget`, nothing is decoded and
    /// `ImageStoreError.overBudget` is thrown.
    /// - Throws: the first codec error, which names the file; `ImageStoreError`.
    package init(sources: Set<String>, minimumSizes: [String: (width: Int, height: Int)] = [:], headers: [String: ImageHeader] = [:],
                limits: DecodeLimits = .default, pixelBudget: Int = .max, threads: Int) throws {
        try self.init(sources: sources, minimumSizes: minimumSizes, headers: headers, limits: limits, pixelBudget: pixelBudget,
                      threads: threads, reusing: nil)
    }

    /// `init(sources:…)` that takes from `cache` every image decoded earlier from the same,
    /// unchanged file at the same minimum size, and puts the ones it decodes there.
    package init(sources: Set<String>, minimumSizes: [String: (width: Int, height: Int)] = [:], headers: [String: ImageHeader] = [:],
                 limits: DecodeLimits = .default, pixelBudget: Int = .max, threads: Int, reusing cache: DecodedImageCache?) throws {
        let list = sources.sorted()
        var plans: [PlannedDecode] = []
        for source in list {
            let header = try headers[source] ?? ImageDecoder.readHeader(fileAtPath: source, limits: limits)
            plans.append(Self.plan(source, header: header, minimumSize: minimumSizes[source]))
        }
        let total = plans.reduce(0) { $0 + $1.budgetPixels }
        if total > pixelBudget {
            let largest = plans.sorted { ($0.budgetPixels, $1.path) > ($1.budgetPixels, $0.path) }
            throw ImageStoreError.overBudget(totalPixels: total, budgetPixels: pixelBudget, largest: Array(largest.prefix(3)))
        }
        // Every decode runs (none stops the others) and the first failure in path order is
        // thrown, so the error named does not depend on the thread count.
        let results = DecodeResults(count: list.count)
        let planned = plans
        try ParallelFrames.run(count: list.count, threads: threads, progress: nil) { index in
            let plan = planned[index]
            let minimum = minimumSizes[plan.path]
            let stamp = DecodedImageCache.FileIdentity(path: plan.path)
            if let cache, let stamp, let kept = cache.image(plan.path, identity: stamp, minimumSize: minimum) {
                results.set(index, .success(kept.image), warnings: kept.warnings)
                return
            }
            var noticed: [CodecWarning] = []
            let result = Result {
                let image = try ImageDecoder.decode(fileAtPath: plan.path, limits: limits, minimumSize: minimum,
                                                    warn: { noticed.append($0) })
                return ImagePyramid(image, widthPoints: plan.fileWidth, heightPoints: plan.fileHeight, reduction: plan.reduction)
            }
            if let cache, let stamp, case let .success(image) = result {
                cache.keep(image, warnings: noticed, for: plan.path, identity: stamp, minimumSize: minimum)
            }
            results.set(index, result, warnings: noticed)
        }
        var images: [String: ImagePyramid] = [:]
        for (index, source) in list.enumerated() {
            images[source] = try results.result(index).get()
        }
        self.images = images
        self.warnings = results.allWarnings
    }

    /// The decode of `path` with this header and minimum size: its reduction, decoded size and
    /// the pixels it and its pyramid allocate.
    package static func plan(_ path: String, header: ImageHeader, minimumSize: (width: Int, height: Int)?) -> PlannedDecode {
        let reduction = ImageDecoder.scaleDenominator(for: header, minimumSize: minimumSize)
        // libjpeg rounds a scaled size up.
        let width = (header.width + reduction - 1) / reduction, height = (header.height + reduction - 1) / reduction
        // Exactly as ImagePyramid builds its levels: halve rounding up until 1×1.
        var pixels = width * height
        var levelWidth = width, levelHeight = height
        while levelWidth > 1 || levelHeight > 1 {
            levelWidth = (levelWidth + 1) / 2
            levelHeight = (levelHeight + 1) / 2
            pixels += levelWidth * levelHeight
        }
        return PlannedDecode(path: path, fileWidth: header.width, fileHeight: header.height, decodedWidth: width, decodedHeight: height,
                             reduction: reduction, pixelsWithPyramid: pixels, workingPixels: (header.workingBytes + 3) / 4)
    }

    /// The image for a source; nil when it was not loaded.
    package subscript(source: String) -> ImagePyramid? { images[source] }
}

/// Building an `ImageStore` was refused before decoding.
package enum ImageStoreError: Error, CustomStringConvertible, Equatable {
    /// The decoded images, their pyramids and the decoders' working memory would need
    /// `totalPixels`, more than `budgetPixels`; `largest` are the (up to three) biggest, largest first.
    case overBudget(totalPixels: Int, budgetPixels: Int, largest: [ImageStore.PlannedDecode])

    /// One line naming the largest files, their sizes, and what to do.
    package var description: String {
        switch self {
        case let .overBudget(total, budget, largest):
            let files = largest.map { plan in
                let decoded = plan.reduction == 1 ? "" : " decoded at 1/\(plan.reduction) = \(plan.decodedWidth)x\(plan.decodedHeight)"
                let working = plan.workingPixels == 0 ? "" : " + \(Self.megapixels(plan.workingPixels)) MP of progressive coefficients"
                return "\(plan.path) (\(plan.fileWidth)x\(plan.fileHeight)\(decoded), \(Self.megapixels(plan.pixelsWithPyramid)) MP\(working))"
            }.joined(separator: ", ")
            let (need, limit) = Self.megapixels(total, budget)
            return "the images of this job need \(need) megapixels decoded (with their pyramids), "
                + "more than the budget of \(limit) megapixels (RenderSettings.decodedPixelBudget); "
                + "largest: \(files); use smaller images (a frame never needs more than the device's pixel size; "
                + "JPEGs are decoded reduced when they are at least twice that)"
        }
    }

    private static func megapixels(_ pixels: Int, decimals: Int = 1) -> String {
        NumberText.fixed(Double(pixels) / 1_000_000, decimals: decimals)
    }

    /// Two pixel counts in megapixels with as many decimals as it takes (1 to 6, a pixel) for
    /// different counts to read differently: not "needs 400.0, more than the budget of 400.0".
    static func megapixels(_ a: Int, _ b: Int) -> (String, String) {
        var decimals = 1
        while decimals < 6, megapixels(a, decimals: decimals) == megapixels(b, decimals: decimals) { decimals += 1 }
        return (megapixels(a, decimals: decimals), megapixels(b, decimals: decimals))
    }
}

/// Decoded images kept between the jobs of a watch loop (`RenderSettings.decodedImages`): an
/// image is decoded again only when its file changed (size, modification time or inode) or a
/// frame now needs it at another size. Thread-safe.
package final class DecodedImageCache: @unchecked Sendable {
    /// What `stat` says of a file, enough to notice a save.
    struct FileIdentity: Equatable {
        var size: Int64, seconds: Int, nanoseconds: Int, inode: UInt64

        /// nil when the file cannot be stat'ed (the decode then reports why).
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            size = Int64(info.st_size)
            seconds = Int(info.st_mtim.tv_sec)
            nanoseconds = Int(info.st_mtim.tv_nsec)
            inode = UInt64(info.st_ino)
        }
    }

    private struct Entry {
        var identity: FileIdentity
        var minimumWidth: Int?, minimumHeight: Int?
        var image: ImagePyramid
        var warnings: [CodecWarning]
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    /// An empty cache.
    package init() {}

    /// The image kept for `path`, if its file and minimum size are the same as when it was decoded.
    func image(_ path: String, identity: FileIdentity, minimumSize: (width: Int, height: Int)?) -> (image: ImagePyramid, warnings: [CodecWarning])? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[path], entry.identity == identity,
              entry.minimumWidth == minimumSize?.width, entry.minimumHeight == minimumSize?.height else { return nil }
        return (entry.image, entry.warnings)
    }

    /// Keeps `image`, decoded from `path` as it was at `identity` (stamped before the decode, so a
    /// save during it makes the next lookup miss).
    func keep(_ image: ImagePyramid, warnings: [CodecWarning], for path: String, identity: FileIdentity, minimumSize: (width: Int, height: Int)?) {
        lock.lock()
        defer { lock.unlock() }
        entries[path] = Entry(identity: identity, minimumWidth: minimumSize?.width, minimumHeight: minimumSize?.height,
                              image: image, warnings: warnings)
    }

    /// How many images are kept (for tests).
    package var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }
}

extension ImageStoreError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    public var errorDescription: String? { description }
}

/// The decodes' results and warnings, one slot per source. `@unchecked Sendable` because `lock`
/// guards both arrays.
private final class DecodeResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<ImagePyramid, Error>?]
    private var warnings: [[CodecWarning]]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
        warnings = Array(repeating: [], count: count)
    }

    func set(_ index: Int, _ result: Result<ImagePyramid, Error>, warnings noticed: [CodecWarning]) {
        lock.lock(); defer { lock.unlock() }
        results[index] = result
        warnings[index] = noticed
    }

    /// Slot `index`'s result (every slot is filled once `ParallelFrames.run` returns).
    func result(_ index: Int) -> Result<ImagePyramid, Error> {
        lock.lock(); defer { lock.unlock() }
        return results[index]!
    }

    /// Every slot's warnings, in slot order.
    var allWarnings: [CodecWarning] {
        lock.lock(); defer { lock.unlock() }
        return warnings.flatMap { $0 }
    }
}
