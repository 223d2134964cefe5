package import FlipbookCodecs
public import FlipbookGeometry
package import FlipbookRaster
import FlipbookSupport
public import Foundation

/// Decoded images ready to draw, keyed by source path. Every image is decoded once, by the
/// first thread that needs it (`decode(_:)`), or all at once by `init`; frames on any number
/// of threads then read it. The bytes of an image do not depend on which thread decoded it or when.
package struct ImageStore: Sendable {
    private let entries: [String: PendingImage]
    /// The sources, in path order (the order of warnings and of the error thrown).
    private let paths: [String]
    private let threads: Int

    /// What the decodes noticed about good images (a JPEG without its end marker), in path
    /// order; images not decoded yet have none.
    package var warnings: [CodecWarning] { paths.flatMap { entries[$0]!.warnings } }

    /// What decoding one source will allocate (the top-level `PlannedDecode`).
    package typealias PlannedDecode = FlipbookRender.PlannedDecode

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
    package init(
        sources: Set<String>, minimumSizes: [String: (width: Int, height: Int)] = [:], headers: [String: ImageHeader] = [:],
        limits: DecodeLimits = .default, pixelBudget: Int = .max, threads: Int
    ) throws {
        try self.init(
            sources: sources, minimumSizes: minimumSizes, headers: headers, limits: limits, pixelBudget: pixelBudget,
            threads: threads, reusing: nil)
    }

    /// `init(sources:…)` that takes from `cache` every image decoded earlier from the same,
    /// unchanged file at the same minimum size, and puts the ones it decodes there. With
    /// `decodingAll` false, nothing is decoded yet (the budget is checked all the same): each
    /// image is decoded when `decode(_:)` first asks for it.
    package init(
        sources: Set<String>, minimumSizes: [String: (width: Int, height: Int)] = [:], headers: [String: ImageHeader] = [:],
        limits: DecodeLimits = .default, pixelBudget: Int = .max, threads: Int, reusing cache: DecodedImageCache?,
        decodingAll: Bool = true
    ) throws {
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
        var entries: [String: PendingImage] = [:]
        for plan in plans {
            entries[plan.path] = PendingImage(plan: plan, minimumSize: minimumSizes[plan.path], limits: limits, cache: cache)
        }
        self.entries = entries
        paths = list
        self.threads = threads
        if decodingAll { try decodeAll() }
    }

    /// Decodes every image not decoded yet (in parallel, up to the store's thread count): every
    /// decode runs (none stops the others) and the first failure in path order is thrown, so
    /// the error named does not depend on the thread count or on which images were asked for first.
    package func decodeAll() throws {
        let entries = paths.map { self.entries[$0]! }
        try ParallelFrames.run(count: entries.count, threads: threads, progress: nil) { index in entries[index].decode() }
        for entry in entries { _ = try entry.result() }
    }

    /// Makes sure every one of `sources` (those of the store) is decoded, decoding those no other
    /// thread is decoding now, then waiting for the rest.
    /// - Throws: the decode error of one of them (`decodeAll` names the first in path order).
    package func decode(_ sources: some Sequence<String>) throws {
        let needed = sources.compactMap { entries[$0] }
        var busy: [PendingImage] = []
        for entry in needed where !entry.decodeUnlessBusy() { busy.append(entry) }
        for entry in busy { entry.decode() }
        for entry in needed { _ = try entry.result() }
    }

    /// Decodes, in the order given, each of `sources` (those of the store) that no thread has
    /// started on, without waiting for the others: a second thread's head start on the photos
    /// while the first does other work. A failed decode is kept for `decode(_:)` and
    /// `decodeAll()` to report, as if they had met it.
    package func prefetch(_ sources: [String]) {
        for source in sources { _ = entries[source]?.decodeUnlessBusy() }
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
        return PlannedDecode(
            path: path, fileWidth: header.width, fileHeight: header.height, decodedWidth: width, decodedHeight: height,
            reduction: reduction, pixelsWithPyramid: pixels, workingPixels: (header.workingBytes + 3) / 4)
    }

    /// The image for a source (decoded now if no one asked for it yet); nil when it is not in the
    /// store or its decode failed.
    package subscript(source: String) -> ImagePyramid? {
        guard let entry = entries[source] else { return nil }
        entry.decode()
        return try? entry.result()
    }
}

/// What decoding one image will allocate, known from its header before any pixel is decoded
/// (what `ImageStoreError.overBudget` lists).
public struct PlannedDecode: Equatable, Sendable {
    /// The source path.
    public package(set) var path: String
    /// The file's upright size in pixels (the image's size in points).
    public package(set) var fileWidth: Int, fileHeight: Int
    /// The decoded size in pixels: the file's size, or a JPEG reduced by `reduction`.
    public package(set) var decodedWidth: Int, decodedHeight: Int
    /// The JPEG DCT scale denominator (1, 2, 4, 8); 1 for PNG and full-size decodes.
    public package(set) var reduction: Int
    /// Pixels allocated: the decoded image and every pyramid level (about 4/3 of the image).
    public package(set) var pixelsWithPyramid: Int
    /// Memory the decode needs for a while besides the pixels, in pixels of 4 bytes: a
    /// progressive JPEG's coefficient buffer (`ImageHeader.workingBytes`, rounded up), 0 otherwise.
    public package(set) var workingPixels: Int

    /// What the plan counts against the budget: `pixelsWithPyramid + workingPixels`.
    public var budgetPixels: Int { pixelsWithPyramid + workingPixels }

