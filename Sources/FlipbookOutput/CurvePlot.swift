package import FlipbookGeometry
package import FlipbookMotion
package import FlipbookRaster
import FlipbookSupport
package import FlipbookText
import Foundation

/// A plot of a timing curve: progress against time, with the sampled frames marked as dots.
///
/// The curve is the *raw* curve (`Timing.rawProgress`, not cut off at the duration), sampled at
/// every half device pixel, so a spring's overshoot above 1 and its tail after the duration are
/// visible. Gridlines mark progress 0 and 1 (0.5 faintly), a dashed vertical line the duration;
/// the x axis runs to 110 % of the duration (further when frames run on past it). Dots sit at each marked frame's time and *drawn*
/// progress (exactly 1 on the last frame). See docs/PREVIEWS.md.
package struct CurvePlot: Sendable {
    /// The timing whose curve is drawn.
    package var timing: Timing
    /// Frames to mark with a dot (time, drawn progress).
    package var markedFrames: [FrameSample]
    /// A finger driving the transition: when set, the plot shows its fraction complete over time
    /// (`InteractiveTimeline.fraction(atSeconds:)`) instead of the timing's curve, and a dashed line
    /// marks the lift-off, labelled with the decision. Default nil.
    package var interaction: InteractiveTimeline?
    /// A finger on the detail's pager (`page`): when set (and `interaction` is not), the plot
    /// shows the pager's offset in pages from the start page over time (`PagingTimeline`), with
    /// the lift-off marked and labelled with the page it settles on. Default nil.
    package var paging: PagingTimeline?

    /// Default size of a plot drawn alone (`flipbook curve --plot`), in points.
    package static let defaultSizePoints = Size(width: 640, height: 300)

    /// A plot of `timing` with a dot for each of `markedFrames`.
    package init(timing: Timing, markedFrames: [FrameSample], interaction: InteractiveTimeline? = nil) {
        self.timing = timing
        self.markedFrames = markedFrames
        self.interaction = interaction
    }

    /// What the plot shows when a finger drives the sequence: a value over time, where the time
    /// axis ends, the lift-off and its label, and the value a marked frame is drawn at.
    struct Finger {
        var value: (Double) -> Double
        var endSeconds: Double
        var releaseSeconds: Double
        var label: String
        var frameValue: (FrameSample) -> Double
    }

    /// The finger's curve, from `interaction` (the fraction complete) or `paging` (pages moved).
    var finger: Finger? {
        if let interaction {
            let label =
                "release " + String(format: "%.3g s", interaction.releaseSeconds)
                + String(format: " at %.2f, %.0f pt/s → ", interaction.releaseFraction, interaction.releaseVelocityPointsPerSecond)
                + (interaction.finishes ? "finish" : "cancel")
            return Finger(
                value: { interaction.fraction(atSeconds: $0) }, endSeconds: interaction.endSeconds,
                releaseSeconds: interaction.releaseSeconds, label: label, frameValue: \.progress)
        }
        if let paging {
            let width = paging.pageWidthPoints, start = Double(paging.startPage) * paging.pageWidthPoints
            let pages = { (seconds: Double) in (paging.contentOffsetPoints(atSeconds: seconds) - start) / width }
            let end = paging.releaseSeconds + paging.settleSeconds
            let label =
                "release " + String(format: "%.3g s", paging.releaseSeconds)
                + String(
                    format: " at %.2f pages, %.0f pt/s → page %d", pages(paging.releaseSeconds), paging.releaseVelocityPointsPerSecond,
                    paging.targetPage)
            // The last frame (progress 1: page's progress is linear in time) rests exactly on the page.
            let settled = Double(paging.targetPage - paging.startPage)
            return Finger(
                value: pages, endSeconds: end, releaseSeconds: paging.releaseSeconds, label: label,
                frameValue: { $0.progress >= 1 ? settled : pages($0.timeSeconds) })
        }
        return nil
    }

    /// The plotted value at `seconds`: the raw curve, or the finger's.
    func value(atSeconds seconds: Double) -> Double {
        finger?.value(seconds) ?? timing.rawProgress(atSeconds: seconds)
    }

    /// Where things go when the plot fills a rect: the axes' ranges and the data → point mapping.
    package struct Layout: Sendable, Equatable {
        /// The area inside the axes, in points.
        package var plotArea: Rect
        /// Seconds at the left and right edge of `plotArea` (0 and 1.1 × the duration, or past the last marked frame).
        package var timeRangeSeconds: ClosedRange<Double>
        /// Progress at the bottom and top edge of `plotArea`: [0, 1] widened to the curve's
        /// minimum and maximum, plus 8 % of the span as headroom on each side.
        package var progressRange: ClosedRange<Double>

        /// The point (in the canvas's points) of `progress` at `timeSeconds`.
        package func point(timeSeconds: Double, progress: Double) -> Point {
            let fx = (timeSeconds - timeRangeSeconds.lowerBound) / (timeRangeSeconds.upperBound - timeRangeSeconds.lowerBound)
            let fy = (progress - progressRange.lowerBound) / (progressRange.upperBound - progressRange.lowerBound)
            return Point(x: plotArea.minX + fx * plotArea.width, y: plotArea.maxY - fy * plotArea.height)
        }
    }

    /// Margins between `rect` and the plot area, in points: room for the tick labels on the left
    /// and below, for the duration label above.
    static let margins = (left: 38.0, top: 20.0, right: 14.0, bottom: 30.0)

    /// The layout of the plot drawn into `rect` (points).
    package func layout(in rect: Rect) -> Layout {
        let m = CurvePlot.margins
        let area = Rect(
            x: rect.minX + m.left, y: rect.minY + m.top,
            width: max(1, rect.width - m.left - m.right), height: max(1, rect.height - m.top - m.bottom))
        let (low, high) = extremes()
        let span = max(high, 1) - min(low, 0)
        // 8 % headroom keeps the curve's peak and the 0/1 gridlines off the frame of the plot.
        return Layout(
            plotArea: area, timeRangeSeconds: 0...endSeconds,
            progressRange: (min(low, 0) - 0.08 * span)...(max(high, 1) + 0.08 * span))
    }

    /// Sample times of the curve for a plot area `widthPixels` wide: one every half pixel, so the
    /// polyline's chords stay well below a pixel off the true curve.
    func sampleTimes(widthPixels: Double, range: ClosedRange<Double>) -> [Double] {
        let count = max(64, Int((widthPixels * 2).rounded(.up)))
        return (0...count).map { range.lowerBound + (range.upperBound - range.lowerBound) * Double($0) / Double(count) }
    }

    /// The right end of the time axis: 110 % of the duration, or further when marked frames run
    /// on past it (card-push's follow-up), so every dot stays on the plot.
    var endSeconds: Double {
        let lastFrame = markedFrames.map(\.timeSeconds).max() ?? 0
        if let finger { return max(finger.endSeconds, lastFrame) * 1.05 }
        return max(timing.durationSeconds * 1.1, lastFrame + timing.durationSeconds * 0.05)
    }

    /// Smallest and largest raw progress over the time axis (1000 samples) and the marked frames.
    func extremes() -> (Double, Double) {
        var low = 0.0, high = 1.0
        let end = endSeconds
        for i in 0...1000 {
            let p = value(atSeconds: end * Double(i) / 1000)
            if p.isFinite { low = min(low, p); high = max(high, p) }
        }
        let finger = self.finger
        for frame in markedFrames {
            let value = finger?.frameValue(frame) ?? frame.progress
            low = min(low, value); high = max(high, value)
        }
        return (low, high)
    }

    /// Draws the plot into `rect` (points) on `canvas`, labels in `font`.
    package func draw(in rect: Rect, on canvas: inout Canvas, font: Font) {
        let layout = self.layout(in: rect)
        let area = layout.plotArea
        let curveColor = StraightColor(red: 0.0, green: 0.45, blue: 0.85)
        let dotColor = StraightColor(red: 0.95, green: 0.45, blue: 0.1)
        let labelSize = 10.0

        CurvePlot.drawGrid(layout, on: &canvas, font: font)
        if let finger {
            // The lift-off: the finger's part on the left, the completion or settling on the right.
            CurvePlot.drawDuration(finger.releaseSeconds, layout, in: rect, on: &canvas, font: font, color: dotColor, label: finger.label)
            CurvePlot.drawAxisLines(layout, on: &canvas)
            CurvePlot.drawCurve(layout, on: &canvas, color: curveColor, value: finger.value)
            for frame in markedFrames {
                CurvePlot.drawDot(
                    at: layout.point(timeSeconds: frame.timeSeconds, progress: finger.frameValue(frame)), color: dotColor, on: &canvas)
            }
            return
        }
        CurvePlot.drawDuration(timing.durationSeconds, layout, in: rect, on: &canvas, font: font, color: CurvePlot.ink)
        CurvePlot.drawAxisLines(layout, on: &canvas)
        let (times, polyline) = CurvePlot.drawCurve(timing, layout, on: &canvas, color: curveColor)

        // The peak, when the curve overshoots the target.
        if let peak = zip(times, polyline).max(by: { timing.rawProgress(atSeconds: $0.0) < timing.rawProgress(atSeconds: $1.0) }) {
            let value = timing.rawProgress(atSeconds: peak.0)
            if value > 1.0005 {
                let text = String(format: "peak %.3f at %.3f s", value, peak.0)
                let width = font.measure(text, sizePoints: labelSize)
                let x = min(max(peak.1.x + 6, area.minX + 4), area.maxX - width - 4)
                canvas.drawText(text, font: font, sizePoints: labelSize, baselineOrigin: Point(x: x, y: peak.1.y - 5), color: curveColor)
            }
        }

        // Dots for the frames: white ring, orange centre.
        for frame in markedFrames {
            CurvePlot.drawDot(at: layout.point(timeSeconds: frame.timeSeconds, progress: frame.progress), color: dotColor, on: &canvas)
        }
    }

    /// Labels and axes.
    package static let ink = StraightColor(white: 0.2)

    /// Gridlines at progress 0 and 1 (0.5 faintly) with their labels, time ticks and the unit.
    package static func drawGrid(_ layout: Layout, on canvas: inout Canvas, font: Font) {
        let area = layout.plotArea
        let grid = StraightColor(white: 0.82), faint = StraightColor(white: 0.92)
        let hairline = 1 / canvas.scale
        let labelSize = 10.0
        // Horizontal gridlines: 0 and 1 (the start and the target), 0.5 faintly.
        for (value, color) in [(0.5, faint), (0.0, grid), (1.0, grid)] {
            let y = snapped(layout.point(timeSeconds: 0, progress: value).y, canvas.scale)
            canvas.fill(Rect(x: area.minX, y: y - hairline / 2, width: area.width, height: hairline), color: color)
            let text = value == 0.5 ? "0.5" : String(Int(value))
            let width = font.measure(text, sizePoints: labelSize)
            canvas.drawText(
                text, font: font, sizePoints: labelSize,
                baselineOrigin: Point(x: area.minX - 6 - width, y: y + labelSize * 0.35), color: ink)
        }
        // Time ticks below the axis.
        let step = CurvePlot.tickStep(forSeconds: layout.timeRangeSeconds.upperBound)
        var tick = 0.0, tickIndex = 0
        while tick <= layout.timeRangeSeconds.upperBound + 1e-9 {
            let x = snapped(layout.point(timeSeconds: tick, progress: 0).x, canvas.scale)
            canvas.fill(Rect(x: x - hairline / 2, y: area.maxY, width: hairline, height: 4), color: ink)
            let text = CurvePlot.format(seconds: tick, step: step)
            let width = font.measure(text, sizePoints: labelSize)
            canvas.drawText(
                text, font: font, sizePoints: labelSize,
                baselineOrigin: Point(x: x - width / 2, y: area.maxY + 16), color: ink)
            tickIndex += 1
            tick = Double(tickIndex) * step
        }
        let unit = "time (s)"
        canvas.drawText(
            unit, font: font, sizePoints: labelSize,
            baselineOrigin: Point(x: area.maxX - font.measure(unit, sizePoints: labelSize), y: area.maxY + 28), color: ink)
    }

    /// A duration: a dashed vertical line, labelled `duration 0.7 s` (or `label`) above the plot
    /// area when `labelled` (in `color`, kept inside `rect`).
    package static func drawDuration(
        _ seconds: Double, _ layout: Layout, in rect: Rect, on canvas: inout Canvas, font: Font,
        color: StraightColor, labelled: Bool = true, label: String? = nil
    ) {
        let area = layout.plotArea
        let hairline = 1 / canvas.scale
        let labelSize = 10.0
        let dx = snapped(layout.point(timeSeconds: seconds, progress: 0).x, canvas.scale)
        var dashY = area.minY
        while dashY < area.maxY {
            canvas.fill(
                Rect(x: dx - hairline / 2, y: dashY, width: hairline, height: min(4, area.maxY - dashY)), color: color, opacity: 0.6)
            dashY += 7
        }
        guard labelled else { return }
        let durationText = label ?? "duration " + String(format: "%.3g s", seconds)
        let durationWidth = font.measure(durationText, sizePoints: labelSize)
        canvas.drawText(
            durationText, font: font, sizePoints: labelSize,
            baselineOrigin: Point(x: max(rect.minX + 2, min(dx - durationWidth / 2, rect.maxX - durationWidth - 2)), y: area.minY - 6),
            color: color)
    }

    /// The left and bottom axes.
    package static func drawAxisLines(_ layout: Layout, on canvas: inout Canvas) {
        let area = layout.plotArea
        let hairline = 1 / canvas.scale
        canvas.fill(Rect(x: area.minX - hairline, y: area.minY, width: hairline, height: area.height), color: ink)
        canvas.fill(Rect(x: area.minX - hairline, y: area.maxY, width: area.width + hairline, height: hairline), color: ink)
    }

    /// The raw curve of `timing` over the layout's time range as a 2 pt polyline; returns the
    /// sample times and points.
    @discardableResult
    package static func drawCurve(_ timing: Timing, _ layout: Layout, on canvas: inout Canvas, color: StraightColor) -> ([Double], [Point])
    {
        drawCurve(layout, on: &canvas, color: color) { timing.rawProgress(atSeconds: $0) }
    }

    /// `value` (progress at a time in seconds) over the layout's time range as a 2 pt polyline;
    /// returns the sample times and points.
    @discardableResult
    package static func drawCurve(
        _ layout: Layout, on canvas: inout Canvas, color: StraightColor,
        value: (Double) -> Double
    ) -> ([Double], [Point]) {
        let area = layout.plotArea
        let plot = CurvePlot(timing: Timing(curve: .bezier(.linear), durationSeconds: 1), markedFrames: [])
        let times = plot.sampleTimes(widthPixels: area.width * canvas.scale, range: layout.timeRangeSeconds)
        let polyline = times.map { layout.point(timeSeconds: $0, progress: value($0)) }
        let plotClip = Clip(rect: area.insetBy(dx: -3, dy: -3))
        canvas.stroke(polyline, width: 2, color: color, clip: plotClip)
        return (times, polyline)
    }

    /// A frame's dot: a white ring around a `color` centre.
    package static func drawDot(at centre: Point, color: StraightColor, on canvas: inout Canvas) {
        canvas.fill(CurvePlot.disc(centre: centre, radius: 3.2), color: .white)
        canvas.fill(CurvePlot.disc(centre: centre, radius: 2.5), color: color)
    }

    /// Renders the plot alone on a white canvas of `sizePoints` at `scale` device pixels per point.
    package func render(sizePoints: Size = CurvePlot.defaultSizePoints, scale: Double = 2, font: Font) -> PremultipliedImage {
        var canvas = Canvas(
            widthPixels: Int((sizePoints.width * scale).rounded()), heightPixels: Int((sizePoints.height * scale).rounded()),
            scale: scale, background: StraightColor.white.premultipliedPixel)
        draw(in: Rect(origin: .zero, size: sizePoints), on: &canvas, font: font)
        return canvas.image
    }

    /// A 24-gon approximating a disc (enough for a dot a few pixels wide). The vertices come from
    /// the exact-rounded square roots of 15° multiples, not from libm's cos/sin, so the dots are
    /// the same on every machine.
    static func disc(centre: Point, radius: Double) -> Path {
        let quarter = [
            1.0, (2 + 3.0.squareRoot()).squareRoot() / 2, 3.0.squareRoot() / 2, 0.5.squareRoot(),
            0.5, (2 - 3.0.squareRoot()).squareRoot() / 2
        ]
        let cosines =
            quarter + [0] + quarter.reversed().dropLast().map { -$0 } + [-1] + quarter.dropFirst().map { -$0 }
            + [0] + quarter.reversed().dropLast()
        // cosines has 24 entries (0°, 15°, … 345°); the sine of k·15° is the cosine of (k − 6)·15°.
        return Path(
            polygon: (0..<24).map { k in
                Point(x: centre.x + radius * cosines[k], y: centre.y + radius * cosines[(k + 18) % 24])
            })
    }

    /// The tick spacing (seconds) that gives at most 8 ticks over `seconds`.
    static func tickStep(forSeconds seconds: Double) -> Double {
        let steps = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 50]
        return steps.first { seconds / $0 <= 8 } ?? 100
    }

    /// A tick label with as many decimals as the step needs ("0.25", "0.5", "2").
    static func format(seconds: Double, step: Double) -> String {
        let decimals = step >= 1 ? 0 : ((step * 10).rounded() == step * 10 ? 1 : 2)
        return NumberText.fixed(seconds, decimals: decimals)
    }
}

/// `value` (points) moved to the centre of its device pixel, so a one-pixel line is crisp.
func snapped(_ value: Double, _ scale: Double) -> Double {
    ((value * scale).rounded(.down) + 0.5) / scale
}

extension CurvePlot {
    /// Dots on a plot drawn alone: every frame up to this many, every k-th beyond.
    package static let maximumMarkedFrames = 120

    /// Writes the plot of `timeline`'s timing (default size, @2x) with its frames marked to a PNG
    /// or JPEG (by the extension, `ImageFileFormat`) at `path`, atomically (`flipbook curve --plot`).
    /// - Throws: `RenderError.output` for another extension; `FileError.unwritable` when the file
    ///   cannot be written (see `OutputFile.write`).
    package static func write(timeline: Timeline, to path: String, font: Font) throws {
        let frames = timeline.frames
        let marked = ContactSheet.selectFrames(count: frames.count, maximum: maximumMarkedFrames).map { frames[$0] }
        let image = CurvePlot(timing: timeline.timing, markedFrames: marked).render(font: font)
        try ImageFileFormat.write(image, to: path)
    }
}
