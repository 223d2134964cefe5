import FlipbookGeometry

// Zoom push (seed 002) draws exactly what push does — grid with the tapped image hidden, the
// detail added on top fading in 0 → 1 with its image view hidden, the snapshot flying above both
// — so `TransitionPreset.zoomPush` builds a `PhotoBrowserPush` (docs/PRESETS.md).

/// Zoom pop (seed 002): the detail (its image view hidden) with the grid added on top — scrolled
/// by return positioning, the return cell's image hidden — fading in 0 → 1 over it; the snapshot
/// flies from the detail frame back onto the cell above both.
@_spi(Scenes) public struct ZoomPop: Transition {
    /// The browser scene.
    @_spi(Scenes) public let scene: PhotoBrowserScene
    /// The photo shown last in the detail view.
    @_spi(Scenes) public let index: Int

    /// Creates the transition.
    @_spi(Scenes) public init(scene: PhotoBrowserScene, index: Int) { self.scene = scene; self.index = index }

    /// The snapshot's frame at `progress`: lerp(detail frame, cell, progress), unclamped — pop's flight.
    @_spi(Scenes) public func snapshotFrame(progress: Double) -> Rect {
        PhotoBrowserPop(scene: scene, index: index).snapshotFrame(progress: progress)
    }

    /// See `Transition.window(progress:completed:)`. Unlike pop, the grid is on top (fading in,
    /// the return cell's image hidden, no white patch) and the detail stays opaque beneath it.
    @_spi(Scenes) public func window(progress: Double, completed: Bool) -> Layer {
        let scroll = scene.gridScroll(revealing: index)
        if completed {
            return scene.settledGridWindow(revealing: index)
        }
        let detail = scene.detailLayer(index: index, imageHidden: true)
        let grid = scene.gridLayer(scroll: scroll, hiddenIndex: index).with(opacity: progress)
        return scene.window(container: [detail, grid, scene.snapshot(index, frame: snapshotFrame(progress: progress))],
                            bar: scene.bar(towardsDetail: index, progress: progress, reverse: true))
    }
}
