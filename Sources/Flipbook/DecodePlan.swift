import FlipbookCodecs
import FlipbookScene

/// Which image files a render decodes and how small: every source its display lists draw, each
/// file's header (read once, within the job's limits), and the smallest decode that still gives
/// every frame the pixels of a full run. `RenderJob` plans one job; `Comparison` adds each of its
/// variants to one plan, so all of them draw the same decoded images.
struct DecodePlan {
    /// The files to decode.
    private(set) var sources = Set<String>()
    /// Every file's header, keyed by path.
    private(set) var headers: [String: ImageHeader] = [:]
    /// The smallest upright size each source may be decoded at.
    private(set) var minimumSizes: [String: (width: Int, height: Int)] = [:]
    /// The manifest and field naming each photo, for a decode error.
    private var fields: [String: (manifest: String, field: String)] = [:]
    /// The largest file read (the largest of the jobs').
    private var maxFileBytes = 0

    /// Adds what `job` needs to render `lists` (frames of its sequence). The sizes come from
    /// every frame of the sequence, not only `lists`: a frame rendered alone or in a shard gets
    /// the same bytes as in a full run. Headers the job read with its manifest are reused; the
    /// others are read now, within the job's limits.
    /// - Throws: a `CodecError` for a file whose header cannot be read.
    mutating func add(_ job: RenderJob, drawing lists: [DisplayList]) throws {
        var drawnHere = Set<String>()
        for list in lists { DisplayList.forEachImage(in: list.ops) { source, _, _, _ in drawnHere.insert(source) } }
        let whole = lists.count == job.sequence.count && zip(lists, job.sequence).allSatisfy { $0.frameIndex == $1.index }
            ? lists : job.sequence.map { job.displayList(frame: $0) }
        headers.merge(job.imageHeaders) { first, _ in first }
        for source in drawnHere.sorted() where headers[source] == nil {
            headers[source] = try ImageDecoder.readHeader(fileAtPath: source, limits: job.settings.decodeLimits)
        }
        let drawn = RenderJob.largestDrawnSizes(in: whole, imageSizes: headers.mapValues { ($0.width, $0.height) })
        // One pixel more than drawn: the canvas samples the pyramid level that leaves a scale in
        // [0.5, 1), i.e. a level strictly larger than the drawn size (an 8:1 draw samples the 4:1
        // level at 2:1, not the 8:1 level at 1:1, which a half-pixel offset would blur). A decode
        // at least drawn + 1 keeps that level available, so frames sample the same grid as from
        // the full decode.
        for (source, size) in drawn where drawnHere.contains(source) {
            let current = minimumSizes[source] ?? (0, 0)
            minimumSizes[source] = (max(current.width, size.width + 1), max(current.height, size.height + 1))
        }
        sources.formUnion(drawnHere)
        for (path, field) in job.photoFields where fields[path] == nil { fields[path] = (job.settings.manifestPath, field) }
        maxFileBytes = max(maxFileBytes, job.settings.maxFileBytes)
    }

    /// Decodes the planned images, at most `pixelBudget` pixels with their pyramids.
    /// - Throws: `ImageStoreError.overBudget`; a `CodecError`, as a `PhotoLibraryError` naming the
    ///   manifest entry when the file is a manifest's photo.
    func makeImageStore(pixelBudget: Int, threads: Int, reusing cache: DecodedImageCache?) throws -> ImageStore {
        do {
            return try ImageStore(sources: sources, minimumSizes: minimumSizes, headers: headers, limits: DecodeLimits(maxFileBytes: maxFileBytes),
                                  pixelBudget: pixelBudget, threads: threads, reusing: cache)
        } catch let error as CodecError {
            // A photo whose header was fine but whose pixels are not: name the manifest entry too.
            guard let field = fields[error.path] else { throw error }
            throw PhotoLibraryError.photo(manifest: field.manifest, field: field.field, underlying: "\(error)")
        }
    }
}
