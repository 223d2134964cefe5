import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import XCTest

/// Grids give layers only to cells that can show through their clip (a 10,000-photo manifest
/// must not cost 10,000 layers a frame), and that changes no display list.
final class GridCullingTests: XCTestCase {
    /// 300 photos of five shapes (wide ones span two columns).
    let photos: [ScenePhoto] = (0..<300).map { index in
        let sizes = [(720, 288), (590, 765), (600, 400), (1000, 1000), (1200, 1800)]
        let (width, height) = sizes[index % sizes.count]
        return ScenePhoto(source: "p\(index).jpg", sizePixels: Size(width: Double(width), height: Double(height)))
    }

    /// `grid` with a layer for every cell, built like its culled cells (the first one as a template).
    private func unculled(_ grid: Layer, frames: [Rect], name: (Int) -> String) -> Layer {
        var full = grid
        let template = grid.sublayers[0]
        full.sublayers = frames.enumerated().map { index, frame in
            var cell = template
            cell.name = name(index)
            cell.frame = frame
            cell.imageSource = photos[index].source
            cell.isHidden = false
            return cell
        }
        return full
    }

    func testWaterfallGridKeepsOnlyCellsThatCanShow() {
        let scene = PhotoBrowserScene(photos: photos, device: .iPhone8, columns: 3)
        for scroll in [0, 200, 1234.5, scene.layout.contentHeightPoints - 603] {
            let grid = scene.gridLayer(scroll: scroll)
            XCTAssertLessThan(grid.sublayers.count, 30, "scroll \(scroll)")
            XCTAssertGreaterThan(grid.sublayers.count, 5, "scroll \(scroll)")
            let full = unculled(grid, frames: scene.layout.cellFrames, name: { "cell \($0)" })
            XCTAssertEqual(full.sublayers.count, 300)
            XCTAssertEqual(
                DisplayList.ops(flattening: grid, screen: Device.iPhone8.bounds),
                DisplayList.ops(flattening: full, screen: Device.iPhone8.bounds), "scroll \(scroll)")
        }
    }

    func testThumbnailGridKeepsOnlyCellsThatCanShow() {
        for scroll in [0.0, 300, 4321.25] {
            let scene = ModalBrowserScene(photos: photos, device: .iPhone8, scrollPoints: scroll)
            let screen = scene.gridScreen()
            let grid = screen.sublayers[0]
            XCTAssertLessThan(grid.sublayers.count, 30, "scroll \(scroll)")
            var full = screen
            full.sublayers[0] = unculled(grid, frames: photos.indices.map(scene.cellContentFrame), name: { "thumbnail \($0)" })
            XCTAssertEqual(
                DisplayList.ops(flattening: screen, screen: Device.iPhone8.bounds),
                DisplayList.ops(flattening: full, screen: Device.iPhone8.bounds), "scroll \(scroll)")
        }
    }
}
