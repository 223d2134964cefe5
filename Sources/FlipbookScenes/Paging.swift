import FlipbookGeometry
package import FlipbookModel
package import FlipbookMotion
import FlipbookRaster

extension PhotoBrowserScene {
    /// Keyframes per second of the pager's offset in `page(from:to:gesture:name:)`: the
    /// `PagingTimeline` is sampled at this rate and the offset is linear between samples, so frames
    /// at 120, 60, 40, 30 or 24 fps (120/k) show the model's offsets exactly.
    package static let pagingKeyframesPerSecond = 120.0

    /// The default swipe from page `from` to its neighbour `to` (`flipbook render page` without a
    /// gesture): the finger goes down a quarter of the width in from the edge the content comes
    /// from, half-way down, and moves 40 % of the width towards the other edge in 0.25 s at
    /// constant speed (600 pt/s on a 375-point screen, well above the 50 pt/s fling threshold), so
    /// the scroll view settles on `to`.
    package static func pageSwipe(from: Int, to: Int, device: Device) -> Gesture {
        let forward = to > from
        let startX = device.width * (forward ? 0.75 : 0.25)
        do {
            return try Gesture.pan(
                from: Point(x: startX, y: device.height / 2),
                toXPoints: startX + device.width * (forward ? -0.4 : 0.4), durationSeconds: 0.25)
        } catch {
            // A 0.25 s pan with the default completion values always validates, on any device:
            // a throw here is a bug in this function, not bad input.
            preconditionFailure("the paging swipe does not validate: \(error)")
        }
    }

    /// Paging in the detail view: a horizontal swipe in the pager (a paging scroll view) starting
    /// on photo `from`, modelled by `PagingTimeline` (docs/INTERACTIVE.md, "Paging"): the content
    /// follows the finger (rubber-banded past the first and last photo), and from lift-off settles
    /// on the target page on the iOS scroll spring. The window is the detail screen with its
    /// neighbouring pages (`from − 1`, `from + 1` where they exist) in the pager; one animation moves
    /// the pager's `boundsOrigin.x` through keyframes every 1/`pagingKeyframesPerSecond` s, linear
    /// between them, under a linear main timing as long as the swipe. The bar does not change (the
    /// detail's navigation item is the same for every photo).
    ///
    /// `pop --select A --return B` continues from the last frame: the pop after a swipe, whose
    /// flight starts where the app lays its temporary image view out again after the swipe.
    package func page(from: Int, gesture: Gesture, name: String) -> Transition {
        let paging = PagingTimeline(
            gesture: gesture, pageWidthPoints: device.width, pageCount: photos.count, startPage: from,
            framesPerSecond: PhotoBrowserScene.pagingKeyframesPerSecond,
            settleTolerancePoints: 0.5 / device.scale)
        var detail = detailLayer(index: from, imageHidden: false)
        let bar = device.topBarHeightPoints
        for index in [from - 1, from + 1] where photos.indices.contains(index) {
            var page = Layer(
                name: "page \(index)",
                frame: Rect(
                    x: Double(index) * device.width + 5, y: 0,
                    width: pageFrame.width, height: pageFrame.height))
            var image = Layer(name: "page image \(index)", frame: detailFrame(index).offsetBy(dx: -5, dy: -bar))
            image.imageSource = photos[index].source
            image.contentMode = .scaleAspectFit
            page.sublayers = [image]
            detail.sublayers[0].sublayers.append(page)
        }
        let offsets = paging.frames.map(\.contentOffsetPoints)
        let steps = offsets.count - 1
        let keyframes = (0..<steps).map { k in
            Keyframe(
                relativeStart: Double(k) / Double(steps), relativeDuration: 1 / Double(steps),
                to: LayerPatch(boundsOrigin: Point(x: offsets[k + 1], y: 0)))
        }
        // The detail's bar is the same for every photo (the waterfall app's "Browzer", back to the grid), so
        // it does not change while paging.
        let navigationBar = NavigationBar.layer(device: device, showing: detailItem(from), atScrollEdge: true)
        return Transition(
            name: name, device: device,
            window: NavigationBar.window(device: device, container: [detail], bar: navigationBar),
            animations: [Animation(name: "paging", target: "pager", keyframes: keyframes)],
            timing: Timing(curve: .bezier(.linear), durationSeconds: Double(steps) / PhotoBrowserScene.pagingKeyframesPerSecond))
    }
}

extension SceneOptions {
    /// The finger of `page` among `count` photos: `pageGesture`, or the default swipe from
    /// `selectedIndex` towards `effectivePageTarget(count:)` (`PhotoBrowserScene.pageSwipe`).
    package func effectivePageGesture(count: Int) -> Gesture {
        pageGesture ?? PhotoBrowserScene.pageSwipe(from: selectedIndex, to: effectivePageTarget(count: count), device: device)
    }
}