    /// A plan with every field given (`ImageStore.plan` computes one from a header).
    package init(
        path: String, fileWidth: Int, fileHeight: Int, decodedWidth: Int, decodedHeight: Int, reduction: Int,
        pixelsWithPyramid: Int, workingPixels: Int = 0
    ) {
        self.path = path; self.fileWidth = fileWidth; self.fileHeight = fileHeight
        self.decodedWidth = decodedWidth; self.decodedHeight = decodedHeight
        self.reduction = reduction; self.pixelsWithPyramid = pixelsWithPyramid; self.workingPixels = workingPixels
    }
}

/// A job's images were refused before decoding: they would need more decoded pixels than
/// `RenderSettings.decodedPixelBudget` allows.
public enum ImageStoreError: SettingNamingError, Equatable {
    /// The decoded images, their pyramids and the decoders' working memory would need
    /// `totalPixels`, more than `budgetPixels`; `largest` are the (up to three) biggest, largest first.
    case overBudget(totalPixels: Int, budgetPixels: Int, largest: [PlannedDecode])

    /// One line naming the largest files, their sizes, and what to do; `message` keeps the
    /// setting it names apart.
    public var message: SettingText {
        switch self {
        case let .overBudget(total, budget, largest):
            let files = largest.map { plan in
                let decoded = plan.reduction == 1 ? "" : " decoded at 1/\(plan.reduction) = \(plan.decodedWidth)x\(plan.decodedHeight)"
                let working = plan.workingPixels == 0 ? "" : " + \(Self.megapixels(plan.workingPixels)) MP of progressive coefficients"
                return
                    "\(plan.path) (\(plan.fileWidth)x\(plan.fileHeight)\(decoded), \(Self.megapixels(plan.pixelsWithPyramid)) MP\(working))"
            }.joined(separator: ", ")
            let (need, limit) = Self.megapixels(total, budget)
            return "the images of this job need \(need) megapixels decoded (with their pyramids), "
                + "more than the budget of \(limit) megapixels (\(field: .decodedPixelBudget)); "
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
/// frame now needs it at another size. Thread-safe: `@unchecked Sendable`, the compiler cannot
/// see that `lock` guards `entries`.
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
    func image(_ path: String, identity: FileIdentity, minimumSize: (width: Int, height: Int)?) -> (
        image: ImagePyramid, warnings: [CodecWarning]
    )? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[path], entry.identity == identity,
            entry.minimumWidth == minimumSize?.width, entry.minimumHeight == minimumSize?.height
        else { return nil }
        return (entry.image, entry.warnings)
    }

    /// Keeps `image`, decoded from `path` as it was at `identity` (stamped before the decode, so a
    /// save during it makes the next lookup miss).
    func keep(
        _ image: ImagePyramid, warnings: [CodecWarning], for path: String, identity: FileIdentity, minimumSize: (width: Int, height: Int)?
    ) {
        lock.lock()
        defer { lock.unlock() }
        entries[path] = Entry(
            identity: identity, minimumWidth: minimumSize?.width, minimumHeight: minimumSize?.height,
            image: image, warnings: warnings)
    }

    /// How many images are kept (for tests).
    package var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }
}

extension ImageStoreError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    public var errorDescription: String? { description }
}

/// One image of a store: decoded once, under `lock`, by the first thread to ask. `@unchecked
/// Sendable` because `lock` guards `outcome` and `noticed`.
private final class PendingImage: @unchecked Sendable {
    private let lock = NSLock()
    private let plan: ImageStore.PlannedDecode
    private let minimumSize: (width: Int, height: Int)?
    private let limits: DecodeLimits
    private let cache: DecodedImageCache?
    private var outcome: Result<ImagePyramid, Error>?
    private var noticed: [CodecWarning] = []

    init(plan: ImageStore.PlannedDecode, minimumSize: (width: Int, height: Int)?, limits: DecodeLimits, cache: DecodedImageCache?) {
        self.plan = plan; self.minimumSize = minimumSize; self.limits = limits; self.cache = cache
    }

    /// Decodes the image unless it is decoded; waits while another thread decodes it.
    func decode() {
        lock.lock()
        defer { lock.unlock() }
        decodeLocked()
    }

    /// `decode()` unless another thread is decoding it now: false then (nothing waited for).
    func decodeUnlessBusy() -> Bool {
        guard lock.try() else { return false }
        defer { lock.unlock() }
        decodeLocked()
        return true
    }

    /// The decoded image or the decode's error; the image must have been decoded.
    func result() throws -> ImagePyramid {
        lock.lock()
        defer { lock.unlock() }
        return try outcome!.get()
    }

    /// What its decode noticed (none before it is decoded).
    var warnings: [CodecWarning] {
        lock.lock()
        defer { lock.unlock() }
        return noticed
    }

    private func decodeLocked() {
        guard outcome == nil else { return }
        let stamp = DecodedImageCache.FileIdentity(path: plan.path)
        if let cache, let stamp, let kept = cache.image(plan.path, identity: stamp, minimumSize: minimumSize) {
            outcome = .success(kept.image)
            noticed = kept.warnings
            return
        }
        var warnings: [CodecWarning] = []
        let plan = self.plan, limits = self.limits, minimumSize = self.minimumSize
        let result = Result {
            let image = try ImageDecoder.decode(
                fileAtPath: plan.path, limits: limits, minimumSize: minimumSize,
                warn: { warnings.append($0) })
            return ImagePyramid(image, widthPoints: plan.fileWidth, heightPoints: plan.fileHeight, reduction: plan.reduction)
        }
        if let cache, let stamp, case let .success(image) = result {
            cache.keep(image, warnings: warnings, for: plan.path, identity: stamp, minimumSize: minimumSize)
        }
        outcome = result
        noticed = warnings
    }
}
