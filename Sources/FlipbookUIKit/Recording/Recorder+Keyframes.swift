import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import Foundation

/// One iteration of a Core Animation animation over its simple time (fractions 0…1 of its
/// `duration`): pieces that are model segments (a from, a to and a curve) or, where no segment
/// says it (a Catmull-Rom curve, a point on a path, a curve inside a curve), a state per
/// fraction that the recording samples.
struct SimpleMotion {
    struct Piece {
        /// Fractions of the simple duration.
        var start: Double, end: Double
        var from: AnimatableState, to: AnimatableState
        var curve: TimingCurve
        /// The state at each fraction 0…1 of the piece, when no segment says it.
        var sampled: ((Double) -> AnimatableState)?
    }
    var properties: [AnimatableProperty]
    var pieces: [Piece]
    /// The simple duration in seconds (curves such as a spring's run in seconds).
    var durationSeconds: Double

    /// The state at fraction `u` of the simple time.
    func state(atFraction u: Double) -> AnimatableState {
        let piece = pieces.last { $0.start <= u } ?? pieces[0]
        let length = piece.end - piece.start
        let local = length > 0 ? min(max((u - piece.start) / length, 0), 1) : 1
        if let sampled = piece.sampled { return sampled(local) }
        let seconds = length * durationSeconds
        let progress = seconds > 0 ? Timing(curve: piece.curve, durationSeconds: seconds).progress(atSeconds: local * seconds) : 1
        var state = piece.from
        for property in properties {
            state.set(
                property,
                progress == 0
                    ? piece.from.value(property) : .interpolate(piece.from.value(property), piece.to.value(property), progress: progress))
        }
        return state
    }

    /// The whole iteration seen through a timing function over it (a keyframe animation's
    /// `timingFunction`): one sampled piece.
    func warped(by curve: CubicBezier) -> SimpleMotion {
        let inner = self
        let first = state(atFraction: 0), last = state(atFraction: 1)
        return SimpleMotion(
            properties: properties,
            pieces: [
                Piece(start: 0, end: 1, from: first, to: last, curve: .bezier(.linear)) { u in
                    inner.state(atFraction: curve.progress(atFraction: u))
                }
            ], durationSeconds: durationSeconds)
    }
}

extension CubicBezier {
    /// The curve played backwards: progress `1 − f(1 − x)`, the Bézier with its control points
    /// mirrored through (½, ½).
    var reversed: CubicBezier { CubicBezier(x1: 1 - x2, y1: 1 - y2, x2: 1 - x1, y2: 1 - y1) }
}

extension Recorder {
    /// Samples of a motion no model segment says: one straight segment per 1/240 s of the
    /// recording's clock. 240 fps is the highest frame rate rendered, and multiples of 1/240 s
    /// include every frame time at 30, 60, 120 and 240 fps, so a sampled motion is exact in
    /// every frame drawn.
    static let sampleSeconds = 1.0 / 240

    /// The states a keyframe animation's values stand for (nil, after failing, for a value of
    /// the wrong type). `model` is the layer's model copy; `transform.…` values set one
    /// component of the model's transform.
    func keyframeStates(_ values: [Any], keyPath: String, layer: CALayer, view: UIView, additive: Bool) -> [AnimatableState]? {
        var states: [AnimatableState] = []
        for (index, raw) in values.enumerated() {
            guard let state = state(for: raw, keyPath: keyPath, layer: layer, view: view, additive: additive) else {
                fail(
                    .invalidAnimation(
                        view: view.recordingName, field: "values[\(index)]",
                        problem: "(\(type(of: raw))) is not a value of key path \"\(keyPath)\""))
                return nil
            }
            states.append(state)
        }
        return states
    }

    /// The layer's model state with `keyPath` set to `value` (added to the model value when
    /// `additive`); nil for a value of another type.
    func state(for value: Any, keyPath: String, layer: CALayer, view: UIView, additive: Bool) -> AnimatableState? {
        let model = layer.scratchCopy
        if let component = Recorder.transformComponent(keyPath) {
            guard var number = Recorder.number(value).map(Double.init) else { return nil }
            var state = UIView.animatableState(of: model)
            if additive { number += Recorder.transformComponentValue(keyPath, of: state.transform) ?? 0 }
            component(&state.transform, number)
            return state
        }
        var absolute = value
        if additive {
            guard let current = Recorder.get(keyPath, of: model), let added = Recorder.sum(current, value) else { return nil }
            absolute = added
        }
        guard Recorder.set(keyPath, absolute, on: model) else { return nil }
        return UIView.animatableState(of: model)
    }

