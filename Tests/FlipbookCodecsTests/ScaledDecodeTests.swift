import FlipbookCodecs
import FlipbookRaster
import FlipbookTestSupport
import Foundation
import XCTest

/// JPEG decoding reduced in the DCT domain (`minimumSize`): the denominator chosen, the sizes,
/// orientation, the pixels against an exact area average, and PNG left alone.
final class ScaledDecodeTests: XCTestCase {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/photos")

    func testDenominatorIsTheLargestThatKeepsTheMinimumSize() throws {
        let path = Fixtures.path("exif-orientation/Landscape_1.jpg") // 1800×1200
        let header = try ImageDecoder.readHeader(fileAtPath: path)
        let cases: [((Int, Int)?, Int)] = [
            (nil, 1), ((1, 1), 8), ((225, 150), 8), ((226, 150), 4), ((225, 151), 4),
            ((450, 300), 4), ((451, 300), 2), ((900, 600), 2), ((900, 601), 1), ((1800, 1200), 1), ((4000, 3000), 1)
        ]
        for (minimum, expected) in cases {
            XCTAssertEqual(
                ImageDecoder.scaleDenominator(for: header, minimumSize: minimum.map { (width: $0.0, height: $0.1) }),
                expected, "minimum \(String(describing: minimum))")
        }
        // Just at and just above the 1/8 threshold: the decoded sizes, never below the minimum.
        let eighth = try ImageDecoder.decode(fileAtPath: path, minimumSize: (225, 150))
        XCTAssertEqual([eighth.width, eighth.height], [225, 150])
        let quarter = try ImageDecoder.decode(fileAtPath: path, minimumSize: (226, 150))
        XCTAssertEqual([quarter.width, quarter.height], [450, 300])
        let full = try ImageDecoder.decode(fileAtPath: path, minimumSize: (901, 600))
        XCTAssertEqual([full.width, full.height], [1800, 1200])
        XCTAssertEqual(full, try ImageDecoder.decode(fileAtPath: path))
    }

    func testScaledSizesRoundUpLikeLibjpeg() throws {
        let path = Self.samples.appendingPathComponent("harvesters_pano.jpg").path // 1165×500
        for (denominator, size) in [(2, [583, 250]), (4, [292, 125]), (8, [146, 63])] {
            let image = try ImageDecoder.decode(fileAtPath: path, minimumSize: (1165 / denominator, 500 / denominator))
            XCTAssertEqual([image.width, image.height], size, "1/\(denominator)")
        }
    }

    /// Orientations 5–8 swap the axes: the minimum is upright, so the stored 1200×1800 picture of
    /// Landscape_6/8 (upright 1800×1200) is compared with 1800×1200. Minimum 150×225 allows 1/8
    /// only for the stored axes (1200 ≥ 8·150, 1800 ≥ 8·225), not the upright ones: 1/4.
    func testOrientationSwapsAxesBeforeChoosing() throws {
        for kind in ["Landscape", "Portrait"] {
            let upright = try ImageDecoder.decode(fileAtPath: Fixtures.path("exif-orientation/\(kind)_1.jpg"))
            let swapped = kind == "Landscape" ? (150, 225) : (225, 150)
            for orientation in [6, 8, 5, 3] {
                let path = Fixtures.path("exif-orientation/\(kind)_\(orientation).jpg")
                let header = try ImageDecoder.readHeader(fileAtPath: path)
                XCTAssertEqual(ImageDecoder.scaleDenominator(for: header, minimumSize: swapped), 4, path)
                let image = try ImageDecoder.decode(fileAtPath: path, minimumSize: swapped)
                XCTAssertEqual([image.width, image.height], [upright.width / 4, upright.height / 4], path)
                let eighth = try ImageDecoder.decode(fileAtPath: path, minimumSize: (upright.width / 8, upright.height / 8))
                XCTAssertEqual([eighth.width, eighth.height], [upright.width / 8, upright.height / 8], path)
                // Same picture as the upright file decoded at 1/8 (within JPEG noise; measured ≤ 2.6).
                let reference = try ImageDecoder.decode(
                    fileAtPath: Fixtures.path("exif-orientation/\(kind)_1.jpg"),
                    minimumSize: (upright.width / 8, upright.height / 8))
                let difference = Fixtures.meanDifference(eighth, reference, step: 3)
                XCTAssertLessThan(difference, 4.5, "\(kind)_\(orientation) at 1/8: mean difference \(difference)")
            }
        }
    }

