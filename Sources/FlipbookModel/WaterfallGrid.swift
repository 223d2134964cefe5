import FlipbookGeometry
package import FlipbookRaster

/// The waterfall photo grid as a screen: the photos' cells laid out by `WaterfallLayout` under
/// the navigation bar, scrolled. Chrome shared by the photo browser presets and by transition
/// files' `"waterfallGrid"` layers, which build it without any preset.
package struct WaterfallGrid: Hashable, Sendable {
    /// The photos, in manifest order.
    package let photos: [ScenePhoto]
    /// The screen (its width is the grid's).
    package let device: Device
    /// The cells' layout in content coordinates.
    package let layout: WaterfallLayout

    /// Lays out `columns` columns of the photos for the device's width.
    package init(photos: [ScenePhoto], device: Device, columns: Int) {
        self.photos = photos
        self.device = device
        layout = WaterfallLayout(photoSizes: photos.map(\.sizePixels), columns: columns, screenWidthPoints: device.width)
    }

    /// The scroll offset that reveals photo `index` (the return-positioning rule), for the area
    /// below the navigation bar.
    package func scroll(revealing index: Int) -> Double {
        layout.scrollOffset(revealing: index, visibleHeightPoints: device.height - device.topBarHeightPoints)
    }

    /// The grid screen: white, below the bar, scrolled by `scroll`. `hiddenIndex`'s image is
    /// hidden (its snapshot is flying); `patchIndex` gets a white patch (named "white patch")
    /// over its cell. Cells are named "cell 0", "cell 1", …; only those the grid's clip can show
    /// at `scroll` get a layer unless `allCells` (for grids whose scroll is animated).
    /// `cellMode`: the photo browser's cells are `.scaleToFill`, the zoom browser's and a transition
    /// file's aspect-fill and clipped.
    package func layer(
        scroll: Double, hiddenIndex: Int? = nil, patchIndex: Int? = nil, allCells: Bool = false,
        cellMode: ContentMode = .scaleToFill
    ) -> Layer {
        var grid = Layer(name: "grid", frame: device.contentArea)
        grid.backgroundColor = .white
        grid.clipsToBounds = true
        grid.boundsOrigin = Point(x: 0, y: scroll)
        // Only cells that can show through the grid's clip get a layer (a 10,000-photo manifest
        // would otherwise build and flatten 10,000 layers per frame to draw a screenful); the
        // 1 pt margin keeps every cell the clip could let through, so no frame changes.
        let visible = allCells ? -Double.infinity...Double.infinity : (scroll - 1)...(scroll + grid.frame.height + 1)
        for (index, frame) in layout.cellFrames.enumerated() where frame.maxY >= visible.lowerBound && frame.minY <= visible.upperBound {
            var cell = Layer(name: "cell \(index)", frame: frame)
            cell.imageSource = photos[index].source
            cell.contentMode = cellMode
            cell.clipsToBounds = cellMode == .scaleAspectFill
            cell.isHidden = index == hiddenIndex
            grid.sublayers.append(cell)
        }
        if let patchIndex {
            var patch = Layer(name: "white patch", frame: layout.cellFrames[patchIndex])
            patch.backgroundColor = .white
            grid.sublayers.append(patch)
        }
        return grid
    }
}
