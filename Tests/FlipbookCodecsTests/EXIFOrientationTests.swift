import FlipbookCodecs
import FlipbookRaster
import XCTest

/// recurser/exif-orientation-examples: every file, once its orientation is applied, is the
/// same upright picture as *_1.jpg (within JPEG noise: the pixels were stored pre-transformed).
final class EXIFOrientationTests: XCTestCase {
    func testEveryOrientationGivesTheUprightPicture() throws {
        for (kind, size) in [("Landscape", (1800, 1200)), ("Portrait", (1200, 1800))] {
            let upright = try ImageDecoder.decode(fileAtPath: Fixtures.path("exif-orientation/\(kind)_1.jpg"))
            XCTAssertEqual(upright.width, size.0)
            XCTAssertEqual(upright.height, size.1)
            for orientation in 0...8 where orientation != 1 {
                let path = Fixtures.path("exif-orientation/\(kind)_\(orientation).jpg")
                let header = try ImageDecoder.readHeader(fileAtPath: path)
                XCTAssertEqual(
                    header,
                    ImageHeader(
                        format: .jpeg, width: size.0, height: size.1,
                        orientation: orientation == 0 ? 1 : orientation), path)
                let image = try ImageDecoder.decode(fileAtPath: path)
                XCTAssertEqual(image.width, size.0, path)
                XCTAssertEqual(image.height, size.1, path)
                guard image.width == size.0, image.height == size.1 else { continue }
                // Measured: 1.1–1.6 for 0, 2–4 and 3.3–3.7 for 5–8 (the stored picture was
                // subsampled 4:2:0 in the rotated frame); a one-pixel misalignment gives 7–8.
                let difference = Fixtures.meanDifference(image, upright, step: 31)
                XCTAssertLessThan(difference, 4.5, "\(kind)_\(orientation): mean difference \(difference)")
            }
        }
    }

    func testOrientationMapsCornersLikeUIImage() {
        // Stored 3×2: a b c / d e f, with one distinct value per pixel.
        let stored: [UInt32] = [1, 2, 3, 4, 5, 6]
        let expected: [Int: (Int, Int, [UInt32])] = [
            1: (3, 2, [1, 2, 3, 4, 5, 6]),
            2: (3, 2, [3, 2, 1, 6, 5, 4]),
            3: (3, 2, [6, 5, 4, 3, 2, 1]),
            4: (3, 2, [4, 5, 6, 1, 2, 3]),
            5: (2, 3, [1, 4, 2, 5, 3, 6]),
            6: (2, 3, [4, 1, 5, 2, 6, 3]),
            7: (2, 3, [6, 3, 5, 2, 4, 1]),
            8: (2, 3, [3, 6, 2, 5, 1, 4])
        ]
        for (orientation, (width, height, pixels)) in expected {
            let image = PixelConversion.oriented(stored, width: 3, height: 2, orientation: orientation)
            XCTAssertEqual(image, PremultipliedImage(width: width, height: height, pixels: pixels), "orientation \(orientation)")
        }
    }
}
