import FlipbookCodecs
import FlipbookRaster
import Foundation
import XCTest

final class JPEGDecodeTests: XCTestCase {
    func testIJGReferenceDecodesExactly() throws {
        let reference = try Fixtures.ppm("jpeg/libjpeg-turbo/testimg.ppm")
        for file in ["testorig.jpg", "testprog.jpg"] {
            let image = try ImageDecoder.decode(fileAtPath: Fixtures.path("jpeg/libjpeg-turbo/\(file)"))
            XCTAssertEqual(image, reference, file)
        }
    }

    func testArithmeticProgressiveAndBaselineOfTheSameCoefficientsAgree() throws {
        let baseline = try ImageDecoder.decode(fileAtPath: Fixtures.path("jpeg/libjpeg-turbo/testimgint.jpg"))
        for file in ["testimgari.jpg", "testimgp.jpg"] {
            XCTAssertEqual(try ImageDecoder.decode(fileAtPath: Fixtures.path("jpeg/libjpeg-turbo/\(file)")), baseline, file)
        }
        let gray = try ImageDecoder.decode(fileAtPath: Fixtures.path("jpeg/libjpeg-turbo/testimggray.jpg"))
        XCTAssertEqual(gray.width, 227)
        XCTAssertTrue(gray.pixels.allSatisfy { $0 & 0xFF == ($0 >> 8) & 0xFF && $0 & 0xFF == ($0 >> 16) & 0xFF && $0 >> 24 == 255 })
    }

    /// image-rs/jpeg-decoder reftests (+ Mozilla's): within ±2 of ImageMagick's PNGs. Files with
    /// inconsistent progression (libjpeg warns; data missing) are expected to fail.
    func testJpegDecoderReftests() throws {
        let expectedFailures: Set = ["partial_progressive.jpg", "progressive-missing-dc.jpg"]
        var files = try Fixtures.files(in: "jpeg/jpeg-decoder", suffix: ".jpg")
        files += try Fixtures.files(in: "jpeg/jpeg-decoder/mozilla", suffix: ".jpg").map { "mozilla/" + $0 }
        XCTAssertEqual(files.count, 34)
        for file in files {
            let path = Fixtures.path("jpeg/jpeg-decoder/\(file)")
            if expectedFailures.contains(file) {
                let error = Fixtures.codecError { try ImageDecoder.decode(fileAtPath: path) }
                guard case let .corrupt(errorPath, .jpeg, message)? = error else {
                    XCTFail("\(file): \(String(describing: error))"); continue
                }
                XCTAssertEqual(errorPath, path)
                XCTAssertFalse(message.isEmpty)
                continue
            }
            let image = try ImageDecoder.decode(fileAtPath: path)
            let reference = try ImageDecoder.decode(fileAtPath: String(path.dropLast(4)) + ".png")
            XCTAssertEqual(image.width, reference.width, file)
            XCTAssertEqual(image.height, reference.height, file)
            guard image.width == reference.width, image.height == reference.height else { continue }
            XCTAssertLessThanOrEqual(Fixtures.maxDifference(image, reference), 2, file)
        }
    }

    func testAPNGNamedJpgDecodesAsPNG() throws {
        let path = Fixtures.path("jpeg/jpeg-decoder/mozilla/jpg-size-6x6.jpg")
        XCTAssertEqual(try ImageDecoder.readHeader(fileAtPath: path).format, .png)
    }

    func testAdobeCMYKMatchesReference() throws {
        for name in ["jpg-cmyk-1", "jpg-cmyk-2"] {
            let image = try ImageDecoder.decode(fileAtPath: Fixtures.path("jpeg/jpeg-decoder/mozilla/\(name).jpg"))
            let reference = try ImageDecoder.decode(fileAtPath: Fixtures.path("jpeg/jpeg-decoder/mozilla/\(name).png"))
            XCTAssertLessThanOrEqual(Fixtures.maxDifference(image, reference), 1, name)
        }
    }

    func testYCCKMatchesTheRGBSample() throws {
        let ycck = try ImageDecoder.decode(fileAtPath: Fixtures.path("jpeg/pillow/pil_sample_cmyk.jpg"))
        let rgb = try ImageDecoder.decode(fileAtPath: Fixtures.path("jpeg/pillow/pil_sample_rgb.jpg"))
        XCTAssertEqual(ycck.width, 100)
        // Two separate lossy encodes of one picture: they differ by JPEG noise (mean ≈ 4.7);
        // reading the CMYK without Adobe's inversion would be off by far more.
        XCTAssertLessThan(Fixtures.meanDifference(ycck, rgb, step: 1), 6)
    }

    func testJunkBetweenMarkersIsNotAnError() throws {
        let image = try ImageDecoder.decode(fileAtPath: Fixtures.path("jpeg/pillow/junk_jpeg_header.jpg"))
        XCTAssertEqual(image.width, 1024)
        // Junk after EOI is never read.
        let original = try Fixtures.bytes("jpeg/libjpeg-turbo/testorig.jpg")
        let padded = try ImageDecoder.decode(original + Array("trailing junk".utf8), name: "padded.jpg")
        XCTAssertEqual(padded, try ImageDecoder.decode(original, name: "testorig.jpg"))
    }
}
