import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import Foundation

/// Core Animation's timing (`CAMediaTiming`) of an explicit animation, resolved into the
/// recording's segments: `beginTime`, `speed`, `timeOffset`, `repeatCount`/`repeatDuration`,
/// `autoreverses`, the fill modes and `isRemovedOnCompletion`, the delegate's calls, removal.
extension Recorder {
    /// Records an explicit animation added to a view's layer (see docs/UIKIT.md): its values
    /// over its active time from `beginTime` (or now); outside it the layer shows its model
    /// value unless a fill mode says otherwise; the delegate is told at the start and the end.
    func addLayerAnimation(_ animation: CAAnimation, to layer: CALayer) {
        let viewName = layer.recordingView?.recordingName ?? "CALayer"
        if let transition = animation as? CATransition {
            addContentTransition(transition, to: layer)
            return
        }
        let begin = animation.beginTime > 0 ? max(Double(animation.beginTime), clockSeconds) : clockSeconds
        guard let view = layer.recordingView else {
            // A layer no view holds records nothing; its delegate is still told.
            let end = begin + (animation.duration > 0 ? Double(animation.duration) : currentTransaction.durationSeconds)
            schedule(atSeconds: begin, view: viewName) { animation.delegate?.animationDidStart(animation) }
            schedule(atSeconds: end, view: viewName) { animation.delegate?.animationDidStop(animation, finished: true) }
            return
        }
        if let window, !view.isDescendant(of: window) {
            fail(.animatedOutsideWindow(view: view.recordingName))
            return
        }
        let group = newGroup()
        let record = record(for: view)
        guard
            let (end, properties) = emit(
                animation, layer: layer, view: view, record: record, group: group, beginSeconds: begin,
                holdFromSeconds: clockSeconds, clipSeconds: nil, defaultDuration: currentTransaction.durationSeconds)
        else { return }
        let lastOrder = currentOrder
        transactionEndSeconds = max(transactionEndSeconds, end)
        endSeconds = max(endSeconds, end)
        if mainTiming == nil {
            mainTiming = Timing(
                curve: .bezier((animation.timingFunction ?? currentTransaction.timingFunction)?.bezier ?? .linear),
                durationSeconds: max(end - begin, Recorder.holdSeconds))
        }
        let key = AnyHashable(ObjectIdentifier(animation))
        let holds = !animation.isRemovedOnCompletion && (animation.fillMode == .forwards || animation.fillMode == .both)
        schedule(atSeconds: begin, view: view.recordingName, key: key) { animation.delegate?.animationDidStart(animation) }
        schedule(atSeconds: end, view: view.recordingName, key: key) { [weak self] in
            guard let self else { return }
            self.finish(animation, record: record, properties: properties, after: lastOrder, holds: holds)
        }
        animation.recordedRemoval = { [weak self] in
            guard let self else { return }
            // Removed early: what it would still do goes, the model value shows, and the
            // delegate hears `finished: false`.
            self.unschedule { $0 == key }
            for property in properties {
                record.tracks[property]?.entries.removeAll { $0.group == group && $0.startSeconds > self.clockSeconds }
            }
            self.snapBack(record, properties, after: lastOrder)
            animation.recordedRemoval = nil
            self.schedule(atSeconds: self.clockSeconds, view: view.recordingName) {
                animation.delegate?.animationDidStop(animation, finished: false)
            }
        }
    }

    /// An animation's end: removed (or never filling forwards), the model value shows again;
    /// kept filling forwards, removing it later does that.
    private func finish(_ animation: CAAnimation, record: ViewRecord, properties: [AnimatableProperty], after order: Int, holds: Bool) {
        if holds {
            let removal: @MainActor () -> Void = { [weak self] in self?.snapBack(record, properties, after: order) }
            animation.recordedRemoval = removal
        } else {
            snapBack(record, properties, after: order)
            animation.recordedRemoval = nil
        }
        animation.delegate?.animationDidStop(animation, finished: true)
    }

    /// The shortest animation a transition file carries (`duration` ≥ 0.001 s): a hold lasts it,
    /// still far under a frame at 240 fps.
    static let shortestFileSeconds = 0.001

