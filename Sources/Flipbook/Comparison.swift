package import FlipbookGeometry
package import FlipbookMotion
import FlipbookOutput
package import FlipbookRaster
import FlipbookRender
import FlipbookText
import Foundation

/// Variants of one transition rendered side by side (`flipbook compare`): one contact sheet with a
/// row per variant at the same moments and their timing curves overlaid in one plot, and
/// optionally one video with the variants next to each other, labelled.
///
/// The variants' photos are decoded once, into one `ImageStore` shared by every variant, each
/// file at the largest size any variant draws it (so a variant that draws a photo smaller than
/// another may differ by a few levels from its own `flipbook render`, which decodes it no larger
/// than it needs).
package struct Comparison: Sendable {
    /// One variant: a label ("damping 0.5") and its settings.
    package struct Variant: Sendable {
        /// Shown beside the variant's row, in the legend and above it in the video.
        package var label: String
        /// What to render.
        package var settings: RenderSettings
        /// A variant.
        package init(label: String, settings: RenderSettings) { self.label = label; self.settings = settings }
    }

    /// The variants, in row order.
    package let variants: [Variant]
    /// Each variant's prepared job (manifest loaded, timeline sampled).
    package let jobs: [RenderJob]
    /// One rasterizer per variant, all on the same decoded images.
    let rasterizers: [FrameRasterizer]
    /// The font of the labels (the first variant's).
    let font: Font

    /// Most variants: rows beyond that make a sheet nobody reads.
    package static let maximumVariants = 24
    /// Colours of the rows' swatches and curves (Tableau 10), cycled.
    static let palette: [StraightColor] = [
        StraightColor(red: 0.12, green: 0.47, blue: 0.71), StraightColor(red: 1.0, green: 0.5, blue: 0.05),
        StraightColor(red: 0.17, green: 0.63, blue: 0.17), StraightColor(red: 0.84, green: 0.15, blue: 0.16),
        StraightColor(red: 0.58, green: 0.4, blue: 0.74), StraightColor(red: 0.55, green: 0.34, blue: 0.29),
        StraightColor(red: 0.89, green: 0.47, blue: 0.76), StraightColor(red: 0.5, green: 0.5, blue: 0.5),
        StraightColor(red: 0.74, green: 0.74, blue: 0.13), StraightColor(red: 0.09, green: 0.75, blue: 0.81)
    ]

    /// Prepares every variant and decodes the photos they draw, once.
    /// - Throws: any variant's `RenderJob` error; a codec or `ImageStoreError` (the decoded-pixel
    ///   budget is the largest of the variants').
    package init(variants: [Variant]) throws {
        precondition((1...Comparison.maximumVariants).contains(variants.count), "1…\(Comparison.maximumVariants) variants")
        self.variants = variants
        let jobs = try variants.map { try RenderJob(settings: $0.settings) }
        self.jobs = jobs
        font = jobs[0].font
        // One plan for every variant: each file's header read once, within its job's limits,
        // decoded once at the largest size any variant draws it.
        var plan = DecodePlan()
        for job in jobs { try plan.add(job, drawing: job.sequence.map { job.displayList(frame: $0) }) }
        let budget = jobs.map(\.settings.decodedPixelBudget).max()!
        let images = try plan.makeImageStore(pixelBudget: budget, threads: jobs[0].settings.threads, reusing: nil)
        rasterizers = jobs.map { _ in FrameRasterizer(images: images) }
    }

    /// Seconds from the first frame to the last frame of the longest variant.
    package var durationSeconds: Double {
        jobs.map { $0.sequence.last!.timeSeconds }.max()!
    }

    /// `count` moments from 0 to `durationSeconds`, evenly spaced: the sheet's columns.
    package func columnTimes(count: Int) -> [Double] {
        precondition(count >= 2)
        return (0..<count).map { durationSeconds * Double($0) / Double(count - 1) }
    }

    /// The frame of `variant` shown at `seconds`: the nearest frame, or its last frame once it
    /// has ended (a shorter variant holds its final picture).
    package func frame(ofVariant variant: Int, atSeconds seconds: Double) -> FrameSample {
        let job = jobs[variant]
        let index = Int((seconds * job.settings.framesPerSecond).rounded())
        return job.sequence[min(max(0, index), job.sequence.count - 1)]
    }

    /// Renders one frame of one variant.
    package func render(variant: Int, frame: FrameSample) -> PremultipliedImage {
        rasterizers[variant].render(jobs[variant].displayList(frame: frame))
    }

    // MARK: - The sheet

    /// The sheet's geometry, in points (the sheet is drawn at `scale` pixels per point): 16 pt
    /// margins, a two-line header, a label column as wide as the longest variant label, then per
    /// variant a row of cells as large as the largest device's thumbnail (a quarter of its point
    /// size, its longer side at most 200 pt, in whole pixels), 12 pt apart; a 280 pt plot below.
    package struct SheetLayout: Sendable {
        static let margin = 16.0, headerHeight = 44.0, columnHeaderHeight = 16.0, gap = 12.0, labelHeight = 16.0
        static let rowGap = 10.0, plotHeight = 280.0, minimumContentWidth = 520.0, maximumThumbnailSide = 200.0
        /// Sheet pixels per point: 2 when any variant's device is @2x or more, else 1.
        package var scale: Double
        /// Each variant's thumbnail size in sheet pixels.
        package var thumbnailSizes: [(width: Int, height: Int)]
        var cellWidth: Double, cellHeight: Double, labelColumnWidth: Double
        /// The sheet's size in pixels.
        package var widthPixels: Int, heightPixels: Int
        var gridLeft: Double, gridTop: Double
        /// Where the overlaid curves go.
        package var plotRect: Rect

        /// The cell of `row` (variant) and `column` (moment), in points.
        func cell(row: Int, column: Int) -> Rect {
            Rect(
                x: gridLeft + Double(column) * (cellWidth + SheetLayout.gap),
                y: gridTop + SheetLayout.columnHeaderHeight + Double(row) * (cellHeight + SheetLayout.labelHeight + SheetLayout.rowGap),
                width: cellWidth, height: cellHeight)
        }

        /// The thumbnail's rect in its cell, in points: centred, on whole sheet pixels.
        package func thumbnailRect(row: Int, column: Int) -> Rect {
            let cell = cell(row: row, column: column), size = thumbnailSizes[row]
            let x = cell.minX + ((cell.width * scale - Double(size.width)) / 2).rounded(.down) / scale
            let y = cell.minY + ((cell.height * scale - Double(size.height)) / 2).rounded(.down) / scale
            return Rect(x: x, y: y, width: Double(size.width) / scale, height: Double(size.height) / scale)
        }
    }

    /// The layout of a sheet with `columns` moments per row.
    package func sheetLayout(columns: Int) -> SheetLayout {
        let devices = jobs.map(\.device)
        let scale: Double = devices.contains { $0.scale >= 2 } ? 2 : 1
        // A quarter of each device, as on a contact sheet, in whole pixels of the sheet.
        let sizes = devices.map { device -> (width: Int, height: Int) in
            let quarter = min(0.25, SheetLayout.maximumThumbnailSide / max(device.width, device.height))
            return (max(1, Int((device.width * quarter * scale).rounded())), max(1, Int((device.height * quarter * scale).rounded())))
        }
        let cellWidth = Double(sizes.map(\.width).max()!) / scale, cellHeight = Double(sizes.map(\.height).max()!) / scale
        let labelWidth =
            variants.map { font.measure($0.label, sizePoints: SheetMetrics.rowLabelPoints) }.max()! + SheetMetrics.rowLabelPadding
        let labelColumnWidth = (max(SheetMetrics.minimumLabelColumnWidth, labelWidth) * scale).rounded(.up) / scale
        let gridWidth = Double(columns) * cellWidth + Double(columns - 1) * SheetLayout.gap
        let contentWidth = max(labelColumnWidth + gridWidth, SheetLayout.minimumContentWidth)
        let gridLeft = SheetLayout.margin + labelColumnWidth
        let gridTop = SheetLayout.margin + SheetLayout.headerHeight
        let rowsHeight = Double(variants.count) * (cellHeight + SheetLayout.labelHeight + SheetLayout.rowGap)
        let plotRect = Rect(
            x: SheetLayout.margin, y: gridTop + SheetLayout.columnHeaderHeight + rowsHeight + SheetMetrics.plotGap,
            width: contentWidth, height: SheetLayout.plotHeight)
        return SheetLayout(
            scale: scale, thumbnailSizes: sizes, cellWidth: cellWidth, cellHeight: cellHeight,
            labelColumnWidth: labelColumnWidth,
            widthPixels: Int(((contentWidth + 2 * SheetLayout.margin) * scale).rounded(.up)),
            heightPixels: Int(((plotRect.maxY + SheetLayout.margin) * scale).rounded(.up)),
            gridLeft: gridLeft, gridTop: gridTop, plotRect: plotRect)
    }

    /// The sheet: a header, then per variant (a row) its frames at `columns` common moments
    /// (`columnTimes`), each labelled with its frame index, the moment above each column; under
    /// them the variants' timing curves overlaid in one plot, each in the colour of its row's
    /// swatch, with a dot where each column samples it. Thumbnails are rendered on `threads`
    /// threads; the sheet does not depend on that number.
    package func renderSheet(
        columns: Int = 8, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws -> PremultipliedImage {
        precondition(columns >= 2)
        let layout = sheetLayout(columns: columns)
        let times = columnTimes(count: columns)
        let cells = (0..<variants.count).flatMap { row in (0..<columns).map { (row, $0) } }
        let thumbnails = PositionedResults<PremultipliedImage>(count: cells.count)
        try ParallelFrames.run(count: cells.count, threads: threads, progress: progress) { index in
            let (row, column) = cells[index]
            let frame = render(variant: row, frame: self.frame(ofVariant: row, atSeconds: times[column]))
            let size = layout.thumbnailSizes[row]
            var canvas = Canvas(widthPixels: size.width, heightPixels: size.height, scale: 1)
            canvas.draw(
                ImagePyramid(frame), in: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)), contentMode: .scaleToFill
            )
            thumbnails.set(index, canvas.image)
        }
        let thumbnailImages = thumbnails.all()
        var canvas = Canvas(
            widthPixels: layout.widthPixels, heightPixels: layout.heightPixels, scale: layout.scale,
            background: StraightColor.white.premultipliedPixel)
        let ink = StraightColor(white: 0.1), muted = StraightColor(white: 0.4), border = StraightColor(white: 0.7)
        let left = SheetLayout.margin
        canvas.drawText(
            title, font: font, sizePoints: SheetMetrics.titlePoints,
            baselineOrigin: Point(x: left, y: SheetLayout.margin + SheetMetrics.titleBaseline), color: ink)
        canvas.drawText(
            details, font: font, sizePoints: SheetMetrics.detailsPoints,
            baselineOrigin: Point(x: left, y: SheetLayout.margin + SheetMetrics.detailsBaseline), color: muted)
        let pixel = 1 / layout.scale
        for (column, time) in times.enumerated() {
            let cell = layout.cell(row: 0, column: column)
            let text = String(format: "%.3f s", time)
            let width = font.measure(text, sizePoints: SheetMetrics.momentPoints)
            canvas.drawText(
                text, font: font, sizePoints: SheetMetrics.momentPoints,
                baselineOrigin: Point(x: (cell.midX - width / 2).rounded(), y: cell.minY - SheetMetrics.momentAboveCell), color: muted)
        }
        for (row, variant) in variants.enumerated() {
            let first = layout.cell(row: row, column: 0)
            let color = Comparison.palette[row % Comparison.palette.count]
            let labelY = (first.midY + SheetMetrics.rowLabelBelowMiddle).rounded()
            canvas.fill(
                Rect(
                    x: left, y: labelY - SheetMetrics.swatchAboveBaseline, width: SheetMetrics.swatchSide, height: SheetMetrics.swatchSide),
                color: color)
            canvas.drawText(
                variant.label, font: font, sizePoints: SheetMetrics.rowLabelPoints,
                baselineOrigin: Point(x: left + SheetMetrics.rowLabelIndent, y: labelY), color: ink)
            for column in 0..<columns {
                let cell = layout.cell(row: row, column: column)
                let rect = layout.thumbnailRect(row: row, column: column)
                canvas.fill(rect.insetBy(dx: -pixel, dy: -pixel), color: border)
                canvas.draw(ImagePyramid(thumbnailImages[row * columns + column]), in: rect, contentMode: .scaleToFill)
                let frame = frame(ofVariant: row, atSeconds: times[column])
                let label = "#\(frame.index)"
                let width = font.measure(label, sizePoints: SheetMetrics.frameLabelPoints)
                canvas.drawText(
                    label, font: font, sizePoints: SheetMetrics.frameLabelPoints,
                    baselineOrigin: Point(x: (cell.midX - width / 2).rounded(), y: cell.maxY + SheetMetrics.frameLabelBelowCell),
                    color: muted)
            }
        }
        drawCurves(in: layout.plotRect, on: &canvas, columnTimes: times)
        return canvas.image
    }

    /// "push — 3 variants, 0.7 s".
    var title: String {
        let preset = jobs[0].transition.name
        return "\(preset) — \(variants.count) variant\(variants.count == 1 ? "" : "s"), "
            + "\(String(format: "%.3g", durationSeconds)) s"
    }

    /// The first variant's device and fps, for the header.
    var details: String {
        let settings = jobs[0].settings
        let device = jobs[0].device
        return "rows: variants; columns: the same moment in each; " + String(format: "%g fps", settings.framesPerSecond)
            + " · \(device.name) \(ContactSheet.number(device.width))×\(ContactSheet.number(device.height)) pt"
    }

    /// The overlaid curves: grid and axes once, then per variant its duration (dashed), its curve
    /// and dots at the columns' moments (drawn progress), in its colour; a legend at the bottom right.
    func drawCurves(in rect: Rect, on canvas: inout Canvas, columnTimes: [Double]) {
        // The axis ranges must hold every curve: take the union of each variant's own layout.
        let layouts = jobs.enumerated().map { row, job -> CurvePlot.Layout in
            let marked = columnTimes.map { frame(ofVariant: row, atSeconds: $0) }
            return CurvePlot(timing: job.timeline.timing, markedFrames: marked + [job.sequence.last!]).layout(in: rect)
        }
        var layout = layouts[0]
        layout.timeRangeSeconds = 0...layouts.map(\.timeRangeSeconds.upperBound).max()!
        layout.progressRange = layouts.map(\.progressRange.lowerBound).min()!...layouts.map(\.progressRange.upperBound).max()!
        CurvePlot.drawGrid(layout, on: &canvas, font: font)
        let colors = jobs.indices.map { Comparison.palette[$0 % Comparison.palette.count] }
        let durations = jobs.map(\.timeline.timing.durationSeconds)
        if Set(durations).count == 1 {
            CurvePlot.drawDuration(durations[0], layout, in: rect, on: &canvas, font: font, color: CurvePlot.ink)
        } else {
            for (row, duration) in durations.enumerated() {
                // In the variant's colour; labelled once per duration, and only while few enough
                // durations leave the labels room.
                let labelled = durations.firstIndex(of: duration) == row && Set(durations).count <= 3
                CurvePlot.drawDuration(duration, layout, in: rect, on: &canvas, font: font, color: colors[row], labelled: labelled)
            }
        }
        CurvePlot.drawAxisLines(layout, on: &canvas)
        for (row, job) in jobs.enumerated() {
            CurvePlot.drawCurve(job.timeline.timing, layout, on: &canvas, color: colors[row])
        }
        for (row, _) in jobs.enumerated() {
            for time in columnTimes {
                let frame = frame(ofVariant: row, atSeconds: time)
                CurvePlot.drawDot(
                    at: layout.point(timeSeconds: frame.timeSeconds, progress: frame.progress), color: colors[row], on: &canvas)
            }
        }
        // Legend: bottom right inside the plot area, one line per variant.
        let area = layout.plotArea
        let legend = SheetMetrics.Legend.self
        let width = variants.map { font.measure($0.label, sizePoints: legend.labelPoints) }.max()! + legend.labelPadding
        var y = area.maxY - legend.bottomInset - Double(variants.count - 1) * legend.lineHeight
        let x = area.maxX - width - legend.rightInset
        canvas.fill(
            Rect(
                x: x - legend.backingMargin, y: y - legend.backingAboveBaseline, width: width + 2 * legend.backingMargin,
                height: Double(variants.count) * legend.lineHeight + legend.backingExtraHeight),
            color: .white, opacity: legend.backingOpacity)
        for (row, variant) in variants.enumerated() {
            canvas.fill(
                Rect(x: x, y: y - legend.strokeAboveBaseline, width: legend.strokeLength, height: legend.strokeThickness),
                color: colors[row])
            canvas.drawText(
                variant.label, font: font, sizePoints: legend.labelPoints, baselineOrigin: Point(x: x + legend.labelIndent, y: y),
                color: CurvePlot.ink)
            y += legend.lineHeight
        }
    }

    /// Renders the sheet and writes it as PNG or JPEG (by the extension), atomically.
    package func writeSheet(
        to path: String, columns: Int = 8, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws {
        if ImageFileFormat(path: path) == nil {
            throw RenderError.output(path: path, reason: "a sheet's name must end in .png, .jpg or .jpeg")
        }
        try ImageFileFormat.write(try renderSheet(columns: columns, threads: threads, progress: progress), to: path)
    }

    // MARK: - The video

    /// The video's frame rate: the highest of the variants' (a variant at a lower rate holds
    /// each frame until its next one).
    package var videoFramesPerSecond: Double { jobs.map(\.settings.framesPerSecond).max()! }

    /// Height in pixels of the label band above the frames, and the gap between variants.
    var videoBand: (labelPixels: Int, gapPixels: Int, labelPoints: Double) {
        let scale = jobs.map(\.device.scale).max()!
        return (
            Int((SheetMetrics.Video.labelBand * scale).rounded()), Int((SheetMetrics.Video.gap * scale).rounded()),
            SheetMetrics.Video.labelPoints * scale
        )
    }

    /// The size of the side-by-side video frame: the variants' frames at their pixel sizes,
    /// `gap` apart, under a label band.
    package var videoSizePixels: (width: Int, height: Int) {
        let sizes = jobs.map(\.device.pixelSize)
        let band = videoBand
        return (
            sizes.map(\.width).reduce(0, +) + band.gapPixels * (sizes.count - 1),
            sizes.map(\.height).max()! + band.labelPixels
        )
    }

    /// Where variant `row`'s frame sits in a video frame, in pixels: below the label band, the
    /// variants left to right, `gap` apart.
    package func videoFrameOrigin(variant row: Int) -> (x: Int, y: Int) {
        let band = videoBand
        let x = jobs.prefix(row).map { $0.device.pixelSize.width + band.gapPixels }.reduce(0, +)
        return (x, band.labelPixels)
    }

    /// Frame `index` of the video: every variant's frame at `index / videoFramesPerSecond`, side by
    /// side at its own pixel size, its label centred above it.
    package func videoFrame(_ index: Int) -> PremultipliedImage {
        let size = videoSizePixels, band = videoBand
        var canvas = Canvas(
            widthPixels: size.width, heightPixels: size.height, scale: 1,
            background: StraightColor.white.premultipliedPixel)
        for (row, job) in jobs.enumerated() {
            let pixels = job.device.pixelSize
            let origin = videoFrameOrigin(variant: row)
            let frame = render(variant: row, frame: self.frame(ofVariant: row, atSeconds: Double(index) / videoFramesPerSecond))
            canvas.draw(
                ImagePyramid(frame),
                in: Rect(x: Double(origin.x), y: Double(origin.y), width: Double(pixels.width), height: Double(pixels.height)),
                contentMode: .scaleToFill)
            let label = variants[row].label
            let width = font.measure(label, sizePoints: band.labelPoints)
            canvas.drawText(
                label, font: font, sizePoints: band.labelPoints,
                baselineOrigin: Point(
                    x: (Double(origin.x) + (Double(pixels.width) - width) / 2).rounded(),
                    y: Double(band.labelPixels) * SheetMetrics.Video.labelBaselineFraction),
                color: StraightColor(white: 0.1))
        }
        return canvas.image
    }

    /// Frames in the video: the longest variant's duration at `videoFramesPerSecond`.
    package var videoFrameCount: Int { Int((durationSeconds * videoFramesPerSecond).rounded()) + 1 }

    /// Writes the side-by-side video (.mp4 or .gif through ffmpeg, .apng in-process), replacing `path` atomically.
    package func writeVideo(
        to path: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws {
        let size = videoSizePixels
        let video = try FrameVideo.open(
            path: path, widthPixels: size.width, heightPixels: size.height,
            framesPerSecond: videoFramesPerSecond, frameCount: videoFrameCount, scale: nil,
            environment: environment)
        do {
            try ParallelFrames.run(count: videoFrameCount, threads: threads, progress: progress) { index in
                try video.append(videoFrame(index), at: index)
            }
            try video.finish()
            try video.commit()
        } catch {
            video.cancel()
            throw error
        }
    }
}
