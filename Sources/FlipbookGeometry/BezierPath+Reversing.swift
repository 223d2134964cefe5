extension BezierPath {
    /// The same outline traced the other way (`UIBezierPath.reversing()`): subpaths in the same
    /// order, each starting where it ended. A closed subpath starts at its first point again and
    /// runs the other way round (its implied closing line becomes a real first line when its
    /// last point is not its first), then closes (its first line, reversed, is the close);
    /// curves keep their control points, swapped.
    /// Used where direction matters: a `strokeEnd` animation runs the other way, and a reversed
    /// inner contour cuts a hole under the non-zero rule.
    package func reversed() -> BezierPath {
        var result = BezierPath()
        var subpath: [Element] = []
        func flush(closed: Bool) {
            defer { subpath = [] }
            guard case let .move(start)? = subpath.first else { return }
            let segments = subpath.dropFirst()
            let end = segments.last?.points.last ?? start
            var starts = [start]
            for segment in segments.dropLast() { starts.append(segment.points.last ?? start) }
            if closed {
                result.move(to: start)
                if end != start { result.addLine(to: end) }
            } else {
                result.move(to: end)
            }
            for (index, (segment, from)) in zip(segments, starts).enumerated().reversed() {
                // A closed subpath's first line, reversed, ends where the close goes anyway.
                if closed, index == 0, case .line = segment { continue }
                switch segment {
                case .line: result.addLine(to: from)
                case let .quadCurve(_, control): result.addQuadCurve(to: from, control: control)
                case let .curve(_, control1, control2): result.addCurve(to: from, control1: control2, control2: control1)
                case .move, .close: break
                }
            }
            if closed { result.closeSubpath() }
        }
        for element in elements {
            switch element {
            case .move:
                flush(closed: false)
                subpath = [element]
            case .close:
                if subpath.isEmpty, let point = result.currentPoint ?? elements.first?.points.last { subpath = [.move(to: point)] }
                flush(closed: true)
            default:
                if subpath.isEmpty { subpath = [.move(to: element.points.last!)] }
                subpath.append(element)
            }
        }
        flush(closed: false)
        return result
    }
}