    /// Steps each property back to the view's model value now, unless an animation added later
    /// is still running on it (Core Animation shows the animation on top).
    func snapBack(_ record: ViewRecord, _ properties: [AnimatableProperty], after order: Int) {
        let model = record.view.animatableState
        for property in properties {
            let laterRunning =
                record.tracks[property]?.entries.contains {
                    $0.order > order && $0.timing != nil && $0.startSeconds + ($0.timing?.durationSeconds ?? 0) > clockSeconds
                } ?? false
            if !laterRunning { appendStep(record, property, model.value(property)) }
        }
    }

    /// Emits an animation's segments from `beginSeconds` (a group's children from theirs, cut
    /// at `clipSeconds`); returns its active end and the properties it moves (nil: failed).
    private func emit(
        _ animation: CAAnimation, layer: CALayer, view: UIView, record: ViewRecord, group: Int, beginSeconds: Double,
        holdFromSeconds: Double, clipSeconds: Double?, defaultDuration: Double
    ) -> (Double, [AnimatableProperty])? {
        let name = view.recordingName
        let repeatCount = Double(animation.repeatCount), repeatDuration = Double(animation.repeatDuration), speed = Double(animation.speed)
        guard repeatCount.isFinite, repeatDuration.isFinite else {
            // Refused rather than cut: a recording lasts until its animations end, so a loop
            // cut at an arbitrary length would decide the transition's duration on its own.
            fail(.neverEnds(view: name, reason: "an infinite repeatCount or repeatDuration; give a finite count")); return nil
        }
        guard repeatCount >= 0, repeatDuration >= 0 else {
            fail(.invalidAnimation(view: name, field: "repeatCount", problem: "is negative")); return nil
        }
        guard speed > 0, speed.isFinite else {
            fail(.notDrawn(view: name, what: "an animation with speed \(speed) (a paused or reversed animation)")); return nil
        }
        guard animation.timeOffset.isFinite, animation.beginTime.isFinite, animation.duration.isFinite, animation.duration >= 0 else {
            fail(.invalidAnimation(view: name, field: "timeOffset, beginTime or duration", problem: "is not a finite time")); return nil
        }
        if let groupAnimation = animation as? CAAnimationGroup {
            return emitGroup(
                groupAnimation, layer: layer, view: view, record: record, group: group, beginSeconds: beginSeconds,
                clipSeconds: clipSeconds, defaultDuration: defaultDuration)
        }
        guard let property = animation as? CAPropertyAnimation, let keyPath = property.keyPath else {
            fail(.notDrawn(view: name, what: "a \(type(of: animation)) without a key path")); return nil
        }
        let properties = Recorder.properties(of: keyPath)
        guard !properties.isEmpty, Recorder.transformComponent(keyPath) != nil || !keyPath.hasPrefix("transform.") else {
            fail(.notDrawn(view: name, what: "an animation of key path \"\(keyPath)\"")); return nil
        }
        let spring = (animation as? CASpringAnimation)?.spring
        if let spring, !spring.settlingDurationSeconds.isFinite, animation.duration <= 0 {
            fail(.neverEnds(view: name, reason: "a CASpringAnimation without damping never settles")); return nil
        }
        let duration = max(
            animation.duration > 0 ? Double(animation.duration) : (spring?.settlingDurationSeconds ?? defaultDuration), Recorder.holdSeconds
        )
        let motion: SimpleMotion?
        if let keyframes = animation as? CAKeyframeAnimation {
            motion = keyframeMotion(
                keyframes, keyPath: keyPath, layer: layer, view: view,
                properties: keyframes.path != nil && keyframes.rotationMode != nil ? [.frame, .transform] : properties,
                durationSeconds: duration)
        } else if let basic = animation as? CABasicAnimation {
            let curve: TimingCurve =
                spring.map { .springPhysics($0) }
                ?? .bezier((animation.timingFunction ?? currentTransaction.timingFunction)?.bezier ?? .linear)
            motion = basicMotion(
                basic, keyPath: keyPath, layer: layer, view: view, properties: properties, curve: curve, durationSeconds: duration)
        } else {
            fail(.notDrawn(view: name, what: "a \(type(of: animation))")); return nil
        }
        guard let motion else { return nil }
        let iterations = repeatDuration > 0 ? repeatDuration / duration / (animation.autoreverses ? 2 : 1) : max(repeatCount, 1)
        let activeLocal = iterations * duration * (animation.autoreverses ? 2 : 1)
        var end = beginSeconds + activeLocal / speed
        if let clipSeconds { end = min(end, clipSeconds) }
        // Local time at a recording time: (t − begin)·speed + timeOffset, wrapped into the
        // active duration (an offset animation plays from the offset to its end, then from
        // its start to the offset).
        let offset = activeLocal > 0 ? Double(animation.timeOffset).truncatingRemainder(dividingBy: activeLocal) : 0
        let wrappedOffset = offset < 0 ? offset + activeLocal : offset
        func fraction(atSeconds t: Double) -> Double {
            var local = (t - beginSeconds) * speed + wrappedOffset
            // Past the active end only through the offset: wrapped (the end itself is the end).
            if local > activeLocal + 1e-12 { local -= activeLocal }
            local = min(max(local, 0), activeLocal)
            var iteration = (local / duration).rounded(.down)
            // The active end shows the last iteration's end, not the next one's start.
            if iteration > 0 && local == iteration * duration && local >= activeLocal - 1e-12 { iteration -= 1 }
            let within = min(max((local - iteration * duration) / duration, 0), 1)
            let reversed = animation.autoreverses && Int(iteration) % 2 == 1
            return reversed ? 1 - within : within
        }
        // Before a later start: the start value (filled backwards) or, for a property nothing
        // animated yet, what shows now (the model fills a first segment backwards otherwise).
        let hold = Timing(curve: .bezier(.linear), durationSeconds: Recorder.shortestFileSeconds)
        if beginSeconds > holdFromSeconds {
            let backwards = animation.fillMode == .backwards || animation.fillMode == .both
            let first = motion.state(atFraction: fraction(atSeconds: beginSeconds))
            for property in motion.properties where backwards || (record.tracks[property]?.entries.isEmpty ?? true) {
                let value = backwards ? first.value(property) : record.value(property, atSeconds: holdFromSeconds)
                appendSegment(record, property, startSeconds: holdFromSeconds, timing: hold, from: value, to: value, group: group)
            }
        }
        // The active time cut where an iteration, a wrap or a piece begins: whole pieces are
        // segments, the rest is sampled.
        var local = wrappedOffset, t = beginSeconds
        while t < end - 1e-12 {
            let iteration = (local / duration).rounded(.down)
            let nextLocal = min((iteration + 1) * duration, activeLocal)
            var next = t + (nextLocal - local) / speed
            if next <= t { next = t + Recorder.holdSeconds }
            let reversed = animation.autoreverses && Int(iteration) % 2 == 1
            let within = min(max((local - iteration * duration) / duration, 0), 1)
            emitIteration(
                motion, record: record, group: group, startSeconds: t, endSeconds: min(next, end), speed: speed,
                firstFraction: reversed ? 1 - within : within, reversed: reversed)
            t = next
            local = nextLocal >= activeLocal ? 0 : nextLocal
        }
        // A child of a group that does not fill forwards shows the model value from its end.
        if clipSeconds != nil, let clipSeconds, end < clipSeconds, animation.fillMode != .forwards, animation.fillMode != .both {
            let order = currentOrder
            schedule(atSeconds: end, view: name, key: AnyHashable(ObjectIdentifier(animation))) { [weak self] in
                self?.snapBack(record, motion.properties, after: order)
            }
        }
        return (end, motion.properties)
    }

