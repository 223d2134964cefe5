import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import Foundation

extension Recorder {
    /// Records a `CATransition` added to a view's layer: the content last drawn (the end of the
    /// previous moment; in the body, the view as it is when the transition is added) is frozen
    /// into a snapshot beside the view, and the two move or fade against each other while the
    /// view shows its new content. The motions are what Apple's `CATransitionType` documents:
    /// `push` moves the old content out and the new in, each by the layer's full width (or
    /// height for `fromTop`/`fromBottom`); `moveIn` moves the new content in over the old;
    /// `reveal` moves the old content out above the new; `fade` crossfades them. Progress runs
    /// from `startProgress` to `endProgress` over `duration` (the transaction's when 0) on
    /// `timingFunction` (linear when nil); a nil subtype moves as `fromLeft`.
    func addContentTransition(_ transition: CATransition, to layer: CALayer) {
        guard let view = layer.owner, let parent = view.superview else {
            fail(
                .notDrawn(
                    view: layer.recordingView?.recordingName ?? "CALayer", what: "a CATransition on a layer no view in the window backs"))
            return
        }
        let name = view.recordingName
        let known: [CATransitionType] = [.fade, .push, .moveIn, .reveal]
        guard known.contains(transition.type) else {
            fail(.notDrawn(view: name, what: "a CATransition of type \"\(transition.type.rawValue)\"")); return
        }
        let subtype = transition.subtype ?? .fromLeft
        guard [.fromLeft, .fromRight, .fromTop, .fromBottom].contains(subtype) else {
            fail(.notDrawn(view: name, what: "a CATransition of subtype \"\(subtype.rawValue)\"")); return
        }
        let startProgress = Double(transition.startProgress), endProgress = Double(transition.endProgress)
        guard (0...1).contains(startProgress), (0...1).contains(endProgress), startProgress <= endProgress else {
            fail(
                .invalidAnimation(
                    view: name, field: "startProgress/endProgress",
                    problem: "(\(startProgress), \(endProgress)) are not fractions 0…1 in order"));
            return
        }
        let record = record(for: view)
        let begin = transition.beginTime > 0 ? max(Double(transition.beginTime), clockSeconds) : clockSeconds
        let duration = max(transition.duration > 0 ? Double(transition.duration) : currentTransaction.durationSeconds, Recorder.holdSeconds)
        let end = begin + duration
        let curve = TimingCurve.bezier((transition.timingFunction ?? currentTransaction.timingFunction)?.bezier ?? .linear)
        let timing = Timing(curve: curve, durationSeconds: duration)

        // The old content: the view's tree as last drawn, with each view's values then (taken
        // before this transition's own segments are added).
        var previous: (node: TreeNode, values: [Int: AnimatableState])?
        let shownAt: Double
        if momentCount == 0 {
            previous = (treeNode(view), [:]); shownAt = clockSeconds
        } else if let last = moments.last {
            func find(_ node: TreeNode) -> TreeNode? {
                if node.record == record.index { return node }
                for child in node.children { if let found = find(child) { return found } }
                return nil
            }
            previous = find(last.tree).map { ($0, [:]) }; shownAt = last.timeSeconds
        } else {
            shownAt = clockSeconds
        }
        if let node = previous?.node {
            var values: [Int: AnimatableState] = [:]
            func collect(_ node: TreeNode) {
                let shown = records[node.record]
                var state = shown.base
                for property in AnimatableState.recordedProperties { state.set(property, shown.value(property, atSeconds: shownAt)) }
                values[node.record] = state
                node.children.forEach(collect)
            }
            collect(node)
            previous?.values = values
        }
        let oldTransform = previous?.values[record.index]?.transform ?? view.animatableState.transform
        // The distance a push moves each content: the layer's full width or height.
        let size = view.bounds.size
        let direction: (x: Double, y: Double)
        switch subtype {
        case .fromRight: direction = (-1, 0)
        case .fromLeft: direction = (1, 0)
        case .fromTop: direction = (0, 1)
        default: direction = (0, -1)
        }
        let travel = Point(x: direction.x * Double(size.width), y: direction.y * Double(size.height))
        func offset(_ base: LayerTransform, _ k: Double) -> PropertyValue {
            var moved = base
            moved.translation.x += travel.x * k; moved.translation.y += travel.y * k
            return .transform(moved)
        }
        let group = newGroup()
        let modelTransform = view.animatableState.transform
        // The new content: in from the far side (push, moveIn), faded in (fade).
        switch transition.type {
        case .push, .moveIn:
            appendSegment(
                record, .transform, startSeconds: begin, timing: timing,
                from: offset(modelTransform, startProgress - 1), to: offset(modelTransform, endProgress - 1), group: group)
        case .fade:
            let opacity = Double(view.alpha)
            appendSegment(
                record, .opacity, startSeconds: begin, timing: timing,
                from: .number(opacity * startProgress), to: .number(opacity * endProgress), group: group)
        default: break
        }
        let lastOrder = currentOrder
        var snapshot: UISnapshotView?
        if let previous {
            let frozen = UISnapshotView(source: view, rect: view.bounds, capInsets: .zero)
            frozen.frozenContent = previous
            frozen.isUserInteractionEnabled = false
            UIView.performWithoutAnimation {
                frozen.bounds = CGRect(origin: .zero, size: view.bounds.size)
                frozen.center = view.center
                frozen.transform3D = view.transform3D
                // Old above new, except where the new content moves in over it.
                if transition.type == .moveIn {
                    parent.insertSubview(frozen, belowSubview: view)
                } else {
                    parent.insertSubview(frozen, aboveSubview: view)
                }
            }
            let old = self.record(for: frozen)
            switch transition.type {
            case .push, .reveal:
                appendSegment(
                    old, .transform, startSeconds: begin, timing: timing,
                    from: offset(oldTransform, startProgress), to: offset(oldTransform, endProgress), group: group)
            case .fade:
                appendSegment(
                    old, .opacity, startSeconds: begin, timing: timing, from: .number(1 - startProgress), to: .number(1 - endProgress),
                    group: group)
            default: break
            }
            snapshot = frozen
        }
        if mainTiming == nil { mainTiming = timing }
        transactionEndSeconds = max(transactionEndSeconds, end)
        endSeconds = max(endSeconds, end)
        schedule(atSeconds: begin, view: name) { transition.delegate?.animationDidStart(transition) }
        schedule(atSeconds: end, view: name, key: AnyHashable(ObjectIdentifier(transition))) { [weak self] in
            // Over: the snapshot goes and the view shows its own content, untransformed.
            self?.snapBack(record, [.transform, .opacity], after: lastOrder)
            snapshot?.removeFromSuperview()
            transition.delegate?.animationDidStop(transition, finished: true)
        }
    }
}
