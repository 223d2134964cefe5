import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import Foundation

/// One drawn element of a keyframe animation's `path`: a line or a Bézier curve from its start
/// point, with its length measured along 32 chords (far below a point's width on any curve a
/// transition moves along: the chord error of a quarter circle of radius 400 pt cut in 32 is
/// about 0.5 pt, and the lengths only share out the time).
struct PathCurve {
    /// Control points, the start first: 2 for a line, 3 for a quad curve, 4 for a cubic one.
    var points: [Point]
    /// Cumulative chord lengths at parameters 0, 1/32, …, 1.
    var lengths: [Double] = []

    static let chords = 32

    init(_ points: [Point]) {
        self.points = points
        var total = 0.0, previous = point(at: 0)
        lengths = [0]
        for k in 1...PathCurve.chords {
            let next = point(at: Double(k) / Double(PathCurve.chords))
            total += ((next.x - previous.x) * (next.x - previous.x) + (next.y - previous.y) * (next.y - previous.y)).squareRoot()
            lengths.append(total)
            previous = next
        }
    }

    var length: Double { lengths[lengths.count - 1] }

    /// The point at Bézier parameter `s` (de Casteljau).
    func point(at s: Double) -> Point {
        var level = points
        while level.count > 1 {
            level = zip(level, level.dropFirst()).map { Point(x: $0.x + ($1.x - $0.x) * s, y: $0.y + ($1.y - $0.y) * s) }
        }
        return level[0]
    }

    /// The direction of travel at parameter `s` (the derivative's direction; at a degenerate
    /// end, the chord to the other end).
    func tangent(at s: Double) -> Point {
        var level = points
        while level.count > 2 {
            level = zip(level, level.dropFirst()).map { Point(x: $0.x + ($1.x - $0.x) * s, y: $0.y + ($1.y - $0.y) * s) }
        }
        let d = Point(x: level[1].x - level[0].x, y: level[1].y - level[0].y)
        if d.x != 0 || d.y != 0 { return d }
        return Point(x: points[points.count - 1].x - points[0].x, y: points[points.count - 1].y - points[0].y)
    }

    /// The parameter at `fraction` of the length (linear between the chords' ends).
    func parameter(atLengthFraction fraction: Double) -> Double {
        let target = fraction * length
        guard length > 0 else { return fraction }
        var k = 1
        while k < lengths.count - 1 && lengths[k] < target { k += 1 }
        let span = lengths[k] - lengths[k - 1]
        let within = span > 0 ? (target - lengths[k - 1]) / span : 0
        return (Double(k - 1) + min(max(within, 0), 1)) / Double(PathCurve.chords)
    }
}

extension Recorder {
    /// A keyframe animation along `path`: the layer's `position` on each element in turn (the
    /// Bézier parameter linear in time, or arc length when paced), turned to the tangent with
    /// `rotationMode` (plus a half turn for `.rotateAutoReverse`), added to the model rotation.
    func pathMotion(_ path: CGPath, animation: CAKeyframeAnimation, layer: CALayer, view: UIView, durationSeconds: Double) -> SimpleMotion?
    {
        let name = view.recordingName
        guard animation.keyPath == "position" else {
            fail(
                .notDrawn(
                    view: name, what: "a CAKeyframeAnimation path on key path \"\(animation.keyPath ?? "nil")\" (a path moves \"position\")"
                ));
            return nil
        }
        let mode = animation.calculationMode
        guard mode != .cubic && mode != .cubicPaced else {
            fail(.notDrawn(view: name, what: "a CAKeyframeAnimation path with calculationMode \"\(mode.rawValue)\"")); return nil
        }
        var curves: [PathCurve] = [], current: Point?, subpathStart: Point?
        for element in path.bezier.elements {
            switch element {
            case let .move(p): current = p; subpathStart = p
            case let .line(p): if let c = current { curves.append(PathCurve([c, p])) }; current = p
            case let .quadCurve(p, control): if let c = current { curves.append(PathCurve([c, control, p])) }; current = p
            case let .curve(p, c1, c2): if let c = current { curves.append(PathCurve([c, c1, c2, p])) }; current = p
            case .close: if let c = current, let s = subpathStart { curves.append(PathCurve([c, s])) }; current = subpathStart
            }
        }
        guard !curves.isEmpty else { fail(.invalidAnimation(view: name, field: "path", problem: "has no line or curve")); return nil }
        var times: [Double]
        if mode == .paced {
            let total = curves.reduce(0) { $0 + $1.length }
            var sum = 0.0
            times =
                [0]
                + curves.map {
                    sum += $0.length; return total > 0 ? sum / total : 1
                }
        } else if let keyTimes = animation.keyTimes?.map(\.doubleValue) {
            guard keyTimes.count == curves.count + 1, zip(keyTimes, keyTimes.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                fail(
                    .invalidAnimation(
                        view: name, field: "keyTimes",
                        problem:
                            "has \(keyTimes.count) times for a path of \(curves.count) elements (one more than the elements, ascending)"))
                return nil
            }
            times = keyTimes
        } else {
            times = (0...curves.count).map { Double($0) / Double(curves.count) }
        }
        let rotates = animation.rotationMode != nil
        let halfTurn = animation.rotationMode == .rotateAutoReverse ? 180.0 : 0
        let model = view.animatableState
        let degrees = 180 / Double.pi
        func state(_ curve: PathCurve, _ s: Double) -> AnimatableState {
            let copy = layer.scratchCopy
            let p = curve.point(at: s)
            copy.position = CGPoint(x: p.x, y: p.y)
            var state = UIView.animatableState(of: copy)
            if rotates {
                let t = curve.tangent(at: s)
                state.transform.rotationDegrees = model.transform.rotationDegrees + deterministicAtan2(t.y, t.x) * degrees + halfTurn
            }
            return state
        }
        let functions = mode == .paced ? nil : animation.timingFunctions
        var pieces: [SimpleMotion.Piece] = []
        for (index, curve) in curves.enumerated() {
            let start = state(curve, 0), end = state(curve, 1)
            if mode == .discrete {
                pieces.append(.init(start: times[index], end: times[index + 1], from: start, to: start, curve: .bezier(.linear)))
                continue
            }
            let bezier = functions.flatMap { index < $0.count ? $0[index].bezier : nil } ?? .linear
            if curve.points.count == 2 {
                // A line: a plain segment (the tangent, and so the rotation, is constant).
                pieces.append(.init(start: times[index], end: times[index + 1], from: start, to: end, curve: .bezier(bezier)))
                continue
            }
            let paced = mode == .paced
            pieces.append(
                .init(start: times[index], end: times[index + 1], from: start, to: end, curve: .bezier(bezier)) { u in
                    let progress = bezier.progress(atFraction: u)
                    return state(curve, paced ? curve.parameter(atLengthFraction: progress) : progress)
                })
        }
        let properties: [AnimatableProperty] = rotates ? [.frame, .transform] : [.frame]
        let motion = SimpleMotion(properties: properties, pieces: pieces, durationSeconds: durationSeconds)
        if let overall = animation.timingFunction?.bezier, overall != .linear { return motion.warped(by: overall) }
        return motion
    }
}
