package import FlipbookGeometry
package import FlipbookModel
package import FlipbookMotion
package import FlipbookRaster

/// The waterfall app's photo browser (docs/REFERENCE-APPS.md): grid and detail screens, their
/// geometry in window points (docs/PRESETS.md), and the push, pop and zoom transitions built
/// from them as `Transition` values.
package struct PhotoBrowserScene: Hashable, Sendable {
    /// The grid screen: the photos, the screen and the waterfall layout.
    package let grid: WaterfallGrid
    /// The photos, in manifest order.
    package var photos: [ScenePhoto] { grid.photos }
    /// The screen.
    package var device: Device { grid.device }
    /// The grid's layout in content coordinates.
    package var layout: WaterfallLayout { grid.layout }
    /// The height of the bars the screens' code takes for granted, in points: the waterfall app
    /// hard-codes 64 (20 pt status bar + 44 pt bar) in its detail page, its temporary
    /// image view, its return positioning and its pop's target, whatever the device's bars
    /// (`appBarPoints`); the zoom browser's screens are not published and are laid out on
    /// the device's bars, `device.topBarHeightPoints`.
    package let assumedBarPoints: Double

    /// The waterfall app's hard-coded bar height: `H − 64` tall pages and grid, `y + 64 − offset`
    /// as the pop's target. On a device whose bars end at 88 pt (the X) or 103 pt (iPhone 15 Pro)
    /// the app's views are laid out below the real bars, so these places are off by the difference
    /// (docs/PRESETS.md, "On notched and Dynamic Island phones").
    package static let appBarPoints = 64.0

    /// Lays out the grid for a device, for the waterfall app (its hard-coded 64 pt bars) or, with
    /// `assumedBarPoints`, for screens laid out on other bars (the zoom app's: the device's own).
    /// `barIsOpaque`: the screens lie below an opaque bar (the waterfall app's, whose views start
    /// at `B`); false for screens under a translucent bar, which run under it (the zoom app's).
    package init(
        photos: [ScenePhoto], device: Device, columns: Int, assumedBarPoints: Double = PhotoBrowserScene.appBarPoints,
        barIsOpaque: Bool = true
    ) {
        grid = WaterfallGrid(photos: photos, device: device, columns: columns)
        self.assumedBarPoints = assumedBarPoints
        self.barIsOpaque = barIsOpaque
    }

    /// Whether the screens lie below an opaque bar (the detail's view starts at `B`, so from iOS
    /// 15 a transparent bar shows the window above it, not the detail's black).
    package let barIsOpaque: Bool

    /// The grid's navigation item, as in the waterfall app: no title (the code sets none), the "Clear"
    /// and "Add" bar buttons (`clearAction:`, `addAction:`; which side each is on is in the app's
    /// storyboard, not in the published code: Add goes right, where iOS puts add actions).
    package static let gridItem = NavigationItem(title: "", leftButton: "Clear", rightButton: "Add")

    /// The detail's navigation item (the waterfall app: `self.title = @"Browzer"` for every photo; the
    /// back button says "Back" because the grid has no title). `index` is unused, kept for the
    /// call sites.
    package func detailItem(_ index: Int) -> NavigationItem {
        NavigationItem(title: "Browzer", backTitle: PhotoBrowserScene.gridItem.titleForBackButton)
    }

    /// The grid's scroll offset that reveals photo `index` (the return-positioning rule): the
    /// cell's bottom + 5 at the bottom of a visible area `H − assumedBarPoints` tall — the app's
    /// `[UIScreen mainScreen].bounds.size.height - 64`, so on a phone with taller bars the cell
    /// ends below the screen's bottom edge by the difference.
    package func gridScroll(revealing index: Int) -> Double {
        layout.scrollOffset(revealing: index, visibleHeightPoints: device.height - assumedBarPoints)
    }

    /// Cell `index`'s frame on screen when the grid is scrolled by `scroll` points (unclipped).
    package func cellFrame(_ index: Int, scroll: Double) -> Rect {
        layout.cellFrames[index].offsetBy(dx: 0, dy: device.topBarHeightPoints - scroll)
    }

    /// Where push's snapshot lands and pop's starts, in window points: the waterfall app's
    /// temporary image view, fitted to the width `W − 10` (`h' = w'·h/w`), at
    /// `(5, (V − 64 − h')/2)` in the detail view, `V` the view's height when the app set it, the
    /// view lying below the bars (`B`): `(5, B + (V − 64 − h')/2, W − 10, h')` with the app's
    /// hard-coded 64 (`assumedBarPoints`). The app sets it in `viewDidLoad`, where the view still
    /// has the screen's height (`V = H`): centred in the visible area on an iPhone 8
    /// (`B = 64`), `(B − 64)/2` lower on taller bars (12 pt on the X, 19.5 pt on iPhone 15 Pro).
    /// After a swipe (`afterSwipe`) it sets it again, in `scrollViewDidEndDecelerating`, where the
    /// view has been laid out below the bars (`V = H − B`): 32 pt higher on an iPhone 8, `B/2`
    /// higher than without the swipe on any phone.
    ///
    /// For a photo taller than the page (petra_tall.jpg, 1:2, on an iPhone 8: `(5, 0.5, 365, 730)`)
    /// it runs under the bar and off the bottom, and the detail's aspect-fit image then appears
    /// smaller: the jump at the end of push (and at the start of pop) is what the app does.
    package func flightFrame(_ index: Int, afterSwipe: Bool = false) -> Rect {
        let size = photos[index].sizePixels, bar = device.topBarHeightPoints
        let width = device.width - 10, height = width * size.height / size.width
        let viewHeight = afterSwipe ? device.height - bar : device.height
        return Rect(x: 5, y: bar + (viewHeight - assumedBarPoints - height) / 2, width: width, height: height)
    }

    /// The detail's page, in window points: `(W − 10)×(H − 64)` below the bars, the app's
    /// collection view item (`self.view.frame.size.height - 64` when the view still has the
    /// screen's height), so it runs past the screen's bottom edge by `B − 64` on taller bars.
    package var pageFrame: Rect {
        Rect(x: 5, y: device.topBarHeightPoints, width: device.width - 10, height: device.height - assumedBarPoints)
    }

    /// Photo `index`'s frame in the detail view, in window points: aspect-fit into `pageFrame`
    /// (the pager's image view is `.scaleAspectFit` in the page). The same rect as `flightFrame`
    /// for every photo that is not taller than the page.
    package func detailFrame(_ index: Int) -> Rect {
        ContentMode.scaleAspectFit.imageRect(imageSize: photos[index].sizePixels, in: pageFrame)
    }

    /// The grid screen (`WaterfallGrid.layer`): the waterfall app's cells keep UIImageView's default
    /// `.scaleToFill` (the cell has the photo's aspect, so it is the stretched photo, the same
    /// pixels as the snapshot).
    package func gridLayer(
        scroll: Double, hiddenIndex: Int? = nil, patchIndex: Int? = nil, allCells: Bool = false,
        cellMode: ContentMode = .scaleToFill
    ) -> Layer {
        grid.layer(scroll: scroll, hiddenIndex: hiddenIndex, patchIndex: patchIndex, allCells: allCells, cellMode: cellMode)
    }

    /// The detail screen showing photo `index`: black, below the bar (`barIsOpaque`) or full
    /// screen, a pager of pages `W` apart (page k at `x = k·W + 5`) scrolled to page `index`;
    /// the image view is "detail image".
    package func detailLayer(index: Int, imageHidden: Bool) -> Layer {
        let bar = device.topBarHeightPoints, page = pageFrame, top = barIsOpaque ? bar : 0
        var detail = Layer(name: "detail", frame: Rect(x: 0, y: top, width: device.width, height: device.height - top))
        detail.backgroundColor = .black
        var pager = Layer(name: "pager", frame: Rect(x: 0, y: bar - top, width: device.width, height: page.height))
        pager.boundsOrigin = Point(x: Double(index) * device.width, y: 0)
        pager.clipsToBounds = true
        var pageLayer = Layer(
            name: "page \(index)", frame: Rect(x: Double(index) * device.width + 5, y: 0, width: page.width, height: page.height))
        let imageFrame = detailFrame(index).offsetBy(dx: -5, dy: -bar)
        var image = Layer(name: "detail image", frame: imageFrame)
        image.imageSource = photos[index].source
        image.contentMode = .scaleAspectFit
        image.isHidden = imageHidden
        pageLayer.sublayers = [image]
        pager.sublayers = [pageLayer]
        detail.sublayers = [pager]
        return detail
    }

    /// The waterfall app's pop snapshot background (`snapShotView.backgroundColor = [UIColor redColor]`).
    static let popSnapshotColor = StraightColor(red: 1, green: 0, blue: 0)

    /// The flying snapshot of photo `index` (scaleToFill, as `snapshotView` of the image view).
    func snapshot(_ index: Int, frame: Rect) -> Layer {
        var snapshot = Layer(name: "snapshot", frame: frame)
        snapshot.imageSource = photos[index].source
        snapshot.contentMode = .scaleToFill
        return snapshot
    }

    /// The photo `index`'s cell on screen with the grid scrolled to reveal it.
    func revealedCellFrame(_ index: Int) -> Rect { cellFrame(index, scroll: gridScroll(revealing: index)) }

    /// Where pop's snapshot lands: the app's `attributes.frame.origin.y + 64 − contentOffset.y`,
    /// the cell as if the grid started at `assumedBarPoints` — on the cell on an iPhone 8, `B − 64`
    /// above it on taller bars (24 pt on the X, 39 pt on iPhone 15 Pro), so the photo covers its
    /// neighbour and the cell appears below it when the snapshot is removed.
    func popTargetFrame(_ index: Int) -> Rect {
        revealedCellFrame(index).offsetBy(dx: 0, dy: assumedBarPoints - device.topBarHeightPoints)
    }

    /// Push (the waterfall app): the grid (scrolled by return positioning, the tapped photo hidden); the
    /// detail, its image view hidden, fading in 0 → 1 above it; the photo's snapshot flying from
    /// the cell to `flightFrame` above both. Completion: only the detail remains.
    ///
    /// Zoom push (the zoom browser, `zoom`): the same, except that the cells are aspect-fill and the
    /// snapshot is `snapshotView` of the tapped cell's image view — the visible crop, stretched
    /// as the snapshot grows — landing on the detail's image view (`detailFrame`).
    package func push(_ index: Int, name: String, timing: Timing, zoom: Bool = false) -> Transition {
        // The detail's pager has no vertical offset: its bar is at the scroll edge (iOS 15 on).
        let bar = NavigationBar.transition(
            device: device, from: PhotoBrowserScene.gridItem, to: detailItem(index), animation: .crossFade,
            scrollEdge: (gridScroll(revealing: index) == 0, true))
        let grid = gridLayer(scroll: gridScroll(revealing: index), hiddenIndex: index, cellMode: zoom ? .scaleAspectFill : .scaleToFill)
        let detail = detailLayer(index: index, imageHidden: true).with(opacity: 0)
        var flying = snapshot(index, frame: revealedCellFrame(index))
        if zoom {
            flying.imageSource = nil
            flying.snapshotOf = "cell \(index)"
        }
        return Transition(
            name: name, device: device,
            window: NavigationBar.window(device: device, container: [grid, detail, flying], bar: bar.layer),
            animations: [
                Animation(target: flying.name, to: LayerPatch(frame: zoom ? detailFrame(index) : flightFrame(index))),
                Animation(target: detail.name, to: LayerPatch(opacity: 1))
            ] + bar.animations,
            completion: [
                LayerChange(target: grid.name, set: LayerPatch(isRemoved: true)),
                LayerChange(target: flying.name, set: LayerPatch(isRemoved: true)),
                LayerChange(target: "detail image", set: LayerPatch(isHidden: false))
            ] + bar.completion,
            timing: timing)
    }

    /// Pop (the waterfall app): the detail fading out 1 → 0 over the grid, which is scrolled to reveal the
    /// photo shown last and has a white patch over its cell; the snapshot flies back from
    /// `flightFrame` (as laid out again after a swipe when `afterSwipe`: the user paged to
    /// `index` from another photo) onto the cell (`popTargetFrame`: above it on taller bars). The
    /// snapshot has the app's red background (`snapShotView.backgroundColor = red`), which shows
    /// through a transparent photo. Completion: the grid alone. Cancelled (an interactive pop let
    /// go): the detail alone, its image view shown again.
    package func pop(_ index: Int, afterSwipe: Bool = false, name: String, timing: Timing) -> Transition {
        let bar = NavigationBar.transition(
            device: device, from: detailItem(index), to: PhotoBrowserScene.gridItem, animation: .crossFade,
            scrollEdge: (true, gridScroll(revealing: index) == 0))
        let grid = gridLayer(scroll: gridScroll(revealing: index), patchIndex: index)
        let detail = detailLayer(index: index, imageHidden: true)
        var flying = snapshot(index, frame: flightFrame(index, afterSwipe: afterSwipe))
        flying.backgroundColor = PhotoBrowserScene.popSnapshotColor
        return Transition(
            name: name, device: device,
            window: NavigationBar.window(device: device, container: [grid, detail, flying], bar: bar.layer),
            animations: [
                Animation(target: flying.name, to: LayerPatch(frame: popTargetFrame(index))),
                Animation(target: detail.name, to: LayerPatch(opacity: 0))
            ] + bar.animations,
            completion: [
                LayerChange(target: detail.name, set: LayerPatch(isRemoved: true)),
                LayerChange(target: flying.name, set: LayerPatch(isRemoved: true)),
                LayerChange(target: "white patch", set: LayerPatch(isRemoved: true))
            ] + bar.completion,
            cancelCompletion: LayerChange.changes(removing: [grid.name, flying.name], showing: ["detail image"]),
            timing: timing)
    }

    /// Zoom pop (the zoom browser): the detail (its image view hidden) with the grid added on top —
    /// where push left it, the selected cell's image hidden — fading in 0 → 1 over it; the
    /// snapshot flies from the detail frame back onto the selected cell above both. The app has
    /// no return positioning and returns to the selected item (`indexPathsForSelectedItems`);
    /// it converts the cell's image frame from the image view itself, which counts the image
    /// view's inset in the cell twice — zero here, as the image view fills the cell. Unlike pop,
    /// no white patch. Completion: the grid alone, every cell shown. Cancelled: the detail alone,
    /// its image view shown again.
    package func zoomPop(_ index: Int, name: String, timing: Timing) -> Transition {
        let bar = NavigationBar.transition(
            device: device, from: detailItem(index), to: PhotoBrowserScene.gridItem, animation: .crossFade,
            scrollEdge: (true, gridScroll(revealing: index) == 0))
        let detail = detailLayer(index: index, imageHidden: true)
        let grid = gridLayer(scroll: gridScroll(revealing: index), hiddenIndex: index, cellMode: .scaleAspectFill).with(opacity: 0)
        let flying = snapshot(index, frame: detailFrame(index))
        return Transition(
            name: name, device: device,
            window: NavigationBar.window(device: device, container: [detail, grid, flying], bar: bar.layer),
            animations: [
                Animation(target: flying.name, to: LayerPatch(frame: revealedCellFrame(index))),
                Animation(target: grid.name, to: LayerPatch(opacity: 1))
            ] + bar.animations,
            completion: [
                LayerChange(target: detail.name, set: LayerPatch(isRemoved: true)),
                LayerChange(target: flying.name, set: LayerPatch(isRemoved: true)),
                LayerChange(target: "cell \(index)", set: LayerPatch(isHidden: false))
            ] + bar.completion,
            cancelCompletion: LayerChange.changes(removing: [grid.name, flying.name], showing: ["detail image"]),
            timing: timing)
    }
}
