import FlipbookCodecs
import FlipbookGeometry
import FlipbookRaster
import FlipbookTestSupport
import Foundation
import XCTest

/// A real photo reduced 8× by the compositor against an exact 8×8 area average (PSNR ≥ 35 dB: no visible aliasing).
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

        XCTAssertTrue(canvas.image.pixels.allSatisfy { $0 >> 24 == 255 })
        let quality = psnr(canvas.image, againstAreaAverageOf: photo)
        XCTAssertGreaterThanOrEqual(quality, 35, "PSNR \(quality) dB")
    }

    /// petra_pano.jpg (2400×960) drawn into a push detail frame (375×150 pt at 2×: 750×300 px,
    /// a 3.2:1 reduction) both ways: the full decode with its pyramid (before), and the decode
    /// reduced to 1/2 in the DCT domain (1200×480, the largest reduction keeping 750×300) with
    /// its pyramid (after). Both against an exact area average of the full decode.
    /// Measured: before 38.62 dB, after 38.54 dB.
    func testReducedDecodeDrawsTheDetailFrameAsWellAsTheFullDecode() throws {
        let path = Self.samples.appendingPathComponent("petra_pano.jpg").path
        let full = try ImageDecoder.decode(fileAtPath: path)
        let reduced = try ImageDecoder.decode(fileAtPath: path, minimumSize: (750, 300))
        XCTAssertEqual([reduced.width, reduced.height], [1200, 480])
        let rect = Rect(x: 0, y: 0, width: 375, height: 150)
        func draw(_ pyramid: ImagePyramid) -> PremultipliedImage {
            var canvas = Canvas(widthPixels: 750, heightPixels: 300, scale: 2)
            canvas.draw(pyramid, in: rect, contentMode: .scaleAspectFit)
            return canvas.image
        }
        let before = draw(ImagePyramid(full))
        let after = draw(ImagePyramid(reduced, widthPoints: 2400, heightPoints: 960, reduction: 2))
        let reference = ReferenceImage(areaAverageOf: full, width: 750, height: 300)
        let psnrBefore = psnr(before, against: reference), psnrAfter = psnr(after, against: reference)
        XCTAssertGreaterThanOrEqual(psnrBefore, 35, "before: PSNR \(psnrBefore) dB")
        XCTAssertGreaterThanOrEqual(psnrAfter, 35, "after: PSNR \(psnrAfter) dB")
        XCTAssertGreaterThanOrEqual(psnrAfter, psnrBefore - 0.5, "after \(psnrAfter) dB vs before \(psnrBefore) dB")
        if ProcessInfo.processInfo.environment["FLIPBOOK_PRINT_PSNR"] != nil { print("PSNR before \(psnrBefore) after \(psnrAfter)") }
    }

    /// A reduced decode keeps the file's size for layout: drawn with `center` it covers the same
    /// rect as the full decode (its pixels cover 2×2 points each).
    func testReducedPyramidLaysOutWithTheFileSize() {
        let full = PremultipliedImage(width: 5, height: 3, fill: StraightColor.black.premultipliedPixel)
        let reduced = ImagePyramid(
            PremultipliedImage(width: 3, height: 2, fill: StraightColor.black.premultipliedPixel),
            widthPoints: 5, heightPoints: 3, reduction: 2)
        func draw(_ pyramid: ImagePyramid) -> PremultipliedImage {
            var canvas = Canvas(widthPixels: 9, heightPixels: 7, scale: 1, background: StraightColor.white.premultipliedPixel)
            canvas.draw(pyramid, in: Rect(x: 0, y: 0, width: 9, height: 7), contentMode: .center)
            return canvas.image
        }
        XCTAssertEqual(draw(reduced), draw(ImagePyramid(full)))
    }
}