    /// One iteration's share of the active time, `startSeconds`…`endSeconds`, with fraction
    /// `fraction(t)` of the simple time at recording time t (decreasing when `reversed`).
    private func emitIteration(
        _ motion: SimpleMotion, record: ViewRecord, group: Int, startSeconds: Double, endSeconds: Double, speed: Double,
        firstFraction: Double, reversed: Bool
    ) {
        let duration = motion.durationSeconds
        // Within one iteration's half the fraction runs straight with time.
        func fraction(_ t: Double) -> Double {
            let moved = (t - startSeconds) * speed / duration
            return min(max(reversed ? firstFraction - moved : firstFraction + moved, 0), 1)
        }
        let pieces = reversed ? motion.pieces.reversed() : motion.pieces
        for piece in pieces {
            // The piece's recording times, if the cut shows it.
            let pieceStart = startSeconds + (reversed ? firstFraction - piece.end : piece.start - firstFraction) * duration / speed
            let pieceEnd = pieceStart + (piece.end - piece.start) * duration / speed
            let from = max(pieceStart, startSeconds), to = min(pieceEnd, endSeconds)
            // (A zero-length interval, a discrete value never shown, draws nothing.)
            guard to > from else { continue }
            let whole = from == pieceStart && to == pieceEnd && piece.sampled == nil
            if whole, case let .bezier(bezier) = piece.curve {
                let timing = Timing(
                    curve: .bezier(reversed ? bezier.reversed : bezier), durationSeconds: max(to - from, Recorder.holdSeconds))
                for property in motion.properties {
                    let a = piece.from.value(property), b = piece.to.value(property)
                    appendSegment(
                        record, property, startSeconds: from, timing: timing, from: reversed ? b : a, to: reversed ? a : b, group: group)
                }
                continue
            }
            if whole, !reversed, speed == 1 {
                let timing = Timing(curve: piece.curve, durationSeconds: max(to - from, Recorder.holdSeconds))
                for property in motion.properties {
                    appendSegment(
                        record, property, startSeconds: from, timing: timing, from: piece.from.value(property),
                        to: piece.to.value(property), group: group)
                }
                continue
            }
            // Sampled on the 1/240 s grid of the recording's clock, plus the piece's ends.
            // Grid times closer than a transition file's shortest duration (1 ms) to the ends
            // are left out, so every sample exports.
            var times = [from]
            var k = (from / Recorder.sampleSeconds).rounded(.down) + 1
            while k * Recorder.sampleSeconds < to - Recorder.shortestFileSeconds {
                if k * Recorder.sampleSeconds > from + Recorder.shortestFileSeconds { times.append(k * Recorder.sampleSeconds) }
                k += 1
            }
            times.append(to)
            var previous = motion.state(atFraction: fraction(from))
            for (a, b) in zip(times, times.dropFirst()) {
                // The end of the piece is its own end value (not the next iteration's start).
                let next = b == pieceEnd ? (reversed ? piece.from : piece.to) : motion.state(atFraction: fraction(b))
                let timing = Timing(curve: .bezier(.linear), durationSeconds: max(b - a, Recorder.holdSeconds))
                for property in motion.properties {
                    appendSegment(
                        record, property, startSeconds: a, timing: timing, from: previous.value(property), to: next.value(property),
                        group: group)
                }
                previous = next
            }
        }
    }

