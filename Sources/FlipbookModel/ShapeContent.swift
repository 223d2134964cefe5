package import FlipbookGeometry
package import FlipbookRaster

/// What a `CAShapeLayer` draws: a vector path in the layer's own points, filled, then stroked
/// above the fill (Core Animation's order), under the layer's sublayers.
///
/// The defaults are Core Animation's: an empty path, an opaque black fill by the non-zero rule,
/// no stroke (a nil `strokeColor`, drawn as `.clear`), a 1-point butt-capped, miter-joined line
/// (miter limit 10), no dashes, the whole path stroked (`strokeStart` 0, `strokeEnd` 1).
package struct ShapeContent: Hashable, Sendable {
    /// The path, in the layer's points (animatable: point by point between paths of the same
    /// element structure, else it jumps to the new path, as Core Animation shows it).
    package var path = BezierPath()
    /// The fill colour (animatable); `.clear` for none (a nil `fillColor`).
    package var fillColor = StraightColor.black
    /// The stroke colour (animatable); `.clear` for none (nil, the default).
    package var strokeColor = StraightColor.clear
    /// The line width in points (animatable).
    package var lineWidth = 1.0
    /// The fraction of the path's length where the stroke starts (animatable, 0…1).
    package var strokeStart = 0.0
    /// The fraction of the path's length where the stroke ends (animatable, 0…1).
    package var strokeEnd = 1.0
    /// The fill rule, caps, joins, miter limit and dashes (set at once).
    package var style = ShapeStyle()

    /// Content with Core Animation's defaults.
    package init() {}

    /// The stroke as the raster draws it.
    package var strokeStyle: StrokeStyle {
        StrokeStyle(
            lineWidth: lineWidth, lineCap: style.lineCap, lineJoin: style.lineJoin, miterLimit: style.miterLimit,
            dashPattern: style.dashPattern, dashPhase: style.dashPhase, strokeStart: strokeStart, strokeEnd: strokeEnd)
    }

    /// True when the fill can show anything: a visible colour and a path.
    var drawsFill: Bool { fillColor.alpha > 0 && !path.isEmpty }
    /// True when the stroke can show anything: a visible colour, a positive width, a path, and
    /// `strokeEnd` above `strokeStart`.
    var drawsStroke: Bool {
        strokeColor.alpha > 0 && lineWidth > 0 && lineWidth.isFinite && !path.isEmpty && !(strokeEnd <= strokeStart)
    }
}

/// The parts of a shape layer's look that Core Animation does not animate (set at once): the
/// fill rule and the line's caps, joins, miter limit and dashes.
package struct ShapeStyle: Hashable, Sendable {
    /// `fillRule` (default non-zero).
    package var fillRule = FillRule.nonZero
    /// `lineCap` (default butt).
    package var lineCap = LineCap.butt
    /// `lineJoin` (default miter).
    package var lineJoin = LineJoin.miter
    /// `miterLimit` (default 10).
    package var miterLimit = 10.0
    /// `lineDashPattern` in points (empty: solid).
    package var dashPattern: [Double] = []
    /// `lineDashPhase` in points.
    package var dashPhase = 0.0

    /// Core Animation's defaults.
    package init() {}
}

/// How a `DisplayOp.vector` op paints its path.
package enum VectorPaint: Hashable, Sendable {
    /// Filled by the rule.
    case fill(FillRule)
    /// Stroked with the style (its width and dashes in the path's own units).
    case stroke(StrokeStyle)
}
