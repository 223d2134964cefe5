import FlipbookText
import Foundation
import XCTest

final class ScratchTests: XCTestCase {
    func testScratch() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/fonts").path
        let t0 = Date()
        let fonts = try FontCollection(directory: dir)
        print("collection", Date().timeIntervalSince(t0))
        let typesetter = Typesetter(fonts: fonts) { print("WARN", $0) }
        for text in ["AVATAR To fi", "Hello مرحبا world", "क्षितिज नमस्ते", "你好，世界！", "😀🎉👍🏽🇨🇳👨‍👩‍👧", "สวัสดี", "ሀ x", "★★☆"] {
            let layout = typesetter.layout(text, style: TextStyle(sizePoints: 17))
            print("==", text, layout.size)
            for line in layout.lines { for run in line.runs {
                print("  ", run.font.familyName, run.font.faceIndex, run.isRightToLeft, run.text, run.glyphs.map { "\($0.id)@\(String(format: "%.2f", $0.x))" })
            } }
        }
        let wrapped = typesetter.layout("The quick brown fox jumps over the lazy dog again and again", style: TextStyle(sizePoints: 17), maxWidthPoints: 150, numberOfLines: 0)
        for line in wrapped.lines { print("W", line.text, line.widthPoints, line.baselinePoints) }
        for mode in [TextLayout.LineBreakMode.truncateTail, .truncateHead, .truncateMiddle] {
            let l = typesetter.layout("A very long title that does not fit", style: TextStyle(sizePoints: 17), maxWidthPoints: 150, lineBreakMode: mode)
            print(mode, l.text, l.widthPoints)
        }
        let ar = typesetter.layout("غروب الشمس في القاهرة", style: TextStyle(sizePoints: 17), maxWidthPoints: 100)
        print("AR", ar.text, ar.lines.map { $0.xPoints })
    }
}