    /// A group: each child from the group's start plus its `beginTime`, lasting the group's
    /// duration when it has none of its own, cut at the group's end.
    private func emitGroup(
        _ groupAnimation: CAAnimationGroup, layer: CALayer, view: UIView, record: ViewRecord, group: Int, beginSeconds: Double,
        clipSeconds: Double?, defaultDuration: Double
    ) -> (Double, [AnimatableProperty])? {
        let name = view.recordingName
        if groupAnimation.speed != 1 || groupAnimation.timeOffset != 0 || groupAnimation.repeatCount > 0
            || groupAnimation.repeatDuration > 0
            || groupAnimation.autoreverses || (groupAnimation.timingFunction.map { $0.bezier != .linear } ?? false)
        {
            fail(
                .notDrawn(
                    view: name,
                    what: "a CAAnimationGroup's own speed, timeOffset, repeat, autoreverses or timingFunction (set them on its children)"))
            return nil
        }
        let duration = groupAnimation.duration > 0 ? Double(groupAnimation.duration) : defaultDuration
        var end = beginSeconds + duration
        if let clipSeconds { end = min(end, clipSeconds) }
        var properties: [AnimatableProperty] = []
        for child in groupAnimation.animations ?? [] {
            let childBegin = beginSeconds + max(Double(child.beginTime), 0)
            guard childBegin < end else { continue }
            guard
                let (_, moved) = emit(
                    child, layer: layer, view: view, record: record, group: group, beginSeconds: childBegin,
                    holdFromSeconds: beginSeconds, clipSeconds: end, defaultDuration: duration)
            else { return nil }
            properties += moved.filter { !properties.contains($0) }
        }
        return (end, properties)
    }
}