    /// A `CABasicAnimation`'s (or spring's) one piece: `fromValue`/`toValue`/`byValue` as Core
    /// Animation combines them (from and by: from → from + by; by and to: to − by → to; by
    /// alone: now → now + by; a missing from is what is drawn now, a missing to the model value).
    func basicMotion(
        _ basic: CABasicAnimation, keyPath: String, layer: CALayer, view: UIView, properties: [AnimatableProperty],
        curve: TimingCurve, durationSeconds: Double
    ) -> SimpleMotion? {
        let presented = presentationLayer(of: view)
        var fromValue = basic.fromValue, toValue = basic.toValue
        let isTransformPart = Recorder.transformComponent(keyPath) != nil
        let record = record(for: view)
        let presentedTransform = record.value(.transform, atSeconds: clockSeconds).transformValue ?? view.animatableState.transform
        func now() -> Any? {
            isTransformPart
                ? Recorder.transformComponentValue(keyPath, of: presentedTransform).map { CGFloat($0) }
                : Recorder.get(keyPath, of: presented)
        }
        if let by = basic.byValue {
            if let from = fromValue, toValue == nil {
                toValue = Recorder.sum(from, by)
            } else if let to = toValue, fromValue == nil {
                fromValue = Recorder.sum(to, by, sign: -1)
            } else if fromValue == nil, toValue == nil, let current = now() {
                // By alone moves from what is drawn now (the additive offset is applied below).
                fromValue = basic.isAdditive ? nil : current
                toValue = basic.isAdditive ? by : Recorder.sum(current, by)
            }
            if toValue == nil || (fromValue == nil && basic.toValue != nil) {
                fail(
                    .invalidAnimation(
                        view: view.recordingName, field: "byValue",
                        problem: "(\(type(of: by))) cannot be added to key path \"\(keyPath)\"'s values"))
                return nil
            }
        }
        func resolve(_ value: Any?, field: String, otherwise: AnimatableState) -> AnimatableState? {
            guard let value else { return otherwise }
            guard let state = state(for: value, keyPath: keyPath, layer: layer, view: view, additive: basic.isAdditive) else {
                fail(
                    .invalidAnimation(
                        view: view.recordingName, field: field, problem: "(\(type(of: value))) is not a value of key path \"\(keyPath)\""))
                return nil
            }
            return state
        }
        var drawnNow = UIView.animatableState(of: presented)
        drawnNow.transform = presentedTransform
        guard let from = resolve(fromValue, field: "fromValue", otherwise: drawnNow),
            let to = resolve(toValue, field: "toValue", otherwise: view.animatableState)
        else { return nil }
        return SimpleMotion(
            properties: properties, pieces: [.init(start: 0, end: 1, from: from, to: to, curve: curve)], durationSeconds: durationSeconds)
    }

