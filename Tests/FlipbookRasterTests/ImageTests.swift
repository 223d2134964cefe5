import FlipbookGeometry
import FlipbookRaster
import FlipbookTestSupport
import XCTest

final class ContentModeTests: XCTestCase {
    let bounds = Rect(x: 10, y: 20, width: 100, height: 50)
    let size = Size(width: 40, height: 40)

    func testLayouts() {
        XCTAssertEqual(ContentMode.scaleToFill.imageRect(imageSize: size, in: bounds), bounds)
        XCTAssertEqual(ContentMode.scaleAspectFit.imageRect(imageSize: size, in: bounds), Rect(x: 35, y: 20, width: 50, height: 50))
        XCTAssertEqual(ContentMode.scaleAspectFill.imageRect(imageSize: size, in: bounds), Rect(x: 10, y: -5, width: 100, height: 100))
        XCTAssertEqual(ContentMode.center.imageRect(imageSize: size, in: bounds), Rect(x: 40, y: 25, width: 40, height: 40))
        XCTAssert(ContentMode.scaleAspectFit.imageRect(imageSize: .zero, in: bounds).isEmpty)
        XCTAssert(ContentMode.scaleAspectFill.imageRect(imageSize: size, in: Rect(x: 0, y: 0, width: -1, height: 5)).isEmpty)
    }
}

final class ImageTests: XCTestCase {
    func testOneToOneCopiesPixels() {
        let pixels: [UInt32] = [0xFF00_00FF, 0xFF00_FF00, 0x8000_0080, 0xFFFF_FFFF]
        let pyramid = ImagePyramid(PremultipliedImage(width: 2, height: 2, pixels: pixels))
        var canvas = Canvas(widthPixels: 4, heightPixels: 4, scale: 2)
        canvas.draw(pyramid, in: Rect(x: 0.5, y: 0.5, width: 1, height: 1), contentMode: .scaleToFill)
        XCTAssertEqual(canvas.image.pixels, [0, 0, 0, 0, 0, 0xFF00_00FF, 0xFF00_FF00, 0, 0, 0x8000_0080, 0xFFFF_FFFF, 0, 0, 0, 0, 0])
    }

    func testBilinearUpscaleAndClampToEdge() {
        let pyramid = ImagePyramid(PremultipliedImage(width: 2, height: 1, pixels: [0xFF00_0000, 0xFF00_00FF]))
        var canvas = Canvas(widthPixels: 4, heightPixels: 1, scale: 1)
        canvas.draw(pyramid, in: Rect(x: 0, y: 0, width: 4, height: 1), contentMode: .scaleToFill)
        // u = (x + ½)/2 − ½ = −¼ (clamped), ¼, ¾, 1¼ (clamped): round(255·64/256) = 64, round(255·192/256) = 191.
        XCTAssertEqual(reds(canvas), [[0, 64, 191, 255]])
    }

    func testFourPixelAndSinglePixelPathsAgree() {
        // Clipping the left edge at 0…3 pixels shifts how the row is split into groups of four;
        // every pixel must come out the same, for full weight and for an opacity.
        let photo = ImagePyramid(syntheticPhoto(width: 37, height: 23, seed: 9))
        for opacity in [1.0, 0.6] {
            var reference: Canvas?
            for skip in 0..<4 {
                var canvas = Canvas(widthPixels: 30, heightPixels: 12, scale: 1)
                canvas.draw(
                    photo, in: Rect(x: 0.3, y: 0.6, width: 29.1, height: 11), contentMode: .scaleToFill, opacity: opacity,
                    clip: Clip(rect: Rect(x: Double(skip), y: 0, width: 30, height: 12)))
                if let reference {
                    for y in 0..<12 {
                        for x in 3..<30 { XCTAssertEqual(canvas.image[x, y], reference.image[x, y], "skip \(skip) (\(x), \(y))") }
                    }
                } else {
                    reference = canvas
                }
            }
        }
    }

