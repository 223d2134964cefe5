import XCTest
import Foundation
import FlipbookCodecs
import FlipbookGeometry
import FlipbookRaster

/// A real photo reduced 8× by the compositor against an exact 8×8 area average (issue: PSNR ≥ 35 dB).
final class PhotoDownscaleTests: XCTestCase {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/photos")

    func testPhotoReducedEightTimesMatchesTheAreaAverage() throws {
        // 2400×960 → 300×120: exactly 8×8 source pixels per destination pixel.
        let photo = try ImageDecoder.decode(fileAtPath: Self.samples.appendingPathComponent("petra_pano.jpg").path)
        XCTAssertEqual([photo.width, photo.height], [2400, 960])
        let factor = 8
        let width = photo.width / factor, height = photo.height / factor
        var canvas = Canvas(widthPixels: width, heightPixels: height, scale: 1)
        canvas.draw(ImagePyramid(photo), in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), contentMode: .scaleToFill)

        var squaredError = 0.0
        for y in 0..<height {
            for x in 0..<width {
                var sums = [0, 0, 0]
                for sy in 0..<factor {
                    for sx in 0..<factor {
                        let p = photo[x * factor + sx, y * factor + sy]
                        sums[0] += Int(p.red); sums[1] += Int(p.green); sums[2] += Int(p.blue)
                    }
                }
                let drawn = canvas.image[x, y]
                XCTAssertEqual(drawn.alpha, 255)
                for (channel, value) in [drawn.red, drawn.green, drawn.blue].enumerated() {
                    let exact = Double(sums[channel]) / Double(factor * factor)
                    squaredError += (Double(value) - exact) * (Double(value) - exact)
                }
            }
        }
        let mse = squaredError / Double(width * height * 3)
        let psnr = 10 * log10(255 * 255 / mse)
        XCTAssertGreaterThanOrEqual(psnr, 35, "PSNR \(psnr) dB")
    }
}
