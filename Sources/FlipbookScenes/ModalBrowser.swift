package import FlipbookGeometry
package import FlipbookModel
package import FlipbookMotion
import FlipbookRaster

/// The modal browser and the fading modal browser (docs/REFERENCE-APPS.md): a uniform thumbnail grid under
/// the navigation bar, and a black full-screen browser presented over everything.
package struct ModalBrowserScene: Hashable, Sendable {
    /// The photos, in manifest order.
    package let photos: [ScenePhoto]
    /// The screen.
    package let device: Device
    /// The grid's scroll offset in points: the one asked for (no return positioning here),
    /// clamped to the content as a scroll view clamps its `contentOffset` (`maximumScrollPoints`).
    package let scrollPoints: Double

    /// Thumbnail columns (the reference app's constant).
    package static let columnCount = 3
    /// Space between thumbnails and around the grid, in points.
    package static let gutterPoints: Double = 5

    /// Creates the scene, the grid scrolled by `scrollPoints` clamped to `0…maximumScrollPoints`.
    package init(photos: [ScenePhoto], device: Device, scrollPoints: Double) {
        self.photos = photos; self.device = device
        self.scrollPoints = min(max(0, scrollPoints), Self.maximumScrollPoints(photoCount: photos.count, device: device))
    }

    /// The content's height: the flow layout's rows of `cellSidePoints` 5 pt apart inside 5 pt
    /// section insets, `rows·(side + 5) + 5` (5 pt with no photo).
    package var contentHeightPoints: Double { Self.contentHeightPoints(photoCount: photos.count, device: device) }

    /// The largest offset the grid scrolls to: the content's bottom at the bottom of the area
    /// below the bar (`contentHeight − (H − B)`), 0 when the content fits — a scroll view stops
    /// there (it bounces beyond and comes back), so no white shows under the last row.
    package var maximumScrollPoints: Double { Self.maximumScrollPoints(photoCount: photos.count, device: device) }

    static func contentHeightPoints(photoCount: Int, device: Device) -> Double {
        let rows = (photoCount + columnCount - 1) / columnCount
        return Double(rows) * (cellSide(device: device) + gutterPoints) + gutterPoints
    }

    static func maximumScrollPoints(photoCount: Int, device: Device) -> Double {
        max(0, contentHeightPoints(photoCount: photoCount, device: device) - (device.height - device.topBarHeightPoints))
    }

    static func cellSide(device: Device) -> Double {
        (device.width - Double(columnCount + 1) * gutterPoints) / Double(columnCount)
    }

    /// The side of a square thumbnail: `(W − 4·5)/3`, not rounded, so the gutters are exactly
    /// 5 pt (a flow layout with this item size; on an iPhone 8 it is 118.33 pt).
    package var cellSidePoints: Double { Self.cellSide(device: device) }

    /// Thumbnail `index`'s frame in content coordinates: row-major, 3 to a row.
    package func cellContentFrame(_ index: Int) -> Rect {
        let gutter = ModalBrowserScene.gutterPoints, side = cellSidePoints
        let column = index % ModalBrowserScene.columnCount, row = index / ModalBrowserScene.columnCount
        return Rect(x: gutter + Double(column) * (side + gutter), y: gutter + Double(row) * (side + gutter), width: side, height: side)
    }

    /// Thumbnail `index`'s frame on screen, at the scene's scroll offset (unclipped).
    package func cellFrame(_ index: Int) -> Rect {
        cellContentFrame(index).offsetBy(dx: 0, dy: device.topBarHeightPoints - scrollPoints)
    }

    /// True when any part of thumbnail `index` shows in the content area (below the bar).
    package func isCellOnScreen(_ index: Int) -> Bool { cellFrame(index).intersects(device.contentArea) }

    /// Photo `index` in the browser: fitted to the full width, `h = W·ih/iw`, frame
    /// `(0, (H − h)/2, W, h)` — the reference apps' `endRect`, for every photo. A photo taller
    /// than the screen runs off the top and bottom (petra_tall.jpg, 1:2, on an iPhone 8:
    /// `(0, −41.5, 375, 750)`), as in both apps, which compute the browser's image view the same way.
    package func browserFrame(_ index: Int) -> Rect {
        let size = photos[index].sizePixels
        let height = device.width * size.height / size.width
        return Rect(x: 0, y: (device.height - height) / 2, width: device.width, height: height)
    }

    /// Where a dismissed photo lands: its thumbnail when on screen, else a zero-size rect at the
    /// bottom centre `(W/2, H)` (the reference app's fallback: the photo shrinks away downwards).
    package func returnFrame(_ index: Int) -> Rect {
        isCellOnScreen(index) ? cellFrame(index) : Rect(x: device.width / 2, y: device.height, width: 0, height: 0)
    }

    /// The presenting screen: white, the thumbnail grid (aspect-fill, clipped) scrolled below the
    /// bar, and the bar on top.
    package func gridScreen() -> Layer {
        var screen = Layer(name: "thumbnail screen", frame: device.bounds)
        screen.backgroundColor = .white
        var grid = Layer(name: "thumbnail grid", frame: device.contentArea)
        grid.clipsToBounds = true
        grid.boundsOrigin = Point(x: 0, y: scrollPoints)
        // Only thumbnails that can show through the grid's clip (1 pt margin), as in WaterfallGrid.layer.
        let visible = (scrollPoints - 1)...(scrollPoints + grid.frame.height + 1)
        grid.sublayers = photos.indices.filter {
            cellContentFrame($0).maxY >= visible.lowerBound && cellContentFrame($0).minY <= visible.upperBound
        }.map { index in
            var cell = Layer(name: "thumbnail \(index)", frame: cellContentFrame(index))
            cell.imageSource = photos[index].source
            cell.contentMode = .scaleAspectFill
            cell.clipsToBounds = true
            return cell
        }
        screen.sublayers = [grid, NavigationBar.layer(device: device, showing: PhotoBrowserScene.gridItem, atScrollEdge: scrollPoints == 0)]
        return screen
    }

    /// The browser after presentation: black, full screen, the photo aspect-fit to the width.
    package func browserScreen(index: Int) -> Layer {
        var browser = Layer(name: "browser", frame: device.bounds)
        browser.backgroundColor = .black
        var image = Layer(name: "browser image", frame: browserFrame(index))
        image.imageSource = photos[index].source
        image.contentMode = .scaleAspectFit
        browser.sublayers = [image]
        return browser
    }

    /// The transition container (full screen, over the bar) holding the moving image view.
    func container(background: StraightColor?, index: Int, imageFrame: Rect, style: ModalStyle) -> Layer {
        var container = Layer(name: "container", frame: device.bounds)
        container.backgroundColor = background
        var image = Layer(name: "moving image", frame: imageFrame)
        image.imageSource = photos[index].source
        image.contentMode = style == .clipped ? .scaleAspectFill : .scaleToFill
        image.clipsToBounds = style == .clipped
        container.sublayers = [image]
        return container
    }

    /// The window: the given screens back to front.
    func window(_ screens: [Layer]) -> Layer {
        var window = Layer(name: "window", frame: device.bounds)
        window.sublayers = screens
        return window
    }

    /// Present (both modal browsers): an image view grows from the tapped thumbnail to the full-width
    /// aspect-fit rect over a container that is black at once (the modal browser) or fades clear
    /// → black (the fading one). Completion: the browser alone.
    package func present(_ index: Int, style: ModalStyle, name: String, timing: Timing) -> Transition {
        let background = style == .clipped ? StraightColor.black : StraightColor(white: 0, alpha: 0)
        let container = self.container(background: background, index: index, imageFrame: cellFrame(index), style: style)
        var animations = [Animation(target: "moving image", to: LayerPatch(frame: browserFrame(index)))]
        if style == .fade { animations.append(Animation(target: container.name, to: LayerPatch(backgroundColor: .black))) }
        let grid = gridScreen()
        return Transition(
            name: name, device: device,
            window: window([grid, container, browserScreen(index: index).with(hidden: true)]),
            animations: animations,
            completion: [
                LayerChange(target: grid.name, set: LayerPatch(isRemoved: true)),
                LayerChange(target: container.name, set: LayerPatch(isRemoved: true)),
                LayerChange(target: "browser", set: LayerPatch(isHidden: false))
            ],
            // Before the tap the white grid lay under the home indicator: it was black.
            timing: timing, homeIndicatorToneBefore: 0)
    }

    /// Dismiss (the modal browser): the browser is removed at once; the aspect-fill image view shrinks
    /// from the browser frame to the thumbnail of the photo shown last — or to a zero-size rect
    /// at `(W/2, H)` when that thumbnail is off screen. Completion: the thumbnail grid alone.
    ///
    /// Fade dismiss (the fading modal browser): the browser is removed at once too, and the container stays clear
    /// (present set it back to clear in its completion; dismiss never changes it), so the grid
    /// shows from the first frame and only the stretched photo moves — back to the rect it was
    /// presented from (the tapped thumbnail's `startRect`), with no off-screen fallback.
    ///
    /// Cancelled (an interactive dismiss let go): the browser alone, as before the gesture.
    package func dismiss(_ index: Int, style: ModalStyle, name: String, timing: Timing) -> Transition {
        let container = self.container(background: nil, index: index, imageFrame: browserFrame(index), style: style)
        let target = style == .clipped ? returnFrame(index) : cellFrame(index)
        // The browser stays in the window, hidden, for a cancelled interactive dismiss to show again.
        let grid = gridScreen(), browser = browserScreen(index: index)
        return Transition(
            name: name, device: device, window: window([grid, container, browser.with(hidden: true)]),
            animations: [Animation(target: "moving image", to: LayerPatch(frame: target))],
            completion: [LayerChange(target: container.name, set: LayerPatch(isRemoved: true))],
            cancelCompletion: LayerChange.changes(removing: [grid.name, container.name], showing: [browser.name]),
            // Before the touch the black browser lay under the home indicator: it was white.
            timing: timing, homeIndicatorToneBefore: 1)
    }
}

/// How the modal transitions look: the modal browser's or the fading modal browser's.
package enum ModalStyle: Hashable, Sendable {
    /// The modal browser: the container is black at once (present) or gone at once (dismiss); the moving
    /// image view is aspect-fill and clipped.
    case clipped
    /// The fading modal browser: the container's background animates clear → black in present and stays clear
    /// in dismiss; the image is stretched (scaleToFill, not clipped); dismiss has no off-screen
    /// fallback.
    case fade
}
