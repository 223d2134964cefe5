package import FlipbookGeometry

extension Canvas {
    /// How far a chord of a flattened curve, arc, join or cap may stray from the true outline:
    /// 1/16 device pixel. An edge pixel's coverage is the area inside the outline, so it changes
    /// by at most 1/16 (16 of the 256 weight steps) where a chord strays most, 2/3 of that on
    /// average along it, and nothing at the vertices, which lie on the curve — below what an
    /// anti-aliased edge shows. It is the tolerance of the rounded-rect fills under transforms,
    /// so a circle drawn as a path and one drawn as a corner radius agree to it; the chord count
    /// grows only as `1/√tolerance` (halving it costs 41 % more chords).
    package static let vectorTolerancePixels = 1.0 / 16

    /// `path` (in a layer's points, mapped by `transform` to canvas points) as contours in canvas
    /// points filled by `rule`, its curves within `vectorTolerancePixels` of the device pixels:
    /// a `fill` or a `drawGroup` mask (a shape layer used as a mask).
    package func outline(filling path: BezierPath, rule: FillRule = .nonZero, transform: Transform2D) -> Path {
        Path(filling: path, rule: rule, transform: transform, tolerance: Self.vectorTolerancePixels / scale)
    }

    /// The outline of `path` stroked with `style` in its layer's points, mapped by `transform` to
    /// canvas points, within `vectorTolerancePixels` of the device pixels (non-zero rule).
    package func outline(stroking path: BezierPath, style: StrokeStyle, transform: Transform2D) -> Path {
        Path(stroking: path, style: style, transform: transform, tolerance: Self.vectorTolerancePixels / scale)
    }

    /// Fills `path` (a layer's points, mapped by `transform` to canvas points) by `rule` with
    /// `color`, anti-aliased by area coverage, times `opacity`, inside `clip` (`CAShapeLayer`'s
    /// fill: `fillColor`, `fillRule`).
    package mutating func fill(
        _ path: BezierPath, rule: FillRule = .nonZero, transform: Transform2D, color: StraightColor,
        opacity: Double = 1, clip: Clip? = nil
    ) {
        fill(outline(filling: path, rule: rule, transform: transform), color: color, opacity: opacity, clip: clip)
    }

    /// Strokes `path` (a layer's points, mapped by `transform` to canvas points) with `style` and
    /// `color`, anti-aliased by area coverage, times `opacity`, inside `clip` (`CAShapeLayer`'s
    /// stroke: `strokeColor`, `lineWidth`, caps, joins, dashes, `strokeStart`/`strokeEnd`).
    package mutating func stroke(
        _ path: BezierPath, style: StrokeStyle, transform: Transform2D, color: StraightColor,
        opacity: Double = 1, clip: Clip? = nil
    ) {
        fill(outline(stroking: path, style: style, transform: transform), color: color, opacity: opacity, clip: clip)
    }
}