    /// A `CAKeyframeAnimation`'s iteration: its values (or path) at their key times, each
    /// interval as its calculation mode says.
    func keyframeMotion(
        _ animation: CAKeyframeAnimation, keyPath: String, layer: CALayer, view: UIView,
        properties: [AnimatableProperty], durationSeconds: Double
    ) -> SimpleMotion? {
        let name = view.recordingName
        let mode = animation.calculationMode
        guard [.linear, .discrete, .paced, .cubic, .cubicPaced].contains(mode) else {
            fail(.notDrawn(view: name, what: "a CAKeyframeAnimation calculationMode \"\(mode.rawValue)\"")); return nil
        }
        if let path = animation.path {
            return pathMotion(path, animation: animation, layer: layer, view: view, durationSeconds: durationSeconds)
        }
        guard let values = animation.values, !values.isEmpty else {
            fail(.invalidAnimation(view: name, field: "values", problem: "is empty and there is no path")); return nil
        }
        guard let states = keyframeStates(values, keyPath: keyPath, layer: layer, view: view, additive: animation.isAdditive) else {
            return nil
        }
        let paced = mode == .paced || mode == .cubicPaced
        let intervals = mode == .discrete ? values.count : values.count - 1
        var times: [Double]
        if paced {
            // Constant speed: each interval's share of the time is its share of the distance
            // between successive values (straight lines; for cubicPaced, the chords).
            guard let vectors = values.map(Recorder.components) as? [[Double]], values.count > 1 else {
                fail(
                    .notDrawn(
                        view: name,
                        what: "a paced CAKeyframeAnimation of key path \"\(keyPath)\" (paced needs numbers, points, sizes or rects)"))
                return nil
            }
            let lengths = zip(vectors, vectors.dropFirst()).map { a, b in
                zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
            }
            let total = lengths.reduce(0, +)
            var sum = 0.0
            times =
                [0]
                + lengths.map {
                    sum += $0; return total > 0 ? sum / total : 1
                }
            if total == 0 { times = (0...intervals).map { Double($0) / Double(max(intervals, 1)) } }
        } else if let keyTimes = animation.keyTimes?.map(\.doubleValue) {
            let expected = mode == .discrete ? [values.count + 1, values.count] : [values.count]
            guard expected.contains(keyTimes.count) else {
                fail(
                    .invalidAnimation(
                        view: name, field: "keyTimes",
                        problem:
                            "has \(keyTimes.count) times for \(values.count) values (\(mode == .discrete ? "discrete takes one more, or as many" : "one per value"))"
                    ))
                return nil
            }
            guard zip(keyTimes, keyTimes.dropFirst()).allSatisfy({ $0 <= $1 }), keyTimes.allSatisfy({ (0...1).contains($0) }) else {
                fail(.invalidAnimation(view: name, field: "keyTimes", problem: "\(keyTimes) are not ascending fractions 0…1")); return nil
            }
            times = keyTimes.count == values.count && mode == .discrete ? keyTimes + [1] : keyTimes
        } else {
            times = (0...intervals).map { Double($0) / Double(max(intervals, 1)) }
            if values.count == 1 { times = [0, 1] }
        }
        let functions = paced ? nil : animation.timingFunctions
        if let functions, functions.count != max(values.count - 1, 1), mode != .discrete {
            fail(
                .invalidAnimation(
                    view: name, field: "timingFunctions", problem: "has \(functions.count) curves for \(values.count - 1) intervals"));
            return nil
        }
        func curve(_ index: Int) -> TimingCurve { .bezier(functions.flatMap { index < $0.count ? $0[index].bezier : nil } ?? .linear) }
        var pieces: [SimpleMotion.Piece] = []
        if values.count == 1 || mode == .discrete {
            // Each value held over its interval (one value: held throughout).
            for (index, state) in states.enumerated() where index < times.count - 1 || values.count == 1 {
                pieces.append(
                    .init(
                        start: times[min(index, times.count - 2)], end: times[min(index + 1, times.count - 1)], from: state, to: state,
                        curve: .bezier(.linear)))
            }
        } else if mode == .cubic || mode == .cubicPaced {
            guard let vectors = values.map(Recorder.components) as? [[Double]] else {
                fail(
                    .notDrawn(
                        view: name,
                        what: "a cubic CAKeyframeAnimation of key path \"\(keyPath)\" (cubic needs numbers, points, sizes or rects)"))
                return nil
            }
            for index in 0..<intervals {
                let segmentCurve = curve(index)
                pieces.append(
                    .init(start: times[index], end: times[index + 1], from: states[index], to: states[index + 1], curve: segmentCurve) {
                        [self] s in
                        let progress = Timing(curve: segmentCurve, durationSeconds: 1).progress(atSeconds: s)
                        let point = Recorder.catmullRom(vectors, interval: index, progress: progress)
                        return state(
                            for: Recorder.value(point, like: values[index]), keyPath: keyPath, layer: layer, view: view,
                            additive: animation.isAdditive) ?? states[index]
                    })
            }
        } else {
            for index in 0..<intervals {
                pieces.append(
                    .init(start: times[index], end: times[index + 1], from: states[index], to: states[index + 1], curve: curve(index)))
            }
        }
        let motion = SimpleMotion(properties: properties, pieces: pieces, durationSeconds: durationSeconds)
        if let overall = animation.timingFunction?.bezier, overall != .linear { return motion.warped(by: overall) }
        return motion
    }

    /// Core Animation's `cubic` mode between values `interval` and `interval + 1` at `progress`:
    /// a Catmull-Rom spline (Kochanek–Bartels with zero tension, continuity and bias: tangent
    /// `(p[i+1] − p[i−1]) / 2`), the end values repeated beyond the ends.
    static func catmullRom(_ points: [[Double]], interval i: Int, progress s: Double) -> [Double] {
        let last = points.count - 1
        let p0 = points[max(i - 1, 0)], p1 = points[i], p2 = points[min(i + 1, last)], p3 = points[min(i + 2, last)]
        let s2 = s * s, s3 = s2 * s
        // Cubic Hermite basis with tangents m1 = (p2 − p0)/2, m2 = (p3 − p1)/2.
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        return p1.indices.map { k in
            h00 * p1[k] + h10 * (p2[k] - p0[k]) / 2 + h01 * p2[k] + h11 * (p3[k] - p1[k]) / 2
        }
    }
}
