extension DisplayOp {
    /// How many groups (`group`, `maskedGroup`, `pathMaskedGroup`, `shadowedGroup`,
    /// `layerMaskedGroup` and its mask) may nest in a
    /// display list: 256. Everything that walks a display list — drawing and its bounds, the
    /// lock and JSON writers, equality and hashing (synthesised, so recursive) — recurses once
    /// per level, and a debug build spends several kilobytes of stack a level: about a thousand
    /// levels overflowed the 8 MB main thread. The presets and samples nest at most two; a
    /// transition file within the JSON reader's 512 levels can reach about a thousand (a layer
    /// 250 deep, faded and shadowed at each level, with a snapshot of another such chain inside
    /// it), and a lock may claim any depth. Display lists are made within it
    /// (`limitingNesting`) and locks are read within it.
    package static let maximumNestingDepth = 256

    /// The ops a group-like op draws offscreen; nil for every other op.
    package var children: [DisplayOp]? {
        switch self {
        case let .group(_, ops), let .maskedGroup(_, _, ops), let .pathMaskedGroup(_, _, ops), let .shadowedGroup(_, _, _, ops),
            let .layerMaskedGroup(_, _, ops):
            return ops
        default: return nil
        }
    }

    /// The same group-like op around `ops` instead of its own; any other op unchanged.
    package func replacingChildren(_ ops: [DisplayOp]) -> DisplayOp {
        switch self {
        case let .group(opacity, _): return .group(opacity: opacity, ops: ops)
        case let .maskedGroup(opacity, mask, _): return .maskedGroup(opacity: opacity, mask: mask, ops: ops)
        case let .pathMaskedGroup(opacity, mask, _): return .pathMaskedGroup(opacity: opacity, mask: mask, ops: ops)
        case let .shadowedGroup(opacity, shadow, clip, _): return .shadowedGroup(opacity: opacity, shadow: shadow, clip: clip, ops: ops)
        case let .layerMaskedGroup(opacity, mask, _): return .layerMaskedGroup(opacity: opacity, mask: mask, ops: ops)
        default: return self
        }
    }

    /// How many groups deep `ops` nest (0 without a group, 1 for a group of plain ops), counted
    /// without recursion; the count stops at `limit`.
    package static func nestingDepth(of ops: [DisplayOp], upTo limit: Int = .max) -> Int {
        var deepest = 0
        var pending: [(ops: [DisplayOp], depth: Int)] = [(ops, 0)]
        while let (list, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            if deepest >= limit { return deepest }
            for op in list {
                if let children = op.children { pending.append((children, depth + 1)) }
                // A mask is drawn in a buffer of its own inside the group's.
                if case let .layerMaskedGroup(_, mask, _) = op { pending.append((mask, depth + 1)) }
            }
        }
        return deepest
    }

    /// `ops` with no group nested deeper than `maximum`: a group-like op that would be is
    /// dissolved into its ops, each with the opacities of the dissolved groups multiplied in —
    /// what the rasterizer does with a group past its buffer budget (Core Animation's
    /// `allowsGroupOpacity` off) — its mask or shadow left out. Rebuilt without recursion, so a
    /// list of any depth is safe; a list within the limit is returned as it is.
    package static func limitingNesting(_ ops: [DisplayOp], to maximum: Int = maximumNestingDepth) -> [DisplayOp] {
        guard nestingDepth(of: ops, upTo: maximum + 1) > maximum else { return ops }
        // levels[d]: the ops inside d groups, read from `source` and rebuilt into `rebuilt`.
        var levels: [(source: [DisplayOp], next: Int, rebuilt: [DisplayOp], opening: DisplayOp?)] = [(ops, 0, [], nil)]
        while true {
            let depth = levels.count - 1
            guard levels[depth].next < levels[depth].source.count else {
                let done = levels.removeLast()
                guard let opening = done.opening else { return done.rebuilt }
                var rebuilt = opening.replacingChildren(done.rebuilt)
                if case let .layerMaskedGroup(opacity, mask, ops) = rebuilt {
                    // The mask's buffer sits at the group's depth: its own groups get what is left.
                    rebuilt = .layerMaskedGroup(opacity: opacity, mask: limitingNesting(mask, to: max(0, maximum - depth)), ops: ops)
                }
                levels[depth - 1].rebuilt.append(rebuilt)
                continue
            }
            let op = levels[depth].source[levels[depth].next]
            levels[depth].next += 1
            if let children = op.children, depth < maximum {
                levels.append((children, 0, [], op))
            } else if op.children != nil {
                levels[depth].rebuilt += dissolved(op)
            } else {
                levels[depth].rebuilt.append(op)
            }
        }
    }

    /// The ops inside a group-like op, in painter's order, groups within it dissolved too, each
    /// op's opacity multiplied by those of the groups around it.
    static func dissolved(_ group: DisplayOp) -> [DisplayOp] {
        var result: [DisplayOp] = []
        var stack: [(ops: [DisplayOp], next: Int, opacity: Double)] = [(group.children ?? [], 0, group.opacity)]
        while let top = stack.indices.last {
            guard stack[top].next < stack[top].ops.count else { stack.removeLast(); continue }
            let op = stack[top].ops[stack[top].next]
            stack[top].next += 1
            if let children = op.children {
                stack.append((children, 0, stack[top].opacity * op.opacity))
            } else {
                result.append(op.multiplyingOpacity(by: stack[top].opacity))
            }
        }
        return result
    }
}
