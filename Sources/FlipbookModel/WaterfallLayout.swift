package import FlipbookGeometry

/// The waterfall app's masonry grid (docs/REFERENCE-APPS.md), in content coordinates (points, y down from
/// the top of the scrolling content, before the 64 pt bar offset).
///
/// Rules (the waterfall app's; docs/PRESETS.md): `n = max(2, columns)`, gutter 5, `colWidth = round((W − (n+1)·5)/n)`; each
/// photo goes to the shortest column (first on ties); a photo spans two columns when the column
/// to its right is exactly as tall and the photo is at least 1.5:1, with width `2·colWidth` (the
/// waterfall app's value: the gutter is not added); height is `trunc(width·h/w)` in 32-bit float.
package struct WaterfallLayout: Hashable, Sendable {
    /// Space between cells and around the grid, in points.
    package static let gutterPoints: Double = 5

    /// Number of columns (at least 2).
    package let columnCount: Int
    /// Width of one column, in points.
    package let columnWidthPoints: Double
    /// Each photo's cell in content coordinates, in manifest order.
    package let cellFrames: [Rect]
    /// Height of the scrolling content: the tallest column + one gutter.
    package let contentHeightPoints: Double

    /// Lays out photos of the given pixel sizes in a grid `screenWidthPoints` wide.
    package init(photoSizes: [Size], columns: Int, screenWidthPoints: Double) {
        let gutter = WaterfallLayout.gutterPoints
        let n = max(2, columns)
        columnCount = n
        let columnWidth = ((screenWidthPoints - Double(n + 1) * gutter) / Double(n)).rounded()
        columnWidthPoints = columnWidth
        var columnHeights = [Double](repeating: 0, count: n)
        var frames: [Rect] = []
        frames.reserveCapacity(photoSizes.count)
        for size in photoSizes {
            // Shortest column, first on ties.
            var column = 0
            for c in 1..<n where columnHeights[c] < columnHeights[column] { column = c }
            let x = Double(column) * (columnWidth + gutter) + gutter
            let y = columnHeights[column] + gutter
            let spans =
                column < n - 1 && columnHeights[column] == columnHeights[column + 1]
                && size.width >= 1.5 * size.height
            let width = spans ? 2 * columnWidth : columnWidth
            // The waterfall app computes the height in CGFloat-as-Float and truncates.
            let height = Double((Float(width) * Float(size.height) / Float(size.width)).rounded(.towardZero))
            frames.append(Rect(x: x, y: y, width: width, height: height))
            columnHeights[column] = y + height
            if spans { columnHeights[column + 1] = y + height }
        }
        cellFrames = frames
        contentHeightPoints = (columnHeights.max() ?? 0) + gutter
    }

    /// The return-positioning scroll offset that makes cell `index` visible in a viewport
    /// `visibleHeightPoints` tall (screen height − bars): its bottom plus a gutter touches the
    /// viewport's bottom edge, or 0 when it is visible unscrolled.
    package func scrollOffset(revealing index: Int, visibleHeightPoints: Double) -> Double {
        let cell = cellFrames[index]
        let bottom = cell.maxY + WaterfallLayout.gutterPoints
        return bottom > visibleHeightPoints ? bottom - visibleHeightPoints : 0
    }
}
