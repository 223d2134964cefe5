import FlipbookGeometry
import FlipbookRaster
import FlipbookText
// Text benchmarks: laying out (itemize, fall back, shape, break) and drawing mixed-script text
// with the fixture fonts, so results do not depend on the host's fonts. Run from the package root.
import Foundation

func textBenchmarks() throws {
    let directory = "Tests/Fixtures/fonts"
    guard FileManager.default.fileExists(atPath: directory) else {
        print("text benchmarks skipped: run from the package root (\(directory) not found)")
        return
    }
    let fonts = try FontCollection(directory: directory)
    let comment =
        "你好，世界！今天的天气真好，我们去公园散步吧。😀 Hello مرحبا world — दिल्ली की एक शाम, "
        + "The quick brown fox jumps over the lazy dog again and again."
    let style = TextStyle(sizePoints: 15)
    // A fresh typesetter per run: its layout cache would otherwise answer every run after the first.
    let layout = Typesetter(fonts: fonts).layout(comment, style: style, maxWidthPoints: 280, numberOfLines: 0)
    let boxPixels = Int(280 * 2 * layout.heightPoints * 2)
    benchmark("text: lay out a 5-line mixed-script comment", pixels: boxPixels, runs: 9) {
        _ = Typesetter(fonts: fonts).layout(comment, style: style, maxWidthPoints: 280, numberOfLines: 0)
    }
    benchmark("text: truncate a long title (tail)", pixels: boxPixels, runs: 9) {
        _ = Typesetter(fonts: fonts).layout(comment, style: TextStyle(sizePoints: 17, weight: .semibold), maxWidthPoints: 200)
    }
    var canvas = Canvas(widthPixels: 600, heightPixels: Int(layout.heightPoints * 2) + 4, scale: 2, background: .transparent)
    benchmark("text: draw that comment @2x (cached masks)", pixels: boxPixels, runs: 9) {
        canvas.draw(layout, at: Point(x: 4, y: 1), color: StraightColor(white: 0))
    }
}
