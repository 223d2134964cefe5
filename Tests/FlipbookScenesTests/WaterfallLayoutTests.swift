import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookScenes
import XCTest

final class WaterfallLayoutTests: XCTestCase {
    /// The first seven sample photos on an iPhone 8, worked out by hand from the layout rules in docs/PRESETS.md:
    /// colWidth = round((375 − 4·5)/3) = round(118.33) = 118.
    func testSamplePhotosOnIPhone8() {
        let sizes = [(720, 288), (590, 765), (600, 400), (1000, 1000), (1200, 1800), (1165, 500), (1024, 768)]
            .map { Size(width: Double($0.0), height: Double($0.1)) }
        let layout = WaterfallLayout(photoSizes: sizes, columns: 3, screenWidthPoints: 375)
        XCTAssertEqual(layout.columnWidthPoints, 118)
        XCTAssertEqual(
            layout.cellFrames,
            [
                // 2.5:1 on two equal empty columns: spans, width 2·118 (no gutter), h = trunc(236·288/720) = 94.
                Rect(x: 5, y: 5, width: 236, height: 94),
                // Column 2 is the shortest; the last column never spans. h = 118·765/590 = 153.
                Rect(x: 251, y: 5, width: 118, height: 153),
                // Exactly 1.5:1, columns 0 and 1 both 99 tall: spans. h = trunc(236·400/600) = trunc(157.33) = 157.
                Rect(x: 5, y: 104, width: 236, height: 157),
                Rect(x: 251, y: 163, width: 118, height: 118),
                // Columns 0 and 1 tie at 261: the first wins. Tall, so no span. h = 118·1.5 = 177.
                Rect(x: 5, y: 266, width: 118, height: 177),
                // 2.33:1 in column 1 (261), but column 2 is 281 tall: does NOT span. h = trunc(50.64) = 50.
                Rect(x: 128, y: 266, width: 118, height: 50),
                // h = trunc(118·768/1024) = trunc(88.5) = 88.
                Rect(x: 251, y: 286, width: 118, height: 88)
            ])
        XCTAssertEqual(layout.contentHeightPoints, 443 + 5)
    }

    func testAtLeastTwoColumns() {
        let layout = WaterfallLayout(photoSizes: [Size(width: 100, height: 100)], columns: 1, screenWidthPoints: 320)
        XCTAssertEqual(layout.columnCount, 2)
        XCTAssertEqual(layout.columnWidthPoints, 153) // round((320 − 15)/2) = round(152.5) = 153
    }

    /// Height is computed in 32-bit float and truncated, as the reference app does.
    func testHeightTruncatesInFloat() {
        let layout = WaterfallLayout(photoSizes: [Size(width: 3, height: 1)], columns: 2, screenWidthPoints: 320)
        // spans: width 306, height trunc(306·1/3) = trunc(102.0) = 102 (Float gives exactly 102).
        XCTAssertEqual(layout.cellFrames[0], Rect(x: 5, y: 5, width: 306, height: 102))
    }

    func testReturnPositioning() {
        // Three 1:4 photos on two 153-pt columns: each is 612 tall.
        let sizes = Array(repeating: Size(width: 100, height: 400), count: 3)
        let layout = WaterfallLayout(photoSizes: sizes, columns: 2, screenWidthPoints: 320)
        XCTAssertEqual(layout.cellFrames[2], Rect(x: 5, y: 622, width: 153, height: 612))
        // SE: visible = 568 − 64 = 504; bottom = 622 + 612 + 5 = 1239 → s = 1239 − 504 = 735.
        XCTAssertEqual(layout.scrollOffset(revealing: 2, visibleHeightPoints: 504), 735)
        // bottom of photo 0 = 617 + 5 = 622 > 504 → 118.
        XCTAssertEqual(layout.scrollOffset(revealing: 0, visibleHeightPoints: 504), 118)
        let small = WaterfallLayout(photoSizes: [Size(width: 1, height: 1)], columns: 3, screenWidthPoints: 375)
        XCTAssertEqual(small.scrollOffset(revealing: 0, visibleHeightPoints: 603), 0)
    }

    func testDevices() {
        XCTAssertEqual(Device(named: "iphone8"), .iPhone8)
        XCTAssertEqual(Device(named: "X")?.topBarHeightPoints, 88)
        XCTAssertEqual(Device(named: "plus")?.pixelSize.width, 1242)
        let custom = Device(named: "200x300")
        XCTAssertEqual(custom?.sizePoints, Size(width: 200, height: 300))
        XCTAssertNil(Device(named: "ipad"))
        XCTAssertNil(Device(named: "10x10"))
        XCTAssertEqual(Device.iPhone8.contentArea, Rect(x: 0, y: 64, width: 375, height: 603))
    }
}
