import FlipbookCodecs
import FlipbookFormats
import FlipbookGeometry
package import FlipbookModel
import FlipbookRender
import FlipbookSamples
import Foundation

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
        try add(job, drawing: drawnHere)
    }

    /// `add(_:drawing:)` given the sources the lists draw.
    mutating func add(_ job: RenderJob, drawing drawnHere: Set<String>) throws {
        headers.merge(job.imageHeaders) { first, _ in first }
        for source in drawnHere.sorted() where headers[source] == nil {
            headers[source] = try ImageDecoder.readHeader(fileAtPath: source, limits: job.settings.decodeLimits)
        }
        // Gathered by the job over its whole sequence, as it made every frame's display list.
        let drawn = job.sequenceImages.largestSizes
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
    func makeImageStore(pixelBudget: Int, threads: Int, reusing cache: DecodedImageCache?, decodingAll: Bool = true) throws -> ImageStore {
        do {
            return try ImageStore(
                sources: sources, minimumSizes: minimumSizes, headers: headers, limits: DecodeLimits(maxFileBytes: maxFileBytes),
                pixelBudget: pixelBudget, threads: threads, reusing: cache, decodingAll: decodingAll)
        } catch {
            throw errorNaming(error)
        }
    }

    /// What a decode error of the planned images is reported as: a photo whose header was fine
    /// but whose pixels are not names its manifest entry too (a `PhotoLibraryError`).
    var errorNaming: @Sendable (Error) -> Error {
        let fields = self.fields
        return { error in
            guard let codec = error as? CodecError, let field = fields[codec.path] else { return error }
            return PhotoLibraryError.photo(manifest: field.manifest, field: field.field, underlying: "\(error: codec)")
        }
    }
}

extension RenderJob {
    /// For each image source, the largest size in device pixels (each axis rounded up) at which
    /// any `image` op of `lists` draws it: its content-mode layout in the op's rect for an image of
    /// `imageSizes[source]` (upright file pixels = points), times the device scale, rounded up. aspectFill and
    /// center may exceed the rect, and springs overshoot, so it is the maximum over every op and
    /// list, per axis. Sources without a size are left out.
    package static func largestDrawnSizes(in lists: [DisplayList], imageSizes: [String: (width: Int, height: Int)]) -> [String: (
        width: Int, height: Int
    )] {
        var sizes: [String: (width: Int, height: Int)] = [:]
        for list in lists { addLargestDrawnSizes(in: list, imageSizes: imageSizes, to: &sizes) }
        return sizes
    }

    /// `largestDrawnSizes` of one more list, folded into `sizes` (so a sequence's lists can be
    /// visited one at a time, none kept).
    static func addLargestDrawnSizes(
        in list: DisplayList, imageSizes: [String: (width: Int, height: Int)],
        to sizes: inout [String: (width: Int, height: Int)]
    ) {
        let scale = list.device.scale
        DisplayList.forEachImage(in: list.ops) { source, rect, contentMode, mapping in
            guard let image = imageSizes[source] else { return }
            let layout = contentMode.imageRect(imageSize: Size(width: Double(image.width), height: Double(image.height)), in: rect)
            // A transform's larger axis stretch: the most source pixels a device pixel can need;
            // a perspective map stretches most at its nearest corner, so the largest of the
            // Jacobian's at the layout's corners.
            let stretch: Double?
            switch mapping {
            case .none: stretch = nil
            case let .affine(t): stretch = max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
            case let .projective(projection):
                stretch =
                    Transform2D.identity.corners(of: layout).map { corner -> Double in
                        let j = projection.jacobian(at: corner)
                        return max((j.a * j.a + j.b * j.b).squareRoot(), (j.c * j.c + j.d * j.d).squareRoot())
                    }.max() ?? 1
            }
            // Rounded up: a fractional pixel still needs a source pixel, but 1e-6 px is
            // forgiven so Double noise on an exact size (124 pt cell: 310.00000000000006 pt
            // wide) does not add a pixel and miss a 2:1 threshold. Clamped so an absurd
            // rect cannot overflow Int (any size ≥ the image's means full size).
            let width = Int(min(max(0, (RenderJob.stretched(layout.width, stretch) * scale - 1e-6).rounded(.up)), 1e9))
            let height = Int(min(max(0, (RenderJob.stretched(layout.height, stretch) * scale - 1e-6).rounded(.up)), 1e9))
            let current = sizes[source] ?? (0, 0)
            sizes[source] = (max(current.width, width), max(current.height, height))
        }
    }

    /// `length` times `stretch`, or `length` itself for an untransformed image (the product is
    /// left out there, as before transforms existed, so its bytes cannot change).
    private static func stretched(_ length: Double, _ stretch: Double?) -> Double {
        stretch.map { length * $0 } ?? length
    }
}