    /// The DCT-domain reduction against the full decode averaged exactly over d×d blocks.
    func testReducedDecodeMatchesTheAreaAverage() throws {
        let path = Self.samples.appendingPathComponent("petra_pano.jpg").path // 2400×960, multiples of 8
        let full = try ImageDecoder.decode(fileAtPath: path)
        for denominator in [2, 4, 8] {
            let reduced = try ImageDecoder.decode(fileAtPath: path, minimumSize: (2400 / denominator, 960 / denominator))
            XCTAssertEqual([reduced.width, reduced.height], [2400 / denominator, 960 / denominator])
            let quality = psnr(reduced, againstAreaAverageOf: full)
            XCTAssertGreaterThanOrEqual(quality, 35, "1/\(denominator): PSNR \(quality) dB")
        }
    }

    func testPNGIgnoresTheMinimumSize() throws {
        let path = Self.samples.appendingPathComponent("retina.png").path
        let header = try ImageDecoder.readHeader(fileAtPath: path)
        XCTAssertEqual(ImageDecoder.scaleDenominator(for: header, minimumSize: (1, 1)), 1)
        XCTAssertEqual(try ImageDecoder.decode(fileAtPath: path, minimumSize: (1, 1)), try ImageDecoder.decode(fileAtPath: path))
    }

    /// The limit applies to the header's full size even when the decode would be reduced.
    func testLimitStillAppliesToTheFullSize() throws {
        let bytes = DecodeErrorTests.jpegHeader(width: 65000, height: 65000)
        let error = Fixtures.codecError { try ImageDecoder.decode(bytes, name: "huge.jpg", minimumSize: (10, 10)) }
        XCTAssertEqual(error, .tooLarge(path: "huge.jpg", width: 65000, height: 65000, maxPixels: 100_000_000))
        let path = Fixtures.path("exif-orientation/Landscape_1.jpg")
        XCTAssertEqual(
            Fixtures.codecError {
                try ImageDecoder.decode(fileAtPath: path, limits: DecodeLimits(maxPixels: 1_000_000), minimumSize: (225, 150))
            },
            .tooLarge(path: path, width: 1800, height: 1200, maxPixels: 1_000_000))
    }
}

/// A progressive JPEG decoded at 1/8 leaves out the AC scans of the components whose 1×1 IDCT
/// reads only DC: the pixels must be exactly those of decoding every scan, for every JPEG here
/// and every reduction (the others skip nothing), and a file that fails one way fails the other
/// with the same error. (A file whose only damage is inside a scan left out would decode; none
/// of these is decoded at 1/8 — jpeg-decoder's `partial_progressive.jpg`, such a file, is 4×4.)
final class UnusedScanSkippingTests: XCTestCase {
    func testSkippingUnusedScansKeepsEveryPixel() throws {
        var files = try [
            "jpeg/jpeg-decoder", "jpeg/jpeg-decoder/mozilla", "jpeg/libjpeg-turbo", "jpeg/pillow", "jpeg/extra", "exif-orientation",
            "hostile"
        ]
        .flatMap { folder in try Fixtures.files(in: folder, suffix: ".jpg").map { Fixtures.path(folder + "/" + $0) } }
        files += try FileManager.default.contentsOfDirectory(atPath: ScaledDecodeTests.samples.path).filter { $0.hasSuffix(".jpg") }
            .sorted()
            .map { ScaledDecodeTests.samples.appendingPathComponent($0).path }
        var progressiveEighths = 0, damageLeftOut: [String] = []
        for path in files {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            guard let header = try? ImageDecoder.readHeader(bytes, name: path) else { continue }
            for denominator in [1, 2, 4, 8] {
                let minimum = (width: max(1, header.width / denominator), height: max(1, header.height / denominator))
                let skipping = Result { try ImageDecoder.decode(bytes, name: path, minimumSize: minimum) }
                let every = Result { try ImageDecoder.decode(bytes, name: path, minimumSize: minimum, skippingUnusedScans: false) }
                switch (skipping, every) {
                case let (.success(a), .success(b)): XCTAssertEqual(a, b, "\(path) at 1/\(denominator)")
                case let (.failure(a), .failure(b)): XCTAssertEqual("\(a)", "\(b)", "\(path) at 1/\(denominator)")
                case (.success, .failure): damageLeftOut.append("\((path as NSString).lastPathComponent) at 1/\(denominator)")
                case (.failure, .success): XCTFail("\(path) at 1/\(denominator): skipping \(skipping), every scan \(every)")
                }
                if denominator == 8, header.workingBytes > 0, case .success = every { progressiveEighths += 1 }
            }
        }
        XCTAssertGreaterThanOrEqual(progressiveEighths, 8, "progressive files decoded at 1/8")
        XCTAssertEqual(damageLeftOut, [])
    }
}
