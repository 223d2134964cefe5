package import FlipbookGeometry
package import FlipbookModel
package import FlipbookMotion
package import FlipbookRaster
import FlipbookSupport
package import FlipbookText
import Foundation

/// One PNG that shows a whole sequence: a header, a grid of labelled thumbnails, and the timing
/// curve underneath with the shown frames marked (docs/PREVIEWS.md has the picture).
///
/// Layout (points; the sheet is drawn at 2 px/pt for @2x and @3x devices, 1 px/pt for @1x):
/// 16 pt margins, a two-line header, up to 8 thumbnails per row, each a quarter of the device's
/// point size (shrunk so its longer side is at most 200 pt) rounded to whole pixels, 12 pt apart,
/// with a "#12 · 0.200 s" label under it, then a 260 pt curve plot as wide as the grid (at least
/// 480 pt). Long sequences show every k-th frame (`selectFrames`). Everything is integer pixel
/// maths or the raster module's deterministic paths, so the sheet is byte-identical run to run.
package struct ContactSheet: Sendable {
    /// The sampled timeline (its timing is plotted).
    package let timeline: Timeline
    /// The frames shown, in order (a selection of the job's frames).
    package let shownFrames: [FrameSample]
    /// The first header line (e.g. "push — 43 frames").
    package let title: String
    /// The second header line: duration, curve, fps, device.
    package var details: String
    /// Where everything goes.
    package let layout: Layout
    /// The finger driving the sequence, if any: the plot shows its fraction over time with the
    /// lift-off marked (`CurvePlot.interaction`).
    package var interaction: InteractiveTimeline?
    /// The finger on the pager of a `page` render: the plot shows the pages moved over time with
    /// the lift-off marked (`CurvePlot.paging`).
    package var paging: PagingTimeline?

    /// Thumbnails shown at most, by default: 6 rows of 8.
    package static let defaultMaximumThumbnails = 48

    /// Positions (0-based, into `count` frames) of the frames a sheet shows: all when
    /// `count ≤ maximum`, else every k-th for the smallest k that keeps the number ≤ `maximum`,
    /// always with the last frame (which may then follow its predecessor by less than k).
    package static func selectFrames(count: Int, maximum: Int = defaultMaximumThumbnails) -> [Int] {
        precondition(maximum >= 2, "a contact sheet shows at least the first and last frame")
        guard count > maximum else { return Array(0..<count) }
        var k = 1
        while true {
            var positions = Array(stride(from: 0, to: count, by: k))
            if positions.last != count - 1 { positions.append(count - 1) }
            if positions.count <= maximum { return positions }
            k += 1
        }
    }

    /// The sheet's geometry. Points unless named pixels; every edge falls on a whole pixel.
    package struct Layout: Sendable, Equatable {
        /// Device pixels per point of the sheet.
        package var scale: Double
        /// Sheet size in pixels.
        package var widthPixels: Int, heightPixels: Int
        /// Thumbnail size in pixels.
        package var thumbnailWidthPixels: Int, thumbnailHeightPixels: Int
        /// Thumbnails per row and rows.
        package var columns: Int, rows: Int
        /// Each thumbnail's rect, in the order of `shownFrames`.
        package var thumbnailRects: [Rect]
        /// The curve plot's rect.
        package var plotRect: Rect
        /// Baselines of the two header lines (y, points).
        package var titleBaseline: Double, detailsBaseline: Double

        /// 8 per row: 48 thumbnails make 6 rows, so a full sheet is about as wide as tall and the plot
        /// under it gets a wide time axis.
        static let maximumColumns = 8
        static let margin = 16.0, gap = 12.0, labelHeight = 18.0, rowGap = 8.0, headerHeight = 44.0
        static let plotHeight = 260.0, minimumContentWidth = 480.0, maximumThumbnailSide = 200.0

        /// The layout of `count` thumbnails of frames from `device`.
        init(count: Int, device: Device) {
            scale = device.scale >= 2 ? 2 : 1
            // A quarter of the frame, smaller for big custom devices so the sheet stays bounded.
            let quarter = min(0.25, Layout.maximumThumbnailSide / max(device.width, device.height))
            thumbnailWidthPixels = max(1, Int((device.width * quarter * scale).rounded()))
            thumbnailHeightPixels = max(1, Int((device.height * quarter * scale).rounded()))
            let thumbWidth = Double(thumbnailWidthPixels) / scale, thumbHeight = Double(thumbnailHeightPixels) / scale
            columns = max(1, min(Layout.maximumColumns, count))
            rows = (count + columns - 1) / columns
            let gridWidth = Double(columns) * thumbWidth + Double(columns - 1) * Layout.gap
            let contentWidth = max(gridWidth, Layout.minimumContentWidth)
            // Centre the grid on whole pixels.
            let gridLeft = Layout.margin + ((contentWidth - gridWidth) / 2 * scale).rounded(.down) / scale
            let gridTop = Layout.margin + Layout.headerHeight
            let perRow = columns
            thumbnailRects = (0..<count).map { i in
                Rect(
                    x: gridLeft + Double(i % perRow) * (thumbWidth + Layout.gap),
                    y: gridTop + Double(i / perRow) * (thumbHeight + Layout.labelHeight + Layout.rowGap),
                    width: thumbWidth, height: thumbHeight)
            }
            let gridBottom = gridTop + Double(rows) * (thumbHeight + Layout.labelHeight + Layout.rowGap)
            plotRect = Rect(x: Layout.margin, y: gridBottom + 8, width: contentWidth, height: Layout.plotHeight)
            widthPixels = Int(((contentWidth + 2 * Layout.margin) * scale).rounded(.up))
            heightPixels = Int(((plotRect.maxY + Layout.margin) * scale).rounded(.up))
            titleBaseline = Layout.margin + 15
            detailsBaseline = Layout.margin + 33
        }
    }

    /// A sheet for `frames` (the job's frames, possibly a sub-range of `timeline`), showing at
    /// most `maximumThumbnails` of them; `presetName` and `device` go into the header.
    /// `followUpSeconds` is how long the transition runs on after the main timing (card-push's
    /// 0.3 s follow-up); `totalFrames` the whole sequence's frame count (default: the timeline's).
    package init(
        timeline: Timeline, frames: [FrameSample], presetName: String, device: Device,
        maximumThumbnails: Int = defaultMaximumThumbnails, followUpSeconds: Double = 0, totalFrames: Int? = nil
    ) {
        precondition(!frames.isEmpty, "a contact sheet needs at least one frame")
        self.timeline = timeline
        let positions = ContactSheet.selectFrames(count: frames.count, maximum: maximumThumbnails)
        shownFrames = positions.map { frames[$0] }
        let every = positions.count > 1 ? positions[1] - positions[0] : 1
        let total = totalFrames ?? timeline.frameCount
        var title = "\(presetName) — \(total) frames"
        if frames.count < total { title += ", frames \(frames[0].index)–\(frames.last!.index) rendered" }
        if every > 1 { title += ", 1 in \(every) shown plus the last" }
        self.title = title
        let pixels = device.pixelSize
        details =
            String(format: "%.3g s", timeline.timing.durationSeconds) + " · " + timeline.timing.curve.summary
            + (followUpSeconds > 0 ? String(format: " + %.3g s follow-up", followUpSeconds) : "")
            + " · " + String(format: "%g fps", timeline.framesPerSecond)
            + " · \(device.name) \(ContactSheet.number(device.width))×\(ContactSheet.number(device.height)) pt"
            + " @\(ContactSheet.number(device.scale))x (\(pixels.width)×\(pixels.height) px)"
        layout = Layout(count: shownFrames.count, device: device)
    }

    /// Reduces a full frame to this sheet's thumbnail size (pyramid + bilinear, as the raster
    /// module draws any downscaled image). Safe to call from several threads.
    package func thumbnail(of frame: PremultipliedImage) -> PremultipliedImage {
        var canvas = Canvas(widthPixels: layout.thumbnailWidthPixels, heightPixels: layout.thumbnailHeightPixels, scale: 1)
        canvas.draw(
            ImagePyramid(frame),
            in: Rect(
                x: 0, y: 0, width: Double(layout.thumbnailWidthPixels),
                height: Double(layout.thumbnailHeightPixels)), contentMode: .scaleToFill)
        return canvas.image
    }

    /// Draws the sheet. `thumbnails[i]` is `thumbnail(of:)` of `shownFrames[i]`'s frame.
    package func render(thumbnails: [PremultipliedImage], font: Font) -> PremultipliedImage {
        precondition(thumbnails.count == shownFrames.count, "one thumbnail per shown frame")
        var canvas = Canvas(
            widthPixels: layout.widthPixels, heightPixels: layout.heightPixels, scale: layout.scale,
            background: StraightColor.white.premultipliedPixel)
        let ink = StraightColor(white: 0.1), muted = StraightColor(white: 0.4), border = StraightColor(white: 0.7)
        let left = Layout.margin
        canvas.drawText(title, font: font, sizePoints: 15, baselineOrigin: Point(x: left, y: layout.titleBaseline), color: ink)
        canvas.drawText(details, font: font, sizePoints: 11, baselineOrigin: Point(x: left, y: layout.detailsBaseline), color: muted)
        let pixel = 1 / layout.scale
        for (i, rect) in layout.thumbnailRects.enumerated() {
            // A one-pixel border just outside the thumbnail (white frames need an edge).
            canvas.fill(rect.insetBy(dx: -pixel, dy: -pixel), color: border)
            canvas.fill(rect, color: .white)
            canvas.draw(ImagePyramid(thumbnails[i]), in: rect, contentMode: .scaleToFill)
            let frame = shownFrames[i]
            let label = "#\(frame.index) · " + String(format: "%.3f s", frame.timeSeconds)
            let size = 10.0
            let width = font.measure(label, sizePoints: size)
            canvas.drawText(
                label, font: font, sizePoints: size,
                baselineOrigin: Point(x: (rect.midX - width / 2).rounded(), y: rect.maxY + 13), color: ink)
        }
        var plot = CurvePlot(timing: timeline.timing, markedFrames: shownFrames, interaction: interaction)
        plot.paging = paging
        plot.draw(in: layout.plotRect, on: &canvas, font: font)
        return canvas.image
    }

    /// A number in its shortest form, at most 4 significant digits ("0.6", "375", "2").
    package static func number(_ value: Double) -> String { NumberText.significant(value, digits: 4) }
}
