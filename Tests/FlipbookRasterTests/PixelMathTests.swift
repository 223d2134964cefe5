import FlipbookRaster
import FlipbookTestSupport
import XCTest

final class PixelMathTests: XCTestCase {
    /// Exact rational rounding of x·a/255 (never a tie because 255 is odd).
    private func exact(_ x: UInt32, _ a: UInt32) -> UInt32 { (2 * x * a + 255) / 510 }

    func testMultiplyDivide255IsExactForAllPairs() {
        for x in UInt32(0)...255 {
            for a in UInt32(0)...255 {
                XCTAssertEqual(PixelMath.multiplyDivide255(x, a), exact(x, a), "x \(x) a \(a)")
            }
        }
    }

    func testSourceOverIsExactForAllValueAlphaPairs() {
        // Destination component v (under an opaque destination), source alpha a with colour 0:
        // D' = 0 + round(v·(255 − a)/255) per channel, and alpha = a + round(255·(255 − a)/255) = 255.
        for v in UInt32(0)...255 {
            let destination = v | v << 8 | v << 16 | 0xFF00_0000
            for a in UInt32(0)...255 {
                let result = PixelMath.sourceOver(a << 24, destination)
                let expected = exact(v, 255 - a)
                XCTAssertEqual(result & 0xFF, expected)
                XCTAssertEqual((result >> 8) & 0xFF, expected)
                XCTAssertEqual((result >> 16) & 0xFF, expected)
                XCTAssertEqual(result >> 24, 255)
            }
        }
    }

    func testSourceOverKeepsPremultipliedInvariant() {
        var generator = SplitMix(seed: 7)
        for _ in 0..<20000 {
            let s = generator.premultiplied(), d = generator.premultiplied()
            let r = PremultipliedPixel(packed: PixelMath.sourceOver(s.packed, d.packed))
            XCTAssert(r.red <= r.alpha && r.green <= r.alpha && r.blue <= r.alpha)
            let expectedAlpha = UInt32(s.alpha) + exact(UInt32(d.alpha), 255 - UInt32(s.alpha))
            XCTAssertEqual(UInt32(r.alpha), expectedAlpha)
            XCTAssertEqual(UInt32(r.red), UInt32(s.red) + exact(UInt32(d.red), 255 - UInt32(s.alpha)))
        }
    }

    func testScaleRoundsHalfUp() {
        for c in UInt32(0)...255 {
            for w in UInt32(0)...256 {
                let pixel = c << 24 | c
                XCTAssertEqual(PixelMath.scale(pixel, by: w), ((c * w + 128) >> 8) << 24 | ((c * w + 128) >> 8))
            }
        }
        XCTAssertEqual(PixelMath.scale(0xFF80_4020, by: 256), 0xFF80_4020)
    }

    func testWeights() {
        XCTAssertEqual(PixelMath.weight(0.5), 128)
        XCTAssertEqual(PixelMath.weight(1.5), 256)
        XCTAssertEqual(PixelMath.weight(-1), 0)
        XCTAssertEqual(PixelMath.weight(.nan), 0)
        for c in UInt32(0)...255 {
            XCTAssertEqual(PixelMath.weight(coverage: c), UInt32((Double(c) * 256 / 255).rounded()))
        }
        XCTAssertEqual(PixelMath.multiplyWeights(256, 256), 256)
        XCTAssertEqual(PixelMath.multiplyWeights(192, 128), 96)
    }
}

final class ColorTests: XCTestCase {
    func testStraightToPremultiplied() {
        XCTAssertEqual(
            StraightColor(red: 1, green: 0.5, blue: 0, alpha: 0.5).premultipliedPixel,
            PremultipliedPixel(red: 128, green: 64, blue: 0, alpha: 128))
        // 0.5·255 = 127.5 → 128 (halves away from zero); then round(128·128/255) = 64.
        XCTAssertEqual(StraightColor.white.premultipliedPixel.packed, 0xFFFF_FFFF)
        XCTAssertEqual(StraightColor.clear.premultipliedPixel, .transparent)
        XCTAssertEqual(
            StraightColor(red: 2, green: -1, blue: .nan, alpha: 7).premultipliedPixel,
            PremultipliedPixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    func testRoundTripStraightPremultipliedStraight() {
        // Every premultiplied pixel survives straight → premultiplied exactly.
        for a in UInt8(0)...255 {
            for c in UInt8(0)...a {
                let p = PremultipliedPixel(red: c, green: c / 2, blue: 0, alpha: a)
                XCTAssertEqual(p.straight.premultiplied, p, "c \(c) a \(a)")
            }
        }
        XCTAssertEqual(
            PremultipliedPixel(red: 64, green: 0, blue: 128, alpha: 128).straight,
            StraightPixel(red: 128, green: 0, blue: 255, alpha: 128))
        XCTAssertEqual(PremultipliedPixel.transparent.straight, StraightPixel(red: 0, green: 0, blue: 0, alpha: 0))
    }

    func testPackedLayout() {
        let p = PremultipliedPixel(red: 1, green: 2, blue: 3, alpha: 4)
        XCTAssertEqual(p.packed, 0x0403_0201)
        XCTAssertEqual([p.red, p.green, p.blue, p.alpha], [1, 2, 3, 4])
    }
}
