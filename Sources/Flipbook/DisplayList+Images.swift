import FlipbookGeometry
import FlipbookModel
import FlipbookRaster
import FlipbookSamples
import Foundation

extension DisplayList {
    /// How an image op maps its rect to the window: not at all (window points), through an
    /// affine transform, or through a projective map (a 3-D transform with perspective).
    enum ImageMapping {
        case none
        case affine(Transform2D)
        case projective(Homography)
    }

    /// Calls `body` for every image `ops` draw, groups included, in drawing order: its source,
    /// rect, content mode and how the rect is mapped to the window.
    static func forEachImage(in ops: [DisplayOp], _ body: (String, Rect, ContentMode, ImageMapping) -> Void) {
        _ = visitImages(ops, rebuilding: false) { source, rect, mode, transform in
            body(source, rect, mode, transform)
            return source
        }
    }

    /// `ops` with each image source replaced by `rename(source)`.
    static func mappingImageSources(_ ops: [DisplayOp], _ rename: (String) -> String) -> [DisplayOp] {
        visitImages(ops, rebuilding: true) { source, _, _, _ in rename(source) }
    }

    /// The image files `ops` draw (groups included), each once, in order of first use.
    static func imageSources(in ops: [DisplayOp]) -> [String] {
        var sources: [String] = [], seen = Set<String>()
        forEachImage(in: ops) { source, _, _, _ in
            if seen.insert(source).inserted { sources.append(source) }
        }
        return sources
    }

    /// The one walk over image ops: `visit` sees each image and returns its (new) source. With
    /// `rebuilding`, the ops are returned with those sources; without, nothing is built and the
    /// result is empty.
    private static func visitImages(
        _ ops: [DisplayOp], rebuilding: Bool,
        _ visit: (String, Rect, ContentMode, ImageMapping) -> String
    ) -> [DisplayOp] {
        var result: [DisplayOp] = []
        if rebuilding { result.reserveCapacity(ops.count) }
        for op in ops {
            let mapped: DisplayOp
            switch op {
            case let .image(source, rect, contentMode, opacity, clip):
                let renamed = visit(source, rect, contentMode, .none)
                mapped = .image(source: renamed, rect: rect, contentMode: contentMode, opacity: opacity, clip: clip)
            case let .transformedImage(source, rect, contentMode, transform, opacity, clip):
                let renamed = visit(source, rect, contentMode, .affine(transform))
                mapped = .transformedImage(
                    source: renamed, rect: rect, contentMode: contentMode, transform: transform,
                    opacity: opacity, clip: clip)
            case let .group(opacity, children):
                mapped = .group(opacity: opacity, ops: visitImages(children, rebuilding: rebuilding, visit))
            case let .maskedGroup(opacity, mask, children):
                mapped = .maskedGroup(opacity: opacity, mask: mask, ops: visitImages(children, rebuilding: rebuilding, visit))
            case let .projected(.image(source, rect, contentMode), projection, opacity, clip):
                let renamed = visit(source, rect, contentMode, .projective(projection))
                mapped = .projected(
                    .image(source: renamed, rect: rect, contentMode: contentMode), projection: projection,
                    opacity: opacity, clip: clip)
            case let .pathMaskedGroup(opacity, mask, children):
                mapped = .pathMaskedGroup(opacity: opacity, mask: mask, ops: visitImages(children, rebuilding: rebuilding, visit))
            case let .shadowedGroup(opacity, shadow, clip, children):
                mapped = .shadowedGroup(
                    opacity: opacity, shadow: shadow, clip: clip, ops: visitImages(children, rebuilding: rebuilding, visit))
            case let .layerMaskedGroup(opacity, mask, children):
                mapped = .layerMaskedGroup(
                    opacity: opacity, mask: visitImages(mask, rebuilding: rebuilding, visit),
                    ops: visitImages(children, rebuilding: rebuilding, visit))
            case .fill, .text, .transformedText, .shape, .path, .projected(.text, _, _, _), .projected(.gradient, _, _, _), .shadow,
                .gradient, .backdrop,
                .vector:
                mapped = op
            }
            if rebuilding { result.append(mapped) }
        }
        return result
    }
}
