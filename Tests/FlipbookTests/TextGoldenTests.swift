import XCTest
import Foundation
import FlipbookGeometry
import FlipbookRaster
import FlipbookTesting
import FlipbookText

/// Text through the whole path: FreeType masks composited by the canvas (colour, opacity, clip).
/// Uses the DejaVu Sans copy in Tests/Fixtures/fonts, so the result does not depend on the system.
final class TextGoldenTests: XCTestCase {
    static let font = try! Font(path: Package.fixtureFont)

    func drawLabel(opacity: Double = 1, clip: Clip? = nil) -> PremultipliedImage {
        var canvas = Canvas(widthPixels: 320, heightPixels: 64, scale: 2,
                            background: PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255))
        canvas.drawText("Flipbook ★★★☆☆", font: Self.font, sizePoints: 17, baselineOrigin: Point(x: 4.3, y: 21.6),
                        color: StraightColor(red: 0, green: 122.0 / 255, blue: 1), opacity: opacity, clip: clip)
        return canvas.image
    }

    func testLabelMatchesItsGolden() {
        assertGolden(drawLabel(), named: "label")
    }

    func testOpacityAndClip() {
        let faded = drawLabel(opacity: 0.5)
        let full = drawLabel()
        // Darkest pixel: full coverage of system blue over white; at 50 % it is halfway to white.
        let darkest = full.pixels.min { ($0 & 0xFF) + ($0 >> 8 & 0xFF) < ($1 & 0xFF) + ($1 >> 8 & 0xFF) }!
        XCTAssertEqual(PremultipliedPixel(packed: darkest), PremultipliedPixel(red: 0, green: 122, blue: 255, alpha: 255))
        XCTAssertTrue(faded.pixels.allSatisfy { $0 & 0xFF >= 127 }, "no pixel darker than 50 % blue over white")
        // A clip to the left half leaves the right half white.
        let clipped = drawLabel(clip: Clip(rect: Rect(x: 0, y: 0, width: 80, height: 32)))
        for y in 0..<64 {
            for x in 160..<320 { XCTAssertEqual(clipped[x, y].packed, 0xFFFF_FFFF) }
            for x in 0..<160 { XCTAssertEqual(clipped[x, y], full[x, y]) }
        }
    }
}
