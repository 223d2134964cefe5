import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import XCTest

final class DisplayListTests: XCTestCase {
    let screen = Rect(x: 0, y: 0, width: 100, height: 100)

    func testScrollOffsetAndClip() {
        var scroller = Layer(name: "scroller", frame: Rect(x: 0, y: 20, width: 100, height: 80))
        scroller.clipsToBounds = true
        scroller.boundsOrigin = Point(x: 0, y: 30)
        var child = Layer(name: "child", frame: Rect(x: 5, y: 35, width: 10, height: 10))
        child.backgroundColor = .black
        var offscreen = Layer(name: "far", frame: Rect(x: 5, y: 500, width: 10, height: 10))
        offscreen.backgroundColor = .black
        scroller.sublayers = [child, offscreen]
        let ops = DisplayList.ops(flattening: scroller, screen: screen)
        XCTAssertEqual(
            ops,
            [
                .fill(
                    rect: Rect(x: 5, y: 25, width: 10, height: 10), color: .black, opacity: 1,
                    clip: Clip(rect: Rect(x: 0, y: 20, width: 100, height: 80)))
            ])
    }

    func testOpacityFoldsIntoASingleOpAndGroupsSeveral() {
        var parent = Layer(name: "p", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        parent.backgroundColor = .black
        parent.opacity = 0.4
        XCTAssertEqual(
            DisplayList.ops(flattening: parent, screen: screen),
            [.fill(rect: Rect(x: 0, y: 0, width: 50, height: 50), color: .black, opacity: 0.4, clip: nil)])
        var child = Layer(name: "c", frame: Rect(x: 10, y: 10, width: 10, height: 10))
        child.backgroundColor = .white
        parent.sublayers = [child]
        let ops = DisplayList.ops(flattening: parent, screen: screen)
        guard case let .group(opacity, children)? = ops.first, ops.count == 1 else { return XCTFail("expected one group: \(ops)") }
        XCTAssertEqual(opacity, 0.4)
        XCTAssertEqual(children.count, 2)
        XCTAssertEqual(children.map(\.opacity), [1, 1])
    }

    func testOpacityIsClampedAndHiddenSkipped() {
        var layer = Layer(name: "l", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        layer.backgroundColor = .white
        layer.opacity = 1.09 // a spring overshoot
        XCTAssertEqual(DisplayList.ops(flattening: layer, screen: screen).map(\.opacity), [1])
        layer.opacity = -0.1
        XCTAssertEqual(DisplayList.ops(flattening: layer, screen: screen), [])
        layer.opacity = 1
        layer.isHidden = true
        XCTAssertEqual(DisplayList.ops(flattening: layer, screen: screen), [])
    }

    func testJSONShape() {
        let list = DisplayList(
            device: .iPhone8, frameIndex: 12, timeSeconds: 0.2, progress: 0.87,
            ops: [
                .fill(rect: Rect(x: 0, y: 64, width: 375, height: 603), color: .white, opacity: 1, clip: nil),
                .group(
                    opacity: 0.4,
                    ops: [
                        .image(
                            source: "Samples/photos/a \"b\".jpg", rect: Rect(x: 5, y: 69, width: 118, height: 88.5),
                            contentMode: .scaleToFill, opacity: 1,
                            clip: Clip(rect: Rect(x: 0, y: 64, width: 375, height: 603), cornerRadius: 8))
                    ])
            ])
        XCTAssertEqual(
            list.json,
            """
            {"canvas": {"width": 375, "height": 667, "scale": 2},
             "frame": 12, "time": 0.2, "progress": 0.87,
             "ops": [
              {"op": "fill", "rect": [0, 64, 375, 603], "color": [1, 1, 1, 1], "opacity": 1, "clip": null},
              {"op": "group", "opacity": 0.4, "ops": [
                {"op": "image", "source": "Samples/photos/a \\"b\\".jpg", "rect": [5, 69, 118, 88.5], "contentMode": "scaleToFill", "opacity": 1, "clip": [0, 64, 375, 603], "cornerRadius": 8}
               ]}
             ]}

            """)
    }
}