    func testBilinearMatchesReferenceSampler() {
        // An independent per-pixel implementation of docs/RASTER.md "Images": 16.16 positions
        // stepped from the first column, 8-bit fractions, clamp to edge, a rounded vertical lerp
        // of both columns, then a rounded horizontal lerp. Scales cover the half-way fast path
        // (0.5: every fraction is 128), general fractions and upscaling; the source is
        // translucent and the canvas transparent, so each pixel is the sample itself (scaled by
        // the opacity weight).
        var generator = SplitMix(seed: 11)
        let source = PremultipliedImage(width: 24, height: 18, pixels: (0..<(24 * 18)).map { _ in generator.premultiplied().packed })
        func positions(count: Int, ratio: Double, size: Int, origin: Double) -> [(Int, Int, UInt32)] {
            var u = Int((((0.5 - origin) * ratio - 0.5) * 65536).rounded()), result: [(Int, Int, UInt32)] = []
            let step = Int((ratio * 65536).rounded())
            for _ in 0..<count {
                let whole = u >> 16
                if whole < 0 {
                    result.append((0, 0, 0))
                } else if whole >= size - 1 {
                    result.append((size - 1, size - 1, 0))
                } else {
                    result.append((whole, whole + 1, UInt32((u >> 8) & 255)))
                }
                u += step
            }
            return result
        }
        func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
            (0..<4).reduce(UInt32(0)) { sum, c in
                let x = (a >> (8 * c)) & 255, y = (b >> (8 * c)) & 255
                return sum | ((x * (256 - f) + y * f + 128) >> 8) << (8 * c)
            }
        }
        // Canvas size, then the image rect's origin: 0.5, 0.54, 0.75, 1.3 (all level 0) at the
        // canvas origin, then exact 2:1 reductions (the one-pass pair kernel) at fractional
        // positions: column and row fractions 51/179, 51/128, 128/179, 179/128; those rects
        // cover the whole canvas.
        let cases = [
            (12, 9, 0.0, 0.0), (13, 10, 0, 0), (18, 13, 0, 0), (31, 23, 0, 0),
            (11, 8, -0.35, -0.6), (11, 9, -0.35, 0), (12, 8, 0, -0.6), (7, 9, -0.6, 0)
        ]
        for (width, height, originX, originY) in cases {
            // The 2:1 cases draw the 24×18 source into 12×9 points.
            let imageWidth = originX == 0 && originY == 0 ? Double(width) : 12,
                imageHeight = originX == 0 && originY == 0 ? Double(height) : 9
            let columns = positions(count: width, ratio: 24 / imageWidth, size: 24, origin: originX)
            let rows = positions(count: height, ratio: 18 / imageHeight, size: 18, origin: originY)
            for opacity in [1.0, 0.6] {
                var canvas = Canvas(widthPixels: width, heightPixels: height, scale: 1)
                canvas.draw(
                    ImagePyramid(source), in: Rect(x: originX, y: originY, width: imageWidth, height: imageHeight),
                    contentMode: .scaleToFill, opacity: opacity)
                for (y, row) in rows.enumerated() {
                    for (x, column) in columns.enumerated() {
                        func pixel(_ sx: Int, _ sy: Int) -> UInt32 { source.pixels[sy * 24 + sx] }
                        let left = lerp(pixel(column.0, row.0), pixel(column.0, row.1), row.2)
                        let right = lerp(pixel(column.1, row.0), pixel(column.1, row.1), row.2)
                        let expected = PixelMath.scale(lerp(left, right, column.2), by: PixelMath.weight(opacity))
                        XCTAssertEqual(
                            canvas.image.pixels[y * width + x], expected,
                            "\(width)×\(height) at (\(originX), \(originY)), opacity \(opacity): (\(x), \(y))")
                    }
                }
            }
        }
    }

    func testImageEdgesGetAreaCoverageAndOpacity() {
        let pyramid = ImagePyramid(PremultipliedImage(width: 1, height: 1, fill: StraightColor.white.premultipliedPixel))
        var canvas = Canvas(widthPixels: 3, heightPixels: 1, scale: 1)
        canvas.draw(pyramid, in: Rect(x: 0.25, y: 0, width: 1.5, height: 1), contentMode: .scaleToFill, opacity: 0.5)
        // Coverage 192/256 × opacity 128/256 = 96/256 → round(255·96/256) = 96.
        XCTAssertEqual(alphas(canvas), [[96, 96, 0]])
    }

    func testAspectFillOverflowsUnlessClipped() {
        let pyramid = ImagePyramid(PremultipliedImage(width: 2, height: 1, fill: StraightColor.white.premultipliedPixel))
        let bounds = Rect(x: 1, y: 0, width: 2, height: 2)
        var overflowing = Canvas(widthPixels: 6, heightPixels: 2, scale: 1)
        overflowing.draw(pyramid, in: bounds, contentMode: .scaleAspectFill)
        XCTAssertEqual(alphas(overflowing), [[255, 255, 255, 255, 0, 0], [255, 255, 255, 255, 0, 0]])
        var clipped = Canvas(widthPixels: 6, heightPixels: 2, scale: 1)
        clipped.draw(pyramid, in: bounds, contentMode: .scaleAspectFill, clip: Clip(rect: bounds))
        XCTAssertEqual(alphas(clipped), [[0, 255, 255, 0, 0, 0], [0, 255, 255, 0, 0, 0]])
    }

    func testDegenerateDrawsDoNotCrash() {
        var canvas = Canvas(widthPixels: 4, heightPixels: 4, scale: 1)
        let image = ImagePyramid(PremultipliedImage(width: 3, height: 2, fill: StraightColor.black.premultipliedPixel))
        XCTAssertEqual(ImagePyramid(PremultipliedImage(width: 0, height: 5)).levels.count, 1)
        canvas.draw(
            ImagePyramid(PremultipliedImage(width: 0, height: 5)), in: Rect(x: 0, y: 0, width: 4, height: 4), contentMode: .scaleToFill)
        for rect in [
            Rect(x: 0, y: 0, width: 0, height: 4), Rect(x: .nan, y: 0, width: 4, height: 4), Rect(x: -100, y: -100, width: 10, height: 10),
            Rect(x: 0, y: 0, width: 1e-9, height: 4), Rect(x: -1e300, y: 0, width: 2e300, height: 1e-3)
        ] {
            // .center and .scaleAspectFill legitimately cover the canvas around some of these bounds.
            for mode in [ContentMode.scaleToFill, .scaleAspectFit] { canvas.draw(image, in: rect, contentMode: mode) }
        }
        XCTAssertEqual(alphaSum(canvas), 0)
        // A huge rect still samples sensibly (the image's middle, clamped).
        canvas.draw(image, in: Rect(x: -1e12, y: -1e12, width: 2e12, height: 2e12), contentMode: .scaleToFill)
        XCTAssertEqual(alphaSum(canvas), 16 * 255)
    }

    func testPyramidLevels() {
        let image = PremultipliedImage(width: 5, height: 3, pixels: (0..<15).map { UInt32($0 * 10) | 0xFF00_0000 })
        let pyramid = ImagePyramid(image)
        XCTAssertEqual(pyramid.levels.map { [$0.width, $0.height] }, [[5, 3], [3, 2], [2, 1], [1, 1]])
        // Level 1 pixel (0,0) = round((0 + 10 + 50 + 60)/4) = 30; pixel (2,1) repeats edge pixel 140.
        XCTAssertEqual(pyramid.levels[1][0, 0].red, 30)
        XCTAssertEqual(pyramid.levels[1][2, 1].red, 140)
        XCTAssertEqual(pyramid.levels[1][0, 0].alpha, 255)
    }

    /// Draws `image` reduced by an integer `factor` with scaleToFill into a canvas of the reduced size.
    private func reduce(_ image: PremultipliedImage, by factor: Int) -> PremultipliedImage {
        var canvas = Canvas(widthPixels: image.width / factor, heightPixels: image.height / factor, scale: 1)
        canvas.draw(
            ImagePyramid(image), in: Rect(x: 0, y: 0, width: Double(image.width / factor), height: Double(image.height / factor)),
            contentMode: .scaleToFill)
        return canvas.image
    }

    func testPhotoReducedEightTimesMatchesAreaAverage() {
        let photo = syntheticPhoto(width: 1600, height: 1200)
        let reduced = reduce(photo, by: 8)
        let quality = psnr(reduced, againstAreaAverageOf: photo)
        print("photo 8× reduction PSNR \(quality) dB")
        XCTAssertGreaterThanOrEqual(quality, 35, "PSNR \(quality) dB")
        // Odd reductions between pyramid levels stay close to the area average too.
        XCTAssertGreaterThanOrEqual(psnr(reduce(photo, by: 5), againstAreaAverageOf: photo), 30)
    }

    func testZonePlateDoesNotAlias() {
        // cos(π·r²/N) has a frequency that grows to the Nyquist limit at the border.
        let n = 512
        var pixels = [UInt32](repeating: 0, count: n * n)
        for y in 0..<n {
            for x in 0..<n {
                let dx = Double(x - n / 2), dy = Double(y - n / 2)
                let v = UInt32((127.5 + 127.5 * cos(Double.pi * (dx * dx + dy * dy) / Double(n))).rounded())
                pixels[y * n + x] = v | v << 8 | v << 16 | 0xFF00_0000
            }
        }
        let plate = PremultipliedImage(width: n, height: n, pixels: pixels)
        for factor in [4, 8] {
            let reference = ReferenceImage(areaAverageOf: plate, width: n / factor, height: n / factor)
            let quality = psnr(reduce(plate, by: factor), against: reference)
            // Point sampling (what a plain bilinear draw does at this scale) aliases badly.
            var pointSampled = PremultipliedImage(width: n / factor, height: n / factor)
            for y in 0..<(n / factor) {
                for x in 0..<(n / factor) { pointSampled[x, y] = plate[x * factor + factor / 2, y * factor + factor / 2] }
            }
            let aliased = psnr(pointSampled, against: reference)
            print("zone plate \(factor)×: pyramid \(quality) dB, point sampling \(aliased) dB")
            XCTAssertGreaterThanOrEqual(quality, 30, "factor \(factor): \(quality) dB")
            XCTAssertLessThan(aliased, 15, "factor \(factor): point sampling \(aliased) dB")
        }
    }
}
