import FlipbookGeometry
package import FlipbookModel
package import FlipbookRaster
import FlipbookText
import Foundation

/// Renders the frames of a job while drawing what frames share only once, at the display-list
/// level (nothing here knows about presets):
///
/// - **Occlusion.** Everything before the last top-level op that paints the whole canvas with
///   an opaque colour (a `fill` of opacity 1 and alpha 1 covering every pixel, unclipped) is
///   invisible: the frame starts from a canvas filled with that colour and draws only the ops
///   after it (a fill with weight 256 and alpha 255 stores its colour exactly, whatever was
///   beneath, so the pixels are the same).
/// - **Shared prefixes.** The frames' remaining op lists go into a trie. A prefix that two or
///   more frames start with (the grid with its hidden cell under a fading detail, the bar's
///   static part, …) is a candidate *base*; the most valuable ones — (frames − 1) × estimated
///   pixels drawn — are kept, up to `baseBudgetBytes`. A base is drawn once, from its own
///   longest kept prefix, when a frame first needs it, and released after its last user; each
///   frame copies its deepest base and draws the rest of its ops.
///
/// Canvas operations only read the canvas and their op, so drawing a prefix once and continuing
/// on a copy gives exactly the bytes of drawing every op in turn, for any thread count and order.
/// `@unchecked Sendable`: the compiler cannot see that each base's `image` and `users` change
/// only under that base's lock (the plans are constants).
package final class FrameCache: @unchecked Sendable {
    /// The most bytes the kept bases may take together (at least one base is always allowed).
    /// 48 MB: twelve 750×1334 frames, four 1242×2208 ones.
    static let baseBudgetBytes = 48 << 20

    package let rasterizer: FrameRasterizer
    package let lists: [DisplayList]
    private let plans: [Plan]
    private let bases: [Base]

    /// How one frame is drawn: from `base` (or a canvas of `background`), ops from `firstOp` on;
    /// the first `occludedOps` ops are hidden under an opaque full-canvas fill.
    private struct Plan {
        var background: UInt32
        var base: Int?
        var firstOp: Int
        var occludedOps: Int
    }

    /// A shared prefix drawn once: `list`'s ops `ops` on top of `parent` (or of `background`).
    private final class Base {
        let parent: Int?
        let list: Int
        let ops: Range<Int>
        let background: UInt32
        let lock = NSLock()
        var image: PremultipliedImage?
        /// Frames and bases still to read `image`; at 0 it is released.
        var users = 0

        init(parent: Int?, list: Int, ops: Range<Int>, background: UInt32) {
            self.parent = parent; self.list = list; self.ops = ops; self.background = background
        }
    }

    /// The plan for `lists` (all of one device), drawn by `rasterizer`.
    package init(lists: [DisplayList], rasterizer: FrameRasterizer) {
        self.rasterizer = rasterizer
        self.lists = lists
        // 1. Occlusion: where each frame starts.
        let starts = lists.map(FrameCache.visibleStart)
        // 2. The trie of the visible op lists.
        let trie = PrefixTrie(lists: lists, starts: starts)
        // 3. The shared prefixes worth drawing once.
        let kept = FrameCache.keptBases(trie, lists: lists)
        // 4. Bases in ancestor-first order (node ids grow along every path), each on its deepest
        //    kept ancestor; frames on their deepest kept prefix.
        var baseOfNode: [Int: Int] = [:]
        var bases: [Base] = [], baseDepth: [Int] = []
        for node in kept.sorted() {
            var above: Int?
            var current = trie.parent[node]
            while current >= 0, above == nil {
                above = baseOfNode[current]
                current = trie.parent[current]
            }
            let list = trie.owner[node], start = starts[list].firstOp
            let aboveDepth = above.map { baseDepth[$0] } ?? 0
            bases.append(
                Base(
                    parent: above, list: list, ops: (start + aboveDepth)..<(start + trie.depth[node]),
                    background: starts[list].background))
            baseDepth.append(trie.depth[node])
            baseOfNode[node] = bases.count - 1
            if let above { bases[above].users += 1 }
        }
        var plans: [Plan] = []
        for (index, path) in trie.paths.enumerated() {
            let node = path.last { baseOfNode[$0] != nil }
            let base = node.flatMap { baseOfNode[$0] }
            if let base { bases[base].users += 1 }
            plans.append(
                Plan(
                    background: starts[index].background, base: base,
                    firstOp: starts[index].firstOp + (node.map { trie.depth[$0] } ?? 0), occludedOps: starts[index].firstOp))
        }
        self.plans = plans
        self.bases = bases
    }

    /// The frames' visible op lists as a trie: nodes are prefixes, one root per (background,
    /// device); per node its parent (−1 for a root), depth in ops, frames passing through it,
    /// estimated pixels drawn from the root and the first frame reaching it; per frame its path.
    private struct PrefixTrie {
        var parent: [Int] = [], depth: [Int] = [], count: [Int] = [], cost: [Double] = [], owner: [Int] = []
        var paths: [[Int]] = []

        init(lists: [DisplayList], starts: [(background: UInt32, firstOp: Int)]) {
            struct Key: Hashable { var parent: Int; var op: DisplayOp }
            struct RootKey: Hashable { var background: UInt32; var device: Device }
            var roots: [RootKey: Int] = [:]
            var children: [Key: Int] = [:]
            for (index, list) in lists.enumerated() {
                let rootKey = RootKey(background: starts[index].background, device: list.device)
                let root: Int
                if let existing = roots[rootKey] {
                    root = existing
                } else {
                    root = addNode(parent: -1, depth: 0, cost: 0, owner: index)
                    roots[rootKey] = root
                }
                count[root] += 1
                var path = [root], node = root
                let canvas = list.device.bounds, scale = list.device.scale
                for op in list.ops[starts[index].firstOp...] {
                    let key = Key(parent: node, op: op)
                    if let next = children[key] {
                        node = next
                    } else {
                        let next = addNode(
                            parent: node, depth: depth[node] + 1,
                            cost: cost[node] + FrameCache.estimatedPixels(op, canvas: canvas, scale: scale), owner: index)
                        children[key] = next
                        node = next
                    }
                    count[node] += 1
                    path.append(node)
                }
                paths.append(path)
            }
        }

        private mutating func addNode(parent node: Int, depth nodeDepth: Int, cost nodeCost: Double, owner frame: Int) -> Int {
            parent.append(node); depth.append(nodeDepth); count.append(0); cost.append(nodeCost); owner.append(frame)
            return parent.count - 1
        }
    }

    /// The nodes to draw once: each frame's deepest prefix shared with another frame, worth at
    /// least half a canvas of pixels (a smaller base saves less than copying it costs), the most
    /// valuable — (frames − 1) × estimated pixels — first, as many as `baseBudgetBytes` holds.
    private static func keptBases(_ trie: PrefixTrie, lists: [DisplayList]) -> ArraySlice<Int> {
        var candidates = Set<Int>()
        for (index, path) in trie.paths.enumerated() {
            let pixels = Double(lists[index].device.pixelSize.width * lists[index].device.pixelSize.height)
            if let node = path.last(where: { trie.depth[$0] > 0 && trie.count[$0] >= 2 }), trie.cost[node] >= pixels / 2 {
                candidates.insert(node)
            }
        }
        let frameBytes = lists.map { 4 * $0.device.pixelSize.width * $0.device.pixelSize.height }.max() ?? 1
        let maximumBases = max(1, FrameCache.baseBudgetBytes / max(frameBytes, 1))
        return candidates.sorted { a, b in
            let scoreA = Double(trie.count[a] - 1) * trie.cost[a], scoreB = Double(trie.count[b] - 1) * trie.cost[b]
            return scoreA != scoreB ? scoreA > scoreB : a < b
        }.prefix(maximumBases)
    }

    /// Frames drawn from a shared base (for tests and the bench).
    var framesUsingBases: Int { plans.filter { $0.base != nil }.count }
    /// Bases kept.
    var baseCount: Int { bases.count }
    /// Frames that skip ops hidden under an opaque full-canvas fill.
    var framesSkippingOccludedOps: Int { plans.filter { $0.occludedOps > 0 }.count }

    /// Frame `position` of `lists`, byte-identical to `rasterizer.render(lists[position])`.
    /// Thread-safe; call it once per position (a base is released after its last frame).
    package func render(_ position: Int) -> PremultipliedImage {
        let plan = plans[position]
        return draw(lists[position].ops[plan.firstOp...], device: lists[position].device, on: plan.base, or: plan.background)
    }

    /// `ops` drawn on a copy of base `base`'s pixels (which is then released once), or on a
    /// canvas of the device's size filled with `background`.
    private func draw(_ ops: ArraySlice<DisplayOp>, device: Device, on base: Int?, or background: UInt32) -> PremultipliedImage {
        var canvas: Canvas
        if let base {
            canvas = Canvas(image: image(of: base), scale: device.scale)
            release(base)
        } else {
            let size = device.pixelSize
            canvas = Canvas(
                widthPixels: size.width, heightPixels: size.height, scale: device.scale,
                background: PremultipliedPixel(packed: background))
        }
        rasterizer.draw(Array(ops), on: &canvas)
        return canvas.image
    }

    /// Base `index`'s pixels, drawn by the first caller (from its parent's) while others wait.
    /// Locks are taken child before parent only, so waiting cannot form a cycle.
    private func image(of index: Int) -> PremultipliedImage {
        let base = bases[index]
        base.lock.lock()
        defer { base.lock.unlock() }
        if let image = base.image { return image }
        let list = lists[base.list]
        let image = draw(list.ops[base.ops], device: list.device, on: base.parent, or: base.background)
        base.image = image
        return image
    }

    /// One user of base `index` is done with it; the last one frees its pixels.
    private func release(_ index: Int) {
        let base = bases[index]
        base.lock.lock()
        base.users -= 1
        precondition(base.users >= 0, "base \(index) released more often than it has users")
        if base.users == 0 { base.image = nil }
        base.lock.unlock()
    }

    /// Where drawing `list` can start: after the last top-level op that paints every pixel of
    /// the canvas with an opaque colour (then the canvas starts as that colour), else at op 0
    /// on the window's white.
    static func visibleStart(_ list: DisplayList) -> (background: UInt32, firstOp: Int) {
        let white = PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255).packed
        let size = list.device.pixelSize, scale = list.device.scale
        func covers(_ rect: Rect) -> Bool {
            // Scaled edges at or beyond the canvas's give every pixel weight 256 in both axes.
            rect.minX * scale <= 0 && rect.minY * scale <= 0
                && rect.maxX * scale >= Double(size.width) && rect.maxY * scale >= Double(size.height)
        }
        for index in list.ops.indices.reversed() {
            guard case let .fill(rect, color, opacity, clip) = list.ops[index] else { continue }
            let pixel = color.premultipliedPixel
            guard pixel.alpha == 255, PixelMath.weight(opacity) == 256, covers(rect) else { continue }
            if let clip, !(covers(clip.rect) && !(clip.cornerRadius > 0)) { continue }
            return (pixel.packed, index + 1)
        }
        return (white, 0)
    }

    /// A rough cost of drawing `op`, in device pixels touched: its bounds on the canvas, times 4
    /// for images (sampling costs several times a fill per pixel) and text (glyph rendering),
    /// times 2 for groups (buffer + composite) plus their children.
    static func estimatedPixels(_ op: DisplayOp, canvas: Rect, scale: Double) -> Double {
        func area(_ rect: Rect?) -> Double {
            guard let onCanvas = (rect ?? canvas).intersection(canvas) else { return 0 }
            return onCanvas.width * onCanvas.height * scale * scale
        }
        switch op {
        case .fill, .shape, .path: return area(FrameRasterizer.bounds(of: [op]))
        // Flattened and outlined before it is filled.
        case .vector: return 2 * area(FrameRasterizer.bounds(of: [op]))
        case let .layerMaskedGroup(_, mask, children):
            return 3 * area(FrameRasterizer.bounds(of: mask))
                + (mask + children).reduce(0) { $0 + estimatedPixels($1, canvas: canvas, scale: scale) }
        case .gradient: return 2 * area(FrameRasterizer.bounds(of: [op]))
        case .shadow, .backdrop:
            // A blur: six box passes per channel over the bounds.
            return 8 * area(FrameRasterizer.bounds(of: [op]))
        case let .shadowedGroup(_, _, _, children):
            return 8 * area(FrameRasterizer.bounds(of: [op]))
                + children.reduce(0) { $0 + estimatedPixels($1, canvas: canvas, scale: scale) }
        case .image, .transformedImage, .projected: return 4 * area(FrameRasterizer.bounds(of: [op]))
        case let .text(layout, _, _, _, _):
            let glyphArea = layout.lines.flatMap(\.runs).reduce(0.0) { $0 + Double($1.glyphs.count) * $1.sizePoints * $1.sizePoints }
            return 4 * glyphArea * scale * scale
        case .transformedText:
            // Glyphs drawn offscreen, then the bitmap resampled like an image.
            return 8 * area(FrameRasterizer.textBounds(op))
        case let .group(_, children), let .maskedGroup(_, _, children), let .pathMaskedGroup(_, _, children):
            return 2 * area(FrameRasterizer.bounds(of: children))
                + children.reduce(0) { $0 + estimatedPixels($1, canvas: canvas, scale: scale) }
        }
    }
}
